#include "tutorials/hand_solved_svm.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using kpg::HandSvmStatus;
using kpg::Rational;

namespace {
kpg::RationalVector fractions(std::initializer_list<std::pair<std::int64_t, std::int64_t>> items) {
  kpg::RationalVector v;
  for (const auto& [p, q] : items) v.emplace_back(p, q);
  return v;
}
}  // namespace

TEST_CASE("HandSolvedSvm: course-notes 001 Question 7 gives alpha = (1/4, 3/8, 5/8)",
          "[tutorials]") {
  const kpg::HandSvmResult r = kpg::solveHandSvm(kpg::handSolvedSvmNotesData());
  REQUIRE(r.status == HandSvmStatus::AllOnMargin);
  // Step 1: X′X′ᵀ = [[10, 5, −3], [5, 5, −1], [−3, −1, 1]].
  const kpg::RationalMatrix gram = {{10, 5, -3}, {5, 5, -1}, {-3, -1, 1}};
  CHECK(r.labelledGram == gram);
  // Step 3: α₃ = α₁ + α₂ and ½(5α₁² + 4α₁α₂ + 4α₂²) − 2α₁ − 2α₂ (the notes' 3α₂² is a typo).
  CHECK(r.eliminated == kpg::RationalVector{1, 1});
  CHECK(r.reducedHessian == kpg::RationalMatrix{{5, 2}, {2, 4}});
  CHECK(r.reducedLinear == kpg::RationalVector{2, 2});
  // Steps 4–7.
  CHECK(r.alpha == fractions({{1, 4}, {3, 8}, {5, 8}}));
  CHECK(r.w == fractions({{1, 1}, {1, 2}}));
  CHECK(r.threshold == Rational(3, 2));
  CHECK(r.bias == Rational(-3, 2));
  CHECK(r.normSquared == Rational(5, 4));
  CHECK(r.margin.toString() == "2/√5");
  CHECK(r.marginWidth.toString() == "4/√5");
  CHECK(r.margin.toDouble() == Approx(2.0 / std::sqrt(5.0)));
  CHECK(r.supportVectors == std::vector<std::size_t>{0, 1, 2});
  CHECK(r.exact);
}

TEST_CASE("HandSolvedSvm: the tutorial pages carry the notes' numbers and the typo fixes",
          "[tutorials]") {
  const kpg::Tutorial t = kpg::handSolvedSvmTutorial(kpg::handSolvedSvmNotesData());
  CHECK(t.warnings.empty());
  REQUIRE(t.pages.size() == 7);
  CHECK(kpg::findValue(t, "Q_13")->exact == "-3");
  CHECK(kpg::findValue(t, "alpha_1")->exact == "1/4");
  CHECK(kpg::findValue(t, "alpha_2")->exact == "3/8");
  CHECK(kpg::findValue(t, "alpha_3")->exact == "5/8");
  CHECK(kpg::findValue(t, "w_2")->exact == "1/2");
  CHECK(kpg::findValue(t, "t")->exact == "3/2");
  CHECK(kpg::findValue(t, "margin")->exact == "2/√5");
  CHECK(kpg::findValue(t, "margin")->value == Approx(0.894427191));
  CHECK(kpg::findValue(t, "sum_alpha")->exact == "5/4");
  // The reduced objective as the fixed formula, and the fix said on that page.
  bool reducedShown = false;
  for (const auto& f : t.pages[2].formulas) {
    reducedShown = reducedShown || f.text == "L = ½(5α₁² + 4α₁α₂ + 4α₂²) − 2α₁ − 2α₂";
  }
  CHECK(reducedShown);
  CHECK(t.pages[2].notesCorrection.find("3α₂²") != std::string::npos);
  CHECK(t.pages[1].formulas[0].text ==
        "L(α) = ½(10α₁² + 10α₁α₂ − 6α₁α₃ + 5α₂² − 2α₂α₃ + α₃²) − α₁ − α₂ − α₃");
  CHECK(t.pages[2].formulas[0].text == "α₃ = α₁ + α₂");
  CHECK(t.pages[3].formulas[0].text == "∂L/∂α₁ = 5α₁ + 2α₂ − 2 = 0");
  CHECK(t.pages[3].formulas[1].text == "∂L/∂α₂ = 2α₁ + 4α₂ − 2 = 0");
}

TEST_CASE("HandSolvedSvm: a point beyond the margin makes its alpha negative and is reported",
          "[tutorials]") {
  // course-notes 002's perceptron data: X = [[1,2],[4,1],[2,2]], y = (−1, 1, 1). With all three
  // on the margins, w must be ⊥ x₂ − x₃ = (2, −1) and w·(x₃ − x₁) = 2, so w = (2, 4) and
  // α = (10, −4, 14) by hand. The true optimum uses x₁ and x₃ only: w = 2(x₃ − x₁)/‖x₃ − x₁‖²
  // = (2, 0), b = 1 − w·x₃ = −3, α = (2, 0, 2), margin 1/‖w‖ = 1/2; x₂ has y₂f(x₂) = 5 > 1.
  const auto points = kpg::exactPoints({{1, 2}, {4, 1}, {2, 2}}, {-1, 1, 1});
  const kpg::HandSvmResult r = kpg::solveHandSvm(points);
  CHECK(r.status == HandSvmStatus::NegativeAlpha);
  CHECK(r.alphaAllOnMargin == kpg::RationalVector{10, -4, 14});
  CHECK(r.negativeAlpha == std::vector<std::size_t>{1});
  REQUIRE(r.hasSolution);
  CHECK(r.alpha == kpg::RationalVector{2, 0, 2});
  CHECK(r.w == kpg::RationalVector{2, 0});
  CHECK(r.bias == Rational(-3));
  CHECK(r.margin.toString() == "1/2");
  CHECK(r.supportVectors == std::vector<std::size_t>{0, 2});
  const kpg::Tutorial t = kpg::handSolvedSvmTutorial(points);
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].find("α₂ < 0") != std::string::npos);
  CHECK(kpg::findValue(t, "alpha_all_on_margin_2")->exact == "-4");
  CHECK(kpg::findValue(t, "alpha_2")->exact == "0");
}

TEST_CASE("HandSolvedSvm: two points and decimal coordinates stay exact", "[tutorials]") {
  // Two points: w = 2(x₊ − x₋)/‖x₊ − x₋‖², the perpendicular bisector. x₊ = (0.5, 0), x₋ = (0, 0):
  // w = (4, 0), b = 1 − 4·0.5 = −1, α₁ = α₂ = ‖w‖²/2 = 8.
  kpg::ExactPoints points;
  points.x = {{Rational::fromDouble(0.5), Rational(0)}, {Rational(0), Rational(0)}};
  points.y = {1, -1};
  const kpg::HandSvmResult r = kpg::solveHandSvm(points);
  REQUIRE(r.status == HandSvmStatus::AllOnMargin);
  CHECK(r.w == kpg::RationalVector{4, 0});
  CHECK(r.bias == Rational(-1));
  CHECK(r.alpha == kpg::RationalVector{8, 8});
  CHECK(r.margin.toString() == "1/4");
}

TEST_CASE("HandSolvedSvm: four points on the margins are not unique, the optimum still is",
          "[tutorials]") {
  // A square: (±1, ±1) split by x₁. All four on the margins x₁ = ±1: w = (1, 0), b = 0; the
  // reduced system is singular (α not unique).
  const auto points = kpg::exactPoints({{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, {1, 1, -1, -1});
  const kpg::HandSvmResult r = kpg::solveHandSvm(points);
  CHECK(r.status == HandSvmStatus::NotUnique);
  REQUIRE(r.hasSolution);
  CHECK(r.w == kpg::RationalVector{1, 0});
  CHECK(r.bias == Rational(0));
  // Σαᵢ = ‖w‖² = 1 for any optimal α.
  Rational sum(0);
  for (const auto& a : r.alpha) sum += a;
  CHECK(sum == Rational(1));
}

TEST_CASE("HandSolvedSvm: XOR is reported as not separable, bad labels as invalid", "[tutorials]") {
  const auto xorPoints = kpg::exactPoints({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}}, {-1, -1, 1, 1});
  const kpg::HandSvmResult r = kpg::solveHandSvm(xorPoints);
  CHECK(r.status == HandSvmStatus::NotSeparable);
  CHECK_FALSE(r.hasSolution);
  const kpg::Tutorial t = kpg::handSolvedSvmTutorial(xorPoints);
  CHECK(t.pages.back().title == "No hard-margin solution");

  const auto badLabels = kpg::exactPoints({{1, 1}, {2, 2}}, {1, 0});
  CHECK(kpg::solveHandSvm(badLabels).status == HandSvmStatus::InvalidData);
  const auto oneClass = kpg::exactPoints({{1, 1}, {2, 2}}, {1, 1});
  CHECK(kpg::solveHandSvm(oneClass).status == HandSvmStatus::InvalidData);
}

TEST_CASE("HandSolvedSvm: inexact coordinates fall back to doubles and agree with the exact run",
          "[tutorials]") {
  // x₂ = (2, 1/3): exactly with Rational(1, 3), and as the double nearest 1/3 (whose shortest
  // decimal, 16 threes, overflows int64 arithmetic within a few products → inexact mode).
  kpg::ExactPoints exactPoints = kpg::handSolvedSvmNotesData();
  exactPoints.x[1][1] = Rational(1, 3);
  kpg::ExactPoints approximatePoints = kpg::handSolvedSvmNotesData();
  approximatePoints.x[1][1] = Rational::approximate(1.0 / 3.0);
  const kpg::HandSvmResult exact = kpg::solveHandSvm(exactPoints);
  const kpg::HandSvmResult approximate = kpg::solveHandSvm(approximatePoints);
  REQUIRE(exact.hasSolution);
  REQUIRE(approximate.hasSolution);
  CHECK(exact.exact);
  CHECK_FALSE(approximate.exact);
  CHECK(approximate.status == exact.status);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(approximate.alpha[i].toDouble() == Approx(exact.alpha[i].toDouble()).margin(1e-9));
  }
  CHECK(approximate.bias.toDouble() == Approx(exact.bias.toDouble()).margin(1e-9));
  CHECK(approximate.margin.toDouble() == Approx(exact.margin.toDouble()).margin(1e-9));
  const kpg::Tutorial t = kpg::handSolvedSvmTutorial(approximatePoints);
  CHECK(kpg::findValue(t, "alpha_1")->exact.empty());
  CHECK_FALSE(t.warnings.empty());
}
