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
// non-finite kernel value reached G (docs/bad-inputs.md P3, G7), or when updates stopped making
// progress ("No progress" below, G18).
//
// The step is written once, as a template over a recorder: step() fills a SmoStep, run() and
// solve() use an empty recorder that compiles to nothing, so the teaching path and the fast path
// are one arithmetic path (tests/core/svm/smo_solver_test.cpp checks it bit for bit).
//
// State is α, G, the gap, the step count and the status (values); the Q provider is shared
// (shared_ptr<const>) and the scratch columns are a workspace that copies do not carry, so copying
// a solver is cheap and a copy continues exactly as the original would: the UI rewinds by keeping
// copies.
//
// The ν duals (DualProblem::fixedSumPerSign; LIBSVM's Solver_NU, Chang & Lin 2001 §4): the same
// step with the pair taken within one sign (working_set.hpp selectWorkingPairPerSign) and the gap,
// the stopping test and shrinking's bounds per sign (optimalityGapPerSign); ρ and r from each
// sign's free variables (optimality.hpp nuBias). The per-sign passes are an O(n) pass of their
// own after each update, taken only by these problems: the C-SVC and ε-SVR path is unchanged.
//
// Shrinking (SmoOptions::shrinking, LIBSVM's -h 1; off by default, so the lab, the tutorials and
// the reproduction run the notes' algorithm): Joachims 1999 §11.4, Fan, Chen & Lin 2005 §5.1 and
// LIBSVM's Solver::do_shrinking / be_shrunk / reconstruct_gradient. Every min(n, 1000) updates the
// variables at a bound that cannot be part of a violating pair (beShrunk) are moved behind the
// active ones, and steps select, update G and test optimality over the active variables only. The
// gradient of a shrunk variable is kept as Ḡ (the bounded variables' share of Qα) and rebuilt
// (reconstructGradient) once when m(α) − M(α) ≤ 10·eps, and whenever the active variables are
// optimal: the stopping test is always made on the full set, so the solution meets the same
// tolerance as without shrinking (the path, and so α within that tolerance, may differ). Unlike
// LIBSVM, the rebuild covers the active variables too: their G carries the rounding of every
// Δα that a bound absorbed (reconstructGradient), and "converged" is to mean that the gap of
// the returned α, evaluated afresh, is below eps (tests/reference/smo_property_test.cpp). The solver
// keeps its variables in "position" order (order(): position → variable) inside its calls and
// puts everything back in variable order before returning, so alpha(), gradient() and problem()
// read as without shrinking; while a shrinking run is Running, G of shrunk variables is stale
// (exact again once the run stops) and so is the record's objective.

#include "run_status.hpp"
#include "svm/dual_problem.hpp"
#include "svm/optimality.hpp"
#include "svm/pair_update.hpp"
#include "svm/parallel_for.hpp"
#include "svm/q_columns.hpp"
#include "svm/working_set.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

// No progress. On unscaled data the kernel values can span more orders of magnitude than a double
// holds (K ~ 10⁶⁰ next to K ~ 1, or 10²³⁸): the step t = −(y_i G_i − y_j G_j)/η of a pair is
// then below the rounding of α (C − 10⁻⁵⁴ is C), G does not move, and the same pair is chosen
// again, for ever: this solver ran such 8–28-point problems to the 10⁷-update cap (1–33 s),
// where svm-train ends at once with obj = nan. An update makes no progress when
//   · it is interior (no bound reached, η > 0, so no set changes) and yet the pair's own
//     violation y_i G_i − y_j G_j fell by less than kNoProgressFraction of itself (an exact step
//     takes it to 0): at that rate, gaining three digits takes more than the 10⁷ updates of the
//     cap, and
//   · neither α moved by more than the rounding of the box, ε·(B − A) (ε·max |α| when the box
//     has no top, C = ∞).
// Each alone happens in healthy runs: G's rounding can keep a violation near eps from falling;
// on data scaled by 10¹⁰ the polynomial kernel's α are ~10⁻¹⁹⁷, so every change of α is below
// ε·C, and one of the property suite's problems (seed 1350) converges in 1 652 updates of which
// 1 300 in a row move only one α, by 10⁻¹⁹⁹, each taking 0.2–1 % off the violation. After
// noProgressSteps (kNoProgressSteps) such updates in a row the solver stops with InvalidInput and
// noProgressMessage(); counted in updates, not time, so the stop is the same on every machine
// (0.04–0.5 s on those problems).
inline constexpr std::int64_t kNoProgressSteps = 100000;
inline constexpr double kNoProgressFraction = 1.0 / (1 << 21);

// "SMO made no progress for <steps> steps: …": what a stop for no progress says and what to do.
std::string noProgressMessage(std::int64_t steps);

struct SmoOptions {
  double eps = 1e-3;  // stopping tolerance on m(α) − M(α) (LIBSVM -e)
  SelectionRule rule = SelectionRule::SecondOrder;
  // 0: LIBSVM's default max(10⁷, 100·n).
  std::int64_t maxIterations = 0;
  double tau = 1e-12;  // substitute for η ≤ 0
  // LIBSVM's -h: shrink the active set (see above). Off: the notes' algorithm, step by step.
  bool shrinking = false;
  // Threads for a step's O(n) work: the float cache's columns, G's update, the selection of j and
  // Ḡ's update (parallel_for.hpp); empty: one thread. The path does not depend on it.
  ParallelFor parallelFor;
  // Stop with InvalidInput after this many updates in a row that made no progress (see
  // "No progress" above); 0: never (then only the iteration cap stops such a run).
  std::int64_t noProgressSteps = kNoProgressSteps;
};

// What shrinking did during a run (all 0 without shrinking).
struct ShrinkingCounts {
  std::int64_t passes = 0;           // do_shrinking calls (every min(n, 1000) updates)
  std::int64_t reconstructions = 0;  // gradient rebuilds from Ḡ and the free variables
  std::int64_t fullSetRestarts = 0;  // active set optimal, rebuilt full set not: went on
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
  Vector columnOther;  // the ν duals: column i₋ while i₊'s is in columnI (selection only)
  Vector fullColumn;   // shrinking: a column in variable order before it is put in position order
  Vector scratch;      // shrinking: the permutation of one state vector
  // setMembership of every position (working_set.hpp), valid inside a PositionOrderScope: built
  // when a step()/run()/solve() begins, rewritten for i and j after each update, swapped with
  // the positions; what the per-step passes read (LIBSVM's alpha_status).
  std::vector<std::uint8_t> membership;
  bool membershipValid = false;
  // The float column cache when the Q provider offers one (QMatrix::makeColumnCache: trainSvm's
  // C-SVC), built at the first step; a copy builds its own.
  std::unique_ptr<QColumnCache> cache;
  bool cacheBuilt = false;
  SmoWorkspace() = default;
  SmoWorkspace(const SmoWorkspace&) {}
  SmoWorkspace& operator=(const SmoWorkspace&) { return *this; }
  SmoWorkspace(SmoWorkspace&&) = default;
  SmoWorkspace& operator=(SmoWorkspace&&) = default;
  ~SmoWorkspace() = default;
};

// The stop when the dual has no minimum (pair_update.hpp unboundedAlongPair): hard margin with a
// kernel that is not positive semi-definite on these points. SMO stops before the step, at the
// last finite α, with status InvalidInput and this message.
inline constexpr std::string_view kUnboundedDualMessage =
    "the dual problem has no solution: with C = ∞ (hard margin) this kernel is not positive "
    "semi-definite on these points (η = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ ≤ 0 for the pair chosen), so α could grow "
    "without limit; set a finite C, or use a positive semi-definite kernel (linear, polynomial, "
    "RBF)";

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
  // The shared vocabulary of the core's step-by-step algorithms (run_status.hpp): the steps that
  // changed the state, as History (src/app/timeline/history.hpp) counts them. An SMO step that
  // changes α is an iteration.
  std::int64_t stepsDone() const { return iteration_; }
  std::int64_t maxIterations() const { return maxIterations_; }
  SmoStatus status() const { return status_; }
  // Why the status is InvalidInput (empty otherwise).
  const std::string& message() const { return message_; }
  double objective() const;  // f(α), O(n)
  // m(α) − M(α) of the current α, kept from the end of the last step (no pass over n).
  double violation() const;
  // m(α), M(α) and where they are attained, for the current α.
  const OptimalityGap& gap() const { return gap_; }
  // ρ of the current α by `rule` (optimality.hpp rhoFromGradient); b = −ρ. The ν duals: nuBias's
  // ρ whatever the rule.
  double rho(BiasRule rule) const;
  // The ν duals' r (optimality.hpp nuBias; LIBSVM's si->r): ν-SVC's C is 1/r, ν-SVR's ε is −r.
  // 0 for the other problems.
  double nuR() const;
  const DualProblem& problem() const { return problem_; }
  const SmoOptions& options() const { return options_; }
  // Shrinking: the number of active variables (n without shrinking, and once a run has stopped)
  // and which variable is at each position (empty without shrinking: the identity).
  Index activeSize() const { return shrinking() ? activeSize_ : problem_.size(); }
  const std::vector<Index>& order() const { return order_; }
  const ShrinkingCounts& shrinkingCounts() const { return counts_; }
  // The float column cache, once the first step has built it (nullptr otherwise).
  const QColumnCache* columnCacheIfBuilt() const { return workspace_.cache.get(); }

 private:
  bool shrinking() const { return !order_.empty(); }
  template <class Recorder>
  void advance(Recorder& recorder);
  template <class Recorder, class Scalar>
  void advanceWith(Recorder& recorder);
  QColumnCache* columnCache();
  // The threads of options_.parallelFor for the step's passes, or nullptr (this thread only).
  const ParallelFor* parallel() const {
    return options_.parallelFor ? &options_.parallelFor : nullptr;
  }
  // Column `position` of Q over positions 0 .. length−1, from the float cache (Scalar float) or
  // the Q provider (double).
  template <class Scalar>
  const Scalar* columnPointer(Index position, Index length, Vector& buffer);
  // f(const float*) or f(const double*) with that column; `once`: a read that comes once, which a
  // float cache does not make room for (QColumnCache::columnOnce).
  template <class F>
  void withColumn(Index position, Index length, F&& f, bool once = false);
  // After an update (and at construction): shrinking's countdown, the gap of the active set, the
  // full-set check and the status (LIBSVM Solve's loop head, run eagerly so that the status is
  // settled on the step that made the last update).
  // gapOfActive: the gap over the active variables when the caller has it already (the pass
  // that updated G), else null.
  void settle(const OptimalityGap* gapOfActive = nullptr);
  void stopInvalid(std::string message);
  // The gap over the first `count` positions: optimalityGap, or for the ν duals the worse sign's
  // (signedGaps_ then holds both).
  OptimalityGap measureGap(Index count);
  // Column `position` of Q over positions 0 .. length−1, in position order.
  const Vector& columnAt(Index position, Index length, Vector& buffer);
  // LIBSVM do_shrinking and be_shrunk.
  void shrink();
  bool beShrunk(Index t, double gmax1, double gmax2) const;
  // LIBSVM reconstruct_gradient, over every variable: G = Ḡ + p + Σ_free α_k Q_:k.
  void reconstructGradient();
  // Ḡ += (c(α_new) − c(α_old)) Q_:t where c is the bound value a bounded variable contributes.
  void updateGradientBar(Index t, double alphaBefore);
  double boundShare(Index t, double alpha) const;
  void swapPositions(Index a, Index b);
  // The state the passes read: DualIterate with the membership bytes while they are valid.
  DualIterate iterate() const;
  void refreshMembership();
  void updateMembership(Index t);
  // Shrinking: the state vectors in position order during a call, variable order between calls
  // (position k holds variable order_[k]; toPositions gathers into position order, else scatters
  // back).
  void reorder(bool toPositions);
  // The vectors indexed by variable that shrinking keeps in position order.
  std::array<Vector*, 8> perVariableVectors();
  friend class PositionOrderScope;

  DualProblem problem_;
  SmoOptions options_;
  Vector alpha_;
  Vector gradient_;
  OptimalityGap gap_;      // of (α, G), computed once at the end of each step
  SignedGaps signedGaps_;  // the ν duals: the gap of each sign, gap_ the worse one
  std::int64_t iteration_ = 0;
  std::int64_t maxIterations_ = 0;
  SmoStatus status_ = SmoStatus::Running;
  std::string message_;
  // Shrinking state (LIBSVM Solver's active_set, active_size, G_bar, unshrink, counter); order_
  // is empty without shrinking. diagonal_ is Q_tt in position order.
  std::vector<Index> order_;
  Index activeSize_ = 0;
  Vector gradientBar_;
  Vector diagonal_;
  std::int64_t countdown_ = 0;
  bool unshrunk_ = false;
  // No progress (above): the updates in a row that made none.
  std::int64_t stalledUpdates_ = 0;
  ShrinkingCounts counts_;
  SmoWorkspace workspace_;
};

}  // namespace kpg
