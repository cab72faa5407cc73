#include "svm/smo_solver.hpp"

#include <algorithm>

namespace kpg {

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

}  // namespace

std::string_view smoStatusName(RunStatus status) {
  return runStatusWords(status, "iteration limit");
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
  Vector column(n);
  for (Index t = 0; t < n; ++t) {
    if (alpha_(t) != 0) {
      problem_.q->column(t, column);
      gradient_ += alpha_(t) * column;
    }
  }
  const std::int64_t libsvmCap =
      std::max<std::int64_t>(10000000, 100 * static_cast<std::int64_t>(n));
  maxIterations_ = options_.maxIterations > 0 ? options_.maxIterations : libsvmCap;
  gap_ = optimalityGap({problem_.y, alpha_, problem_.lower, problem_.upper, gradient_});
  if (!gap_.gradientFinite) {
    stopInvalid(std::string(kKernelOverflowMessage));
  } else if (isOptimal(gap_, options_.eps)) {
    status_ = RunStatus::Converged;
  }
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
  return rhoFromGradient(rule, problem_.y, alpha_, problem_.lower, problem_.upper, gradient_);
}

// The one SMO step of both paths (course-notes 003 "SMO algo" steps 2-5; LIBSVM Solver::Solve's
// loop body). The gap of the current α is in gap_ already.
template <class Recorder>
void SmoSolver::advance(Recorder& recorder) {
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
  if (workspace_.columnI.size() != n) {
    workspace_.columnI.resize(n);
    workspace_.columnJ.resize(n);
  }
  Vector& columnI = workspace_.columnI;
  Vector& columnJ = workspace_.columnJ;
  const DualIterate state{problem_.y, alpha_, problem_.lower, problem_.upper, gradient_};
  const Vector& diagonal = problem_.q->diagonal();
  problem_.q->column(gap_.argmaxUp, columnI);
  const PairSelection pair =
      selectWorkingPair(options_.rule, gap_, state, diagonal, columnI, options_.tau);
  if (!pair.found()) {
    // Unreachable while m(α) − M(α) ≥ eps > 0 (the argmin of M qualifies as j); kept bounded.
    status_ = RunStatus::Converged;
    if constexpr (Recorder::kRecords) recorder.step.status = status_;
    return;
  }
  const Index i = pair.i;
  const Index j = pair.j;
  problem_.q->column(j, columnJ);
  if constexpr (Recorder::kRecords) {
    SmoStep& r = recorder.step;
    r.i = i;
    r.j = j;
    r.gradientI = gradient_(i);
    r.gradientJ = gradient_(j);
    r.secondOrderGain = pair.gain;
    r.alphaIBefore = alpha_(i);
    r.alphaJBefore = alpha_(j);
    r.objectiveBefore = objective();
  }

  const PairInput input{problem_.y(i),     problem_.y(j),     alpha_(i),         alpha_(j),
                        gradient_(i),      gradient_(j),      problem_.lower(i), problem_.upper(i),
                        problem_.lower(j), problem_.upper(j), diagonal(i),       diagonal(j),
                        columnI(j)};
  const PairUpdate update = solvePairUpdate(input, options_.tau);
  const double deltaI = update.alphaI - alpha_(i);
  const double deltaJ = update.alphaJ - alpha_(j);
  alpha_(i) = update.alphaI;
  alpha_(j) = update.alphaJ;
  updateGradient(gradient_, columnI, deltaI, columnJ, deltaJ);
  ++iteration_;

  // Settle the status at this update: the gap of the new α, once, for the stopping test now and
  // for the selection of the next step.
  gap_ = optimalityGap(state);
  if (!gap_.gradientFinite) {
    stopInvalid(std::string(kKernelOverflowMessage));
  } else if (isOptimal(gap_, options_.eps)) {
    status_ = RunStatus::Converged;
  } else if (iteration_ >= maxIterations_) {
    status_ = RunStatus::CapReached;
  }

  if constexpr (Recorder::kRecords) {
    SmoStep& r = recorder.step;
    r.eta = update.eta;
    r.tauUsed = update.tauUsed;
    r.lower = update.lower;
    r.upper = update.upper;
    r.unclippedStep = update.unclippedStep;
    r.step = update.step;
    r.updated = true;
    r.iteration = iteration_;
    r.alphaIAfter = alpha_(i);
    r.alphaJAfter = alpha_(j);
    r.objectiveAfter = objective();
    r.status = status_;
  }
}

SmoStep SmoSolver::step() {
  FullRecord recorder;
  advance(recorder);
  return recorder.step;
}

SmoStatus SmoSolver::run(std::int64_t maxSteps) {
  NoRecord recorder;
  for (std::int64_t s = 0; s < maxSteps && status_ == RunStatus::Running; ++s) advance(recorder);
  return status_;
}

SmoStatus SmoSolver::solve() {
  NoRecord recorder;
  while (status_ == RunStatus::Running) advance(recorder);
  return status_;
}

}  // namespace kpg
