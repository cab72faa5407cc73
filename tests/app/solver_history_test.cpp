#include "lab/solver_history.hpp"

#include "data/toy_datasets.hpp"
#include "svm/dual_problem.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;
using namespace kpg::app;

namespace {

SmoSolver moonsSolver(Index count, double c, std::int64_t maxIterations = 0) {
  const Dataset data = makeToyDataset(ToyKind::Moons, {count, 0.2, 5});
  SmoOptions options;
  options.eps = 1e-6;
  options.maxIterations = maxIterations;
  return SmoSolver(cSvcDual(data.x, data.y, KernelParams::rbf(2.0), c), options);
}

// Bit-identical solver states: α, G, the step count and the status.
void requireSameState(const SmoSolver& a, const SmoSolver& b) {
  REQUIRE(a.iteration() == b.iteration());
  REQUIRE(a.status() == b.status());
  REQUIRE(a.alpha() == b.alpha());  // exact equality, not approximate
  REQUIRE(a.gradient() == b.gradient());
}

void requireSameRecord(const SmoStep& a, const SmoStep& b) {
  CHECK(a.iteration == b.iteration);
  CHECK(a.i == b.i);
  CHECK(a.j == b.j);
  CHECK(a.violation == b.violation);
  CHECK(a.eta == b.eta);
  CHECK(a.step == b.step);
  CHECK(a.alphaIAfter == b.alphaIAfter);
  CHECK(a.alphaJAfter == b.alphaJAfter);
  CHECK(a.objectiveAfter == b.objectiveAfter);
}

}  // namespace

TEST_CASE("SolverHistory: back then forward reproduces every state bit for bit", "[app][history]") {
  SolverHistory history(moonsSolver(60, 10.0));
  // An independent solver stepped straight through is the reference path.
  SmoSolver reference = moonsSolver(60, 10.0);
  std::vector<SmoSolver> states{reference};
  std::vector<SmoStep> records{SmoStep{}};
  for (int s = 0; s < 150; ++s) {
    const SmoStep r = history.stepForward();
    REQUIRE(r.updated);
    records.push_back(reference.step());
    states.push_back(reference);
    requireSameState(history.current(), reference);
  }
  SECTION("step back k, then forward k") {
    for (std::int64_t k : {1, 3, 17, 64, 150}) {
      REQUIRE(history.stepBack(k) == k);
      requireSameState(history.current(), states[static_cast<std::size_t>(150 - k)]);
      if (150 - k > 0) {
        REQUIRE(history.lastStep());
        requireSameRecord(*history.lastStep(), records[static_cast<std::size_t>(150 - k)]);
      } else {
        CHECK_FALSE(history.lastStep());
      }
      for (std::int64_t f = 0; f < k; ++f) history.stepForward();
      requireSameState(history.current(), states[150]);
      requireSameRecord(*history.lastStep(), records[150]);
    }
  }
  SECTION("seek to every recorded step") {
    for (std::int64_t s : {0, 149, 1, 75, 150, 2, 128, 64}) {
      REQUIRE(history.seek(s) == s);
      requireSameState(history.current(), states[static_cast<std::size_t>(s)]);
    }
    CHECK(history.seek(1000) == 150);  // clamped to furthest()
    CHECK(history.stepBack(1000) == 150);
    CHECK(history.position() == 0);
    CHECK(history.furthest() == 150);
  }
}

TEST_CASE("SolverHistory: memory stays bounded over many steps", "[app][history]") {
  // Hard margin on overlapping data never converges: the run goes to the step cap.
  const Dataset data = makeToyDataset(ToyKind::Blobs, {2000, 1.0, 2});
  SmoOptions options;
  options.maxIterations = 6000;
  SolverHistory history(
      SmoSolver(cSvcDual(data.x, data.y, KernelParams::linear(), HUGE_VAL), options));
  std::int64_t updates = 0;
  while (history.stepForward().updated) ++updates;
  REQUIRE(updates == history.furthest());
  CHECK(history.checkpointCount() <= SolverHistory::kMaxCheckpoints);
  CHECK(history.trace().size() <= SolverHistory::kMaxTraceSamples);
  // 64 copies of α and G of 2000 doubles (the scratch columns are not copied), plus the trace:
  // < 4 MiB, far below one copy per step (updates · 32 KiB).
  CHECK(history.memoryBytes() < (std::size_t{4} << 20));
  CHECK(history.memoryBytes() * 50 < static_cast<std::size_t>(updates) * 4 * 2000 * 8);
  // Rewinding the far end still reproduces it exactly.
  const SmoSolver end = history.current();
  history.stepBack(777);
  for (int k = 0; k < 777; ++k) history.stepForward();
  requireSameState(history.current(), end);
}

TEST_CASE("SolverHistory: the trace samples are the core's optimality measures", "[app][history]") {
  SolverHistory history(moonsSolver(40, 1.0));
  while (history.stepForward().updated) {
  }
  REQUIRE(history.endReached());
  CHECK(history.current().status() == SmoStatus::Converged);
  const auto& trace = history.trace();
  REQUIRE(trace.size() == static_cast<std::size_t>(history.furthest() + 1));
  for (const TraceSample& t : trace) {
    // Weak duality: the primal objective is never below the dual (000 "dual form"), at every
    // feasible α the solver passes through.
    CHECK(t.primalObjective >= t.dualObjective - 1e-9);
    CHECK(t.dualityGap >= -1e-9);
  }
  // The gap closes: small at the optimum against where it started.
  CHECK(trace.back().dualityGap < 1e-4 * trace.front().dualityGap);
  // The dual objective increases with every SMO step (each pair update is an exact
  // minimisation of f over a feasible segment).
  for (std::size_t k = 1; k < trace.size(); ++k) {
    CHECK(trace[k].dualObjective >= trace[k - 1].dualObjective - 1e-12);
  }
  CHECK(trace.back().violation < 1e-6);
}

TEST_CASE("SolverHistory: the status is settled at the last update", "[app][history]") {
  SolverHistory history(moonsSolver(30, 1.0));
  while (history.current().status() == SmoStatus::Running) {
    REQUIRE(history.stepForward().updated);
  }
  // Converged is reported by the step that made the last update, not one call later.
  CHECK(history.current().status() == SmoStatus::Converged);
  const std::int64_t end = history.position();
  CHECK_FALSE(history.stepForward().updated);
  CHECK(history.position() == end);
  history.stepBack(5);
  CHECK(history.current().status() == SmoStatus::Running);
  history.seek(end);
  CHECK(history.current().status() == SmoStatus::Converged);
}
