#include "tutorials/svm_examples.hpp"

#include "tutorials/hand_solved_svm.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("SmoTutorial: 003's lambda and gradient update agree with SmoSolver on 001 Q7",
          "[tutorials]") {
  const kpg::Tutorial t = kpg::smoTutorial(kpg::handSolvedSvmNotesData());
  CHECK(t.warnings.empty());
  // First step by hand: g = y = (1, 1, −1) at β = 0; the β that may grow with the largest g is
  // x₂ (ties go to the last index), the one that may shrink is x₃; η = 5 + 1 − 2·1 = 4,
  // λ = (1 − (−1))/4 = 1/2.
  CHECK(kpg::findValue(t, "step_1_i")->exact == "2");
  CHECK(kpg::findValue(t, "step_1_j")->exact == "3");
  CHECK(kpg::findValue(t, "step_1_lambda")->value == Approx(0.5));
  CHECK(kpg::findValue(t, "formulas_agree")->exact == "1");
  // Converges to the hand-solved α = (1/4, 3/8, 5/8), b = −3/2.
  CHECK(kpg::findValue(t, "alpha_1")->value == Approx(0.25).margin(1e-8));
  CHECK(kpg::findValue(t, "alpha_2")->value == Approx(0.375).margin(1e-8));
  CHECK(kpg::findValue(t, "alpha_3")->value == Approx(0.625).margin(1e-8));
  CHECK(kpg::findValue(t, "b")->value == Approx(-1.5).margin(1e-8));
  // The dual objective never decreases from one step to the next.
  double previous = -1;
  for (int k = 1; k <= 12; ++k) {
    const auto value = kpg::findValue(t, "step_" + std::to_string(k) + "_dual_objective");
    if (!value) break;
    CHECK(value->value >= previous - 1e-12);
    previous = value->value;
  }
}

TEST_CASE("SmoTutorial: a finite C clips lambda at the box and still agrees", "[tutorials]") {
  kpg::SmoExampleOptions options;
  options.c = 0.1;
  const kpg::Tutorial t = kpg::smoTutorial(kpg::softMarginExampleData(), options);
  CHECK(kpg::findValue(t, "formulas_agree")->exact == "1");
  for (int i = 1; i <= 4; ++i) {
    const double alpha = kpg::findValue(t, "alpha_" + std::to_string(i))->value;
    CHECK(alpha >= 0);
    CHECK(alpha <= 0.1 + 1e-12);
  }
}

TEST_CASE("SoftMarginTutorial: hard margin matches the hand solution, smaller C widens the margin",
          "[tutorials]") {
  // By hand: (1, 3), (2, 1) on f = +1 and (1, 1) on f = −1 give w = (2, 1), b = −4, and
  // w = Σαᵢyᵢxᵢ with Σαᵢyᵢ = 0 gives α = (1/2, 2, 0, 5/2); margin 1/√5.
  const kpg::Tutorial t = kpg::softMarginTutorial(kpg::softMarginExampleData());
  CHECK(kpg::findValue(t, "hard_alpha_1")->value == Approx(0.5).margin(1e-8));
  CHECK(kpg::findValue(t, "hard_alpha_2")->value == Approx(2.0).margin(1e-8));
  CHECK(kpg::findValue(t, "hard_alpha_3")->value == Approx(0.0).margin(1e-8));
  CHECK(kpg::findValue(t, "hard_alpha_4")->value == Approx(2.5).margin(1e-8));
  CHECK(kpg::findValue(t, "hard_b")->value == Approx(-4.0).margin(1e-8));
  CHECK(kpg::findValue(t, "hard_margin")->value == Approx(1.0 / std::sqrt(5.0)));
  const double m10 = kpg::findValue(t, "c_10_margin")->value;
  const double m1 = kpg::findValue(t, "c_1_margin")->value;
  const double m01 = kpg::findValue(t, "c_0.1_margin")->value;
  CHECK(m10 <= m1 + 1e-9);
  CHECK(m1 <= m01 + 1e-9);
  for (const char* c : {"10", "1", "0.1"}) {
    INFO(c);
    const std::string prefix = std::string("c_") + c + "_";
    CHECK(kpg::findValue(t, prefix + "converged")->exact == "1");
    // Strong duality at the optimum: primal = dual.
    CHECK(kpg::findValue(t, prefix + "primal")->value ==
          Approx(kpg::findValue(t, prefix + "dual")->value).margin(1e-6));
    for (int i = 1; i <= 4; ++i) {
      const double alpha = kpg::findValue(t, prefix + "alpha_" + std::to_string(i))->value;
      CHECK(alpha >= -1e-12);
      CHECK(alpha <= std::stod(c) + 1e-9);
    }
  }
  CHECK(t.pages[0].notesCorrection.find("Σαᵢyᵢ = 0") != std::string::npos);
}

TEST_CASE("SoftMarginTutorial: non-separable points have no hard-margin page values",
          "[tutorials]") {
  const auto xorPoints = kpg::exactPoints({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}}, {-1, -1, 1, 1});
  const kpg::Tutorial t = kpg::softMarginTutorial(xorPoints, {1});
  CHECK(t.pages[0].title == "Hard margin (C = ∞): no solution");
  CHECK_FALSE(kpg::findValue(t, "hard_alpha_1").has_value());
  CHECK(kpg::findValue(t, "c_1_converged")->exact == "1");
  CHECK_FALSE(kpg::smoTutorial(xorPoints).warnings.empty());
}
