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
//
// The ν formulations (Schölkopf, Smola, Williamson & Bartlett 2000, "New support vector
// algorithms"; Chang & Lin 2001, "Training ν-support vector classifiers: theory and
// algorithms"; LIBSVM's implementation notes, Chang & Lin 2011, §2.2-2.4 and §4.2) carry a second
// equality constraint besides yᵀα = Δ: the sum of α over each sign of y is fixed (with yᵀα,
// eᵀα = const). SMO then keeps both by pairing two variables of the same sign
// (fixedSumPerSign; smo_solver.hpp), and ρ and r come from the free variables of each sign
// (optimality.hpp nuBias).
//   ν-SVC (Chang & Lin 2001, eq. (2.3) scaled by 1/l as LIBSVM): Q_ij = y_i y_j k(x_i, x_j), p = 0,
//     A = 0, B = 1, Σ_{y=+1} α = Σ_{y=−1} α = νl/2 (α0: LIBSVM's min(1, what is left) per sign, in
//     input order). The model is α_i y_i / r, ρ/r, and the objective f(α)/r² (the C-SVC with
//     C = 1/r that has the same solution).
//   one-class (Schölkopf et al. 2001, "Estimating the support of a high-dimensional
//     distribution", eq. (4)-(5), scaled by l): Q_ij = k(x_i, x_j), p = 0, y = +1, A = 0, B = 1,
//     eᵀα = νl (α0: the first ⌊νl⌋ at 1, the next at νl − ⌊νl⌋). One equality constraint: the
//     plain SMO.
//   ν-SVR (Schölkopf et al. 2000, §4, scaled by l): 2N variables in ε-SVR's layout with p_i = −t_i,
//     p_{N+i} = +t_i, A = 0, B = C, Σα = Σα* = CνN/2 (α0: α_i = α_i* = min(C, what is left)); the
//     tube's ε comes out as −r.

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
  // The ν duals' second constraint: Σ α over y = +1 and over y = −1 each stay at their value in
  // α0 (above). The solver then pairs variables of one sign only (LIBSVM's Solver_NU).
  bool fixedSumPerSign = false;

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
  // LIBSVM -t 4: the samples are rows of kernel values (svm_model.hpp), Q is built from
  // precomputedGram(x) and held whole; `kernel` is not read.
  bool precomputedKernel = false;
};

// A precomputed kernel's Gram matrix K(a, b) = x(a, serial(b)) over the rows of x (zero-based
// columns, column 0 the serial number; LIBSVM Kernel::kernel_precomputed). The Q matrix keeps its
// lower triangle (q_matrix.hpp), so a kernel matrix that is not symmetric is read as LIBSVM reads
// row a against column b only for a ≥ b.
Matrix precomputedGram(const Matrix& x);
// Every serial number x(a, 0) is a whole number in [1, x.cols() − 1] and every value is finite
// (LIBSVM svm-train read_problem: "sample_serial_number out of range"); error "data" naming the
// sample (1-based) and what to write.
std::optional<ParameterError> validatePrecomputedRows(const Matrix& x);

// labels are ±1. c may be +∞ (hard margin).
DualProblem cSvcDual(const Matrix& x, const Vector& labels, const KernelParams& kernel, double c,
                     const QMatrixOptions& options = {});
// The same with any kernel matrix K (N×N), e.g. of a composed or string kernel.
DualProblem cSvcDual(const Matrix& kernelMatrix, const Vector& labels, double c);
// The same over a Q provider already built for these labels (its map's signs), e.g. one kept up
// to date by QMatrix::applyEdit: the problem a rebuild would give, without evaluating a kernel.
DualProblem cSvcDual(std::shared_ptr<const QMatrix> q, const Vector& labels, double c);

DualProblem epsilonSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options = {});

// The ν duals of the header comment. nu in (0, 1]; ν-SVC takes labels ±1 (each sign's νl/2 must
// fit in its box, svm_train.hpp nuInfeasibility; otherwise α0 is clipped as LIBSVM clips it).
DualProblem nuSvcDual(const Matrix& x, const Vector& labels, const KernelParams& kernel, double nu,
                      const QMatrixOptions& options = {});
DualProblem oneClassDual(const Matrix& x, const KernelParams& kernel, double nu,
                         const QMatrixOptions& options = {});
DualProblem nuSvrDual(const Matrix& x, const Vector& targets, const KernelParams& kernel, double c,
                      double nu, const QMatrixOptions& options = {});
DualProblem nuSvcDual(const SparseRows& x, const Vector& labels, const KernelParams& kernel,
                      double nu, const QMatrixOptions& options = {});
DualProblem oneClassDual(const SparseRows& x, const KernelParams& kernel, double nu,
                         const QMatrixOptions& options = {});
DualProblem nuSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                      double c, double nu, const QMatrixOptions& options = {});

// The same over sparse rows (data/sparse_rows.hpp): kernel values by merges over the non-zeros,
// so memory and time follow the non-zeros, not the largest feature index.
DualProblem cSvcDual(const SparseRows& x, const Vector& labels, const KernelParams& kernel,
                     double c, const QMatrixOptions& options = {});
DualProblem epsilonSvrDual(const SparseRows& x, const Vector& targets, const KernelParams& kernel,
                           double c, double epsilon, const QMatrixOptions& options = {});

}  // namespace kpg
