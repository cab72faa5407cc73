#include "tutorials/rational.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace kpg {

namespace {

constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

bool mulOverflows(std::int64_t a, std::int64_t b, std::int64_t* out) {
  return __builtin_mul_overflow(a, b, out);
}
bool addOverflows(std::int64_t a, std::int64_t b, std::int64_t* out) {
  return __builtin_add_overflow(a, b, out);
}

std::int64_t gcdOf(std::int64_t a, std::int64_t b) {
  // Callers never pass INT64_MIN (normalization rejects it), so the absolute values fit.
  return std::gcd(a < 0 ? -a : a, b < 0 ? -b : b);
}

}  // namespace

std::string formatDecimal(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  std::string text = buffer;
  if (text == "-0") text = "0";
  return text;
}

Rational::Rational(std::int64_t numerator, std::int64_t denominator) {
  if (denominator == 0) {
    *this = approximate(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  if (numerator == kInt64Min || denominator == kInt64Min) {
    *this = approximate(static_cast<double>(numerator) / static_cast<double>(denominator));
    return;
  }
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const std::int64_t g = gcdOf(numerator, denominator);
  numerator_ = numerator / g;
  denominator_ = denominator / g;
}

Rational Rational::approximate(double value) {
  Rational r;
  r.exact_ = false;
  r.approximation_ = value;
  r.numerator_ = 0;
  r.denominator_ = 1;
  return r;
}

std::optional<Rational> Rational::parse(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  if (text.empty()) return std::nullopt;
  const std::size_t slash = text.find('/');
  if (slash != std::string_view::npos) {
    const auto p = parse(text.substr(0, slash));
    const auto q = parse(text.substr(slash + 1));
    if (!p || !q || q->isZero()) return std::nullopt;
    return *p / *q;
  }
  std::size_t i = 0;
  bool negative = false;
  if (text[i] == '+' || text[i] == '-') {
    negative = text[i] == '-';
    ++i;
  }
  std::int64_t digits = 0;
  std::int64_t scale = 0;  // power of ten dividing `digits`
  bool anyDigit = false;
  bool overflow = false;
  bool seenPoint = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !seenPoint) {
      seenPoint = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    anyDigit = true;
    std::int64_t next = 0;
    if (mulOverflows(digits, 10, &next) || addOverflows(next, c - '0', &next)) overflow = true;
    digits = next;
    if (seenPoint) ++scale;
  }
  if (!anyDigit) return std::nullopt;
  std::int64_t exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negativeExponent = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
      negativeExponent = text[i] == '-';
      ++i;
    }
    bool exponentDigit = false;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      exponentDigit = true;
      if (exponent < 10000) exponent = exponent * 10 + (text[i] - '0');
    }
    if (!exponentDigit) return std::nullopt;
    if (negativeExponent) exponent = -exponent;
  }
  if (i != text.size()) return std::nullopt;
  const std::int64_t power = exponent - scale;  // value = digits · 10^power
  Rational result(digits);
  if (!overflow) {
    for (std::int64_t k = 0; k < (power < 0 ? -power : power) && result.isExact(); ++k) {
      result = power < 0 ? result / 10 : result * 10;
    }
  }
  if (overflow || !result.isExact()) {
    const std::string copy(text);
    return approximate(std::strtod(copy.c_str(), nullptr));
  }
  return negative ? -result : result;
}

Rational Rational::fromDouble(double value) {
  if (!std::isfinite(value)) return approximate(value);
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  const auto parsed = parse(buffer);
  return parsed ? *parsed : approximate(value);
}

double Rational::toDouble() const {
  if (!exact_) return approximation_;
  return static_cast<double>(numerator_) / static_cast<double>(denominator_);
}

std::string Rational::toString() const {
  if (!exact_) return "≈" + formatDecimal(approximation_);
  std::string text = std::to_string(numerator_);
  if (denominator_ != 1) text += "/" + std::to_string(denominator_);
  return text;
}

std::string Rational::toDecimalString() const {
  return formatDecimal(toDouble());
}

int Rational::sign() const {
  if (!exact_) return approximation_ > 0 ? 1 : (approximation_ < 0 ? -1 : 0);
  return numerator_ > 0 ? 1 : (numerator_ < 0 ? -1 : 0);
}

Rational Rational::operator-() const {
  if (!exact_) return approximate(-approximation_);
  return Rational(-numerator_, denominator_);
}

Rational operator+(const Rational& a, const Rational& b) {
  if (!a.exact_ || !b.exact_) return Rational::approximate(a.toDouble() + b.toDouble());
  const std::int64_t g = std::gcd(a.denominator_, b.denominator_);
  std::int64_t left = 0, right = 0, sum = 0, denominator = 0;
  if (mulOverflows(a.numerator_, b.denominator_ / g, &left) ||
      mulOverflows(b.numerator_, a.denominator_ / g, &right) || addOverflows(left, right, &sum) ||
      mulOverflows(a.denominator_ / g, b.denominator_, &denominator)) {
    return Rational::approximate(a.toDouble() + b.toDouble());
  }
  return Rational(sum, denominator);
}

Rational operator-(const Rational& a, const Rational& b) {
  return a + (-b);
}

Rational operator*(const Rational& a, const Rational& b) {
  if (!a.exact_ || !b.exact_) return Rational::approximate(a.toDouble() * b.toDouble());
  // Cross-cancel first so that products of already-reduced fractions overflow as late as possible.
  const std::int64_t g1 = gcdOf(a.numerator_, b.denominator_);
  const std::int64_t g2 = gcdOf(b.numerator_, a.denominator_);
  std::int64_t numerator = 0, denominator = 0;
  if (mulOverflows(a.numerator_ / (g1 ? g1 : 1), b.numerator_ / (g2 ? g2 : 1), &numerator) ||
      mulOverflows(a.denominator_ / (g2 ? g2 : 1), b.denominator_ / (g1 ? g1 : 1), &denominator)) {
    return Rational::approximate(a.toDouble() * b.toDouble());
  }
  return Rational(numerator, denominator);
}

Rational operator/(const Rational& a, const Rational& b) {
  if (!a.exact_ || !b.exact_ || b.numerator_ == 0) {
    return Rational::approximate(a.toDouble() / b.toDouble());
  }
  return a * Rational(b.denominator_, b.numerator_);
}

bool operator==(const Rational& a, const Rational& b) {
  if (!a.exact_ || !b.exact_) return a.toDouble() == b.toDouble();
  return a.numerator_ == b.numerator_ && a.denominator_ == b.denominator_;
}

bool operator<(const Rational& a, const Rational& b) {
  if (!a.exact_ || !b.exact_) return a.toDouble() < b.toDouble();
  const Rational difference = a - b;
  return difference.sign() < 0;
}

// ---- Surd -------------------------------------------------------------------------------------

double Surd::toDouble() const {
  return coefficient.toDouble() * std::sqrt(static_cast<double>(radicand));
}

std::string Surd::toString() const {
  if (!isExact()) return "≈" + formatDecimal(toDouble());
  if (isRational()) return coefficient.toString();
  const std::int64_t p = coefficient.numerator();
  const std::int64_t q = coefficient.denominator();
  const std::string root = "√" + std::to_string(radicand);
  const std::string sign = p < 0 ? "-" : "";
  const std::int64_t magnitude = p < 0 ? -p : p;
  // c·√r = (c·r)/√r: the notes write 1/‖w‖ = 2/√5 rather than 2√5/5. Used when the denominator
  // is r itself (2/5·√5 = 2/√5); otherwise √10/2 reads better than 5/√10.
  if (q == radicand) return sign + std::to_string(magnitude) + "/" + root;
  std::string text = sign + (magnitude == 1 ? "" : std::to_string(magnitude)) + root;
  if (q > 1) text += "/" + std::to_string(q);
  return text;
}

std::string Surd::toStringWithDecimal() const {
  if (!isExact()) return toString();
  if (isRational() && coefficient.isInteger()) return coefficient.toString();
  return toString() + " ≈ " + formatDecimal(toDouble());
}

Surd Surd::reciprocal() const {
  if (!isExact() || coefficient.isZero()) {
    return Surd{Rational::approximate(1.0 / toDouble()), 1};
  }
  return Surd{(coefficient * Rational(radicand)).reciprocal(), radicand};
}

Surd sqrtOf(const Rational& value) {
  if (!value.isExact() || value.sign() < 0) {
    return Surd{Rational::approximate(std::sqrt(value.toDouble())), 1};
  }
  if (value.isZero()) return Surd{Rational(0), 1};
  // √(p/q) = √(p·q)/q; then move square factors of p·q out of the root.
  std::int64_t m = 0;
  if (mulOverflows(value.numerator(), value.denominator(), &m)) {
    return Surd{Rational::approximate(std::sqrt(value.toDouble())), 1};
  }
  std::int64_t outside = 1;
  for (std::int64_t i = 2; i <= 100000 && i * i <= m; ++i) {
    while (m % (i * i) == 0) {
      m /= i * i;
      outside *= i;
    }
  }
  // A square of a prime above the trial bound: catch the common case that m itself is a square.
  const auto root = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(m))));
  if (root > 1 && root <= 3037000499 && root * root == m) {
    m = 1;
    outside *= root;
  }
  return Surd{Rational(outside) / Rational(value.denominator()), m};
}

Surd operator*(const Rational& a, const Surd& b) {
  return Surd{a * b.coefficient, b.radicand};
}

Surd operator*(const Surd& a, const Surd& b) {
  if (!a.isExact() || !b.isExact()) {
    return Surd{Rational::approximate(a.toDouble() * b.toDouble()), 1};
  }
  const Surd root = sqrtOf(Rational(a.radicand) * Rational(b.radicand));
  return Surd{a.coefficient * b.coefficient * root.coefficient, root.radicand};
}

}  // namespace kpg
