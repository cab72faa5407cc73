#pragma once
// Shared by the session, share-link and action harnesses: which inputs are too much work for a
// fuzzer iteration. The lab replays `step` solver steps synchronously (reliability audit F5: a
// session asking for 10⁷ steps blocks for minutes), so the harnesses apply only sessions and
// actions with bounded work, and libFuzzer's -timeout then flags real hangs, not the known cost.
// Parsing is always fuzzed in full; only applying is skipped.

#include "lab/lab_state.hpp"

#include <variant>

namespace kpg::fuzz {

constexpr std::int64_t kMaxFuzzSteps = 2000;
constexpr Index kMaxFuzzPoints = 300;
constexpr double kMaxFuzzBudgetMs = 20;

inline bool boundedWork(const app::action::LoadSession& session) {
  return session.step <= kMaxFuzzSteps && session.data.points.rows() <= kMaxFuzzPoints;
}

inline bool boundedWork(const app::LabAction& action) {
  using namespace app::action;
  if (const auto* a = std::get_if<Step>(&action)) return a->count <= kMaxFuzzSteps;
  if (const auto* a = std::get_if<Seek>(&action)) return a->step <= kMaxFuzzSteps;
  if (const auto* a = std::get_if<Generate>(&action)) return a->count <= kMaxFuzzPoints;
  if (const auto* a = std::get_if<RunToConvergence>(&action))
    return a->budgetMs <= kMaxFuzzBudgetMs;
  if (const auto* a = std::get_if<LoadSession>(&action)) return boundedWork(*a);
  return true;
}

// Runs the frame loop's replay slices until a step / seek / session replay is done, as the page
// does over frames. Bounded: boundedWork allows at most kMaxFuzzSteps steps.
inline void finishReplay(app::LabState& lab) {
  while (lab.replay) app::advance(lab, 0.1, 1000);
}

}  // namespace kpg::fuzz
