#include "kernels/kernel.hpp"
#include "kernels/gram_matrix.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using kpg::testing::vec;

TEST_CASE("Kernels: base kernel values match their formulas", "[kernels]") {
  const Vector x = vec({1, 3});
  const Vector z = vec({2, 1});
  // x·z = 5, ‖x − z‖² = 1 + 4 = 5.
  CHECK(kernelValue(KernelParams::linear(), x, z) == 5.0);
  CHECK(kernelValue(KernelParams::polynomial(1, 1, 2), x, z) == 36.0);      // (1 + 5)²
  CHECK(kernelValue(KernelParams::polynomial(0.5, 0, 3), x, z) == 15.625);  // 2.5³
  CHECK_THAT(kernelValue(KernelParams::rbf(0.5), x, z), WithinRel(std::exp(-2.5), 1e-15));
  CHECK_THAT(kernelValue(KernelParams::sigmoid(0.1, -1), x, z), WithinRel(std::tanh(-0.5), 1e-15));
}

TEST_CASE("Kernels: the sigma form of the Gaussian kernel is gamma = 1/(2 sigma^2)", "[kernels]") {
  const KernelParams k = KernelParams::rbfSigma(2.0);
  CHECK(k.gamma == 0.125);
  const Vector x = vec({0, 0});
  const Vector z = vec({2, 0});
  // exp(−‖x − z‖²/(2σ²)) = exp(−4/8)
  CHECK_THAT(kernelValue(k, x, z), WithinRel(std::exp(-0.5), 1e-15));
}

TEST_CASE("Gram matrix: the labelled data of the hand-solved example (001, Question 7)",
          "[kernels]") {
  // X' = diag(y)·X with X = [[1,3],[2,1],[0,1]], y = (1, 1, −1); the notes' X'X'ᵀ.
  Matrix labelled(3, 2);
  labelled << 1, 3, 2, 1, 0, -1;
  const Matrix g = gramMatrix(KernelParams::linear(), labelled);
  Matrix expected(3, 3);
  expected << 10, 5, -3, 5, 5, -1, -3, -1, 1;
  CHECK(g == expected);
}

TEST_CASE("Gram matrix: symmetric, unit diagonal for RBF, and equal to the cross matrix",
          "[kernels]") {
  Matrix x(4, 2);
  x << 0, 0, 1, 0, 0, 1, 1, 1;
  const KernelParams k = KernelParams::rbf(1.0);
  const Matrix g = gramMatrix(k, x);
  CHECK(g.isApprox(g.transpose(), 0.0));
  for (Eigen::Index i = 0; i < 4; ++i) CHECK(g(i, i) == 1.0);
  CHECK_THAT(g(0, 3), WithinRel(std::exp(-2.0), 1e-15));
  CHECK(crossKernelMatrix(k, x, x) == g);
}

TEST_CASE("Kernels: bad parameters are rejected by name, NaN included", "[kernels][bad-input]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_FALSE(validate(KernelParams::rbf(0.5)).has_value());
  CHECK(validate(KernelParams::rbf(-1))->parameter == "gamma");
  CHECK(validate(KernelParams::rbf(nan))->parameter == "gamma");
  CHECK(validate(KernelParams::sigmoid(inf, 0))->parameter == "gamma");
  CHECK(validate(KernelParams::sigmoid(1, nan))->parameter == "coef0");
  CHECK(validate(KernelParams::polynomial(1, 0, -1))->parameter == "degree");
  // LIBSVM 745fdb0 repro: -g 1e15 -d 1000000000 (docs/bad-inputs.md P3).
  CHECK(validate(KernelParams::polynomial(1e15, 0, 1000000000))->parameter == "degree");
}

TEST_CASE("Kernels: type names round-trip as LIBSVM spells them", "[kernels]") {
  for (KernelType t :
       {KernelType::Linear, KernelType::Polynomial, KernelType::Rbf, KernelType::Sigmoid}) {
    CHECK(kernelTypeFromName(kernelTypeName(t)) == t);
  }
  CHECK_FALSE(kernelTypeFromName("foo").has_value());
}
