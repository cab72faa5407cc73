#include "kernel_pca/kernel_pca.hpp"

#include "data/number_text.hpp"

#include "kernels/gram_matrix.hpp"
#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>

#include <cmath>

using namespace kpg;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using kpg::testing::cloud;

namespace {

Matrix centered(const Matrix& x) {
  return x.rowwise() - x.colwise().mean();
}

}  // namespace

TEST_CASE("KernelPca: with the linear kernel it is PCA (eigenvalues N·cov, same components)",
          "[kpca]") {
  const Matrix x = cloud(25);
  const double n = 25;
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = 3;
  REQUIRE(kpca.compute(x, KernelParams::linear(), options).info() == ComputeStatus::Success);

  // PCA as in 000 "Standard PCA": S = (1/N) Σ (xₙ − x̄)(xₙ − x̄)ᵀ, eigenvectors uᵢ.
  const Matrix xc = centered(x);
  const Matrix S = xc.transpose() * xc / n;
  Eigen::SelfAdjointEigenSolver<Matrix> pca(S);
  for (int i = 0; i < 3; ++i) {
    const double s = pca.eigenvalues()(2 - i);
    const Vector u = pca.eigenvectors().col(2 - i);
    // K̃ = X̃X̃ᵀ has the non-zero eigenvalues of X̃ᵀX̃ = N·S.
    CHECK_THAT(kpca.eigenvalues()(i), WithinRel(n * s, 1e-10));
    // vᵢ = Σₗ aᵢₗ φ̃(xₗ) = X̃ᵀaᵢ is a unit vector equal to ±uᵢ.
    const Vector v = xc.transpose() * kpca.coefficients().col(i);
    CHECK_THAT(v.norm(), WithinRel(1.0, 1e-10));
    CHECK_THAT(std::abs(v.dot(u)), WithinRel(1.0, 1e-10));
    const double sign = v.dot(u) > 0 ? 1.0 : -1.0;
    // A new point projects to ±uᵢ·(x − x̄).
    const Vector query = Vector{{0.3, -1.0, 2.0}};
    const double expected = u.dot(query - x.colwise().mean().transpose());
    CHECK_THAT(kpca.project(query)(i), WithinAbs(sign * expected, 1e-10));
  }
}

TEST_CASE("KernelPca: coefficients are normalized, orthogonal and centred", "[kpca]") {
  const Matrix x = cloud(30);
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = 5;
  REQUIRE(kpca.compute(x, KernelParams::rbf(0.5), options).info() == ComputeStatus::Success);
  const Matrix K = gramMatrix(KernelParams::rbf(0.5), x);
  const Matrix J = Matrix::Identity(30, 30) - Matrix::Constant(30, 30, 1.0 / 30);
  const Matrix Kc = J * K * J;  // = K − 1_N K − K 1_N + 1_N K 1_N
  const Matrix& A = kpca.coefficients();
  const Matrix G = A.transpose() * Kc * A;  // vᵢ·vⱼ
  CHECK((G - Matrix::Identity(5, 5)).cwiseAbs().maxCoeff() < 1e-10);
  for (int i = 0; i < 5; ++i) {
    CHECK_THAT(kpca.eigenvalues()(i) * A.col(i).squaredNorm(), WithinRel(1.0, 1e-12));
    CHECK(std::abs(A.col(i).sum()) < 1e-10);  // orthogonal to the constant eigenvector
    if (i > 0) CHECK(kpca.eigenvalues()(i) <= kpca.eigenvalues()(i - 1));
  }
  CHECK(kpca.explainedVarianceRatio().sum() < 1.0);
  CHECK_FALSE(kpca.negativeEigenvaluesClamped());
}

TEST_CASE("KernelPca: a new point's kernel row is centred with the training mean", "[kpca]") {
  const Matrix x = cloud(20);
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = 3;
  REQUIRE(kpca.compute(x, KernelParams::rbf(1.0), options).info() == ComputeStatus::Success);
  // Projecting a training sample as if it were new must give its training projection λᵢaᵢₙ.
  const Matrix train = kpca.trainingProjections();
  const Matrix again = kpca.projectRows(x);
  CHECK((train - again).cwiseAbs().maxCoeff() < 1e-10);
  // 000's summary formula Σₗ aᵢₗ k(x, xₗ) (no centring of the test row) does not: the difference
  // is −Σₗ aᵢₗ·(mean of K's row l), which is not 0 for the Gaussian kernel on uneven data.
  const Matrix naive = crossKernelMatrix(KernelParams::rbf(1.0), x, x) * kpca.coefficients();
  CHECK((train - naive).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE("KernelPca: a sigmoid kernel with significant negative eigenvalues is refused (G9)",
          "[kpca]") {
  const Matrix x = cloud(20);
  KernelPca kpca;
  KernelPcaOptions options;
  const KernelParams sigmoid = KernelParams::sigmoid(1.0, -2.0);
  kpca.compute(x, sigmoid, options);
  CHECK(kpca.info() == ComputeStatus::NotPositiveSemidefinite);
  CHECK_THAT(kpca.message(), Contains("not positive semi-definite"));
  CHECK(kpca.spectrum().allFinite());
  CHECK(kpca.mostNegativeEigenvalue() < 0);
  // The eigenvalue is quoted for a person: four digits, not fifteen broken across lines.
  CHECK_THAT(kpca.message(),
             Contains("eigenvalue " + formatDisplay(kpca.mostNegativeEigenvalue(), 4) + " ("));
  CHECK_THAT(kpca.message(),
             Contains(formatDisplay(-kpca.mostNegativeEigenvalue() / kpca.spectrum()(0), 2) +
                      " of the largest"));
  CHECK(kpca.project(Vector::Zero(3)).size() == 0);

  SECTION("with a looser threshold the negatives are clamped with a warning, never NaN") {
    options.significantNegativeRatio = 1e9;
    options.components = 20;
    REQUIRE(kpca.compute(x, sigmoid, options).info() == ComputeStatus::Success);
    CHECK(kpca.negativeEigenvaluesClamped());
    CHECK_THAT(kpca.message(), Contains("clamped"));
    CHECK(kpca.eigenvalues().minCoeff() == 0.0);
    CHECK(kpca.zeroComponents() > 0);
    CHECK(kpca.coefficients().allFinite());
    CHECK(kpca.project(Vector::Ones(3)).allFinite());
  }
}

TEST_CASE("KernelPca: no variance, too many components and budget are errors (G10, R1)", "[kpca]") {
  KernelPca kpca;
  KernelPcaOptions options;
  kpca.compute(Matrix::Constant(6, 2, 0.1), KernelParams::rbf(1), options);
  CHECK(kpca.info() == ComputeStatus::NoVariance);
  CHECK_THAT(kpca.message(), Contains("no variance"));
  options.components = 7;
  kpca.compute(cloud(6), KernelParams::rbf(1), options);
  CHECK(kpca.info() == ComputeStatus::InvalidInput);
  CHECK_THAT(kpca.message(), Contains("between 1 and the number of samples (6), got 7"));
  options.components = 2;
  options.gramBudgetBytes = std::size_t{1} << 20;
  kpca.compute(cloud(1000), KernelParams::rbf(1), options);
  CHECK(kpca.info() == ComputeStatus::OverBudget);
  CHECK_THAT(kpca.message(), Contains("needs 0.0224 GiB") && Contains("budget 0.000977 GiB"));
  kpca.compute(Matrix(0, 2), KernelParams::rbf(1), options);
  CHECK_THAT(kpca.message(), Contains("no samples"));
}

TEST_CASE("KernelPca: components beyond the rank project to 0", "[kpca]") {
  // Linear kernel on 3-D data: K̃ has rank 3, so components 4 and 5 have eigenvalue 0.
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = 5;
  REQUIRE(kpca.compute(cloud(10), KernelParams::linear(), options).info() ==
          ComputeStatus::Success);
  CHECK(kpca.zeroComponents() == 2);
  CHECK(kpca.eigenvalues()(3) == 0.0);
  CHECK(kpca.coefficients().col(4).isZero());
  const Vector y = kpca.project(Vector{{1, 2, 3}});
  CHECK(y.allFinite());
  CHECK(y(4) == 0.0);
}

TEST_CASE("KernelPca: one sample has no variance; two samples have the exact solution (G3)",
          "[kpca]") {
  KernelPca kpca;
  KernelPcaOptions options;
  options.components = 1;
  kpca.compute(Matrix::Ones(1, 2), KernelParams::rbf(1), options);
  CHECK(kpca.info() == ComputeStatus::NoVariance);
  // Two samples at squared distance 2 with the RBF kernel, k = exp(−2γ):
  // K̃ = (1 − k)/2 · [[1, −1], [−1, 1]], so λ = 1 − k, a = ±(1, −1)/√(2λ), y = λa = ±√(λ/2)·(1, −1).
  const double gamma = 0.3;
  const double lambda = 1 - std::exp(-2 * gamma);
  REQUIRE(kpca.compute((Matrix(2, 2) << 0, 0, 1, 1).finished(), KernelParams::rbf(gamma), options)
              .info() == ComputeStatus::Success);
  CHECK_THAT(kpca.eigenvalues()(0), WithinRel(lambda, 1e-14));
  const Matrix y = kpca.trainingProjections();
  CHECK_THAT(std::abs(y(0, 0)), WithinRel(std::sqrt(lambda / 2), 1e-14));
  CHECK_THAT(y(1, 0), WithinRel(-y(0, 0), 1e-14));
  // The midpoint projects to 0 by symmetry.
  CHECK_THAT(kpca.project(Vector{{0.5, 0.5}})(0), WithinAbs(0.0, 1e-15));
}
