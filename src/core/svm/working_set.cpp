#include "svm/working_set.hpp"

#include "svm/pair_update.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

// x86-64 with GCC: the selection passes' widened loops in a baseline (SSE2), an AVX2 and an
// AVX-512 clone, picked by the loader from the CPU (ifunc), as vector_exp.cpp. The file is built
// with -ffp-contract=off, so every clone computes the same bits (AVX-512F has FMA).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define KPG_SELECTION_CLONES 1
#endif
// The blocked passes pay where loops are widened; the wasm build has no SIMD (README, item 6),
// so there they would only add code to a download with a size budget: it keeps the plain passes.
#if !defined(__EMSCRIPTEN__)
#define KPG_BLOCKED_PASSES 1
#endif

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

#if defined(KPG_BLOCKED_PASSES)
namespace {

// Entries a block: the block's scratch (two arrays of doubles) stays on the stack and in L1.
constexpr Index kPassBlock = 256;

// The update of G over one block, and −y_t G_t for the I_up and I_low tests (NaN outside the
// set: a NaN never wins gapPass's comparisons). Non-finite G_t are counted. Float columns only:
// the solver's kernel cache, where N is large enough for the passes to matter (a precomputed
// double Q is at most kPrecomputedQRows).
#if defined(KPG_SELECTION_CLONES)
__attribute__((target_clones("default", "avx2", "avx512f")))
#endif
unsigned
blockUpdate(const std::uint8_t* bits, const double* y, double* gradient, const float* qColumnI,
            double deltaI, const float* qColumnJ, double deltaJ, Index size, double* up,
            double* low) {
  const double excluded = std::numeric_limits<double>::quiet_NaN();
  unsigned nonFinite = 0;
  for (Index t = 0; t < size; ++t) {
    const double updated =
        updatedGradientEntry(gradient[t], qColumnI[t], deltaI, qColumnJ[t], deltaJ);
    gradient[t] = updated;
    nonFinite |= updated - updated == 0.0 ? 0u : 1u;
    const double v = -y[t] * updated;
    up[t] = (bits[t] & kInUpSet) != 0 ? v : excluded;
    low[t] = (bits[t] & kInLowSet) != 0 ? v : excluded;
  }
  return nonFinite;
}

// The largest (Largest) or smallest value of v[0 .. size) that is not NaN: ±∞ when every one
// is NaN, and the sign of a zero not kept (only what compares equal to it is used). Eight lanes
// of GCC's vector extension, which every clone compiles to its widest registers: the scalar
// search it replaces was a compare and branch per entry, 17 % of moons d = 2, N = 20 000.
typedef double Lanes __attribute__((vector_size(64)));

template <bool Largest>
__attribute__((always_inline)) inline double extremeOf(const double* v, Index size) {
  constexpr double none =
      Largest ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  constexpr Index kLanes = 8;
  Lanes extreme = {none, none, none, none, none, none, none, none};
  Index k = 0;
  for (; k + kLanes <= size; k += kLanes) {
    Lanes x;
    std::memcpy(&x, v + k, sizeof x);
    extreme = (Largest ? x > extreme : x < extreme) ? x : extreme;  // a NaN compares false
  }
  double result = none;
  for (Index lane = 0; lane < kLanes; ++lane)
    result = (Largest ? extreme[lane] > result : extreme[lane] < result) ? extreme[lane] : result;
  for (; k < size; ++k) result = (Largest ? v[k] > result : v[k] < result) ? v[k] : result;
  return result;
}

#if defined(KPG_SELECTION_CLONES)
__attribute__((target_clones("default", "avx2", "avx512f")))
#endif
double
blockExtreme(const double* v, Index size, bool largest) {
  return largest ? extremeOf<true>(v, size) : extremeOf<false>(v, size);
}

// keepLastMax (Largest) or keepLastMin over v[0 .. size), the block at index `start`: the same
// best and index as the scalar loop, which keeps the last index of the extreme, ties and NaN
// included. The block's extreme is found in lanes first; only a block that can win (its extreme
// at least as good as `best`, ties going to the later index) is searched, from its end, for the
// last entry that equals it.
template <bool Largest>
void keepLastOfBlock(const double* v, Index size, Index start, double& best, Index& at) {
  const double extreme = blockExtreme(v, size, Largest);
  if (!(Largest ? extreme >= best : extreme <= best)) return;
  for (Index k = size - 1; k >= 0; --k) {
    if (Largest ? v[k] >= extreme : v[k] <= extreme) {
      best = v[k];
      at = start + k;
      return;
    }
  }
}

}  // namespace
#endif

template <class ColumnScalar>
OptimalityGap updateGradientAndGap(const DualIterate& s, double* gradient,
                                   const ColumnScalar* qColumnI, double deltaI,
                                   const ColumnScalar* qColumnJ, double deltaJ, Index count,
                                   const ParallelFor* parallel) {
  const auto range = [=](Index begin, Index end) -> OptimalityGap {
#if defined(KPG_BLOCKED_PASSES)
    if constexpr (std::is_same_v<ColumnScalar, float>) {
      if (s.membership != nullptr) {
        // The solver's pass, in blocks: the update in a loop without branches, which the
        // compiler widens, then the block's extremes in lanes and the last index of each
        // (keepLastOfBlock): what gapPass's comparisons find, ties and NaN included.
        constexpr double inf = std::numeric_limits<double>::infinity();
        double up[kPassBlock];
        double low[kPassBlock];
        OptimalityGap gap;
        gap.mAlpha = -inf;
        gap.bigMAlpha = inf;
        unsigned nonFinite = 0;
        for (Index start = begin; start < end; start += kPassBlock) {
          const Index size = std::min(kPassBlock, end - start);
          nonFinite |=
              blockUpdate(s.membership + start, s.y.data() + start, gradient + start,
                          qColumnI + start, deltaI, qColumnJ + start, deltaJ, size, up, low);
          keepLastOfBlock<true>(up, size, start, gap.mAlpha, gap.argmaxUp);
          keepLastOfBlock<false>(low, size, start, gap.bigMAlpha, gap.argminLow);
        }
        gap.gradientFinite = nonFinite == 0;
        return gap;
      }
    }
#endif
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

double secondOrderGain(double yi, double gi, double yt, double gt, double qii, double qtt,
                       double qit, double tau) {
  const double b = -yi * gi + yt * gt;
  double a = qii + qtt - 2.0 * yi * yt * qit;
  if (a <= 0) a = tau;
  return -(b * b) / a;
}

PairSelection selectWorkingPair(SelectionRule rule, const OptimalityGap& gap, const DualIterate& s,
                                const Vector& diagonal, const Vector& qColumnI, double tau) {
  const bool hasColumn = qColumnI.size() == s.alpha.size();
  return selectWorkingPair(rule, gap, s, diagonal, hasColumn ? qColumnI.data() : nullptr,
                           s.alpha.size(), tau);
}

#if defined(KPG_BLOCKED_PASSES)
namespace {

// WSS3's gains over one block (see selectWorkingPair): NaN outside I_low or where b_it ≤ 0.
// Float columns only, as blockUpdate.
#if defined(KPG_SELECTION_CLONES)
__attribute__((target_clones("default", "avx2", "avx512f")))
#endif
void blockGains(const std::uint8_t* bits, const double* y, const double* g, const double* qtt,
                const float* qColumnI, Index size, double mi, double yi, double gi, double qii,
                double tau, double* gains) {
  const double excluded = std::numeric_limits<double>::quiet_NaN();
  for (Index t = 0; t < size; ++t) {
    const bool eligible = ((bits[t] & kInLowSet) != 0) & (-y[t] * g[t] < mi);
    const double gain =
        secondOrderGain(yi, gi, y[t], g[t], qii, qtt[t], static_cast<double>(qColumnI[t]), tau);
    gains[t] = eligible ? gain : excluded;
  }
}

}  // namespace
#endif

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
#if defined(KPG_BLOCKED_PASSES)
    // The solver's pass in blocks (native builds, the cache's float columns): first every gain
    // of a block in a loop without branches, which the compiler widens (the division is most of
    // the pass), the entries outside I_low or with b_it ≤ 0 set to NaN; then the search of the
    // block in lanes (keepLastOfBlock), where a NaN never wins, as in `pass`. The same gains and
    // the same choice, ties included.
    if constexpr (std::is_same_v<ColumnScalar, float>) {
      if (s.membership != nullptr) {
        double best = std::numeric_limits<double>::infinity();
        Index chosen = -1;
        double gains[kPassBlock];
        for (Index start = begin; start < end; start += kPassBlock) {
          const Index size = std::min(kPassBlock, end - start);
          blockGains(s.membership + start, y + start, g + start, qtt + start, qColumnI + start,
                     size, mi, yi, gi, qii, tau, gains);
          keepLastOfBlock<false>(gains, size, start, best, chosen);
        }
        return Choice{best, chosen};
      }
    }
#endif
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

std::string_view selectionRuleName(SelectionRule rule) {
  return rule == SelectionRule::FirstOrder ? "first-order" : "second-order";
}

std::optional<SelectionRule> selectionRuleFromName(std::string_view name) {
  if (name == "first-order") return SelectionRule::FirstOrder;
  if (name == "second-order") return SelectionRule::SecondOrder;
  return std::nullopt;
}

}  // namespace kpg
