// kpg predict and kpg kernel on sparse data and models (the reliability audit's F4, F6, F7), by
// running the real binaries: kpg against svm-train/svm-predict, and kpg's Gram matrix against one
// computed here from a dense copy of the data with the used feature indices renumbered 1..m.

#include "data/libsvm_format.hpp"
#include "data/number_text.hpp"
#include "kernels/kernel.hpp"
#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::testing;

namespace {

std::string kpgRun(const std::string& arguments) {
  return shellQuote(kpgPath()) + " " + arguments;
}

const std::string kHeartScale = KPG_SHARED_DIR "/data/libsvm/heart_scale";

// heart_scale (its first `rows` rows) with an extra feature at `index` (value 0.5 or −0.25) on
// every third row.
std::string heartWithFarFeature(long long index, int rows = 270) {
  std::istringstream in(readFile(kHeartScale));
  std::string line, out;
  for (int row = 0; row < rows && std::getline(in, line); ++row) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    out += line;
    if (row % 3 == 0) out += " " + std::to_string(index) + ":" + (row % 2 == 0 ? "0.5" : "-0.25");
    out += "\n";
  }
  return out;
}

bool hasTempFiles(const std::string& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().filename().string().find(".tmp.") != std::string::npos) return true;
  return false;
}

// The rows of a LIBSVM file as a dense matrix over only the feature indices that occur:
// every kernel here depends on x·x' or ‖x − x'‖², which dropping all-zero columns keeps.
Matrix compressedDense(const std::string& text) {
  const auto r = readLibsvmSparse(text, "data");
  REQUIRE(r.ok());
  std::map<int, Index> columnOf;
  for (Index i = 0; i < r.value.size(); ++i) {
    const SparseRowView row = r.value.x.row(i);
    for (Index k = 0; k < row.size; ++k) columnOf.emplace(row.columns[k], 0);
  }
  Index next = 0;
  for (auto& entry : columnOf) entry.second = next++;
  Matrix x = Matrix::Zero(r.value.size(), std::max<Index>(next, 1));
  for (Index i = 0; i < r.value.size(); ++i) {
    const SparseRowView row = r.value.x.row(i);
    for (Index k = 0; k < row.size; ++k) x(i, columnOf[row.columns[k]]) = row.values[k];
  }
  return x;
}

// The "gram_matrix n x n" block of kpg kernel's output.
Matrix printedGram(const std::string& output) {
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line) && line.rfind("gram_matrix ", 0) != 0) {
  }
  REQUIRE(line.rfind("gram_matrix ", 0) == 0);
  const Index n = std::stoll(line.substr(12));
  Matrix g(n, n);
  for (Index i = 0; i < n; ++i) {
    REQUIRE(std::getline(in, line));
    std::istringstream row(line);
    for (Index j = 0; j < n; ++j) {
      std::string token;
      row >> token;
      const NumberParse p = parseDecimal(token);
      REQUIRE(p.status == NumberStatus::Ok);
      g(i, j) = p.value;
    }
  }
  return g;
}

void checkKernelMatchesDense(const std::string& text, const TempDir& dir) {
  writeFile(dir.file("sparse"), text);
  const auto r = runProcess(kpgRun("kernel -g 0.25 " + dir.file("sparse")));
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  const Matrix g = printedGram(r.output);
  const Matrix x = compressedDense(text);
  REQUIRE(g.rows() == x.rows());
  const KernelParams rbf = KernelParams::rbf(0.25);
  for (Index i = 0; i < x.rows(); ++i)
    for (Index j = 0; j < x.rows(); ++j)
      CHECK(std::abs(g(i, j) - kernelValue(rbf, x.row(i).transpose(), x.row(j).transpose())) <=
            1e-12);
  CHECK_THAT(r.output, Catch::Contains("psd yes"));
}

}  // namespace

TEST_CASE("F4: a model with support vector index 2 000 000 000 predicts svm-predict's labels",
          "[reference][svm][cli][F4]") {
  TempDir dir;
  writeFile(dir.file("far"), heartWithFarFeature(2000000000));
  const std::string flags =
      GENERATE(as<std::string>{}, "-t 2 -g 0.1", "-t 0", "-t 3 -g 0.05", "-t 1 -g 0.1 -r 1 -d 2");
  INFO(flags);
  // Dense, the support vectors would need 2e9 doubles each (16 GB).
  REQUIRE(
      runProcess("svm-train -q " + flags + " " + dir.file("far") + " " + dir.file("m")).exitCode ==
      0);
  REQUIRE_THAT(readFile(dir.file("m")), Catch::Contains("2000000000:"));
  for (const std::string& test : {dir.file("far"), kHeartScale}) {
    const auto ours =
        runProcess(kpgRun("predict " + test + " " + dir.file("m") + " " + dir.file("ours")));
    INFO(ours.errors);
    REQUIRE(ours.exitCode == 0);
    const auto theirs =
        runProcess("svm-predict " + test + " " + dir.file("m") + " " + dir.file("theirs"));
    REQUIRE(theirs.exitCode == 0);
    CHECK(readFile(dir.file("ours")) == readFile(dir.file("theirs")));
    CHECK(ours.output == theirs.output);
  }
}

TEST_CASE("F4: a dense model predicts test rows with index 2 000 000 000 as svm-predict does",
          "[reference][svm][cli][F4]") {
  TempDir dir;
  writeFile(dir.file("far"), heartWithFarFeature(2000000000));
  REQUIRE(runProcess("svm-train -q -g 0.5 " + kHeartScale + " " + dir.file("m")).exitCode == 0);
  const auto ours = runProcess(
      kpgRun("predict " + dir.file("far") + " " + dir.file("m") + " " + dir.file("ours")));
  INFO(ours.errors);
  REQUIRE(ours.exitCode == 0);
  REQUIRE(
      runProcess("svm-predict " + dir.file("far") + " " + dir.file("m") + " " + dir.file("theirs"))
          .exitCode == 0);
  CHECK(readFile(dir.file("ours")) == readFile(dir.file("theirs")));
}

TEST_CASE("F4: kpg kernel on sparse files with far indices gives the renumbered dense Gram",
          "[reference][svm][cli][F4]") {
  TempDir dir;
  SECTION("index 2 000 000 000 on heart_scale") {
    checkKernelMatchesDense(heartWithFarFeature(2000000000, 60), dir);
  }
  SECTION("the fuzzer's file with index 435113 (77 s and 194 MB when densified)") {
    const std::string path = KPG_SHARED_DIR "/audit/repro/libsvm_index_435113_slow.txt";
    if (!fileExists(path)) {
      WARN("no " << path << " on this machine");
      return;
    }
    checkKernelMatchesDense(readFile(path), dir);
  }
}

TEST_CASE("F7: a model whose support vectors have no features predicts svm-predict's labels",
          "[reference][svm][cli][F7]") {
  TempDir dir;
  // The reliability audit's two models whose support vectors have no non-zero feature
  // (docs/bad-inputs.md F7), and the first as kpg writes it back (zeros dropped: no features at
  // all).
  const std::string models[] = {
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 3\nrho 0 0 20\n"
      "label 1 6 3\nnr_sv 1 1 1\nSV\n1 1\n-1 1 6:0\n-1 -1 2:0\n",
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 3\nrho 0 0 20\n"
      "label 1 2 3\nnr_sv 1 1 1\nSV\n1 1\n-1 1 1:0\n01 -1 22:0\n",
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 3\nrho 0 0 20\n"
      "label 1 6 3\nnr_sv 1 1 1\nSV\n1 1\n-1 1\n-1 -1\n",
  };
  writeFile(dir.file("data"), readFile(kHeartScale));
  for (const std::string& model : models) {
    writeFile(dir.file("m"), model);
    const auto ours = runProcess(
        kpgRun("predict " + dir.file("data") + " " + dir.file("m") + " " + dir.file("o")));
    INFO(ours.errors);
    REQUIRE(ours.exitCode == 0);
    REQUIRE(
        runProcess("svm-predict " + dir.file("data") + " " + dir.file("m") + " " + dir.file("t"))
            .exitCode == 0);
    CHECK(readFile(dir.file("o")) == readFile(dir.file("t")));
  }
}

TEST_CASE("F6: a bad --decision-values path leaves the old predictions and no temp file",
          "[reference][svm][cli][F6]") {
  TempDir dir;
  writeFile(dir.file("data"), readFile(kHeartScale));
  REQUIRE(runProcess("svm-train -q " + dir.file("data") + " " + dir.file("m")).exitCode == 0);
  writeFile(dir.file("out"), "old predictions\n");
  writeFile(dir.file("dv"), "old decision values\n");
  const std::string bad =
      GENERATE(as<std::string>{}, "/missing/folder/dv.txt", "/dev/full", "DIR/no/such/dv");
  std::string path = bad;
  if (path.rfind("DIR", 0) == 0) path.replace(0, 3, dir.path());
  const auto r = runProcess(kpgRun("predict --decision-values " + path + " " + dir.file("data") +
                                   " " + dir.file("m") + " " + dir.file("out")));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("cannot write '" + path + "'"));
  CHECK(readFile(dir.file("out")) == "old predictions\n");
  CHECK_FALSE(hasTempFiles(dir.path()));

  // And the other way round: a bad output with a good --decision-values file.
  const auto r2 = runProcess(kpgRun("predict --decision-values " + dir.file("dv") + " " +
                                    dir.file("data") + " " + dir.file("m") + " " + path));
  CHECK(r2.exitCode == 2);
  CHECK(readFile(dir.file("dv")) == "old decision values\n");
  CHECK_FALSE(hasTempFiles(dir.path()));
}

TEST_CASE("F6: bad test data found half-way leaves every old output and no temp file",
          "[reference][svm][cli][F6]") {
  TempDir dir;
  writeFile(dir.file("train"), readFile(kHeartScale));
  REQUIRE(runProcess("svm-train -q " + dir.file("train") + " " + dir.file("m")).exitCode == 0);
  writeFile(dir.file("data"), readFile(kHeartScale) + "+1 1:0.5 1:2\n");
  writeFile(dir.file("out"), "old predictions\n");
  writeFile(dir.file("dv"), "old decision values\n");
  const auto r = runProcess(kpgRun("predict --decision-values " + dir.file("dv") + " " +
                                   dir.file("data") + " " + dir.file("m") + " " + dir.file("out")));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains(dir.file("data") + ":271:") &&
                           Catch::Contains("duplicate feature index 1"));
  CHECK(readFile(dir.file("out")) == "old predictions\n");
  CHECK(readFile(dir.file("dv")) == "old decision values\n");
  CHECK_FALSE(hasTempFiles(dir.path()));
  // Fixed, both are replaced together: 270 labels and 270 decision values.
  writeFile(dir.file("data"), readFile(kHeartScale));
  const auto ok =
      runProcess(kpgRun("predict --decision-values " + dir.file("dv") + " " + dir.file("data") +
                        " " + dir.file("m") + " " + dir.file("out")));
  REQUIRE(ok.exitCode == 0);
  const auto lines = [](const std::string& text) {
    return std::count(text.begin(), text.end(), '\n');
  };
  CHECK(lines(readFile(dir.file("out"))) == 270);
  CHECK(lines(readFile(dir.file("dv"))) == 270);
  REQUIRE(
      runProcess("svm-predict " + dir.file("data") + " " + dir.file("m") + " " + dir.file("theirs"))
          .exitCode == 0);
  CHECK(readFile(dir.file("out")) == readFile(dir.file("theirs")));
}

namespace {

// "obj = X" of each sub-problem in svm-train's (and kpg train's) log.
std::vector<double> objectives(const std::string& log) {
  std::vector<double> out;
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("obj = ", 0) == 0) out.push_back(std::strtod(line.c_str() + 6, nullptr));
  return out;
}

// The command's peak resident memory in KiB: GNU time's %M, the kernel's ru_maxrss of the child
// it runs (Debian package `time`, installed by scripts/setup.sh). The command runs directly, not
// through a shell, so the figure is the program's own.
long peakKib(const std::string& command, const std::string& report) {
  const auto r = runProcess("/usr/bin/time -f %M -o " + shellQuote(report) + " " + command);
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  return std::stol(readFile(report));
}

}  // namespace

TEST_CASE("F4: kpg train keeps sparse data sparse and trains index 2 000 000 000 as svm-train",
          "[reference][svm][cli][F4]") {
  TempDir dir;
  writeFile(dir.file("far"), heartWithFarFeature(2000000000));
  const std::string flags =
      GENERATE(as<std::string>{}, "-t 2 -g 0.1", "-t 0", "-t 1 -g 0.1 -r 1 -d 2");
  INFO(flags);
  // Dense, the 270 rows would need 2·10⁹ doubles each (4.3 TB): before sparse training kpg train
  // refused this file over its feature budget.
  const std::string trainFlags = "-e 1e-6 " + flags + " " + dir.file("far");
  const auto theirs = runProcess("svm-train " + trainFlags + " " + dir.file("mt"));
  REQUIRE(theirs.exitCode == 0);
  const auto ours = runProcess(kpgRun("train " + trainFlags + " " + dir.file("mo")));
  INFO(ours.errors);
  REQUIRE(ours.exitCode == 0);
  const std::vector<double> a = objectives(ours.output);
  const std::vector<double> b = objectives(theirs.output);
  REQUIRE(a.size() == 1);
  REQUIRE(b.size() == 1);
  CHECK(a[0] == Approx(b[0]).epsilon(1e-6));
  CHECK_THAT(readFile(dir.file("mo")), Catch::Contains("2000000000:"));
  // Both models, read by svm-predict, label the training rows and heart_scale alike.
  for (const std::string& test : {dir.file("far"), kHeartScale}) {
    REQUIRE(
        runProcess("svm-predict " + test + " " + dir.file("mo") + " " + dir.file("po")).exitCode ==
        0);
    REQUIRE(
        runProcess("svm-predict " + test + " " + dir.file("mt") + " " + dir.file("pt")).exitCode ==
        0);
    CHECK(readFile(dir.file("po")) == readFile(dir.file("pt")));
  }
  // Memory follows the non-zeros: a few MiB, as svm-train's (printed, not a timing).
  const long ourPeak =
      peakKib(kpgRun("train -q " + trainFlags + " " + dir.file("mo")), dir.file("time"));
  const long theirPeak =
      peakKib("svm-train -q " + trainFlags + " " + dir.file("mt"), dir.file("time"));
  WARN("peak memory: kpg train " << ourPeak << " KiB, svm-train " << theirPeak << " KiB");
  CHECK(ourPeak < 64 * 1024);
}

TEST_CASE("F4: kpg predict streams a 40 MB test file in constant memory",
          "[reference][svm][cli][F4]") {
  // The reliability audit: a 200 MB file took 1.0 GB in kpg predict (3 MB in svm-predict). Rows
  // are read and predicted one at a time, so the peak must not grow with the file: 40 MB of text
  // (about 320 000 rows of heart_scale) stays under 32 MiB whatever its length.
  TempDir dir;
  REQUIRE(runProcess("svm-train -q " + kHeartScale + " " + dir.file("m")).exitCode == 0);
  const std::string heart = readFile(kHeartScale);
  {
    std::string big;
    big.reserve(41u << 20);
    while (big.size() < (40u << 20)) big += heart;
    writeFile(dir.file("big"), big);
  }
  const std::string args = dir.file("big") + " " + dir.file("m") + " ";
  const long ourPeak = peakKib(kpgRun("predict " + args + dir.file("po")), dir.file("time"));
  const long theirPeak = peakKib("svm-predict " + args + dir.file("pt"), dir.file("time"));
  WARN("peak memory on a 40 MB test file: kpg predict " << ourPeak << " KiB, svm-predict "
                                                        << theirPeak << " KiB");
  CHECK(ourPeak < 32 * 1024);
  CHECK(readFile(dir.file("po")) == readFile(dir.file("pt")));
}
