// mercerCheck (course-notes 000 "Valid kernels: Mercer Kernel", 004 "Theorem (Mercer)" and its
// discrete form fᵀKf ≥ 0): eigenvalues worked out by hand on the notes' examples.

#include "kernels/mercer.hpp"
#include "kernels/gram_matrix.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("Mercer: (1 + x·z)^2 on XOR (notes 001) has K = 8I + J, eigenvalues 8, 8, 8, 12",
          "[kernels]") {
  // XOR points (1,1), (−1,−1), (−1,1), (1,−1): x·x = 2 → 9; x·z ∈ {−2, 0} → 1 off the diagonal.
  // 8I + J has eigenvalue 8 on the vectors summing to 0 and 8 + 4 on (1, 1, 1, 1).
  Matrix x(4, 2);
  x << 1, 1, -1, -1, -1, 1, 1, -1;
  const Matrix k = gramMatrix(KernelParams::polynomial(1, 1, 2), x);
  Matrix expected = Matrix::Constant(4, 4, 1.0);
  expected.diagonal().setConstant(9.0);
  REQUIRE(k == expected);
  const MercerReport report = mercerCheck(k);
  REQUIRE(report.eigenvalues.size() == 4);
  for (Index i = 0; i < 3; ++i) CHECK_THAT(report.eigenvalues(i), WithinRel(8.0, 1e-14));
  CHECK_THAT(report.eigenvalues(3), WithinRel(12.0, 1e-14));
  CHECK(report.largestEigenvalue == report.eigenvalues(3));
  CHECK(report.positiveSemidefinite);
  CHECK(report.negativeCount == 0);
  CHECK(report.mostNegativeEigenvalue == 0.0);
}

TEST_CASE("Mercer: tanh(x·z) on the points 1 and 2 is refuted by a negative eigenvalue",
          "[kernels]") {
  // K = [[tanh 1, tanh 2], [tanh 2, tanh 4]]; det K = tanh1·tanh4 − tanh²2 ≈ −0.168 < 0, so one
  // eigenvalue is negative: λ = (tr ± √(tr² − 4 det)) / 2.
  Matrix x(2, 1);
  x << 1, 2;
  const Matrix k = gramMatrix(KernelParams::sigmoid(1, 0), x);
  const double a = std::tanh(1.0), b = std::tanh(2.0), c = std::tanh(4.0);
  const double trace = a + c, det = a * c - b * b;
  const double root = std::sqrt(trace * trace - 4 * det);
  const MercerReport report = mercerCheck(k);
  CHECK_THAT(report.eigenvalues(0), WithinAbs((trace - root) / 2, 1e-15));
  CHECK_THAT(report.eigenvalues(1), WithinRel((trace + root) / 2, 1e-15));
  CHECK(report.eigenvalues(0) < -0.09);
  CHECK_FALSE(report.positiveSemidefinite);
  CHECK(report.negativeCount == 1);
  CHECK(report.mostNegativeEigenvalue == report.eigenvalues(0));
}

TEST_CASE("Mercer: the tolerance is relative to the spectrum's scale", "[kernels]") {
  // diag(1e6, −1e-5): −1e-5 is −1e-11 of the scale, inside a 1e-10 tolerance, outside 1e-12.
  Matrix k = Matrix::Zero(2, 2);
  k(0, 0) = 1e6;
  k(1, 1) = -1e-5;
  CHECK(mercerCheck(k, 1e-10).positiveSemidefinite);
  const MercerReport strict = mercerCheck(k, 1e-12);
  CHECK_FALSE(strict.positiveSemidefinite);
  CHECK(strict.tolerance == 1e-12);
  CHECK(mercerCheck(Matrix()).positiveSemidefinite);  // the empty set refutes nothing
}
