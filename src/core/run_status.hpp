#pragma once
// One vocabulary for every step-by-step algorithm of the core (SMO, the primal and kernel
// perceptrons, kernel k-means), as STYLE.md "What we absorb" 3 asks and the architecture review
// (change 8) measured missing: construct (or reset()), step() returning a record that carries
// `statusAfter` and `stepsDone`, run(maxSteps) returning the steps taken, solve() running to the
// end and returning the status, status() and message() as const getters. State stays copyable so
// the app's History can rewind any of them.
//
// Each algorithm keeps its own words for a status on screen and in files (SMO writes
// "iteration limit", the perceptron "epoch cap reached"); the enum is shared so the app's playback,
// history and panels treat them alike.

namespace kpg {

enum class RunStatus {
  InvalidInput,  // the problem was refused before any step; message() says what and what to do
  Running,       // more steps may change the state
  Converged,     // the algorithm's own stopping test holds (SMO: m(α) − M(α) < eps)
  CapReached,    // stopped by the iteration or epoch cap before converging
};

}  // namespace kpg
