#include "svm/working_set.hpp"

#include <limits>

namespace kpg {

OptimalityGap optimalityGap(const DualIterate& s) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  OptimalityGap gap;
  gap.mAlpha = -inf;
  gap.bigMAlpha = inf;
  const Index n = s.alpha.size();
  for (Index t = 0; t < n; ++t) {
    const double v = -s.y(t) * s.gradient(t);
    if (inUpSet(s.y(t), s.alpha(t), s.lower(t), s.upper(t)) && v >= gap.mAlpha) {
      gap.mAlpha = v;
      gap.argmaxUp = t;
    }
    if (inLowSet(s.y(t), s.alpha(t), s.lower(t), s.upper(t)) && v <= gap.bigMAlpha) {
      gap.bigMAlpha = v;
      gap.argminLow = t;
    }
  }
  return gap;
}

double secondOrderGain(double yi, double gi, double yt, double gt, double qii, double qtt,
                       double qit, double tau) {
  const double b = -yi * gi + yt * gt;
  double a = qii + qtt - 2.0 * yi * yt * qit;
  if (a <= 0) a = tau;
  return -(b * b) / a;
}

PairSelection selectWorkingPair(SelectionRule rule, const DualIterate& s, const Vector& diagonal,
                                const Vector& qColumnI, double tau) {
  PairSelection result;
  result.gap = optimalityGap(s);
  const Index i = result.gap.argmaxUp;
  if (i < 0 || result.gap.argminLow < 0) return result;
  if (rule == SelectionRule::FirstOrder) {
    const Index j = result.gap.argminLow;
    if (result.gap.bigMAlpha >= result.gap.mAlpha) return result;  // no violating pair
    result.i = i;
    result.j = j;
    if (qColumnI.size() == s.alpha.size()) {
      result.gain = secondOrderGain(s.y(i), s.gradient(i), s.y(j), s.gradient(j), diagonal(i),
                                    diagonal(j), qColumnI(j), tau);
    } else {
      result.gain = std::numeric_limits<double>::quiet_NaN();
    }
    return result;
  }
  double best = std::numeric_limits<double>::infinity();
  const double mi = result.gap.mAlpha;
  for (Index t = 0; t < s.alpha.size(); ++t) {
    if (!inLowSet(s.y(t), s.alpha(t), s.lower(t), s.upper(t))) continue;
    if (!(-s.y(t) * s.gradient(t) < mi)) continue;  // b_it > 0 only
    const double gain = secondOrderGain(s.y(i), s.gradient(i), s.y(t), s.gradient(t), diagonal(i),
                                        diagonal(t), qColumnI(t), tau);
    if (gain <= best) {
      best = gain;
      result.j = t;
    }
  }
  if (result.j >= 0) {
    result.i = i;
    result.gain = best;
  }
  return result;
}

}  // namespace kpg
