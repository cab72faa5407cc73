#include "tutorials/tutorials.hpp"

#include "tutorials/feature_space_example.hpp"
#include "tutorials/geometry_example.hpp"
#include "tutorials/hand_solved_svm.hpp"
#include "tutorials/kernel_perceptron_example.hpp"
#include "tutorials/mercer_example.hpp"
#include "tutorials/perceptron_example.hpp"
#include "tutorials/svm_examples.hpp"

namespace kpg {

namespace {

Tutorial perceptron(const ExactPoints* points) {
  PerceptronExampleInput input = perceptronNotesExample();
  if (points) {
    input.points = *points;
    if (points->dimension() != 2) {
      input.beta.assign(points->dimension(), Rational(0));
      input.beta0 = Rational(0);
      input.learningRate = Rational(1);
    }
  }
  return perceptronTutorial(input);
}

Tutorial mercer(const ExactPoints* points) {
  MercerExampleInput input = mercerNotesExample();
  if (points) input.points = *points;
  return mercerTutorial(input);
}

Tutorial featureSpace(const ExactPoints* points) {
  FeatureSpaceExampleInput input = featureSpaceNotesExample();
  if (points) input.points = input.rings = *points;
  return featureSpaceTutorial(input);
}

Tutorial geometry(const ExactPoints* points) {
  GeometryExampleInput input = geometryNotesExample();
  if (points) {
    input.points = *points;
    const HandSvmResult svm = solveHandSvm(*points);
    if (svm.hasSolution) {
      input.w = svm.w;
      input.b = svm.bias;
    } else if (points->dimension() != input.w.size()) {
      input.w.assign(points->dimension(), Rational(0));
    }
    if (points->size() > 0) input.point = points->x[0];
  }
  return geometryTutorial(input);
}

}  // namespace

const std::vector<TutorialInfo>& tutorialCatalogue() {
  static const std::vector<TutorialInfo> catalogue = {
      {"hand-solved-svm", "the hard-margin SVM of 001 Question 7 solved by hand in seven steps",
       "the labelled points (linear kernel)",
       [](const ExactPoints* p) {
         return handSolvedSvmTutorial(p ? *p : handSolvedSvmNotesData());
       }},
      {"perceptron", "002's perceptron example: scores, one update, new scores",
       "the labelled points (start β = (1, −1), β₀ = −2, η = 1/4 in 2-D, else 0, 0, 1)",
       perceptron},
      {"kernel-perceptron", "001's dual perceptron learning XOR with k = (1 + x·z)² and its φ",
       "the labelled points",
       [](const ExactPoints* p) { return kernelPerceptronTutorial(p ? *p : xorNotesData()); }},
      {"mercer", "Gram matrices, eigenvalues, PSD, the sigmoid kernel, kernel distance",
       "the points of the Gram-matrix page", mercer},
      {"geometry", "normal, projection, signed distance, canonical form, bias from support vectors",
       "the labelled points; the hyperplane becomes their maximum-margin one, the point x₁",
       geometry},
      {"smo", "003's SMO step by step: the pair, λ, the clipped update, the gradient update",
       "the labelled points (linear kernel, C = ∞)",
       [](const ExactPoints* p) { return smoTutorial(p ? *p : handSolvedSvmNotesData()); }},
      {"soft-margin", "hard vs soft margin: α, slacks, margin and objectives for C = ∞, 10, 1, 0.1",
       "the labelled points (linear kernel)",
       [](const ExactPoints* p) { return softMarginTutorial(p ? *p : softMarginExampleData()); }},
      {"feature-space", "004's kernel trick: XOR lifted by (x, y, xy), rings by (x², y²), (x·z)²",
       "the labelled points (2-D; both examples)", featureSpace},
  };
  return catalogue;
}

std::optional<Tutorial> deriveTutorial(std::string_view id, const ExactPoints* points) {
  for (const TutorialInfo& info : tutorialCatalogue())
    if (id == info.id) return info.derive(points);
  return std::nullopt;
}

}  // namespace kpg
