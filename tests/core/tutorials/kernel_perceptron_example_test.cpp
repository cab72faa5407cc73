#include "tutorials/kernel_perceptron_example.hpp"

#include <catch2/catch.hpp>

using kpg::Rational;
using kpg::RationalVector;

TEST_CASE("KernelPerceptronExample: XOR converges with alpha = (1, 1, 1, 1) and f = -8 x1 x2",
          "[tutorials]") {
  // By hand, K = 8I + 11ᵀ (k = 9 on the diagonal, (1 + x·z)² = 1 off it). Epoch 1: x₁ mistake
  // (score 0), x₂ correct (−1·y₂ > 0), x₃ mistake (score −1), x₄ mistake (score 0); epoch 2: x₂
  // mistake (score 1 with y₂ = −1); epoch 3: none. f(x) = −(1 + x₁ + x₂)² − (1 − x₁ − x₂)²
  // + (1 − x₁ + x₂)² + (1 + x₁ − x₂)² = −8x₁x₂.
  const kpg::KernelPerceptronExample r = kpg::runKernelPerceptronExample(kpg::xorNotesData());
  REQUIRE(r.error.empty());
  CHECK(r.converged);
  REQUIRE(r.epochs.size() == 3);
  CHECK(r.epochs[0].mistakes == 3);
  CHECK(r.epochs[0].alphaAfter == RationalVector{1, 0, 1, 1});
  CHECK(r.epochs[1].mistakes == 1);
  CHECK(r.epochs[2].mistakes == 0);
  CHECK(r.alpha == RationalVector{1, 1, 1, 1});
  CHECK(r.polynomial == RationalVector{0, 0, 0, 0, 0, -8});
  CHECK(r.finalScores == RationalVector{-8, -8, 8, 8});
  CHECK(r.gram[0][0] == Rational(9));
  CHECK(r.gram[0][1] == Rational(1));
}

TEST_CASE("KernelPerceptronExample: phi(x).phi(z) equals (1 + x.z)^2 exactly", "[tutorials]") {
  const RationalVector points[] = {
      {1, 1}, {-1, 1}, {1, 3}, {2, 1}, {Rational(1, 2), Rational(-3, 4)}, {0, 0}};
  for (const auto& x : points) {
    for (const auto& z : points) {
      const Rational xz = kpg::dot(x, z);
      CHECK(kpg::featureDot(x, z) == (Rational(1) + xz) * (Rational(1) + xz));
    }
  }
  // φ(1, 1) = (1, √2, √2, 1, 1, √2) (course-notes 001).
  const auto phi = kpg::quadraticFeatureMap({1, 1});
  REQUIRE(phi.size() == 6);
  CHECK(phi[1].toString() == "√2");
  CHECK(phi[3].toString() == "1");
  CHECK(phi[5].toString() == "√2");
}
