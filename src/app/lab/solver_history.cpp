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
    : bias_(bias), path_(std::move(initial)) {
  trace_.push_back(measure(path_.current(), bias_));
}

void SolverHistory::addTraceIfDue() {
  const std::int64_t s = path_.position();
  if (s % traceStride_ != 0) return;
  if (!trace_.empty() && trace_.back().step >= s) return;  // already stored (a replay)
  trace_.push_back(measure(path_.current(), bias_));
  if (trace_.size() > kMaxTraceSamples) {
    keepEveryOther(trace_);
    traceStride_ *= 2;
  }
}

SmoStep SolverHistory::stepForward() {
  // The core settles its status at the update that reaches the stopping test, so the status
  // reads "converged" at the last update, not one click later.
  const std::int64_t before = path_.furthest();
  std::optional<SmoStep> record = path_.stepForward();
  if (!record) return SmoStep{};                   // stopped here: updated == false
  if (path_.furthest() > before) addTraceIfDue();  // a step reached for the first time
  return *record;
}

std::size_t SolverHistory::memoryBytes() const {
  const auto n = static_cast<std::size_t>(path_.current().alpha().size());
  // α and G per solver copy (the scratch columns are a workspace copies do not carry).
  const std::size_t perSolver = 2 * n * sizeof(double) + sizeof(SmoSolver);
  return (path_.checkpointCount() + 1) * perSolver + trace_.capacity() * sizeof(TraceSample);
}

}  // namespace kpg::app
