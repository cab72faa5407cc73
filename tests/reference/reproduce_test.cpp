// `kpg reproduce mika1999`: the published Table 1 of Mika et al. 1999 (course-notes 004), and the
// benchmark's fast KFD path against the core's KernelFisherDiscriminant.

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "kernels/gram_matrix.hpp"
#include "perceptron/sample_checks.hpp"
#include "reproduce/mika1999.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <regex>
#include <sstream>

using namespace kpg;
using namespace kpg::testing;

TEST_CASE("reproduce: the fast KFD path equals KernelFisherDiscriminant for every mu and rule",
          "[reproduce][kfd]") {
  // Two overlapping Gaussian-ish clouds from a fixed deterministic pattern.
  const int n = 40;
  Matrix x(n, 2);
  Vector y(n);
  std::uint64_t state = 7;
  for (int i = 0; i < n; ++i) {
    y(i) = i % 2 == 0 ? 1.0 : -1.0;
    x(i, 0) = nextUniform(state) * 2 - 1 + 0.6 * y(i);
    x(i, 1) = nextUniform(state) * 2 - 1;
  }
  Matrix test(5, 2);
  test << 0, 0, 1, 1, -1, 0.5, 0.3, -0.7, 2, 2;
  const KernelParams kernel = KernelParams::rbf(0.5);
  const Matrix k = gramMatrix(kernel, x);
  const Matrix kTest = crossKernelMatrix(kernel, test, x);
  const FisherThreshold rule =
      GENERATE(FisherThreshold::MidpointOfMeans, FisherThreshold::FewestTrainingErrors);
  const auto method = cli::makeKfdMethod(rule);
  const std::vector<double> mus = {1e-3, 0.1, 10};
  const std::vector<Vector> fast = method->decisions(k, y, kTest, mus);
  for (size_t m = 0; m < mus.size(); ++m) {
    KfdOptions options;
    options.mu = mus[m];
    options.threshold = rule;
    KernelFisherDiscriminant kfd;
    kfd.compute(x, y, kernel, options);
    REQUIRE(kfd.info() == ComputeStatus::Success);
    for (Eigen::Index t = 0; t < test.rows(); ++t) {
      const double expected = kfd.decisionValue(test.row(t).transpose());
      CHECK_THAT(fast[m](t), Catch::Matchers::WithinAbs(expected, 1e-8 * (1 + std::abs(expected))));
    }
  }
}

TEST_CASE("reproduce: --quick reproduces Table 1 of Mika et al. 1999 for SVM and KFD",
          "[reproduce]") {
  const std::string data = std::string(KPG_SHARED_DIR) + "/data/ida";
  const ProcessResult r =
      runProcess(std::string(kpgPath()) + " reproduce mika1999 --quick --data " + shellQuote(data));
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  // One row per (data set, method): name, method, c, C/mu, mean ± std (n), published, ...
  const std::regex row(
      R"(^(\S+)\s+(SVM|KFD)\s+\S+\s+\S+\s+([0-9.]+) ± ([0-9.]+) \((\d+)\)\s+([0-9.]+) ± ([0-9.]+)\s+\S+\s+\S+\s+(reproduced|NOT reproduced)$)");
  // Table 1 as printed in course-notes 004, SVM and KFD columns.
  const std::map<std::string, std::pair<double, double>> published = {
      {"Banana SVM", {11.5, 0.7}},   {"Banana KFD", {10.8, 0.5}},  {"B.Cancer SVM", {26.0, 4.7}},
      {"B.Cancer KFD", {25.8, 4.6}}, {"German SVM", {23.6, 2.1}},  {"German KFD", {23.7, 2.2}},
      {"Heart SVM", {16.0, 3.3}},    {"Heart KFD", {16.1, 3.4}},   {"Image SVM", {3.0, 0.6}},
      {"Image KFD", {4.8, 0.6}},     {"Ringnorm SVM", {1.7, 0.1}}, {"Ringnorm KFD", {1.5, 0.1}},
      {"Titanic SVM", {22.4, 1.0}},  {"Titanic KFD", {23.2, 2.0}}, {"Twonorm SVM", {3.0, 0.2}},
      {"Twonorm KFD", {2.6, 0.2}},   {"Waveform SVM", {9.9, 0.4}}, {"Waveform KFD", {9.9, 0.4}},
  };
  std::istringstream lines(r.output);
  std::string line;
  int rows = 0;
  int reproduced = 0;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    ++rows;
    INFO(line);
    const std::string key = std::string(m[1]) + " " + std::string(m[2]);
    REQUIRE(published.count(key) == 1);
    const double ours = std::stod(m[3]), oursStd = std::stod(m[4]);
    const double n = std::stod(m[5]);
    CHECK(std::stod(m[6]) == published.at(key).first);
    CHECK(std::stod(m[7]) == published.at(key).second);
    CHECK(n == (m[1] == "Twonorm" ? 1 : 10));
    // The issue's criterion, recomputed from the printed numbers, must agree with the verdict
    // (0.01: the printed numbers are rounded).
    const double s = published.at(key).second;
    const double se = std::sqrt(oursStd * oursStd / n + s * s / 100);
    const double gap = std::abs(ours - published.at(key).first) - std::max(1.5, 3 * se);
    if (std::abs(gap) > 0.01) CHECK((gap < 0) == (m[8] == "reproduced"));
    if (m[8] == "reproduced") ++reproduced;
  }
  CHECK(rows == 18);
  // The full protocol reproduces 16 of the 18 published errors; the two it misses (image KFD,
  // 3.1 % against a published 4.8 %, better than the paper; waveform SVM, 11.7 % against 9.9 %)
  // are discussed in README.md. Fewer than 16 is a regression.
  CHECK(reproduced >= 16);
}

TEST_CASE("reproduce: a missing data folder is an error naming it", "[reproduce][bad-input]") {
  const ProcessResult r =
      runProcess(std::string(kpgPath()) + " reproduce mika1999 --quick --data /nonexistent/ida");
  CHECK(r.exitCode == 2);
  CHECK(r.errors.find("/nonexistent/ida") != std::string::npos);
  const ProcessResult bad =
      runProcess(std::string(kpgPath()) + " reproduce mika1999 --only nope --data .");
  CHECK(bad.exitCode == 1);
  CHECK(bad.errors.find("unknown data set 'nope'") != std::string::npos);
}
