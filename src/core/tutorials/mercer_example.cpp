#include "tutorials/mercer_example.hpp"

#include "kernels/gram_matrix.hpp"
#include "tutorials/formula_text.hpp"
#include "tutorials/kernel_perceptron_example.hpp"

#include <Eigen/Eigenvalues>

#include <cmath>

namespace kpg {

MercerExampleInput mercerNotesExample() {
  MercerExampleInput input;
  input.points = xorNotesData();
  input.kernel = KernelParams::polynomial(1.0, 1.0, 2);
  input.sigmoidPoints = exactPoints({{1, 0}, {2, 0}}, {1, -1});
  input.sigmoid = KernelParams::sigmoid(1.0, 0.0);
  input.distanceFrom = {Rational(1), Rational(1)};
  input.distanceTo = {Rational(1), Rational(-1)};
  return input;
}

SpectrumCheck checkSpectrum(const Matrix& gram) {
  SpectrumCheck check;
  check.gram = gram;
  if (gram.rows() == 0) return check;
  const Eigen::SelfAdjointEigenSolver<Matrix> solver(gram);
  check.eigenvalues = solver.eigenvalues();
  check.lowestEigenvector = solver.eigenvectors().col(0);
  check.tolerance = 1e-10 * std::max(1.0, check.eigenvalues.cwiseAbs().maxCoeff());
  check.positiveSemidefinite = check.eigenvalues(0) >= -check.tolerance;
  return check;
}

Rational kernelDistanceSquared(const RationalVector& a, const RationalVector& b) {
  return quadraticKernel(a, a) - Rational(2) * quadraticKernel(a, b) + quadraticKernel(b, b);
}

Rational featureDistanceSquared(const RationalVector& a, const RationalVector& b) {
  const std::vector<Surd> pa = quadraticFeatureMap(a);
  const std::vector<Surd> pb = quadraticFeatureMap(b);
  if (pa.empty() || pb.empty()) return Rational::approximate(std::nan(""));
  Rational sum(0);
  for (std::size_t k = 0; k < pa.size(); ++k) {
    // Entry k has the same radicand (1 or 2) for every x, so the difference is (cₐ − c_b)√r.
    const Rational c = pa[k].coefficient - pb[k].coefficient;
    sum += c * c * Rational(pa[k].radicand);
  }
  return sum;
}

namespace {

NamedValue kernelEntry(std::string name, double value) {
  // Integer entries (polynomial kernels on integer points) are shown exactly.
  if (std::isfinite(value) && std::abs(value) < 1e15 && value == std::round(value)) {
    return namedValue(std::move(name), Rational(static_cast<std::int64_t>(std::llround(value))));
  }
  return namedDouble(std::move(name), value);
}

double cleaned(double value, double tolerance) {
  return std::abs(value) <= tolerance ? 0.0 : value;
}

std::string matrixText(const Matrix& m) {
  std::string text = "[";
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    text += r ? ", [" : "[";
    for (Eigen::Index c = 0; c < m.cols(); ++c) text += (c ? ", " : "") + formatDecimal(m(r, c));
    text += "]";
  }
  return text + "]";
}

std::string spectrumText(const SpectrumCheck& check) {
  std::string text = "eigenvalues: ";
  for (Eigen::Index k = 0; k < check.eigenvalues.size(); ++k) {
    text += (k ? ", " : "") + formatDecimal(cleaned(check.eigenvalues(k), check.tolerance));
  }
  return text;
}

void addSpectrumValues(TutorialPage& page, const std::string& prefix, const SpectrumCheck& check) {
  for (Eigen::Index k = 0; k < check.eigenvalues.size(); ++k) {
    // Eigenvalues of an integer matrix can be irrational: always reported as doubles.
    page.values.push_back(namedDouble(prefix + "eigenvalue_" + std::to_string(k + 1),
                                      cleaned(check.eigenvalues(k), check.tolerance)));
  }
  page.values.push_back(namedValue(prefix + "psd", Rational(check.positiveSemidefinite ? 1 : 0)));
}

}  // namespace

Tutorial mercerTutorial(const MercerExampleInput& input) {
  Tutorial tutorial;
  tutorial.id = "mercer";
  tutorial.title = "The kernel trick and Mercer's condition";
  tutorial.source = "course-notes 000: Kernels, Building Kernel; 004: the kernel trick, Mercer";
  if (auto error = validate(input.kernel)) {
    tutorial.warnings.push_back(error->message);
    return tutorial;
  }
  if (input.points.size() == 0) {
    tutorial.warnings.push_back("no points");
    return tutorial;
  }
  const Dataset data = toDataset(input.points);
  const std::size_t n = input.points.size();
  {
    TutorialPage page;
    page.title = "A Gram matrix and its eigenvalues";
    const SpectrumCheck check = checkSpectrum(gramMatrix(input.kernel, data.x));
    page.paragraphs = {
        "Mercer: k is a kernel — a dot product φ(x)·φ(z) in some feature space — exactly when "
        "every Gram matrix Kᵢⱼ = k(xᵢ, xⱼ) is positive semi-definite: cᵀKc ≥ 0 for all c, i.e. "
        "all its eigenvalues are ≥ 0.",
        "For k(x, z) = " + describe(input.kernel) + " on the " + std::to_string(n) + " points:",
    };
    page.formulas.push_back({"K = " + matrixText(check.gram), ""});
    page.formulas.push_back({spectrumText(check), ""});
    page.formulas.push_back({check.positiveSemidefinite
                                 ? "all ≥ 0: positive semi-definite"
                                 : "a negative eigenvalue: NOT positive semi-definite",
                             ""});
    for (Eigen::Index i = 0; i < check.gram.rows(); ++i) {
      for (Eigen::Index j = 0; j < check.gram.cols(); ++j) {
        page.values.push_back(
            kernelEntry("K_" + std::to_string(i + 1) + std::to_string(j + 1), check.gram(i, j)));
      }
    }
    addSpectrumValues(page, "", check);
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "The sigmoid kernel is not a Mercer kernel";
    const Dataset sigmoidData = toDataset(input.sigmoidPoints);
    const SpectrumCheck check = checkSpectrum(gramMatrix(input.sigmoid, sigmoidData.x));
    page.paragraphs = {
        "The hyperbolic (sigmoid) kernel k(x, z) = tanh(γx·z + r) is popular (004 lists it) but "
        "not positive semi-definite in general: one Gram matrix with a negative eigenvalue is "
        "enough to show it.",
        "k(x, z) = " + describe(input.sigmoid) + " on the points:",
    };
    for (std::size_t i = 0; i < input.sigmoidPoints.size(); ++i) {
      page.formulas.push_back(
          {formula::point(i) + " = " + formula::vector(input.sigmoidPoints.x[i]), ""});
    }
    page.formulas.push_back({"K = " + matrixText(check.gram), ""});
    page.formulas.push_back({spectrumText(check), ""});
    if (!check.positiveSemidefinite) {
      std::string c = "(";
      for (Eigen::Index k = 0; k < check.lowestEigenvector.size(); ++k) {
        c += (k ? ", " : "") + formatDecimal(check.lowestEigenvector(k));
      }
      page.formulas.push_back(
          {"c = " + c + "): cᵀKc = λ_min = " + formatDecimal(check.eigenvalues(0)) + " < 0",
           "a 'squared length' below zero: no φ can exist"});
    } else {
      page.paragraphs.push_back(
          "On these points the matrix happens to be PSD; other points break it.");
    }
    for (Eigen::Index i = 0; i < check.gram.rows(); ++i) {
      for (Eigen::Index j = 0; j < check.gram.cols(); ++j) {
        page.values.push_back(kernelEntry(
            "sigmoid_K_" + std::to_string(i + 1) + std::to_string(j + 1), check.gram(i, j)));
      }
    }
    addSpectrumValues(page, "sigmoid_", check);
    tutorial.pages.push_back(page);
  }
  if (input.distanceFrom.size() == 2 && input.distanceTo.size() == 2) {
    TutorialPage page;
    page.title = "Distances in feature space";
    const RationalVector& a = input.distanceFrom;
    const RationalVector& b = input.distanceTo;
    const Rational viaKernel = kernelDistanceSquared(a, b);
    const Rational viaPhi = featureDistanceSquared(a, b);
    const RationalVector diff = a - b;
    const Rational notesFormula = quadraticKernel(diff, diff);
    page.paragraphs = {
        "The kernel also gives distances between images without computing φ (000, kernel k-NN): "
        "‖φ(x) − φ(z)‖² = φ(x)·φ(x) − 2φ(x)·φ(z) + φ(z)·φ(z) = k(x,x) − 2k(x,z) + k(z,z).",
        "With k(x, z) = (1 + x·z)² and its explicit φ (course-notes 001), x = " +
            formula::vector(a) + ", z = " + formula::vector(b) + ":",
    };
    page.formulas.push_back(
        {"k(x,x) − 2k(x,z) + k(z,z) = " + formula::number(quadraticKernel(a, a)) + " − 2·" +
             formula::number(quadraticKernel(a, b)) + " + " +
             formula::number(quadraticKernel(b, b)) + " = " + formula::number(viaKernel),
         ""});
    page.formulas.push_back({"‖φ(x) − φ(z)‖² from φ = " + formula::number(viaPhi),
                             viaPhi == viaKernel ? "equal" : "DIFFERENT"});
    page.formulas.push_back({"‖φ(x) − φ(z)‖ = " + sqrtOf(viaKernel).toStringWithDecimal(), ""});
    page.values.push_back(namedValue("distance_squared", viaKernel));
    page.values.push_back(namedValue("distance_squared_from_phi", viaPhi));
    page.values.push_back(namedValue("distance", sqrtOf(viaKernel)));
    page.values.push_back(namedValue("notes_formula_k_of_difference", notesFormula));
    page.notesCorrection =
        "course-notes 004 writes ‖φ(x) − φ(y)‖ = √K(x − y, x − y). That holds for the linear "
        "kernel "
        "only; in general it is √(K(x,x) − 2K(x,y) + K(y,y)). Here K(x − z, x − z) = " +
        notesFormula.toString() + ", not " + viaKernel.toString() + ".";
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "Building kernels from kernels";
    const KernelParams linear = KernelParams::linear();
    const KernelParams rbf = KernelParams::rbf(0.5);
    const Matrix k1 = gramMatrix(linear, data.x);
    const Matrix k2 = gramMatrix(rbf, data.x);
    const SpectrumCheck sum = checkSpectrum(k1 + k2);
    const SpectrumCheck product = checkSpectrum(k1.cwiseProduct(k2));
    const SpectrumCheck difference = checkSpectrum(k1 - k2);
    page.paragraphs = {
        "Course-notes 000 lists rules that keep a kernel valid, e.g. c₁k₁ + c₂k₂ (c₁, c₂ > 0) and "
        "k₁·k₂. A difference k₁ − k₂ is not among them. With k₁ = x·z and k₂ = exp(−0.5‖x − z‖²) "
        "on the points, the smallest eigenvalues are:"};
    page.formulas.push_back(
        {"k₁ + k₂: λ_min = " + formatDecimal(cleaned(sum.eigenvalues(0), sum.tolerance)),
         sum.positiveSemidefinite ? "PSD" : "not PSD"});
    page.formulas.push_back(
        {"k₁·k₂:  λ_min = " + formatDecimal(cleaned(product.eigenvalues(0), product.tolerance)),
         product.positiveSemidefinite ? "PSD" : "not PSD"});
    page.formulas.push_back({"k₁ − k₂: λ_min = " + formatDecimal(cleaned(difference.eigenvalues(0),
                                                                         difference.tolerance)),
                             difference.positiveSemidefinite ? "PSD on these points" : "not PSD"});
    page.values.push_back(
        namedDouble("sum_lambda_min", cleaned(sum.eigenvalues(0), sum.tolerance)));
    page.values.push_back(
        namedDouble("product_lambda_min", cleaned(product.eigenvalues(0), product.tolerance)));
    page.values.push_back(namedDouble("difference_lambda_min",
                                      cleaned(difference.eigenvalues(0), difference.tolerance)));
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
