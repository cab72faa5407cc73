#pragma once
// The solver's two O(n) passes over the float kernel cache in blocks: the gradient's update with
// the next gap (updateGradientAndGap), and WSS3's search for j (selectWorkingPair). Each block is
// computed in a loop without branches, which the compiler widens, and searched in lanes; the
// result is what the plain passes of working_set.cpp find, the same values, indices and ties,
// NaN included (tests/core/svm/working_set_test.cpp holds the two equal bit for bit).
//
// Speed beside the teaching path: working_set.cpp keeps the passes a student reads against notes
// 003, and calls these only where CMake built them (svm/sources.cmake: the native build, where
// loops are widened; the browser's wasm has no SIMD and a size budget, so it keeps the plain
// passes). KPG_BLOCKED_PASSES, set by CMake for every user of the core, says which.

#include "svm/working_set.hpp"

namespace kpg {

inline constexpr bool kBlockedPasses = KPG_BLOCKED_PASSES != 0;

// updateGradientAndGap over [begin, end) of the solver's positions, float columns, with the
// membership bytes (s.membership must not be null).
OptimalityGap blockedGradientAndGap(const DualIterate& s, double* gradient, const float* qColumnI,
                                    double deltaI, const float* qColumnJ, double deltaJ,
                                    Index begin, Index end);

// WSS3's smallest gain over [begin, end) among I_low with b_it > 0, ties to the last index
// (chosen −1: none there); `diagonal` the Q_tt of the positions, mi = m(α), and yi, gi, qii of
// the chosen i.
struct BlockedChoice {
  double best;
  Index chosen;
};
BlockedChoice blockedSecondOrderChoice(const DualIterate& s, const double* diagonal,
                                       const float* qColumnI, Index begin, Index end, double mi,
                                       double yi, double gi, double qii, double tau);

}  // namespace kpg
