#include "tutorials/rational.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using kpg::Rational;
using kpg::sqrtOf;

TEST_CASE("Rational: fractions are normalized with the sign on the numerator", "[tutorials]") {
  const Rational a(6, -8);
  CHECK(a.isExact());
  CHECK(a.numerator() == -3);
  CHECK(a.denominator() == 4);
  CHECK(a.toString() == "-3/4");
  CHECK(Rational(-4, -2).toString() == "2");
  CHECK(Rational(0, -5).toString() == "0");
  CHECK(Rational(0, -5).denominator() == 1);
}

TEST_CASE("Rational: arithmetic is exact", "[tutorials]") {
  CHECK((Rational(1, 4) + Rational(3, 8)).toString() == "5/8");
  CHECK((Rational(1, 2) - Rational(2, 3)).toString() == "-1/6");
  CHECK((Rational(3, 8) * Rational(4, 9)).toString() == "1/6");
  CHECK((Rational(3, 8) / Rational(-3, 4)).toString() == "-1/2");
  CHECK(-Rational(3, 8) == Rational(-3, 8));
  CHECK(Rational(1, 3) < Rational(1, 2));
  CHECK(Rational(-1, 2) < Rational(-1, 3));
  CHECK(Rational(2, 4) == Rational(1, 2));
  CHECK(Rational(3, 8).toDecimalString() == "0.375");
}

TEST_CASE("Rational: overflow turns the value inexact instead of wrapping", "[tutorials]") {
  const std::int64_t big = std::numeric_limits<std::int64_t>::max() / 2;
  const Rational a(big);
  const Rational product = a * Rational(3);
  CHECK_FALSE(product.isExact());
  CHECK(product.toDouble() == Approx(static_cast<double>(big) * 3.0));
  CHECK(product.toString().rfind("≈", 0) == 0);
  // Once inexact, later arithmetic stays inexact (double) and close to the true value.
  const Rational back = product / Rational(3);
  CHECK_FALSE(back.isExact());
  CHECK(back.toDouble() == Approx(static_cast<double>(big)));
  // Denominators that overflow too.
  const Rational tiny = Rational(1, big) * Rational(1, 5);
  CHECK_FALSE(tiny.isExact());
  CHECK(tiny.toDouble() == Approx(1.0 / (static_cast<double>(big) * 5.0)));
  // INT64_MIN has no positive counterpart: not representable as normalized.
  CHECK_FALSE(Rational(std::numeric_limits<std::int64_t>::min()).isExact());
  // Division by zero: inexact, not a crash.
  CHECK_FALSE((Rational(1) / Rational(0)).isExact());
}

TEST_CASE("Rational: decimals the student typed are exact", "[tutorials]") {
  CHECK(Rational::fromDouble(0.1).toString() == "1/10");
  CHECK(Rational::fromDouble(-2.75).toString() == "-11/4");
  CHECK(Rational::fromDouble(3.0).toString() == "3");
  CHECK_FALSE(Rational::fromDouble(std::nan("")).isExact());
  CHECK(Rational::parse("3/8")->toString() == "3/8");
  CHECK(Rational::parse(" -0.25 ")->toString() == "-1/4");
  CHECK(Rational::parse("1e-3")->toString() == "1/1000");
  CHECK(Rational::parse("2.5E2")->toString() == "250");
  CHECK_FALSE(Rational::parse("abc").has_value());
  CHECK_FALSE(Rational::parse("1.2.3").has_value());
  CHECK_FALSE(Rational::parse("1/0").has_value());
  const auto huge = Rational::parse("123456789012345678901234567890");
  REQUIRE(huge.has_value());
  CHECK_FALSE(huge->isExact());
  CHECK(huge->toDouble() == Approx(1.2345678901234568e29));
}

TEST_CASE("Surd: square roots of rationals in the notes' form", "[tutorials]") {
  // ‖w‖ for w = (1, 1/2) is √(5/4) = √5/2 and the notes' margin is 1/‖w‖ = 2/√5.
  const kpg::Surd norm = sqrtOf(Rational(5, 4));
  CHECK(norm.coefficient == Rational(1, 2));
  CHECK(norm.radicand == 5);
  CHECK(norm.toString() == "√5/2");
  const kpg::Surd margin = norm.reciprocal();
  CHECK(margin.toString() == "2/√5");
  CHECK(margin.toDouble() == Approx(2.0 / std::sqrt(5.0)));
  CHECK(margin.toStringWithDecimal() == "2/√5 ≈ 0.894427");
  CHECK((Rational(2) * margin).toString() == "4/√5");
  CHECK(sqrtOf(Rational(8)).toString() == "2√2");
  CHECK(sqrtOf(Rational(9, 4)).toString() == "3/2");
  CHECK(sqrtOf(Rational(0)).toString() == "0");
  CHECK(sqrtOf(Rational(1, 40)).toString() == "√10/20");
  // √2·√2 = 2 exactly.
  const kpg::Surd two = sqrtOf(Rational(2)) * sqrtOf(Rational(2));
  CHECK(two.isRational());
  CHECK(two.coefficient == Rational(2));
  CHECK_FALSE(sqrtOf(Rational(-1)).isExact());
}
