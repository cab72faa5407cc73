#include "data/number_text.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

using namespace kpg;

TEST_CASE("Number text: decimal and scientific forms are read, with a leading sign", "[data]") {
  const auto [text, expected] = GENERATE(table<std::string, double>({
      {"0.5", 0.5},
      {"+1", 1.0},
      {"-3", -3.0},
      {".25", 0.25},
      {"2.", 2.0},
      {"1.5e-3", 1.5e-3},
      {"1E+2", 100.0},
      {"1e-400", 0.0},  // underflow to 0 is kept, as strtod and LIBSVM do
  }));
  const NumberParse p = parseDecimal(text);
  CHECK(p.status == NumberStatus::Ok);
  CHECK(p.value == expected);
}

TEST_CASE("Number text: hex, decimal comma, separators and non-finite forms are refused (D15, D4)",
          "[data]") {
  const auto [text, status] = GENERATE(table<std::string, NumberStatus>({
      {"0x1p3", NumberStatus::HexFloat},
      {"0X10", NumberStatus::HexFloat},
      {"0,5", NumberStatus::DecimalComma},
      {"1_000", NumberStatus::DigitSeparator},
      {"nan", NumberStatus::NotFinite},
      {"-inf", NumberStatus::NotFinite},
      {"Infinity", NumberStatus::NotFinite},
      {"1e400", NumberStatus::NotFinite},
      {"-1e999", NumberStatus::NotFinite},
      {"1.5.2", NumberStatus::Malformed},
      {"abc", NumberStatus::Malformed},
      {" 1", NumberStatus::Malformed},
      {"1e", NumberStatus::Malformed},
      {"+", NumberStatus::Malformed},
      {".", NumberStatus::Malformed},
      {"", NumberStatus::Empty},
  }));
  CHECK(parseDecimal(text).status == status);
  CHECK_FALSE(numberHint(status).empty());
}

TEST_CASE("Number text: the shortest form reads back exactly", "[data]") {
  CHECK(formatDouble(0.5) == "0.5");
  CHECK(formatDouble(0.1) == "0.1");
  CHECK(formatDouble(-3) == "-3");
  CHECK(formatDouble(1e-300) == "1e-300");
  const double values[] = {1.0 / 3.0,
                           2.0 / 3.0,
                           std::nextafter(1.0, 2.0),
                           5e-324,
                           std::numeric_limits<double>::max(),
                           -0.30000000000000004};
  for (double v : values) {
    const std::string s = formatDouble(v);
    INFO(s);
    CHECK(std::strtod(s.c_str(), nullptr) == v);
    CHECK(s.size() <= 24);
  }
  CHECK(formatDouble(1.0 / 3.0) == "0.3333333333333333");
}

TEST_CASE("Number text: the display form rounds, never shows -0 and names infinity", "[data]") {
  CHECK(formatDisplay(0.1 + 0.2) == "0.3");
  CHECK(formatDisplay(2.0 / 3.0, 3) == "0.667");
  CHECK(formatDisplay(-1.5) == "-1.5");
  CHECK(formatDisplay(-0.0) == "0");
  CHECK(formatDisplay(-1e-12, 3) == "-1e-12");
  CHECK(formatDisplay(123456789.0, 4) == "1.235e+08");
  CHECK(formatDisplay(std::numeric_limits<double>::infinity()) == "\u221e");
  CHECK(formatDisplay(-std::numeric_limits<double>::infinity()) == "\u2212\u221e");
  CHECK(formatDisplay(std::nan("")) == "nan");
  CHECK(formatDisplay(1.0 / 3.0, 0) == "0.3");                   // clamped to one digit
  CHECK(formatDisplay(1.0 / 3.0, 40) == "0.33333333333333331");  // clamped to 17
  CHECK(formatExact(0.1) == formatDouble(0.1));
}

TEST_CASE("Number text: the short form has 4 digits, a real minus and a dash for NaN", "[data]") {
  CHECK(formatShort(2.0 / 3.0) == "0.6667");
  CHECK(formatShort(-2.0 / 3.0) == "\u22120.6667");
  CHECK(formatShort(-0.0) == "0");
  CHECK(formatShort(-1e-20) == "\u22121e-20");
  CHECK(formatShort(123456.0) == "1.235e+05");
  CHECK(formatShort(std::nan("")) == "\u2014");
  CHECK(formatShort(-std::numeric_limits<double>::infinity()) == "\u2212\u221e");
}

TEST_CASE("Number text: indices above the limit overflow instead of wrapping (D10)", "[data]") {
  long long value = 0;
  bool overflow = false;
  CHECK(parseUnsigned("2147483647", 2147483647, value, overflow));
  CHECK_FALSE(overflow);
  CHECK(value == 2147483647);
  CHECK(parseUnsigned("2147483648", 2147483647, value, overflow));
  CHECK(overflow);
  CHECK(parseUnsigned("123456789012345678901234567890", 2147483647, value, overflow));
  CHECK(overflow);
  CHECK_FALSE(parseUnsigned("12a", 2147483647, value, overflow));
  CHECK_FALSE(parseUnsigned("", 2147483647, value, overflow));
}
