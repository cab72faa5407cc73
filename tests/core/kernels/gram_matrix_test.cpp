// gramMatrix and crossKernelMatrix (course-notes 001 "Gram Matrix", 000 "Examples of kernels"):
// entries computed by hand, and the structure every user of the Gram matrix relies on.

#include "kernels/gram_matrix.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinRel;

TEST_CASE("Gram matrix: (x·z + 1)^2 on three points, every entry by hand", "[kernels]") {
  Matrix x(3, 2);
  x << 1, 0, 0, 2, 1, 1;
  // x·z: [[1, 0, 1], [0, 4, 2], [1, 2, 2]] → (x·z + 1)²: [[4, 1, 4], [1, 25, 9], [4, 9, 9]].
  Matrix expected(3, 3);
  expected << 4, 1, 4, 1, 25, 9, 4, 9, 9;
  CHECK(gramMatrix(KernelParams::polynomial(1, 1, 2), x) == expected);
  // Linear: the dot products themselves.
  Matrix dots(3, 3);
  dots << 1, 0, 1, 0, 4, 2, 1, 2, 2;
  CHECK(gramMatrix(KernelParams::linear(), x) == dots);
}

TEST_CASE("Gram matrix: RBF entries are exp(-gamma·distance²) with distances by hand",
          "[kernels]") {
  Matrix x(3, 2);
  x << 0, 0, 3, 4, 0, 1;  // ‖x1 − x2‖² = 25, ‖x1 − x3‖² = 1, ‖x2 − x3‖² = 9 + 9 = 18
  const Matrix g = gramMatrix(KernelParams::rbf(0.1), x);
  for (Index i = 0; i < 3; ++i) CHECK(g(i, i) == 1.0);
  CHECK_THAT(g(0, 1), WithinRel(std::exp(-2.5), 1e-15));
  CHECK_THAT(g(0, 2), WithinRel(std::exp(-0.1), 1e-15));
  CHECK_THAT(g(1, 2), WithinRel(std::exp(-1.8), 1e-15));
}

TEST_CASE("Gram matrix: sigmoid entries are tanh(gamma·x·z + r) by hand", "[kernels]") {
  Matrix x(2, 1);
  x << 1, 2;
  const Matrix g = gramMatrix(KernelParams::sigmoid(0.5, -1), x);
  CHECK_THAT(g(0, 0), WithinRel(std::tanh(-0.5), 1e-15));  // 0.5·1 − 1
  CHECK(g(0, 1) == 0.0);                                   // tanh(0.5·2 − 1) = tanh 0
  CHECK_THAT(g(1, 1), WithinRel(std::tanh(1.0), 1e-15));   // 0.5·4 − 1
}

TEST_CASE("Gram matrix: symmetric to the bit, and the cross matrix of a set with itself",
          "[kernels]") {
  std::mt19937 engine(11);
  std::normal_distribution<double> normal;
  Matrix x(40, 7);
  for (Index i = 0; i < x.size(); ++i) x.data()[i] = normal(engine);
  for (const KernelParams& p : {KernelParams::rbf(0.3), KernelParams::polynomial(0.2, 0.5, 3),
                                KernelParams::sigmoid(0.1, 0.2)}) {
    const Matrix g = gramMatrix(p, x);
    CHECK(g == g.transpose());  // the eigensolvers read one triangle only
    const Matrix cross = crossKernelMatrix(p, x, x);
    CHECK((cross - g).cwiseAbs().maxCoeff() <= 1e-14 * g.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("Cross kernel matrix: rectangular, test points by training points", "[kernels]") {
  Matrix train(2, 2), test(3, 2);
  train << 1, 0, 0, 1;
  test << 2, 3, -1, 0, 0, 0;
  const Matrix k = crossKernelMatrix(KernelParams::polynomial(1, 0, 2), test, train);
  REQUIRE(k.rows() == 3);
  REQUIRE(k.cols() == 2);
  Matrix expected(3, 2);
  expected << 4, 9, 1, 0, 0, 0;  // (x·z)²
  CHECK(k == expected);
}
