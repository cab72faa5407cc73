#pragma once
// Sequential Minimal Optimization for the dual of dual_problem.hpp
//   min ½ αᵀQα + pᵀα   s.t. yᵀα = Δ, A ≤ α ≤ B
// (Platt 1998; course-notes 000 "SVM - optimization", 003 "SMO algo"; the decomposition method
// of LIBSVM, Chang & Lin 2011, and its working-set selection, Fan, Chen & Lin 2005).
//
// One step: select a pair (working_set.hpp), solve the two-variable sub-problem analytically
// (pair_update.hpp), update the gradient G ← G + Q_:i Δα_i + Q_:j Δα_j in O(n). Stops, exactly as
// LIBSVM, when m(α) − M(α) < eps, or at the iteration cap, LIBSVM's max(10⁷, 100·n).
//
// State is α, G and the step count (values); the Q provider is shared (shared_ptr<const>), so
// copying a solver is cheap and a copy continues exactly as the original would: the UI rewinds
// by keeping copies. No shrinking (LIBSVM's -h 1): the solution is the same, only slower for
// large n.

#include "svm/dual_problem.hpp"
#include "svm/pair_update.hpp"
#include "svm/working_set.hpp"

#include <cstdint>

namespace kpg {

struct SmoOptions {
  double eps = 1e-3;  // stopping tolerance on m(α) − M(α) (LIBSVM -e)
  SelectionRule rule = SelectionRule::SecondOrder;
  // 0: LIBSVM's default max(10⁷, 100·n).
  std::int64_t maxIterations = 0;
  double tau = 1e-12;  // substitute for η ≤ 0
};

// Which ended the run (Running: not ended yet).
enum class SmoStatus { Running, Converged, IterationLimit };

std::string_view smoStatusName(SmoStatus status);

// What one call of step() did. When no update happened (`updated` false) the record still carries
// the optimality measures that made the solver stop.
struct SmoStep {
  bool updated = false;
  std::int64_t iteration = 0;  // number of updates done after this step
  SmoStatus status = SmoStatus::Running;
  // Why this pair: the measures before the update.
  Index i = -1;
  Index j = -1;
  double mAlpha = 0;     // m(α) = −y_i G_i
  double bigMAlpha = 0;  // M(α)
  double violation = 0;  // m(α) − M(α)
  double gradientI = 0;
  double gradientJ = 0;
  double secondOrderGain = 0;  // −b²/a of the chosen pair (objective change if unclipped)
  // The update (pair_update.hpp).
  double eta = 0;
  bool tauUsed = false;
  double lower = 0;  // feasible segment of t: α_i + y_i t, α_j − y_j t
  double upper = 0;
  double unclippedStep = 0;
  double step = 0;
  double alphaIBefore = 0;
  double alphaIAfter = 0;
  double alphaJBefore = 0;
  double alphaJAfter = 0;
  double objectiveBefore = 0;
  double objectiveAfter = 0;
};

class SmoSolver {
 public:
  // The problem must pass validate(problem); an invalid one leaves the solver at IterationLimit
  // with no steps (check validate() first to get the message).
  explicit SmoSolver(DualProblem problem, SmoOptions options = {});

  // At most one pair update.
  SmoStep step();
  // Up to maxSteps calls of step(), stopping early when the status leaves Running.
  SmoStatus run(std::int64_t maxSteps);
  // Until converged or the iteration cap.
  SmoStatus solve();

  const Vector& alpha() const { return alpha_; }
  const Vector& gradient() const { return gradient_; }
  std::int64_t iteration() const { return iteration_; }
  std::int64_t maxIterations() const { return maxIterations_; }
  SmoStatus status() const { return status_; }
  double objective() const;  // f(α), O(n)
  double violation() const;  // m(α) − M(α), O(n)
  const DualProblem& problem() const { return problem_; }
  const SmoOptions& options() const { return options_; }

 private:
  DualProblem problem_;
  SmoOptions options_;
  Vector alpha_;
  Vector gradient_;
  std::int64_t iteration_ = 0;
  std::int64_t maxIterations_ = 0;
  SmoStatus status_ = SmoStatus::Running;
  Vector columnI_;  // scratch
  Vector columnJ_;
};

}  // namespace kpg
