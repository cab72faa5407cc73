// feature_maps.hpp: the maps of notes 000 and 004 with their kernels. φ(x)·φ(z) and the closed
// form k(x, z) are two independent computations; they must agree to 1e-12 relative.

#include "feature_space/feature_maps.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const std::vector<FeatureMapKind> kAllKinds{FeatureMapKind::Quadratic, FeatureMapKind::Product,
                                            FeatureMapKind::Squares, FeatureMapKind::Paraboloid,
                                            FeatureMapKind::Linear};

// The points of the notes: XOR (001 "Transformations", "Let's revisit the XOR"), the hand-solved
// example (001 Question 7) and the perceptron example (002).
std::vector<Eigen::Vector2d> notesPoints() {
  return {{1, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 3}, {2, 1}, {0, 1}, {1, 2}, {4, 1}, {2, 2}};
}

// Relative to ‖φ(x)‖‖φ(z)‖, the bound |k| ≤ ‖φ(x)‖‖φ(z)‖ of Cauchy–Schwarz: where x·z cancels
// (the XOR pair (1, 1), (1, −1) has k = 0 exactly) a relative error against k itself is 0/0.
// Where k is not small against that bound, it is also checked relative to k itself.
void checkKernelTrick(const FeatureMap& map, const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  const Eigen::Vector3d px = liftPoint(map, x);
  const Eigen::Vector3d pz = liftPoint(map, z);
  const double k = featureMapKernel(map, x, z);
  const double bound = px.norm() * pz.norm();
  INFO("map " << featureMapName(map.kind) << " scale " << map.scale << " x = " << x.transpose()
              << " z = " << z.transpose());
  CHECK(std::abs(px.dot(pz) - k) <= 1e-12 * bound);
  if (std::abs(k) > 1e-3 * bound) CHECK_THAT(px.dot(pz), WithinRel(k, 1e-12));
}

}  // namespace

TEST_CASE("Feature maps: names round-trip and the issue's four lifts come in its order",
          "[feature_space]") {
  for (FeatureMapKind kind : kAllKinds) {
    CHECK(featureMapKindFromName(featureMapName(kind)) == kind);
  }
  CHECK(featureMapName(FeatureMapKind::Quadratic) == "quadratic");
  CHECK(featureMapName(FeatureMapKind::Paraboloid) == "paraboloid");
  CHECK_FALSE(featureMapKindFromName("kpca").has_value());
  CHECK_FALSE(featureMapKindFromName("Quadratic").has_value());
  CHECK(liftingMapKinds() ==
        std::vector<FeatureMapKind>{FeatureMapKind::Quadratic, FeatureMapKind::Product,
                                    FeatureMapKind::Squares, FeatureMapKind::Paraboloid});
}

TEST_CASE("Feature maps: labels give the exact coordinates and kernel of each map",
          "[feature_space]") {
  CHECK(featureMapLabel(FeatureMapKind::Quadratic).coordinates == "φ(x) = (x₁², √2·x₁x₂, x₂²)");
  CHECK(featureMapLabel(FeatureMapKind::Quadratic).kernel == "k(x, z) = (x·z)²");
  CHECK(featureMapLabel(FeatureMapKind::Product).kernel == "k(x, z) = x·z + x₁x₂z₁z₂");
  CHECK(featureMapLabel(FeatureMapKind::Squares).kernel == "k(x, z) = x₁²z₁² + x₂²z₂²");
  CHECK(featureMapLabel(FeatureMapKind::Paraboloid).kernel == "k(x, z) = x·z + ‖x‖²‖z‖²");
  CHECK(describe(FeatureMap{FeatureMapKind::Quadratic, 1.0}) == "φ(x) = (x₁², √2·x₁x₂, x₂²)");
  CHECK(describe(FeatureMap{FeatureMapKind::Quadratic, 0.5}) == "φ(x) = 0.5·(x₁², √2·x₁x₂, x₂²)");
}

TEST_CASE("Feature maps: the XOR points map as the notes draw them", "[feature_space]") {
  const double r2 = std::sqrt(2.0);
  // 000: (x₁², √2 x₁x₂, x₂²); the middle coordinate is √2·x₁x₂, the sign of the XOR class.
  CHECK(quadraticMap({1, -1}) == Eigen::Vector3d(1, -r2, 1));
  CHECK(quadraticMap({-1, -1}) == Eigen::Vector3d(1, r2, 1));
  // 004 example 1: (x, y, xy).
  CHECK(productMap({-1, 1}) == Eigen::Vector3d(-1, 1, -1));
  // 004 example 2: (x², y²) in the plane x₃ = 0: all four XOR points land on (1, 1, 0).
  for (const Eigen::Vector2d& p : notesPoints()) CHECK(squaresMap(p)(2) == 0.0);
  CHECK(squaresMap({-1, 1}) == Eigen::Vector3d(1, 1, 0));
  CHECK(paraboloidMap({1, 3}) == Eigen::Vector3d(1, 3, 10));
  CHECK(linearMap({2, 1}) == Eigen::Vector3d(2, 1, 0));
}

TEST_CASE("Feature maps: phi(x).phi(z) equals k(x, z) on the notes' points", "[feature_space]") {
  for (FeatureMapKind kind : kAllKinds) {
    for (double scale : {1.0, 0.5, 3.0}) {
      for (const Eigen::Vector2d& x : notesPoints()) {
        for (const Eigen::Vector2d& z : notesPoints()) checkKernelTrick({kind, scale}, x, z);
      }
    }
  }
  // The values by hand, so that the closed forms are not only consistent but right.
  CHECK(quadraticKernel({1, 3}, {2, 1}) == 25.0);         // (2 + 3)²
  CHECK(productKernel({1, 3}, {2, 1}) == 5.0 + 6.0);      // x·z + (1·3)(2·1)
  CHECK(squaresKernel({1, 3}, {2, 1}) == 4.0 + 9.0);      // 1·4 + 9·1
  CHECK(paraboloidKernel({1, 3}, {2, 1}) == 5.0 + 50.0);  // x·z + 10·5
  CHECK(linearKernel({1, 3}, {2, 1}) == 5.0);
  CHECK(quadraticKernel({1, 1}, {1, -1}) == 0.0);  // XOR: orthogonal images
}

TEST_CASE("Feature maps: phi(x).phi(z) equals k(x, z) on 200 random pairs", "[feature_space]") {
  std::mt19937 engine(27);
  std::uniform_real_distribution<double> uniform(-3.0, 3.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Vector2d x(uniform(engine), uniform(engine));
    const Eigen::Vector2d z(uniform(engine), uniform(engine));
    for (FeatureMapKind kind : kAllKinds) {
      checkKernelTrick({kind, 1.0}, x, z);
      checkKernelTrick({kind, 0.37}, x, z);
    }
  }
}

TEST_CASE("Feature maps: the quadratic map scaled by gamma is the lab's (gamma x.z)^2",
          "[feature_space]") {
  std::mt19937 engine(5);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (double gamma : {0.1, 0.5, 2.0}) {
    const KernelParams lab = KernelParams::polynomial(gamma, 0.0, 2);
    for (int trial = 0; trial < 50; ++trial) {
      const Eigen::Vector2d x(uniform(engine), uniform(engine));
      const Eigen::Vector2d z(uniform(engine), uniform(engine));
      const FeatureMap map{FeatureMapKind::Quadratic, gamma};
      const double bound = liftPoint(map, x).norm() * liftPoint(map, z).norm();
      CHECK(std::abs(liftPoint(map, x).dot(liftPoint(map, z)) - kernelValue(lab, x, z)) <=
            1e-12 * bound);
    }
  }
}

TEST_CASE("Feature maps: liftPoints lifts every row and refuses points that are not 2-D",
          "[feature_space]") {
  const Matrix x = kpg::testing::rows({{1, 3}, {2, 1}, {0, 1}, {-1.5, 0.25}});
  for (FeatureMapKind kind : kAllKinds) {
    const FeatureMap map{kind, 0.8};
    const Matrix lifted = liftPoints(map, x);
    REQUIRE(lifted.rows() == 4);
    REQUIRE(lifted.cols() == 3);
    for (Index i = 0; i < x.rows(); ++i) {
      CHECK(Eigen::Vector3d(lifted.row(i).transpose()) ==
            liftPoint(map, Eigen::Vector2d(x(i, 0), x(i, 1))));
    }
  }
  CHECK(liftPoints({}, Matrix::Zero(3, 3)).size() == 0);
  CHECK(liftPoints({}, Matrix::Zero(0, 2)).rows() == 0);
  CHECK_THAT(liftPoint({FeatureMapKind::Paraboloid, 2.0}, {1, 1})(2), WithinAbs(4.0, 0.0));
}
