#include "svm/pair_update.hpp"
#include "svm/dual_problem.hpp"
#include "svm/q_matrix.hpp"
#include "svm/smo_solver.hpp"
#include "svm/working_set.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

PairInput basePair() {
  PairInput in{};
  in.yi = 1;
  in.yj = -1;
  in.alphaI = 0;
  in.alphaJ = 0;
  in.gradientI = -1;
  in.gradientJ = -1;
  in.lowerI = 0;
  in.upperI = 1;
  in.lowerJ = 0;
  in.upperJ = 1;
  in.qii = 2;
  in.qjj = 2;
  in.qij = 0;  // K_ij = y_i y_j Q_ij = 0
  return in;
}

}  // namespace

TEST_CASE("Pair update: an interior step is the unconstrained minimiser", "[svm]") {
  // slope = y_i G_i − y_j G_j = −1 − 1 = −2, η = 4, t* = 1/2, segment [0, 1].
  const PairUpdate u = solvePairUpdate(basePair(), 1e-12);
  CHECK(u.eta == 4.0);
  CHECK_FALSE(u.tauUsed);
  CHECK(u.lower == 0.0);
  CHECK(u.upper == 1.0);
  CHECK(u.unclippedStep == 0.5);
  CHECK(u.step == 0.5);
  CHECK(u.alphaI == 0.5);
  CHECK(u.alphaJ == 0.5);            // α_j − y_j t
  CHECK(u.objectiveChange == -0.5);  // −2·½ + ½·4·¼
}

TEST_CASE("Pair update: clipping at H sets the variable to its bound exactly", "[svm]") {
  PairInput in = basePair();
  in.upperI = 0.3;  // H = 0.3 from α_i ≤ 0.3
  const PairUpdate u = solvePairUpdate(in, 1e-12);
  CHECK(u.upper == 0.3);
  CHECK(u.step == 0.3);
  CHECK(u.alphaI == 0.3);
  CHECK(u.alphaJ == 0.3);
}

TEST_CASE("Pair update: clipping at L for a same-sign pair", "[svm]") {
  // y_i = y_j = +1: α_i + t, α_j − t, sum conserved. α = (0.8, 0.2) in [0,1]: t ∈ [−0.8, 0.2].
  PairInput in = basePair();
  in.yj = 1;
  in.alphaI = 0.8;
  in.alphaJ = 0.2;
  in.gradientI = 3;  // slope = 3 − (−1) = 4 > 0: move t < 0
  in.gradientJ = -1;
  in.qij = 0;
  const PairUpdate u = solvePairUpdate(in, 1e-12);
  CHECK(u.lower == -0.8);
  CHECK_THAT(u.upper, WithinAbs(0.2, 1e-15));
  CHECK(u.unclippedStep == -1.0);
  CHECK(u.step == -0.8);
  CHECK(u.alphaI == 0.0);  // snapped to A_i
  CHECK(u.alphaJ == 1.0);
}

TEST_CASE("Pair update: eta <= 0 is replaced by tau and the step goes to the segment end",
          "[svm]") {
  PairInput in = basePair();
  in.qii = 1;
  in.qjj = 1;
  in.qij = -1;  // K_ij = 1: duplicate points, η = 0
  const PairUpdate u = solvePairUpdate(in, 1e-12);
  CHECK(u.eta == 0.0);
  CHECK(u.tauUsed);
  CHECK(u.step == 1.0);
  CHECK(u.alphaI == 1.0);
  CHECK(u.alphaJ == 1.0);
}

TEST_CASE("Pair update: an infinite upper bound (hard margin) gives an infinite segment end",
          "[svm]") {
  PairInput in = basePair();
  in.upperI = std::numeric_limits<double>::infinity();
  in.upperJ = std::numeric_limits<double>::infinity();
  const PairUpdate u = solvePairUpdate(in, 1e-12);
  CHECK(u.upper == std::numeric_limits<double>::infinity());
  CHECK(u.step == 0.5);
}

TEST_CASE("Working set: the WSS3 pair matches a brute-force evaluation of the gain", "[svm]") {
  std::mt19937 engine(42);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Index n = 40;
  Matrix x(n, 3);
  Vector y(n);
  for (Index i = 0; i < n; ++i) {
    for (Index c = 0; c < 3; ++c) x(i, c) = normal(engine);
    y(i) = normal(engine) > 0 ? 1 : -1;
  }
  const KernelParams kernel = KernelParams::rbf(0.3);
  SmoOptions first;
  first.rule = SelectionRule::FirstOrder;
  SmoSolver solver(cSvcDual(x, y, kernel, 0.5), first);
  PrecomputedQMatrix q(kernel, x, DualVariableMap::classification(y));
  for (int round = 0; round < 6; ++round) {
    solver.run(7);  // some variables at 0, some at C, some free
    const Vector& alpha = solver.alpha();
    const Vector& g = solver.gradient();
    const DualProblem& p = solver.problem();
    const DualIterate state{y, alpha, p.lower, p.upper, g};
    const OptimalityGap gap = optimalityGap(state);
    REQUIRE(gap.argmaxUp >= 0);
    Vector qi(n);
    q.column(gap.argmaxUp, qi);
    const PairSelection chosen =
        selectWorkingPair(SelectionRule::SecondOrder, state, q.diagonal(), qi, 1e-12);
    // Brute force over every t, straight from the definitions.
    const Index i = gap.argmaxUp;
    double best = std::numeric_limits<double>::infinity();
    Index bestJ = -1;
    for (Index t = 0; t < n; ++t) {
      const bool low = y(t) > 0 ? alpha(t) > 0 : alpha(t) < 0.5;
      const double b = -y(i) * g(i) + y(t) * g(t);
      if (!low || b <= 0) continue;
      const double kit = y(i) * y(t) * qi(t);
      double a = q.diagonal()(i) + q.diagonal()(t) - 2 * kit;
      if (a <= 0) a = 1e-12;
      if (-b * b / a <= best) {
        best = -b * b / a;
        bestJ = t;
      }
    }
    CHECK(chosen.i == i);
    CHECK(chosen.j == bestJ);
    CHECK(chosen.gain == best);
    // m(α) is the largest −y_t G_t over I_up.
    for (Index t = 0; t < n; ++t) {
      if (inUpSet(y(t), alpha(t), 0.0, 0.5)) CHECK(-y(t) * g(t) <= gap.mAlpha);
      if (inLowSet(y(t), alpha(t), 0.0, 0.5)) CHECK(-y(t) * g(t) >= gap.bigMAlpha);
    }
  }
}
