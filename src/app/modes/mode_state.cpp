#include "modes/mode_state.hpp"

#include <algorithm>
#include <chrono>

namespace kpg::app {
namespace {

using Clock = std::chrono::steady_clock;

double elapsedMs(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

const MethodSpec& current(const ModesState& modes) {
  return methodSpec(modes.mode);
}

bool hasSteps(const MethodSpec& spec) {
  return spec.stepping.forward != nullptr;
}

// One step forward of the current method.
PlaybackStep stepOnce(ModesState& modes, const LabState& lab) {
  const MethodStepping& s = current(modes).stepping;
  if (!s.forward) return PlaybackStep{false, true};
  const bool moved = s.forward(modes, lab);
  return PlaybackStep{moved, !s.canStep(modes)};
}

}  // namespace

bool haveBothClasses(const LabState& lab) {
  const Vector& y = lab.data.labels;
  const Index positives = (y.array() > 0).count();
  return positives > 0 && positives < y.size();
}

void invalidateMode(ModesState& modes, Mode mode) {
  const MethodSpec& spec = methodSpec(mode);
  if (spec.built) *spec.built(modes) = kNotBuilt;
}

void ensureBuilt(ModesState& modes, const LabState& lab) {
  const MethodSpec& spec = current(modes);
  if (!spec.built || !spec.build) return;
  std::uint64_t& built = *spec.built(modes);
  if (built == lab.problemRevision) return;
  built = lab.problemRevision;
  modes.playback.running = false;
  spec.build(modes, lab);
  ++modes.revision;
}

void setMode(ModesState& modes, const LabState& lab, Mode mode) {
  if (modes.mode != mode) {
    modes.playback.running = false;
    modes.mode = mode;
    ++modes.revision;
  }
  ensureBuilt(modes, lab);
}

std::optional<std::string> modeStep(ModesState& modes, const LabState& lab, long long count) {
  ensureBuilt(modes, lab);
  if (!hasSteps(current(modes)))
    return std::string("this mode has no steps (it is computed in one go)");
  if (!modeCanStep(modes)) return std::nullopt;  // finished: stepping does nothing
  const long long n = std::clamp<long long>(count, 1, 10000000);
  const auto start = Clock::now();
  for (long long k = 0; k < n; ++k) {
    if (!stepOnce(modes, lab).moved) break;
    if (elapsedMs(start) > 2000) break;  // never freeze the page
  }
  ++modes.revision;
  return std::nullopt;
}

std::optional<std::string> modeSeek(ModesState& modes, const LabState& lab, long long step) {
  ensureBuilt(modes, lab);
  const MethodSpec& spec = current(modes);
  if (!hasSteps(spec)) return std::string("this mode has no steps (it is computed in one go)");
  modes.playback.running = false;
  spec.stepping.seek(modes, lab, step);
  ++modes.revision;
  return std::nullopt;
}

std::optional<std::string> modeStepBack(ModesState& modes, const LabState& lab, long long count) {
  const std::int64_t target = modePosition(modes) - std::clamp<long long>(count, 0, 10000000);
  return modeSeek(modes, lab, std::max<std::int64_t>(0, target));
}

std::int64_t modePosition(const ModesState& modes) {
  const MethodStepping& s = current(modes).stepping;
  return s.position ? s.position(modes) : 0;
}

std::int64_t modeFurthest(const ModesState& modes) {
  const MethodStepping& s = current(modes).stepping;
  return s.furthest ? s.furthest(modes) : 0;
}

std::optional<std::string> modeRunToEnd(ModesState& modes, const LabState& lab, double budgetMs) {
  ensureBuilt(modes, lab);
  modes.playback.running = false;
  const auto start = Clock::now();
  while (modeCanStep(modes) && elapsedMs(start) < budgetMs) {
    for (int k = 0; k < 64; ++k)
      if (!stepOnce(modes, lab).moved) break;
  }
  ++modes.revision;
  return std::nullopt;
}

void modeReset(ModesState& modes, const LabState& lab) {
  invalidateMode(modes, modes.mode);
  ensureBuilt(modes, lab);
}

bool modeCanStep(const ModesState& modes) {
  const MethodStepping& s = current(modes).stepping;
  return s.canStep && s.canStep(modes);
}

bool modeFinished(const ModesState& modes) {
  return !hasSteps(current(modes)) || !modeCanStep(modes);
}

void advanceModes(ModesState& modes, const LabState& lab, double elapsedSeconds, double budgetMs) {
  if (!current(modes).build) return;  // the lab plays its own steps (timeline/playback.hpp)
  ensureBuilt(modes, lab);
  if (!modes.playback.running) return;
  const std::int64_t taken = playFrame(modes.playback, elapsedSeconds, budgetMs,
                                       [&modes, &lab] { return stepOnce(modes, lab); });
  if (taken > 0) ++modes.revision;
}

std::string modeStatusText(const ModesState& modes) {
  return current(modes).statusText(modes);
}

}  // namespace kpg::app
