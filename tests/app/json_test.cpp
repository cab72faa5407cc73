#include "io/json.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace kpg::app;

namespace {
std::string errorOf(std::string_view text) {
  const JsonParse p = parseJson(text);
  return p.ok() ? std::string() : p.error.message;
}
}  // namespace

TEST_CASE("parseJson: reads every JSON value kind", "[app][json]") {
  const JsonParse p = parseJson(
      " {\"a\": [1, -2.5e3, 0, -0.0, 1E+2], \"b\": {\"c\": null, \"d\": true, \"e\": false},"
      " \"s\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"} ");
  REQUIRE(p.ok());
  const JsonValue& v = *p.value;
  REQUIRE(v.isObject());
  const auto& a = v.find("a")->items();
  REQUIRE(a.size() == 5);
  CHECK(a[0].asNumber() == 1);
  CHECK(a[1].asNumber() == -2500);
  CHECK(a[3].asNumber() == 0);
  CHECK(std::signbit(a[3].asNumber()));
  CHECK(a[4].asNumber() == 100);
  CHECK(v.find("b")->find("c")->isNull());
  CHECK(v.find("b")->find("d")->asBool());
  CHECK_FALSE(v.find("b")->find("e")->asBool());
  // é is C3 A9 in UTF-8; U+1F600 is the surrogate pair D83D DE00 → F0 9F 98 80.
  CHECK(v.find("s")->asString() == "x\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80");
}

TEST_CASE("parseJson: numbers written and read back are bit-identical", "[app][json]") {
  for (double x : {0.1, 1.0 / 3.0, -2.2250738585072014e-308, 1.7976931348623157e308, 5e-324,
                   123456789.123456789, -0.0, 1e21, 0.30000000000000004}) {
    const std::string text = writeJson(JsonValue::number(x));
    const JsonParse p = parseJson(text);
    REQUIRE(p.ok());
    CHECK(p.value->asNumber() == x);
    CHECK(std::signbit(p.value->asNumber()) == std::signbit(x));
  }
}

TEST_CASE("parseJson: nesting 100 000 levels deep is an error, not a crash (W2)", "[app][json]") {
  const std::string deep(100000, '[');
  CHECK(errorOf(deep).find("nesting deeper than 64") != std::string::npos);
  const std::string deepObjects = [] {
    std::string s;
    for (int i = 0; i < 100000; ++i) s += "{\"a\":";
    return s;
  }();
  CHECK(errorOf(deepObjects).find("nesting deeper than 64") != std::string::npos);
  // 64 levels are fine, 65 are not.
  CHECK(parseJson(std::string(64, '[') + std::string(64, ']')).ok());
  CHECK_FALSE(parseJson(std::string(65, '[') + std::string(65, ']')).ok());
}

TEST_CASE("parseJson: rejects what JSON does not allow (W3)", "[app][json]") {
  const std::pair<const char*, const char*> cases[] = {
      {"{\"a\":1,\"a\":2}", "duplicate key"},
      {"[NaN]", "NaN and Infinity"},
      {"[Infinity]", "NaN and Infinity"},
      {"[1e400]", "out of range"},
      {"[-1e400]", "out of range"},
      {"[01]", "leading zero"},
      {"[1.]", "malformed"},
      {"[.5]", "unexpected character"},
      {"[+1]", "unexpected character"},
      {"[0x10]", "expected ',' or ']'"},
      {"[1,]", "unexpected character"},
      {"{\"a\":1,}", "expected a string key"},
      {"{a:1}", "expected a string key"},
      {"[1 2]", "expected ','"},
      {"\"abc", "unterminated"},
      {"\"a\tb\"", "control character"},
      {"\"\\x\"", "unknown escape"},
      {"\"\\ud800\"", "unpaired surrogate"},
      {"\"\\udc00\"", "unpaired surrogate"},
      {"\"\xC0\xAF\"", "invalid UTF-8"},
      {"\"\xFF\"", "invalid UTF-8"},
      {"\"\xED\xA0\x80\"", "invalid UTF-8"},
      {"[1] x", "after the JSON value"},
      {"", "unexpected end"},
      {"[", "unexpected end"},
      {"{\"a\":", "unexpected end"},
      {"tru", "unexpected character"},
  };
  for (const auto& [text, message] : cases) {
    INFO(text);
    CHECK(errorOf(text).find(message) != std::string::npos);
  }
}

TEST_CASE("parseJson: size limits", "[app][json]") {
  std::string big = "\"" + std::string(kMaxJsonBytes, 'a') + "\"";
  CHECK(errorOf(big).find("bytes") != std::string::npos);
  std::string many = "[";
  for (std::size_t i = 0; i < kMaxJsonValues + 1; ++i) many += i ? ",0" : "0";
  many += "]";
  CHECK(errorOf(many).find("more than") != std::string::npos);
}

TEST_CASE("parseJson: error offsets point at the problem", "[app][json]") {
  const JsonParse p = parseJson("{\"a\": [1, 2, x]}");
  REQUIRE_FALSE(p.ok());
  CHECK(p.error.offset == 13);
}

TEST_CASE("jsonQuote: user text is escaped, control characters as \\u", "[app][json]") {
  CHECK(jsonQuote("<img src=x onerror=alert(1)>\"\n\x01") ==
        "\"<img src=x onerror=alert(1)>\\\"\\n\\u0001\"");
  const JsonParse p = parseJson(jsonQuote("a\"b\\c\x1f"));
  REQUIRE(p.ok());
  CHECK(p.value->asString() == "a\"b\\c\x1f");
}
