// The JSON leaves (data/json_text.hpp), the value writer (data/json_writer.hpp) and the one JSON
// form of an SMO step (data/smo_step_json.hpp). Expected texts are RFC 8259's escapes, C's %g
// forms and the `kpg trace` line format as documented in src/cli/trace_command.cpp.
#include "data/json_text.hpp"
#include "data/json_writer.hpp"
#include "data/smo_step_json.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

using namespace kpg;

TEST_CASE("JSON text: every control character is escaped (RFC 8259 §7)", "[data][json]") {
  for (int c = 0; c < 0x20; ++c) {
    const std::string quoted = jsonQuote(std::string(1, static_cast<char>(c)));
    INFO("control character " << c);
    std::string expected;
    switch (c) {
      case '\n':
        expected = "\"\\n\"";
        break;
      case '\r':
        expected = "\"\\r\"";
        break;
      case '\t':
        expected = "\"\\t\"";
        break;
      default: {
        static const char* hex = "0123456789abcdef";
        expected = std::string("\"\\u00") + hex[c >> 4] + hex[c & 15] + "\"";
      }
    }
    CHECK(quoted == expected);
    // Nothing below 0x20 is left raw between the quotes.
    for (std::size_t k = 1; k + 1 < quoted.size(); ++k)
      CHECK(static_cast<unsigned char>(quoted[k]) >= 0x20);
  }
  CHECK(jsonQuote("say \"hi\"\\") == "\"say \\\"hi\\\"\\\\\"");
  // A NUL inside a string_view is a character like any other.
  CHECK(jsonQuote(std::string("a\0b", 3)) == "\"a\\u0000b\"");
}

TEST_CASE("JSON text: UTF-8 passes through byte for byte", "[data][json]") {
  // α (2 bytes), ∞ (3 bytes), 𝔼 (4 bytes), DEL (not a control character in JSON).
  const std::string text = "\xCE\xB1 \xE2\x88\x9E \xF0\x9D\x94\xBC \x7F";
  CHECK(jsonQuote(text) == "\"" + text + "\"");
}

TEST_CASE("JSON text: numbers are the shortest decimal that reads back exactly", "[data][json]") {
  const auto [value, text] = GENERATE(table<double, std::string>({
      {0.1, "0.1"},
      {0.1 + 0.2, "0.30000000000000004"},  // 17 digits are needed
      {1.0 / 3.0, "0.3333333333333333"},   // 16
      {-2.5, "-2.5"},
      {100, "100"},
      {1e300, "1e+300"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
  }));
  INFO(value);
  CHECK(jsonNumber(value) == text);
  CHECK(std::strtod(text.c_str(), nullptr) == value);
}

TEST_CASE("JSON text: the one policy for infinity and NaN", "[data][json]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(jsonNumber(inf) == "\"inf\"");
  CHECK(jsonNumber(-inf) == "\"-inf\"");
  CHECK(jsonNumber(std::nan("")) == "null");
  // The same through the value writer, in arrays and objects.
  JsonValue o = JsonValue::object();
  json::put(o, "C", json::num(inf));
  Vector v(3);
  v << -inf, std::nan(""), 0.5;
  json::put(o, "v", json::vec(v));
  CHECK(writeJson(o) == R"({"C":"inf","v":["-inf",null,0.5]})");
}

TEST_CASE("JSON writer: a value tree is written compactly, in insertion order", "[data][json]") {
  JsonValue o = JsonValue::object();
  json::put(o, "b", json::boolean(true));
  json::put(o, "a", JsonValue::null());
  JsonValue nested = JsonValue::array();
  nested.items().push_back(JsonValue::array());
  nested.items().push_back(JsonValue::object());
  nested.items().push_back(json::str("x\ny"));
  json::put(o, "n", std::move(nested));
  json::put(o, "k", json::integer(9007199254740991));  // 2^53 − 1 is exact
  json::put(o, "l", json::list(std::vector<int>{3, -1}));
  CHECK(writeJson(o) ==
        R"({"b":true,"a":null,"n":[[],{},"x\ny"],"k":9007199254740991,"l":[3,-1]})");
  REQUIRE(o.find("k") != nullptr);
  CHECK(o.find("k")->asNumber() == 9007199254740991.0);
  CHECK(o.find("missing") == nullptr);
}

namespace {

SmoStep sampleStep() {
  SmoStep s;
  s.updated = true;
  s.iteration = 3;
  s.status = SmoStatus::Running;
  s.i = 2;
  s.j = 5;
  s.mAlpha = 1.5;
  s.bigMAlpha = -std::numeric_limits<double>::infinity();
  s.violation = std::numeric_limits<double>::infinity();
  s.gradientI = -1;
  s.gradientJ = 0.25;
  s.secondOrderGain = -0.125;
  s.eta = 2;
  s.tauUsed = false;
  s.lower = 0;
  s.upper = 10;
  s.unclippedStep = 0.75;
  s.step = 0.5;
  s.alphaIBefore = 0;
  s.alphaIAfter = 0.5;
  s.alphaJBefore = 1;
  s.alphaJAfter = 0.5;
  s.objectiveBefore = -1;
  s.objectiveAfter = -1.25;
  return s;
}

}  // namespace

TEST_CASE("SmoStep JSON: one form, the state()'s keys and the trace's keys", "[data][json]") {
  const SmoStep s = sampleStep();
  CHECK(writeJson(smoStepJson(s)) ==
        R"({"updated":true,"iteration":3,"status":"running","i":2,"j":5,"mAlpha":1.5,)"
        R"("bigMAlpha":"-inf","violation":"inf","gradientI":-1,"gradientJ":0.25,)"
        R"("secondOrderGain":-0.125,"eta":2,"tauUsed":false,"lower":0,"upper":10,)"
        R"("unclippedStep":0.75,"step":0.5,"alphaIBefore":0,"alphaIAfter":0.5,"alphaJBefore":1,)"
        R"("alphaJAfter":0.5,"objectiveBefore":-1,"objectiveAfter":-1.25})");
  // `kpg trace`'s step line (trace_command.cpp's field order and names), sample rows after j.
  CHECK(writeJson(smoTraceStepJson(1, s, 2, 0)) ==
        R"({"type":"step","subproblem":1,"updated":true,"iteration":3,"status":"running",)"
        R"("i":2,"j":5,"sample_i":2,"sample_j":0,"m_alpha":1.5,"M_alpha":"-inf",)"
        R"("violation":"inf","gradient_i":-1,"gradient_j":0.25,"second_order_gain":-0.125,)"
        R"("eta":2,"tau_used":false,"lower":0,"upper":10,"unclipped_step":0.75,"step":0.5,)"
        R"("alpha_i_before":0,"alpha_i_after":0.5,"alpha_j_before":1,"alpha_j_after":0.5,)"
        R"("objective_before":-1,"objective_after":-1.25})");
}
