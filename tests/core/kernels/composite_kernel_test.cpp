#include "kernels/composite_kernel.hpp"
#include "kernels/feature_map.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/mercer.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

Matrix randomPoints(Index n, Index d, std::uint32_t seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  Matrix x(n, d);
  for (Index i = 0; i < n; ++i)
    for (Index c = 0; c < d; ++c) x(i, c) = normal(engine);
  return x;
}

Vector vec2(double a, double b) {
  Vector v(2);
  v << a, b;
  return v;
}

}  // namespace

TEST_CASE("Kernel: construction rules evaluate to their formulas", "[kernels]") {
  const Vector x = vec2(1, 3);
  const Vector z = vec2(2, 1);  // x·z = 5, ‖x − z‖² = 5
  const Kernel linear = KernelParams::linear();
  const Kernel rbf = KernelParams::rbf(0.5);
  CHECK(linear(x, z) == 5.0);
  CHECK_THAT(Kernel::sum({{2.0, linear}, {3.0, rbf}})(x, z),
             WithinRel(10.0 + 3.0 * std::exp(-2.5), 1e-15));
  CHECK_THAT(Kernel::product({linear, rbf})(x, z), WithinRel(5.0 * std::exp(-2.5), 1e-15));
  CHECK(linear.scaled(4.0)(x, z) == 20.0);
  // q(k) = 1 + 2k + k² = (1 + x·z)², the polynomial kernel (1·x·z + 1)².
  CHECK(Kernel::polynomialOf(linear, {1, 2, 1})(x, z) == 36.0);
  CHECK_THAT(Kernel::expOf(linear.scaled(0.1))(x, z), WithinRel(std::exp(0.5), 1e-15));
  // The cosine: the linear kernel warped by f(x) = 1/‖x‖.
  CHECK_THAT(Kernel::warped(linear, Warp::inverseNorm())(x, z),
             WithinRel(5.0 / (std::sqrt(10.0) * std::sqrt(5.0)), 1e-15));
  CHECK(Kernel::warped(linear, Warp::callable([](const VectorRef& v) { return v(0); }))(x, z) ==
        10.0);
  Matrix a(2, 2);
  a << 2, 1, 1, 2;
  // xᵀAz with Az = (2·2 + 1, 2 + 2·1) = (5, 4): 1·5 + 3·4.
  CHECK(Kernel::quadraticForm(a)(x, z) == 17.0);
  // Kernels on sub-vectors x_a = x1, x_b = x2, combined by sum and by product.
  const Kernel ka = Kernel::onFeatures(linear, {0});
  const Kernel kb = Kernel::onFeatures(rbf, {1});
  CHECK_THAT(Kernel::sum({{1.0, ka}, {1.0, kb}})(x, z), WithinRel(2.0 + std::exp(-2.0), 1e-15));
  CHECK_THAT(Kernel::product({ka, kb})(x, z), WithinRel(2.0 * std::exp(-2.0), 1e-15));
  CHECK_FALSE(Kernel::product({ka, kb}).validate().has_value());
}

TEST_CASE("Kernel: the RBF kernel is exp(2 gamma x.x') warped by f(x) = exp(-gamma |x|^2)",
          "[kernels]") {
  // exp(−γ‖x − x'‖²) = e^{−γ‖x‖²} · e^{2γ x·x'} · e^{−γ‖x'‖²}: the rules "exp of a kernel" and
  // "f(x) k f(x')" rebuild the Gaussian kernel (001 "Extension: the RBF kernel").
  const double gamma = 0.3;
  const Kernel built = Kernel::warped(
      Kernel::expOf(Kernel(KernelParams::linear()).scaled(2 * gamma)), Warp::gaussian(gamma));
  const Matrix x = randomPoints(8, 3, 5);
  for (Index i = 0; i < 8; ++i)
    for (Index j = 0; j < 8; ++j)
      CHECK_THAT(built(x.row(i).transpose(), x.row(j).transpose()),
                 WithinRel(kernelValue(KernelParams::rbf(gamma), x.row(i).transpose(),
                                       x.row(j).transpose()),
                           1e-12));
}

TEST_CASE("Kernel: empty sums, bad weights and a non-PSD A are errors by name (P5)",
          "[kernels][bad-input]") {
  const Kernel linear = KernelParams::linear();
  CHECK(Kernel::sum({}).validate()->parameter == "terms");
  CHECK(Kernel::product({}).validate()->parameter == "factors");
  CHECK(Kernel::sum({{-1.0, linear}}).validate()->parameter == "weight");
  CHECK(Kernel::sum({{0.0, linear}}).validate()->parameter == "weight");
  CHECK(linear.scaled(std::nan("")).validate()->parameter == "weight");
  CHECK(Kernel::polynomialOf(linear, {1, -2}).validate()->parameter == "coefficients");
  Matrix notPsd(2, 2);
  notPsd << 1, 2, 2, 1;  // eigenvalues 3, −1
  CHECK(Kernel::quadraticForm(notPsd).validate()->parameter == "A");
  Matrix asymmetric(2, 2);
  asymmetric << 1, 0, 1, 1;
  CHECK(Kernel::quadraticForm(asymmetric).validate()->parameter == "A");
  CHECK(Kernel::onFeatures(linear, {}).validate()->parameter == "features");
  // Errors propagate up the tree, and an invalid kernel evaluates to NaN.
  const Kernel nested = Kernel::product({linear, Kernel::sum({{-2.0, linear}})});
  CHECK(nested.validate()->parameter == "weight");
  CHECK(std::isnan(nested(vec2(1, 1), vec2(1, 1))));
  CHECK(Kernel(KernelParams::rbf(-1)).validate()->parameter == "gamma");
}

TEST_CASE("Mercer check: valid constructions are PSD on data, the sigmoid kernel is not",
          "[kernels]") {
  const Matrix x = randomPoints(25, 2, 9);
  Matrix a(2, 2);
  a << 2, 1, 1, 1;
  const Kernel linear = KernelParams::linear();
  const std::vector<Kernel> valid = {
      Kernel::sum({{0.5, KernelParams::rbf(1.0)}, {2.0, KernelParams::polynomial(1, 1, 3)}}),
      Kernel::product({KernelParams::rbf(0.2), Kernel::quadraticForm(a)}),
      Kernel::polynomialOf(linear, {1, 0.5, 0.25}),
      Kernel::expOf(linear.scaled(0.2)),
      Kernel::warped(KernelParams::rbf(1.0),
                     Warp::callable([](const VectorRef& v) { return std::sin(3 * v(0)) - v(1); })),
  };
  for (const Kernel& k : valid) {
    REQUIRE_FALSE(k.validate().has_value());
    const MercerReport r = mercerCheck(gramMatrix(k, x));
    CHECK(r.positiveSemidefinite);
    CHECK(r.negativeCount == 0);
  }
  // tanh(x·x' − 1): inside the unit disc the diagonal tanh(‖x‖² − 1) is negative, so K has a
  // negative eigenvalue no tolerance can hide.
  Matrix inside(4, 2);
  inside << 0, 0, 0.2, 0.1, -0.3, 0.2, 0.1, -0.4;
  const MercerReport sig = mercerCheck(gramMatrix(KernelParams::sigmoid(1.0, -1.0), inside));
  CHECK_FALSE(sig.positiveSemidefinite);
  CHECK(sig.mostNegativeEigenvalue < -0.5);
  CHECK(sig.mostNegativeEigenvalue == sig.eigenvalues(0));
  // A mix containing it: the rules cannot vouch for it, the data check catches it.
  const Kernel mix = Kernel::sum({{1.0, KernelParams::sigmoid(1.0, -1.0)}, {0.1, linear}});
  CHECK_FALSE(mercerCheck(gramMatrix(mix, inside)).positiveSemidefinite);
}
