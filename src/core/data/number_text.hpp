#pragma once
// Numbers in text files, read and written the same way in every locale (docs/bad-inputs.md
// D15, D16; LIBSVM calls setlocale(LC_ALL, "C") around its own I/O for the same reason,
// svm.cpp:2765). Accepted: [+-]digits[.digits][(e|E)[+-]digits] and [+-].digits..., the forms
// LIBSVM and every spreadsheet write. Rejected with a hint: hexadecimal floats (0x1p3), a decimal
// comma (0,5), digit separators (1_000), and nan/inf, which are not data.
//
// std::from_chars for double is not in the libc++ that Emscripten 3.1.6 ships, so conversion is
// strtod on a syntax-checked copy with the locale's radix character substituted (the approach of
// cJSON's parse_number); formatting is snprintf with the radix mapped back to '.'.

#include <string>
#include <string_view>

namespace kpg {

enum class NumberStatus {
  Ok,
  Empty,
  Malformed,
  HexFloat,        // 0x1p3
  DecimalComma,    // 0,5
  DigitSeparator,  // 1_000 or 1'000
  NotFinite,       // nan, inf, or a value that overflows double (1e400)
};

struct NumberParse {
  NumberStatus status = NumberStatus::Empty;
  double value = 0.0;
};

NumberParse parseDecimal(std::string_view text);

// A sentence fragment saying what to do about a rejected number, e.g. "write 0.5 instead of 0,5".
std::string numberHint(NumberStatus status);

// Parses a non-negative decimal integer (digits only, optional leading '+'); `overflow` is set if
// the value exceeds `max`. Returns false for anything that is not all digits.
bool parseUnsigned(std::string_view text, long long max, long long& value, bool& overflow);

// The shortest text that strtod reads back to exactly `value` (at most 17 significant digits),
// with '.' as radix in every locale. Non-finite values print as "nan"/"inf"/"-inf".
std::string formatDouble(double value);

// The exact, round-trip form: formatDouble under the name the writers of files and JSON use.
inline std::string formatExact(double value) {
  return formatDouble(value);
}

// A number for people: `significantDigits` (1..17) significant digits in %g style, '.' as radix
// in every locale, no "-0" (a negative zero or a value that rounds to zero prints as "0"), and
// "∞"/"−∞"/"nan" for the non-finite values. Every panel, table and message uses this one form.
std::string formatDisplay(double value, int significantDigits = 6);

// formatDisplay's short form for panels, plots and the status bar, where space is tight: 4
// significant digits, a real minus sign (U+2212, which reads better beside subscripts) and "—"
// for a value that does not exist (NaN).
std::string formatShort(double value);

// C's printf("%.<digits>g", value), byte for byte and in every locale, as LIBSVM's tools print
// numbers (svm-predict's "%.17g" and "%g", svm-scale's): formatDisplay, except that -0 and the
// non-finite values keep glibc's "-0", "nan", "-nan", "inf", "-inf".
std::string formatPrintfG(double value, int digits);

// An integer in Unicode sub- and superscript digits, for formulas on screen: subscript(12) =
// "₁₂", superscript(2) = "²", superscript(-1) = "⁻¹".
std::string subscript(int number);
std::string superscript(int number);

}  // namespace kpg
