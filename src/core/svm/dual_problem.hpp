#pragma once
// The SVM dual in the general form solved by SMO (course-notes 000 "SVM - optimization",
// 003 "SVM optimization"; LIBSVM svm.cpp, comment above class Solver):
//
//   min_α  f(α) = ½ αᵀQα + pᵀα
//   s.t.   yᵀα = Δ,   A_i ≤ α_i ≤ B_i,   y_i = ±1
//
// NOTE the sign: p enters with +, as in LIBSVM (the course writes −βᵀα, β = −p).
//
// Builders:
//   C-SVC (000 "non separable case - dual form"): Q_ij = y_i y_j k(x_i, x_j), p = −e, A = 0,
//     B = C, Δ = 0. Hard margin is C = +∞, kept as a true IEEE infinity: every place that
//     touches B (the feasible segment, the bound tests, the primal objective) is written so that
//     ∞ never meets ∞ − ∞ or 0·∞. A huge finite C would also work but would put a fake bound
//     into the reported numbers; with +∞ the hand-solved example (001 Question 7) reaches the
//     exact α = (1/4, 3/8, 5/8).
//   ε-SVR (000 "regression case - dual form"): 2N variables (α, α*), LIBSVM's layout:
//     p_i = ε − t_i, y_i = +1 and p_{N+i} = ε + t_i, y_{N+i} = −1, Q as in q_matrix.hpp,
//     A = 0, B = C, Δ = 0. The model's coefficient is α_i − α_i*.

#include "kernels/kernel.hpp"
#include "svm/q_matrix.hpp"

#include <cstdint>
#include <memory>
#include <optional>

namespace kpg {

struct DualProblem {
  std::shared_ptr<const QMatrix> q;
  Vector linear;  // p
  Vector y;       // ±1: the equality constraint's coefficients
  Vector lower;   // A
  Vector upper;   // B (may be +∞)
  Vector alpha0;  // a feasible starting point (LIBSVM: 0); fixes Δ = yᵀα0

  Index size() const { return linear.size(); }
};

// Checks sizes, y = ±1, A ≤ α0 ≤ B, finite p; names the offending member.
std::optional<ParameterError> validate(const DualProblem& problem);

struct QMatrixOptions {
  // Budget for kernel values: the full N×N matrix is precomputed when it fits, otherwise an LRU
  // column cache of this many bytes is used (LIBSVM -m, default 100 MB).
  std::int64_t cacheBytes = std::int64_t{100} << 20;
  // Columns held in double or float (LIBSVM's Qfloat) when Q is not precomputed.
  QColumnStorage storage = QColumnStorage::Double;
  // false: never the N×N matrix, always columns on demand (SmoSolver's float cache for C-SVC,
  // q_columns.hpp), as LIBSVM; what trainSvm uses. The lab keeps the precomputed double Q.
  bool precomputeWhenFits = true;
};

// labels are ±1. c may be +∞ (hard margin).
DualProblem cSvcDual(const Matrix& x, const Vector& labels, const KernelParams& kernel, double c,
                     const QMatrixOptions& options = {});
// The same with any kernel matrix K (N×N), e.g. of a composed or string kernel.
DualProblem cSvcDual(const Matrix& kernelMatrix, const Vector& labels, double c);

DualProblem epsilonSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options = {});

// The same over sparse rows (data/sparse_rows.hpp): kernel values by merges over the non-zeros,
// so memory and time follow the non-zeros, not the largest feature index.
DualProblem cSvcDual(const SparseRows& x, const Vector& labels, const KernelParams& kernel,
                     double c, const QMatrixOptions& options = {});
DualProblem epsilonSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options = {});

}  // namespace kpg
