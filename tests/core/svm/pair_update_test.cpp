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

TEST_CASE("courseLambda: 003's lambda equals the solver's step t, clipped or not", "[svm]") {
  // In the course's signed variables β = y∘α, g = −y∘G, box [min(0, yC), max(0, yC)]; for a
  // pair of opposite labels the solver's t is λ (α_i + y_i t = β_i + λ for y_i = +1).
  std::mt19937 engine(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double c = 2.0;
  for (int trial = 0; trial < 200; ++trial) {
    PairInput in{};
    in.yi = trial % 2 == 0 ? 1.0 : -1.0;
    in.yj = -in.yi;
    in.alphaI = c * unit(engine);
    in.alphaJ = c * unit(engine);
    in.lowerI = in.lowerJ = 0;
    in.upperI = in.upperJ = c;
    in.qii = 1 + unit(engine);
    in.qjj = 1 + unit(engine);
    in.qij = in.yi * in.yj * unit(engine) * 0.5;  // Q_ij = y_i y_j k_ij with |k_ij| small
    // A violating pair in the course's sense: g_i > g_j.
    const double courseGi = 1 + unit(engine), courseGj = -unit(engine);
    in.gradientI = -in.yi * courseGi;
    in.gradientJ = -in.yj * courseGj;
    const PairUpdate u = solvePairUpdate(in, 1e-12);
    const double kii = in.qii, kjj = in.qjj, kij = in.yi * in.yj * in.qij;
    const double betaI = in.yi * in.alphaI, betaJ = in.yj * in.alphaJ;
    const double lambda = courseLambda(courseGi, courseGj, kii + kjj - 2 * kij, betaI,
                                       std::max(0.0, in.yi * c), betaJ, std::min(0.0, in.yj * c));
    CHECK_THAT(lambda, WithinAbs(u.step, 1e-12));
    CHECK_THAT(in.yi * u.alphaI, WithinAbs(betaI + lambda, 1e-12));  // 003 step 4
    CHECK_THAT(in.yj * u.alphaJ, WithinAbs(betaJ - lambda, 1e-12));
  }
}

TEST_CASE("updateGradient: G stays Qα + p after a pair update (003 step 5)", "[svm]") {
  Matrix q(3, 3);
  q << 2, -1, 0.5, -1, 3, 0.25, 0.5, 0.25, 1;
  const Vector p = Vector::Constant(3, -1.0);
  Vector alpha(3);
  alpha << 0.2, 0.4, 0.1;
  Vector gradient = q * alpha + p;
  Vector after = alpha;
  after(0) += 0.3;
  after(2) -= 0.05;
  updateGradient(gradient, q.col(0), 0.3, q.col(2), -0.05);
  CHECK((gradient - (q * after + p)).cwiseAbs().maxCoeff() < 1e-15);
}
