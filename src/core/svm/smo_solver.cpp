#include "svm/smo_solver.hpp"

#include "svm/optimality.hpp"

#include <algorithm>

namespace kpg {

std::string_view smoStatusName(SmoStatus status) {
  switch (status) {
    case SmoStatus::Running:
      return "running";
    case SmoStatus::Converged:
      return "converged";
    case SmoStatus::IterationLimit:
      return "iteration limit";
  }
  return "unknown";
}

SmoSolver::SmoSolver(DualProblem problem, SmoOptions options)
    : problem_(std::move(problem)), options_(options) {
  if (validate(problem_)) {
    status_ = SmoStatus::IterationLimit;
    return;
  }
  const Index n = problem_.size();
  alpha_ = problem_.alpha0;
  gradient_ = problem_.linear;
  columnI_.resize(n);
  columnJ_.resize(n);
  for (Index t = 0; t < n; ++t) {
    if (alpha_(t) != 0) {
      problem_.q->column(t, columnI_);
      gradient_ += alpha_(t) * columnI_;
    }
  }
  const std::int64_t libsvmCap =
      std::max<std::int64_t>(10000000, 100 * static_cast<std::int64_t>(n));
  maxIterations_ = options_.maxIterations > 0 ? options_.maxIterations : libsvmCap;
}

double SmoSolver::objective() const {
  return dualObjective(alpha_, gradient_, problem_.linear);
}

double SmoSolver::violation() const {
  if (alpha_.size() == 0) return 0.0;
  return optimalityGap({problem_.y, alpha_, problem_.lower, problem_.upper, gradient_}).violation();
}

SmoStep SmoSolver::step() {
  SmoStep record;
  record.iteration = iteration_;
  if (status_ != SmoStatus::Running) {
    record.status = status_;
    return record;
  }
  const DualIterate state{problem_.y, alpha_, problem_.lower, problem_.upper, gradient_};
  const Vector& diagonal = problem_.q->diagonal();
  OptimalityGap gap = optimalityGap(state);
  record.mAlpha = gap.mAlpha;
  record.bigMAlpha = gap.bigMAlpha;
  record.violation = gap.violation();
  // LIBSVM's test, also true when I_up or I_low is empty (−∞ − M or m − ∞).
  if (gap.argmaxUp < 0 || gap.argminLow < 0 || !(gap.violation() >= options_.eps)) {
    status_ = SmoStatus::Converged;
    record.status = status_;
    return record;
  }
  if (iteration_ >= maxIterations_) {
    status_ = SmoStatus::IterationLimit;
    record.status = status_;
    return record;
  }
  problem_.q->column(gap.argmaxUp, columnI_);
  const PairSelection pair =
      selectWorkingPair(options_.rule, state, diagonal, columnI_, options_.tau);
  if (!pair.found()) {
    status_ = SmoStatus::Converged;
    record.status = status_;
    return record;
  }
  const Index i = pair.i;
  const Index j = pair.j;
  problem_.q->column(j, columnJ_);
  record.i = i;
  record.j = j;
  record.gradientI = gradient_(i);
  record.gradientJ = gradient_(j);
  record.secondOrderGain = pair.gain;
  record.alphaIBefore = alpha_(i);
  record.alphaJBefore = alpha_(j);
  record.objectiveBefore = objective();

  const PairInput input{problem_.y(i),     problem_.y(j),     alpha_(i),         alpha_(j),
                        gradient_(i),      gradient_(j),      problem_.lower(i), problem_.upper(i),
                        problem_.lower(j), problem_.upper(j), diagonal(i),       diagonal(j),
                        columnI_(j)};
  const PairUpdate update = solvePairUpdate(input, options_.tau);
  record.eta = update.eta;
  record.tauUsed = update.tauUsed;
  record.lower = update.lower;
  record.upper = update.upper;
  record.unclippedStep = update.unclippedStep;
  record.step = update.step;

  const double deltaI = update.alphaI - alpha_(i);
  const double deltaJ = update.alphaJ - alpha_(j);
  alpha_(i) = update.alphaI;
  alpha_(j) = update.alphaJ;
  gradient_ += deltaI * columnI_ + deltaJ * columnJ_;
  ++iteration_;

  record.updated = true;
  record.iteration = iteration_;
  record.alphaIAfter = alpha_(i);
  record.alphaJAfter = alpha_(j);
  record.objectiveAfter = objective();
  record.status = status_;
  return record;
}

SmoStatus SmoSolver::run(std::int64_t maxSteps) {
  for (std::int64_t s = 0; s < maxSteps && status_ == SmoStatus::Running; ++s) step();
  return status_;
}

SmoStatus SmoSolver::solve() {
  while (status_ == SmoStatus::Running) step();
  return status_;
}

}  // namespace kpg
