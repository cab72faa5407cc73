// The kpg SVM commands on bad files, bad flags and faults (docs/bad-inputs.md D, C, M, P,
// R items that reach the CLI), by running the real binary: exit codes and the messages' gist.

#include "data/libsvm_format.hpp"
#include "data/number_text.hpp"
#include "run_process.hpp"
#include "svm/model_io.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>

using namespace kpg;
using namespace kpg::testing;

namespace {

std::string kpgCommand() {
  return shellQuote(kpgPath());
}

const std::string kData = "+1 1:0.5 2:1\n-1 1:-0.5 2:-1\n+1 1:1 2:0.5\n-1 1:-1 2:0\n";

bool hasTempFiles(const std::string& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().filename().string().find(".tmp.") != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("kpg CLI: bad data files exit 2 with file:line:column messages (D1-D18)",
          "[reference][svm][cli]") {
  TempDir dir;
  const auto [content, expected] = GENERATE(table<std::string, std::string>({
      {"", "no samples"},                                                    // D1
      {"1 1:1\n\n1 1:2\n", "data:2: empty line"},                            // D2
      {"abc 1:1\n", "data:1:1: invalid label 'abc'"},                        // D3
      {"1 1:nan\n", "data:1:5: non-finite value 'nan' for feature 1"},       // D4
      {"1 1:2:3\n", "data:1:6: more than one ':'"},                          // D5
      {"1 0:1\n", "index 0 invalid (indices start at 1)"},                   // D6
      {"1 -1:3\n", "negative feature index -1"},                             // D7
      {"1 3:1 2:1\n", "feature indices out of order: 2 after 3"},            // D8
      {"1 2:1 2:5\n", "duplicate feature index 2"},                          // D9
      {"1 99999999999:1\n", "index out of range"},                           // D10
      {std::string("1 1:1\0", 6), "not a text LIBSVM data file (NUL byte"},  // D13
      {"1 1:0,5\n", "use '.' as the decimal point"},                         // D15
      {"1 qid:2 1:1\n", "qid: tokens (ranking data) are not supported"},     // D17
  }));
  writeFile(dir.file("data"), content);
  const auto r = runProcess(kpgCommand() + " train " + dir.file("data") + " " + dir.file("m"));
  INFO(r.errors);
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains(expected));
  CHECK_FALSE(fileExists(dir.file("m")));
}

TEST_CASE("kpg CLI: index 2 000 000 000 in a 2-line file trains as svm-train does (D11)",
          "[reference][svm][cli]") {
  // Held in sparse rows (svm_cli_io.hpp SampleData), as svm-train holds it: no dense allocation,
  // so no feature budget to refuse it; the index reaches the model as svm-train writes it.
  TempDir dir;
  writeFile(dir.file("data"), "1 2000000000:1\n-1 1:1\n");
  const auto r = runProcess(kpgCommand() + " train " + dir.file("data") + " " + dir.file("m"));
  INFO(r.errors);
  CHECK(r.exitCode == 0);
  REQUIRE(runProcess("svm-train " + dir.file("data") + " " + dir.file("t")).exitCode == 0);
  CHECK_THAT(readFile(dir.file("m")), Catch::Contains(" 2000000000:1\n"));
  CHECK_THAT(readFile(dir.file("t")), Catch::Contains(" 2000000000:1 \n"));
}

TEST_CASE("kpg CLI: a missing file, a directory and a FIFO are refused with path and reason (D18)",
          "[reference][svm][cli]") {
  TempDir dir;
  REQUIRE(runProcess("mkfifo " + dir.file("fifo")).exitCode == 0);
  const auto [name, reason] = GENERATE(table<std::string, std::string>({
      {"missing", "No such file or directory"},
      {"", "it is a directory"},
      {"fifo", "not a regular file"},
  }));
  const std::string path = name.empty() ? dir.path() : dir.file(name);
  const auto r = runProcess(kpgCommand() + " train " + path + " " + dir.file("m"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("'" + path + "'") && Catch::Contains(reason));
}

TEST_CASE("kpg CLI: running out of memory exits 4 with the way out, not an abort (R2)",
          "[reference][svm][cli]") {
  // 20 000 samples with --max-samples raised: the Gram matrix needs 3.2 GB, the address space is
  // capped at 1 GB, so the allocation fails (std::bad_alloc) instead of the budget refusing it.
  TempDir dir;
  std::string data;
  for (int i = 0; i < 20000; ++i)
    data +=
        (i % 2 ? "1 1:" : "-1 1:") + std::to_string(i % 97) + " 2:" + std::to_string(i % 89) + "\n";
  writeFile(dir.file("data"), data);
  const auto r = runProcess("ulimit -v 1000000; " + kpgCommand() + " kernel --max-samples 100000 " +
                            dir.file("data"));
  CHECK(r.exitCode == 4);
  CHECK_THAT(r.errors, Catch::Contains("kpg kernel: out of memory (lower --max-samples"));
}

TEST_CASE("kpg CLI: a file over the byte budget is refused before reading (D12)",
          "[reference][svm][cli]") {
  TempDir dir;
  std::string big;
  while (big.size() < (std::size_t{3} << 19)) big += kData;
  writeFile(dir.file("data"), big);
  const auto r = runProcess(kpgCommand() + " train --max-file-mb 1 " + dir.file("data"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("exceeds the input budget of 1 MiB"));
}

TEST_CASE("kpg CLI: CRLF, CR and mixed line ends train the same model as LF data (D14)",
          "[reference][svm][cli]") {
  TempDir dir;
  std::string crlf, cr, mixed;
  int line = 0;
  for (char c : kData) {
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    cr += c == '\n' ? '\r' : c;
    mixed += c != '\n' ? std::string(1, c) : ++line % 3 == 0 ? "\n" : line % 3 == 1 ? "\r" : "\r\n";
  }
  writeFile(dir.file("lf"), kData);
  REQUIRE(
      runProcess(kpgCommand() + " train -q " + dir.file("lf") + " " + dir.file("m1")).exitCode ==
      0);
  for (const std::string& variant : {crlf, cr, mixed}) {
    writeFile(dir.file("variant"), variant);
    const auto r =
        runProcess(kpgCommand() + " train -q " + dir.file("variant") + " " + dir.file("m2"));
    INFO(r.errors);
    REQUIRE(r.exitCode == 0);
    CHECK(readFile(dir.file("m1")) == readFile(dir.file("m2")));
  }
  // A CR that ends one 64 KiB read may be the first half of a CRLF: the streamed reader reads on.
  std::string big;
  while (big.size() < (1 << 17)) big += "+1 1:0.5 2:1\r\n-1 1:-0.5 2:-1\r";
  writeFile(dir.file("big"), big);
  const auto r = runProcess(kpgCommand() + " train -q " + dir.file("big") + " " + dir.file("m3"));
  INFO(r.errors);
  CHECK(r.exitCode == 0);
}

TEST_CASE("kpg CLI: a UTF-16 data file is named and refused (D13)", "[reference][svm][cli]") {
  TempDir dir;
  std::string utf16 = "\xFF\xFE";
  for (const char c : kData) utf16 += std::string{c, '\0'};
  writeFile(dir.file("data"), utf16);
  const auto r = runProcess(kpgCommand() + " train " + dir.file("data") + " " + dir.file("m"));
  CHECK(r.exitCode == 2);
  CHECK(r.errors == "kpg: " + dir.file("data") +
                        ":1:1: the file is UTF-16 (little-endian) text; a LIBSVM data file is read "
                        "as UTF-8 (save it as UTF-8, e.g. Excel's \"CSV UTF-8 (Comma delimited)\", "
                        "or convert it with iconv -f UTF-16 -t UTF-8)\n");
}

TEST_CASE("kpg CLI: CSV class names train a classifier and are refused for regression (C1-C4)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("d.csv"), "x,y,kind\n0.5,1,cat\n-0.5,-1,dog\n1,0.5,cat\n-1,0,dog\n");
  auto r = runProcess(kpgCommand() + " train --format csv --label-column -1 " + dir.file("d.csv") +
                      " " + dir.file("m"));
  INFO(r.errors);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.errors, Catch::Contains("0=cat 1=dog"));
  r = runProcess(kpgCommand() + " train -s 3 --format csv --label-column -1 " + dir.file("d.csv") +
                 " " + dir.file("m2"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("non-numeric target 'cat' for regression"));
  writeFile(dir.file("bad.csv"), "1,2,3\n1,NA,3\n");
  r = runProcess(kpgCommand() + " train --format csv " + dir.file("bad.csv"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("bad.csv:2:3: missing value at line 2 col 2"));
  writeFile(dir.file("semi.csv"), "a;b;c\n1;2;3\n");
  r = runProcess(kpgCommand() + " train --format csv " + dir.file("semi.csv"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("';' is not a supported delimiter"));
}

TEST_CASE("kpg CLI: bad parameters exit 1 naming the flag (P1, P3, P4, P7)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), kData);
  const auto [flags, expected] = GENERATE(table<std::string, std::string>({
      {"-c 0", "-c (cost C)"},
      {"-c -1", "-c (cost C)"},
      {"-c nan", "-c (cost C)"},
      {"-c inf", "-c (cost C)"},
      {"-c 1e400", "-c (cost C)"},
      {"-g -1", "-g (gamma)"},
      {"-g nan", "-g (gamma)"},
      {"-e 0", "-e (stopping tolerance eps)"},
      {"-e nan", "-e (stopping tolerance eps)"},
      {"-s 3 -p -1", "-p (epsilon of the SVR tube)"},
      {"-s 1 -n 0", "-n (nu)"},
      {"-s 2 -n 2", "-n (nu)"},
      {"-s 4 -n nan", "-n (nu)"},
      {"-s 4 -c 0", "-c (cost C)"},
      {"-t 1 -d -1", "-d (degree)"},
      {"-t 1 -g 1e15 -d 1000000000", "-d (degree)"},  // P3: LIBSVM 745fdb0's repro
      {"-m 0", "-m (cache size in MB)"},
      {"-m -1", "-m (cache size in MB)"},
      {"-m 5000", "-m (cache size in MB)"},
      {"-m 1e30", "-m (cache size in MB)"},
      {"-v 1", "-v (cross-validation folds)"},
      {"-v 0", "-v (cross-validation folds)"},
  }));
  const auto start = std::chrono::steady_clock::now();
  const auto r =
      runProcess(kpgCommand() + " train " + flags + " " + dir.file("data") + " " + dir.file("m"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  INFO(flags);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.errors, Catch::Contains("invalid parameter " + expected));
  CHECK_FALSE(fileExists(dir.file("m")));
}

TEST_CASE("kpg CLI: malformed command lines print the usage and exit 1 (P6)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), kData);
  const auto [args, expected] = GENERATE(table<std::string, std::string>({
      {"train -", "a bare '-'"},
      {"train -x 1 DATA", "unknown option '-x'"},
      {"train DATA -c", "option -c needs a value"},
      {"train -c 1 -c 2 DATA", "option -c given twice"},
      {"train -c abc DATA", "option -c needs a number, got 'abc'"},
      {"train -s 7 DATA", "-s 7 is not an svm_type; use 0 (C-SVC), 1 (nu-SVC)"},
      {"train -t 5 DATA", "-t 5 is not supported; use 0 (linear), 1 (polynomial), 2 (rbf), 3"},
      {"train", "expected training_set_file"},
      {"predict DATA", "expected test_file model_file output_file"},
      {"predict -b 2 DATA M O", "-b 2: probability_estimates takes 0 or 1"},
      {"train -b 1.0 DATA", "-b 1.0: probability_estimates takes 0 or 1"},
      {"kernel --bogus DATA", "unknown option '--bogus'"},
      {"trace -v", "option -v needs a value"},
  }));
  std::string command = args;
  const std::size_t at = command.find("DATA");
  if (at != std::string::npos) command.replace(at, 4, dir.file("data"));
  const auto r = runProcess(kpgCommand() + " " + command);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.errors, Catch::Contains(expected) && Catch::Contains("Usage: kpg"));
}

TEST_CASE("kpg CLI: --help of each SVM command exits 0 with its usage", "[reference][svm][cli]") {
  for (const char* command : {"train", "predict", "trace", "kernel"}) {
    const auto r = runProcess(kpgCommand() + " " + command + " --help");
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.output, Catch::Contains(std::string("Usage: kpg ") + command));
  }
}

TEST_CASE("kpg CLI: folds > n use leave-one-out with a warning (P7)", "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), kData);
  const auto r = runProcess(kpgCommand() + " train -v 10 " + dir.file("data"));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::StartsWith("Cross Validation Accuracy = "));
  CHECK_FALSE(r.errors.empty());
}

TEST_CASE("kpg CLI: an iteration cap gives a model marked not converged; exit 3 on request (P2)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  auto r = runProcess(kpgCommand() + " train -c 1000000000000 --max-iter 50 " + dir.file("data") +
                      " " + dir.file("m"));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.errors, Catch::Contains("not converged"));
  CHECK(fileExists(dir.file("m")));
  r = runProcess(kpgCommand() + " train --fail-unconverged -c 1000000000000 --max-iter 50 " +
                 dir.file("data") + " " + dir.file("m"));
  CHECK(r.exitCode == 3);
}

TEST_CASE("kpg CLI: damaged model files exit 2 with the model's line (M1-M9)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), kData);
  REQUIRE(runProcess(kpgCommand() + " train -q " + dir.file("data") + " " + dir.file("good"))
              .exitCode == 0);
  const std::string good = readFile(dir.file("good"));
  const auto [which, expected] = GENERATE(table<int, std::string>({
      {0, "model truncated"},                      // M1
      {1, "unsupported kernel_type 'foo'"},        // M6
      {2, "unknown text in model file: 'bogus'"},  // M9
  }));
  const std::string model = which == 0   ? good.substr(0, good.size() - 5)
                            : which == 1 ? "svm_type c_svc\nkernel_type foo\n"
                                         : "svm_type c_svc\nbogus 1\n";
  writeFile(dir.file("bad"), model);
  const auto r = runProcess(kpgCommand() + " predict " + dir.file("data") + " " + dir.file("bad") +
                            " " + dir.file("out"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains(dir.file("bad") + ":") && Catch::Contains(expected));
  CHECK_FALSE(fileExists(dir.file("out")));
}

TEST_CASE("kpg CLI: test data with more features than the model predicts like svm-predict (M13)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("train"), kData);
  writeFile(dir.file("test"), "+1 1:0.5 2:1 3:2\n-1 1:-0.5 5:1\n");
  REQUIRE(
      runProcess(kpgCommand() + " train -q " + dir.file("train") + " " + dir.file("m")).exitCode ==
      0);
  REQUIRE(runProcess(kpgCommand() + " predict -q " + dir.file("test") + " " + dir.file("m") + " " +
                     dir.file("ours"))
              .exitCode == 0);
  REQUIRE(runProcess("svm-predict -q " + dir.file("test") + " " + dir.file("m") + " " +
                     dir.file("theirs"))
              .exitCode == 0);
  CHECK(readFile(dir.file("ours")) == readFile(dir.file("theirs")));
}

TEST_CASE("kpg CLI: an unwritable output leaves the old file intact and no temp file (M11, R5)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  writeFile(dir.file("m"), "old model\n");
  // A file-size limit makes write() fail part-way (EFBIG), like a full disk.
  auto r = runProcess("ulimit -f 1; " + kpgCommand() + " train -q " + dir.file("data") + " " +
                      dir.file("m"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("cannot write") && Catch::Contains("old file is untouched"));
  CHECK(readFile(dir.file("m")) == "old model\n");
  CHECK_FALSE(hasTempFiles(dir.path()));
  // A device is never replaced (as root, rename() over /dev/full would succeed).
  r = runProcess(kpgCommand() + " train -q " + dir.file("data") + " /dev/full");
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("not a regular file"));
  // A directory that does not exist.
  r = runProcess(kpgCommand() + " train -q " + dir.file("data") + " " + dir.file("no/such/m"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("No such file or directory"));
}

TEST_CASE("kpg CLI: Ctrl-C stops training within a second with exit 130 (R4)",
          "[reference][svm][cli]") {
  TempDir dir;
  // 30 000 noisy points, C = 1000, eps 1e-5: LIBSVM's engine (shrinking, float cache, -j 2)
  // needs tens of seconds here, so training is surely running when SIGINT comes at 1 s (6 000
  // points at C = 100 ended before it once the engine got fast). The test itself stays ~1 s.
  std::mt19937_64 rng(5);
  std::normal_distribution<double> noise(0, 1);
  Dataset d;
  constexpr Eigen::Index kPoints = 30000;
  d.x.resize(kPoints, 2);
  d.y.resize(kPoints);
  for (Eigen::Index i = 0; i < kPoints; ++i) {
    d.x(i, 0) = noise(rng);
    d.x(i, 1) = noise(rng);
    d.y(i) = d.x(i, 0) * d.x(i, 1) + 0.5 * noise(rng) > 0 ? 1 : -1;
  }
  writeFile(dir.file("data"), writeLibsvm(d));
  writeFile(dir.file("m"), "old model\n");
  const auto r =
      runProcess("cd " + dir.path() + " && " + kpgCommand() +
                 " train -q -c 1000 -e 0.00001 -j 2 data m 2>err & pid=$!; sleep 1; "
                 "start=$(date +%s%N); kill -INT $pid; wait $pid; code=$?; end=$(date +%s%N); "
                 "echo $code $(( (end - start) / 1000000 ))");
  int code = -1;
  long long milliseconds = -1;
  std::istringstream(r.output) >> code >> milliseconds;
  CHECK(code == 130);
  CHECK(milliseconds >= 0);
  CHECK(milliseconds < 1000);
  CHECK_THAT(readFile(dir.file("err")), Catch::Contains("interrupted"));
  CHECK(readFile(dir.file("m")) == "old model\n");
  CHECK_FALSE(hasTempFiles(dir.path()));
}

TEST_CASE("kpg CLI: output under LC_ALL=de_DE.UTF-8 equals the C locale's (D16)",
          "[reference][svm][cli]") {
  TempDir dir;
  // The machine may have no compiled German locale: build one into a private LOCPATH.
  const auto made = runProcess("localedef -i de_DE -f UTF-8 " + dir.file("de_DE.UTF-8"));
  if (!fileExists(dir.file("de_DE.UTF-8"))) {
    WARN("localedef could not build de_DE.UTF-8: " << made.errors);
    return;
  }
  writeFile(dir.file("data"), readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  const std::string env = "LOCPATH=" + dir.path() + " LC_ALL=de_DE.UTF-8 ";
  const auto c =
      runProcess("LC_ALL=C " + kpgCommand() + " train " + dir.file("data") + " " + dir.file("mc"));
  const auto de =
      runProcess(env + kpgCommand() + " train " + dir.file("data") + " " + dir.file("mde"));
  REQUIRE(c.exitCode == 0);
  REQUIRE(de.exitCode == 0);
  CHECK(c.output == de.output);
  CHECK(readFile(dir.file("mc")) == readFile(dir.file("mde")));

  // In-process: the core's parser and writer with the German locale active (radix ',').
  REQUIRE(setenv("LOCPATH", dir.path().c_str(), 1) == 0);
  REQUIRE(std::setlocale(LC_ALL, "de_DE.UTF-8") != nullptr);
  CHECK(std::string(std::localeconv()->decimal_point) == ",");
  const auto parsed = readLibsvm("1 1:0.5 2:-1.25e-3\n", "t");
  const std::string written = formatDouble(0.1);
  const std::string model = readFile(dir.file("mc"));
  const auto reread = readModel(model, "mc");
  const std::string rewritten = reread.ok() ? writeModel(reread.value) : std::string();
  std::setlocale(LC_ALL, "C");
  unsetenv("LOCPATH");
  REQUIRE(parsed.ok());
  CHECK(parsed.value.x(0, 0) == 0.5);
  CHECK(parsed.value.x(0, 1) == -1.25e-3);
  CHECK(written == "0.1");
  CHECK(rewritten == model);
}

TEST_CASE("kpg CLI: CSV class names keep the training labels at predict time (F3, C4)",
          "[reference][svm][cli][csv]") {
  TempDir dir;
  // The audit's reproducer: the training file meets cat first, the test file dog first. Before
  // the fix the test file was numbered again and scored 0 %.
  const std::string repro = KPG_SHARED_DIR "/audit/repro/";
  const std::string model = dir.file("m");
  auto r = runProcess(kpgCommand() + " train -q --format csv " + repro +
                      "csv_classnames_train.csv " + model);
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  REQUIRE(fileExists(model + ".classes"));
  r = runProcess(kpgCommand() + " predict --format csv " + repro + "csv_classnames_test.csv " +
                 model + " " + dir.file("out"));
  INFO(r.errors);
  CHECK(r.exitCode == 0);
  CHECK(r.output == "Accuracy = 100% (3/3) (classification)\n");
  CHECK(readFile(dir.file("out")) == "dog\ncat\ncat\n");  // the names, not the label numbers

  // svm-predict ignores the side file and reads the model as before.
  writeFile(dir.file("test.txt"), "1 1:1 2:4\n0 1:2 2:3\n");
  CHECK(runProcess("svm-predict " + dir.file("test.txt") + " " + model + " " + dir.file("o2"))
            .exitCode == 0);

  // A name the model does not know: file:line, the name and the names it knows; exit 2.
  writeFile(dir.file("bird.csv"), "y,a,b\ncat,2,3\nbird,1,4\n");
  r = runProcess(kpgCommand() + " predict --format csv " + dir.file("bird.csv") + " " + model +
                 " " + dir.file("out2"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains(dir.file("bird.csv") + ":3:1: class 'bird' is not one the "
                                                              "model knows (cat, dog)"));
  CHECK_FALSE(fileExists(dir.file("out2")));

  // A model replaced after kpg train wrote both (here by svm-train): the names are refused.
  writeFile(dir.file("num.txt"), "0 1:2 2:3\n1 1:1 2:4\n0 1:2 2:2\n");
  REQUIRE(runProcess("svm-train -q " + dir.file("num.txt") + " " + model).exitCode == 0);
  r = runProcess(kpgCommand() + " predict --format csv " + repro + "csv_classnames_test.csv " +
                 model + " " + dir.file("out3"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("belongs to another model"));

  // Training on numeric labels removes the stale side file; names then have nothing to map to.
  writeFile(dir.file("num.csv"), "y,a,b\n0,2,3\n1,1,4\n0,2,2\n");
  REQUIRE(runProcess(kpgCommand() + " train -q --format csv " + dir.file("num.csv") + " " + model)
              .exitCode == 0);
  CHECK_FALSE(fileExists(model + ".classes"));
  r = runProcess(kpgCommand() + " predict --format csv " + repro + "csv_classnames_test.csv " +
                 model + " " + dir.file("out4"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains("has no class-name file"));
}

namespace {

// A CSV written as pandas writes it (a header, the class in the last column) as LIBSVM rows, each
// class mapped by `names` (the .classes file's order) or, without names, kept as the number.
std::string csvAsLibsvm(const std::string& csv, const std::vector<std::string>& names) {
  std::istringstream lines(csv);
  std::string line, out;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream split(line);
    for (std::string cell; std::getline(split, cell, ',');) cells.push_back(cell);
    std::string label = cells.back();
    if (!names.empty()) {
      const auto it = std::find(names.begin(), names.end(), label);
      REQUIRE(it != names.end());
      label = std::to_string(it - names.begin());
    }
    out += label;
    for (std::size_t j = 0; j + 1 < cells.size(); ++j)
      out += " " + std::to_string(j + 1) + ":" + cells[j];
    out += "\n";
  }
  return out;
}

// The names of a .classes file, labels 0, 1, ... in order (README: `k "name"` lines).
std::vector<std::string> classesFileNames(const std::string& text) {
  std::vector<std::string> names;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t quote = line.find(" \"");
    if (line.empty() || line[0] == '#' || quote == std::string::npos) continue;
    REQUIRE(line.substr(0, quote) == std::to_string(names.size()));
    names.push_back(line.substr(quote + 2, line.size() - quote - 3));
  }
  return names;
}

}  // namespace

TEST_CASE("kpg CLI: iris and wine as pandas writes them; svm-predict agrees through .classes",
          "[reference][svm][cli][csv]") {
  // kpg train finds the label in the header (species, target), writes the model and, for
  // names, MODEL.classes. Debian's svm-predict on the same rows mapped by that file must score
  // what kpg predict scores on the CSV itself.
  const std::string name = GENERATE(std::string("iris.csv"), std::string("wine.csv"));
  INFO(name);
  TempDir dir;
  const std::string csv = readFile(KPG_SOURCE_DIR "/tests/data/" + name);
  writeFile(dir.file(name), csv);
  const std::string model = dir.file("m");
  auto r = runProcess(kpgCommand() + " train -q --format csv " + dir.file(name) + " " + model);
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  const bool named = name == "iris.csv";
  REQUIRE(fileExists(model + ".classes") == named);
  const std::vector<std::string> names =
      named ? classesFileNames(readFile(model + ".classes")) : std::vector<std::string>{};
  if (named) CHECK(names == std::vector<std::string>{"setosa", "versicolor", "virginica"});

  r = runProcess(kpgCommand() + " predict --format csv " + dir.file(name) + " " + model + " " +
                 dir.file("kpg.out"));
  REQUIRE(r.exitCode == 0);
  const std::string kpgAccuracy = r.output;
  CHECK_THAT(kpgAccuracy, Catch::Contains(named ? "/150)" : "/178)"));

  writeFile(dir.file("data.txt"), csvAsLibsvm(csv, names));
  r = runProcess("svm-predict " + dir.file("data.txt") + " " + model + " " + dir.file("ref.out"));
  INFO(r.errors);
  REQUIRE(r.exitCode == 0);
  CHECK(r.output == kpgAccuracy);
  // The same prediction for every row: svm-predict's label numbers, kpg's names.
  std::istringstream ours(readFile(dir.file("kpg.out"))), theirs(readFile(dir.file("ref.out")));
  std::string a, b;
  int rows = 0;
  while (std::getline(ours, a) && std::getline(theirs, b)) {
    ++rows;
    CHECK(a == (named ? names.at(static_cast<std::size_t>(std::stoi(b))) : b));
  }
  CHECK(rows == (named ? 150 : 178));
}

TEST_CASE("kpg CLI: one stray non-numeric label is refused, not read as class names (F3, C4)",
          "[reference][svm][cli][csv]") {
  TempDir dir;
  writeFile(dir.file("d.csv"), "y,a\n1,0.5\n-1,-0.5\n0x10,1\n-1,-1\n");
  const auto r =
      runProcess(kpgCommand() + " train --format csv " + dir.file("d.csv") + " " + dir.file("m"));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors, Catch::Contains(dir.file("d.csv") +
                                       ":4:1: label '0x10' is not a number while the other "
                                       "labels are numbers"));
  CHECK_FALSE(fileExists(dir.file("m")));
}

TEST_CASE("kpg CLI: an unwritable model path is reported before training (F9, M11)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  REQUIRE(runProcess("mkdir " + dir.file("folder")).exitCode == 0);
  const auto [model, reason] = GENERATE(table<std::string, std::string>({
      {"no/such/m", "No such file or directory"},
      {"folder", "it exists and is not a regular file"},
  }));
  const auto r = runProcess(kpgCommand() + " train " + dir.file("data") + " " + dir.file(model));
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.errors,
             Catch::Contains("cannot write '" + dir.file(model) + "'") && Catch::Contains(reason));
  // No "optimization finished" lines: the solver never ran.
  CHECK(r.output.empty());
  CHECK_FALSE(hasTempFiles(dir.path()));
  CHECK_FALSE(hasTempFiles(dir.file("folder")));
}

TEST_CASE("kpg CLI: -h is LIBSVM's shrinking flag in train and trace (LIBSVM's flags)",
          "[reference][svm][cli]") {
  TempDir dir;
  writeFile(dir.file("data"), kData);
  auto r = runProcess(kpgCommand() + " train -h 0 " + dir.file("data") + " " + dir.file("m"));
  CHECK(r.exitCode == 0);
  CHECK(fileExists(dir.file("m")));
  r = runProcess(kpgCommand() + " trace -h 1 " + dir.file("data"));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::StartsWith("{\"type\":\"problem\""));
  // Not help: -h wants 0 or 1, and says where the help is.
  r = runProcess(kpgCommand() + " train -h " + dir.file("data"));
  CHECK(r.exitCode == 1);
  CHECK(r.output.empty());
  CHECK_THAT(r.errors, Catch::Contains("-h takes 0 or 1") && Catch::Contains("--help"));
  // Elsewhere -h is an unknown option whose error points to --help.
  for (const char* command : {"predict", "kernel", "example", "reproduce"}) {
    INFO(command);
    r = runProcess(kpgCommand() + " " + command + " -h");
    CHECK(r.exitCode == 1);
    CHECK(r.output.empty());
    CHECK_THAT(r.errors, Catch::Contains("unknown option '-h'; use 'kpg " + std::string(command) +
                                         " --help'"));
  }
  r = runProcess(kpgCommand() + " -h");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.errors, Catch::Contains("unknown option '-h'; use 'kpg --help'"));
  r = runProcess(kpgCommand() + " --help");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::Contains("Commands:") && Catch::Contains("train"));
  r = runProcess(kpgCommand() + " --version");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.output, Catch::StartsWith("kpg "));
}

TEST_CASE("kpg CLI: train --help gives the -m range the parser enforces (F9)",
          "[reference][svm][cli]") {
  const auto help = runProcess(kpgCommand() + " train --help");
  REQUIRE(help.exitCode == 0);
  // The -m row: "  -m cachesize   kernel cache in MB (from LOW to HIGH, default D)".
  const std::size_t row = help.output.find("\n  -m cachesize");
  REQUIRE(row != std::string::npos);
  const std::string line = help.output.substr(row + 1, help.output.find('\n', row + 1) - row - 1);
  double low = 0, high = 0;
  REQUIRE(std::sscanf(line.substr(line.find("(from ")).c_str(), "(from %lf to %lf", &low, &high) ==
          2);
  CHECK(low == 0.001);  // the README's and the audit's range
  CHECK(high == 4096);
  TempDir dir;
  writeFile(dir.file("data"), kData);
  const auto run = [&](double megabytes) {
    return runProcess(kpgCommand() + " train -q -m " + formatDouble(megabytes) + " " +
                      dir.file("data") + " " + dir.file("m"))
        .exitCode;
  };
  CHECK(run(low) == 0);
  CHECK(run(high) == 0);
  CHECK(run(std::nextafter(low, 0.0)) == 1);
  CHECK(run(std::nextafter(high, 1e9)) == 1);
}
