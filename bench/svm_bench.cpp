// kpg_bench_svm: training time of our engine (trainSvm, in process) against LIBSVM's svm-train
// (a child process on the same data file, timed from outside, so it includes reading the file),
// on seeded RBF problems: N = 1 000, 5 000, 20 000; d = 2, 20; C = 1, 100. Prints a table with
// both objectives and both numbers of support vectors. `--small` runs N = 1 000 only.
// Both sides use the default eps = 1e-3, cache 100 MB, gamma = 1/d; LIBSVM also shrinks (-h 1,
// its default), which our solver does not.
// Two more columns time our SMO on the same binary dual two ways (architecture review change 1),
// each the minimum of three runs:
// "teaching step()" calls SmoSolver::step() until it stops, building the full SmoStep record the
// lab and `kpg trace` show; "run()" is SmoSolver::solve(), the same step without the record.
// Both walk the same path (tests/core/svm/smo_solver_test.cpp checks it bit for bit).
// `--n N` runs one size N instead of the list.

#include "data/libsvm_format.hpp"
#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_train.hpp"

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

// Two overlapping classes: the sign of a smooth function of the first two coordinates, plus
// label noise, so a sizeable fraction of points are support vectors (a hard case for SMO).
kpg::Dataset makeData(int n, int d, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0, 1);
  std::uniform_real_distribution<double> uniform(0, 1);
  kpg::Dataset data;
  data.x.resize(n, d);
  data.y.resize(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < d; ++j) data.x(i, j) = normal(rng);
    const double f = std::sin(2 * data.x(i, 0)) + data.x(i, 1 % d);
    double label = f > 0 ? 1 : -1;
    if (uniform(rng) < 0.05) label = -label;
    data.y(i) = label;
  }
  return data;
}

struct LibsvmRun {
  double seconds = NAN;
  double objective = NAN;
  long long supportVectors = -1;
};

LibsvmRun runLibsvm(const std::string& dataPath, const std::string& modelPath, double c) {
  LibsvmRun run;
  char flags[64];
  std::snprintf(flags, sizeof flags, "-c %g", c);
  const std::string command = std::string("svm-train ") + flags + " " + dataPath + " " + modelPath;
  const auto start = std::chrono::steady_clock::now();
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::string output;
  char buffer[4096];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, got);
  if (pclose(pipe) != 0) return run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("obj = ", 0) == 0) run.objective = std::stod(line.substr(6));
    if (line.rfind("Total nSV = ", 0) == 0) run.supportVectors = std::stoll(line.substr(12));
  }
  return run;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The same dual solved by the teaching loop and by solve(); returns {teaching, run} seconds, each
// the minimum of three runs (the machine is shared and noisy).
std::pair<double, double> timeTeachingAndRun(const kpg::Dataset& data,
                                             const kpg::SvmParams& params) {
  kpg::QMatrixOptions q;
  q.cacheBytes = params.cacheBytes;
  const kpg::SmoSolver fresh(kpg::cSvcDual(data.x, data.y, params.kernel, params.c, q),
                             kpg::smoOptions(params));
  double teachingSeconds = INFINITY;
  double runSeconds = INFINITY;
  for (int repeat = 0; repeat < 3; ++repeat) {
    kpg::SmoSolver teaching = fresh;
    auto start = std::chrono::steady_clock::now();
    while (teaching.step().updated) {
    }
    teachingSeconds = std::min(teachingSeconds, secondsSince(start));
    kpg::SmoSolver fast = fresh;
    start = std::chrono::steady_clock::now();
    fast.solve();
    runSeconds = std::min(runSeconds, secondsSince(start));
  }
  return {teachingSeconds, runSeconds};
}

}  // namespace

int main(int argc, char** argv) {
  bool small = false;
  int onlySize = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--small") == 0) {
      small = true;
    } else if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc && std::atoi(argv[i + 1]) > 1) {
      onlySize = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: kpg_bench_svm [--small] [--n N]\n");
      return 1;
    }
  }
  char dir[] = "/tmp/kpg-bench-XXXXXX";
  if (!mkdtemp(dir)) return 4;
  const std::string dataPath = std::string(dir) + "/data";
  const std::string modelPath = std::string(dir) + "/model";
  std::printf(
      "| N | d | C | ours (s) | LIBSVM (s) | ratio | our obj | LIBSVM obj | our nSV | "
      "LIBSVM nSV | teaching step() (s) | run() (s) | step()/run() |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::fflush(stdout);
  std::vector<int> sizes{1000, 5000, 20000};
  if (small) sizes = {1000};
  if (onlySize > 0) sizes = {onlySize};
  for (int n : sizes) {
    for (int d : {2, 20}) {
      const kpg::Dataset data = makeData(n, d, static_cast<unsigned>(n + d));
      {
        std::ofstream out(dataPath, std::ios::binary);
        out << kpg::writeLibsvm(data);
      }
      for (double c : {1.0, 100.0}) {
        kpg::SvmParams params;
        params.kernel = kpg::KernelParams::rbf(1.0 / d);
        params.c = c;
        const auto start = std::chrono::steady_clock::now();
        const kpg::SvmTrainResult ours = kpg::trainSvm(data.x, data.y, params);
        const double ourSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const LibsvmRun theirs = runLibsvm(dataPath, modelPath, c);
        const auto [teachingSeconds, runSeconds] = timeTeachingAndRun(data, params);
        const double objective =
            ours.ok() && !ours.subproblems.empty() ? ours.subproblems.front().objective : NAN;
        std::printf(
            "| %d | %d | %g | %.2f | %.2f | %.2f | %.6f | %.6f | %lld | %lld | %.3f | %.3f | %.2f "
            "|%s\n",
            n, d, c, ourSeconds, theirs.seconds, ourSeconds / theirs.seconds, objective,
            theirs.objective, static_cast<long long>(ours.model.supportVectorCount()),
            theirs.supportVectors, teachingSeconds, runSeconds, teachingSeconds / runSeconds,
            ours.converged() ? "" : " (ours not converged)");
        std::fflush(stdout);
      }
    }
  }
  std::remove(dataPath.c_str());
  std::remove(modelPath.c_str());
  rmdir(dir);
  return 0;
}
