// Probability estimates (-b 1) against Debian's LIBSVM 3.24, by running the real programs:
// svm-train -b 1 and kpg train -b 1 on the same data give the same probA/probB (to the tolerance
// the two solvers allow, measured and written below), svm-predict -b 1 and kpg predict -b 1 print
// the same output from the same model, each tool reads the other's model, and bad -b uses are
// refused (docs/bad-inputs.md M14, P9).
//
// Tolerance policy. The probability fit is deterministic given the decision values of the
// internal 5-fold cross-validation, and the folds are svm-train's (LibsvmRandom); what differs is
// the solver under them. With `-m 0.1` every sub-problem of kpg runs LIBSVM's engine (the float
// kernel cache, trainingQMatrixOptions) and with `-e 1e-9` both solvers end at the optimum of that
// float problem, so probA/probB agree to 1e-9 relative on heart_scale (measured 3.3e-11 and
// 4.3e-11). On the generated 3-class set and the SVR set a few sub-problems have no free support
// vector at the optimum, where rho is the midpoint of an interval and the float rounding of the
// two kernel codes moves it: measured 2.7e-8 (probA) and 2.9e-7 (probB) there, so 1e-6 relative.
// At LIBSVM's defaults (-e 0.001, kpg's double Q below 1000 rows) each solve stops somewhere in
// its tolerance and the values differ by up to 2e-3 relative (probB of the 3-class set), so the
// defaults are compared to 5e-3.

#include "run_process.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg::testing;

namespace {

std::string kpgCommand() {
  return shellQuote(kpgPath());
}

// The numbers after `key` in a model file's header.
std::vector<double> headerValues(const std::string& modelPath, const std::string& key) {
  std::istringstream lines(readFile(modelPath));
  std::string line;
  while (std::getline(lines, line)) {
    if (line == "SV") break;
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word != key) continue;
    std::vector<double> values;
    double v = 0;
    while (words >> v) values.push_back(v);
    return values;
  }
  return {};
}

// 150 seeded points of 3 classes in 2-D, interleaved so that input order and class order differ
// (the set of svm_engine_test's 3-class case, smaller).
std::string threeClasses() {
  std::mt19937 engine(2024);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::ostringstream data;
  data.precision(17);
  const double centres[3][2] = {{0, 0}, {1.5, 0.5}, {0.5, 1.5}};
  for (int i = 0; i < 150; ++i) {
    const int k = (i * 7 + i / 5) % 3;
    data << (k + 1) << " 1:" << centres[k][0] + normal(engine)
         << " 2:" << centres[k][1] + normal(engine) << "\n";
  }
  return data.str();
}

// 120 seeded samples of y = sin(x) + noise.
std::string sineRegression() {
  std::mt19937 engine(77);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  std::normal_distribution<double> noise(0.0, 0.2);
  std::ostringstream data;
  data.precision(17);
  for (int i = 0; i < 120; ++i) {
    const double x = uniform(engine);
    data << std::sin(x) + noise(engine) << " 1:" << x << "\n";
  }
  return data.str();
}

struct Case {
  std::string name;
  std::string data;
  std::string flags;
  bool regression;
};

std::vector<Case> cases() {
  return {
      {"heart_scale", readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"), "", false},
      {"3 classes", threeClasses(), "-g 0.5 -c 2", false},
      {"SVR", sineRegression(), "-s 3 -g 0.5 -p 0.1", true},
      // Class weights: each pair's fit trains its folds with the pair's weighted C (svm_train
      // passes weighted_C[i], weighted_C[j] to svm_binary_svc_probability).
      {"heart_scale -wi", readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"), "-w1 3 -w-1 0.5",
       false},
      {"3 classes -wi", threeClasses(), "-g 0.5 -c 2 -w2 4 -w3 0.25", false},
  };
}

void checkClose(const std::vector<double>& theirs, const std::vector<double>& ours, double relative,
                const char* key) {
  INFO(key);
  REQUIRE(theirs.size() == ours.size());
  REQUIRE_FALSE(theirs.empty());
  for (std::size_t k = 0; k < theirs.size(); ++k) {
    INFO("value " << k << ": svm-train " << theirs[k] << ", kpg " << ours[k]);
    CHECK(std::abs(ours[k] - theirs[k]) <= relative * std::abs(theirs[k]) + 1e-12);
  }
}

// Prediction files of svm-predict -b 1: "labels ..." then "label p1 .. pk" (classification) or one
// value per line (regression). Labels (first words) equal, numbers within 1e-6.
void checkPredictionsAgree(const std::string& theirsPath, const std::string& oursPath) {
  std::istringstream theirs(readFile(theirsPath));
  std::istringstream ours(readFile(oursPath));
  std::string a, b;
  std::size_t lines = 0;
  while (std::getline(theirs, a)) {
    REQUIRE(std::getline(ours, b));
    ++lines;
    INFO("line " << lines << ": svm-predict '" << a << "', kpg '" << b << "'");
    std::istringstream wa(a), wb(b);
    std::string first, second;
    wa >> first;
    wb >> second;
    if (first == "labels") {
      CHECK(a == b);
      continue;
    }
    CHECK(std::strtod(first.c_str(), nullptr) == std::strtod(second.c_str(), nullptr));
    double x = 0, y = 0;
    while (wa >> x) {
      REQUIRE(wb >> y);
      CHECK(std::abs(x - y) <= 1e-6);
    }
    CHECK_FALSE(wb >> y);
  }
  CHECK_FALSE(std::getline(ours, b));
  CHECK(lines > 100);
}

}  // namespace

TEST_CASE("-b 1: probA/probB of kpg train equal svm-train's (heart_scale, 3 classes, SVR)",
          "[reference][svm][probability]") {
  for (const Case& c : cases()) {
    for (const bool tight : {true, false}) {
      INFO(c.name << (tight ? " (-m 0.1 -e 1e-9)" : " (defaults)"));
      TempDir dir;
      const std::string data = dir.file("data");
      writeFile(data, c.data);
      const std::string flags = c.flags + (tight ? " -m 0.1 -e 0.000000001" : "");
      const auto theirs =
          runProcess("svm-train -b 1 " + flags + " " + data + " " + dir.file("theirs"));
      REQUIRE(theirs.exitCode == 0);
      const auto ours =
          runProcess(kpgCommand() + " train -b 1 " + flags + " " + data + " " + dir.file("ours"));
      INFO(ours.errors);
      REQUIRE(ours.exitCode == 0);
      const double heart = c.name == "heart_scale" ? 1e-9 : 1e-6;
      const double relative = tight ? heart : 5e-3;
      checkClose(headerValues(dir.file("theirs"), "probA"), headerValues(dir.file("ours"), "probA"),
                 relative, "probA");
      if (c.regression) {
        CHECK(headerValues(dir.file("ours"), "probB").empty());
        // svm-train's and kpg train's line about the Laplace scale, the same words.
        CHECK(ours.output.find("Prob. model for test data: target value = predicted value + z,\n"
                               "z: Laplace distribution e^(-|z|/sigma)/(2sigma),sigma= ") !=
              std::string::npos);
      } else {
        checkClose(headerValues(dir.file("theirs"), "probB"),
                   headerValues(dir.file("ours"), "probB"), relative, "probB");
      }

      // The same model in both predictors, each model in turn: the same labels and probabilities,
      // and the same stdout (accuracy, or the sigma line of an SVR model).
      for (const char* model : {"theirs", "ours"}) {
        INFO("model: " << model);
        const auto tp =
            runProcess("svm-predict -b 1 " + data + " " + dir.file(model) + " " + dir.file("tp"));
        const auto op = runProcess(kpgCommand() + " predict -b 1 " + data + " " + dir.file(model) +
                                   " " + dir.file("op"));
        REQUIRE(tp.exitCode == 0);
        INFO(op.errors);
        REQUIRE(op.exitCode == 0);
        CHECK(op.output == tp.output);
        checkPredictionsAgree(dir.file("tp"), dir.file("op"));
        // A probability model predicted with -b 0: svm-predict's note, and its usual output.
        const auto t0 =
            runProcess("svm-predict " + data + " " + dir.file(model) + " " + dir.file("t0"));
        const auto o0 = runProcess(kpgCommand() + " predict " + data + " " + dir.file(model) + " " +
                                   dir.file("o0"));
        REQUIRE(o0.exitCode == 0);
        CHECK(o0.output == t0.output);
        CHECK(o0.output.rfind("Model supports probability estimates, but disabled in prediction.",
                              0) == 0);
        checkPredictionsAgree(dir.file("t0"), dir.file("o0"));
      }
    }
  }
}

TEST_CASE("-b 1: bad uses are refused with the fix named (M14, P9)",
          "[reference][svm][probability][bad-input]") {
  TempDir dir;
  const std::string data = dir.file("data");
  writeFile(data, readFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  // -b 2, in train and predict: a usage error naming the flag, no model written.
  const auto train2 = runProcess(kpgCommand() + " train -b 2 " + data + " " + dir.file("m2"));
  CHECK(train2.exitCode == 1);
  CHECK(train2.errors.find("-b 2: probability_estimates takes 0 or 1") != std::string::npos);
  CHECK_FALSE(fileExists(dir.file("m2")));
  REQUIRE(runProcess(kpgCommand() + " train -q " + data + " " + dir.file("plain")).exitCode == 0);
  const auto predict2 = runProcess(kpgCommand() + " predict -b 2 " + data + " " +
                                   dir.file("plain") + " " + dir.file("out2"));
  CHECK(predict2.exitCode == 1);
  CHECK(predict2.errors.find("-b 2: probability_estimates takes 0 or 1") != std::string::npos);
  // -b 1 with a model without probabilities: svm-predict refuses it too (exit 1, "Model does not
  // support probabiliy estimates"); kpg names the model and the fix, and writes nothing.
  const auto theirs = runProcess("svm-predict -b 1 " + data + " " + dir.file("plain") + " " +
                                 dir.file("theirs_out"));
  CHECK(theirs.exitCode != 0);
  const auto ours = runProcess(kpgCommand() + " predict -b 1 " + data + " " + dir.file("plain") +
                               " " + dir.file("out"));
  CHECK(ours.exitCode == 2);
  CHECK(ours.errors.find(dir.file("plain") + ": -b 1 needs a model with probability "
                                             "information") != std::string::npos);
  CHECK(ours.errors.find("retrain it with kpg train -b 1") != std::string::npos);
  CHECK_FALSE(fileExists(dir.file("out")));
  // kpg trace does not trace the internal cross-validation.
  const auto trace = runProcess(kpgCommand() + " trace -b 1 " + data);
  CHECK(trace.exitCode == 1);
  CHECK(trace.errors.find("-b 1 is not traced") != std::string::npos);
}

TEST_CASE("-b 1 on little data: LIBSVM's fixed fold values, and the small-data caveat printed",
          "[reference][svm][probability]") {
  // 8 samples of class 1 and 1 of class 2: the internal fold that holds the class-2 sample out
  // trains on class 1 only, and LIBSVM gives its held-out samples the decision value +1 or −1.
  // svm-train trains it without a word; kpg gives the same probA/probB (at -m 0.1 -e 1e-9,
  // measured 4.4e-7 relative: rho has no free support vector to pin it on 8 samples) and says why
  // they are unreliable.
  TempDir dir;
  const std::string data = dir.file("data");
  writeFile(data,
            "1 1:0.1\n1 1:0.2\n1 1:0.3\n1 1:0.35\n1 1:0.4\n1 1:0.5\n1 1:0.55\n1 1:0.6\n2 1:2\n");
  const std::string flags = " -b 1 -m 0.1 -e 0.000000001 ";
  REQUIRE(runProcess("svm-train -q" + flags + data + " " + dir.file("theirs")).exitCode == 0);
  const auto ours = runProcess(kpgCommand() + " train" + flags + data + " " + dir.file("ours"));
  REQUIRE(ours.exitCode == 0);
  CHECK(ours.errors.find("pair (1, 2) has 8 + 1 samples; 1 of its internal folds trained on one "
                         "class") != std::string::npos);
  CHECK(ours.errors.find("on this little data the probabilities are unreliable") !=
        std::string::npos);
  checkClose(headerValues(dir.file("theirs"), "probA"), headerValues(dir.file("ours"), "probA"),
             1e-6, "probA");
  checkClose(headerValues(dir.file("theirs"), "probB"), headerValues(dir.file("ours"), "probB"),
             1e-6, "probB");
}
