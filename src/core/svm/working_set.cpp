#include "svm/working_set.hpp"

#include "svm/pair_update.hpp"
#include "svm/working_set_blocks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace kpg {

OptimalityGap optimalityGap(const DualIterate& s) {
  return optimalityGap(s, s.alpha.size());
}

namespace {

// LIBSVM's ties: the last index wins (its `>=` and `<=`), and a NaN never does. Every pass below,
// plain or in blocks, keeps its extreme through these two, so that they choose alike.
inline void keepLastMax(double value, Index t, double& best, Index& at) {
  if (value >= best) {
    best = value;
    at = t;
  }
}

inline void keepLastMin(double value, Index t, double& best, Index& at) {
  if (value <= best) {
    best = value;
    at = t;
  }
}

// The pass of optimalityGap with the set tests of `member` (t → SetMembership bits): the same
// loop whether the bits are read from the solver's bytes or derived from y, α, A and B.
// `gradientAt(t)` gives G_t: read, or written first by updateGradientAndGap's update (then
// passed on in a register, not read back from the store just made).
template <class Member, class GradientAt>
OptimalityGap gapPass(const DualIterate& s, Index begin, Index end, Member member,
                      GradientAt gradientAt) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  OptimalityGap gap;
  gap.mAlpha = -inf;
  gap.bigMAlpha = inf;
  // G_t − G_t is 0 when G_t is finite, NaN when not. Kept as a boolean AND, not a running sum of
  // those differences: a floating-point sum is a chain of dependent additions (4 cycles each) that
  // set the pace of this loop, the solver's hottest (bench/engine_vs_libsvm.py).
  bool finite = true;
  const double* y = s.y.data();
  for (Index t = begin; t < end; ++t) {
    const double gt = gradientAt(t);
    finite &= gt - gt == 0.0;
    const double v = -y[t] * gt;
    const unsigned bits = member(t);
    if (bits & kInUpSet) keepLastMax(v, t, gap.mAlpha, gap.argmaxUp);
    if (bits & kInLowSet) keepLastMin(v, t, gap.bigMAlpha, gap.argminLow);
  }
  gap.gradientFinite = finite;
  return gap;
}

template <class GradientAt>
OptimalityGap gapPassWith(const DualIterate& s, Index begin, Index end, GradientAt gradientAt) {
  if (s.membership != nullptr) {
    const std::uint8_t* bits = s.membership;
    return gapPass(
        s, begin, end, [bits](Index t) { return static_cast<unsigned>(bits[t]); }, gradientAt);
  }
  return gapPass(
      s, begin, end,
      [&s](Index t) {
        return static_cast<unsigned>(setMembership(s.y(t), s.alpha(t), s.lower(t), s.upper(t)));
      },
      gradientAt);
}

// The gap of two consecutive ranges from the gaps of each, `later` the one of higher indices:
// what one pass over both finds, ties to the last index included (a range without a member of
// I_up or I_low has index −1 there and is passed over).
void combineGaps(OptimalityGap& gap, const OptimalityGap& later) {
  if (later.argmaxUp >= 0) keepLastMax(later.mAlpha, later.argmaxUp, gap.mAlpha, gap.argmaxUp);
  if (later.argminLow >= 0)
    keepLastMin(later.bigMAlpha, later.argminLow, gap.bigMAlpha, gap.argminLow);
  gap.gradientFinite = gap.gradientFinite && later.gradientFinite;
}

}  // namespace

OptimalityGap optimalityGap(const DualIterate& s, Index n) {
  const double* g = s.gradient.data();
  return gapPassWith(s, 0, n, [g](Index t) { return g[t]; });
}

template <class ColumnScalar>
OptimalityGap updateGradientAndGap(const DualIterate& s, double* gradient,
                                   const ColumnScalar* qColumnI, double deltaI,
                                   const ColumnScalar* qColumnJ, double deltaJ, Index count,
                                   const ParallelFor* parallel) {
  const auto range = [=](Index begin, Index end) -> OptimalityGap {
    if constexpr (kBlockedPasses && std::is_same_v<ColumnScalar, float>) {
      // The solver's pass over the float cache, in blocks (working_set_blocks.hpp).
      if (s.membership != nullptr)
        return blockedGradientAndGap(s, gradient, qColumnI, deltaI, qColumnJ, deltaJ, begin, end);
    }
    return gapPassWith(s, begin, end, [=](Index t) {
      const double updated =
          updatedGradientEntry(gradient[t], qColumnI[t], deltaI, qColumnJ[t], deltaJ);
      gradient[t] = updated;
      return updated;
    });
  };
  return reduceOverParts<OptimalityGap>(parallel, count, kPassParallelMinimum, range, combineGaps);
}

template OptimalityGap updateGradientAndGap<double>(const DualIterate&, double*, const double*,
                                                    double, const double*, double, Index,
                                                    const ParallelFor*);
template OptimalityGap updateGradientAndGap<float>(const DualIterate&, double*, const float*,
                                                   double, const float*, double, Index,
                                                   const ParallelFor*);

bool isOptimal(const OptimalityGap& gap, double eps) {
  return gap.argmaxUp < 0 || gap.argminLow < 0 || !(gap.violation() >= eps);
}

PairSelection selectWorkingPair(SelectionRule rule, const OptimalityGap& gap, const DualIterate& s,
                                const Vector& diagonal, const Vector& qColumnI, double tau) {
  const bool hasColumn = qColumnI.size() == s.alpha.size();
  return selectWorkingPair(rule, gap, s, diagonal, hasColumn ? qColumnI.data() : nullptr,
                           s.alpha.size(), tau);
}

template <class ColumnScalar>
PairSelection selectWorkingPair(SelectionRule rule, const OptimalityGap& gap, const DualIterate& s,
                                const Vector& diagonal, const ColumnScalar* qColumnI, Index count,
                                double tau, const ParallelFor* parallel) {
  PairSelection result;
  const Index i = gap.argmaxUp;
  if (i < 0 || gap.argminLow < 0) return result;
  if (rule == SelectionRule::FirstOrder) {
    const Index j = gap.argminLow;
    if (gap.bigMAlpha >= gap.mAlpha) return result;  // no violating pair
    result.i = i;
    result.j = j;
    if (qColumnI != nullptr) {
      result.gain = secondOrderGain(s.y(i), s.gradient(i), s.y(j), s.gradient(j), diagonal(i),
                                    diagonal(j), static_cast<double>(qColumnI[j]), tau);
    } else {
      result.gain = std::numeric_limits<double>::quiet_NaN();
    }
    return result;
  }
  const double mi = gap.mAlpha;
  const double yi = s.y(i);
  const double gi = s.gradient(i);
  const double qii = diagonal(i);
  const double* y = s.y.data();
  const double* g = s.gradient.data();
  const double* qtt = diagonal.data();
  // The WSS3 search over I_low with b_it > 0 in [begin, end), ties to the last index (LIBSVM's
  // `<=`): the smallest gain and where (−1: none there).
  struct Choice {
    double best = std::numeric_limits<double>::infinity();
    Index chosen = -1;
  };
  const auto pass = [=](Index begin, Index end, auto inLow) {
    double best = std::numeric_limits<double>::infinity();
    Index chosen = -1;
    for (Index t = begin; t < end; ++t) {
      if (!inLow(t)) continue;
      if (!(-y[t] * g[t] < mi)) continue;  // b_it > 0 only
      const double gain =
          secondOrderGain(yi, gi, y[t], g[t], qii, qtt[t], static_cast<double>(qColumnI[t]), tau);
      keepLastMin(gain, t, best, chosen);
    }
    return Choice{best, chosen};
  };
  const auto range = [=](Index begin, Index end) {
    if constexpr (kBlockedPasses && std::is_same_v<ColumnScalar, float>) {
      // The solver's pass over the float cache, in blocks (working_set_blocks.hpp): the same
      // gains and the same choice, ties included.
      if (s.membership != nullptr) {
        const BlockedChoice c =
            blockedSecondOrderChoice(s, qtt, qColumnI, begin, end, mi, yi, gi, qii, tau);
        return Choice{c.best, c.chosen};
      }
    }
    if (s.membership == nullptr) {
      return pass(begin, end,
                  [&s](Index t) { return inLowSet(s.y(t), s.alpha(t), s.lower(t), s.upper(t)); });
    }
    const std::uint8_t* bits = s.membership;
    return pass(begin, end, [bits](Index t) { return (bits[t] & kInLowSet) != 0; });
  };
  // The parts' choices in their order, as one pass would meet them (parallel_for.hpp).
  const auto later = [](Choice& c, const Choice& next) {
    if (next.chosen >= 0) keepLastMin(next.best, next.chosen, c.best, c.chosen);
  };
  const Choice choice =
      reduceOverParts<Choice>(parallel, count, kPassParallelMinimum, range, later);
  if (choice.chosen >= 0) {
    result.i = i;
    result.j = choice.chosen;
    result.gain = choice.best;
  }
  return result;
}

template PairSelection selectWorkingPair<double>(SelectionRule, const OptimalityGap&,
                                                 const DualIterate&, const Vector&, const double*,
                                                 Index, double, const ParallelFor*);
template PairSelection selectWorkingPair<float>(SelectionRule, const OptimalityGap&,
                                                const DualIterate&, const Vector&, const float*,
                                                Index, double, const ParallelFor*);

namespace {

double effectiveViolation(const OptimalityGap& gap) {
  if (gap.argmaxUp < 0 || gap.argminLow < 0) return -std::numeric_limits<double>::infinity();
  return gap.violation();
}

}  // namespace

OptimalityGap SignedGaps::worst() const {
  OptimalityGap gap =
      effectiveViolation(negative) > effectiveViolation(positive) ? negative : positive;
  gap.gradientFinite = positive.gradientFinite && negative.gradientFinite;
  return gap;
}

SignedGaps optimalityGapPerSign(const DualIterate& s, Index count) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  SignedGaps gaps;
  for (OptimalityGap* g : {&gaps.positive, &gaps.negative}) {
    g->mAlpha = -inf;
    g->bigMAlpha = inf;
  }
  bool finite = true;
  for (Index t = 0; t < count; ++t) {
    const double gt = s.gradient(t);
    finite &= gt - gt == 0.0;
    const double yt = s.y(t);
    const unsigned bits = s.membership != nullptr
                              ? static_cast<unsigned>(s.membership[t])
                              : setMembership(yt, s.alpha(t), s.lower(t), s.upper(t));
    OptimalityGap& g = yt > 0 ? gaps.positive : gaps.negative;
    const double v = -yt * gt;
    if (bits & kInUpSet) keepLastMax(v, t, g.mAlpha, g.argmaxUp);
    if (bits & kInLowSet) keepLastMin(v, t, g.bigMAlpha, g.argminLow);
  }
  gaps.positive.gradientFinite = finite;
  gaps.negative.gradientFinite = finite;
  return gaps;
}

PairSelection selectWorkingPairPerSign(SelectionRule rule, const SignedGaps& gaps,
                                       const DualIterate& s, const Vector& diagonal,
                                       const double* columnPositive, const double* columnNegative,
                                       Index count, double tau) {
  PairSelection result;
  if (rule == SelectionRule::FirstOrder) {
    // The maximal violating pair of the sign that violates most.
    const OptimalityGap g = gaps.worst();
    if (g.argmaxUp < 0 || g.argminLow < 0 || g.bigMAlpha >= g.mAlpha) return result;
    result.i = g.argmaxUp;
    result.j = g.argminLow;
    const double* column = s.y(g.argmaxUp) > 0 ? columnPositive : columnNegative;
    result.gain = column != nullptr
                      ? secondOrderGain(s.y(result.i), s.gradient(result.i), s.y(result.j),
                                        s.gradient(result.j), diagonal(result.i),
                                        diagonal(result.j), column[result.j], tau)
                      : std::numeric_limits<double>::quiet_NaN();
    return result;
  }
  double best = std::numeric_limits<double>::infinity();
  Index chosen = -1;
  for (Index t = 0; t < count; ++t) {
    const double yt = s.y(t);
    const unsigned bits = s.membership != nullptr
                              ? static_cast<unsigned>(s.membership[t])
                              : setMembership(yt, s.alpha(t), s.lower(t), s.upper(t));
    if (!(bits & kInLowSet)) continue;
    const OptimalityGap& g = gaps.of(yt);
    const Index i = g.argmaxUp;
    if (i < 0) continue;
    if (!(-yt * s.gradient(t) < g.mAlpha)) continue;  // b_it > 0 only
    const double* column = yt > 0 ? columnPositive : columnNegative;
    const double gain = secondOrderGain(s.y(i), s.gradient(i), yt, s.gradient(t), diagonal(i),
                                        diagonal(t), column[t], tau);
    keepLastMin(gain, t, best, chosen);
  }
  if (chosen >= 0) {
    result.i = gaps.of(s.y(chosen)).argmaxUp;
    result.j = chosen;
    result.gain = best;
  }
  return result;
}

std::string_view selectionRuleName(SelectionRule rule) {
  return rule == SelectionRule::FirstOrder ? "first-order" : "second-order";
}

std::optional<SelectionRule> selectionRuleFromName(std::string_view name) {
  if (name == "first-order") return SelectionRule::FirstOrder;
  if (name == "second-order") return SelectionRule::SecondOrder;
  return std::nullopt;
}

}  // namespace kpg
