#pragma once
// The perceptron worked example of course-notes 002 ("Perceptron: Example"), derived in exact
// rationals from any starting hyperplane and data:
//   h(x) = ⟨β, x⟩ + β₀;  visit x₁, x₂, … in order; on a mistake (yᵢ h(xᵢ) ≤ 0)
//   β ← β + η yᵢ xᵢ,  β₀ ← β₀ + η yᵢ;  stop after a pass with no mistake.
// The notes' numbers: X = [[1,2],[4,1],[2,2]], y = (−1, 1, 1), β = (1, −1), β₀ = −2, η = 1/4:
// scores −3, 1, −2; x₃ is misclassified; β = (3/2, −1/2), β₀ = −7/4; new scores −5/4, 15/4, 1/4.
//
// The mistake test is yh ≤ 0 (001/000); 002's pseudo-code writes < 0, which only differs for a
// point exactly on the line (the page says so when that happens).

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

namespace kpg {

struct PerceptronExampleInput {
  ExactPoints points;
  RationalVector beta;  // initial β
  Rational beta0;       // initial β₀
  Rational learningRate;
};

// course-notes 002's data and starting hyperplane.
PerceptronExampleInput perceptronNotesExample();

struct PerceptronExampleUpdate {
  std::size_t pass = 0;         // 0-based pass over the data
  std::size_t index = 0;        // the misclassified point
  RationalVector scoresBefore;  // h(xᵢ) for every point before the update
  RationalVector betaBefore, betaAfter;
  Rational beta0Before, beta0After;
  RationalVector scoresAfter;
};

struct PerceptronExampleResult {
  std::string error;  // invalid input (labels, dimensions, learning rate ≤ 0)
  RationalVector initialScores;
  std::vector<PerceptronExampleUpdate> updates;
  bool converged = false;  // a full pass without a mistake within maxPasses
  std::size_t passes = 0;
  RationalVector beta;
  Rational beta0;
  RationalVector finalScores;
};

PerceptronExampleResult runPerceptronExample(const PerceptronExampleInput& input,
                                             std::size_t maxPasses = 100);

Tutorial perceptronTutorial(const PerceptronExampleInput& input);

}  // namespace kpg
