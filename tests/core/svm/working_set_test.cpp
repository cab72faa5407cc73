// working_set.hpp: the index sets, m(α) − M(α), the stopping test and the pair selection.

#include "svm/working_set.hpp"

#include "svm/dual_problem.hpp"
#include "svm/pair_update.hpp"
#include "svm/q_matrix.hpp"
#include "svm/smo_solver.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

using namespace kpg;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Every candidate equal: at α = 0 with G = −1 (the start, p = −e), the y = +1 half is I_up only
// with −y G = 1 and the y = −1 half I_low only with −y G = −1; Q's column and diagonal are
// constant, so every t in I_low has the same gain. The last index of each half must win: the
// plain pass, the fused update with a zero step, and the selection of j, cut between threads by
// `cut` or not (nullptr).
void checkLastOfEqualsWins(Index n, const ParallelFor* cut) {
  Vector y(n), alpha = Vector::Zero(n), lower = Vector::Zero(n), upper = Vector::Ones(n);
  const Vector diagonal = Vector::Constant(n, 2.0);
  for (Index t = 0; t < n; ++t) y(t) = t < n / 2 ? 1.0 : -1.0;
  const Eigen::VectorXf column = Eigen::VectorXf::Constant(n, 0.5f);
  const Eigen::VectorXf zero = Eigen::VectorXf::Zero(n);
  std::vector<std::uint8_t> bits(static_cast<std::size_t>(n));
  for (Index t = 0; t < n; ++t)
    bits[static_cast<std::size_t>(t)] = setMembership(y(t), alpha(t), lower(t), upper(t));
  for (const bool withBytes : {false, true}) {
    INFO((withBytes ? "membership bytes" : "sets from y, alpha and the box"));
    Vector gradient = Vector::Constant(n, -1.0);
    const DualIterate s{y, alpha, lower, upper, gradient, withBytes ? bits.data() : nullptr};
    const OptimalityGap gap = optimalityGap(s, n);
    CHECK(gap.argmaxUp == n / 2 - 1);
    CHECK(gap.argminLow == n - 1);
    const OptimalityGap fused =
        updateGradientAndGap(s, gradient.data(), column.data(), 0.0, zero.data(), 0.0, n, cut);
    CHECK(fused.argmaxUp == n / 2 - 1);
    CHECK(fused.argminLow == n - 1);
    const PairSelection pair = selectWorkingPair(SelectionRule::SecondOrder, gap, s, diagonal,
                                                 column.data(), n, 1e-12, cut);
    CHECK(pair.i == n / 2 - 1);
    CHECK(pair.j == n - 1);
  }
}

}  // namespace

TEST_CASE("Working set: m(alpha) and M(alpha) over I_up and I_low by hand", "[svm]") {
  // Box [0, 1]. y = (+1, +1, −1, −1), α = (0, 1, 0, 0.5), G = (−1, 0.5, −2, 0.25).
  // −y G = (1, −0.5, −2, 0.25). I_up: y=+1 with α < 1 → {0}; y=−1 with α > 0 → {3}.
  // I_low: y=+1 with α > 0 → {1}; y=−1 with α < 1 → {2, 3}.
  Vector y(4), alpha(4), lower = Vector::Zero(4), upper = Vector::Ones(4), g(4);
  y << 1, 1, -1, -1;
  alpha << 0, 1, 0, 0.5;
  g << -1, 0.5, -2, 0.25;
  const OptimalityGap gap = optimalityGap({y, alpha, lower, upper, g});
  CHECK(gap.mAlpha == 1.0);
  CHECK(gap.argmaxUp == 0);
  CHECK(gap.bigMAlpha == -2.0);
  CHECK(gap.argminLow == 2);
  CHECK(gap.violation() == 3.0);
  CHECK(gap.gradientFinite);
  CHECK_FALSE(isOptimal(gap, 1e-3));
  CHECK(isOptimal(gap, 3.5));
  // Ties go to the last index, as LIBSVM's >= / <=.
  g(3) = 1;  // −y_3 G_3 = 1 ties with −y_0 G_0 = 1 in I_up = {0, 3}
  CHECK(optimalityGap({y, alpha, lower, upper, g}).argmaxUp == 3);
}

TEST_CASE("Working set: isOptimal with an empty index set and a non-finite gradient", "[svm]") {
  // Every variable at the bound that removes it from I_up: nothing can move, α is optimal.
  Vector y(2), alpha(2), lower = Vector::Zero(2), upper = Vector::Ones(2), g(2);
  y << 1, -1;
  alpha << 1, 0;
  g << 0, 0;
  const OptimalityGap gap = optimalityGap({y, alpha, lower, upper, g});
  CHECK(gap.argmaxUp < 0);
  CHECK(gap.mAlpha == -kInf);
  CHECK(isOptimal(gap, 1e-3));
  // A NaN in G drops out of the max and min unseen; the pass reports it (F2, P3/G7).
  alpha << 0.5, 0.5;
  for (double bad : {std::numeric_limits<double>::quiet_NaN(), kInf, -kInf}) {
    g << bad, 0;
    CHECK_FALSE(optimalityGap({y, alpha, lower, upper, g}).gradientFinite);
  }
  g << 1e308, -1e308;  // huge but finite: no false alarm
  CHECK(optimalityGap({y, alpha, lower, upper, g}).gradientFinite);
}

TEST_CASE("Working set: the first-order pair is the maximal violating pair", "[svm]") {
  Vector y(4), alpha(4), lower = Vector::Zero(4), upper = Vector::Ones(4), g(4);
  y << 1, 1, -1, -1;
  alpha << 0, 1, 0, 0.5;
  g << -1, 0.5, -2, 0.25;
  const DualIterate state{y, alpha, lower, upper, g};
  const OptimalityGap gap = optimalityGap(state);
  const PairSelection pair =
      selectWorkingPair(SelectionRule::FirstOrder, gap, state, Vector::Ones(4), Vector(), 1e-12);
  REQUIRE(pair.found());
  CHECK(pair.i == 0);
  CHECK(pair.j == 2);
  CHECK(std::isnan(pair.gain));  // no column i given: the gain is unknown
}

TEST_CASE("Working set: rule names round-trip", "[svm]") {
  for (SelectionRule rule : {SelectionRule::FirstOrder, SelectionRule::SecondOrder})
    CHECK(selectionRuleFromName(selectionRuleName(rule)) == rule);
  CHECK(selectionRuleName(SelectionRule::SecondOrder) == "second-order");
  CHECK_FALSE(selectionRuleFromName("third-order"));
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
        selectWorkingPair(SelectionRule::SecondOrder, gap, state, q.diagonal(), qi, 1e-12);
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

TEST_CASE("Working set: the membership bytes give the same gap and pair as y, alpha, A and B",
          "[svm]") {
  // The solver's passes read setMembership bytes (LIBSVM's alpha_status); the lab's records and
  // every test derive the sets from y, α and the box. Both must pick the same indices, ties
  // included, or the fast path and the step-by-step path would walk different SMO paths.
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> pick(0, 3);
  for (int trial = 0; trial < 200; ++trial) {
    // Mostly small; one trial in eight over several of the solver's 256-entry blocks.
    const Index n = trial % 8 == 7 ? 250 + 61 * (trial % 11) : 1 + trial % 37;
    Vector y(n), alpha(n), lower = Vector::Zero(n), upper(n), g(n), diagonal(n);
    Eigen::VectorXf column(n);
    for (Index t = 0; t < n; ++t) {
      y(t) = pick(rng) % 2 ? 1.0 : -1.0;
      upper(t) = trial % 5 == 0 ? kInf : 1.0 + pick(rng);  // hard margin, class weights
      const int where = pick(rng);
      alpha(t) = where == 0 ? 0.0 : where == 1 ? upper(t) == kInf ? 2.0 : upper(t) : 0.5;
      g(t) = 0.25 * (pick(rng) - 1.5);  // few distinct values: many ties
      diagonal(t) = 1.0 + 0.5 * pick(rng);
      column(t) = static_cast<float>(0.125 * (pick(rng) - 1));
    }
    std::vector<std::uint8_t> bits(static_cast<std::size_t>(n));
    for (Index t = 0; t < n; ++t)
      bits[static_cast<std::size_t>(t)] = setMembership(y(t), alpha(t), lower(t), upper(t));
    const DualIterate derived{y, alpha, lower, upper, g};
    const DualIterate fromBytes{y, alpha, lower, upper, g, bits.data()};
    for (const Index count : {n, (n + 1) / 2}) {
      const OptimalityGap a = optimalityGap(derived, count);
      const OptimalityGap b = optimalityGap(fromBytes, count);
      CHECK(a.argmaxUp == b.argmaxUp);
      CHECK(a.argminLow == b.argminLow);
      CHECK(a.mAlpha == b.mAlpha);
      CHECK(a.bigMAlpha == b.bigMAlpha);
      for (const SelectionRule rule : {SelectionRule::FirstOrder, SelectionRule::SecondOrder}) {
        const PairSelection p =
            selectWorkingPair(rule, a, derived, diagonal, column.data(), count, 1e-12);
        const PairSelection q =
            selectWorkingPair(rule, b, fromBytes, diagonal, column.data(), count, 1e-12);
        CHECK(p.i == q.i);
        CHECK(p.j == q.j);
        CHECK((p.gain == q.gain || (std::isnan(p.gain) && std::isnan(q.gain))));
      }
    }
  }
}

TEST_CASE("Working set: the fused update-and-gap pass equals the update followed by the gap",
          "[svm]") {
  // SmoSolver updates G and takes the next gap in one pass (updateGradientAndGap); the result
  // must be what updateGradient then optimalityGap give, bit for bit, ties and NaN included, or
  // the solver would walk another path than the one its records describe.
  std::mt19937 rng(29);
  std::uniform_int_distribution<int> pick(0, 3);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Index n = trial % 8 == 7 ? 250 + 61 * (trial % 11) : 1 + trial % 41;
    Vector y(n), alpha(n), lower = Vector::Zero(n), upper(n), g(n);
    Eigen::VectorXf columnI(n), columnJ(n);
    for (Index t = 0; t < n; ++t) {
      y(t) = pick(rng) % 2 ? 1.0 : -1.0;
      upper(t) = 1.0 + pick(rng);
      const int where = pick(rng);
      alpha(t) = where == 0 ? 0.0 : where == 1 ? upper(t) : 0.5;
      // Half the trials with few distinct values (ties after the update), half continuous.
      g(t) = trial % 2 ? 0.25 * (pick(rng) - 1.5) : normal(rng);
      columnI(t) = static_cast<float>(trial % 2 ? 0.5 * pick(rng) : normal(rng));
      columnJ(t) = static_cast<float>(trial % 2 ? -0.5 * pick(rng) : normal(rng));
    }
    if (trial % 50 == 7 || trial % 50 == 15)
      columnJ(n / 2) = std::numeric_limits<float>::infinity();
    const double deltaI = trial % 2 ? 0.5 : normal(rng);
    const double deltaJ = trial % 2 ? -0.25 : normal(rng);
    std::vector<std::uint8_t> bits(static_cast<std::size_t>(n));
    for (Index t = 0; t < n; ++t)
      bits[static_cast<std::size_t>(t)] = setMembership(y(t), alpha(t), lower(t), upper(t));
    for (const Index count : {n, (n + 1) / 2}) {
      for (const bool withBytes : {false, true}) {
        Vector separate = g;
        Vector fused = g;
        updateGradient(separate.data(), columnI.data(), deltaI, columnJ.data(), deltaJ, count);
        const DualIterate a{y, alpha, lower, upper, separate, withBytes ? bits.data() : nullptr};
        const DualIterate b{y, alpha, lower, upper, fused, withBytes ? bits.data() : nullptr};
        const OptimalityGap expected = optimalityGap(a, count);
        const OptimalityGap got = updateGradientAndGap(b, fused.data(), columnI.data(), deltaI,
                                                       columnJ.data(), deltaJ, count);
        CHECK(got.argmaxUp == expected.argmaxUp);
        CHECK(got.argminLow == expected.argminLow);
        CHECK(got.mAlpha == expected.mAlpha);
        CHECK(got.bigMAlpha == expected.bigMAlpha);
        CHECK(got.gradientFinite == expected.gradientFinite);
        bool sameG = true;
        for (Index t = 0; t < n; ++t)
          sameG &= fused(t) == separate(t) || (std::isnan(fused(t)) && std::isnan(separate(t)));
        CHECK(sameG);
      }
    }
  }
}

TEST_CASE("Working set: equal candidates go to the last index, as LIBSVM's >= and <=", "[svm]") {
  // LIBSVM's select_working_set keeps a new maximum on `-y[t]*G[t] >= Gmax` and a new minimum on
  // `obj_diff <= obj_diff_min`: among equals the last index wins. 600 variables: over several of
  // the solver's blocks.
  checkLastOfEqualsWins(600, nullptr);
}

TEST_CASE("Working set: passes cut between threads choose what one pass chooses", "[svm]") {
  // kpg train -j cuts the gradient's update-and-gap pass and the selection of j into parts
  // (parallel_for.hpp reduceOverParts). Each part keeps its own extreme, ties to its last index;
  // the parts' results are combined in the order of their ranges, so that the whole is one
  // pass's choice, bit for bit, however the range is cut and whichever part ends first. Here the
  // parts are run one after the other in reverse order, cut unevenly in three, and in two. The
  // browser build has no threads and never cuts a pass (kCutsPasses, parallel_for.hpp):
  // there the same checks hold with the parts never asked for.
  const Index n = 3 * kPassParallelMinimum + 123;
  int cuts = 0;
  const ParallelFor threeReversed = [&cuts](Index count,
                                            const std::function<void(Index, Index)>& body) {
    ++cuts;
    const Index a = count / 3 - 77;
    const Index b = 2 * count / 3 + 50;
    body(b, count);
    body(a, b);
    body(0, a);
  };
  const ParallelFor twoReversed = [&cuts](Index count,
                                          const std::function<void(Index, Index)>& body) {
    ++cuts;
    body(count / 2, count);
    body(0, count / 2);
  };
  std::mt19937 rng(43);
  std::uniform_int_distribution<int> pick(0, 3);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int trial = 0; trial < 8; ++trial) {
    INFO("trial " << trial);
    Vector y(n), alpha(n), lower = Vector::Zero(n), upper = Vector::Ones(n), g(n), diagonal(n);
    Eigen::VectorXf columnI(n), columnJ(n);
    for (Index t = 0; t < n; ++t) {
      y(t) = pick(rng) % 2 ? 1.0 : -1.0;
      const int where = pick(rng);
      alpha(t) = where == 0 ? 0.0 : where == 1 ? 1.0 : 0.5;
      // Even trials: few distinct values, so that the extremes tie across the parts.
      g(t) = trial % 2 == 0 ? 0.25 * (pick(rng) - 1.5) : normal(rng);
      diagonal(t) = 1.0 + 0.5 * pick(rng);
      columnI(t) = static_cast<float>(trial % 2 == 0 ? 0.5 * pick(rng) : normal(rng));
      columnJ(t) = static_cast<float>(trial % 2 == 0 ? -0.5 * pick(rng) : normal(rng));
    }
    if (trial >= 4) {
      // The last third has no member of I_up: its part reports none and is passed over.
      for (Index t = 2 * n / 3 + 50; t < n; ++t) alpha(t) = y(t) > 0 ? 1.0 : 0.0;
    }
    if (trial == 3) columnJ(n / 5) = std::numeric_limits<float>::infinity();  // G_t = ±∞ or NaN
    std::vector<std::uint8_t> bits(static_cast<std::size_t>(n));
    for (Index t = 0; t < n; ++t)
      bits[static_cast<std::size_t>(t)] = setMembership(y(t), alpha(t), lower(t), upper(t));
    for (const ParallelFor* cut : {&threeReversed, &twoReversed}) {
      for (const bool withBytes : {false, true}) {
        INFO((cut == &threeReversed ? "three parts" : "two parts")
             << (withBytes ? ", membership bytes" : ", sets from y, alpha and the box"));
        Vector whole = g;
        Vector parts = g;
        const DualIterate a{y, alpha, lower, upper, whole, withBytes ? bits.data() : nullptr};
        const DualIterate b{y, alpha, lower, upper, parts, withBytes ? bits.data() : nullptr};
        const OptimalityGap expected =
            updateGradientAndGap(a, whole.data(), columnI.data(), 0.5, columnJ.data(), -0.25, n);
        const OptimalityGap got = updateGradientAndGap(b, parts.data(), columnI.data(), 0.5,
                                                       columnJ.data(), -0.25, n, cut);
        REQUIRE(expected.argmaxUp >= 0);
        CHECK(got.argmaxUp == expected.argmaxUp);
        CHECK(got.argminLow == expected.argminLow);
        CHECK(got.mAlpha == expected.mAlpha);
        CHECK(got.bigMAlpha == expected.bigMAlpha);
        CHECK(got.gradientFinite == expected.gradientFinite);
        CHECK(got.gradientFinite == (trial != 3));
        bool sameG = true;
        for (Index t = 0; t < n; ++t)
          sameG &= parts(t) == whole(t) || (std::isnan(parts(t)) && std::isnan(whole(t)));
        CHECK(sameG);
        if (trial == 3) continue;  // no selection from a gradient that is not finite
        const PairSelection p = selectWorkingPair(SelectionRule::SecondOrder, expected, a, diagonal,
                                                  columnI.data(), n, 1e-12);
        const PairSelection q = selectWorkingPair(SelectionRule::SecondOrder, expected, a, diagonal,
                                                  columnI.data(), n, 1e-12, cut);
        REQUIRE(p.found());
        CHECK(q.i == p.i);
        CHECK(q.j == p.j);
        CHECK(q.gain == p.gain);
      }
    }
  }
  // Every candidate equal, as the ties test above but over the three parts: the last index of
  // the last part that has one wins, not the last of the part that ended last.
  checkLastOfEqualsWins(n, &threeReversed);
  // 8 trials × 2 cuts × 2 set sources × 2 passes (trial 3 without selection), then 2 × 2 above.
  CHECK(cuts == (kCutsPasses ? 8 * 2 * 2 * 2 - 2 * 2 + 2 * 2 : 0));
}
