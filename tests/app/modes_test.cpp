// The canvas modes' logic (src/app/modes): the modes run the core's algorithms on the lab's points,
// step, step back and seek through window.kpg's JSON, and sample their fields on a grid.
#include "modes/mode_field.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_state.hpp"

#include "io/json.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::Contains;

namespace {

// Course-notes 002 "Perceptron: Example": X = [[1,2],[4,1],[2,2]], y = (−1, 1, 1).
LabState notes002Lab() {
  LabState lab = makeLabState();
  action::LoadSession s;
  s.data.points.resize(3, 2);
  s.data.points << 1, 2, 4, 1, 2, 2;
  s.data.labels.resize(3);
  s.data.labels << -1, 1, 1;
  s.params = lab.params;
  s.view = ViewWindow{-1, 5, -1, 4};
  REQUIRE_FALSE(apply(lab, s, false));
  return lab;
}

LabState generatedLab(const char* name, Index count, double noise, KernelParams kernel) {
  LabState lab = makeLabState();
  REQUIRE_FALSE(apply(lab, action::Generate{name, count, noise, 3}, false));
  REQUIRE_FALSE(apply(lab, action::SetKernel{kernel}, false));
  return lab;
}

// A mode action through window.kpg's router (io/action_router.hpp) with the mode table.
std::string send(ModesState& modes, LabState& lab, const std::string& json) {
  ActionRouter router;
  addModeActions(router, modes, lab);
  return router.dispatchJson(json);
}

JsonValue modeState(ModesState& modes, const LabState& lab) {
  return modeStateJson(modes, lab);
}

double number(const JsonValue& o, const char* key) {
  const JsonValue* v = o.find(key);
  REQUIRE(v);
  REQUIRE(v->isNumber());
  return v->asNumber();
}

}  // namespace

TEST_CASE("Perceptron mode: course-notes 002's example reaches the notes' weights", "[modes]") {
  LabState lab = notes002Lab();
  ModesState modes;
  CHECK(send(modes, lab, R"({"type":"setMode","mode":"perceptron"})") == R"({"ok":true})");
  CHECK(send(modes, lab,
             R"({"type":"setModeParams","form":"primal","learningRate":0.25,"rule":"<0",)"
             R"("startBeta":[1,-1],"startBias":-2})") == R"({"ok":true})");
  // 002: the third point is the only mistake of the first pass; β ← (1.5, −0.5), β₀ ← −1.75,
  // and the second pass makes no mistake.
  CHECK(send(modes, lab, R"({"type":"modeStep","n":3})") == R"({"ok":true})");
  const Perceptron* p = modes.perceptron.primalNow();
  REQUIRE(p);
  CHECK(p->beta()(0) == 1.5);
  CHECK(p->beta()(1) == -0.5);
  CHECK(p->bias() == -1.75);
  REQUIRE(modes.perceptron.last());
  CHECK(modes.perceptron.last()->mistake);
  CHECK(modes.perceptron.last()->index == 2);
  CHECK(send(modes, lab, R"({"type":"modeRun"})") == R"({"ok":true,"done":true})");
  const JsonValue state = modeState(modes, lab);
  CHECK(state.find("status")->asString() == "converged");
  CHECK(number(state, "visits") == 6);
  CHECK(number(state, "position") == 6);
  CHECK(number(state, "furthest") == 6);
  CHECK(state.find("statusText")->asString() ==
        "converged: epoch 2 made no mistake (6 visits, 1 updates)");
  // The mistake counts per point are the dual α: one update, at x₃.
  const auto& mistakes = state.find("mistakes")->items();
  REQUIRE(mistakes.size() == 3);
  CHECK(mistakes[2].asNumber() == 1);
  CHECK(mistakes[0].asNumber() + mistakes[1].asNumber() == 0);
}

TEST_CASE("Perceptron mode: step back and seek show exactly the states stepping forward made",
          "[modes]") {
  LabState lab = generatedLab("moons", 60, 0.15, KernelParams::rbf(1.0));
  ModesState modes;
  setMode(modes, lab, Mode::Perceptron);
  REQUIRE(send(modes, lab, R"({"type":"setModeParams","form":"kernel"})") == R"({"ok":true})");
  REQUIRE_FALSE(modeStep(modes, lab, 25));
  const KernelPerceptron at25 = *modes.perceptron.dualNow();
  REQUIRE(at25.stepsDone() == 25);
  REQUIRE_FALSE(modeStep(modes, lab, 15));
  REQUIRE(send(modes, lab, R"({"type":"modeStepBack","n":15})") == R"({"ok":true})");
  CHECK(modePosition(modes) == 25);
  CHECK(modeFurthest(modes) == 40);
  CHECK(modes.perceptron.dualNow()->alpha() == at25.alpha());
  CHECK(modes.perceptron.dualNow()->bias() == at25.bias());
  // Forward again replays the same visits.
  REQUIRE(send(modes, lab, R"({"type":"modeSeek","step":40})") == R"({"ok":true})");
  KernelPerceptron fresh = at25;
  fresh.run(15);
  CHECK(modes.perceptron.dualNow()->alpha() == fresh.alpha());
  CHECK(modes.perceptron.dualNow()->mistakesPerSample() == fresh.mistakesPerSample());
  // Seek is clamped to what was reached; bad requests name the field.
  REQUIRE(send(modes, lab, R"({"type":"modeSeek","step":100000})") == R"({"ok":true})");
  CHECK(modePosition(modes) == 40);
  CHECK_THAT(send(modes, lab, R"({"type":"modeSeek"})"), Contains("$.step"));
  CHECK_THAT(send(modes, lab, R"({"type":"modeStepBack","n":0})"), Contains("$.n"));
}

TEST_CASE("k-means mode: the objective never increases and survives a rewind", "[modes]") {
  LabState lab = generatedLab("blobs", 90, 0.8, KernelParams::rbf(0.5));
  ModesState modes;
  setMode(modes, lab, Mode::Kmeans);
  REQUIRE_FALSE(modeRunToEnd(modes, lab, 5000));
  const KernelKmeans* km = modes.kmeans.now();
  REQUIRE(km);
  REQUIRE(km->status() == RunStatus::Converged);
  const std::vector<double> objectives = modes.kmeans.objectives;
  REQUIRE(objectives.size() == static_cast<std::size_t>(km->iteration()));
  REQUIRE(objectives.size() >= 2);
  // Lloyd's steps in feature space: each assignment and each mean update lowers (or keeps) the
  // objective (000 "Kernel K-Means").
  for (std::size_t s = 1; s < objectives.size(); ++s)
    CHECK(objectives[s] <= objectives[s - 1] + 1e-12 * std::abs(objectives[s - 1]));
  const std::vector<int> finalAssignment = km->assignment();
  REQUIRE_FALSE(modeSeek(modes, lab, 1));
  CHECK(modes.kmeans.now()->iteration() == 1);
  CHECK(modes.kmeans.now()->objective() == objectives[0]);
  const JsonValue state = modeState(modes, lab);
  CHECK(state.find("objectives")->items().size() == 1);  // the plot shows the path up to here
  REQUIRE_FALSE(modeRunToEnd(modes, lab, 5000));
  CHECK(modes.kmeans.now()->assignment() == finalAssignment);
  CHECK(modes.kmeans.objectives == objectives);
}

TEST_CASE("ε-SVR mode: rewind is exact and converged shows at the last update", "[modes]") {
  LabState lab = makeLabState();
  ModesState modes;
  setMode(modes, lab, Mode::Svr);
  REQUIRE(send(modes, lab, R"({"type":"modePreset","name":"sine","count":30})") ==
          R"({"ok":true})");
  REQUIRE_FALSE(modeRunToEnd(modes, lab, 5000));
  const SmoSolver* solver = modes.svr.solver();
  REQUIRE(solver);
  REQUIRE(solver->status() == SmoStatus::Converged);
  const std::int64_t end = modePosition(modes);
  REQUIRE(end > 2);
  // The status is settled at the update that converged, not one Step later.
  CHECK(modes.svr.last());
  CHECK(modes.svr.last()->updated);
  CHECK(modeStatusText(modes) == "converged after " + std::to_string(end) + " pair updates");
  const Vector alphaEnd = solver->alpha();
  const double rhoEnd = modes.svr.rho;
  REQUIRE_FALSE(modeStepBack(modes, lab, 1));
  CHECK(modes.svr.solver()->status() == SmoStatus::Running);
  CHECK(modeCanStep(modes));
  REQUIRE_FALSE(modeStep(modes, lab, 1));
  CHECK(modePosition(modes) == end);
  CHECK(modes.svr.solver()->alpha() == alphaEnd);
  CHECK(modes.svr.rho == rhoEnd);
  CHECK(modes.svr.solver()->status() == SmoStatus::Converged);
  CHECK_FALSE(modeCanStep(modes));
  // The dual objective f(α) never increases along SMO's path.
  REQUIRE(modes.svr.objectives.size() == static_cast<std::size_t>(end) + 1);
  for (std::size_t s = 1; s < modes.svr.objectives.size(); ++s)
    CHECK(modes.svr.objectives[s] <= modes.svr.objectives[s - 1] + 1e-12);
}

TEST_CASE("Modes without steps refuse step back and seek with a sentence", "[modes]") {
  LabState lab = notes002Lab();
  ModesState modes;
  setMode(modes, lab, Mode::Knn);
  CHECK_THAT(send(modes, lab, R"({"type":"modeStepBack"})"), Contains("no steps"));
  CHECK_THAT(send(modes, lab, R"({"type":"modeSeek","step":0})"), Contains("no steps"));
}

TEST_CASE("computeField: the perceptron grid is h(x), and its zero contour lies on the boundary",
          "[modes]") {
  LabState lab = notes002Lab();
  ModesState modes;
  setMode(modes, lab, Mode::Perceptron);
  REQUIRE(send(modes, lab,
               R"({"type":"setModeParams","form":"primal","learningRate":0.25,"rule":"<0",)"
               R"("startBeta":[1,-1],"startBias":-2})") == R"({"ok":true})");
  REQUIRE_FALSE(modeRunToEnd(modes, lab, 1000));
  const PlotRect rect{-1, 5, -1, 4};
  FieldGrid grid;
  REQUIRE(computeField(modes, rect, 40, grid));
  REQUIRE(grid.nx == 40);
  // h(x) = 1.5 x₁ − 0.5 x₂ − 1.75 at every node (002's final weights).
  for (int j = 0; j < grid.ny; j += 7)
    for (int i = 0; i < grid.nx; i += 5)
      CHECK(grid.at(i, j) == Approx(1.5 * grid.x(i) - 0.5 * grid.y(j) - 1.75).margin(1e-12));
  // Marching squares interpolates linearly along cell edges, so on a linear field the segments
  // lie exactly on the line h = 0.
  const std::vector<ContourSegment> segments = contourSegments(grid, 0.0);
  REQUIRE(segments.size() >= 20);
  for (const ContourSegment& s : segments) {
    CHECK(1.5 * s.x0 - 0.5 * s.y0 - 1.75 == Approx(0).margin(1e-9));
    CHECK(1.5 * s.x1 - 0.5 * s.y1 - 1.75 == Approx(0).margin(1e-9));
  }
}

TEST_CASE("contourSegments: the unit circle of x₁² + x₂² is traced within the grid's resolution",
          "[modes]") {
  FieldGrid grid = makeGrid(PlotRect{-2, 2, -2, 2}, 81, 81);
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) grid.at(i, j) = grid.x(i) * grid.x(i) + grid.y(j) * grid.y(j);
  const std::vector<ContourSegment> segments = contourSegments(grid, 1.0);
  // About 2π / h cells cross the circle (h = 0.05).
  CHECK(segments.size() > 100);
  const double h = 4.0 / 80;
  for (const ContourSegment& s : segments) {
    // Linear interpolation of a quadratic along an edge of length h errs by at most h²/4.
    CHECK(std::abs(std::hypot(s.x0, s.y0) - 1) <= h * h / 4);
    CHECK(std::abs(std::hypot(s.x1, s.y1) - 1) <= h * h / 4);
  }
  // A NaN corner removes its cells' segments: NaN never reaches the drawing.
  grid.at(60, 40) = std::nan("");
  for (const ContourSegment& s : contourSegments(grid, 1.0)) {
    CHECK(std::isfinite(s.x0));
    CHECK(std::isfinite(s.y1));
  }
}

TEST_CASE("computeField: KFD with RBF γ = 1 on moons, the densest default, is finite", "[modes]") {
  // This canvas once drew garbage triangles: the field itself is sound (the garbage was the draw
  // lists' 16-bit indices, fixed in src/app/CMakeLists.txt).
  LabState lab = generatedLab("moons", 100, 0.1, KernelParams::rbf(1.0));
  ModesState modes;
  setMode(modes, lab, Mode::Kfd);
  REQUIRE(modes.kfd.ok());
  FieldGrid grid;
  REQUIRE(computeField(modes, PlotRect{-1.5, 2.5, -1, 1.5}, gridSide(lab.pointCount()), grid));
  for (double v : grid.values) REQUIRE(std::isfinite(v));
  // The threshold contour separates most training points: the projection's sign agrees.
  Index agree = 0;
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const double side =
        modes.kfd.projection(lab.data.points(i, 0), lab.data.points(i, 1)) - modes.kfd.threshold();
    agree += (side > 0) == (lab.data.labels(i) > 0) ? 1 : 0;
  }
  CHECK(agree >= 95);
}
