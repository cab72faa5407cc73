// kpca_coordinates.hpp: the first three kernel-PCA coordinates, the substitute view for kernels
// with no finite map; checked against KernelPca and against an eigen-decomposition of the centred
// Gram matrix written out here.

#include "feature_space/kpca_coordinates.hpp"

#include "data/toy_datasets.hpp"
#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <utility>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using kpg::testing::cloud;

namespace {}  // namespace

TEST_CASE("Kernel PCA coordinates: the RBF view is KernelPca's first three projections",
          "[feature_space]") {
  const Dataset rings = makeToyDataset(ToyKind::Circles, {30, 0.08, 2});
  const KernelParams rbf = KernelParams::rbf(0.5);
  const KernelPcaCoordinates view = kernelPcaCoordinates(rings.x, rbf);
  REQUIRE(view.pca.info() == ComputeStatus::Success);
  REQUIRE(view.coordinates.rows() == 30);
  REQUIRE(view.coordinates.cols() == 3);
  const Matrix projections = view.pca.trainingProjections();
  REQUIRE(projections.cols() == 3);
  CHECK((view.coordinates - projections).cwiseAbs().maxCoeff() == 0.0);
  // Shares: non-negative, descending, and what is left out of the view is ≥ 0.
  CHECK(view.explained(0) >= view.explained(1));
  CHECK(view.explained(1) >= view.explained(2));
  CHECK(view.explained(2) > 0.0);
  CHECK(view.explained.sum() <= 1.0 + 1e-12);
  CHECK(view.explained.sum() < 0.999);  // three of 30 directions do not hold all of RBF's variance

  // Independently: centre K by hand, K̃ = K − 1K − K1 + 1K1, and decompose it.
  Matrix k(30, 30);
  for (Index i = 0; i < 30; ++i)
    for (Index j = 0; j < 30; ++j) {
      k(i, j) = kernelValue(rbf, rings.x.row(i).transpose(), rings.x.row(j).transpose());
    }
  const Matrix ones = Matrix::Constant(30, 30, 1.0 / 30.0);
  const Matrix centred = k - ones * k - k * ones + ones * k * ones;
  Eigen::SelfAdjointEigenSolver<Matrix> eigen(centred);
  REQUIRE(eigen.info() == Eigen::Success);
  const Vector lambda = eigen.eigenvalues().reverse();
  const double positiveSum = lambda.cwiseMax(0.0).sum();
  CHECK_THAT(view.explained(0), WithinAbs(lambda(0) / positiveSum, 1e-10));
  CHECK_THAT(view.explained(2), WithinAbs(lambda(2) / positiveSum, 1e-10));
  // The first coordinate of the training points is √λ₁·u₁ (u₁ the unit eigenvector), up to sign.
  const Vector u1 = eigen.eigenvectors().col(29);
  const Vector expected = std::sqrt(lambda(0)) * u1;
  const double sign = expected.dot(view.coordinates.col(0)) >= 0 ? 1.0 : -1.0;
  CHECK((view.coordinates.col(0) - sign * expected).cwiseAbs().maxCoeff() < 1e-9);
}

TEST_CASE("Kernel PCA coordinates: fewer than three components are padded with zeros",
          "[feature_space]") {
  // Two points: one component at most (the centred Gram matrix of two points has rank 1).
  const Matrix two = kpg::testing::rows({{0, 0}, {1, 2}});
  const KernelPcaCoordinates view = kernelPcaCoordinates(two, KernelParams::rbf(1.0));
  REQUIRE(view.pca.info() == ComputeStatus::Success);
  REQUIRE(view.coordinates.rows() == 2);
  REQUIRE(view.coordinates.cols() == 3);
  CHECK(view.coordinates.col(2).isZero(0.0));
  CHECK(view.coordinates.col(1).cwiseAbs().maxCoeff() < 1e-12);
  CHECK_THAT(view.explained(0), WithinAbs(1.0, 1e-12));
  CHECK(view.explained(2) == 0.0);
  // Two opposite points on the first axis, ±‖φ(a) − φ(b)‖/2 = ±√(2 − 2e^{−5})/2.
  const double half = std::sqrt(2.0 - 2.0 * std::exp(-5.0)) / 2.0;
  CHECK_THAT(std::abs(view.coordinates(0, 0)), WithinAbs(half, 1e-12));
  CHECK_THAT(view.coordinates(0, 0) + view.coordinates(1, 0), WithinAbs(0.0, 1e-12));
}

TEST_CASE("Kernel PCA coordinates: a failure is KernelPca's, with its message", "[feature_space]") {
  const KernelPcaCoordinates sigmoid =
      kernelPcaCoordinates(cloud(20), KernelParams::sigmoid(1.0, -2.0));
  CHECK(sigmoid.pca.info() == ComputeStatus::NotPositiveSemidefinite);
  CHECK_FALSE(sigmoid.pca.message().empty());
  CHECK(sigmoid.coordinates.size() == 0);
  CHECK(sigmoid.explained.isZero(0.0));

  const KernelPcaCoordinates empty = kernelPcaCoordinates(Matrix(0, 2), KernelParams::rbf(1.0));
  CHECK(empty.pca.info() == ComputeStatus::InvalidInput);
  CHECK(empty.coordinates.size() == 0);
}
