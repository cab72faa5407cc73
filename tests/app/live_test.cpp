// Live mode (lab_state.hpp LiveState): an edit warm-starts the solver from the
// previous α made feasible (svm/warm_start.hpp) and re-converges, time-sliced; the segment's
// step 0 is the warm start and rewinding inside it is exact.
#include "io/session_json.hpp"
#include "lab/lab_state.hpp"
#include "session/action_json.hpp"
#include "svm/dual_problem.hpp"
#include "svm/warm_start.hpp"

#include <catch2/catch.hpp>

#include <iostream>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

void requireOk(LabState& lab, const LabAction& action) {
  const auto error = apply(lab, action, false);
  INFO((error ? *error : std::string()));
  REQUIRE_FALSE(error);
}

// Lets advance() finish a live re-convergence (or a replay) as frames would.
int finish(LabState& lab) {
  int frames = 0;
  while ((lab.live.pending || lab.replay) && frames < 100000) {
    advance(lab, 1.0 / 60, 10);
    ++frames;
  }
  return frames;
}

// The optimum of the lab's current problem from α = 0 (the core alone).
SmoSolver coldSolve(const LabState& lab) {
  SmoOptions options;
  options.eps = lab.params.eps;
  SmoSolver solver(cSvcDual(lab.data.points, lab.data.labels, lab.params.kernel, lab.params.c),
                   options);
  solver.solve();
  return solver;
}

// Two moons, RBF γ = 2, C = 10, eps 1e-9, converged (Live's own run after the last edit).
LabState convergedMoons(Index n) {
  LabState lab = makeLabState();
  requireOk(lab, action::Generate{"moons", n, 0.15, 3});
  requireOk(lab, action::SetKernel{KernelParams::rbf(2)});
  requireOk(lab, action::SetC{10});
  requireOk(lab, action::SetEps{1e-9});
  finish(lab);
  REQUIRE(lab.model.status == SmoStatus::Converged);
  return lab;
}

Index firstSupportVector(const LabState& lab) {
  const Vector& alpha = lab.history->current().alpha();
  Index i = 0;
  while (!(alpha(i) > 0)) ++i;
  return i;
}

}  // namespace

TEST_CASE("Live: on by default; an edit of a converged lab re-converges, no step 0",
          "[app][live]") {
  LabState lab = makeLabState();
  CHECK(lab.live.on);
  // The hand-solved preset starts at step 0 (a preset is a new problem, not an edit).
  CHECK(lab.stepCount() == 0);
  // An edit: C = +∞ → 10 on the hand-solved data; Live runs it to the optimum at once.
  requireOk(lab, action::SetC{10});
  finish(lab);
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK(lab.live.segments == 1);
  CHECK(lab.live.warmStartUpdates == lab.stepCount());
  CHECK(lab.model.statusText.find("re-converged in") == 0);
  CHECK(lab.notices.empty());  // no "solver reset" banner
  // 001 Q7's α = (1/4, 3/8, 5/8) is inside the box [0, 10]: still the optimum.
  const Vector& alpha = lab.history->current().alpha();
  CHECK_THAT(alpha(0), WithinAbs(0.25, 1e-8));
  CHECK_THAT(alpha(1), WithinAbs(0.375, 1e-8));
  CHECK_THAT(alpha(2), WithinAbs(0.625, 1e-8));
}

TEST_CASE("Live: a drag re-converges at every move to the cold start's optimum", "[app][live]") {
  LabState lab = convergedMoons(200);
  const Index k = firstSupportVector(lab);
  const double x0 = lab.data.points(k, 0), y0 = lab.data.points(k, 1);
  std::int64_t warmTotal = 0, coldTotal = 0;
  for (int move = 1; move <= 10; ++move) {
    Vector previous = lab.history->current().alpha();
    requireOk(lab, action::MovePoint{k, x0 + 0.01 * move, y0, true});
    finish(lab);
    INFO("move " << move);
    REQUIRE(lab.model.status == SmoStatus::Converged);
    CHECK(lab.live.segments == 3 + move);  // kernel, C and eps were edits too
    CHECK(lab.live.warmStartUpdates == lab.stepCount());
    const SmoSolver cold = coldSolve(lab);
    CHECK_THAT(lab.history->current().objective(), WithinRel(cold.objective(), 1e-9));
    CHECK_THAT(lab.model.alphaDotY, WithinAbs(0.0, 1e-9));
    warmTotal += lab.live.warmStartUpdates;
    coldTotal += cold.iteration();
    // The segment's step 0 is the warm start: the previous α (a move keeps it feasible).
    const std::int64_t end = lab.stepCount();
    const Vector converged = lab.history->current().alpha();
    requireOk(lab, action::Seek{0});
    CHECK(lab.history->current().alpha() == previous);
    requireOk(lab, action::Seek{end});
    finish(lab);
    CHECK(lab.history->current().alpha() == converged);  // rewind is exact
  }
  std::cout << "Live drag, 200 moons, eps 1e-9: " << warmTotal << " warm-start updates over 10 "
            << "moves, against " << coldTotal << " for cold solves\n";
}

TEST_CASE("Live: C lowered below the α at the bound clips and rebalances", "[app][live]") {
  LabState lab = convergedMoons(120);
  const Vector previous = lab.history->current().alpha();
  REQUIRE(previous.maxCoeff() > 1.0);
  requireOk(lab, action::SetC{1});
  // The segment's step 0 is warmStartAlpha: in [0, 1], Σαy = 0.
  const std::int64_t end = [&] {
    finish(lab);
    return lab.stepCount();
  }();
  requireOk(lab, action::Seek{0});
  const Vector& start = lab.history->current().alpha();
  CHECK(start == warmStartAlpha(previous, sameIndices(previous.size()), lab.data.labels, 1.0));
  CHECK(start.minCoeff() >= 0.0);
  CHECK(start.maxCoeff() <= 1.0);
  CHECK_THAT(start.dot(lab.data.labels), WithinAbs(0.0, 1e-12));
  requireOk(lab, action::Seek{end});
  finish(lab);
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK_THAT(lab.history->current().objective(), WithinRel(coldSolve(lab).objective(), 1e-9));
}

TEST_CASE("Live: added, deleted and relabelled points start their segment feasible",
          "[app][live]") {
  LabState lab = convergedMoons(100);
  const Index k = firstSupportVector(lab);
  SECTION("added: α = 0 for the new point") {
    requireOk(lab, action::AddPoint{0.5, 0.25, -1});
  }
  SECTION("deleted support vector") {
    requireOk(lab, action::DeletePoint{k});
  }
  SECTION("relabelled support vector") {
    requireOk(lab, action::SetLabel{k, -static_cast<int>(lab.data.labels(k))});
  }
  SECTION("undo of a delete: sizes differ, a cold start that still re-converges") {
    requireOk(lab, action::DeletePoint{k});
    finish(lab);
    requireOk(lab, action::Undo{});
  }
  finish(lab);
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK_THAT(lab.history->current().objective(), WithinRel(coldSolve(lab).objective(), 1e-9));
  requireOk(lab, action::Seek{0});
  const Vector& start = lab.history->current().alpha();
  CHECK(start.minCoeff() >= 0.0);
  CHECK(start.maxCoeff() <= lab.params.c);
  CHECK_THAT(start.dot(lab.data.labels), WithinAbs(0.0, 1e-12));
  if (lab.pointCount() == 101) CHECK(start(100) == 0.0);
}

TEST_CASE("Live off: edits reset to step 0, as before", "[app][live]") {
  LabState lab = convergedMoons(60);
  requireOk(lab, action::SetLive{false});
  requireOk(lab, action::MovePoint{0, 0.1, 0.2});
  CHECK(lab.stepCount() == 0);
  CHECK(lab.live.segments == 0);
  CHECK_FALSE(lab.live.pending);
  CHECK(lab.model.status == SmoStatus::Running);
}

TEST_CASE("Live: setLive through JSON; malformed setLive changes nothing", "[app][live]") {
  LabState lab = makeLabState();
  CHECK(dispatchJson(lab, R"({"type":"setLive","on":false})") == R"({"ok":true})");
  CHECK_FALSE(lab.live.on);
  for (const char* bad :
       {R"({"type":"setLive"})", R"({"type":"setLive","on":1})",
        R"({"type":"setLive","on":"true"})", R"({"type":"setLive","on":true,"x":1})"}) {
    INFO(bad);
    const std::string before = stateToJson(lab);
    const std::string reply = dispatchJson(lab, bad);
    CHECK(reply.rfind(R"({"ok":false,"error":"$)", 0) == 0);
    CHECK(stateToJson(lab) == before);
  }
  CHECK(dispatchJson(lab, R"({"type":"setLive","on":true})") == R"({"ok":true})");
  CHECK(lab.live.on);
}

TEST_CASE("Live: a session keeps live and opens on the same optimum", "[app][live]") {
  LabState lab = convergedMoons(80);
  requireOk(lab, action::MovePoint{3, 0.3, 0.4});
  finish(lab);
  const std::string json = sessionToJson(lab);
  CHECK(json.find(R"("live":true)") != std::string::npos);
  const SessionParse parsed = parseSession(json);
  REQUIRE(parsed.ok());
  CHECK(parsed.session->live);
  LabState copy = makeLabState();
  requireOk(copy, action::SetLive{false});
  requireOk(copy, *parsed.session);
  finish(copy);
  CHECK(copy.live.on);
  CHECK(copy.model.status == SmoStatus::Converged);
  CHECK_THAT(copy.history->current().objective(),
             WithinRel(lab.history->current().objective(), 1e-9));
  // Live off is kept too; an old session without "live" opens with Live on (the default).
  requireOk(lab, action::SetLive{false});
  CHECK(parseSession(sessionToJson(lab)).session->live == false);
  CHECK_FALSE(
      parseSession(R"({"v":1,"points":[],"kernel":{"type":"linear"},"C":1,"eps":0.001,"live":1})")
          .ok());
  CHECK(parseSession(R"({"v":1,"points":[],"kernel":{"type":"linear"},"C":1,"eps":0.001})")
            .session->live);
}

TEST_CASE("Live: a long re-convergence is time-sliced and Step takes over", "[app][live]") {
  LabState lab = makeLabState();
  requireOk(lab, action::Generate{"circles", 3000, 0.25, 11});
  requireOk(lab, action::SetKernel{KernelParams::rbf(20)});
  // C = 1e5 on noisy circles: thousands of updates, far beyond the 8 ms part inside apply().
  requireOk(lab, action::SetC{1e5});
  REQUIRE(lab.live.pending);
  const std::int64_t before = lab.stepCount();
  advance(lab, 1.0 / 60, 10);
  CHECK(lab.stepCount() > before);
  CHECK(lab.model.statusText.find("re-converging") == 0);
  requireOk(lab, action::Step{1});
  CHECK_FALSE(lab.live.pending);
  const std::int64_t at = lab.stepCount();
  advance(lab, 1.0 / 60, 10);
  CHECK(lab.stepCount() == at);  // paused: nothing more runs
}

TEST_CASE("Live: a drag resting in place rebuilds nothing", "[app][live]") {
  LabState lab = convergedMoons(60);
  const double x = lab.data.points(2, 0) + 0.05, y = lab.data.points(2, 1);
  requireOk(lab, action::MovePoint{2, x, y, true});
  finish(lab);
  const std::int64_t segments = lab.live.segments;
  const std::uint64_t revision = lab.problemRevision;
  const std::int64_t updates = lab.live.warmStartUpdates;
  // The canvas sends the same place every frame while the pointer rests.
  for (int frame = 0; frame < 5; ++frame) requireOk(lab, action::MovePoint{2, x, y, true});
  CHECK(lab.live.segments == segments);
  CHECK(lab.problemRevision == revision);
  CHECK(lab.live.warmStartUpdates == updates);
  CHECK(lab.undoStack.size() == 2);  // generate, then the drag: still one entry
}

TEST_CASE("Live: a session saved in a warm start reads back and saves again the same",
          "[app][live]") {
  // W11's autosave offers a session and restores it: the text must come back byte for byte.
  LabState lab = convergedMoons(50);
  requireOk(lab, action::AddPoint{0.25, 0.5, 1});
  finish(lab);
  const std::string json = sessionToJson(lab);
  LabState copy = makeLabState();
  requireOk(copy, *parseSession(json).session);
  finish(copy);
  CHECK(copy.model.status == SmoStatus::Converged);
  CHECK(sessionToJson(copy) == json);
  // A step afterwards is the student's own position again.
  requireOk(copy, action::Reset{});
  CHECK(sessionStep(copy) == 0);
}
