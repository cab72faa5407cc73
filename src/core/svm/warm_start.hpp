#pragma once
// A feasible starting point for a C-SVC dual after an edit of its data or parameters, from the α of
// the previous problem (the lab's Live mode; SmoSolver starts from DualProblem::alpha0 and builds
// G = Qα + p from it).
//
// The C-SVC dual of course-notes 000 ("non-separable case - dual form"; "SVM - optimization")
//   max_α Σ α_i − ½ ΣΣ α_i α_l y_i y_l k(x_i, x_l)   s.t.  Σ α_i y_i = 0,  0 ≤ α_i ≤ C
// has two constraints a start must meet; the objective does not matter for feasibility. After an
// edit (a point added, moved, deleted or relabelled; γ, C, the kernel changed) the previous α
// can break both: a deleted support vector takes its α_k y_k out of the sum, a smaller C cuts the
// box. The rule, in three steps:
//   1. carry: α_i = α_prev(origin(i)) for a surviving point, 0 for a new one (a relabelled point
//      counts as new: its old multiplier was for the constraint y_i f(x_i) ≥ 1 − ξ_i of the
//      other class);
//   2. clip to the new box: α_i ← min(max(α_i, 0), C)  (C = +∞ leaves α_i as is);
//   3. restore Σ α_i y_i = 0 by shrinking the heavier class: with S₊ = Σ_{y=+1} α_i and
//      S₋ = Σ_{y=−1} α_i, if S₊ > S₋ multiply every α_i of class +1 by S₋ / S₊ (and the other
//      way round). The factor lies in [0, 1], so every α_i only moves towards 0 and stays in
//      [0, C]: the box of step 2 is kept. Afterwards both class sums equal min(S₊, S₋), so
//      Σ α_i y_i = 0 up to the rounding of one product per entry (the same order as an SMO pair
//      update leaves it). An imbalance already at that rounding level (n·u·(S₊ + S₋)) is left
//      as it is, so an edit that removes nothing (a move, γ) keeps α bit for bit. Growing the lighter class instead could push α_i past C; moving all of
//      the excess onto one point could too. Shrinking keeps the relative weights of the heavier
//      class's support vectors, so the shape of the previous solution survives; SMO then repairs
//      the rest (tests/core/svm/warm_start_test.cpp).
// If no α survives (or one class sums to 0) the start is α = 0, LIBSVM's cold start.

#include "kernels/kernel.hpp"

#include <vector>

namespace kpg {

using Index = Eigen::Index;

// origin[i]: the index in previousAlpha of new variable i, or −1 for a new point. An index out of
// range or a non-finite or negative carried value counts as a new point (α_i = 0), so the result
// is always feasible. labels are ±1 (one per new variable); c > 0, may be +∞ (hard margin).
Vector warmStartAlpha(const Vector& previousAlpha, const std::vector<Index>& origin,
                      const Vector& labels, double c);

// Step 3 alone: scales the heavier class's α by S_light / S_heavy so that Σ α_i y_i = 0 (unless
// the imbalance is only rounding, see above).
// α must already lie in the box; every entry only decreases.
void restoreEqualityConstraint(Vector& alpha, const Vector& labels);

// origin for an edit that keeps every index (a point moved, a parameter changed): 0, 1, …, n−1.
std::vector<Index> sameIndices(Index n);

}  // namespace kpg
