#include "kernels/feature_map.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;

TEST_CASE("Feature maps: phi(x).phi(y) equals the kernel value on random points", "[kernels]") {
  std::mt19937 engine(17);
  std::uniform_real_distribution<double> uniform(-3.0, 3.0);
  for (int trial = 0; trial < 50; ++trial) {
    Vector x(2), y(2);
    x << uniform(engine), uniform(engine);
    y << uniform(engine), uniform(engine);
    const double dot = x.dot(y);
    const Vector px = quadraticFeatureMap2d(x);
    const Vector py = quadraticFeatureMap2d(y);
    REQUIRE(px.size() == 6);
    CHECK_THAT(px.dot(py), WithinAbs((1 + dot) * (1 + dot), 1e-10));
    CHECK_THAT(px.dot(py), WithinAbs(kernelValue(KernelParams::polynomial(1, 1, 2), x, y), 1e-10));
  }
}

TEST_CASE("Feature maps: the XOR points of notes 001 map as printed there", "[kernels]") {
  const double r2 = std::sqrt(2.0);
  Vector x(2);
  x << -1, 1;
  Vector expected(6);
  expected << 1, -r2, r2, 1, 1, -r2;
  CHECK(quadraticFeatureMap2d(x) == expected);
  // In the 6-dim space the sixth coordinate √2·x1·x2 alone separates XOR: sign(x1 x2).
  for (double a : {-1.0, 1.0})
    for (double b : {-1.0, 1.0}) {
      Vector p(2);
      p << a, b;
      CHECK(quadraticFeatureMap2d(p)(5) * (a * b) > 0);
    }
  CHECK(quadraticFeatureMap2d(Vector::Zero(3)).size() == 0);
}
