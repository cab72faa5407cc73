#include "tutorials/mercer_example.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("MercerExample: (1 + x.z)^2 on XOR has eigenvalues 8, 8, 8, 12", "[tutorials]") {
  // K = 8I + 11ᵀ: 11ᵀ has eigenvalues 4, 0, 0, 0.
  const kpg::Tutorial t = kpg::mercerTutorial(kpg::mercerNotesExample());
  CHECK(kpg::findValue(t, "eigenvalue_1")->value == Approx(8.0));
  CHECK(kpg::findValue(t, "eigenvalue_3")->value == Approx(8.0));
  CHECK(kpg::findValue(t, "eigenvalue_4")->value == Approx(12.0));
  CHECK(kpg::findValue(t, "psd")->exact == "1");
}

TEST_CASE("MercerExample: the sigmoid kernel fails PSD on two points", "[tutorials]") {
  // tanh(x·z) on (1, 0), (2, 0): det K = tanh(1)·tanh(4) − tanh(2)² < 0, so one eigenvalue is
  // negative, and λ₁λ₂ = det K.
  const kpg::Tutorial t = kpg::mercerTutorial(kpg::mercerNotesExample());
  const double det = std::tanh(1.0) * std::tanh(4.0) - std::tanh(2.0) * std::tanh(2.0);
  REQUIRE(det < 0);
  const double l1 = kpg::findValue(t, "sigmoid_eigenvalue_1")->value;
  const double l2 = kpg::findValue(t, "sigmoid_eigenvalue_2")->value;
  CHECK(l1 < 0);
  CHECK(l1 * l2 == Approx(det));
  CHECK(l1 + l2 == Approx(std::tanh(1.0) + std::tanh(4.0)));
  CHECK(kpg::findValue(t, "sigmoid_psd")->exact == "0");
}

TEST_CASE("MercerExample: kernel distance from k equals the explicit phi distance", "[tutorials]") {
  // x = (1, 1), z = (1, −1): k(x,x) = k(z,z) = 9, k(x,z) = 1, so ‖φ(x) − φ(z)‖² = 16; from φ,
  // the difference is (0, 0, 2√2, 0, 0, 2√2): 8 + 8 = 16. The notes' √K(x − z, x − z) = 5.
  const kpg::RationalVector x{1, 1}, z{1, -1};
  CHECK(kpg::kernelDistanceSquared(x, z) == kpg::Rational(16));
  CHECK(kpg::featureDistanceSquared(x, z) == kpg::Rational(16));
  const kpg::RationalVector a{kpg::Rational(1, 3), 2}, b{-1, kpg::Rational(5, 7)};
  CHECK(kpg::kernelDistanceSquared(a, b) == kpg::featureDistanceSquared(a, b));
  const kpg::Tutorial t = kpg::mercerTutorial(kpg::mercerNotesExample());
  CHECK(kpg::findValue(t, "distance")->exact == "4");
  CHECK(kpg::findValue(t, "notes_formula_k_of_difference")->exact == "25");
}

TEST_CASE("MercerExample: sums and products of kernels stay PSD", "[tutorials]") {
  const kpg::Tutorial t = kpg::mercerTutorial(kpg::mercerNotesExample());
  CHECK(kpg::findValue(t, "sum_lambda_min")->value >= -1e-12);
  CHECK(kpg::findValue(t, "product_lambda_min")->value >= -1e-12);
  // Linear Gram of XOR has rank 2, so k₁ − k₂ is negative on its null space.
  CHECK(kpg::findValue(t, "difference_lambda_min")->value < 0);
}
