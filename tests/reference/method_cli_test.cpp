// The kernel-method commands run as a user runs them: exit codes and printed results.

#include "data/csv_format.hpp"
#include "data/number_text.hpp"
#include "kernel_pca/kernel_pca.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
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
  CHECK_THAT(poly.output, Contains("training accuracy: 100% (4/4)"));
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
          kpg::ComputeStatus::Success);
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
    CHECK_THAT(r.output, Contains("accuracy: 100% (4/4)"));
  }
  SECTION("kfd: one class is refused (G2); RBF separates XOR") {
    const ProcessResult one = runProcess(kpgCommand("kfd " + dir.file("one")));
    CHECK(one.exitCode == 2);
    CHECK_THAT(one.errors, Contains("need >= 2 classes, got 1 (label '1')"));
    const ProcessResult xorKfd = runProcess(kpgCommand("kfd -g 1 " + dir.file("xor")));
    CHECK(xorKfd.exitCode == 0);
    CHECK_THAT(xorKfd.output, Contains("training accuracy: 100% (4/4)"));
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

TEST_CASE("kpg kernel methods: -h is not help but an unknown option (LIBSVM's flags)", "[cli]") {
  for (const char* command : {"perceptron", "knn", "kmeans", "kpca", "kfd"}) {
    INFO(command);
    const ProcessResult r = runProcess(kpgCommand(std::string(command) + " -h"));
    CHECK(r.exitCode == 1);
    CHECK(r.output.empty());  // before the fix kpca printed its help here
    CHECK_THAT(r.errors,
               Contains("unknown option '-h'; use 'kpg " + std::string(command) + " --help'"));
  }
}

TEST_CASE("kpg: -g 0 means 1/num_features in train, kernel and kpca alike (LIBSVM's flags)",
          "[cli]") {
  TempDir dir;
  const std::string data = std::string(KPG_SHARED_DIR) + "/data/libsvm/heart_scale";
  const std::string oneOver13 = kpg::formatExact(1.0 / 13);  // heart_scale has 13 features
  // train: -g 0, the default and -g 1/13 write the same model, whose gamma is 1/13.
  for (const std::string& gamma : {std::string("-g 0 "), std::string(), "-g " + oneOver13 + " "}) {
    INFO(gamma);
    REQUIRE(runProcess(kpgCommand("train -q " + gamma + data + " " + dir.file("m"))).exitCode == 0);
    const std::string model = kpg::testing::readFile(dir.file("m"));
    CHECK_THAT(model, Contains("\ngamma " + oneOver13 + "\n"));
  }
  // kpca (before the fix: "-g needs gamma > 0") and kernel: -g 0 prints what -g 1/13 prints.
  for (const std::string command : {"kpca --components 2 ", "kernel --no-matrix "}) {
    INFO(command);
    const ProcessResult zero = runProcess(kpgCommand(command + "-g 0 " + data));
    const ProcessResult explicitGamma =
        runProcess(kpgCommand(command + "-g " + oneOver13 + " " + data));
    CHECK(zero.exitCode == 0);
    CHECK(explicitGamma.exitCode == 0);
    CHECK(zero.output == explicitGamma.output);
  }
}

namespace {

// The option flags of every kpg command: the contract the README documents. Each must be
// listed exactly once by the command's --help and accepted by its parser.
const std::vector<std::pair<std::string, std::vector<std::string>>>& commandFlags() {
  static const std::vector<std::string> data = {"--format",     "--label-column", "--header",
                                                "--zero-based", "--lenient",      "--max-features",
                                                "--max-file-mb"};
  static const std::vector<std::string> kernel = {"-t", "-d", "-g", "-r"};
  static const std::vector<std::string> train = {
      "-s", "-c", "-n", "-p", "-e",         "-m",     "-h",
      "-b", "-v", "-q", "-j", "--max-iter", "--seed", "--fail-unconverged",
      "-wi"};
  const auto join = [](std::vector<std::vector<std::string>> parts) {
    std::vector<std::string> all = {"--help"};
    for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
    return all;
  };
  static const std::vector<std::pair<std::string, std::vector<std::string>>> table = {
      {"train", join({kernel, train, data})},
      {"trace", join({kernel, train, data})},
      {"predict", join({{"-b", "-q", "--decision-values"}, data})},
      {"kernel", join({kernel, {"--no-matrix", "--max-samples"}, data})},
      {"perceptron", join({{"--primal", "--eta", "--rule", "--order", "--seed", "--epochs",
                            "--no-bias", "--trace", "--fail-unconverged"},
                           kernel,
                           data})},
      {"knn", join({{"-k", "--neighbors"}, kernel, data})},
      {"kmeans", join({{"-k", "--seed", "--max-iter", "--fail-unconverged"}, kernel, data})},
      {"kpca", join({{"--components", "--budget-mb"}, kernel, data})},
      {"kfd", join({{"--mu", "--lda", "--budget-mb"}, kernel, data})},
      {"example", join({{"--list", "--data", "--json"}})},
      {"reproduce", join({{"--data", "--quick", "--only", "--threads"}})},
      {"", join({{"--version"}})},
  };
  return table;
}

// The flags --help lists: the first word of every line starting with "  -".
std::vector<std::string> listedFlags(const std::string& help) {
  std::vector<std::string> flags;
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("  -", 0) != 0) continue;
    flags.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return flags;
}

}  // namespace

TEST_CASE("kpg: every command's --help lists each of its options once (option table)", "[cli]") {
  for (const auto& [command, flags] : commandFlags()) {
    INFO("kpg " << command);
    const ProcessResult help = runProcess(kpgCommand(command + " --help"));
    REQUIRE(help.exitCode == 0);
    std::vector<std::string> listed = listedFlags(help.output);
    std::vector<std::string> expected = flags;
    std::sort(listed.begin(), listed.end());
    std::sort(expected.begin(), expected.end());
    CHECK(listed == expected);  // each once, none missing, none undocumented
    // The parser knows each listed flag (the error, if any, is about its value or the files).
    for (const std::string& flag : flags) {
      if (flag == "--help" || flag == "--version") continue;
      INFO(flag);
      const ProcessResult r = runProcess(kpgCommand(command + " " + flag + " 1"));
      CHECK_THAT(r.errors, !Contains("unknown option"));
    }
  }
}

TEST_CASE("kpg: every --help gives the --label-column default the CSV reader uses", "[cli][csv]") {
  const std::string expected = "(default auto)";
  for (const auto& [command, flags] : commandFlags()) {
    if (std::find(flags.begin(), flags.end(), "--label-column") == flags.end()) continue;
    INFO("kpg " << command);
    const ProcessResult help = runProcess(kpgCommand(command + " --help"));
    const std::size_t row = help.output.find("\n  --label-column K");
    REQUIRE(row != std::string::npos);
    const std::string line = help.output.substr(row + 1, help.output.find('\n', row + 1) - row - 1);
    CHECK_THAT(line, Contains(expected));
    CHECK_THAT(help.output, !Contains("-1 = last (default"));
  }
  // And the default is what the reader does: the column named y, wherever it is; by number the
  // first column is an ordinary feature here.
  TempDir dir;
  writeFile(dir.file("d.csv"), "a,b,y\n1,1,1\n-1,-1,-1\n1,-1,1\n-1,1,-1\n");
  ProcessResult r = runProcess(
      kpgCommand("knn -t 0 --format csv " + dir.file("d.csv") + " " + dir.file("d.csv")));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Contains("accuracy: 100% (4/4)"));
  // LIBSVM's first column, asked for, on a file whose class is text in the last column.
  writeFile(dir.file("t.csv"), "a,b,kind\n1,1,cat\n-1,-1,dog\n1,-1,cat\n-1,1,dog\n");
  r = runProcess(kpgCommand("knn -t 0 --format csv --label-column 1 " + dir.file("t.csv") + " " +
                            dir.file("t.csv")));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Contains("t.csv:2:5: invalid number 'cat' at line 2 col 3 (column 3 "
                                "'kind' holds text: choose it as the label column"));
  r = runProcess(kpgCommand("knn -t 0 --format csv --label-column kind " + dir.file("t.csv") + " " +
                            dir.file("t.csv")));
  CHECK(r.exitCode == 0);
}
TEST_CASE("F2/P3: every kernel-method command refuses overflowing kernel values with exit 2",
          "[cli][bad-input]") {
  // The reliability audit's reproducers (docs/bad-inputs.md P3, G7): poly_overflow.txt, trained
  // with -t 1 -g 1e15 -d 100 (degree 100 is accepted, γ·x·x' = 1e15..9e15 overflows at the power),
  // and nonfinite_linear_1e300.txt with the linear kernel (1e300·1e300 = inf).
  TempDir dir;
  writeFile(dir.file("poly_overflow.txt"), "1 1:1\n-1 1:2\n1 1:3\n");
  writeFile(dir.file("nonfinite_linear_1e300.txt"), "1 1:1e300\n-1 1:-1e300\n");
  writeFile(dir.file("small.txt"), "1 1:0.5\n1 1:0.4\n-1 1:-0.5\n-1 1:-0.3\n");
  const std::string message =
      "kernel values overflow (not finite) for these points: lower gamma or the degree";
  struct Run {
    const char* command;
    const char* flags;
    const char* file;
    bool withTest;
  };
  const Run runs[] = {
      {"kpca", "--components 1 -t 1 -g 1e15 -d 100", "poly_overflow.txt", false},
      {"kfd", "-t 1 -g 1e15 -d 100", "poly_overflow.txt", false},
      {"kmeans", "-k 2 -t 1 -g 1e15 -d 100", "poly_overflow.txt", false},
      {"knn", "-t 1 -g 1e15 -d 100", "poly_overflow.txt", true},
      {"perceptron", "-t 1 -g 1e15 -d 100", "poly_overflow.txt", false},
      {"kpca", "--components 1 -t 0", "nonfinite_linear_1e300.txt", false},
      {"kfd", "-t 0", "nonfinite_linear_1e300.txt", false},
      {"kfd", "--lda", "nonfinite_linear_1e300.txt", false},
      {"kmeans", "-k 2 -t 0", "nonfinite_linear_1e300.txt", false},
      {"knn", "-t 0", "nonfinite_linear_1e300.txt", true},
      {"perceptron", "-t 0", "nonfinite_linear_1e300.txt", false},
  };
  for (const Run& run : runs) {
    const std::string file = dir.file(run.file);
    const std::string args = std::string(run.command) + " " + run.flags + " " + file +
                             (run.withTest ? " " + file : std::string());
    INFO("kpg " << args);
    const ProcessResult r = runProcess(kpgCommand(args));
    CHECK(r.exitCode == 2);
    CHECK_THAT(r.errors, Contains(message));
    CHECK(r.output.empty());  // nothing half-written
  }
  SECTION("a test file whose points overflow against good training data") {
    const std::string train = dir.file("small.txt"), test = dir.file("nonfinite_linear_1e300.txt");
    // (1·x·x' + 1)² with x = 1e300: finite on the training set, infinite for the test points.
    for (const char* command : {"knn -t 1 -g 1 -r 1 -d 2", "kfd -t 1 -g 1 -r 1 -d 2",
                                "kpca --components 1 -t 1 -g 1 -r 1 -d 2"}) {
      INFO(command);
      const ProcessResult r =
          runProcess(kpgCommand(std::string(command) + " " + train + " " + test));
      CHECK(r.exitCode == 2);
      CHECK_THAT(r.errors, Contains(message));
      CHECK(r.output.empty());
    }
  }
}
