#include "lab/solver_history.hpp"

#include <algorithm>
#include <utility>

namespace kpg::app {
namespace {

// Thins a list sampled every `stride` steps to every 2·stride steps, keeping index 0 (step 0).
template <typename T>
void keepEveryOther(std::vector<T>& items) {
  std::size_t out = 0;
  for (std::size_t in = 0; in < items.size(); in += 2) {
    if (out != in) items[out] = std::move(items[in]);
    ++out;
  }
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(out), items.end());
}

TraceSample measure(const SmoSolver& solver, BiasRule bias) {
  // All from the core (svm/binary_solution.hpp); the same quantities describeBinarySolution
  // reports.
  const DualityGap gap = dualityGap(solver, bias);
  TraceSample sample;
  sample.step = solver.iteration();
  sample.dualObjective = gap.dual;
  sample.primalObjective = gap.primal;
  sample.dualityGap = gap.gap;
  sample.violation = solver.violation();
  return sample;
}

}  // namespace

SolverHistory::SolverHistory(SmoSolver initial, BiasRule bias)
    : bias_(bias), current_(std::move(initial)) {
  checkpoints_.push_back(current_);
  trace_.push_back(measure(current_, bias_));
  furthest_ = current_.iteration();
  endReached_ = current_.status() != SmoStatus::Running;
}

void SolverHistory::addCheckpointIfDue() {
  const std::int64_t s = current_.iteration();
  if (s % checkpointSpacing_ != 0) return;
  const auto index = static_cast<std::size_t>(s / checkpointSpacing_);
  if (index < checkpoints_.size()) return;  // already stored (a replay)
  checkpoints_.push_back(current_);
  if (checkpoints_.size() > kMaxCheckpoints) {
    keepEveryOther(checkpoints_);
    checkpointSpacing_ *= 2;
  }
}

void SolverHistory::addTraceIfDue() {
  const std::int64_t s = current_.iteration();
  if (s % traceStride_ != 0) return;
  if (!trace_.empty() && trace_.back().step >= s) return;  // already stored (a replay)
  trace_.push_back(measure(current_, bias_));
  if (trace_.size() > kMaxTraceSamples) {
    keepEveryOther(trace_);
    traceStride_ *= 2;
  }
}

void SolverHistory::recordAfterStep(const SmoStep& record) {
  if (!record.updated) {
    // The solver stopped at this position: nothing lies beyond it.
    endReached_ = true;
    return;
  }
  lastStep_ = record;
  if (current_.iteration() > furthest_) {
    furthest_ = current_.iteration();
    addCheckpointIfDue();
    addTraceIfDue();
  }
  if (current_.status() != SmoStatus::Running && current_.iteration() >= furthest_) {
    endReached_ = true;
  }
}

SmoStep SolverHistory::stepForward() {
  // The core settles its status at the update that reaches the stopping test, so the status
  // reads "converged" at the last update, not one click later.
  SmoStep record = current_.step();
  recordAfterStep(record);
  return record;
}

std::int64_t SolverHistory::seek(std::int64_t step) {
  const std::int64_t target = std::clamp<std::int64_t>(step, 0, furthest_);
  const std::int64_t now = current_.iteration();
  if (target == now) return now;
  if (target < now || target - now > checkpointSpacing_) {
    // Restore the last checkpoint at or before the target, then replay.
    const auto index =
        std::min(static_cast<std::size_t>(target / checkpointSpacing_), checkpoints_.size() - 1);
    if (target < now || static_cast<std::int64_t>(index) * checkpointSpacing_ > now) {
      current_ = checkpoints_[index];
      lastStep_.reset();
    }
  }
  while (current_.iteration() < target) {
    const SmoStep record = current_.step();
    if (!record.updated) break;  // cannot happen below furthest_ (deterministic), but bounded
    lastStep_ = record;
  }
  if (current_.iteration() > 0 && !lastStep_) {
    // Restored exactly onto a checkpoint: regenerate the record that led here by replaying the
    // last step from the previous position (a step back then forward is identical).
    const std::int64_t s = current_.iteration();
    const auto index = static_cast<std::size_t>((s - 1) / checkpointSpacing_);
    SmoSolver replay = checkpoints_[index];
    while (replay.iteration() < s - 1) replay.step();
    lastStep_ = replay.step();
  }
  return current_.iteration();
}

std::int64_t SolverHistory::stepBack(std::int64_t n) {
  const std::int64_t before = current_.iteration();
  const std::int64_t target = std::max<std::int64_t>(0, before - std::max<std::int64_t>(0, n));
  return before - seek(target);
}

std::size_t SolverHistory::memoryBytes() const {
  const auto n = static_cast<std::size_t>(current_.alpha().size());
  // α and G per solver copy (the scratch columns are a workspace copies do not carry).
  const std::size_t perSolver = 2 * n * sizeof(double) + sizeof(SmoSolver);
  return (checkpoints_.size() + 1) * perSolver + trace_.capacity() * sizeof(TraceSample);
}

}  // namespace kpg::app
