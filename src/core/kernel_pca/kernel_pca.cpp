#include "kernel_pca/kernel_pca.hpp"

#include "data/number_text.hpp"
#include "kernel_pca/gram_budget.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/kernel_block.hpp"
#include "perceptron/sample_checks.hpp"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <utility>

namespace kpg {

ComputeStatus KernelPca::fail(ComputeStatus status, std::string message) {
  *this = KernelPca();
  status_ = status;
  message_ = std::move(message);
  return status;
}

KernelPca& KernelPca::compute(const Matrix& x, const KernelParams& kernel,
                              const KernelPcaOptions& options) {
  const Eigen::Index n = x.rows();
  if (auto error = checkSamples(x, "kernel PCA")) {
    fail(ComputeStatus::InvalidInput, *error);
    return *this;
  }
  if (auto error = validate(kernel)) {
    fail(ComputeStatus::InvalidInput, "kernel PCA: " + error->message);
    return *this;
  }
  if (options.components < 1 || options.components > n) {
    fail(ComputeStatus::InvalidInput,
         "kernel PCA: the number of components must be between 1 and the number of samples (" +
             std::to_string(n) + "), got " + std::to_string(options.components));
    return *this;
  }
  if (auto error = checkGramBudget(n, 3, options.gramBudgetBytes, "kernel PCA")) {
    fail(ComputeStatus::OverBudget, *error);
    return *this;
  }
  Matrix K = gramMatrix(kernel, x);
  if (auto error = checkKernelFinite(K, "kernel PCA")) {  // docs/bad-inputs.md P3, G7
    fail(ComputeStatus::InvalidInput, *error);
    return *this;
  }
  const Vector rowMeans = K.rowwise().mean();
  const double mean = rowMeans.mean();
  // K̃ = K − 1_N K − K 1_N + 1_N K 1_N, in place: K̃ₗₘ = Kₗₘ − meanₗ − meanₘ + mean (K symmetric).
  K.colwise() -= rowMeans;
  K.rowwise() -= rowMeans.transpose();
  K.array() += mean;

  Eigen::SelfAdjointEigenSolver<Matrix> solver(K);
  if (solver.info() != Eigen::Success) {
    fail(ComputeStatus::InvalidInput,
         "kernel PCA: the eigensolver did not converge on the centred Gram matrix");
    return *this;
  }
  // Eigen sorts ascending; reverse to descending.
  const Vector spectrum = solver.eigenvalues().reverse();
  const double largest = spectrum(0);
  const double smallest = spectrum(n - 1);
  const double scale = K.cwiseAbs().maxCoeff() + std::abs(mean) + rowMeans.cwiseAbs().maxCoeff();
  const double roundOff = 64.0 * std::numeric_limits<double>::epsilon() * static_cast<double>(n) *
                          std::max(scale, std::numeric_limits<double>::min());

  if (smallest < -options.significantNegativeRatio * std::max(largest, 0.0) &&
      smallest < -options.significantNegativeValue && smallest < -roundOff) {
    fail(ComputeStatus::NotPositiveSemidefinite,
         "kernel PCA: the kernel matrix is not positive semi-definite (" + describe(kernel) +
             "): eigenvalue " + formatDisplay(smallest, 4) +
             (largest > 0 ? " (" + formatDisplay(-smallest / largest, 2) + " of the largest)"
                          : std::string()) +
             "; use a Mercer kernel (linear, polynomial, RBF) or other sigmoid parameters");
    spectrum_ = spectrum;
    mostNegative_ = smallest;
    return *this;
  }
  if (largest <= roundOff) {
    fail(ComputeStatus::NoVariance,
         "kernel PCA: no variance in feature space (all points coincide for this kernel); every "
         "eigenvalue of the centred kernel matrix is 0");
    spectrum_ = spectrum;
    return *this;
  }

  *this = KernelPca();
  kernel_ = kernel;
  samples_ = KernelSamples<double>(x);
  kernelRowMeans_ = rowMeans;
  kernelMean_ = mean;
  spectrum_ = spectrum;
  mostNegative_ = std::min(smallest, 0.0);
  clamped_ = smallest < -options.smallPositiveRatio * largest && smallest < -roundOff;

  const int m = options.components;
  eigenvalues_.resize(m);
  coefficients_ = Matrix::Zero(n, m);
  for (int i = 0; i < m; ++i) {
    double lambda = spectrum(i);
    if (lambda < options.smallPositiveRatio * largest) lambda = 0.0;  // clamp (G9) and tiny ones
    eigenvalues_(i) = lambda;
    if (lambda == 0.0) {
      ++zeroComponents_;
      continue;
    }
    Vector a = solver.eigenvectors().col(n - 1 - i);  // unit norm from the solver
    Eigen::Index biggest = 0;
    a.cwiseAbs().maxCoeff(&biggest);
    if (a(biggest) < 0) a = -a;
    coefficients_.col(i) = a / std::sqrt(lambda);  // λ aᵀa = 1
  }
  status_ = ComputeStatus::Success;
  message_ = clamped_
                 ? "computed; warning: negative eigenvalues down to " + formatDisplay(smallest, 4) +
                       " were clamped to 0 (the kernel is not exactly PSD)"
                 : "computed";
  if (zeroComponents_ > 0) {
    message_ += "; " + std::to_string(zeroComponents_) +
                " component(s) have eigenvalue 0 and project everything to 0";
  }
  return *this;
}

Vector KernelPca::explainedVarianceRatio() const {
  const double total = spectrum_.cwiseMax(0.0).sum();
  if (status_ != ComputeStatus::Success || total <= 0) return Vector();
  return eigenvalues_ / total;
}

Matrix KernelPca::trainingProjections() const {
  if (status_ != ComputeStatus::Success) return Matrix();
  return coefficients_ * eigenvalues_.asDiagonal();
}

Vector KernelPca::project(const VectorRef& x) const {
  if (status_ != ComputeStatus::Success) return Vector();
  Vector row = kernelRow(kernel_, samples_, x);
  // k̃(x)ₗ = k(x, xₗ) − mean of k(x, ·) − mean of K's row l + mean of K.
  const double queryMean = row.mean();
  row.array() -= queryMean;
  row -= kernelRowMeans_;
  row.array() += kernelMean_;
  return coefficients_.transpose() * row;
}

Matrix KernelPca::projectRows(const Matrix& x) const {
  if (status_ != ComputeStatus::Success) return Matrix();
  Matrix out(x.rows(), coefficients_.cols());
  for (Eigen::Index r = 0; r < x.rows(); ++r) out.row(r) = project(x.row(r).transpose());
  return out;
}

}  // namespace kpg
