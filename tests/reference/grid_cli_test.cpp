// `kpg train -v` and `kpg grid` against the real tools: Debian's svm-train -v (the folds of
// svm_cross_validation drawn from glibc's rand(), never seeded) and svm-grid (LIBSVM's
// tools/grid.py, one svm-train -v run a grid point), on the same files.

#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg::testing;

namespace {

std::string kpgCommand() {
  return shellQuote(kpgPath());
}

std::string dataFile(const std::string& name) {
  return shellQuote(std::string(KPG_SHARED_DIR "/data/libsvm/") + name);
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The "[local] ..." progress lines, in order.
std::vector<std::string> progressLines(const std::string& text) {
  std::vector<std::string> lines;
  for (const std::string& line : linesOf(text))
    if (line.rfind("[local] ", 0) == 0) lines.push_back(line);
  return lines;
}

std::string lastLine(const std::string& text) {
  const std::vector<std::string> lines = linesOf(text);
  return lines.empty() ? std::string() : lines.back();
}

}  // namespace

TEST_CASE("kpg train -v prints svm-train -v's cross-validation accuracy",
          "[reference][grid][cli]") {
  // C-SVC on heart_scale and the unscaled svmguide1 (3089 samples, the guide's example): the
  // same folds and the same models give the same line, to svm-train's %g.
  const auto [file, options] = GENERATE(table<std::string, std::string>({
      {"heart_scale", ""},
      {"heart_scale", "-c 8 -g 0.125"},
      {"heart_scale", "-c 0.5 -g 2"},
      {"heart_scale", "-t 0 -c 0.25"},
      {"heart_scale", "-v 10 -c 2 -g 0.03125"},
      {"heart_scale", "-v 270 -c 1"},  // leave-one-out: the plain permutation
      {"svmguide1", "-c 1"},
      {"svmguide1", "-c 0.5 -g 0.5"},
  }));
  const std::string folds = options.find("-v ") == std::string::npos ? " -v 5" : "";
  const std::string args = options + folds + " " + dataFile(file);
  CAPTURE(file, args);
  const ProcessResult reference = runProcess("svm-train -q " + args);
  REQUIRE(reference.exitCode == 0);
  REQUIRE_THAT(reference.output, Catch::StartsWith("Cross Validation Accuracy = "));
  const ProcessResult ours = runProcess(kpgCommand() + " train -q " + args);
  INFO(ours.errors);
  REQUIRE(ours.exitCode == 0);
  CHECK(ours.output == reference.output);
}

TEST_CASE("kpg train -v -s 3: svm-train's folds, MSE and SCC within the SVR solver's tolerance",
          "[reference][grid][cli]") {
  // The epsilon-SVR dual stops at visibly different points in the two solvers (the tolerance
  // policy of svm_reference_test.cpp, docs/bad-inputs.md M12), so a fold's predictions, which
  // are real numbers, differ in the 5th digit; other folds would move them in the 2nd.
  const std::string options = GENERATE(
      std::string("-c 1 -p 0.5"), std::string("-c 4 -g 0.25 -p 0.1"), std::string("-c 2 -p 0.2"));
  const std::string args = "-s 3 -v 5 " + options + " " + dataFile("heart_scale");
  CAPTURE(args);
  const ProcessResult reference = runProcess("svm-train -q " + args);
  const ProcessResult ours = runProcess(kpgCommand() + " train -q " + args);
  REQUIRE(reference.exitCode == 0);
  REQUIRE(ours.exitCode == 0);
  const std::vector<std::string> expected = linesOf(reference.output);
  const std::vector<std::string> got = linesOf(ours.output);
  REQUIRE(expected.size() == 2);
  REQUIRE(got.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    const std::size_t at = expected[k].find(" = ");
    REQUIRE(at != std::string::npos);
    CHECK(got[k].substr(0, at + 3) == expected[k].substr(0, at + 3));
    const double want = std::stod(expected[k].substr(at + 3));
    const double have = std::stod(got[k].substr(at + 3));
    CHECK(std::abs(have - want) <= 1e-4 * std::abs(want));
  }
}

TEST_CASE("kpg grid: every point's rate, the order and the best pair of svm-grid",
          "[reference][grid][cli]") {
  const std::string grid = "-log2c -1,3,2 -log2g -5,-1,2";
  const std::string options = GENERATE(std::string(""), std::string("-v 4 -h 0 -e 0.01"));
  CAPTURE(options);
  const ProcessResult reference =
      runProcess("svm-grid -svmtrain /usr/bin/svm-train -gnuplot null -out null " + grid + " " +
                 options + " " + dataFile("heart_scale"));
  INFO(reference.errors);
  REQUIRE(reference.exitCode == 0);
  const std::vector<std::string> expected = progressLines(reference.output);
  REQUIRE(expected.size() == 9);

  TempDir dir;
  for (const char* threads : {"1", "2"}) {
    CAPTURE(threads);
    const ProcessResult ours =
        runProcess(kpgCommand() + " grid -j " + threads + " " + grid + " " + options + " -out " +
                   shellQuote(dir.file("out")) + " " + dataFile("heart_scale"));
    INFO(ours.errors);
    REQUIRE(ours.exitCode == 0);
    // The same points in the same order, each with svm-train's rate and the running best.
    CHECK(progressLines(ours.output) == expected);
    CHECK(lastLine(ours.output) == lastLine(reference.output));
    // The contour table: a row a log2 gamma of the range, the best cell marked once.
    CHECK_THAT(ours.output, Catch::Contains("log2g\\log2c"));
    std::size_t stars = 0;
    for (char ch : ours.output) stars += ch == '*' ? 1 : 0;
    CHECK(stars == 2);  // the table's heading names the mark, one cell carries it
    // -out: grid.py's out file, a line a point.
    const std::vector<std::string> out = linesOf(readFile(dir.file("out")));
    REQUIRE(out.size() == 9);
    CHECK(out[0].rfind("log2c=1.0 log2g=-3.0 rate=", 0) == 0);
  }
  // --warm-start starts each fold model from the previous C's α, so SMO stops at another point
  // within the tolerance and a rate may move by one sample of heart_scale's 270 (README "kpg
  // grid"): with -e 0.01 one of these 9 does, at log2 C = 3, log2 γ = −3. The points, their
  // order and the best pair are svm-grid's.
  const ProcessResult warm = runProcess(kpgCommand() + " grid --warm-start " + grid + " " +
                                        options + " " + dataFile("heart_scale"));
  REQUIRE(warm.exitCode == 0);
  const std::vector<std::string> warmLines = progressLines(warm.output);
  REQUIRE(warmLines.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    CAPTURE(warmLines[k], expected[k]);
    const std::size_t rateAt = expected[k].find(' ', expected[k].find(' ', 8) + 1);
    CHECK(warmLines[k].substr(0, rateAt) == expected[k].substr(0, rateAt));
    CHECK(std::abs(std::stod(warmLines[k].substr(rateAt)) -
                   std::stod(expected[k].substr(rateAt))) <= 100.0 / 270 + 1e-4);
  }
  CHECK(lastLine(warm.output) == lastLine(reference.output));
}

TEST_CASE("kpg grid: bad ranges, folds and files are located errors", "[reference][grid][cli]") {
  const auto [args, code, expected] = GENERATE(table<std::string, int, std::string>({
      {"-log2c 1,5,0 DATA", 1, "invalid -log2c '1,5,0': the step is 0"},
      {"-log2g -1,-5,2 DATA", 1, "invalid -log2g '-1,-5,2': the step 2 leads away"},
      {"-log2c 1,5 DATA", 1, "'1,5' is not begin,end,step"},
      {"-v 1 DATA", 1, "-v (cross-validation folds): 1"},
      {"-c 4 DATA", 1, "-c is set by the grid; give its range with -log2c"},
      {"-g 4 DATA", 1, "-g is set by the grid; give its range with -log2g"},
      {"MISSING", 2, "MISSING"},
      {"-out /nonexistent-dir/x.out DATA", 2, "-out"},
  }));
  std::string command = args;
  const std::size_t data = command.find("DATA");
  if (data != std::string::npos) command.replace(data, 4, dataFile("heart_scale"));
  TempDir dir;
  const std::size_t missing = command.find("MISSING");
  if (missing != std::string::npos) command.replace(missing, 7, dir.file("MISSING"));
  CAPTURE(command);
  const ProcessResult r = runProcess(kpgCommand() + " grid " + command);
  CHECK(r.exitCode == code);
  CHECK_THAT(r.errors, Catch::Contains(expected));
  CHECK(r.output.empty());
}

TEST_CASE("kpg grid --help: the usage, each option once", "[reference][grid][cli]") {
  const ProcessResult r = runProcess(kpgCommand() + " grid --help");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::StartsWith("Usage: kpg grid"));
  for (const char* flag : {"  -log2c ", "  -log2g ", "  -v ", "  -out ", "  -j ", "  --warm-start",
                           "  --seed ", "  --help ", "  -t ", "  -e "}) {
    CAPTURE(flag);
    const std::size_t first = r.output.find(flag);
    CHECK(first != std::string::npos);
    CHECK(r.output.find(flag, first + 1) == std::string::npos);
  }
}
