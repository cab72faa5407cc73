// map_exactness.hpp: which LIBSVM kernel a map reproduces, and which lab kernels have an exact
// 3-D map. Every "yes" is checked numerically: the map's φ·φ must equal the LIBSVM kernel value.

#include "feature_space/map_exactness.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;
using Catch::Matchers::Contains;

namespace {

// φ(x)·φ(z) = kernelValue(kernel, x, z) on random points, relative to ‖φ(x)‖‖φ(z)‖.
void checkExact(const FeatureMap& map, const KernelParams& kernel) {
  std::mt19937 engine(11);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::Vector2d x(uniform(engine), uniform(engine));
    const Eigen::Vector2d z(uniform(engine), uniform(engine));
    const Eigen::Vector3d px = liftPoint(map, x);
    const Eigen::Vector3d pz = liftPoint(map, z);
    CHECK(std::abs(px.dot(pz) - kernelValue(kernel, x, z)) <= 1e-12 * px.norm() * pz.norm());
  }
}

}  // namespace

TEST_CASE("Map exactness: quadratic scaled by gamma is polynomial degree 2, coef0 0",
          "[feature_space]") {
  const auto kernel = matchingLibsvmKernel({FeatureMapKind::Quadratic, 0.5});
  REQUIRE(kernel.has_value());
  CHECK(*kernel == KernelParams::polynomial(0.5, 0.0, 2));
  checkExact({FeatureMapKind::Quadratic, 0.5}, *kernel);
  CHECK(matchingLibsvmKernel({FeatureMapKind::Linear, 1.0}) == KernelParams::linear());
  CHECK(matchingLibsvmKernel({FeatureMapKind::Linear, 2.0}) ==
        KernelParams::polynomial(4.0, 0.0, 1));
  checkExact({FeatureMapKind::Linear, 2.0}, KernelParams::polynomial(4.0, 0.0, 1));
}

TEST_CASE("Map exactness: product, squares and paraboloid kernels are not LIBSVM kernels",
          "[feature_space]") {
  for (FeatureMapKind kind :
       {FeatureMapKind::Product, FeatureMapKind::Squares, FeatureMapKind::Paraboloid}) {
    CHECK_FALSE(matchingLibsvmKernel({kind, 1.0}).has_value());
    const MapTraining training = trainingFor(kind, 0.5);
    CHECK(training.onLiftedPoints);
    CHECK(training.kernel == KernelParams::linear());
    CHECK(training.map.kind == kind);
    CHECK(training.map.scale == 1.0);  // γ does not enter these maps
  }
  const MapTraining quadratic = trainingFor(FeatureMapKind::Quadratic, 0.25);
  CHECK_FALSE(quadratic.onLiftedPoints);
  CHECK(quadratic.kernel == KernelParams::polynomial(0.25, 0.0, 2));
  CHECK(quadratic.map.scale == 0.25);
  checkExact(quadratic.map, quadratic.kernel);
}

TEST_CASE("Map exactness: linear and polynomial degree 2 with coef0 0 have an exact map",
          "[feature_space]") {
  const ExactMapAnswer linear = exactFeatureMap(KernelParams::linear());
  REQUIRE(linear.map.has_value());
  CHECK(linear.map->kind == FeatureMapKind::Linear);
  CHECK(linear.map->scale == 1.0);
  checkExact(*linear.map, KernelParams::linear());

  const KernelParams poly2 = KernelParams::polynomial(0.5, 0.0, 2);
  const ExactMapAnswer quadratic = exactFeatureMap(poly2);
  REQUIRE(quadratic.map.has_value());
  CHECK(quadratic.map->kind == FeatureMapKind::Quadratic);
  CHECK(quadratic.map->scale == 0.5);
  CHECK_THAT(quadratic.reason, Contains("√2·x₁x₂"));
  checkExact(*quadratic.map, poly2);

  const KernelParams poly1 = KernelParams::polynomial(4.0, 0.0, 1);
  const ExactMapAnswer scaledLinear = exactFeatureMap(poly1);
  REQUIRE(scaledLinear.map.has_value());
  CHECK(scaledLinear.map->kind == FeatureMapKind::Linear);
  CHECK(scaledLinear.map->scale == 2.0);
  checkExact(*scaledLinear.map, poly1);
}

TEST_CASE("Map exactness: RBF, sigmoid, degree 3 and coef0 != 0 have no finite 3-D map",
          "[feature_space]") {
  const ExactMapAnswer rbf = exactFeatureMap(KernelParams::rbf(0.5));
  CHECK_FALSE(rbf.map.has_value());
  CHECK_THAT(rbf.reason, Contains("infinitely many coordinates") && Contains("kernel-PCA"));
  const ExactMapAnswer sigmoid = exactFeatureMap(KernelParams::sigmoid(0.5, -1.0));
  CHECK_FALSE(sigmoid.map.has_value());
  CHECK_THAT(sigmoid.reason, Contains("positive semi-definite"));
  const ExactMapAnswer cubic = exactFeatureMap(KernelParams::polynomial(1.0, 0.0, 3));
  CHECK_FALSE(cubic.map.has_value());
  CHECK_THAT(cubic.reason, Contains("4 monomials of degree 3"));
  const ExactMapAnswer withCoef0 = exactFeatureMap(KernelParams::polynomial(1.0, 1.0, 2));
  CHECK_FALSE(withCoef0.map.has_value());
  CHECK_THAT(withCoef0.reason, Contains("6 coordinates"));
  CHECK_FALSE(exactFeatureMap(KernelParams::polynomial(1.0, 1.0, 1)).map.has_value());
  CHECK_FALSE(exactFeatureMap(KernelParams::polynomial(1.0, -1.0, 1)).map.has_value());
  CHECK_FALSE(exactFeatureMap(KernelParams::polynomial(1.0, 0.0, 0)).map.has_value());
  // Every refusal offers the substitute.
  for (const KernelParams& kernel :
       {KernelParams::rbf(1), KernelParams::sigmoid(1, 0), KernelParams::polynomial(1, 0, 5)}) {
    CHECK_THAT(exactFeatureMap(kernel).reason, Contains("kernel-PCA coordinates"));
  }
}
