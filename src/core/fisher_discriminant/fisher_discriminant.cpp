#include "fisher_discriminant/fisher_discriminant.hpp"

#include "data/number_text.hpp"
#include "kernel_pca/gram_budget.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/kernel_block.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace kpg {

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// Shared checks; on success fills `labels`.
std::optional<std::string> checkTwoClassData(const Matrix& x, const Vector& y, const char* what,
                                             TwoClassLabels& labels) {
  if (auto error = checkSamples(x, what)) return error;
  TwoClassResult result = twoClassLabels(y, x.rows(), what);
  if (!result.labels) return result.error;
  labels = std::move(*result.labels);
  return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// LDA

void LinearDiscriminant::fail(ComputeStatus status, std::string message) {
  *this = LinearDiscriminant();
  status_ = status;
  message_ = std::move(message);
}

LinearDiscriminant& LinearDiscriminant::compute(const Matrix& x, const Vector& y,
                                                const LdaOptions& options) {
  TwoClassLabels labels;
  if (auto error = checkTwoClassData(x, y, "LDA", labels)) {
    fail(ComputeStatus::InvalidInput, *error);
    return *this;
  }
  if (!std::isfinite(options.ridge) || options.ridge < 0) {
    fail(ComputeStatus::InvalidInput,
         "LDA: the ridge must be a finite number >= 0, got " + formatExact(options.ridge));
    return *this;
  }
  const Eigen::Index d = x.cols();
  Vector m1 = Vector::Zero(d), m2 = Vector::Zero(d);
  double l1 = 0, l2 = 0;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    if (labels.sign(i) > 0) {
      m1 += x.row(i).transpose();
      l1 += 1;
    } else {
      m2 += x.row(i).transpose();
      l2 += 1;
    }
  }
  m1 /= l1;
  m2 /= l2;
  Matrix s1 = Matrix::Zero(d, d), s2 = Matrix::Zero(d, d);
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const bool positive = labels.sign(i) > 0;
    const Vector c = x.row(i).transpose() - (positive ? m1 : m2);
    (positive ? s1 : s2).noalias() += c * c.transpose();
  }
  Matrix w = s1 + s2;
  if (options.scatter == WithinScatter::CovarianceSum) {
    // 004's MATLAB: Sₖ = 1/(lₖ − 1) Σ (x − mₖ)(x − mₖ)ᵀ; a class of one sample has Sₖ = 0.
    w = (l1 > 1 ? s1 / (l1 - 1) : Matrix(Matrix::Zero(d, d))) +
        (l2 > 1 ? s2 / (l2 - 1) : Matrix(Matrix::Zero(d, d)));
  }
  const Vector delta = m1 - m2;
  // The scatter is built from linear-kernel products x·x'; data near 1e300 overflow them and every
  // later test would compare infinities (docs/bad-inputs.md P3, G7).
  if (!w.allFinite() || !std::isfinite(m1.squaredNorm() + m2.squaredNorm())) {
    fail(ComputeStatus::InvalidInput, "LDA: " + std::string(kKernelOverflowMessage));
    return *this;
  }
  const double scale = std::max({1.0, m1.norm(), m2.norm()});
  if (delta.norm() <= 64 * kEpsilon * scale) {
    fail(ComputeStatus::NoSeparation,
         "LDA: the two class means coincide; no direction separates them (J = 0 everywhere)");
    return *this;
  }

  double ridge = options.ridge;
  if (ridge == 0) {
    Eigen::SelfAdjointEigenSolver<Matrix> spectrum(w, Eigen::EigenvaluesOnly);
    const double largest = spectrum.eigenvalues().maxCoeff();
    if (spectrum.eigenvalues().minCoeff() <= 1e-12 * largest || largest <= 0) {
      const double trace = w.trace();
      ridge = trace > 0 ? 1e-6 * trace / static_cast<double>(d) : 1.0;
    }
  }
  const Matrix wr = w + ridge * Matrix::Identity(d, d);
  Vector u = wr.ldlt().solve(delta);
  if (!u.allFinite()) {
    fail(ComputeStatus::InvalidInput, "LDA: the within-class scatter could not be inverted");
    return *this;
  }
  *this = LinearDiscriminant();
  u_ = std::move(u);
  m1_ = std::move(m1);
  m2_ = std::move(m2);
  w_ = std::move(w);
  ridge_ = ridge;
  labels_ = std::move(labels);
  threshold_ = 0.5 * (u_.dot(m1_) + u_.dot(m2_));
  status_ = ComputeStatus::Success;
  rayleigh_ = rayleighQuotient(u_);
  message_ = ridge_ > 0 && options.ridge == 0
                 ? "computed; the within-class scatter is singular, regularized with ridge " +
                       formatExact(ridge_)
                 : "computed";
  return *this;
}

double LinearDiscriminant::rayleighQuotient(const VectorRef& v) const {
  if (status_ != ComputeStatus::Success) return 0;
  const double between = std::pow(v.dot(m1_ - m2_), 2);
  const double within = v.dot(w_ * v) + ridge_ * v.squaredNorm();
  return within > 0 ? between / within : 0.0;
}

double LinearDiscriminant::predict(const VectorRef& x) const {
  return decisionValue(x) > 0 ? labels_.positiveLabel : labels_.negativeLabel;
}

// ---------------------------------------------------------------------------------------------
// KFD

void KernelFisherDiscriminant::fail(ComputeStatus status, std::string message) {
  *this = KernelFisherDiscriminant();
  status_ = status;
  message_ = std::move(message);
}

KernelFisherDiscriminant& KernelFisherDiscriminant::compute(const Matrix& x, const Vector& y,
                                                            const KernelParams& kernel,
                                                            const KfdOptions& options) {
  TwoClassLabels labels;
  if (auto error = checkTwoClassData(x, y, "kernel Fisher discriminant", labels)) {
    fail(ComputeStatus::InvalidInput, *error);
    return *this;
  }
  if (auto error = validate(kernel)) {
    fail(ComputeStatus::InvalidInput, "kernel Fisher discriminant: " + error->message);
    return *this;
  }
  if (!std::isfinite(options.mu) || options.mu < 0) {
    fail(ComputeStatus::InvalidInput,
         "kernel Fisher discriminant: mu must be a finite number >= 0, got " +
             formatExact(options.mu));
    return *this;
  }
  const Eigen::Index n = x.rows();
  // K, N and the factorization of N + μI.
  if (auto error =
          checkGramBudget(n, 3, options.gramBudgetBytes, "the kernel Fisher discriminant")) {
    fail(ComputeStatus::OverBudget, *error);
    return *this;
  }
  const Matrix K = gramMatrix(kernel, x);
  if (auto error = checkKernelFinite(K, "kernel Fisher discriminant")) {  // P3, G7
    fail(ComputeStatus::InvalidInput, *error);
    return *this;
  }
  // Class indicator weights: e₁ⱼ = 1/l₁ for class-1 samples, so M₁ = K e₁ (004 eq. 7).
  Vector e1 = Vector::Zero(n), e2 = Vector::Zero(n);
  double l1 = 0, l2 = 0;
  for (Eigen::Index i = 0; i < n; ++i) (labels.sign(i) > 0 ? l1 : l2) += 1;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (labels.sign(i) > 0) {
      e1(i) = 1 / l1;
    } else {
      e2(i) = 1 / l2;
    }
  }
  const Vector M1 = K * e1;
  const Vector M2 = K * e2;
  // ‖m₁^φ − m₂^φ‖² = (e₁ − e₂)ᵀK(e₁ − e₂).
  const double meanGap = (e1 - e2).dot(M1 - M2);
  const double scale = K.cwiseAbs().maxCoeff();
  if (!(meanGap > 64 * kEpsilon * std::max(scale, std::numeric_limits<double>::min()))) {
    fail(ComputeStatus::NoSeparation,
         "kernel Fisher discriminant: the class means coincide in feature space; no direction "
         "separates them");
    return *this;
  }
  // N = Σᵢ Kᵢ(I − 1_{lᵢ})Kᵢᵀ = Σᵢ CᵢCᵢᵀ with Cᵢ = Kᵢ − Mᵢ1ᵀ (I − 1_{lᵢ} is idempotent), which
  // keeps N symmetric positive semi-definite in floating point.
  Matrix C(n, n);
  for (Eigen::Index j = 0; j < n; ++j) C.col(j) = K.col(j) - (labels.sign(j) > 0 ? M1 : M2);
  Matrix N = C * C.transpose();

  double mu = options.mu;
  const bool automatic = mu == 0;
  if (automatic) {
    const double trace = N.trace();
    mu = trace > 0 ? 1e-9 * trace / static_cast<double>(n) : 1.0;
  }
  N.diagonal().array() += mu;
  const Vector delta = M1 - M2;
  Eigen::LDLT<Matrix> factor(N);
  Vector alpha = factor.solve(delta);
  if (factor.info() != Eigen::Success || !alpha.allFinite()) {
    fail(ComputeStatus::InvalidInput,
         "kernel Fisher discriminant: N + mu·I could not be factorized; increase mu");
    return *this;
  }
  *this = KernelFisherDiscriminant();
  kernel_ = kernel;
  samples_ = KernelSamples<double>(x);
  alpha_ = std::move(alpha);
  mu_ = mu;
  autoRegularized_ = automatic;
  labels_ = std::move(labels);
  projectedMean1_ = alpha_.dot(M1);
  projectedMean2_ = alpha_.dot(M2);
  threshold_ = 0.5 * (projectedMean1_ + projectedMean2_);
  if (options.threshold == FisherThreshold::FewestTrainingErrors) {
    threshold_ = fewestErrorsThreshold(K * alpha_, labels_.sign, threshold_);
  }
  const double within = alpha_.dot(N * alpha_);
  rayleigh_ = within > 0 ? std::pow(alpha_.dot(delta), 2) / within : 0.0;
  status_ = ComputeStatus::Success;
  message_ = automatic ? "computed; N regularized with mu = " + formatExact(mu_) : "computed";
  return *this;
}

double fewestErrorsThreshold(const Vector& projections, const Vector& sign, double preferred) {
  std::vector<std::pair<double, double>> sorted;
  for (Eigen::Index i = 0; i < projections.size(); ++i)
    sorted.emplace_back(projections(i), sign(i));
  std::sort(sorted.begin(), sorted.end());
  if (sorted.empty()) return preferred;
  // The cut below everything misclassifies every negative sample.
  Eigen::Index errors = 0;
  for (const auto& s : sorted) errors += s.second < 0 ? 1 : 0;
  Eigen::Index best = errors;
  double bestThreshold = sorted.front().first - 1;
  for (size_t k = 0; k < sorted.size(); ++k) {
    errors += sorted[k].second > 0 ? 1 : -1;  // sample k moves below the cut
    if (k + 1 < sorted.size() && sorted[k + 1].first == sorted[k].first) continue;
    const double t =
        k + 1 < sorted.size() ? 0.5 * (sorted[k].first + sorted[k + 1].first) : sorted[k].first + 1;
    if (errors < best ||
        (errors == best && std::abs(t - preferred) < std::abs(bestThreshold - preferred))) {
      best = errors;
      bestThreshold = t;
    }
  }
  return bestThreshold;
}

double KernelFisherDiscriminant::projection(const VectorRef& x) const {
  if (alpha_.size() == 0) return 0.0;
  return alpha_.dot(kernelRow(kernel_, samples_, x));
}

double KernelFisherDiscriminant::predict(const VectorRef& x) const {
  return decisionValue(x) > 0 ? labels_.positiveLabel : labels_.negativeLabel;
}

}  // namespace kpg
