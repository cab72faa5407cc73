#include "svm/working_set_blocks.hpp"

#include "svm/pair_update.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

// x86-64 with GCC: the passes' widened loops in a baseline (SSE2), an AVX2 and an AVX-512 clone,
// picked by the loader from the CPU (ifunc), as vector_exp.cpp. CMake says where
// (svm/sources.cmake: KPG_TARGET_CLONES); the file is built with -ffp-contract=off, so every
// clone computes the same bits (AVX-512F has FMA).
#if KPG_TARGET_CLONES
#define KPG_SELECTION_CLONES __attribute__((target_clones("default", "avx2", "avx512f")))
#else
#define KPG_SELECTION_CLONES
#endif

namespace kpg {
namespace {

// Entries a block: the block's scratch (two arrays of doubles) stays on the stack and in L1.
constexpr Index kPassBlock = 256;

// The update of G over one block, and −y_t G_t for the I_up and I_low tests (NaN outside the
// set: a NaN never wins gapPass's comparisons). Non-finite G_t are counted. Float columns only:
// the solver's kernel cache, where N is large enough for the passes to matter (a precomputed
// double Q is at most kPrecomputedQRows).
KPG_SELECTION_CLONES
unsigned blockUpdate(const std::uint8_t* bits, const double* y, double* gradient,
                     const float* qColumnI, double deltaI, const float* qColumnJ, double deltaJ,
                     Index size, double* up, double* low) {
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

KPG_SELECTION_CLONES
double blockExtreme(const double* v, Index size, bool largest) {
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

// WSS3's gains over one block (see selectWorkingPair): NaN outside I_low or where b_it ≤ 0.
// Float columns only, as blockUpdate.
KPG_SELECTION_CLONES
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

OptimalityGap blockedGradientAndGap(const DualIterate& s, double* gradient, const float* qColumnI,
                                    double deltaI, const float* qColumnJ, double deltaJ,
                                    Index begin, Index end) {
  // The update in a loop without branches, which the compiler widens, then the block's extremes
  // in lanes and the last index of each (keepLastOfBlock): what gapPass's comparisons find, ties
  // and NaN included.
  constexpr double inf = std::numeric_limits<double>::infinity();
  double up[kPassBlock];
  double low[kPassBlock];
  OptimalityGap gap;
  gap.mAlpha = -inf;
  gap.bigMAlpha = inf;
  unsigned nonFinite = 0;
  for (Index start = begin; start < end; start += kPassBlock) {
    const Index size = std::min(kPassBlock, end - start);
    nonFinite |= blockUpdate(s.membership + start, s.y.data() + start, gradient + start,
                             qColumnI + start, deltaI, qColumnJ + start, deltaJ, size, up, low);
    keepLastOfBlock<true>(up, size, start, gap.mAlpha, gap.argmaxUp);
    keepLastOfBlock<false>(low, size, start, gap.bigMAlpha, gap.argminLow);
  }
  gap.gradientFinite = nonFinite == 0;
  return gap;
}

BlockedChoice blockedSecondOrderChoice(const DualIterate& s, const double* diagonal,
                                       const float* qColumnI, Index begin, Index end, double mi,
                                       double yi, double gi, double qii, double tau) {
  // First every gain of a block in a loop without branches, which the compiler widens (the
  // division is most of the pass), the entries outside I_low or with b_it ≤ 0 set to NaN; then
  // the search of the block in lanes (keepLastOfBlock), where a NaN never wins, as in the plain
  // pass.
  double best = std::numeric_limits<double>::infinity();
  Index chosen = -1;
  double gains[kPassBlock];
  for (Index start = begin; start < end; start += kPassBlock) {
    const Index size = std::min(kPassBlock, end - start);
    blockGains(s.membership + start, s.y.data() + start, s.gradient.data() + start,
               diagonal + start, qColumnI + start, size, mi, yi, gi, qii, tau, gains);
    keepLastOfBlock<false>(gains, size, start, best, chosen);
  }
  return BlockedChoice{best, chosen};
}

}  // namespace kpg
