// `kpg trace` shows exactly the run `kpg train` makes (trace once built its own
// one-vs-one sub-problems in input order, 245 iterations against train's 230 on a 3-class set),
// and every SMO command refuses overflowing kernel values (reliability audit F2; docs/
// bad-inputs.md P3, G7), by running the real binary.

#include "kernels/kernel.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace kpg;
using namespace kpg::testing;

namespace {

std::string kpgCommand() {
  return shellQuote(kpgPath());
}

struct SubproblemRun {
  long long iterations = -1;
  double objective = 0;
};

// "optimization finished, #iter = N" then "obj = X, rho = R" per sub-problem.
std::vector<SubproblemRun> parseTrain(const std::string& output) {
  std::vector<SubproblemRun> runs;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("optimization finished, #iter = ", 0) == 0) {
      runs.push_back({std::stoll(line.substr(31)), 0});
    } else if (line.rfind("obj = ", 0) == 0 && !runs.empty()) {
      runs.back().objective = std::strtod(line.c_str() + 6, nullptr);
    }
  }
  return runs;
}

double field(const std::string& line, const std::string& name) {
  const std::size_t at = line.find("\"" + name + "\":");
  REQUIRE(at != std::string::npos);
  return std::strtod(line.c_str() + at + name.size() + 3, nullptr);
}

// The {"type":"result",...} line of each sub-problem.
std::vector<SubproblemRun> parseTrace(const std::string& output) {
  std::vector<SubproblemRun> runs;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("{\"type\":\"result\"", 0) != 0) continue;
    runs.push_back({static_cast<long long>(field(line, "iterations")), field(line, "objective")});
  }
  return runs;
}

}  // namespace

TEST_CASE("kpg trace equals kpg train sub-problem by sub-problem on 3 classes",
          "[reference][svm][cli]") {
  // Appendix B.1 of the architecture review: 300 seeded 3-class points, linear kernel. Classes
  // are interleaved in the file so input order and LIBSVM's class-grouped order differ.
  std::mt19937 engine(2024);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::ostringstream data;
  data.precision(17);
  const double centres[3][2] = {{0, 0}, {1.5, 0.5}, {0.5, 1.5}};
  for (int i = 0; i < 300; ++i) {
    const int k = (i * 7 + i / 5) % 3;
    data << (k + 1) << " 1:" << centres[k][0] + normal(engine)
         << " 2:" << centres[k][1] + normal(engine) << "\n";
  }
  TempDir dir;
  writeFile(dir.file("data"), data.str());
  const auto train =
      runProcess(kpgCommand() + " train -t 0 " + dir.file("data") + " " + dir.file("model"));
  REQUIRE(train.exitCode == 0);
  const auto trace = runProcess(kpgCommand() + " trace -t 0 " + dir.file("data"));
  REQUIRE(trace.exitCode == 0);
  const std::vector<SubproblemRun> trained = parseTrain(train.output);
  const std::vector<SubproblemRun> traced = parseTrace(trace.output);
  REQUIRE(trained.size() == 3);
  REQUIRE(traced.size() == 3);
  for (std::size_t p = 0; p < 3; ++p) {
    INFO("sub-problem " << p);
    CHECK(traced[p].iterations == trained[p].iterations);
    CHECK(traced[p].objective == trained[p].objective);  // the same run: the same double
  }
  // Each step line of the trace is one update of that run: as many as the iterations.
  std::size_t stepLines = 0;
  for (std::size_t at = trace.output.find("\"updated\":true"); at != std::string::npos;
       at = trace.output.find("\"updated\":true", at + 1))
    ++stepLines;
  CHECK(stepLines == static_cast<std::size_t>(trained[0].iterations + trained[1].iterations +
                                              trained[2].iterations));
  // The last update of each sub-problem carries the final status.
  CHECK(trace.output.find("\"updated\":false") == std::string::npos);
}

TEST_CASE("kpg train, trace and -v refuse overflowing kernel values, exit 2, no model (F2)",
          "[reference][svm][cli][bad-input]") {
  // The reliability audit's reproducers (docs/bad-inputs.md P3, G7): each trained a 0-SV or NaN
  // model with exit 0 before.
  const auto [content, flags] = GENERATE(table<std::string, std::string>({
      {"1 1:1e300\n-1 1:-1e300\n", "-t 0"},                            // nonfinite_linear_1e300
      {"1 1:1\n-1 1:2\n1 1:3\n", "-t 1 -g 1e15 -d 100"},               // poly_overflow
      {"1 1:1e150 2:-2e150\n-1 1:-1e150 2:3e149\n1 1:2e150 2:1e150\n"  // nonfinite_poly_nan_obj
       "-1 1:-3e150 2:-1e149\n",
       "-t 1 -g 0.5 -r -1 -d 3"},
  }));
  TempDir dir;
  writeFile(dir.file("data"), content);
  INFO(flags);
  const auto train =
      runProcess(kpgCommand() + " train " + flags + " " + dir.file("data") + " " + dir.file("m"));
  CHECK(train.exitCode == 2);
  CHECK_THAT(train.errors, Catch::Contains(std::string(kKernelOverflowMessage)));
  CHECK_FALSE(fileExists(dir.file("m")));
  CHECK(train.output.find("obj =") == std::string::npos);

  const auto trace = runProcess(kpgCommand() + " trace " + flags + " " + dir.file("data"));
  CHECK(trace.exitCode == 2);
  CHECK_THAT(trace.errors, Catch::Contains(std::string(kKernelOverflowMessage)));
  CHECK(trace.output.find("\"type\":\"step\"") == std::string::npos);

  // Cross-validation on the set repeated so that every fold trains on both classes.
  writeFile(dir.file("more"), content + content + content);
  const auto cv = runProcess(kpgCommand() + " train -v 2 " + flags + " " + dir.file("more"));
  CHECK(cv.exitCode == 2);
  CHECK_THAT(cv.errors, Catch::Contains(std::string(kKernelOverflowMessage)));
}

TEST_CASE("kpg train -j 1 and -j 2 write byte-identical models, dense and sparse",
          "[reference][svm][cli]") {
  // 9 000 samples, the dense ones with 16 features: every kernel column is long enough to be cut
  // between the threads (QColumnCache::parallelMinimum(); fewer dense features need longer
  // columns), and each part computes its entries on its own; so are Ḡ's updates and, while the
  // active set has 2 kPassParallelMinimum variables, the passes over G (working_set.hpp), whose
  // parts' choices are combined in order. The two runs use transparent huge pages (svm_cli_io.hpp:
  // 9 000² floats exceed the default -m of 100 MB); a third turns them off (KPG_HUGE_PAGES=0):
  // the pages change the time, not a bit.
  std::mt19937 engine(77);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> feature(1, 400);
  std::ostringstream dense;
  std::ostringstream sparse;
  dense.precision(17);
  sparse.precision(17);
  for (int i = 0; i < 9000; ++i) {
    const int label = i % 2 == 0 ? 1 : -1;
    dense << label;
    for (int c = 1; c <= 16; ++c)
      dense << " " << c << ":" << normal(engine) + (c == 1 ? 0.5 * label : 0.0);
    dense << "\n";
    std::vector<int> columns;
    for (int k = 0; k < 12; ++k) columns.push_back(feature(engine));
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    sparse << label << " " << (label > 0 ? 1 : 2) << ":1";
    for (int c : columns) sparse << " " << c + 2 << ":" << normal(engine);
    sparse << "\n";
  }
  TempDir dir;
  for (const auto& [name, content] :
       {std::pair<std::string, std::string>{"dense", dense.str()}, {"sparse", sparse.str()}}) {
    INFO(name);
    writeFile(dir.file(name), content);
    const std::string base = kpgCommand() + " train -q -c 4 ";
    const auto one = runProcess(base + "-j 1 " + dir.file(name) + " " + dir.file(name + "1"));
    const auto two = runProcess(base + "-j 2 " + dir.file(name) + " " + dir.file(name + "2"));
    const auto small = runProcess("KPG_HUGE_PAGES=0 " + base + "-j 2 " + dir.file(name) + " " +
                                  dir.file(name + "3"));
    REQUIRE(one.exitCode == 0);
    REQUIRE(two.exitCode == 0);
    REQUIRE(small.exitCode == 0);
    const std::string modelOne = readFile(dir.file(name + "1"));
    CHECK(modelOne.size() > 1000);
    CHECK(modelOne == readFile(dir.file(name + "2")));
    CHECK(modelOne == readFile(dir.file(name + "3")));
  }
}
