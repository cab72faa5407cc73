#include "tutorials/feature_space_example.hpp"

#include "tutorials/formula_text.hpp"
#include "tutorials/hand_solved_svm.hpp"
#include "tutorials/kernel_perceptron_example.hpp"  // xorNotesData

#include <algorithm>

namespace kpg {

FeatureSpaceExampleInput featureSpaceNotesExample() {
  FeatureSpaceExampleInput input;
  input.points = xorNotesData();
  // A ring of radius 1 inside one of radius about 3 (the notes draw two rings; these are ours):
  // after (x², y²) the inner images have x² + y² ≤ 2 and the outer ones ≥ 8.
  input.rings =
      exactPoints({{1, 0}, {0, -1}, {-1, 1}, {3, 0}, {0, 3}, {-2, -2}}, {1, 1, 1, -1, -1, -1});
  return input;
}

RationalVector productLift(const RationalVector& x) {
  if (x.size() != 2) return {};
  return {x[0], x[1], x[0] * x[1]};
}

RationalVector squaresLift(const RationalVector& x) {
  if (x.size() != 2) return {};
  return {x[0] * x[0], x[1] * x[1]};
}

ExactPoints liftExactPoints(const ExactPoints& points,
                            RationalVector (*lift)(const RationalVector&)) {
  ExactPoints out;
  out.y = points.y;
  for (const RationalVector& x : points.x) out.x.push_back(lift(x));
  return out;
}

namespace {

// The quadratic map of 000 "(1) high dimensional spaces", φ(x) = (x₁², √2·x₁x₂, x₂²), as surds.
std::vector<Surd> quadraticLift(const RationalVector& x) {
  const Surd root2 = sqrtOf(Rational(2));
  return {Surd{x[0] * x[0], 1}, (x[0] * x[1]) * root2, Surd{x[1] * x[1], 1}};
}

std::string surdVector(const std::vector<Surd>& v) {
  std::string text = "(";
  for (std::size_t k = 0; k < v.size(); ++k) {
    std::string entry = v[k].toString();
    if (!entry.empty() && entry[0] == '-') entry = "−" + entry.substr(1);
    text += (k ? ", " : "") + entry;
  }
  return text + ")";
}

const char* const kProductAxes[3] = {"x", "y", "xy"};
const char* const kSquaresAxes[2] = {"x²", "y²"};

// The lifted points, the hard-margin SVM on them and its plane, onto `page`, keyed `key`_….
// Returns whether a plane separates them.
bool liftedSvmPage(TutorialPage& page, const ExactPoints& lifted, const std::string& key,
                   const char* const* axes, std::vector<std::string>& warnings) {
  for (std::size_t i = 0; i < lifted.size() && i < 8; ++i)
    page.formulas.push_back({"φ(" + formula::point(i) + ") = " + formula::vector(lifted.x[i]),
                             std::string("y = ") + (lifted.y[i] > 0 ? "+1" : "−1")});
  const HandSvmResult svm = solveHandSvm(lifted);
  if (!svm.hasSolution) {
    page.paragraphs.push_back(
        svm.status == HandSvmStatus::NotSeparable
            ? "No plane separates these lifted points either: this map does not help them."
            : "The exact solver could not settle these points (" + svm.message + ").");
    warnings.push_back("After the map of \"" + page.title + "\" the points are not separated.");
    page.values.push_back(namedValue(key + "_separable", Rational(0)));
    return false;
  }
  std::vector<std::pair<Rational, std::string>> terms;
  for (std::size_t k = 0; k < svm.w.size(); ++k) terms.emplace_back(svm.w[k], axes[k]);
  terms.emplace_back(svm.bias, "");
  page.formulas.push_back({formula::linear(terms) + " = 0",
                           "the widest plane: the hard-margin SVM on φ(xᵢ), solved exactly"});
  page.formulas.push_back({"margin 1/‖w‖ = " + svm.margin.toString(),
                           "support vectors: " + std::to_string(svm.supportVectors.size())});
  page.values.push_back(namedValue(key + "_separable", Rational(1)));
  for (std::size_t k = 0; k < svm.w.size(); ++k)
    page.values.push_back(namedValue(key + "_w_" + std::to_string(k + 1), svm.w[k]));
  page.values.push_back(namedValue(key + "_b", svm.bias));
  page.values.push_back(namedValue(key + "_margin", svm.margin));
  return true;
}

}  // namespace

Tutorial featureSpaceTutorial(const FeatureSpaceExampleInput& input) {
  Tutorial tutorial;
  tutorial.id = "feature-space";
  tutorial.title = "The kernel trick in 3-D";
  tutorial.source = "course-notes 004, The kernel trick; 000, (1) high dimensional spaces";
  for (const ExactPoints* p : {&input.points, &input.rings}) {
    const std::string problem = checkBinaryPoints(*p);
    if (problem.empty() && p->dimension() != 2) {
      tutorial.warnings.push_back("The maps lift points of the plane: the data must be 2-D.");
      return tutorial;
    }
    if (!problem.empty()) {
      tutorial.warnings.push_back(problem);
      return tutorial;
    }
  }
  const ExactPoints& xy = input.points;
  {
    TutorialPage page;
    page.title = "No line separates them";
    page.paragraphs = {
        "004: \"Some data may not be separable in their original space, but may become separable "
        "by embedding them in a higher dimensional space.\" XOR is the smallest case: the points "
        "of one class sit on one diagonal, those of the other on the other.",
        "The exact hard-margin solver on the points as they are:"};
    for (std::size_t i = 0; i < xy.size() && i < 8; ++i)
      page.formulas.push_back({formula::point(i) + " = " + formula::vector(xy.x[i]),
                               std::string("y = ") + (xy.y[i] > 0 ? "+1" : "−1")});
    const HandSvmResult plain = solveHandSvm(xy);
    const bool separable = plain.hasSolution;
    page.formulas.push_back(
        {separable ? "a line separates them" : "no line separates them",
         separable ? "margin " + plain.margin.toString() : "the hard-margin dual has no solution"});
    page.values.push_back(namedValue("separable_in_plane", Rational(separable ? 1 : 0)));
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "Example 1: φ(x, y) = (x, y, xy)";
    page.paragraphs = {
        "004, example 1: the product xy as a third coordinate. On XOR it is +1 on one diagonal "
        "and −1 on the other, so \"projecting the result onto the Oz axis\" separates them; the "
        "widest plane is found by the SVM on the lifted points."};
    if (liftedSvmPage(page, liftExactPoints(xy, productLift), "product", kProductAxes,
                      tutorial.warnings))
      page.paragraphs.push_back(
          "On the canvas the plane's trace w₁x + w₂y + w₃xy + b = 0 is a hyperbola: a curved "
          "boundary from a flat plane.");
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "Example 2: φ(x, y) = (x², y²)";
    page.paragraphs = {
        "004, example 2: only the squares. A ring around the origin lands on a line, x² + y² = "
        "r², so one ring inside another becomes two groups a line separates. (The notes draw the "
        "rings without coordinates; these are ours.)"};
    if (liftedSvmPage(page, liftExactPoints(input.rings, squaresLift), "squares", kSquaresAxes,
                      tutorial.warnings))
      page.paragraphs.push_back(
          "Back on the canvas, w₁x² + w₂y² + b = 0 is an ellipse around the origin (a circle "
          "when w₁ = w₂). On XOR this map fails: (1, 1) and (−1, 1) both land on (1, 1).");
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "The kernel: φ(x)·φ(z) without φ";
    page.paragraphs = {
        "000, (1) high dimensional spaces: φ(x) = (x₁², √2·x₁x₂, x₂²). Its dot product is "
        "φ(x)·φ(z) = x₁²z₁² + 2x₁x₂z₁z₂ + x₂²z₂² = (x·z)²: the kernel k(x, z) = (x·z)² gives the "
        "3-D dot product from the 2-D one, and the SVM needs nothing else (004: \"the kernel "
        "trick\").",
        "Checked on the points, φ computed explicitly (√2·√2 = 2 exactly):"};
    const std::size_t shown = std::min<std::size_t>(xy.size(), 4);
    for (std::size_t i = 0; i < shown; ++i)
      page.formulas.push_back(
          {"φ(" + formula::point(i) + ") = " + surdVector(quadraticLift(xy.x[i])), ""});
    for (std::size_t i = 0; i < shown; ++i) {
      for (std::size_t j = i + 1; j < shown; ++j) {
        const std::vector<Surd> a = quadraticLift(xy.x[i]), b = quadraticLift(xy.x[j]);
        Rational viaPhi(0);
        for (std::size_t k = 0; k < 3; ++k) {
          const Surd term = a[k] * b[k];
          viaPhi += term.isRational() ? term.coefficient : Rational::approximate(term.toDouble());
        }
        Rational dot(0);
        for (std::size_t k = 0; k < 2; ++k) dot += xy.x[i][k] * xy.x[j][k];
        const Rational viaKernel = dot * dot;
        const std::string ij = std::to_string(i + 1) + std::to_string(j + 1);
        page.formulas.push_back({"φ(" + formula::point(i) + ")·φ(" + formula::point(j) +
                                     ") = " + formula::number(viaPhi) + ",  (" + formula::point(i) +
                                     "·" + formula::point(j) + ")² = " + formula::number(viaKernel),
                                 viaPhi == viaKernel ? "equal" : "DIFFERENT"});
        page.values.push_back(namedValue("phi_dot_" + ij, viaPhi));
        page.values.push_back(namedValue("k_" + ij, viaKernel));
      }
    }
    page.paragraphs.push_back(
        "004's (1 + x·z)² does the same in six dimensions, φ(x) = (1, √2x₁, √2x₂, x₁², x₂², "
        "√2x₁x₂): the kernel perceptron tutorial checks it.");
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
