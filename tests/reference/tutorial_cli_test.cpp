// `kpg example` run as a program: the printed derivation carries the course notes' numbers.

#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <string>

using kpg::testing::kpgPath;
using kpg::testing::runProcess;
using kpg::testing::shellQuote;

namespace {
std::string kpgCommand(const std::string& args) {
  return shellQuote(kpgPath()) + " " + args;
}
}  // namespace

TEST_CASE("kpg example hand-solved-svm: prints alpha = (1/4, 3/8, 5/8), w, t and the margin",
          "[tutorials]") {
  const auto r = runProcess(kpgCommand("example hand-solved-svm"));
  REQUIRE(r.exitCode == 0);
  const std::string& out = r.output;
  // course-notes 001, Question 7, with the 3α₂² typo fixed.
  CHECK(out.find("X′X′ᵀ = [[10, 5, -3], [5, 5, -1], [-3, -1, 1]]") != std::string::npos);
  CHECK(out.find("α₃ = α₁ + α₂") != std::string::npos);
  CHECK(out.find("L = ½(5α₁² + 4α₁α₂ + 4α₂²) − 2α₁ − 2α₂") != std::string::npos);
  CHECK(out.find("α₁ = 1/4") != std::string::npos);
  CHECK(out.find("α₂ = 3/8") != std::string::npos);
  CHECK(out.find("α₃ = 5/8") != std::string::npos);
  CHECK(out.find("= (1, 1/2)") != std::string::npos);
  CHECK(out.find("t = 3/2") != std::string::npos);
  CHECK(out.find("m = 1/‖w‖ = 2/√5 ≈ 0.894427") != std::string::npos);
  CHECK(out.find("2/‖w‖ = 4/√5") != std::string::npos);
  CHECK(out.find("Step 7.") != std::string::npos);
  CHECK(r.errors.empty());
}

TEST_CASE("kpg example --data: a point off the margin is reported and the optimum printed",
          "[tutorials]") {
  kpg::testing::TempDir dir;
  // course-notes 002's points: with all three on the margins α₂ would be −4; the optimum is
  // w = (2, 0), b = −3 with x₂ off the margin.
  kpg::testing::writeFile(dir.file("points.txt"), "# x1 x2 label\n1 2 -1\n4 1 +1\n2,2,1\n");
  const auto r = runProcess(
      kpgCommand("example hand-solved-svm --data " + shellQuote(dir.file("points.txt"))));
  REQUIRE(r.exitCode == 0);
  CHECK(r.output.find("α₂ < 0") != std::string::npos);
  CHECK(r.output.find("α₂ = −4") != std::string::npos);
  CHECK(r.output.find("= (2, 0)") != std::string::npos);
  CHECK(r.output.find("b = -3") != std::string::npos);
}

TEST_CASE("kpg example: list, help, JSON and the exit codes of bad input", "[tutorials]") {
  const auto list = runProcess(kpgCommand("example --list"));
  CHECK(list.exitCode == 0);
  for (const char* name :
       {"hand-solved-svm", "perceptron", "kernel-perceptron", "mercer", "geometry"}) {
    CHECK(list.output.find(name) != std::string::npos);
  }
  CHECK(runProcess(kpgCommand("example --help")).exitCode == 0);
  CHECK(runProcess(kpgCommand("example no-such-example")).exitCode == 1);
  CHECK(runProcess(kpgCommand("example")).exitCode == 1);
  CHECK(runProcess(kpgCommand("example perceptron --frobnicate")).exitCode == 1);
  CHECK(runProcess(kpgCommand("example perceptron --data /nonexistent/points.txt")).exitCode == 2);
  kpg::testing::TempDir dir;
  kpg::testing::writeFile(dir.file("bad.txt"), "1 2 0\n");
  const auto bad =
      runProcess(kpgCommand("example perceptron --data " + shellQuote(dir.file("bad.txt"))));
  CHECK(bad.exitCode == 2);
  CHECK(bad.errors.find("line 1") != std::string::npos);
  // The JSON is valid (python's parser) and carries the exact values.
  const auto json = runProcess(
      kpgCommand("example perceptron --json") +
      " | python3 -c 'import json,sys; d=json.load(sys.stdin); "
      "v={x[\"name\"]:x for p in d[\"pages\"] for x in p[\"values\"]}; "
      "print(v[\"beta_0\"][\"exact\"], v[\"beta_0\"][\"value\"], v[\"new_score_3\"][\"exact\"])'");
  CHECK(json.exitCode == 0);
  CHECK(json.output == "-7/4 -1.75 1/4\n");
}

TEST_CASE("kpg example: every example prints on the notes' data", "[tutorials]") {
  for (const char* name :
       {"perceptron", "kernel-perceptron", "mercer", "geometry", "smo", "soft-margin"}) {
    INFO(name);
    const auto r = runProcess(kpgCommand(std::string("example ") + name));
    CHECK(r.exitCode == 0);
    CHECK(r.output.find("Step 3.") != std::string::npos);
  }
  const auto xorRun = runProcess(kpgCommand("example kernel-perceptron"));
  CHECK(xorRun.output.find("f(x) = −8x₁x₂") != std::string::npos);
}
