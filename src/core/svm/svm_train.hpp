#pragma once
// Training an SVM end to end: parameters → dual problem(s) → SmoSolver → SvmModel, with LIBSVM's
// semantics (svm.cpp svm_train, svm_group_classes, svm_cross_validation) so that a model trained
// here and one from `svm-train` agree up to solver rounding (LIBSVM caches float kernel values).
//
//   C-SVC, k classes: one-vs-one, k(k−1)/2 binary problems (course-notes 000 "classification",
//     004 "SVC"). Class order = order of first appearance in y, except that LIBSVM swaps a
//     two-class problem whose labels are −1 then +1 so that +1 comes first. Support vectors are
//     grouped by class in that order; sv_coef layout as in svm_model.hpp.
//   ε-SVR (000 "regression case"): one problem with 2N variables.
//
// Errors are values: ParameterError{parameter, message}, never exceptions.

#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_model.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

struct SvmParams {
  SvmType type = SvmType::CSvc;
  KernelParams kernel;
  double c = 1.0;           // LIBSVM -c; must be finite and > 0 (use hardMargin for C = +∞)
  bool hardMargin = false;  // C-SVC with C = +∞ (course-notes 000 "separable case")
  double epsilon = 0.1;     // ε-SVR tube half-width, LIBSVM -p; ≥ 0
  double eps = 1e-3;        // stopping tolerance on m(α) − M(α), LIBSVM -e; > 0
  SelectionRule selection = SelectionRule::SecondOrder;
  BiasRule bias = BiasRule::Libsvm;
  std::int64_t cacheBytes = std::int64_t{100} << 20;  // LIBSVM -m (in MB there); 1 B .. 4 GiB
  std::int64_t maxIterations = 0;  // per sub-problem; 0 = LIBSVM's max(10⁷, 100·n)
};

// Names the first bad parameter: "c", "eps", "epsilon", "cache_bytes", "max_iterations", or a
// kernel parameter (kernels/kernel.hpp validate). NaN and ±∞ are rejected (BAD_INPUTS P1, P4).
std::optional<ParameterError> validate(const SvmParams& params);

// The solver options of `params` (eps, selection rule, iteration cap): what trainSvm, `kpg trace`
// and the lab give every SmoSolver.
SmoOptions smoOptions(const SvmParams& params);

// One solved dual problem.
struct SubproblemInfo {
  int labelA = 0;  // C-SVC: the pair (labels[a], labels[b]), y = +1 for labelA
  int labelB = 0;
  Index sampleCount = 0;
  std::int64_t iterations = 0;
  SmoStatus status = SmoStatus::Running;
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
  // Non-fatal findings: a sub-problem stopped at the iteration cap (P2), identical inputs with
  // different labels (G4).
  std::vector<std::string> warnings;

  bool ok() const { return !error.has_value(); }
  bool converged() const;
};

// x: one sample per row; y: class labels (integers, C-SVC) or targets (ε-SVR).
// Data errors: "data" for 0 samples, 0 features, non-finite values or size mismatch; "y" for a
// non-integer label or a single class: "need ≥ 2 classes, got 1 (label '3')".
SvmTrainResult trainSvm(const Matrix& x, const Vector& y, const SvmParams& params);

// LIBSVM's class grouping: labels in order of first appearance (with the −1/+1 swap), and for
// each sample the index of its class in that order.
struct ClassGrouping {
  std::vector<int> labels;
  std::vector<Index> counts;
  std::vector<int> classOf;  // per sample
};
ClassGrouping groupClasses(const Vector& y);

// k-fold cross-validation with the semantics of `svm-train -v k`: C-SVC folds are stratified by
// class, ε-SVR folds are a random split; each sample is predicted by the model trained without
// its fold. The shuffle is our own seeded one (std::mt19937_64 + Fisher–Yates, identical on every
// platform), not LIBSVM's rand(), so fold contents differ from svm-train's.
// folds < 2 → error "folds"; folds > n → leave-one-out with a warning, as LIBSVM does.
// A training fold left with a single class predicts that class (LIBSVM trains a 1-class model).
struct CrossValidationResult {
  std::optional<ParameterError> error;
  Vector predictions;             // per sample, in input order
  int folds = 0;                  // the number used
  double accuracy = 0;            // C-SVC: fraction correct in [0, 1] (svm-train prints ×100 %)
  double meanSquaredError = 0;    // ε-SVR
  double squaredCorrelation = 0;  // ε-SVR, LIBSVM's formula
  std::vector<std::string> warnings;
  bool ok() const { return !error.has_value(); }
};
CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed);

// ---- The binary 2-D teaching view -------------------------------------------------------------
// Everything the course derives for one binary C-SVC solution (000 "dual form", 001 Question 7,
// 004 "The separable linear case"), read off a solver over cSvcDual(x, y, kernel, C).

enum class SupportCategory {
  NotSupport,  // α = 0: beyond the margin
  Free,        // 0 < α < C: on the margin, ξ = 0
  Bound        // α = C: inside the margin or misclassified, ξ ≥ 0
};

struct BinarySolutionView {
  Vector alpha;
  Vector coefficients;  // α_i y_i
  double rho = 0;
  double bias = 0;  // b = −ρ, f(x) = Σ α_i y_i k(x_i, x) + b
  std::vector<SupportCategory> categories;
  Vector slacks;                 // ξ_i
  double primalObjective = 0;    // ½‖w‖² + C Σξ
  double dualObjective = 0;      // the course's maximised dual Σα − ½αᵀQα = −f(α)
  double dualityGap = 0;         // primal − dual ≥ 0
  double alphaSum = 0;           // Σα = ‖w‖² at the hard-margin optimum (004)
  double wNormSquared = 0;       // αᵀQα, any kernel
  std::optional<Vector> w;       // linear kernel only: Σ α_i y_i x_i
  std::optional<double> margin;  // 1/‖w‖ (any kernel, in feature space)
};

BinarySolutionView describeBinarySolution(const SmoSolver& solver, const Matrix& x,
                                          const KernelParams& kernel,
                                          BiasRule rule = BiasRule::Libsvm);

}  // namespace kpg
