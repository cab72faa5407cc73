// The kernel-method commands run as a user runs them: exit codes and printed results.

#include "kernel_pca/kernel_pca.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>

using namespace kpg::testing;
using Catch::Matchers::Contains;

namespace {

std::string kpgCommand(const std::string& args) {
  return std::string(kpgPath()) + " " + args;
}

// XOR as in course-notes 001, in LIBSVM format.
const char* kXor = "-1 1:1 2:1\n-1 1:-1 2:-1\n+1 1:-1 2:1\n+1 1:1 2:-1\n";

// The numbers after "key:" on one line of the output.
std::vector<double> numbersAfter(const std::string& output, const std::string& key) {
  std::istringstream lines(output);
  std::string line;
  std::vector<double> values;
  while (std::getline(lines, line)) {
    if (line.rfind(key, 0) != 0) continue;
    std::istringstream rest(line.substr(key.size()));
    double v;
    while (rest >> v) values.push_back(v);
  }
  return values;
}

}  // namespace

TEST_CASE("kpg perceptron: XOR converges with (1 + x·y)^2 and not with the linear kernel",
          "[perceptron][cli]") {
  TempDir dir;
  writeFile(dir.file("xor"), kXor);
  const ProcessResult poly =
      runProcess(kpgCommand("perceptron -t 1 -g 1 -r 1 -d 2 --no-bias " + dir.file("xor")));
  CHECK(poly.exitCode == 0);
  CHECK_THAT(poly.output, Contains("status: converged"));
  CHECK_THAT(poly.output, Contains("training accuracy: 100.00% (4/4)"));
  const ProcessResult linear =
      runProcess(kpgCommand("perceptron -t 0 --epochs 20 --fail-unconverged " + dir.file("xor")));
  CHECK(linear.exitCode == 3);
  CHECK_THAT(linear.errors, Contains("did not converge (data not separable?)"));
}

TEST_CASE("kpg kpca: eigenvalues agree with the core and refuse a non-PSD kernel", "[kpca][cli]") {
  TempDir dir;
  std::string text;
  Eigen::MatrixXd x(12, 2);
  for (int i = 0; i < 12; ++i) {
    x(i, 0) = std::sin(0.9 * i);
    x(i, 1) = std::cos(1.7 * i) + 0.1 * i;
    std::ostringstream row;
    row.precision(17);
    row << (i % 2 ? "+1" : "-1") << " 1:" << x(i, 0) << " 2:" << x(i, 1) << "\n";
    text += row.str();
  }
  writeFile(dir.file("data"), text);
  const ProcessResult result =
      runProcess(kpgCommand("kpca --components 3 -g 0.7 " + dir.file("data")));
  REQUIRE(result.exitCode == 0);
  kpg::KernelPca core;
  kpg::KernelPcaOptions options;
  options.components = 3;
  REQUIRE(core.compute(x, kpg::KernelParams::rbf(0.7), options).info() ==
          kpg::KernelPcaStatus::Success);
  const std::vector<double> printed = numbersAfter(result.output, "eigenvalues:");
  REQUIRE(printed.size() == 3);
  for (int i = 0; i < 3; ++i) CHECK(printed[i] == core.eigenvalues()(i));

  const ProcessResult sigmoid = runProcess(kpgCommand("kpca -t 3 -g 2 -r -3 " + dir.file("data")));
  CHECK(sigmoid.exitCode == 2);
  CHECK_THAT(sigmoid.errors, Contains("not positive semi-definite"));
  const ProcessResult budget =
      runProcess(kpgCommand("kpca --budget-mb 1 --components 1 " + std::string(KPG_SHARED_DIR) +
                            "/data/libsvm/svmguide1"));
  CHECK(budget.exitCode == 4);
  CHECK_THAT(budget.errors, Contains("needs") && Contains("budget"));
}

TEST_CASE("kpg kmeans, knn, kfd: results, degenerate data and usage errors",
          "[kmeans][knn][kfd][cli]") {
  TempDir dir;
  writeFile(dir.file("xor"), kXor);
  writeFile(dir.file("one"), "1 1:0.5\n1 1:0.7\n");
  SECTION("kmeans with k > n is an error; two clusters of XOR converge") {
    const ProcessResult many = runProcess(kpgCommand("kmeans -k 5 " + dir.file("xor")));
    CHECK(many.exitCode == 2);
    CHECK_THAT(many.errors, Contains("k = 5 clusters but only 4 samples"));
    const ProcessResult two = runProcess(kpgCommand("kmeans -k 2 -t 0 " + dir.file("xor")));
    CHECK(two.exitCode == 0);
    CHECK_THAT(two.output, Contains("status: converged"));
  }
  SECTION("knn: 1-NN on its own training set is 100% accurate") {
    const ProcessResult r =
        runProcess(kpgCommand("knn -k 1 " + dir.file("xor") + " " + dir.file("xor")));
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.output, Contains("accuracy: 100.00% (4/4)"));
  }
  SECTION("kfd: one class is refused (G2); RBF separates XOR") {
    const ProcessResult one = runProcess(kpgCommand("kfd " + dir.file("one")));
    CHECK(one.exitCode == 2);
    CHECK_THAT(one.errors, Contains("need >= 2 classes, got 1 (label '1')"));
    const ProcessResult xorKfd = runProcess(kpgCommand("kfd -g 1 " + dir.file("xor")));
    CHECK(xorKfd.exitCode == 0);
    CHECK_THAT(xorKfd.output, Contains("training accuracy: 100.00% (4/4)"));
  }
  SECTION("usage errors exit 1") {
    CHECK(runProcess(kpgCommand("knn --bogus a b")).exitCode == 1);
    CHECK(runProcess(kpgCommand("kfd --mu")).exitCode == 1);
    CHECK(runProcess(kpgCommand("kmeans -k 2 -k 3 x")).exitCode == 1);
    CHECK(runProcess(kpgCommand("perceptron --rule maybe " + dir.file("xor"))).exitCode == 1);
    const ProcessResult help = runProcess(kpgCommand("kpca --help"));
    CHECK(help.exitCode == 0);
    CHECK_THAT(help.output, Contains("Usage: kpg kpca"));
  }
}

TEST_CASE("kpg kernel-method commands read CSV as they read LIBSVM files", "[cli][csv]") {
  TempDir dir;
  writeFile(dir.file("xor.txt"), kXor);
  // The same four points as CSV with a header and the label in the last column.
  writeFile(dir.file("xor.csv"), "x1,x2,label\n1,1,-1\n-1,-1,-1\n-1,1,1\n1,-1,1\n");
  const std::string csv = " --format csv --label-column -1 " + shellQuote(dir.file("xor.csv"));
  for (const std::string command :
       {"perceptron -t 1 -g 1 -r 1 -d 2", "kpca -t 2 -g 0.5", "kfd -t 1 -g 1 -r 1 -d 2"}) {
    INFO(command);
    const ProcessResult fromLibsvm =
        runProcess(kpgCommand(command + " " + shellQuote(dir.file("xor.txt"))));
    const ProcessResult fromCsv = runProcess(kpgCommand(command + csv));
    CHECK(fromLibsvm.exitCode == 0);
    CHECK(fromCsv.exitCode == 0);
    CHECK(fromCsv.output == fromLibsvm.output);
  }
  const ProcessResult bad =
      runProcess(kpgCommand("kmeans --format tsv " + shellQuote(dir.file("xor.csv"))));
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.errors, Contains("--format tsv: use libsvm or csv"));
}
