#include "tutorials/kernel_perceptron_example.hpp"

#include "perceptron/perceptron.hpp"
#include "tutorials/formula_text.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

ExactPoints xorNotesData() {
  return exactPoints({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}}, {-1, -1, 1, 1});
}

Rational quadraticKernel(const RationalVector& x, const RationalVector& z) {
  const Rational s = Rational(1) + dot(x, z);
  return s * s;
}

std::vector<Surd> quadraticFeatureMap(const RationalVector& x) {
  if (x.size() != 2) return {};
  const Surd root2 = sqrtOf(Rational(2));
  const Rational& a = x[0];
  const Rational& b = x[1];
  return {Surd{Rational(1), 1}, a * root2,      b * root2,
          Surd{a * a, 1},       Surd{b * b, 1}, (a * b) * root2};
}

Rational featureDot(const RationalVector& x, const RationalVector& z) {
  const std::vector<Surd> px = quadraticFeatureMap(x);
  const std::vector<Surd> pz = quadraticFeatureMap(z);
  if (px.empty() || pz.empty()) return Rational::approximate(std::nan(""));
  Rational sum(0);
  for (std::size_t k = 0; k < px.size(); ++k) {
    const Surd term = px[k] * pz[k];  // c√2·c′√2 = 2cc′: rational
    sum += term.isRational() ? term.coefficient : Rational::approximate(term.toDouble());
  }
  return sum;
}

namespace {

// The monomials of φ and the factor each carries in φ(x)·φ(z): 1, 2x₁z₁, 2x₂z₂, x₁²z₁², x₂²z₂²,
// 2x₁x₂z₁z₂.
RationalVector monomials(const RationalVector& x) {
  return {Rational(1), x[0], x[1], x[0] * x[0], x[1] * x[1], x[0] * x[1]};
}
const std::int64_t kMonomialFactor[6] = {1, 2, 2, 1, 1, 2};
const char* const kMonomialName[6] = {"", "x₁", "x₂", "x₁²", "x₂²", "x₁x₂"};
const char* const kMonomialKey[6] = {"1", "x1", "x2", "x1^2", "x2^2", "x1x2"};

}  // namespace

KernelPerceptronExample runKernelPerceptronExample(const ExactPoints& points, int maxEpochs) {
  KernelPerceptronExample result;
  result.error = checkBinaryPoints(points);
  if (!result.error.empty()) return result;
  const std::size_t n = points.size();
  result.gram.assign(n, RationalVector(n, Rational(0)));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j)
      result.gram[i][j] = quadraticKernel(points.x[i], points.x[j]);
  }
  const Dataset data = toDataset(points);
  PerceptronOptions options;
  options.useBias = false;  // 001's algorithm has no bias
  options.rule = MistakeRule::NonPositiveMargin;
  options.order = VisitOrder::Fixed;
  options.maxEpochs = maxEpochs;
  KernelPerceptron perceptron(data.x, data.y, KernelParams::polynomial(1.0, 1.0, 2), options);
  if (perceptron.status() == RunStatus::InvalidInput) {
    result.error = perceptron.message();
    return result;
  }
  KernelPerceptronEpoch epoch;
  while (!perceptron.finished()) {
    const PerceptronStep step = perceptron.step();
    if (step.mistake) ++epoch.mistakes;
    if (step.epochEnded) {
      for (Eigen::Index i = 0; i < perceptron.alpha().size(); ++i) {
        epoch.alphaAfter.push_back(Rational(std::llround(perceptron.alpha()(i))));
      }
      result.epochs.push_back(epoch);
      epoch = KernelPerceptronEpoch{};
    }
  }
  result.converged = perceptron.status() == RunStatus::Converged;
  for (Eigen::Index i = 0; i < perceptron.alpha().size(); ++i) {
    result.alpha.push_back(Rational(std::llround(perceptron.alpha()(i))));
  }
  // f(xᵢ) = Σⱼ αⱼyⱼKⱼᵢ, exactly.
  for (std::size_t i = 0; i < n; ++i) {
    Rational f(0);
    for (std::size_t j = 0; j < n; ++j)
      f += result.alpha[j] * Rational(points.y[j]) * result.gram[j][i];
    result.finalScores.push_back(f);
  }
  if (points.dimension() == 2) {
    result.polynomial.assign(6, Rational(0));
    for (std::size_t j = 0; j < n; ++j) {
      const RationalVector m = monomials(points.x[j]);
      for (std::size_t k = 0; k < 6; ++k) {
        result.polynomial[k] +=
            Rational(kMonomialFactor[k]) * result.alpha[j] * Rational(points.y[j]) * m[k];
      }
    }
  }
  return result;
}

Tutorial kernelPerceptronTutorial(const ExactPoints& points) {
  Tutorial tutorial;
  tutorial.id = "kernel-perceptron";
  tutorial.title = "The kernel perceptron learns XOR";
  tutorial.source = "course-notes 001, Transformations and The Kernel Trick";
  const KernelPerceptronExample r = runKernelPerceptronExample(points);
  if (!r.error.empty()) {
    tutorial.warnings.push_back(r.error);
    return tutorial;
  }
  const std::size_t n = points.size();
  if (points.dimension() == 2) {
    TutorialPage page;
    page.title = "The feature map φ and the kernel";
    page.paragraphs = {
        "φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂) maps the plane into 6 dimensions, where XOR is "
        "linearly separable. Its dot product never needs φ: φ(x)·φ(z) = 1 + 2x₁z₁ + 2x₂z₂ + x₁²z₁² "
        "+ x₂²z₂² + 2x₁x₂z₁z₂ = (1 + x·z)².",
        "Checked on the data, φ computed explicitly (√2·√2 = 2 exactly):",
    };
    for (std::size_t i = 0; i < std::min<std::size_t>(n, 4); ++i) {
      const auto phi = quadraticFeatureMap(points.x[i]);
      std::string text = "φ" + formula::vector(points.x[i]) + " = (";
      for (std::size_t k = 0; k < phi.size(); ++k) {
        std::string entry = phi[k].toString();
        if (!entry.empty() && entry[0] == '-') entry = "−" + entry.substr(1);
        text += (k ? ", " : "") + entry;
      }
      page.formulas.push_back({text + ")", ""});
    }
    // The identity on the pairs among the first points (a long list teaches nothing more).
    const std::size_t shown = std::min<std::size_t>(n, 4);
    for (std::size_t i = 0; i < shown; ++i) {
      for (std::size_t j = i; j < shown; ++j) {
        const Rational viaPhi = featureDot(points.x[i], points.x[j]);
        const Rational viaKernel = quadraticKernel(points.x[i], points.x[j]);
        page.formulas.push_back({"φ(" + formula::point(i) + ")·φ(" + formula::point(j) + ") = " +
                                     formula::number(viaPhi) + ",  (1 + " + formula::point(i) +
                                     "·" + formula::point(j) + ")² = " + formula::number(viaKernel),
                                 viaPhi == viaKernel ? "equal" : "DIFFERENT"});
        page.values.push_back(
            namedValue("phi_dot_" + std::to_string(i + 1) + std::to_string(j + 1), viaPhi));
      }
    }
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "The Gram matrix";
    page.paragraphs = {
        "Kᵢⱼ = (1 + xᵢ·xⱼ)²: a 6-dimensional dot product at the cost of a 2-dimensional one."};
    page.formulas.push_back({"K = " + formatMatrix(r.gram), ""});
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        page.values.push_back(
            namedValue("K_" + std::to_string(i + 1) + std::to_string(j + 1), r.gram[i][j]));
      }
    }
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "The run: αᵢ counts the mistakes on xᵢ";
    page.paragraphs = {
        "Start with α = 0 and visit the points in order; when yᵢ Σⱼ αⱼyⱼk(xⱼ, xᵢ) ≤ 0, add 1 to "
        "αᵢ. An epoch without a mistake ends the run."};
    for (std::size_t e = 0; e < r.epochs.size(); ++e) {
      page.formulas.push_back({"epoch " + std::to_string(e + 1) + ": " +
                                   std::to_string(r.epochs[e].mistakes) + " mistake" +
                                   (r.epochs[e].mistakes == 1 ? "" : "s") +
                                   ",  α = " + formula::vector(r.epochs[e].alphaAfter),
                               ""});
      page.values.push_back(
          namedValue("mistakes_epoch_" + std::to_string(e + 1), Rational(r.epochs[e].mistakes)));
    }
    page.paragraphs.push_back(r.converged ? "Converged after " + std::to_string(r.epochs.size()) +
                                                " epochs."
                                          : "Did not converge within the epoch cap.");
    if (!r.converged)
      tutorial.warnings.push_back("The kernel perceptron did not converge on these points.");
    for (std::size_t i = 0; i < n; ++i)
      page.values.push_back(namedValue("alpha_" + std::to_string(i + 1), r.alpha[i]));
    page.values.push_back(
        namedValue("epochs", Rational(static_cast<std::int64_t>(r.epochs.size()))));
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "The learned decision function";
    page.paragraphs = {"f(x) = Σⱼ αⱼyⱼ(1 + xⱼ·x)². Every training point has yᵢf(xᵢ) > 0:"};
    if (!r.polynomial.empty()) {
      std::vector<std::pair<Rational, std::string>> terms;
      for (std::size_t k = 0; k < 6; ++k) terms.emplace_back(r.polynomial[k], kMonomialName[k]);
      page.formulas.push_back({"f(x) = " + formula::linear(terms), "expanded"});
      for (std::size_t k = 0; k < 6; ++k) {
        page.values.push_back(
            namedValue(std::string("f_coefficient_") + kMonomialKey[k], r.polynomial[k]));
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      page.formulas.push_back(
          {"f(" + formula::point(i) + ") = " + formula::number(r.finalScores[i]),
           std::string("y = ") + (points.y[i] > 0 ? "+1" : "−1")});
      page.values.push_back(namedValue("f_" + std::to_string(i + 1), r.finalScores[i]));
    }
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
