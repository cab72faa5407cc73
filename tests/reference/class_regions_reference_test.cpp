// The lab's multi-class regions (src/app/session/class_regions.hpp) against
// Debian's LIBSVM 3.24: svm-train on the same two features of the same file, svm-predict at the
// centre of every grid cell the canvas tints. Tolerance policy (svm_reference_test.cpp, M12):
// at eps 1e-6 labels agree except for points within the solvers' tolerance of a boundary, so at
// most 0.5% of the cells may differ; the training accuracy is the same to one sample.
#include "app_state.hpp"
#include "data/libsvm_format.hpp"
#include "io/action_router.hpp"
#include "run_process.hpp"
#include "session/app_actions.hpp"
#include "session/class_regions.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::app;
using namespace kpg::testing;

namespace {

// Four classes of 60 seeded samples on three features; features 1 and 3 carry the classes.
std::string fourClassCsv() {
  std::mt19937_64 rng(20261123);
  std::normal_distribution<double> noise(0.0, 0.8);
  const double centres[4][2] = {{0, 0}, {2.5, 0.5}, {0.5, 2.5}, {2.5, 3}};
  std::ostringstream out;
  out.precision(17);
  out << "class,f1,f2,f3\n";
  for (int i = 0; i < 240; ++i) {
    const int c = i % 4;
    const double a = centres[c][0] + noise(rng), unused = noise(rng),
                 b = centres[c][1] + noise(rng);
    out << (c + 1) * 10 << "," << a << "," << unused << "," << b << "\n";
  }
  return out.str();
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) out += ch == '\n' ? std::string("\\n") : std::string(1, ch);
  return out + "\"";
}

}  // namespace

TEST_CASE("Class regions: the cells' classes are svm-predict's on svm-train's model",
          "[reference][regions]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  const auto run = [&](const std::string& json) {
    return router.dispatch(std::string_view(json)).error;
  };
  REQUIRE(run(R"({"type":"importData","format":"csv","source":"four.csv","x":1,"y":3,"text":)" +
              jsonString(fourClassCsv()) + "}") == "");
  REQUIRE(run(R"({"type":"setKernel","kernel":"rbf","gamma":0.5})") == "");
  REQUIRE(run(R"({"type":"setC","C":2})") == "");
  REQUIRE(run(R"({"type":"setEps","eps":1e-6})") == "");
  REQUIRE(run(R"({"type":"showClassRegions","on":true})") == "");
  const ClassRegions* shown = currentClassRegions(*app);
  REQUIRE(shown);
  REQUIRE(shown->classes.size() == 4);
  CHECK(shown->subproblems.size() == 6);
  CHECK(shown->converged);
  ClassRegions regions = *shown;
  updateRegionGrid(regions, app->lab.view);

  // The same file for svm-train: every sample, the two shown features, the file's labels.
  const DataImport& data = *app->dataImport;
  Dataset two;
  two.x.resize(data.data.size(), 2);
  two.x.col(0) = data.data.x.col(data.featureX);
  two.x.col(1) = data.data.x.col(data.featureY);
  two.y = data.data.y;
  // The cell centres, in the grid's row-major order (label 0: svm-predict ignores it).
  Dataset cells;
  const ViewWindow& g = regions.gridView;
  cells.x.resize(regions.cols * regions.rows, 2);
  cells.y = Vector::Zero(regions.cols * regions.rows);
  for (int row = 0; row < regions.rows; ++row) {
    for (int col = 0; col < regions.cols; ++col) {
      cells.x(row * regions.cols + col, 0) =
          g.xMin + (col + 0.5) * (g.xMax - g.xMin) / regions.cols;
      cells.x(row * regions.cols + col, 1) =
          g.yMax - (row + 0.5) * (g.yMax - g.yMin) / regions.rows;
    }
  }
  TempDir dir;
  writeFile(dir.file("train"), writeLibsvm(two));
  writeFile(dir.file("cells"), writeLibsvm(cells));
  REQUIRE(runProcess("svm-train -q -t 2 -g 0.5 -c 2 -e 0.000001 " + dir.file("train") + " " +
                     dir.file("model"))
              .exitCode == 0);
  REQUIRE(runProcess("svm-predict " + dir.file("cells") + " " + dir.file("model") + " " +
                     dir.file("cells.out"))
              .exitCode == 0);
  const ProcessResult trainAccuracy = runProcess("svm-predict " + dir.file("train") + " " +
                                                 dir.file("model") + " " + dir.file("train.out"));
  REQUIRE(trainAccuracy.exitCode == 0);

  std::istringstream predicted(readFile(dir.file("cells.out")));
  std::size_t differ = 0, total = 0;
  std::vector<int> wins(4, 0);
  for (int cell = 0; cell < regions.cols * regions.rows; ++cell) {
    double label = 0;
    REQUIRE(predicted >> label);
    const int k = regions.cellClass[static_cast<std::size_t>(cell)];
    REQUIRE(k >= 0);
    ++wins[static_cast<std::size_t>(k)];
    ++total;
    if (regions.classes[static_cast<std::size_t>(k)].label != label) ++differ;
  }
  INFO(differ << " of " << total << " cells differ from svm-predict");
  CHECK(differ * 200 <= total);
  for (int k = 0; k < 4; ++k) CHECK(wins[static_cast<std::size_t>(k)] > 0);

  // "Accuracy = 87.5% (210/240) (classification)"
  const std::string& out = trainAccuracy.output;
  const auto open = out.find('(');
  REQUIRE(open != std::string::npos);
  const long correct = std::stol(out.substr(open + 1));
  CHECK(std::abs(regions.trainingAccuracy * 240 - static_cast<double>(correct)) <= 1.0);
}
