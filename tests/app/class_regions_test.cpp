// The multi-class regions of an imported file (session/class_regions.hpp): every
// one-vs-one pair trained on the two shown features, the vote at each place of the canvas, and
// the regions hidden once the problem they were trained for changes. svm-train's labels on the
// same grid are compared in tests/reference/class_regions_reference_test.cpp.
#include "session/class_regions.hpp"
#include "app_state.hpp"
#include "io/action_router.hpp"
#include "session/app_actions.hpp"
#include "svm/svm_model.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <sstream>
#include <string>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::Contains;

namespace {

// Three classes around (0, 0), (3, 0) and (1.5, 2.5) on features 1 and 2, a third feature of
// noise, 30 rows each; deterministic offsets (no generator), labels 1, 2, 3 in turn.
std::string threeClassCsv() {
  std::ostringstream out;
  out << "label,a,b,noise\n";
  const double centres[3][2] = {{0, 0}, {3, 0}, {1.5, 2.5}};
  for (int i = 0; i < 90; ++i) {
    const int c = i % 3;
    const double dx = 1.1 * std::sin(1.7 * i + 0.3), dy = 1.1 * std::cos(2.3 * i + 0.1);
    out << c + 1 << "," << centres[c][0] + dx << "," << centres[c][1] + dy << ","
        << std::sin(5.0 * i) << "\n";
  }
  return out.str();
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) out += ch == '\n' ? std::string("\\n") : std::string(1, ch);
  return out + "\"";
}

struct Fixture {
  std::unique_ptr<AppState> app = std::make_unique<AppState>();
  ActionRouter router = makeAppRouter(*app);
  std::string run(const std::string& json) { return router.dispatch(std::string_view(json)).error; }
};

}  // namespace

TEST_CASE("Class regions: every pair on the shown features; the lab's pair is the same problem",
          "[app][regions]") {
  Fixture f;
  REQUIRE(f.run(R"({"type":"importData","format":"csv","source":"three.csv","text":)" +
                quoted(threeClassCsv()) + "}") == "");
  REQUIRE(f.run(R"({"type":"setKernel","kernel":"rbf","gamma":0.5})") == "");
  REQUIRE(f.run(R"({"type":"setC","C":1})") == "");
  REQUIRE(f.run(R"({"type":"setEps","eps":1e-9})") == "");
  REQUIRE(f.run(R"({"type":"runToConvergence","budgetMs":60000})") == "");
  const LabState& lab = f.app->lab;
  REQUIRE(lab.model.status == SmoStatus::Converged);
  REQUIRE(lab.pointCount() == 60);  // classes 1 (+1) and 2 (−1)

  REQUIRE(f.run(R"({"type":"showClassRegions","on":true})") == "");
  const ClassRegions* regions = currentClassRegions(*f.app);
  REQUIRE(regions);
  CHECK(regions->classes.size() == 3);
  CHECK(regions->subproblems.size() == 3);
  CHECK(regions->converged);
  CHECK(regions->samples == 90);

  // Pair (1, 2) of the one-vs-one model is the lab's problem: the same decision values at the
  // lab's points, up to the two solvers' tolerance (both at eps 1e-9). The pair's +1 is the first
  // label in LIBSVM's order; the lab's +1 is the class picked as y = +1 (here label 2).
  const DataImport& shown = *f.app->dataImport;
  const double positive = shown.classes[static_cast<std::size_t>(shown.positive)].label;
  REQUIRE(regions->model.labels.size() == 3);
  const double sign = positive == regions->model.labels[0] ? 1.0 : -1.0;
  CHECK(positive == 2);
  CHECK(regions->model.labels[0] == 1);
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const Vector values = decisionValues(regions->model, lab.data.points.row(i).transpose());
    REQUIRE(values.size() == 3);
    CHECK(sign * values(0) == Approx(lab.model.decision(i)).margin(1e-6));
  }

  // The training accuracy is the vote's, over all 90 samples.
  const DataImport& data = *f.app->dataImport;
  Index correct = 0;
  for (Index i = 0; i < data.data.size(); ++i) {
    const int k = regionClassAt(*regions, data.data.x(i, 0), data.data.x(i, 1));
    REQUIRE(k >= 0);
    if (regions->classes[static_cast<std::size_t>(k)].label == data.data.y(i)) ++correct;
  }
  CHECK(regions->trainingAccuracy == Approx(static_cast<double>(correct) / 90).margin(1e-15));
  CHECK(regions->trainingAccuracy > 0.8);

  // The grid: each cell is the vote at its centre; all three classes win somewhere.
  ClassRegions grid = *regions;
  updateRegionGrid(grid, lab.view);
  REQUIRE(grid.cols > 0);
  REQUIRE(grid.rows > 0);
  CHECK(std::max(grid.cols, grid.rows) == kRegionGridCells);
  bool seen[3] = {false, false, false};
  for (int row = 0; row < grid.rows; row += 7) {
    for (int col = 0; col < grid.cols; col += 5) {
      const double x1 = lab.view.xMin + (col + 0.5) * (lab.view.xMax - lab.view.xMin) / grid.cols;
      const double x2 = lab.view.yMax - (row + 0.5) * (lab.view.yMax - lab.view.yMin) / grid.rows;
      const int k = grid.cellClass[static_cast<std::size_t>(row * grid.cols + col)];
      CHECK(k == regionClassAt(grid, x1, x2));
      if (k >= 0) seen[k] = true;
    }
  }
  CHECK((seen[0] && seen[1] && seen[2]));

  // Another C: the regions no longer belong to the lab's problem and are hidden.
  REQUIRE(f.run(R"({"type":"setC","C":10})") == "");
  CHECK(currentClassRegions(*f.app) == nullptr);
  const JsonValue state = classRegionsJson(*f.app);
  CHECK(state.find("stale")->asBool());
  REQUIRE(f.run(R"({"type":"showClassRegions","on":false})") == "");
  CHECK(classRegionsJson(*f.app).isNull());
}

TEST_CASE("Class regions: refused without three classes on the canvas, nothing changes",
          "[app][regions]") {
  Fixture f;
  const std::string error = f.run(R"({"type":"showClassRegions","on":true})");
  CHECK_THAT(error, Contains("three or more classes"));
  CHECK_FALSE(f.app->classRegions);
  CHECK_THAT(f.run(R"({"type":"showClassRegions","on":1})"),
             Contains("$.on: expected true or false"));
  CHECK_THAT(f.run(R"({"type":"showClassRegions"})"), Contains("$.on"));
  // A two-class file: the lab already shows its whole problem.
  REQUIRE(
      f.run(
          R"({"type":"importData","format":"csv","text":"y,a,b\n1,0,0\n2,1,1\n1,0,1\n2,1,0\n"})") ==
      "");
  CHECK_THAT(f.run(R"({"type":"showClassRegions","on":true})"), Contains("three or more classes"));
  CHECK_FALSE(f.app->classRegions);
}
