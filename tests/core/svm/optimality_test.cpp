// optimality.hpp: ρ by LIBSVM's calculate_rho (free variables, else the midpoint of the interval
// the bounded variables allow, else its one finite end) and by the notes' average, f(α), slacks.

#include "svm/optimality.hpp"

#include <catch2/catch.hpp>

using namespace kpg;

namespace {

struct Case {
  Vector y, alpha, lower, upper, g;
};

Case boxCase(std::initializer_list<double> y, std::initializer_list<double> alpha,
             std::initializer_list<double> g) {
  Case c;
  c.y = Eigen::Map<const Vector>(y.begin(), static_cast<Index>(y.size()));
  c.alpha = Eigen::Map<const Vector>(alpha.begin(), static_cast<Index>(alpha.size()));
  c.g = Eigen::Map<const Vector>(g.begin(), static_cast<Index>(g.size()));
  c.lower = Vector::Zero(c.y.size());
  c.upper = Vector::Ones(c.y.size());
  return c;
}

double rho(const Case& c, BiasRule rule = BiasRule::Libsvm) {
  return rhoFromGradient(rule, c.y, c.alpha, c.lower, c.upper, c.g);
}

}  // namespace

TEST_CASE("Optimality: rho is the mean of y G over the free variables", "[svm]") {
  // Free: t = 1 (y G = 0.5) and t = 2 (y G = −(−1.5) = 1.5); t = 0 at a bound is ignored.
  const Case c = boxCase({1, 1, -1}, {0, 0.5, 0.25}, {7, 0.5, -1.5});
  CHECK(rho(c) == 1.0);
}

TEST_CASE("Optimality: rho with no free variable is the midpoint of the allowed interval",
          "[svm]") {
  // LIBSVM calculate_rho: at the lower bound y = +1 gives ρ ≤ y G (ub), y = −1 gives ρ ≥ y G
  // (lb); at the upper bound the other way round.
  SECTION("both ends finite: (ub + lb) / 2") {
    // t0: y=+1 at 0, yG = 2 → ub = 2. t1: y=−1 at 0, yG = −1 → lb = −1. t2: y=+1 at C, yG = 0.5
    // → lb = max(−1, 0.5) = 0.5. t3: y=−1 at C, yG = 1.5 → ub = min(2, 1.5) = 1.5.
    const Case c = boxCase({1, -1, 1, -1}, {0, 0, 1, 1}, {2, 1, 0.5, -1.5});
    CHECK(rho(c) == 1.0);  // (1.5 + 0.5) / 2
  }
  SECTION("only an upper end: rho = ub (LIBSVM would return infinity)") {
    const Case c = boxCase({1, 1}, {0, 0}, {3, 2});
    CHECK(rho(c) == 2.0);
  }
  SECTION("only a lower end: rho = lb") {
    const Case c = boxCase({-1, -1}, {0, 0}, {3, 2});  // y G = −3, −2 → lb = −2
    CHECK(rho(c) == -2.0);
  }
}

TEST_CASE("Optimality: the notes' rule averages y G over every support vector", "[svm]") {
  // α ≠ A: t = 1 (free, yG = 0.5) and t = 2 (bound, y G = 2.5); t = 0 (α = 0) is not an SV.
  const Case c = boxCase({1, 1, 1}, {0, 0.5, 1}, {9, 0.5, 2.5});
  CHECK(rho(c, BiasRule::AverageOverSupportVectors) == 1.5);
  CHECK(rho(c, BiasRule::Libsvm) == 0.5);  // the free one only
}

TEST_CASE("Optimality: dual objective, slacks and the primal of a hand example", "[svm]") {
  // f(α) = ½ αᵀ(G + p): with Q = I, p = −1, α = (0.5, 0.5): G = α − 1 = (−0.5, −0.5),
  // f = ½ (0.5·(−1.5) + 0.5·(−1.5)) = −0.75 = ½‖α‖² − Σα.
  Vector alpha(2), g(2), p = Vector::Constant(2, -1.0), y(2);
  alpha << 0.5, 0.5;
  g << -0.5, -0.5;
  y << 1, -1;
  CHECK(dualObjective(alpha, g, p) == -0.75);
  // ξ_i = max(0, y_i ρ − G_i): ρ = 0 → (0.5, 0.5).
  const Vector xi = cSvcSlacks(y, g, 0.0);
  CHECK(xi(0) == 0.5);
  CHECK(xi(1) == 0.5);
  // ‖w‖² = Σ α (G + 1) = 0.5: P = 0.25 + C·1 = 2.25 with C = 2.
  CHECK(cSvcPrimalObjective(alpha, g, xi, 2.0) == 2.25);
}

TEST_CASE("Optimality: bias rule names round-trip", "[svm]") {
  for (BiasRule rule : {BiasRule::Libsvm, BiasRule::AverageOverSupportVectors})
    CHECK(biasRuleFromName(biasRuleName(rule)) == rule);
  CHECK(biasRuleName(BiasRule::AverageOverSupportVectors) == "average");
  CHECK_FALSE(biasRuleFromName("median"));
}
