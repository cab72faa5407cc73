#pragma once
// One vocabulary for every step-by-step algorithm of the core (SMO, the primal and kernel
// perceptrons, kernel k-means), the one shape of stateful algorithms (docs/architecture.md):
// construct (or reset()), step() returning a record that carries `statusAfter` and `stepsDone`,
// run(maxSteps) returning the steps taken, solve() running to the end and returning the status,
// status() and message() as const getters. State stays copyable so the app's History can rewind any
// of them.
//
// Each algorithm keeps its own words for a status on screen and in files (SMO writes
// "iteration limit", the perceptron "epoch cap reached"); the enum is shared so the app's playback,
// history and panels treat them alike.

#include <cstdint>
#include <string_view>

namespace kpg {

enum class RunStatus {
  InvalidInput,  // the problem was refused before any step; message() says what and what to do
  Running,       // more steps may change the state
  Converged,     // the algorithm's own stopping test holds (SMO: m(α) − M(α) < eps)
  CapReached,    // stopped by the iteration or epoch cap before converging
};

// The words for a status on screen and in files. They are the same for every algorithm except
// the cap, which each one names in its own terms ("iteration limit" for SMO, as LIBSVM says it).
constexpr std::string_view runStatusWords(RunStatus status, std::string_view capReached) {
  switch (status) {
    case RunStatus::InvalidInput:
      return "invalid input";
    case RunStatus::Running:
      return "running";
    case RunStatus::Converged:
      return "converged";
    case RunStatus::CapReached:
      return capReached;
  }
  return "unknown";
}

// run(maxSteps) and solve() as docs/architecture.md has them: loops over step(), written once so
// that the algorithms that share this vocabulary cannot drift apart. Returns the steps taken.
template <class Algorithm>
std::int64_t runSteps(Algorithm& algorithm, std::int64_t maxSteps) {
  std::int64_t made = 0;
  while (made < maxSteps && algorithm.status() == RunStatus::Running) {
    algorithm.step();
    ++made;
  }
  return made;
}

template <class Algorithm>
RunStatus solveSteps(Algorithm& algorithm) {
  while (algorithm.status() == RunStatus::Running) algorithm.step();
  return algorithm.status();
}

}  // namespace kpg
