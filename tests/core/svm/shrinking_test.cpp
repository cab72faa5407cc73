// Shrinking (SmoOptions::shrinking, LIBSVM's -h 1; smo_solver.hpp "Shrinking"): the same
// optimum as the notes' algorithm, the stopping test on the full set, G exact again at the end,
// and a shrinking run that still steps, records and copies like the teaching one.

#include "svm/smo_solver.hpp"
#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;

namespace {

// Two overlapping Gaussian classes: many variables end at C, which is what shrinking removes.
void overlappingBlobs(int n, std::uint32_t seed, double spread, Matrix& x, Vector& y) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, spread);
  x.resize(n, 2);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    const double label = i % 3 == 0 ? -1.0 : 1.0;
    x(i, 0) = normal(engine) + 0.6 * label;
    x(i, 1) = normal(engine) - 0.4 * label;
    y(i) = label;
  }
}

SmoOptions options(double eps, bool shrinking) {
  SmoOptions o;
  o.eps = eps;
  o.shrinking = shrinking;
  return o;
}

// m(α) − M(α) of (α, G = Qα + p) with G computed from scratch from the full Q: what the solver's
// own stopping test must have seen over every variable.
double fullGapFromScratch(const SmoSolver& solver, const Matrix& q) {
  const DualProblem& p = solver.problem();
  const Vector g = q * solver.alpha() + p.linear;
  return optimalityGap({p.y, solver.alpha(), p.lower, p.upper, g}).violation();
}

Matrix fullQ(const DualProblem& problem) {
  const Index n = problem.size();
  Matrix q(n, n);
  Vector column(n);
  for (Index j = 0; j < n; ++j) {
    problem.q->column(j, column);
    q.col(j) = column;
  }
  return q;
}

}  // namespace

TEST_CASE("Shrinking: the same objective as without, the full-set gap below eps",
          "[svm][shrinking]") {
  const double eps = GENERATE(1e-3, 1e-6);
  const double c = GENERATE(1.0, 100.0);
  INFO("eps " << eps << ", C " << c);
  Matrix x;
  Vector y;
  overlappingBlobs(600, 31, 1.0, x, y);
  const DualProblem problem = cSvcDual(x, y, KernelParams::rbf(0.5), c);
  SmoSolver plain(problem, options(eps, false));
  SmoSolver shrunk(problem, options(eps, true));
  REQUIRE(plain.solve() == SmoStatus::Converged);
  REQUIRE(shrunk.solve() == SmoStatus::Converged);
  CHECK(shrunk.shrinkingCounts().passes > 0);
  CHECK(plain.shrinkingCounts().passes == 0);
  const Matrix q = fullQ(problem);
  // The stopping test held on the full set, with G from scratch (not the solver's G).
  CHECK(fullGapFromScratch(shrunk, q) < eps * (1 + 1e-9));
  CHECK(fullGapFromScratch(plain, q) < eps * (1 + 1e-9));
  // Two eps-optimal points: their objectives differ by at most about eps·Σα (the first-order
  // bound of the dual gap, with the box bounding the step).
  const double bound = eps * std::max(plain.alpha().sum(), shrunk.alpha().sum());
  CHECK(std::abs(shrunk.objective() - plain.objective()) <= bound);
  // And G is exact again at the end (reconstructed): Qα + p to rounding.
  const Vector g = q * shrunk.alpha() + problem.linear;
  CHECK((shrunk.gradient() - g).cwiseAbs().maxCoeff() <= 1e-9 * (1 + g.cwiseAbs().maxCoeff()));
  // Variable order again between calls: the active size is n and the order is a permutation.
  CHECK(shrunk.activeSize() == problem.size());
}

TEST_CASE("Shrinking: a shrunk variable that violates at the end is brought back (full check)",
          "[svm][shrinking]") {
  // A run in which the active variables meet the tolerance while the full set does not: without
  // the check on the full set it would stop there with m(α) − M(α) ≥ eps. Which seed does this
  // depends on the last bits of the kernel values (exp differs between glibc and the wasm
  // build's libc), so the case searches a bounded range of seeds and fails if none restarts.
  const double eps = 1e-3;
  int restartingSeeds = 0;
  for (std::uint32_t seed = 1; seed <= 40 && restartingSeeds == 0; ++seed) {
    INFO("seed " << seed);
    Matrix x;
    Vector y;
    overlappingBlobs(120, seed, 1.4, x, y);
    const DualProblem problem = cSvcDual(x, y, KernelParams::rbf(0.5), 1000.0);
    SmoSolver shrunk(problem, options(eps, true));
    REQUIRE(shrunk.solve() == SmoStatus::Converged);
    // Converged means the full set meets eps, on every seed.
    CHECK(fullGapFromScratch(shrunk, fullQ(problem)) < eps * (1 + 1e-9));
    // fullSetRestarts counts the times the active set was optimal and the full set was not.
    if (shrunk.shrinkingCounts().fullSetRestarts > 0) {
      ++restartingSeeds;
      CHECK(shrunk.shrinkingCounts().reconstructions > shrunk.shrinkingCounts().fullSetRestarts);
    }
  }
  CHECK(restartingSeeds > 0);
}

TEST_CASE("Shrinking: run(n) is n step() calls, and a copy continues as the original",
          "[svm][shrinking]") {
  Matrix x;
  Vector y;
  overlappingBlobs(400, 5, 1.0, x, y);
  const DualProblem problem = cSvcDual(x, y, KernelParams::rbf(0.5), 10.0);
  SmoSolver stepped(problem, options(1e-4, true));
  SmoSolver ran(problem, options(1e-4, true));
  for (int s = 0; s < 1500 && stepped.status() == SmoStatus::Running; ++s) {
    const SmoStep r = stepped.step();
    REQUIRE(r.updated);
    // The record names variables, not positions: α after the step is at those indices.
    CHECK(stepped.alpha()(r.i) == r.alphaIAfter);
    CHECK(stepped.alpha()(r.j) == r.alphaJAfter);
  }
  ran.run(stepped.iteration());
  CHECK(stepped.shrinkingCounts().passes >= 3);
  CHECK(ran.alpha() == stepped.alpha());  // the same path, bit for bit
  CHECK(ran.activeSize() == stepped.activeSize());
  CHECK(ran.order() == stepped.order());

  SmoSolver copy = stepped;
  copy.solve();
  stepped.solve();
  CHECK(copy.alpha() == stepped.alpha());
  CHECK(copy.iteration() == stepped.iteration());
}

TEST_CASE("Shrinking is off by default (the lab's algorithm), on in SvmParams (LIBSVM -h 1)",
          "[svm][shrinking]") {
  CHECK_FALSE(SmoOptions{}.shrinking);
  CHECK(SvmParams{}.shrinking);
  CHECK(smoOptions(SvmParams{}).shrinking);
}

TEST_CASE("Shrinking: epsilon-SVR's 2N variables reach the same objective", "[svm][shrinking]") {
  std::mt19937 engine(11);
  std::normal_distribution<double> normal(0.0, 0.2);
  const int n = 300;
  Matrix x(n, 1);
  Vector t(n);
  for (int i = 0; i < n; ++i) {
    x(i, 0) = -3.0 + 6.0 * i / n;
    t(i) = std::sin(x(i, 0)) + normal(engine);
  }
  const DualProblem problem = epsilonSvrDual(x, t, KernelParams::rbf(1.0), 10.0, 0.1);
  SmoSolver plain(problem, options(1e-6, false));
  SmoSolver shrunk(problem, options(1e-6, true));
  REQUIRE(plain.solve() == SmoStatus::Converged);
  REQUIRE(shrunk.solve() == SmoStatus::Converged);
  CHECK(shrunk.shrinkingCounts().passes > 0);
  CHECK(std::abs(shrunk.objective() - plain.objective()) <= 1e-6 * shrunk.alpha().sum());
  CHECK(fullGapFromScratch(shrunk, fullQ(problem)) < 1e-6 * (1 + 1e-9));
}
