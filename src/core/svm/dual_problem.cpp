#include "svm/dual_problem.hpp"

#include "data/number_text.hpp"

#include <string>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kpg {

std::optional<ParameterError> validate(const DualProblem& problem) {
  const Index n = problem.size();
  if (!problem.q) return ParameterError{"q", "the dual problem has no Q matrix"};
  if (problem.q->size() != n || problem.y.size() != n || problem.lower.size() != n ||
      problem.upper.size() != n || problem.alpha0.size() != n) {
    return ParameterError{"size", "Q, p, y, A, B and alpha0 must all have the same length"};
  }
  for (Index i = 0; i < n; ++i) {
    if (problem.y(i) != 1.0 && problem.y(i) != -1.0)
      return ParameterError{"y", "the constraint coefficients y_i must be +1 or -1"};
    if (!std::isfinite(problem.linear(i)))
      return ParameterError{"linear", "the linear term p must be finite"};
    if (std::isnan(problem.lower(i)) || std::isnan(problem.upper(i)) ||
        problem.lower(i) == std::numeric_limits<double>::infinity() ||
        problem.upper(i) == -std::numeric_limits<double>::infinity() ||
        problem.lower(i) > problem.upper(i)) {
      return ParameterError{"bounds", "each box [A_i, B_i] must be non-empty, A_i < +inf"};
    }
    if (!(problem.alpha0(i) >= problem.lower(i) && problem.alpha0(i) <= problem.upper(i)) ||
        !std::isfinite(problem.alpha0(i))) {
      return ParameterError{"alpha0", "the starting point must lie inside the box"};
    }
  }
  return std::nullopt;
}

Matrix precomputedGram(const Matrix& x) {
  const Index n = x.rows();
  Matrix k(n, n);
  for (Index b = 0; b < n; ++b) {
    const auto column = static_cast<Index>(x(b, 0));
    for (Index a = 0; a < n; ++a) k(a, b) = x(a, column);
  }
  return k;
}

std::optional<ParameterError> validatePrecomputedRows(const Matrix& x) {
  if (x.cols() == 0 && x.rows() > 0)
    return ParameterError{"data", "sample 1: no 0:i serial number (precomputed kernel rows)"};
  for (Index a = 0; a < x.rows(); ++a) {
    const double serial = x(a, 0);
    if (!(serial >= 1 && serial <= static_cast<double>(x.cols() - 1)) ||
        serial != std::floor(serial)) {
      return ParameterError{
          // The value as read, in the exact form: a serial number of 1e20 is no long long.
          "data", "sample " + std::to_string(a + 1) + ": serial number 0:" + formatExact(serial) +
                      " is out of range; a precomputed kernel's row starts with 0:i, i the "
                      "sample's number from 1 to " +
                      std::to_string(std::max<Index>(x.cols() - 1, 0)) +
                      " (the largest kernel index of the file)"};
    }
    for (Index c = 1; c < x.cols(); ++c)
      if (!std::isfinite(x(a, c)))
        return ParameterError{"data", "sample " + std::to_string(a + 1) +
                                          ": non-finite kernel value at index " +
                                          std::to_string(c)};
  }
  return std::nullopt;
}

namespace {

// The Q provider of a dual over x: the kernel's, or the precomputed kernel's Gram matrix.
std::shared_ptr<const QMatrix> dualQ(const KernelParams& kernel, const Matrix& x,
                                     DualVariableMap map, const QMatrixOptions& options) {
  if (options.precomputedKernel)
    return std::make_shared<PrecomputedQMatrix>(precomputedGram(x), std::move(map));
  return makeQMatrix(kernel, x, std::move(map), options.cacheBytes, options.storage,
                     options.precomputeWhenFits);
}

std::shared_ptr<const QMatrix> dualQ(const KernelParams& kernel, const SparseRows& x,
                                     DualVariableMap map, const QMatrixOptions& options) {
  if (options.precomputedKernel)
    return std::make_shared<PrecomputedQMatrix>(precomputedGram(x.toDense()), std::move(map));
  return makeQMatrix(kernel, x, std::move(map), options.cacheBytes, options.storage,
                     options.precomputeWhenFits);
}

DualProblem classificationProblem(std::shared_ptr<const QMatrix> q, const Vector& labels,
                                  double c) {
  const Index n = labels.size();
  DualProblem problem;
  problem.q = std::move(q);
  problem.linear = Vector::Constant(n, -1.0);
  problem.y = labels;
  problem.lower = Vector::Zero(n);
  problem.upper = Vector::Constant(n, c);
  problem.alpha0 = Vector::Zero(n);
  return problem;
}

template <class Samples>
DualProblem classificationDual(const Samples& x, const Vector& labels, const KernelParams& kernel,
                               double c, const QMatrixOptions& options) {
  return classificationProblem(dualQ(kernel, x, DualVariableMap::classification(labels), options),
                               labels, c);
}

template <class Samples>
DualProblem regressionDual(const Samples& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  const Index n = targets.size();
  DualProblem problem;
  problem.q = dualQ(kernel, x, DualVariableMap::regression(n), options);
  problem.linear.resize(2 * n);
  problem.y.resize(2 * n);
  for (Index i = 0; i < n; ++i) {
    problem.linear(i) = epsilon - targets(i);
    problem.y(i) = 1.0;
    problem.linear(i + n) = epsilon + targets(i);
    problem.y(i + n) = -1.0;
  }
  problem.lower = Vector::Zero(2 * n);
  problem.upper = Vector::Constant(2 * n, c);
  problem.alpha0 = Vector::Zero(2 * n);
  return problem;
}

// ν-SVC's start (LIBSVM solve_nu_svc): each sign's share νl/2 given out in input order, at most 1
// a variable.
Vector nuSvcStart(const Vector& labels, double nu) {
  const Index n = labels.size();
  double positiveLeft = nu * static_cast<double>(n) / 2;
  double negativeLeft = positiveLeft;
  Vector alpha(n);
  for (Index i = 0; i < n; ++i) {
    double& left = labels(i) > 0 ? positiveLeft : negativeLeft;
    alpha(i) = std::min(1.0, left);
    left -= alpha(i);
  }
  return alpha;
}

// One-class's start (LIBSVM solve_one_class): ⌊νl⌋ variables at 1, the next at the rest.
Vector oneClassStart(Index n, double nu) {
  const double total = nu * static_cast<double>(n);
  const auto full = static_cast<Index>(total);
  Vector alpha = Vector::Zero(n);
  alpha.head(std::min(full, n)).setOnes();
  if (full < n) alpha(full) = total - static_cast<double>(full);
  return alpha;
}

template <class Samples>
DualProblem nuClassificationDual(const Samples& x, const Vector& labels, const KernelParams& kernel,
                                 double nu, const QMatrixOptions& options) {
  DualProblem problem = classificationDual(x, labels, kernel, 1.0, options);
  problem.linear.setZero();
  problem.alpha0 = nuSvcStart(labels, nu);
  problem.fixedSumPerSign = true;
  return problem;
}

template <class Samples>
DualProblem oneClassDualOf(const Samples& x, const KernelParams& kernel, double nu,
                           const QMatrixOptions& options) {
  const Vector ones = Vector::Ones(x.rows());
  DualProblem problem = classificationDual(x, ones, kernel, 1.0, options);
  problem.linear.setZero();
  problem.alpha0 = oneClassStart(x.rows(), nu);
  return problem;
}

template <class Samples>
DualProblem nuRegressionDual(const Samples& x, const Vector& targets, const KernelParams& kernel,
                             double c, double nu, const QMatrixOptions& options) {
  const Index n = targets.size();
  DualProblem problem = regressionDual(x, targets, kernel, c, 0.0, options);
  // LIBSVM solve_nu_svr: p = (−t, +t), and α_i = α_i* = min(C, what is left of CνN/2).
  double left = c * nu * static_cast<double>(n) / 2;
  for (Index i = 0; i < n; ++i) {
    problem.linear(i) = -targets(i);
    problem.linear(i + n) = targets(i);
    const double start = std::min(left, c);
    problem.alpha0(i) = start;
    problem.alpha0(i + n) = start;
    left -= start;
  }
  problem.fixedSumPerSign = true;
  return problem;
}

}  // namespace

DualProblem nuSvcDual(const Matrix& x, const Vector& labels, const KernelParams& kernel, double nu,
                      const QMatrixOptions& options) {
  return nuClassificationDual(x, labels, kernel, nu, options);
}

DualProblem oneClassDual(const Matrix& x, const KernelParams& kernel, double nu,
                         const QMatrixOptions& options) {
  return oneClassDualOf(x, kernel, nu, options);
}

DualProblem nuSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel, double c,
                      double nu, const QMatrixOptions& options) {
  return nuRegressionDual(x, targets, kernel, c, nu, options);
}

DualProblem nuSvcDual(const SparseRows& x, const Vector& labels, const KernelParams& kernel,
                      double nu, const QMatrixOptions& options) {
  return nuClassificationDual(x, labels, kernel, nu, options);
}

DualProblem oneClassDual(const SparseRows& x, const KernelParams& kernel, double nu,
                         const QMatrixOptions& options) {
  return oneClassDualOf(x, kernel, nu, options);
}

DualProblem nuSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                      double c, double nu, const QMatrixOptions& options) {
  return nuRegressionDual(x, targets, kernel, c, nu, options);
}

DualProblem cSvcDual(const Matrix& x, const Vector& labels, const KernelParams& kernel, double c,
                     const QMatrixOptions& options) {
  return classificationDual(x, labels, kernel, c, options);
}

DualProblem cSvcDual(const SparseRows& x, const Vector& labels, const KernelParams& kernel,
                     double c, const QMatrixOptions& options) {
  return classificationDual(x, labels, kernel, c, options);
}

DualProblem cSvcDual(const Matrix& kernelMatrix, const Vector& labels, double c) {
  return classificationProblem(
      std::make_shared<PrecomputedQMatrix>(kernelMatrix, DualVariableMap::classification(labels)),
      labels, c);
}

DualProblem cSvcDual(std::shared_ptr<const QMatrix> q, const Vector& labels, double c) {
  return classificationProblem(std::move(q), labels, c);
}

DualProblem epsilonSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  return regressionDual(x, targets, kernel, c, epsilon, options);
}

DualProblem epsilonSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  return regressionDual(x, targets, kernel, c, epsilon, options);
}

}  // namespace kpg
