// Whether a plane separates lifted points (feature_space/lifted_separability.hpp): XOR under the
// notes' maps, worked out by hand, and random sets labelled by a known plane or by coin flips.
#include "feature_space/lifted_separability.hpp"
#include "feature_space/feature_maps.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace kpg;

namespace {

// 001's XOR corners and the same corners at twice the radius.
Matrix xorTwoRadii() {
  Matrix x(8, 2);
  x << 1, 1, -1, -1, -1, 1, 1, -1, 2, 2, -2, -2, -2, 2, 2, -2;
  return x;
}
Vector xorLabels() {
  Vector y(8);
  y << -1, -1, 1, 1, -1, -1, 1, 1;
  return y;
}

}  // namespace

TEST_CASE("liftedSeparability: XOR under the notes' four maps", "[feature_space]") {
  const Matrix x = xorTwoRadii();
  const Vector y = xorLabels();
  // x₁x₂ is +1 and +4 on one diagonal, −1 and −4 on the other: the plane x₁x₂ = 0.
  CHECK(liftedSeparability(liftPoints(FeatureMap{FeatureMapKind::Product, 1}, x), y).verdict ==
        Separability::Separable);
  CHECK(liftedSeparability(liftPoints(FeatureMap{FeatureMapKind::Quadratic, 1}, x), y).verdict ==
        Separability::Separable);
  // (x₁², x₂²) sends (1, 1) and (−1, 1) to (1, 1): decided exactly.
  const SeparabilityResult squares =
      liftedSeparability(liftPoints(FeatureMap{FeatureMapKind::Squares, 1}, x), y);
  CHECK(squares.verdict == Separability::NotSeparable);
  CHECK(squares.reason == "points 1 and 3 are the same point with opposite labels");
  // The paraboloid's height is 2 and 8 on the two radii: in each slice, XOR; a plane meeting the
  // slice z = 2 cuts it along a line, and no line separates XOR.
  CHECK(liftedSeparability(liftPoints(FeatureMap{FeatureMapKind::Paraboloid, 1}, x), y).verdict ==
        Separability::NotSeparable);
  // One radius only: the paraboloid's points all lie in the plane φ₃ = 2, tested exactly there.
  const SeparabilityResult ring = liftedSeparability(
      liftPoints(FeatureMap{FeatureMapKind::Paraboloid, 1}, x.topRows(4)), y.head(4));
  CHECK(ring.verdict == Separability::NotSeparable);
  CHECK(ring.reason ==
        "the two classes' convex hulls meet in the plane φ₃ = const where all the "
        "lifted points lie");
}

TEST_CASE("liftedSeparability: random points labelled by a plane, and by coin flips",
          "[feature_space]") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 20; ++trial) {
    // Labels from a random plane, with the points nearer than 0.05 to it left out: margin ≥ 0.05,
    // so the hard-margin α stay far below C = 10⁴ (Σα = ‖w‖² ≤ 1/0.05² = 400).
    Eigen::Vector3d n(u(random), u(random), u(random));
    n.normalize();
    const double c = 0.3 * u(random);
    Matrix x(40, 3);
    Vector y(40);
    for (Index i = 0; i < 40;) {
      const Eigen::Vector3d p(u(random), u(random), u(random));
      const double d = n.dot(p) - c;
      if (std::abs(d) < 0.05) continue;
      x.row(i) = p.transpose();
      y(i++) = d > 0 ? 1 : -1;
    }
    if ((y.array() > 0).all() || (y.array() < 0).all()) continue;
    INFO("trial " << trial);
    CHECK(liftedSeparability(x, y).verdict == Separability::Separable);
    // 40 points with coin-flip labels: a plane realises at most 2·Σ_{k≤3} C(39, k) = 20 216 of
    // the 2⁴⁰ ≈ 1.1·10¹² labellings of points in general position (Cover 1965), so their hulls
    // meet (but with probability 2·10⁻⁸ per trial).
    Matrix many(40, 3);
    Vector coins(40);
    for (Index i = 0; i < 40; ++i) {
      many.row(i) << u(random), u(random), u(random);
      coins(i) = u(random) > 0 ? 1 : -1;
    }
    CHECK(liftedSeparability(many, coins).verdict == Separability::NotSeparable);
  }
}
