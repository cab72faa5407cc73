#pragma once
// The one playback loop (Run / Pause) of the lab and the canvas modes: time slicing of a
// step-by-step algorithm across display frames. Each frame owes stepsPerSecond · elapsed steps
// (fractions carried to the next frame), or as many as fit in the frame's budget when the speed is
// 0 ("as fast as possible") or Run to convergence is on. It never exceeds the budget (at least one
// step per call, docs/bad-inputs.md W6: Run never freezes the page), drops the backlog when the machine
// cannot keep up, and stops playing when the algorithm stops.

#include <cstdint>
#include <functional>

namespace kpg::app {

struct Playback;  // lab/lab_state.hpp

// What one step of the algorithm did.
struct PlaybackStep {
  bool moved = false;     // the state changed (a step was taken)
  bool finished = false;  // no further step can change it: playing stops
};

// Takes the steps owed for `elapsedSeconds` (clamped to [0, 0.25] s: a tab in the background
// must not owe minutes of steps) within `budgetMs` of wall time. Returns the steps taken.
std::int64_t playFrame(Playback& play, double elapsedSeconds, double budgetMs,
                       const std::function<PlaybackStep()>& stepOnce);

}  // namespace kpg::app
