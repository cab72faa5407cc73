// Kernel PCA against scikit-learn's KernelPCA (Debian python3-sklearn 1.2.1), run through the
// system python3. scikit-learn's eigenvalues_ are the eigenvalues of the centred Gram matrix K̃
// (not divided by N), the same convention as KernelPca::eigenvalues(); its transform() centres
// the test kernel rows with KernelCenterer, as KernelPca::project() does.

#include "kernel_pca/kernel_pca.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::testing;

namespace {

// Debian's interpreter: a python3 earlier on PATH (pyenv) may lack scikit-learn.
constexpr const char* kPython = "/usr/bin/python3";

Matrix moons(int n, double phase) {
  Matrix x(n, 2);
  for (int i = 0; i < n; ++i) {
    const double t = 3.14159 * i / (n - 1);
    const bool upper = i % 2 == 0;
    x(i, 0) = (upper ? std::cos(t) : 1 - std::cos(t)) + 0.1 * std::sin(7.3 * i + phase);
    x(i, 1) = (upper ? std::sin(t) : 0.5 - std::sin(t)) + 0.1 * std::cos(5.1 * i + phase);
  }
  return x;
}

std::string toText(const Matrix& x) {
  std::string text;
  char buffer[64];
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
      std::snprintf(buffer, sizeof buffer, "%s%.17g", j ? " " : "", x(i, j));
      text += buffer;
    }
    text += "\n";
  }
  return text;
}

struct SklearnResult {
  Vector eigenvalues;
  Matrix trainProjections;
  Matrix testProjections;
};

// Runs KernelPCA(dense eigensolver) and reads back eigenvalues_, fit_transform(X), transform(T).
SklearnResult runSklearn(const Matrix& train, const Matrix& test, const std::string& kernelArgs,
                         int components) {
  TempDir dir;
  writeFile(dir.file("train.txt"), toText(train));
  writeFile(dir.file("test.txt"), toText(test));
  const std::string script =
      "import numpy as np\n"
      "from sklearn.decomposition import KernelPCA\n"
      "X = np.loadtxt('" +
      dir.file("train.txt") +
      "', ndmin=2)\n"
      "T = np.loadtxt('" +
      dir.file("test.txt") +
      "', ndmin=2)\n"
      "k = KernelPCA(n_components=" +
      std::to_string(components) + ", " + kernelArgs +
      ", eigen_solver='dense')\n"
      "Y = k.fit_transform(X)\n"
      "Z = k.transform(T)\n"
      "print(' '.join(repr(float(v)) for v in k.eigenvalues_))\n"
      "for M in (Y, Z):\n"
      "  for r in M: print(' '.join(repr(float(v)) for v in r))\n";
  writeFile(dir.file("run.py"), script);
  const ProcessResult result = runProcess(std::string(kPython) + " " + dir.file("run.py"));
  INFO(result.errors);
  REQUIRE(result.exitCode == 0);
  std::istringstream lines(result.output);
  std::string line;
  const auto readRow = [&](Eigen::Index count) {
    REQUIRE(std::getline(lines, line));
    std::istringstream values(line);
    Vector row(count);
    for (Eigen::Index j = 0; j < count; ++j) REQUIRE(values >> row(j));
    return row;
  };
  SklearnResult out;
  out.eigenvalues = readRow(components);
  out.trainProjections.resize(train.rows(), components);
  for (Eigen::Index i = 0; i < train.rows(); ++i) out.trainProjections.row(i) = readRow(components);
  out.testProjections.resize(test.rows(), components);
  for (Eigen::Index i = 0; i < test.rows(); ++i) out.testProjections.row(i) = readRow(components);
  return out;
}

void compareWithSklearn(const KernelParams& kernel, const std::string& kernelArgs) {
  const Matrix train = moons(40, 0.0);
  const Matrix test = moons(9, 1.3);
  const int components = 4;
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = components;
  REQUIRE(kpca.compute(train, kernel, options).info() == ComputeStatus::Success);
  const SklearnResult reference = runSklearn(train, test, kernelArgs, components);

  const Matrix ours = kpca.trainingProjections();
  const Matrix oursTest = kpca.projectRows(test);
  for (int i = 0; i < components; ++i) {
    INFO("component " << i);
    const double lambda = reference.eigenvalues(i);
    CHECK(std::abs(kpca.eigenvalues()(i) - lambda) <= 1e-8 * std::abs(lambda));
    // Equal up to a sign per component (eigenvectors are determined only up to sign).
    const double sign = ours.col(i).dot(reference.trainProjections.col(i)) >= 0 ? 1.0 : -1.0;
    const double scale = reference.trainProjections.col(i).cwiseAbs().maxCoeff();
    CHECK((sign * ours.col(i) - reference.trainProjections.col(i)).cwiseAbs().maxCoeff() <=
          1e-8 * scale);
    CHECK((sign * oursTest.col(i) - reference.testProjections.col(i)).cwiseAbs().maxCoeff() <=
          1e-8 * scale);
  }
}

}  // namespace

TEST_CASE("KernelPca: matches scikit-learn's KernelPCA with the RBF kernel", "[kpca][reference]") {
  compareWithSklearn(KernelParams::rbf(2.0), "kernel='rbf', gamma=2.0");
}

TEST_CASE("KernelPca: matches scikit-learn's KernelPCA with a polynomial kernel",
          "[kpca][reference]") {
  compareWithSklearn(KernelParams::polynomial(0.5, 1.0, 3),
                     "kernel='poly', gamma=0.5, coef0=1.0, degree=3");
}
