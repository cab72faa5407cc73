#pragma once
// Exact arithmetic for the course's worked examples. The hand-solved SVM of course-notes 001
// (Question 7) has α = (1/4, 3/8, 5/8), w = (1, 1/2), t = 3/2 and margin 1/‖w‖ = 2/√5: fractions
// and one square root. The tutorials derive these numbers live from the student's data, so they
// need
//   Rational  p/q with int64 p, q > 0, gcd(p, q) = 1 (normalized after every operation);
//   Surd      c·√r with c rational and r a square-free integer ≥ 1 (or c = 0), enough for
//             ‖w‖ = √(w·w) and 1/‖w‖ when w is rational.
// Overflow is not an error: an operation whose exact result does not fit in int64 yields an
// *inexact* value that carries a double from then on (isExact() == false), and every later
// operation involving it is done in double. So a derivation on awkward data still finishes, and the
// page says which numbers are approximate. No exceptions (the browser build has them off).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kpg {

class Rational {
 public:
  Rational() = default;
  // Implicit from integers so that formulas read like the notes: Rational(1) / 4.
  Rational(std::int64_t numerator)
      : Rational(numerator, 1) {}  // NOLINT(google-explicit-constructor)
  // A zero denominator gives an inexact NaN.
  Rational(std::int64_t numerator, std::int64_t denominator);

  // An inexact value: arithmetic with it is double arithmetic.
  static Rational approximate(double value);
  // The decimal the student typed: the shortest decimal that reads back as `value` ("0.1" for the
  // double nearest 0.1), taken exactly when it fits (1/10), else inexact. NaN/inf are inexact.
  static Rational fromDouble(double value);
  // Exact parse of "3", "-2.75", "1e-3", "3/8"; nullopt if the text is not a number. A number too
  // large for int64 parses as an inexact value.
  static std::optional<Rational> parse(std::string_view text);

  bool isExact() const { return exact_; }
  // Meaningful only when isExact().
  std::int64_t numerator() const { return numerator_; }
  std::int64_t denominator() const { return denominator_; }
  bool isInteger() const { return exact_ && denominator_ == 1; }

  double toDouble() const;
  // "3/8", "-2", "0"; an inexact value as "≈0.894427".
  std::string toString() const;
  // "3/8" → "0.375", always a decimal (up to 6 significant digits, no trailing zeros).
  std::string toDecimalString() const;

  int sign() const;
  bool isZero() const { return sign() == 0; }
  Rational abs() const { return sign() < 0 ? -*this : *this; }
  Rational reciprocal() const { return Rational(1) / *this; }

  Rational operator-() const;
  friend Rational operator+(const Rational& a, const Rational& b);
  friend Rational operator-(const Rational& a, const Rational& b);
  friend Rational operator*(const Rational& a, const Rational& b);
  friend Rational operator/(const Rational& a, const Rational& b);
  Rational& operator+=(const Rational& b) { return *this = *this + b; }
  Rational& operator-=(const Rational& b) { return *this = *this - b; }
  Rational& operator*=(const Rational& b) { return *this = *this * b; }
  Rational& operator/=(const Rational& b) { return *this = *this / b; }

  // Exact comparison when both are exact, double comparison otherwise.
  friend bool operator==(const Rational& a, const Rational& b);
  friend bool operator!=(const Rational& a, const Rational& b) { return !(a == b); }
  friend bool operator<(const Rational& a, const Rational& b);
  friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
  friend bool operator<=(const Rational& a, const Rational& b) { return !(b < a); }
  friend bool operator>=(const Rational& a, const Rational& b) { return !(a < b); }

 private:
  std::int64_t numerator_ = 0;
  std::int64_t denominator_ = 1;
  bool exact_ = true;
  double approximation_ = 0.0;  // used only when !exact_
};

// c·√r, r square-free. Produced by sqrtOf; r = 1 means the value is rational.
struct Surd {
  Rational coefficient;
  std::int64_t radicand = 1;

  bool isExact() const { return coefficient.isExact(); }
  bool isRational() const { return radicand == 1 || coefficient.isZero(); }
  double toDouble() const;
  // "√5/2", "2/√5" (when c·r is an integer, the form the notes use), "3√2", "5"; inexact
  // values as "≈0.894427".
  std::string toString() const;
  // "2/√5 ≈ 0.894427": the exact form followed by a decimal, or just the decimal if rational.
  std::string toStringWithDecimal() const;
  // 1/(c√r) = (1/(c·r))·√r.
  Surd reciprocal() const;
};

// √value for value ≥ 0, with the largest square factor taken out of the radicand. Inexact when
// the value is inexact, negative, or its numerator·denominator exceeds int64.
Surd sqrtOf(const Rational& value);
Surd operator*(const Rational& a, const Surd& b);
Surd operator*(const Surd& a, const Surd& b);

// "≈0.894427"-style decimal of a double (6 significant digits), without the "≈".
std::string formatDecimal(double value);

}  // namespace kpg
