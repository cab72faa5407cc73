#include "timeline/playback.hpp"

#include "lab/lab_state.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace kpg::app {

std::int64_t playFrame(Playback& play, double elapsedSeconds, double budgetMs,
                       const std::function<PlaybackStep()>& stepOnce) {
  using Clock = std::chrono::steady_clock;
  if (!play.running) return 0;
  const bool unlimited = play.untilConverged || play.stepsPerSecond <= 0;
  std::int64_t owed = std::numeric_limits<std::int64_t>::max();
  if (!unlimited) {
    const double seconds =
        std::isfinite(elapsedSeconds) ? std::clamp(elapsedSeconds, 0.0, 0.25) : 0.0;
    const double total = play.carry + play.stepsPerSecond * seconds;
    owed = static_cast<std::int64_t>(std::floor(total));
    play.carry = total - static_cast<double>(owed);
    if (owed == 0) return 0;
  }
  const auto start = Clock::now();
  std::int64_t taken = 0;
  while (taken < owed) {
    const PlaybackStep step = stepOnce();
    if (step.moved) ++taken;
    if (!step.moved || step.finished) {
      play.running = false;
      play.untilConverged = false;
      break;
    }
    if (std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budgetMs) {
      play.carry = 0;  // the machine cannot keep up: drop the backlog rather than accumulate it
      break;
    }
  }
  return taken;
}

}  // namespace kpg::app
