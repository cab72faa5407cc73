#include "svm/optimality.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kpg {

std::string_view biasRuleName(BiasRule rule) {
  return rule == BiasRule::Libsvm ? "libsvm" : "average";
}

std::optional<BiasRule> biasRuleFromName(std::string_view name) {
  if (name == "libsvm") return BiasRule::Libsvm;
  if (name == "average") return BiasRule::AverageOverSupportVectors;
  return std::nullopt;
}

double dualObjective(const Vector& alpha, const Vector& gradient, const Vector& linear) {
  return 0.5 * alpha.dot(gradient + linear);
}

double rhoFromGradient(BiasRule rule, const Vector& y, const Vector& alpha, const Vector& lower,
                       const Vector& upper, const Vector& gradient) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  double ub = inf;
  double lb = -inf;
  double freeSum = 0;
  Index freeCount = 0;
  double svSum = 0;
  Index svCount = 0;
  for (Index t = 0; t < alpha.size(); ++t) {
    const double yg = y(t) * gradient(t);
    const bool atUpper = alpha(t) >= upper(t);
    const bool atLower = alpha(t) <= lower(t);
    if (!atLower) {
      svSum += yg;
      ++svCount;
    }
    // At an upper bound y_t G_t ≤ ρ if y_t = −1 ... (LIBSVM calculate_rho's case table).
    if (atUpper) {
      if (y(t) < 0)
        ub = std::min(ub, yg);
      else
        lb = std::max(lb, yg);
    } else if (atLower) {
      if (y(t) > 0)
        ub = std::min(ub, yg);
      else
        lb = std::max(lb, yg);
    } else {
      freeSum += yg;
      ++freeCount;
    }
  }
  if (rule == BiasRule::AverageOverSupportVectors && svCount > 0) {
    return svSum / static_cast<double>(svCount);
  }
  if (freeCount > 0) return freeSum / static_cast<double>(freeCount);
  // LIBSVM returns (ub + lb)/2, infinite when one side is empty; keep it finite.
  if (std::isfinite(ub) && std::isfinite(lb)) return 0.5 * (ub + lb);
  if (std::isfinite(ub)) return ub;
  if (std::isfinite(lb)) return lb;
  return 0.0;
}

namespace {

// One sign's r: the mean G_t of its free variables, else the middle of [max G at B, min G at A]
// (kept finite as rhoFromGradient keeps it).
struct SignShare {
  double ub = std::numeric_limits<double>::infinity();
  double lb = -std::numeric_limits<double>::infinity();
  double freeSum = 0;
  Index freeCount = 0;
  double value() const {
    if (freeCount > 0) return freeSum / static_cast<double>(freeCount);
    if (std::isfinite(ub) && std::isfinite(lb)) return 0.5 * (ub + lb);
    if (std::isfinite(ub)) return ub;
    if (std::isfinite(lb)) return lb;
    return 0.0;
  }
};

}  // namespace

NuBias nuBias(const Vector& y, const Vector& alpha, const Vector& lower, const Vector& upper,
              const Vector& gradient) {
  SignShare positive;
  SignShare negative;
  for (Index t = 0; t < alpha.size(); ++t) {
    SignShare& s = y(t) > 0 ? positive : negative;
    if (alpha(t) >= upper(t)) {
      s.lb = std::max(s.lb, gradient(t));
    } else if (alpha(t) <= lower(t)) {
      s.ub = std::min(s.ub, gradient(t));
    } else {
      s.freeSum += gradient(t);
      ++s.freeCount;
    }
  }
  const double rPositive = positive.value();
  const double rNegative = negative.value();
  return {(rPositive - rNegative) / 2, (rPositive + rNegative) / 2};
}

Vector cSvcSlacks(const Vector& y, const Vector& gradient, double rho) {
  Vector xi(y.size());
  for (Index i = 0; i < y.size(); ++i) xi(i) = std::max(0.0, y(i) * rho - gradient(i));
  return xi;
}

double cSvcPrimalObjective(const Vector& alpha, const Vector& gradient, const Vector& slacks,
                           double c) {
  const double wNormSquared = alpha.dot(gradient + Vector::Ones(alpha.size()));
  const double slackSum = slacks.sum();
  const double penalty = std::isfinite(c) ? c * slackSum : 0.0;
  return 0.5 * wNormSquared + penalty;
}

}  // namespace kpg
