#include "svm/warm_start.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace kpg {

void restoreEqualityConstraint(Vector& alpha, const Vector& labels) {
  double positive = 0, negative = 0;
  for (Index i = 0; i < alpha.size(); ++i) (labels(i) > 0 ? positive : negative) += alpha(i);
  // An imbalance at the level of the rounding SMO's own pair updates leave (n·u·(S₊ + S₋)) is
  // left alone: scaling by 1 − 1e-16 would change every α in its last bit for nothing, and an
  // unchanged α after a move is what lets the solver see at once that it is still optimal.
  const double roundingLevel = static_cast<double>(alpha.size()) *
                               std::numeric_limits<double>::epsilon() * (positive + negative);
  if (std::abs(positive - negative) <= roundingLevel) return;
  const bool shrinkPositive = positive > negative;
  const double heavy = shrinkPositive ? positive : negative;
  const double light = shrinkPositive ? negative : positive;
  const double factor = light / heavy;  // in [0, 1): heavy > light ≥ 0
  for (Index i = 0; i < alpha.size(); ++i) {
    if ((labels(i) > 0) == shrinkPositive) alpha(i) *= factor;
  }
}

Vector warmStartAlpha(const Vector& previousAlpha, const std::vector<Index>& origin,
                      const Vector& labels, double c) {
  const Index n = labels.size();
  Vector alpha = Vector::Zero(n);
  for (Index i = 0; i < n && i < static_cast<Index>(origin.size()); ++i) {
    const Index from = origin[static_cast<std::size_t>(i)];
    if (from < 0 || from >= previousAlpha.size()) continue;
    const double carried = previousAlpha(from);
    if (!std::isfinite(carried) || !(carried > 0)) continue;
    alpha(i) = std::min(carried, c);
  }
  restoreEqualityConstraint(alpha, labels);
  return alpha;
}

std::vector<Index> sameIndices(Index n) {
  std::vector<Index> origin(static_cast<std::size_t>(std::max<Index>(n, 0)));
  std::iota(origin.begin(), origin.end(), Index{0});
  return origin;
}

}  // namespace kpg
