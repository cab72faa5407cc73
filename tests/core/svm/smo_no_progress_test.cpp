// SmoSolver's stop for no progress (smo_solver.hpp "No progress", docs/bad-inputs.md G18), on two
// tiny unscaled problems whose kernel values span more than a double holds. Before the stop they
// ran to LIBSVM's cap of 10⁷ updates; the step counts below are exact, so the test is the same
// on every machine (no clock).

#include "data/libsvm_format.hpp"
#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_train.hpp"
#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace kpg;

namespace {

Dataset testData(const std::string& name) {
  const auto r = readLibsvm(testing::readTextFile(KPG_SOURCE_DIR "/tests/data/" + name), name, {});
  REQUIRE(r.ok());
  return r.value;
}

struct Stalling {
  const char* file;
  KernelParams kernel;
  double c;
  // The updates before the kNoProgressSteps in a row that stop the run, without and with
  // shrinking (whose passes reorder the variables, and so the path).
  std::int64_t updatesBeforeTheStall;
  std::int64_t updatesShrinking;
};

}  // namespace

TEST_CASE("SmoSolver: unscaled data that makes no progress stops after 100000 updates (G18)",
          "[svm][no-progress]") {
  // (8192·x·x')¹⁰ of rows up to 1.7e10 is ~1e200 next to ~1e60: after 4 updates (86 with
  // shrinking) the pair's step is below the rounding of α and G no longer moves; likewise
  // (100·x·x' + 1)⁵ of rows up to 1e5 after 3.
  const Stalling problems[] = {
      {"smo_no_progress_poly_d10.txt", KernelParams::polynomial(8192, 0, 10), 1024, 4, 86},
      {"smo_no_progress_poly_d5.txt", KernelParams::polynomial(100, 1, 5), 1, 3, 3},
  };
  for (const Stalling& p : problems) {
    INFO(p.file);
    const Dataset data = testData(p.file);
    for (const bool shrinking : {false, true}) {
      INFO("shrinking " << shrinking);
      SmoOptions options;
      options.shrinking = shrinking;
      SmoSolver solver(cSvcDual(data.x, data.y, p.kernel, p.c), options);
      CHECK(solver.solve() == SmoStatus::InvalidInput);
      CHECK(solver.iteration() ==
            (shrinking ? p.updatesShrinking : p.updatesBeforeTheStall) + kNoProgressSteps);
      CHECK(solver.message() ==
            "SMO made no progress for 100000 steps: the kernel values are too large for double "
            "precision at this scale; scale the data (svm-scale) or lower gamma, C or the degree");
      CHECK(solver.alpha().allFinite());
    }
    // kpg train's path refuses the problem with the same sentence and no model.
    SvmParams params;
    params.kernel = p.kernel;
    params.c = p.c;
    const SvmTrainResult trained = trainSvm(data.x, data.y, params);
    REQUIRE_FALSE(trained.ok());
    CHECK(trained.error->parameter == "kernel");
    CHECK(trained.error->message == noProgressMessage(kNoProgressSteps));
  }
}

TEST_CASE("SmoSolver: without the no-progress stop the same run goes on, unchanged (G18)",
          "[svm][no-progress]") {
  const Dataset data = testData("smo_no_progress_poly_d5.txt");
  const DualProblem dual = cSvcDual(data.x, data.y, KernelParams::polynomial(100, 1, 5), 1);
  SmoOptions off;
  off.noProgressSteps = 0;
  SmoSolver endless(dual, off);
  CHECK(endless.run(2 * kNoProgressSteps) == SmoStatus::Running);
  CHECK(endless.iteration() == 2 * kNoProgressSteps);
  // The stop changes nothing before it acts: the same α as the stopping solver's last update.
  SmoSolver stopping(dual, SmoOptions{});
  CHECK(stopping.solve() == SmoStatus::InvalidInput);
  SmoSolver same(dual, off);
  same.run(stopping.iteration());
  CHECK(same.alpha() == stopping.alpha());
  // A copy taken mid-stall stops at the same update: the count is solver state.
  SmoSolver first(dual, SmoOptions{});
  first.run(kNoProgressSteps / 2);
  SmoSolver copy = first;
  CHECK(first.solve() == SmoStatus::InvalidInput);
  CHECK(copy.solve() == SmoStatus::InvalidInput);
  CHECK(copy.iteration() == first.iteration());
}

TEST_CASE("SmoSolver: the no-progress count is 0 in healthy runs, at the suite's scales (G18)",
          "[svm][no-progress]") {
  // A problem whose α are ~1e-197 (rows ~1e10, (x·x'/4 + 1/2)¹⁰ ~ 1e198) still converges: each
  // of its 12 updates moves α by less than the rounding of C, but takes its pair's violation
  // down. A stop after a single update without progress leaves it alone; the property suite
  // (tests/reference/smo_property_test.cpp) finds no converging run it would end after 4.
  Matrix x = testing::rows({{1, 0, -1}, {0.5, 1, 0.25}, {-1, -0.5, 1}, {0.25, 0.75, -0.5}});
  x *= 1e10;
  const Vector y = testing::vec({1, -1, 1, -1});
  SmoOptions eager;
  eager.noProgressSteps = 1;
  eager.eps = 1.0 / (1 << 20);
  SmoSolver solver(cSvcDual(x, y, KernelParams::polynomial(0.25, 0.5, 10), 1.0 / 256), eager);
  CHECK(solver.solve() == SmoStatus::Converged);
}
