#pragma once
// Rewind for any step-by-step algorithm of the core (run_status.hpp): the path as a function of
// the step number s = 0, 1, 2, …, with step back and a scrubber: the lab's SMO (SolverHistory,
// solver_history.hpp, adds the convergence plots' trace) and the methods' perceptrons, kernel
// k-means and ε-SVR.
//
// It needs of `Algorithm` only what the core's shared vocabulary promises:
//   - copyable, and a copy continues exactly as the original (deterministic step());
//   - `step()` returning a record; `stepsDone()` counting the steps that changed the state;
//   - `status()` returning kpg::RunStatus (Running while more steps may change the state).
// Memory: checkpoints (algorithm copies) at s = 0, k, 2k, …, at most kMaxCheckpoints; when full,
// every other one is dropped and k doubles, so memory stays O(kMaxCheckpoints · state) however long
// the run. Going to step s restores the last checkpoint ≤ s and replays at most k − 1 steps, so a
// step back followed by a step forward gives a bit-identical state and record
// (tests/app/history_test.cpp).
//
// The core's algorithms settle their status at the step that makes the last change (SMO at the
// update that reaches m(α) − M(α) < eps). One whose stop is found by a call that changes nothing
// (an SMO problem already optimal at step 0) is settled here too: at the end of the path that
// state-preserving call is made again after a replay, so the status at `furthest()` is the same
// whichever way it was reached.

#include "run_status.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace kpg::app {

template <class Algorithm>
class History {
 public:
  using Record = std::decay_t<decltype(std::declval<Algorithm&>().step())>;
  static constexpr std::size_t kMaxCheckpoints = 64;

  explicit History(Algorithm initial) : current_(std::move(initial)) {
    checkpoints_.push_back(current_);
    furthest_ = current_.stepsDone();
    endReached_ = current_.status() != RunStatus::Running;
  }

  const Algorithm& current() const { return current_; }
  std::int64_t position() const { return current_.stepsDone(); }
  // The largest step ever reached: the scrubber ranges over [0, furthest()].
  std::int64_t furthest() const { return furthest_; }
  // The record of the step that led to position() (none at step 0).
  const std::optional<Record>& lastStep() const { return lastStep_; }
  // True when the algorithm stopped at furthest(), so no step beyond it exists.
  bool endReached() const { return endReached_; }
  // Whether stepForward() can change the state.
  bool canStepForward() const { return position() < furthest_ || !endReached_; }
  std::int64_t checkpointSpacing() const { return spacing_; }
  std::size_t checkpointCount() const { return checkpoints_.size(); }

  // One step forward (a replay below furthest()). Returns the record, or nothing when the
  // algorithm has stopped here.
  std::optional<Record> stepForward() {
    if (!canStepForward()) return std::nullopt;
    const std::int64_t before = position();
    Record record = current_.step();
    if (position() == before) {
      // No change: the algorithm stopped (its status now says why).
      endReached_ = true;
      return std::nullopt;
    }
    lastStep_ = record;
    if (position() > furthest_) {
      furthest_ = position();
      addCheckpointIfDue();
    }
    if (current_.status() != RunStatus::Running && position() >= furthest_) endReached_ = true;
    return record;
  }

  // Moves to step s, clamped to [0, furthest()]. Returns the new position.
  std::int64_t seek(std::int64_t step) {
    const std::int64_t target = std::clamp<std::int64_t>(step, 0, furthest_);
    const std::int64_t now = position();
    if (target == now) return now;
    if (target < now || target - now > spacing_) {
      const auto index =
          std::min(static_cast<std::size_t>(target / spacing_), checkpoints_.size() - 1);
      if (target < now || static_cast<std::int64_t>(index) * spacing_ > now) {
        current_ = checkpoints_[index];
        lastStep_.reset();
      }
    }
    while (position() < target) {
      const std::int64_t before = position();
      Record record = current_.step();
      if (position() == before) break;  // cannot happen below furthest_ (deterministic): bounded
      lastStep_ = std::move(record);
    }
    if (position() == furthest_ && endReached_ && current_.status() == RunStatus::Running) {
      current_.step();  // settle the status, as the first time (changes no state)
    }
    if (position() > 0 && !lastStep_) {
      // Restored exactly onto a checkpoint: regenerate the record that led here by replaying the
      // last step from the previous checkpoint.
      const std::int64_t s = position();
      const auto index = static_cast<std::size_t>((s - 1) / spacing_);
      Algorithm replay = checkpoints_[index];
      while (replay.stepsDone() < s - 1) replay.step();
      lastStep_ = replay.step();
    }
    return position();
  }

  // Up to n steps back (stops at 0); returns the number of steps actually taken back.
  std::int64_t stepBack(std::int64_t n) {
    const std::int64_t before = position();
    return before - seek(std::max<std::int64_t>(0, before - std::max<std::int64_t>(0, n)));
  }

 private:
  void addCheckpointIfDue() {
    const std::int64_t s = position();
    if (s % spacing_ != 0) return;
    const auto index = static_cast<std::size_t>(s / spacing_);
    if (index < checkpoints_.size()) return;
    checkpoints_.push_back(current_);
    if (checkpoints_.size() > kMaxCheckpoints) {
      std::size_t out = 0;
      for (std::size_t in = 0; in < checkpoints_.size(); in += 2) {
        if (out != in) checkpoints_[out] = std::move(checkpoints_[in]);
        ++out;
      }
      checkpoints_.erase(checkpoints_.begin() + static_cast<std::ptrdiff_t>(out),
                         checkpoints_.end());
      spacing_ *= 2;
    }
  }

  Algorithm current_;
  std::optional<Record> lastStep_;
  std::vector<Algorithm> checkpoints_;  // checkpoints_[m] is at step m · spacing_
  std::int64_t spacing_ = 1;
  std::int64_t furthest_ = 0;
  bool endReached_ = false;
};

}  // namespace kpg::app
