#include "tutorials/formula_text.hpp"

#include <catch2/catch.hpp>

using kpg::Rational;
namespace formula = kpg::formula;

TEST_CASE("Formula text: symbols take 1-based Unicode subscripts", "[tutorials]") {
  CHECK(formula::alpha(0) == "α₁");
  CHECK(formula::alpha(2) == "α₃");
  CHECK(formula::alpha(11) == "α₁₂");
  CHECK(formula::point(2) == "x₃");
  CHECK(formula::point(9) == "x₁₀");
}

TEST_CASE("Formula text: numbers use a typographic minus", "[tutorials]") {
  CHECK(formula::number(Rational(-3, 2)) == "−3/2");
  CHECK(formula::number(Rational(3, 8)) == "3/8");
  CHECK(formula::number(Rational(0)) == "0");
  CHECK(formula::vector({Rational(1), Rational(-1, 2)}) == "(1, −1/2)");
  CHECK(formula::vector({}) == "()");
}

TEST_CASE("Formula text: linear combinations read like the notes", "[tutorials]") {
  using Terms = std::vector<std::pair<Rational, std::string>>;
  // 001 Question 7's first condition after substituting α₃ = α₁ + α₂.
  CHECK(formula::linear(Terms{{Rational(5), "α₁"}, {Rational(2), "α₂"}, {Rational(-2), ""}}) ==
        "5α₁ + 2α₂ − 2");
  // Unit coefficients are omitted, a leading negative is a bare minus, zero terms are dropped.
  CHECK(formula::linear(Terms{{Rational(1), "α₁"}, {Rational(-1), "α₂"}}) == "α₁ − α₂");
  CHECK(formula::linear(Terms{{Rational(-1), "α₁"}, {Rational(0), "α₂"}, {Rational(1, 2), "α₃"}}) ==
        "−α₁ + (1/2)α₃");
  // A fraction times a term is parenthesized; an integer is not.
  CHECK(formula::linear(Terms{{Rational(-3, 4), "x"}, {Rational(3), "y"}}) == "−(3/4)x + 3y");
  // A constant alone, a fractional constant, and everything vanishing.
  CHECK(formula::linear(Terms{{Rational(-3, 2), ""}}) == "−3/2");
  CHECK(formula::linear(Terms{{Rational(0), "α₁"}, {Rational(0), ""}}) == "0");
  CHECK(formula::linear(Terms{}) == "0");
  // An approximate coefficient is written as a decimal without parentheses.
  CHECK(formula::linear(Terms{{Rational::approximate(0.5), "x"}}) == "≈0.5x");
}
