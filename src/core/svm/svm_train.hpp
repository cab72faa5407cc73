#pragma once
// Training an SVM end to end: parameters → dual problem(s) → SmoSolver → SvmModel, with LIBSVM's
// semantics (svm.cpp svm_train, svm_group_classes, svm_cross_validation) so that a model trained
// here and one from `svm-train` agree up to solver rounding (LIBSVM caches float kernel values).
//
//   C-SVC, k classes: one-vs-one, k(k−1)/2 binary problems in LIBSVM's order (one_vs_one.hpp);
//     the model assembled by model_from_solver.hpp.
//   ν-SVC: as C-SVC, each pair a ν dual (dual_problem.hpp), its solution rescaled by 1/r.
//   ε-SVR (000 "regression case"), ν-SVR: one problem with 2N variables.
//   one-class: one problem over all samples, the labels unused.
// Cross-validation is in cross_validation.hpp, the teaching view of a binary solution in
// binary_solution.hpp.
//
// Errors are values: ParameterError{parameter, message}, never exceptions. Overflowing kernel
// values are refused with kKernelOverflowMessage (parameter "kernel"; docs/bad-inputs.md P3, G7),
// whether the Q diagonal shows them up front or a column brings them into G during the solve.

#include "svm/binary_solution.hpp"
#include "svm/one_vs_one.hpp"
#include "svm/optimality.hpp"
#include "svm/probability_fit.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_model.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

// LIBSVM -wi weight: class `label`'s C is C·weight in every one-vs-one pair it takes part in
// (svm.cpp svm_train's weighted_C; solve_c_svc's Cp, Cn). Two entries for one label multiply, as
// in LIBSVM. C-SVC only; ε-SVR ignores them, as LIBSVM does.
struct ClassWeight {
  int label = 0;
  double weight = 1;  // finite and > 0
};

struct SvmParams {
  SvmType type = SvmType::CSvc;
  KernelParams kernel;
  double c = 1.0;           // LIBSVM -c; must be finite and > 0 (use hardMargin for C = +∞)
  bool hardMargin = false;  // C-SVC with C = +∞ (course-notes 000 "separable case")
  double epsilon = 0.1;     // ε-SVR tube half-width, LIBSVM -p; ≥ 0
  double nu = 0.5;          // ν-SVC, one-class, ν-SVR: LIBSVM -n; in (0, 1]
  // LIBSVM -t 4: the samples are rows of kernel values, zero-based, column 0 the serial number
  // (svm_model.hpp); `kernel` is unused. The Gram matrix of a training set is x(a, serial(b))
  // (precomputedGram); the model keeps each support vector's serial number only.
  bool precomputedKernel = false;
  double eps = 1e-3;  // stopping tolerance on m(α) − M(α), LIBSVM -e; > 0
  SelectionRule selection = SelectionRule::SecondOrder;
  BiasRule bias = BiasRule::Libsvm;
  std::int64_t cacheBytes = std::int64_t{100} << 20;  // LIBSVM -m (in MB there); 1 B .. 4 GiB
  std::int64_t maxIterations = 0;  // per sub-problem; 0 = LIBSVM's max(10⁷, 100·n)
  bool shrinking = true;           // LIBSVM -h (default 1); smo_solver.hpp "Shrinking"
  // Stop a sub-problem after this many updates in a row without progress (smo_solver.hpp "No
  // progress"); 0: never.
  std::int64_t noProgressSteps = kNoProgressSteps;
  std::vector<ClassWeight> classWeights;  // LIBSVM -wi; empty: every class has C
  // LIBSVM -b 1: also fit the probability model (svm/probability.hpp) by internal 5-fold
  // cross-validation; the model gets probA/probB.
  bool probability = false;
  // Threads for kernel columns (`kpg train -j`; parallel_for.hpp): the same model for any.
  ParallelFor parallelFor;
};

// svm_check_parameter's ν-SVC feasibility: every pair of classes (a, b), of n_a and n_b samples,
// needs ν(n_a + n_b)/2 ≤ min(n_a, n_b) (each sign's share νl/2 must fit in its box [0, 1]).
// Error "nu": "specified nu is infeasible" with the pair and the largest ν it takes. y: integer
// labels.
std::optional<ParameterError> nuInfeasibility(const Vector& y, double nu);

// Names the first bad parameter: "c", "nu", "eps", "epsilon", "cache_bytes", "max_iterations", or a
// kernel parameter (kernels/kernel.hpp validate). NaN and ±∞ are rejected (docs/bad-inputs.md P1, P4).
std::optional<ParameterError> validate(const SvmParams& params);

// The solver options of `params` (eps, selection rule, iteration cap, shrinking): what trainSvm
// and `kpg trace` give every SmoSolver.
SmoOptions smoOptions(const SvmParams& params);

// Rows up to which a training sub-problem keeps the double-precision N×N Q (when it also fits
// in -m): below it, precomputing every entry costs less than the solve, and the solver's gap is
// the gap of the double definitions the tests check (a float Q puts 6·10⁻⁸ Σ|Q_ij α_j| of
// rounding into G, which at C·K ~ 10⁶ exceeds eps; tests/reference/smo_property_test.cpp).
constexpr Index kPrecomputedQRows = 1000;

// The Q provider of a C-SVC sub-problem of N = `rows` samples, for trainSvm and `kpg trace`
// alike: the precomputed double Q for N ≤ kPrecomputedQRows when N²·8 bytes fit in
// params.cacheBytes; otherwise LIBSVM's engine, columns on demand into SmoSolver's float cache
// (q_columns.hpp).
QMatrixOptions trainingQMatrixOptions(const SvmParams& params, Index rows);

// One solved dual problem.
struct SubproblemInfo {
  int labelA = 0;  // C-SVC: the pair (labels[a], labels[b]), y = +1 for labelA
  int labelB = 0;
  Index sampleCount = 0;
  double r = 0;  // ν-SVC, ν-SVR: the dual's r (ν-SVC's C = 1/r, ν-SVR's ε = −r); else 0
  std::int64_t iterations = 0;
  RunStatus status = RunStatus::Running;
  double objective = 0;  // f(α) at the end (LIBSVM's "obj")
  double violation = 0;  // m(α) − M(α) at the end
  double rho = 0;
  Index supportVectors = 0;
  Index boundSupportVectors = 0;  // α = C
};

struct SvmTrainResult {
  std::optional<ParameterError> error;  // set → nothing else is meaningful
  SvmModel model;
  std::vector<SubproblemInfo> subproblems;  // C-SVC: pair order (0,1),(0,2)..; SVR: one
  // With params.probability: per pair (C-SVC) or the one SVR fit, in the same order.
  std::vector<ProbabilityFitInfo> probability;
  // Non-fatal findings: a sub-problem stopped at the iteration cap (P2), identical inputs with
  // different labels (G4).
  std::vector<std::string> warnings;

  bool ok() const { return !error.has_value(); }
  bool converged() const;
};

// x: one sample per row; y: class labels (integers, C-SVC) or targets (ε-SVR).
// Data errors: "data" for 0 samples, 0 features, non-finite values or size mismatch; "y" for a
// non-integer label or a single class: "need ≥ 2 classes, got 1 (label '3')"; "kernel" for
// non-finite kernel values (no model is returned).
SvmTrainResult trainSvm(const Matrix& x, const Vector& y, const SvmParams& params);

// As trainSvm without -b 1 (params.probability must be false: error "probability"): for a program
// that never fits probabilities (the app's multi-class regions), whose binary then does not carry
// the fit (probability.hpp), 8 KB of .wasm.
SvmTrainResult trainSvmWithoutProbability(const Matrix& x, const Vector& y,
                                          const SvmParams& params);

// As trainSvm, but a C-SVC training set of a single class gives a model that predicts that class
// (what `svm-train -v` does with a fold left with one class). For cross_validation.cpp.
SvmTrainResult trainSvmAllowingOneClass(const Matrix& x, const Vector& y, const SvmParams& params);

// The same over sparse rows (data/sparse_rows.hpp; LIBSVM's own storage): kernel values by merges
// over the non-zeros, the model's support vectors held sparse, so memory and time follow the
// non-zeros and not the largest feature index (docs/bad-inputs.md D11; the reliability audit's
// F4). On the same data the dense and the sparse forms give the same model up to the rounding of
// the kernel values (tests/core/svm/svm_train_sparse_test.cpp).
SvmTrainResult trainSvm(const SparseRows& x, const Vector& y, const SvmParams& params);
SvmTrainResult trainSvmAllowingOneClass(const SparseRows& x, const Vector& y,
                                        const SvmParams& params);

// A C-SVC warm start (kpg grid --warm-start, grid_search.hpp): the α of every sub-problem of a
// training on the same samples and labels at cost c. The next training at C' starts each
// sub-problem from α·C'/c, which keeps Σ α_i y_i = 0 and the box [0, C'] (warm_start.hpp clips
// and repairs what rounding leaves), instead of α = 0.
struct CSvcStart {
  double c = 0;
  std::vector<Vector> alpha;  // per sub-problem, pair order
};
// trainSvmAllowingOneClass starting from `start` (nullptr or a mismatch: α = 0); `end`, if given,
// receives this training's α and C for the next one.
SvmTrainResult trainSvmAllowingOneClassFrom(const Matrix& x, const Vector& y,
                                            const SvmParams& params, const CSvcStart* start,
                                            CSvcStart* end);
SvmTrainResult trainSvmAllowingOneClassFrom(const SparseRows& x, const Vector& y,
                                            const SvmParams& params, const CSvcStart* start,
                                            CSvcStart* end);

// The "data" checks of trainSvm (sizes, non-empty, finite values).
std::optional<ParameterError> validateTrainingData(const Matrix& x, const Vector& y);
std::optional<ParameterError> validateTrainingData(const SparseRows& x, const Vector& y);

// Everything trainSvm and crossValidate check before any work: the parameters, then the data.
std::optional<ParameterError> validateTraining(const Matrix& x, const Vector& y,
                                               const SvmParams& params);
std::optional<ParameterError> validateTraining(const SparseRows& x, const Vector& y,
                                               const SvmParams& params);

}  // namespace kpg
