#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "session/action_json.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace kpg;
using namespace kpg::app;

namespace {

const char* kValid =
    R"({"v":1,"points":[[1,3,1],[2,1,1],[0,1,-1]],"kernel":{"type":"linear"},"C":"inf","eps":1e-9})";

std::string sessionError(const std::string& text) {
  const SessionParse p = parseSession(text);
  return p.ok() ? std::string() : p.error;
}

// Replaces the first occurrence of `from` in the valid session.
std::string variant(const std::string& from, const std::string& to) {
  std::string s = kValid;
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("Session JSON: a session survives write then read exactly", "[app][session]") {
  LabState lab;
  REQUIRE_FALSE(apply(lab, action::SetLive{false}, false));  // steps from α = 0, replayable
  REQUIRE_FALSE(apply(lab, action::LoadPreset{"moons"}, false));
  REQUIRE_FALSE(apply(lab, action::SetKernel{KernelParams::polynomial(0.7, 1.3, 4)}, false));
  REQUIRE_FALSE(apply(lab, action::SetC{3.3}, false));
  REQUIRE_FALSE(apply(lab, action::SetRule{SelectionRule::FirstOrder}, false));
  REQUIRE_FALSE(apply(lab, action::SetView{ViewWindow{-2.5, 3.25, -1.125, 2}}, false));
  REQUIRE_FALSE(apply(lab, action::Step{7}, false));
  const std::string json = sessionToJson(lab);
  const SessionParse parsed = parseSession(json);
  REQUIRE(parsed.ok());

  LabState copy = makeLabState();
  REQUIRE_FALSE(apply(copy, *parsed.session, false));
  CHECK(copy.data.points == lab.data.points);
  CHECK(copy.data.labels == lab.data.labels);
  CHECK(copy.params.kernel == lab.params.kernel);
  CHECK(copy.params.c == lab.params.c);
  CHECK(copy.params.eps == lab.params.eps);
  CHECK(copy.params.rule == lab.params.rule);
  CHECK(copy.view.xMin == -2.5);
  CHECK(copy.view.yMax == 2);
  CHECK(copy.stepCount() == 7);
  // The replayed solver is the same solver: identical α and gradient.
  CHECK(copy.history->current().alpha() == lab.history->current().alpha());
  CHECK(copy.history->current().gradient() == lab.history->current().gradient());
  CHECK(sessionToJson(copy) == json);
}

TEST_CASE("Session JSON: C = inf (hard margin) is written as \"inf\"", "[app][session]") {
  const LabState lab = makeLabState();
  const std::string json = sessionToJson(lab);
  CHECK(json.find("\"C\":\"inf\"") != std::string::npos);
  const SessionParse p = parseSession(json);
  REQUIRE(p.ok());
  CHECK(std::isinf(p.session->params.c));
}

TEST_CASE("Session JSON: schema errors name the JSON path (W3)", "[app][session]") {
  REQUIRE(sessionError(kValid).empty());
  const std::pair<std::string, std::string> cases[] = {
      {"[1,2]", "$: expected an object"},
      {variant("\"v\":1", "\"v\":2"), "$.v: unsupported session version 2"},
      {variant("\"v\":1", "\"v\":\"1\""), "$.v: unsupported session version"},
      {variant("\"v\":1,", ""), "$.v: missing"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"extra\":1"), "$: unknown key \"extra\""},
      {variant("[2,1,1]", "[2,\"1\",1]"), "$.points[1][1]: expected a number"},
      {variant("[2,1,1]", "[2,1,2]"), "$.points[1][2]: label must be 1 or -1"},
      {variant("[2,1,1]", "[2,1]"), "$.points[1]: expected 3 elements"},
      {variant("[0,1,-1]", "[0,1e7,-1]"), "$.points[2][1]: must be between"},
      {variant("[0,1,-1]", "[0,1e400,-1]"), "number out of range"},
      {variant("[0,1,-1]", "[0,NaN,-1]"), "NaN and Infinity"},
      {variant("\"type\":\"linear\"", "\"type\":\"spline\""), "$.kernel.type: unknown kernel"},
      {variant("\"type\":\"linear\"", "\"type\":\"rbf\",\"gamma\":-1"),
       "$.kernel.gamma: must be between"},
      {variant("\"type\":\"linear\"", "\"type\":\"rbf\",\"sigma\":1"),
       "$.kernel: unknown key \"sigma\""},
      {variant("\"type\":\"linear\"", "\"type\":\"polynomial\",\"degree\":2.5"),
       "$.kernel.degree: expected a whole number"},
      {variant("\"C\":\"inf\"", "\"C\":1e300"), "$.C: C must be between"},
      {variant("\"C\":\"inf\"", "\"C\":-1"), "$.C: C must be between"},
      {variant("\"C\":\"inf\"", "\"C\":null"), "$.C: expected a number or \"inf\""},
      {variant("\"C\":\"inf\",", ""), "$.C: missing"},
      {variant("\"eps\":1e-9", "\"eps\":0"), "$.eps: must be between"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"step\":-1"), "$.step: must be between"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"step\":1.5"), "$.step: expected a whole number"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"rule\":\"third\""), "$.rule: must be"},
      {variant("\"eps\":1e-9",
               "\"eps\":1e-9,\"view\":{\"xMin\":1,\"xMax\":0,\"yMin\":0,\"yMax\":1}"),
       "$.view: xMax must exceed xMin"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"preset\":\"" + std::string(100, 'p') + "\""),
       "$.preset: longer than 64"},
      {variant("\"eps\":1e-9", "\"eps\":1e-9,\"eps\":1"), "duplicate key \"eps\""},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    CHECK(sessionError(text).find(message) != std::string::npos);
  }
}

TEST_CASE("Session JSON: 10^6 points are refused, 5000 accepted (W3)", "[app][session]") {
  std::string many = R"({"v":1,"kernel":{"type":"linear"},"C":1,"eps":0.001,"points":[)";
  for (int i = 0; i < 5001; ++i) many += (i ? ",[" : "[") + std::to_string(i % 7) + ",1,1]";
  CHECK(sessionError(many + "]}").find("$.points: expected at most 5000 elements") !=
        std::string::npos);
  std::string million = R"({"v":1,"points":[)";
  for (int i = 0; i < 1000000; ++i) million += i ? ",[0,0,1]" : "[0,0,1]";
  million += "]}";
  // 8 MB of text: refused by the reader's size limit before any point is built.
  CHECK(sessionError(million).find("bytes") != std::string::npos);
  std::string ok = R"({"v":1,"kernel":{"type":"linear"},"C":1,"eps":0.001,"points":[)";
  for (int i = 0; i < 5000; ++i) ok += (i ? ",[" : "[") + std::to_string(i % 7) + ",1,1]";
  CHECK(sessionError(ok + "]}").empty());
}

TEST_CASE("Session JSON: a bad session changes nothing (loadSession)", "[app][session]") {
  LabState lab = makeLabState();
  REQUIRE_FALSE(apply(lab, action::Step{1}, false));
  const std::string before = sessionToJson(lab);
  const std::string bad[] = {
      variant("[2,1,1]", "[2,1,5]"),
      std::string(100000, '['),
      variant("\"v\":1", "\"v\":9"),
  };
  for (const std::string& text : bad) {
    const std::string result =
        dispatchJson(lab, R"({"type":"loadSession","json":)" + jsonQuote(text) + "}");
    CHECK(result.find("\"ok\":false") != std::string::npos);
    CHECK(sessionToJson(lab) == before);
  }
}

TEST_CASE("Share link: base64url round trip over all byte values", "[app][session]") {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  for (std::size_t n = 0; n <= bytes.size(); n += 37) {
    const std::string encoded = base64UrlEncode(bytes.substr(0, n));
    CHECK(encoded.find_first_not_of(
              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
          std::string::npos);
    std::string error;
    const auto decoded = base64UrlDecode(encoded, error);
    REQUIRE(decoded);
    CHECK(*decoded == bytes.substr(0, n));
  }
  // RFC 4648 §10 test vectors (base64url differs only in '-' '_' and omitted padding).
  CHECK(base64UrlEncode("f") == "Zg");
  CHECK(base64UrlEncode("fo") == "Zm8");
  CHECK(base64UrlEncode("foo") == "Zm9v");
  CHECK(base64UrlEncode("foobar") == "Zm9vYmFy");
  CHECK(base64UrlEncode("\xfb\xff") == "-_8");
}

TEST_CASE("Share link: the session round trips through #s=...", "[app][session]") {
  LabState lab;
  REQUIRE_FALSE(apply(lab, action::LoadPreset{"circles"}, false));
  REQUIRE_FALSE(apply(lab, action::Step{5}, false));
  const std::string hash = shareHash(lab);
  REQUIRE(hash.rfind("#s=", 0) == 0);
  const ShareLinkParse link = parseShareHash(hash);
  REQUIRE(link.present);
  REQUIRE(link.ok());
  LabState copy = makeLabState();
  REQUIRE_FALSE(apply(copy, *link.session, false));
  CHECK(sessionToJson(copy) == sessionToJson(lab));
  CHECK(copy.history->current().alpha() == lab.history->current().alpha());
}

TEST_CASE("Share link: corrupt links are refused with a reason (W1)", "[app][session]") {
  const LabState lab = makeLabState();
  const std::string good = shareHash(lab);
  CHECK_FALSE(parseShareHash("").present);
  CHECK_FALSE(parseShareHash("#section-2").present);

  const ShareLinkParse badChar = parseShareHash("#s=abc*def");
  CHECK(badChar.present);
  CHECK(badChar.error.find("not valid base64url (character '*' at position 3)") !=
        std::string::npos);
  CHECK(parseShareHash("#s=abcd%20").error.find("not valid base64url") != std::string::npos);
  CHECK(parseShareHash("#s=abcde").error.find("truncated") != std::string::npos);
  // Cut in the middle: the JSON ends early.
  const ShareLinkParse cut = parseShareHash(good.substr(0, good.size() / 2));
  CHECK_FALSE(cut.ok());
  CHECK(cut.error.find("truncated") != std::string::npos);
  // Another version.
  const std::string v2 = "#s=" + base64UrlEncode(variant("\"v\":1", "\"v\":2"));
  CHECK(parseShareHash(v2).error.find("unsupported session version 2") != std::string::npos);
  // 10 MB: refused by length before decoding.
  const std::string huge = "#s=" + std::string(10u << 20, 'A');
  const ShareLinkParse big = parseShareHash(huge);
  CHECK(big.error.find("too long") != std::string::npos);
  CHECK(parseShareHash("#s=").error.find("no session") != std::string::npos);
}
