#include "tutorials/geometry_example.hpp"

#include <catch2/catch.hpp>

using kpg::Rational;
using kpg::RationalVector;

TEST_CASE("GeometryExample: projection and signed distance of x3 to the perceptron's line",
          "[tutorials]") {
  // β = (3/2, −1/2), β₀ = −7/4, x = (2, 2): ⟨β, x⟩ + β₀ = 1/4, ‖β‖² = 5/2,
  // π(x) = (2, 2) − (1/10)(3/2, −1/2) = (37/20, 41/20), distance (1/4)/√(5/2) = √10/20.
  const auto input = kpg::geometryNotesExample();
  const RationalVector p = kpg::projectOntoHyperplane(input.w, input.b, input.point);
  CHECK(p == RationalVector{Rational(37, 20), Rational(41, 20)});
  CHECK(kpg::dot(input.w, p) + input.b == Rational(0));
  const kpg::Surd d = kpg::signedDistance(input.w, input.b, input.point);
  CHECK(d.toString() == "√10/20");
  const RationalVector offset = input.point - p;
  CHECK(kpg::dot(offset, offset) == d.coefficient * d.coefficient * Rational(d.radicand));
}

TEST_CASE("GeometryExample: canonical form and the two bias formulas of 004 agree", "[tutorials]") {
  // min yᵢ(⟨β, xᵢ⟩ + β₀) = 1/4 (at x₃): scale by 4 → (6, −2), −7. The max-margin w of 002's data
  // is (2, 0) (see the hand-solved SVM test), b = 1 − min₊ w·x = 1 − 4 = −1 − max₋ w·x = −1 − 2.
  const kpg::Tutorial t = kpg::geometryTutorial(kpg::geometryNotesExample());
  CHECK(kpg::findValue(t, "canonical_w_1")->exact == "6");
  CHECK(kpg::findValue(t, "canonical_w_2")->exact == "-2");
  CHECK(kpg::findValue(t, "canonical_b")->exact == "-7");
  CHECK(kpg::findValue(t, "bias_from_positive")->exact == "-3");
  CHECK(kpg::findValue(t, "bias_from_negative")->exact == "-3");
  CHECK(kpg::findValue(t, "normal_1")->exact == "3/√10");
  CHECK(t.pages.back().notesCorrection.find("1 + max") != std::string::npos);
}
