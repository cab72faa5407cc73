#include "svm/warm_start.hpp"

#include "data/toy_datasets.hpp"
#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <iostream>
#include <limits>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double alphaDotY(const Vector& alpha, const Vector& y) {
  return alpha.dot(y);
}

// A solved C-SVC problem and its data.
struct Solved {
  Matrix x;
  Vector y;
  KernelParams kernel;
  double c;
  Vector alpha;
};

SmoSolver solveFrom(const Matrix& x, const Vector& y, const KernelParams& kernel, double c,
                    const Vector& start, double eps) {
  DualProblem problem = cSvcDual(x, y, kernel, c);
  problem.alpha0 = start;
  SmoOptions options;
  options.eps = eps;
  SmoSolver solver(std::move(problem), options);
  solver.solve();
  return solver;
}

Solved solvedMoons(Index n, double c) {
  const Dataset data = makeToyDataset(ToyKind::Moons, ToyOptions{n, 0.15, 3});
  Solved s{data.x, data.y, KernelParams::rbf(2.0), c, Vector()};
  s.alpha = solveFrom(s.x, s.y, s.kernel, c, Vector::Zero(n), 1e-9).alpha();
  return s;
}

}  // namespace

TEST_CASE("restoreEqualityConstraint: the heavier class is scaled by S_light / S_heavy", "[svm]") {
  Vector alpha(4), y(4);
  alpha << 1.0, 2.0, 0.5, 0.25;
  y << 1, 1, -1, 1;
  // S₊ = 3.25, S₋ = 0.5: every α of class +1 times 0.5 / 3.25 = 2/13.
  restoreEqualityConstraint(alpha, y);
  CHECK_THAT(alpha(0), WithinRel(2.0 / 13.0, 1e-15));
  CHECK_THAT(alpha(1), WithinRel(4.0 / 13.0, 1e-15));
  CHECK(alpha(2) == 0.5);
  CHECK_THAT(alpha(3), WithinRel(0.5 / 13.0, 1e-15));
  CHECK_THAT(alphaDotY(alpha, y), WithinAbs(0.0, 1e-15));
}

TEST_CASE("warmStartAlpha: random edits give a feasible start (box and Σαy = 0)", "[svm]") {
  std::mt19937_64 engine(20261123);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 500; ++trial) {
    const Index before = 2 + static_cast<Index>(engine() % 40);
    const double oldC = trial % 7 == 0 ? kInf : 0.1 + 10 * unit(engine);
    Vector oldY(before), oldAlpha(before);
    for (Index i = 0; i < before; ++i) {
      oldY(i) = unit(engine) < 0.5 ? 1.0 : -1.0;
      // Some zeros, some at the bound, some free: the three kinds of a solution.
      const double r = unit(engine);
      const double cap = std::isinf(oldC) ? 5.0 : oldC;
      oldAlpha(i) = r < 0.3 ? 0.0 : r < 0.5 ? cap : cap * unit(engine);
    }
    restoreEqualityConstraint(oldAlpha, oldY);
    REQUIRE_THAT(alphaDotY(oldAlpha, oldY), WithinAbs(0.0, 1e-12 * (1 + oldAlpha.sum())));

    // The edit: delete some points, relabel some, add some, and change C.
    std::vector<Index> origin;
    std::vector<double> labels;
    std::vector<bool> relabelled;
    for (Index i = 0; i < before; ++i) {
      const double r = unit(engine);
      if (r < 0.15) continue;               // deleted
      origin.push_back(r < 0.25 ? -1 : i);  // a relabelled point counts as new
      labels.push_back(r < 0.25 ? -oldY(i) : oldY(i));
      relabelled.push_back(r < 0.25);
    }
    const int added = static_cast<int>(engine() % 4);
    for (int k = 0; k < added; ++k) {
      origin.push_back(-1);
      labels.push_back(unit(engine) < 0.5 ? 1.0 : -1.0);
      relabelled.push_back(false);
    }
    const double newC = trial % 5 == 0 ? kInf : 0.05 + 8 * unit(engine);
    const Vector y = Eigen::Map<const Vector>(labels.data(), static_cast<Index>(labels.size()));
    const Vector alpha = warmStartAlpha(oldAlpha, origin, y, newC);

    REQUIRE(alpha.size() == y.size());
    for (Index i = 0; i < alpha.size(); ++i) {
      INFO("trial " << trial << ", variable " << i);
      REQUIRE(std::isfinite(alpha(i)));
      REQUIRE(alpha(i) >= 0.0);
      REQUIRE(alpha(i) <= newC);
      const Index from = origin[static_cast<std::size_t>(i)];
      if (from < 0) {
        REQUIRE(alpha(i) == 0.0);  // new (or relabelled) points start at 0
      } else {
        // Only ever moved towards 0 from the clipped previous value.
        REQUIRE(alpha(i) <= std::min(oldAlpha(from), newC));
      }
    }
    REQUIRE_THAT(alphaDotY(alpha, y), WithinAbs(0.0, 1e-12 * (1 + alpha.sum())));
    // The lighter class is untouched: its sum equals that of the clipped carried values.
    double lighter = 0;
    double clippedPositive = 0, clippedNegative = 0;
    for (Index i = 0; i < y.size(); ++i) {
      const Index from = origin[static_cast<std::size_t>(i)];
      const double carried = from < 0 ? 0.0 : std::min(oldAlpha(from), newC);
      (y(i) > 0 ? clippedPositive : clippedNegative) += carried;
      if (y(i) > 0) lighter += alpha(i);
    }
    CHECK_THAT(lighter, WithinAbs(std::min(clippedPositive, clippedNegative),
                                  1e-12 * (1 + clippedPositive + clippedNegative)));
    // The solver accepts it as a start (validate: A ≤ α0 ≤ B).
    DualProblem problem = cSvcDual(Matrix::Zero(y.size(), 2), y, KernelParams::linear(), newC);
    problem.alpha0 = alpha;
    REQUIRE_FALSE(validate(problem).has_value());
  }
}

TEST_CASE("warmStartAlpha: no survivor gives LIBSVM's cold start α = 0", "[svm]") {
  Vector previous(3), y(2);
  previous << 0.5, 0.5, 1.0;
  y << 1, -1;
  CHECK(warmStartAlpha(previous, {-1, -1}, y, 1.0).isZero());
  // Out-of-range origins count as new points, never read outside previousAlpha.
  CHECK(warmStartAlpha(previous, {7, -3}, y, 1.0).isZero());
  // One class's carried sum is 0: the other class is scaled to 0 as well.
  CHECK(warmStartAlpha(previous, {2, -1}, y, 1.0).isZero());
}

TEST_CASE("Warm start: a non-support vector moved away from the boundary needs 0 updates",
          "[svm]") {
  // Linear kernel, converged at eps 1e-9. Point k has α_k = 0 and y_k f(x_k) > 1. Moving it by
  // y_k·w raises y_k f(x_k) by ‖w‖² and leaves every other G_i unchanged (α_k = 0 is the only
  // coefficient of its column), so m(α) can only fall and M(α) only rise: the previous α is
  // still optimal and the warm-started solver starts Converged, with the same α.
  const Dataset data = makeToyDataset(ToyKind::Blobs, ToyOptions{80, 0.1, 5});
  const double c = 1.0;
  const SmoSolver cold =
      solveFrom(data.x, data.y, KernelParams::linear(), c, Vector::Zero(data.y.size()), 1e-9);
  REQUIRE(cold.status() == SmoStatus::Converged);
  Vector w = Vector::Zero(2);
  for (Index i = 0; i < data.y.size(); ++i)
    w += cold.alpha()(i) * data.y(i) * data.x.row(i).transpose();
  Index moved = -1;
  for (Index i = 0; i < data.y.size() && moved < 0; ++i) {
    if (cold.alpha()(i) == 0.0) moved = i;
  }
  REQUIRE(moved >= 0);
  Matrix x = data.x;
  x.row(moved) += data.y(moved) * w.transpose();
  const Vector start = warmStartAlpha(cold.alpha(), sameIndices(data.y.size()), data.y, c);
  CHECK(start == cold.alpha());  // a move keeps α feasible as it is
  const SmoSolver warm = solveFrom(x, data.y, KernelParams::linear(), c, start, 1e-9);
  CHECK(warm.status() == SmoStatus::Converged);
  CHECK(warm.iteration() == 0);
  CHECK(warm.alpha() == cold.alpha());
}

TEST_CASE("Warm start: SMO from the previous α reaches the cold start's objective", "[svm]") {
  // Two moons, RBF γ = 2, C = 10, solved at eps 1e-9; then one small edit, solved twice at eps
  // 1e-9: from α = 0 and from warmStartAlpha. The optimum is unique in objective (000: the dual
  // is a convex QP), so both reach it to ~eps. Fewer updates is the point of the warm start but
  // not a theorem (SMO's path from a different start can be longer), so the counts are printed.
  const Index n = 200;
  const Solved s = solvedMoons(n, 10.0);
  struct Edit {
    const char* name;
    Matrix x;
    Vector y;
    KernelParams kernel;
    double c;
    std::vector<Index> origin;
  };
  std::vector<Edit> edits;
  {
    Edit e{"a point moved by 0.01", s.x, s.y, s.kernel, s.c, sameIndices(n)};
    Index sv = 0;
    while (!(s.alpha(sv) > 0)) ++sv;
    e.x(sv, 0) += 0.01;
    edits.push_back(e);
  }
  {
    Edit e{"a point added", Matrix(n + 1, 2), Vector(n + 1), s.kernel, s.c, sameIndices(n + 1)};
    e.x.topRows(n) = s.x;
    e.x.row(n) << 0.5, 0.25;
    e.y.head(n) = s.y;
    e.y(n) = -1;
    e.origin[static_cast<std::size_t>(n)] = -1;
    edits.push_back(e);
  }
  {
    // Delete the first support vector: its α_k y_k leaves Σαy, step 3 rebalances.
    Index sv = 0;
    while (!(s.alpha(sv) > 0)) ++sv;
    Edit e{"a support vector deleted", Matrix(n - 1, 2), Vector(n - 1), s.kernel, s.c, {}};
    for (Index i = 0, k = 0; i < n; ++i) {
      if (i == sv) continue;
      e.x.row(k) = s.x.row(i);
      e.y(k) = s.y(i);
      e.origin.push_back(i);
      ++k;
    }
    edits.push_back(e);
  }
  edits.push_back(Edit{"C halved", s.x, s.y, s.kernel, s.c / 2, sameIndices(n)});
  edits.push_back(Edit{"gamma times 1.1", s.x, s.y, KernelParams::rbf(2.2), s.c, sameIndices(n)});

  for (const Edit& e : edits) {
    INFO(e.name);
    const Index m = e.y.size();
    const SmoSolver cold = solveFrom(e.x, e.y, e.kernel, e.c, Vector::Zero(m), 1e-9);
    const Vector start = warmStartAlpha(s.alpha, e.origin, e.y, e.c);
    const SmoSolver warm = solveFrom(e.x, e.y, e.kernel, e.c, start, 1e-9);
    REQUIRE(cold.status() == SmoStatus::Converged);
    REQUIRE(warm.status() == SmoStatus::Converged);
    CHECK_THAT(warm.objective(), WithinRel(cold.objective(), 1e-9));
    CHECK_THAT(alphaDotY(warm.alpha(), e.y), WithinAbs(0.0, 1e-9));
    // The lab's default eps, where the start matters more than SMO's slow final approach.
    const SmoSolver coldLoose = solveFrom(e.x, e.y, e.kernel, e.c, Vector::Zero(m), 1e-3);
    const SmoSolver warmLoose = solveFrom(e.x, e.y, e.kernel, e.c, start, 1e-3);
    std::cout << "warm start, " << e.name << ": eps 1e-9 " << warm.iteration()
              << " updates (cold start " << cold.iteration() << "), eps 1e-3 "
              << warmLoose.iteration() << " (cold start " << coldLoose.iteration() << ")\n";
  }
}
