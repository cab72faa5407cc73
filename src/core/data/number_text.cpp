#include "data/number_text.hpp"

#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace kpg {

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// The radix character strtod and snprintf use in the current C locale: '.' unless a program
// called setlocale with a locale such as de_DE (then ',').
char localeRadix() {
  const std::lconv* conv = std::localeconv();
  return (conv && conv->decimal_point && conv->decimal_point[0]) ? conv->decimal_point[0] : '.';
}

// Classifies why a token that is not a plain decimal number was rejected, for the hint.
NumberStatus classifyRejected(std::string_view text) {
  std::string_view body = text;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
  if (equalsIgnoreCase(body, "nan") || equalsIgnoreCase(body, "inf") ||
      equalsIgnoreCase(body, "infinity"))
    return NumberStatus::NotFinite;
  if (body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
    return NumberStatus::HexFloat;
  bool digits = false;
  for (char c : body) digits = digits || isDigit(c);
  if (digits && body.find(',') != std::string_view::npos) return NumberStatus::DecimalComma;
  if (digits &&
      (body.find('_') != std::string_view::npos || body.find('\'') != std::string_view::npos))
    return NumberStatus::DigitSeparator;
  return NumberStatus::Malformed;
}

}  // namespace

NumberParse parseDecimal(std::string_view text) {
  if (text.empty()) return {NumberStatus::Empty, 0.0};
  // Grammar check by hand: strtod alone would accept hex, "nan", "inf" and leading spaces.
  std::size_t i = 0;
  const std::size_t n = text.size();
  if (text[i] == '+' || text[i] == '-') ++i;
  std::size_t intDigits = 0;
  while (i < n && isDigit(text[i])) ++i, ++intDigits;
  std::size_t radixAt = n;
  std::size_t fracDigits = 0;
  if (i < n && text[i] == '.') {
    radixAt = i++;
    while (i < n && isDigit(text[i])) ++i, ++fracDigits;
  }
  bool valid = intDigits + fracDigits > 0;
  if (valid && i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < n && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t expDigits = 0;
    while (i < n && isDigit(text[i])) ++i, ++expDigits;
    valid = expDigits > 0;
  }
  if (!valid || i != n) return {classifyRejected(text), 0.0};

  // A token is at most a line long; numbers longer than this are kept on the heap.
  char stackBuffer[128];
  std::string heapBuffer;
  char* buffer = stackBuffer;
  if (n + 1 > sizeof stackBuffer) {
    heapBuffer.assign(text);
    buffer = heapBuffer.data();
  } else {
    std::memcpy(stackBuffer, text.data(), n);
    stackBuffer[n] = '\0';
  }
  if (radixAt != n) buffer[radixAt] = localeRadix();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(buffer, &end);
  if (end != buffer + n) return {NumberStatus::Malformed, 0.0};
  // ERANGE with a finite result is underflow to 0 or a subnormal: kept, as LIBSVM does.
  if (!std::isfinite(value)) return {NumberStatus::NotFinite, value};
  return {NumberStatus::Ok, value};
}

std::string numberHint(NumberStatus status) {
  switch (status) {
    case NumberStatus::Ok:
      return "";
    case NumberStatus::Empty:
      return "write a number here";
    case NumberStatus::Malformed:
      return "write a decimal number such as 0.5, -3 or 1.5e-3";
    case NumberStatus::HexFloat:
      return "hexadecimal numbers are not accepted; write the decimal form (0x1p3 is 8)";
    case NumberStatus::DecimalComma:
      return "use '.' as the decimal point (0.5, not 0,5)";
    case NumberStatus::DigitSeparator:
      return "remove the digit separators (1000, not 1_000)";
    case NumberStatus::NotFinite:
      return "every value must be a finite number; remove or impute the sample";
  }
  return "";
}

bool parseUnsigned(std::string_view text, long long max, long long& value, bool& overflow) {
  overflow = false;
  value = 0;
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  for (char c : text) {
    if (!isDigit(c)) return false;
    if (!overflow) {
      const int digit = c - '0';
      if (value > (max - digit) / 10) {
        overflow = true;
      } else {
        value = value * 10 + digit;
      }
    }
  }
  return true;
}

std::string formatDouble(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[40];
  const char radix = localeRadix();
  // Starting at 15 digits (DBL_DIG) is enough for the shortest form: any decimal of at most 15
  // significant digits survives decimal → double → decimal, and %g drops the trailing zeros.
  for (int precision = 15; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    // strtod in the same locale is the exact inverse of snprintf's output.
    if (std::strtod(buffer, nullptr) == value) break;
  }
  if (radix != '.') {
    for (char* p = buffer; *p; ++p)
      if (*p == radix) *p = '.';
  }
  return buffer;
}

std::string formatDisplay(double value, int significantDigits) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "\u221e" : "\u2212\u221e";
  if (significantDigits < 1) significantDigits = 1;
  if (significantDigits > 17) significantDigits = 17;
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", significantDigits, value + 0.0);
  // A value that rounds to zero at this precision keeps its sign in %g ("-0"); people read 0.
  // (strtod reads snprintf's output in the same locale, before the radix is mapped.)
  if (std::strtod(buffer, nullptr) == 0.0) return "0";
  const char radix = localeRadix();
  if (radix != '.') {
    for (char* p = buffer; *p; ++p)
      if (*p == radix) *p = '.';
  }
  return buffer;
}

std::string formatShort(double value) {
  if (std::isnan(value)) return "\u2014";
  std::string text = formatDisplay(value, 4);
  if (text[0] == '-') text = "\u2212" + text.substr(1);
  return text;
}

std::string formatPrintfG(double value, int digits) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  return formatDisplay(value, digits);
}

std::string subscript(int number) {
  static const char* const kDigits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
  if (number < 0) return "₋" + subscript(-number);
  std::string digits = std::to_string(number);
  std::string text;
  for (char c : digits) text += kDigits[c - '0'];
  return text;
}

std::string superscript(int number) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  if (number < 0) return "⁻" + superscript(-number);
  std::string digits = std::to_string(number);
  std::string text;
  for (char c : digits) text += kDigits[c - '0'];
  return text;
}

}  // namespace kpg
