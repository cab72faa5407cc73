#include "tutorials/perceptron_example.hpp"

#include <catch2/catch.hpp>

using kpg::Rational;
using kpg::RationalVector;

TEST_CASE("PerceptronExample: course-notes 002 scores, the update at x3 and the new scores",
          "[tutorials]") {
  // 002: scores −3, 1, −2; x₃ (y = +1) is misclassified; β = (1, −1) + ¼(2, 2) = (1.5, −0.5),
  // β₀ = −2 + ¼ = −1.75; new scores −1.25, 3.75, 0.25; then every point is correct.
  const kpg::PerceptronExampleResult r = kpg::runPerceptronExample(kpg::perceptronNotesExample());
  REQUIRE(r.error.empty());
  CHECK(r.initialScores == RationalVector{-3, 1, -2});
  REQUIRE(r.updates.size() == 1);
  CHECK(r.updates[0].index == 2);
  CHECK(r.updates[0].betaAfter == RationalVector{Rational(3, 2), Rational(-1, 2)});
  CHECK(r.updates[0].beta0After == Rational(-7, 4));
  CHECK(r.updates[0].scoresAfter ==
        RationalVector{Rational(-5, 4), Rational(15, 4), Rational(1, 4)});
  CHECK(r.converged);
  CHECK(r.passes == 2);
}

TEST_CASE("PerceptronExample: the tutorial names x3 in the update and fixes the notes' x2",
          "[tutorials]") {
  const kpg::Tutorial t = kpg::perceptronTutorial(kpg::perceptronNotesExample());
  CHECK(t.warnings.empty());
  CHECK(kpg::findValue(t, "score_3")->exact == "-2");
  CHECK(kpg::findValue(t, "beta_1")->value == 1.5);
  CHECK(kpg::findValue(t, "beta_2")->value == -0.5);
  CHECK(kpg::findValue(t, "beta_0")->value == -1.75);
  CHECK(kpg::findValue(t, "new_score_1")->value == -1.25);
  CHECK(kpg::findValue(t, "new_score_2")->value == 3.75);
  CHECK(kpg::findValue(t, "new_score_3")->value == 0.25);
  REQUIRE(t.pages.size() == 4);
  CHECK(t.pages[2].title == "Update at x₃");
  CHECK(t.pages[2].notesCorrection.find("x₂") != std::string::npos);
}

TEST_CASE("PerceptronExample: non-separable data stops at the pass bound and says so",
          "[tutorials]") {
  kpg::PerceptronExampleInput input;
  input.points = kpg::exactPoints({{0}, {1}, {2}}, {1, -1, 1});
  input.beta = {Rational(0)};
  input.beta0 = Rational(0);
  input.learningRate = Rational(1);
  const kpg::PerceptronExampleResult r = kpg::runPerceptronExample(input, 20);
  CHECK_FALSE(r.converged);
  CHECK(r.passes == 20);
  const kpg::Tutorial t = kpg::perceptronTutorial(input);
  CHECK_FALSE(t.warnings.empty());
  input.learningRate = Rational(0);
  CHECK_FALSE(kpg::runPerceptronExample(input).error.empty());
}
