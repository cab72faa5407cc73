#include "svm/smo_solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

namespace kpg {

// Puts a shrinking solver's state vectors in position order for the length of a call and back in
// variable order at its end (smo_solver.hpp "Shrinking").
class PositionOrderScope {
 public:
  explicit PositionOrderScope(SmoSolver& solver) : solver_(solver) {
    solver_.reorder(true);
    solver_.refreshMembership();
  }
  ~PositionOrderScope() {
    solver_.workspace_.membershipValid = false;
    solver_.reorder(false);
  }
  PositionOrderScope(const PositionOrderScope&) = delete;
  PositionOrderScope& operator=(const PositionOrderScope&) = delete;

 private:
  SmoSolver& solver_;
};

namespace {

// What step() records: the full SmoStep, filled as the step goes.
struct FullRecord {
  static constexpr bool kRecords = true;
  SmoStep step;
};

// What run() and solve() record: nothing; every `if constexpr (Recorder::kRecords)` block of
// SmoSolver::advance compiles away, and with it the two O(n) objective passes.
struct NoRecord {
  static constexpr bool kRecords = false;
};

// The pair's line as the record shows it (η, τ, the segment [L, H], t*): for an update, and for
// the step that stops on an unbounded dual before updating.
void recordPairLine(SmoStep& r, const PairUpdate& update) {
  r.eta = update.eta;
  r.tauUsed = update.tauUsed;
  r.lower = update.lower;
  r.upper = update.upper;
  r.unclippedStep = update.unclippedStep;
}

}  // namespace

std::string_view smoStatusName(RunStatus status) {
  return runStatusWords(status, "iteration limit");
}

std::string noProgressMessage(std::int64_t steps) {
  return "SMO made no progress for " + std::to_string(steps) +
         " steps: the kernel values are too large for double precision at this scale; scale "
         "the data (svm-scale) or lower gamma, C or the degree";
}

SmoSolver::SmoSolver(DualProblem problem, SmoOptions options)
    : problem_(std::move(problem)), options_(options) {
  if (auto error = validate(problem_)) {
    stopInvalid(error->parameter + ": " + error->message);
    return;
  }
  if (!problem_.q->diagonal().allFinite()) {
    stopInvalid(std::string(kKernelOverflowMessage));
    return;
  }
  const Index n = problem_.size();
  alpha_ = problem_.alpha0;
  gradient_ = problem_.linear;  // G = Qα + p
  if (options_.shrinking && n > 0) {
    order_.resize(static_cast<std::size_t>(n));
    for (Index t = 0; t < n; ++t) order_[static_cast<std::size_t>(t)] = t;
    activeSize_ = n;
    gradientBar_ = Vector::Zero(n);
    diagonal_ = problem_.q->diagonal();
    // LIBSVM: counter = min(l, 1000) + 1, decremented at the head of every iteration.
    countdown_ = std::min<std::int64_t>(n, 1000) + 1;
  }
  Vector column(n);
  for (Index t = 0; t < n; ++t) {
    if (alpha_(t) != 0) {
      problem_.q->column(t, column);
      gradient_ += alpha_(t) * column;
      if (shrinking() && boundShare(t, alpha_(t)) != 0)
        gradientBar_ += boundShare(t, alpha_(t)) * column;
    }
  }
  const std::int64_t libsvmCap =
      std::max<std::int64_t>(10000000, 100 * static_cast<std::int64_t>(n));
  maxIterations_ = options_.maxIterations > 0 ? options_.maxIterations : libsvmCap;
  settle();
}

DualIterate SmoSolver::iterate() const {
  return {problem_.y,     alpha_,
          problem_.lower, problem_.upper,
          gradient_,      workspace_.membershipValid ? workspace_.membership.data() : nullptr};
}

void SmoSolver::refreshMembership() {
  // A problem that failed validation may have vectors of different lengths; it never steps.
  if (status_ == RunStatus::InvalidInput) return;
  const Index n = problem_.size();
  workspace_.membership.resize(static_cast<std::size_t>(n));
  for (Index t = 0; t < n; ++t) updateMembership(t);
  workspace_.membershipValid = true;
}

void SmoSolver::updateMembership(Index t) {
  workspace_.membership[static_cast<std::size_t>(t)] =
      setMembership(problem_.y(t), alpha_(t), problem_.lower(t), problem_.upper(t));
}

void SmoSolver::settle(const OptimalityGap* gapOfActive) {
  if (shrinking() && --countdown_ == 0) {
    countdown_ = std::min<std::int64_t>(problem_.size(), 1000);
    shrink();
    gapOfActive = nullptr;  // the active set and its positions have changed
  }
  if (problem_.fixedSumPerSign) gapOfActive = nullptr;  // the gap per sign: a pass of its own
  gap_ = gapOfActive != nullptr ? *gapOfActive : measureGap(activeSize());
  if (!gap_.gradientFinite) {
    stopInvalid(std::string(kKernelOverflowMessage));
    return;
  }
  if (isOptimal(gap_, options_.eps)) {
    if (!shrinking()) {
      status_ = RunStatus::Converged;
      return;
    }
    // Optimal over the active variables: the test that counts is on the full set (LIBSVM's
    // "*"), with G rebuilt from α for every variable, the active ones included (smo_solver.hpp
    // "Shrinking"). If a variable violates, the run goes on and shrinks at the next step.
    reconstructGradient();
    activeSize_ = problem_.size();
    gap_ = measureGap(activeSize_);
    if (!gap_.gradientFinite) {
      stopInvalid(std::string(kKernelOverflowMessage));
      return;
    }
    if (isOptimal(gap_, options_.eps)) {
      status_ = RunStatus::Converged;
      return;
    }
    ++counts_.fullSetRestarts;
    countdown_ = 1;
  }
  if (iteration_ >= maxIterations_) {
    status_ = RunStatus::CapReached;
    if (shrinking()) {
      // The last iterate's full gradient, for ρ, the objective and the reported gap.
      reconstructGradient();
      activeSize_ = problem_.size();
      gap_ = measureGap(activeSize_);
    }
  }
}

OptimalityGap SmoSolver::measureGap(Index count) {
  const DualIterate state = iterate();
  if (!problem_.fixedSumPerSign) return optimalityGap(state, count);
  signedGaps_ = optimalityGapPerSign(state, count);
  return signedGaps_.worst();
}

void SmoSolver::stopInvalid(std::string message) {
  status_ = RunStatus::InvalidInput;
  message_ = std::move(message);
}

double SmoSolver::objective() const {
  return dualObjective(alpha_, gradient_, problem_.linear);
}

double SmoSolver::violation() const {
  if (alpha_.size() == 0) return 0.0;
  return gap_.violation();
}

double SmoSolver::rho(BiasRule rule) const {
  if (alpha_.size() == 0) return 0.0;
  if (problem_.fixedSumPerSign)
    return nuBias(problem_.y, alpha_, problem_.lower, problem_.upper, gradient_).rho;
  return rhoFromGradient(rule, problem_.y, alpha_, problem_.lower, problem_.upper, gradient_);
}

double SmoSolver::nuR() const {
  if (alpha_.size() == 0 || !problem_.fixedSumPerSign) return 0.0;
  return nuBias(problem_.y, alpha_, problem_.lower, problem_.upper, gradient_).r;
}

// The one SMO step of both paths (course-notes 003 "SMO algo" steps 2-5; LIBSVM Solver::Solve's
// loop body). The gap of the current α is in gap_ already.
QColumnCache* SmoSolver::columnCache() {
  if (!workspace_.cacheBuilt) {
    workspace_.cacheBuilt = true;
    workspace_.cache = problem_.q->makeColumnCache();
    if (workspace_.cache && shrinking()) workspace_.cache->reorder(order_);
    if (workspace_.cache && options_.parallelFor)
      workspace_.cache->setParallelFor(options_.parallelFor);
  }
  return workspace_.cache.get();
}

template <class Scalar>
const Scalar* SmoSolver::columnPointer(Index position, Index length, Vector& buffer) {
  if constexpr (std::is_same_v<Scalar, float>) {
    (void)buffer;
    return workspace_.cache->column(position, length);
  } else {
    return columnAt(position, length, buffer).data();
  }
}

template <class F>
void SmoSolver::withColumn(Index position, Index length, F&& f, bool once) {
  if (QColumnCache* cache = columnCache()) {
    f(once ? cache->columnOnce(position, length) : cache->column(position, length));
  } else {
    f(columnAt(position, length, workspace_.scratch).data());
  }
}

template <class Recorder>
void SmoSolver::advance(Recorder& recorder) {
  if (status_ == RunStatus::Running && columnCache() != nullptr) {
    advanceWith<Recorder, float>(recorder);
  } else {
    advanceWith<Recorder, double>(recorder);
  }
}

template <class Recorder, class Scalar>
void SmoSolver::advanceWith(Recorder& recorder) {
  if constexpr (Recorder::kRecords) {
    SmoStep& r = recorder.step;
    r.iteration = iteration_;
    r.status = status_;
    r.mAlpha = gap_.mAlpha;
    r.bigMAlpha = gap_.bigMAlpha;
    r.violation = gap_.violation();
  }
  if (status_ != RunStatus::Running) return;
  const Index n = problem_.size();
  const Index active = activeSize();
  if (workspace_.columnI.size() != n) {
    workspace_.columnI.resize(n);
    workspace_.columnJ.resize(n);
  }
  const DualIterate state = iterate();
  const Vector& diagonal = shrinking() ? diagonal_ : problem_.q->diagonal();
  PairSelection pair;
  const Scalar* columnI = nullptr;
  if (problem_.fixedSumPerSign) {
    // The ν duals: i₊ and i₋ read their columns for the choice of j, which decides which is i.
    const auto copyColumn = [&](Index position, Vector& out) -> const double* {
      if (position < 0) return nullptr;
      const Scalar* column = columnPointer<Scalar>(position, active, workspace_.columnJ);
      if (out.size() != n) out.resize(n);
      for (Index k = 0; k < active; ++k) out(k) = static_cast<double>(column[k]);
      return out.data();
    };
    const double* positive = copyColumn(signedGaps_.positive.argmaxUp, workspace_.columnI);
    const double* negative = copyColumn(signedGaps_.negative.argmaxUp, workspace_.columnOther);
    pair = selectWorkingPairPerSign(options_.rule, signedGaps_, state, diagonal, positive, negative,
                                    active, options_.tau);
    if (pair.found()) columnI = columnPointer<Scalar>(pair.i, active, workspace_.columnI);
  } else {
    columnI = columnPointer<Scalar>(gap_.argmaxUp, active, workspace_.columnI);
    pair = selectWorkingPair(options_.rule, gap_, state, diagonal, columnI, active, options_.tau,
                             parallel());
  }
  if (!pair.found()) {
    // Unreachable while m(α) − M(α) ≥ eps > 0 (the argmin of M qualifies as j); kept bounded.
    status_ = RunStatus::Converged;
    if constexpr (Recorder::kRecords) recorder.step.status = status_;
    return;
  }
  const Index i = pair.i;
  const Index j = pair.j;
  const Scalar* columnJ = columnPointer<Scalar>(j, active, workspace_.columnJ);
  if constexpr (Recorder::kRecords) {
    SmoStep& r = recorder.step;
    r.i = shrinking() ? order_[static_cast<std::size_t>(i)] : i;
    r.j = shrinking() ? order_[static_cast<std::size_t>(j)] : j;
    r.gradientI = gradient_(i);
    r.gradientJ = gradient_(j);
    r.secondOrderGain = pair.gain;
    r.alphaIBefore = alpha_(i);
    r.alphaJBefore = alpha_(j);
    r.objectiveBefore = objective();
  }

  const PairInput input{problem_.y(i),
                        problem_.y(j),
                        alpha_(i),
                        alpha_(j),
                        gradient_(i),
                        gradient_(j),
                        problem_.lower(i),
                        problem_.upper(i),
                        problem_.lower(j),
                        problem_.upper(j),
                        diagonal(i),
                        diagonal(j),
                        static_cast<double>(columnI[j])};
  const PairUpdate update = solvePairUpdate(input, options_.tau);
  if (unboundedAlongPair(update)) {
    // No step solves an unbounded dual: stop at the last finite α and say why.
    stopInvalid(std::string(kUnboundedDualMessage));
    if constexpr (Recorder::kRecords) {
      recordPairLine(recorder.step, update);
      recorder.step.status = status_;
    }
    return;
  }
  const double alphaIBefore = alpha_(i);
  const double alphaJBefore = alpha_(j);
  const double deltaI = update.alphaI - alphaIBefore;
  const double deltaJ = update.alphaJ - alphaJBefore;
  alpha_(i) = update.alphaI;
  alpha_(j) = update.alphaJ;
  if (workspace_.membershipValid) {
    updateMembership(i);
    updateMembership(j);
  }
  // G and the gap of the new α in one pass (membership is rewritten for i and j above).
  const OptimalityGap gapAfter = updateGradientAndGap(state, gradient_.data(), columnI, deltaI,
                                                      columnJ, deltaJ, active, parallel());
  if (shrinking()) {
    updateGradientBar(i, alphaIBefore);
    updateGradientBar(j, alphaJBefore);
  }
  ++iteration_;
  // No progress (smo_solver.hpp): an interior step that left the pair's own violation
  // y_i G_i − y_j G_j within a millionth of where it was (an exact one takes it to 0), by a
  // change of α below the rounding of the box. A step that reached a bound, or took τ for η ≤ 0,
  // changes the sets.
  const double resolution =
      std::numeric_limits<double>::epsilon() *
      (std::isfinite(input.upperI - input.lowerI) && std::isfinite(input.upperJ - input.lowerJ)
           ? std::max(input.upperI - input.lowerI, input.upperJ - input.lowerJ)
           : std::max(std::abs(update.alphaI), std::abs(update.alphaJ)));
  const double pairViolationBefore = input.yi * input.gradientI - input.yj * input.gradientJ;
  const double pairViolationAfter = input.yi * gradient_(i) - input.yj * gradient_(j);
  const bool stalled =
      !update.tauUsed && update.step == update.unclippedStep &&
      std::abs(pairViolationAfter) >= (1 - kNoProgressFraction) * std::abs(pairViolationBefore) &&
      std::abs(deltaI) <= resolution && std::abs(deltaJ) <= resolution;
  stalledUpdates_ = stalled ? stalledUpdates_ + 1 : 0;

  // Settle the status at this update: the gap of the new α, once, for the stopping test now and
  // for the selection of the next step.
  settle(&gapAfter);
  if (status_ == RunStatus::Running && options_.noProgressSteps > 0 &&
      stalledUpdates_ >= options_.noProgressSteps)
    stopInvalid(noProgressMessage(stalledUpdates_));

  if constexpr (Recorder::kRecords) {
    SmoStep& r = recorder.step;
    recordPairLine(r, update);
    r.step = update.step;
    r.updated = true;
    r.iteration = iteration_;
    r.alphaIAfter = update.alphaI;  // not alpha_(i): settle() may have moved position i
    r.alphaJAfter = update.alphaJ;
    r.objectiveAfter = objective();
    r.status = status_;
  }
}

SmoStep SmoSolver::step() {
  FullRecord recorder;
  {
    PositionOrderScope scope(*this);
    advance(recorder);
  }
  return recorder.step;
}

SmoStatus SmoSolver::run(std::int64_t maxSteps) {
  NoRecord recorder;
  PositionOrderScope scope(*this);
  for (std::int64_t s = 0; s < maxSteps && status_ == RunStatus::Running; ++s) advance(recorder);
  return status_;
}

SmoStatus SmoSolver::solve() {
  NoRecord recorder;
  PositionOrderScope scope(*this);
  while (status_ == RunStatus::Running) advance(recorder);
  return status_;
}

// ---- Shrinking (LIBSVM Solver::do_shrinking, be_shrunk, reconstruct_gradient, swap_index) ----

const Vector& SmoSolver::columnAt(Index position, Index length, Vector& buffer) {
  if (!shrinking()) {
    problem_.q->column(position, buffer);
    return buffer;
  }
  Vector& full = workspace_.fullColumn;
  if (full.size() != problem_.size()) full.resize(problem_.size());
  problem_.q->column(order_[static_cast<std::size_t>(position)], full);
  if (buffer.size() != problem_.size()) buffer.resize(problem_.size());
  for (Index k = 0; k < length; ++k) buffer(k) = full(order_[static_cast<std::size_t>(k)]);
  return buffer;
}

double SmoSolver::boundShare(Index t, double alpha) const {
  // Ḡ = Σ over bounded variables of α_t Q_:t (LIBSVM: C_t Q_:t over α_t = C_t, its lower bound
  // being 0); a general box also counts a variable held at a non-zero lower bound.
  if (alpha >= problem_.upper(t)) return problem_.upper(t);
  if (alpha <= problem_.lower(t)) return problem_.lower(t);
  return 0.0;
}

void SmoSolver::updateGradientBar(Index t, double alphaBefore) {
  const double before = boundShare(t, alphaBefore);
  const double after = boundShare(t, alpha_(t));
  if (before == after) return;
  const Index n = problem_.size();
  double* gradientBar = gradientBar_.data();
  withColumn(t, n, [&](const auto* column) {
    // Two terms, not (after − before): the same rounding as LIBSVM's G_bar -= C Q / += C Q. Each
    // in a loop of its own without a branch, which the compiler widens (with the branches in
    // the loop, moons d = 2, N = 20 000 took about 10 % longer); the entries are independent,
    // so they are cut between threads as the passes are (parallel_for.hpp).
    forEachPart(parallel(), n, kPassParallelMinimum, [&](Index begin, Index end) {
      if (before != 0) {
        for (Index k = begin; k < end; ++k)
          gradientBar[k] -= before * static_cast<double>(column[k]);
      }
      if (after != 0) {
        for (Index k = begin; k < end; ++k)
          gradientBar[k] += after * static_cast<double>(column[k]);
      }
    });
  });
}

bool SmoSolver::beShrunk(Index t, double gmax1, double gmax2) const {
  // gmax1 = m(α), gmax2 = −M(α) over the active set. A variable at a bound belongs to one of
  // I_up, I_low only; it can still join a violating pair only if its −y_t G_t is beyond M(α)
  // (I_up) or below m(α) (I_low). LIBSVM's case table, in its order (upper bound first).
  const double y = problem_.y(t);
  const double g = gradient_(t);
  if (alpha_(t) >= problem_.upper(t)) return y > 0 ? -g > gmax1 : -g > gmax2;
  if (alpha_(t) <= problem_.lower(t)) return y > 0 ? g > gmax2 : g > gmax1;
  return false;
}

void SmoSolver::shrink() {
  ++counts_.passes;
  OptimalityGap gap = measureGap(activeSize_);
  double gmax1 = gap.mAlpha;
  double gmax2 = -gap.bigMAlpha;
  const bool unshrinking = !unshrunk_ && gmax1 + gmax2 <= 10 * options_.eps;
  if (unshrinking) {
    // Close to the end: bring every variable back once, with its true gradient, and shrink
    // again from the full set (LIBSVM's `unshrink`).
    unshrunk_ = true;
    reconstructGradient();
    activeSize_ = problem_.size();
    gap = measureGap(activeSize_);
    gmax1 = gap.mAlpha;
    gmax2 = -gap.bigMAlpha;
  }
  // The ν duals: each variable against the bounds of its own sign (LIBSVM Solver_NU::be_shrunk).
  const auto shrinkable = [&](Index t) {
    if (!problem_.fixedSumPerSign) return beShrunk(t, gmax1, gmax2);
    const OptimalityGap& g = signedGaps_.of(problem_.y(t));
    return beShrunk(t, g.mAlpha, -g.bigMAlpha);
  };
  for (Index t = 0; t < activeSize_; ++t) {
    if (!shrinkable(t)) continue;
    --activeSize_;
    while (activeSize_ > t) {
      if (!shrinkable(activeSize_)) {
        swapPositions(t, activeSize_);
        break;
      }
      --activeSize_;
    }
  }
  // The active set has grown back: the columns cached shorter are freed together rather than
  // extended one by one (QColumnCache::releaseShorterThan).
  if (unshrinking)
    if (QColumnCache* cache = columnCache()) cache->releaseShorterThan(activeSize_);
}

void SmoSolver::reconstructGradient() {
  // G_t = Ḡ_t + p_t + Σ_{free k} α_k Q_tk for every t (LIBSVM reconstruct_gradient, there for the
  // shrunk t only). The active rows are rebuilt too: their G was carried by updates
  // G += Δα_i Q_:i + Δα_j Q_:j, and a Δα is rounded whenever α lands on a bound that absorbs what
  // α held (α_j = 3·10⁻¹⁹⁸ → C), which leaves |α_old Q_:j| of error in G however small α_old
  // was (the SMO property suite's seed 1350: 3.5 with Q ~ 10¹⁹⁸). Ḡ has no such error: it
  // changes only by the bound values themselves, c(α_new) − c(α_old) in updateGradientBar.
  const Index n = problem_.size();
  ++counts_.reconstructions;
  for (Index t = 0; t < n; ++t) gradient_(t) = gradientBar_(t) + problem_.linear(t);
  // The shrunk variables are all at a bound, so the free ones are among the active. Their columns
  // are read at full length, once: a float cache computes the entries beyond the active ones
  // without growing the columns it holds at the active length (QColumnCache::columnOnce).
  for (Index k = 0; k < activeSize_; ++k) {
    const double a = alpha_(k);
    if (!(a < problem_.upper(k) && a > problem_.lower(k))) continue;
    const auto addColumn = [&](const auto* column) {
      for (Index t = 0; t < n; ++t) gradient_(t) += a * static_cast<double>(column[t]);
    };
    withColumn(k, n, addColumn, /*once=*/true);
  }
}

std::array<Vector*, 8> SmoSolver::perVariableVectors() {
  return {&alpha_,     &gradient_,       &gradientBar_,   &diagonal_,
          &problem_.y, &problem_.linear, &problem_.lower, &problem_.upper};
}

void SmoSolver::swapPositions(Index a, Index b) {
  std::swap(order_[static_cast<std::size_t>(a)], order_[static_cast<std::size_t>(b)]);
  if (QColumnCache* cache = columnCache()) cache->swapPositions(a, b);
  for (Vector* v : perVariableVectors()) std::swap((*v)(a), (*v)(b));
  if (workspace_.membershipValid)
    std::swap(workspace_.membership[static_cast<std::size_t>(a)],
              workspace_.membership[static_cast<std::size_t>(b)]);
}

void SmoSolver::reorder(bool toPositions) {
  if (!shrinking()) return;
  Vector& scratch = workspace_.scratch;
  const Index n = problem_.size();
  for (Vector* v : perVariableVectors()) {
    scratch.resize(n);
    for (Index k = 0; k < n; ++k) {
      const Index variable = order_[static_cast<std::size_t>(k)];
      if (toPositions) {
        scratch(k) = (*v)(variable);
      } else {
        scratch(variable) = (*v)(k);
      }
    }
    v->swap(scratch);
  }
}

}  // namespace kpg
