// The replay's progress for the panels, the page and state() (lab_state.hpp Replay). The
// stepping itself is in lab_state.cpp (startReplay, continueReplay), next to the solver it moves.
#include "lab/lab_state.hpp"

#include <algorithm>
#include <string>

namespace kpg::app {
namespace {

// 12345678 → "12 345 678": groups of three digits, so a count of millions reads at a glance.
std::string groupThousands(std::int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  std::string out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ' ';
    out += digits[k];
  }
  return value < 0 ? "-" + out : out;
}

}  // namespace

std::int64_t replayDone(const LabState& lab) {
  if (!lab.replay) return 0;
  return std::max<std::int64_t>(0, lab.stepCount() - lab.replay->base);
}

std::int64_t replayTotal(const LabState& lab) {
  if (!lab.replay) return 0;
  return std::max<std::int64_t>(0, lab.replay->target - lab.replay->base);
}

std::string replayProgressText(const LabState& lab) {
  if (!lab.replay) return "";
  return "replaying step " + groupThousands(lab.stepCount()) + " of " +
         groupThousands(lab.replay->target);
}

std::string_view replayKindName(ReplayKind kind) {
  switch (kind) {
    case ReplayKind::Step:
      return "step";
    case ReplayKind::Seek:
      return "seek";
    case ReplayKind::Session:
      return "session";
  }
  return "";
}

std::int64_t sessionStep(const LabState& lab) {
  if (lab.replay) return lab.replay->target;
  if (lab.loadedStep) return *lab.loadedStep;
  // A Live warm start's steps count from the previous α, which a session does not hold: it asks
  // instead for the replay from α = 0 to run until the solver stops (the step cap bounds it), so
  // the link opens on the same optimum.
  if (lab.live.segments > 0) return lab.params.maxSteps;
  return lab.stepCount();
}

}  // namespace kpg::app
