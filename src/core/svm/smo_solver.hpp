#pragma once
// Sequential Minimal Optimization for the dual of dual_problem.hpp
//   min ½ αᵀQα + pᵀα   s.t. yᵀα = Δ, A ≤ α ≤ B
// (Platt 1998; course-notes 000 "SVM - optimization", 003 "SMO algo"; the decomposition method
// of LIBSVM, Chang & Lin 2011, and its working-set selection, Fan, Chen & Lin 2005).
//
// One step: select a pair (working_set.hpp) from the optimality gap kept from the previous step,
// solve the two-variable sub-problem analytically (pair_update.hpp), update the gradient
// (updateGradient, 003 step 5) in O(n), then compute the gap m(α), M(α) of the new α once, in
// the same O(n) pass that checks G is finite. The status is settled right there: Converged
// (isOptimal: m(α) − M(α) < eps, exactly LIBSVM's test) or CapReached (LIBSVM's max(10⁷, 100·n)
// updates) on the step that made the last update, never one call later; InvalidInput when a
// non-finite kernel value reached G (docs/bad-inputs.md P3, G7).
//
// The step is written once, as a template over a recorder: step() fills a SmoStep, run() and
// solve() use an empty recorder that compiles to nothing, so the teaching path and the fast path
// are one arithmetic path (tests/core/svm/smo_solver_test.cpp checks it bit for bit).
//
// State is α, G, the gap, the step count and the status (values); the Q provider is shared
// (shared_ptr<const>) and the scratch columns are a workspace that copies do not carry, so copying
// a solver is cheap and a copy continues exactly as the original would: the UI rewinds by keeping
// copies. No shrinking (LIBSVM's -h 1): the solution is the same, only slower for large n.

#include "run_status.hpp"
#include "svm/dual_problem.hpp"
#include "svm/optimality.hpp"
#include "svm/pair_update.hpp"
#include "svm/working_set.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace kpg {

struct SmoOptions {
  double eps = 1e-3;  // stopping tolerance on m(α) − M(α) (LIBSVM -e)
  SelectionRule rule = SelectionRule::SecondOrder;
  // 0: LIBSVM's default max(10⁷, 100·n).
  std::int64_t maxIterations = 0;
  double tau = 1e-12;  // substitute for η ≤ 0
};

// SMO's status is the shared vocabulary of step-by-step algorithms (run_status.hpp). SmoStatus is
// its name here, kept so that call sites read as before; CapReached is SMO's iteration limit.
using SmoStatus = RunStatus;

// The words users see in sessions, `kpg trace` and the CLI: "invalid input", "running",
// "converged", "iteration limit".
std::string_view smoStatusName(RunStatus status);

// What one call of step() did. When no update happened (`updated` false) the record still carries
// the optimality measures that made the solver stop.
struct SmoStep {
  bool updated = false;
  std::int64_t iteration = 0;  // number of updates done after this step
  // After this step: Converged or CapReached on the step that made the last update.
  RunStatus status = RunStatus::Running;
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

// Scratch for the two Q columns of a step. Not state: a copy starts empty and is sized at its first
// step, so the checkpoints of the lab's history hold α and G only.
struct SmoWorkspace {
  Vector columnI;
  Vector columnJ;
  SmoWorkspace() = default;
  SmoWorkspace(const SmoWorkspace&) {}
  SmoWorkspace& operator=(const SmoWorkspace&) { return *this; }
  SmoWorkspace(SmoWorkspace&&) = default;
  SmoWorkspace& operator=(SmoWorkspace&&) = default;
  ~SmoWorkspace() = default;
};

class SmoSolver {
 public:
  // An invalid problem (validate(problem)) or a non-finite Q diagonal leaves the solver at
  // InvalidInput with no steps, message() saying why (kKernelOverflowMessage for overflowing
  // kernel values, docs/bad-inputs.md P3, G7).
  explicit SmoSolver(DualProblem problem, SmoOptions options = {});

  // At most one pair update, with the full record (the lab, `kpg trace`, the tutorials).
  SmoStep step();
  // Up to maxSteps updates, stopping early when the status leaves Running. The same step as
  // step(), without building the record: the path is identical bit for bit.
  SmoStatus run(std::int64_t maxSteps);
  // Until converged, the iteration cap, or invalid input.
  SmoStatus solve();

  const Vector& alpha() const { return alpha_; }
  const Vector& gradient() const { return gradient_; }
  std::int64_t iteration() const { return iteration_; }
  std::int64_t maxIterations() const { return maxIterations_; }
  SmoStatus status() const { return status_; }
  // Why the status is InvalidInput (empty otherwise).
  const std::string& message() const { return message_; }
  double objective() const;  // f(α), O(n)
  // m(α) − M(α) of the current α, kept from the end of the last step (no pass over n).
  double violation() const;
  // m(α), M(α) and where they are attained, for the current α.
  const OptimalityGap& gap() const { return gap_; }
  // ρ of the current α by `rule` (optimality.hpp rhoFromGradient); b = −ρ.
  double rho(BiasRule rule) const;
  const DualProblem& problem() const { return problem_; }
  const SmoOptions& options() const { return options_; }

 private:
  template <class Recorder>
  void advance(Recorder& recorder);
  void stopInvalid(std::string message);

  DualProblem problem_;
  SmoOptions options_;
  Vector alpha_;
  Vector gradient_;
  OptimalityGap gap_;  // of (α, G), computed once at the end of each step
  std::int64_t iteration_ = 0;
  std::int64_t maxIterations_ = 0;
  SmoStatus status_ = SmoStatus::Running;
  std::string message_;
  SmoWorkspace workspace_;
};

}  // namespace kpg
