#include "svm/dual_problem.hpp"

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

namespace {

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
  return classificationProblem(
      makeQMatrix(kernel, x, DualVariableMap::classification(labels), options.cacheBytes,
                  options.storage, options.precomputeWhenFits),
      labels, c);
}

template <class Samples>
DualProblem regressionDual(const Samples& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  const Index n = targets.size();
  DualProblem problem;
  problem.q = makeQMatrix(kernel, x, DualVariableMap::regression(n), options.cacheBytes,
                          options.storage, options.precomputeWhenFits);
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

}  // namespace

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

DualProblem epsilonSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  return regressionDual(x, targets, kernel, c, epsilon, options);
}

DualProblem epsilonSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options) {
  return regressionDual(x, targets, kernel, c, epsilon, options);
}

}  // namespace kpg
