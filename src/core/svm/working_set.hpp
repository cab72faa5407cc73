#pragma once
// Working-pair selection for SMO on the dual of dual_problem.hpp, with gradient G = Qα + p.
//
// Index sets (Keerthi et al. 2001; LIBSVM; course-notes 003 "τ-violating pair"):
//   I_up(α)  = { t : y_t = +1, α_t < B_t  or  y_t = −1, α_t > A_t }
//   I_low(α) = { t : y_t = +1, α_t > A_t  or  y_t = −1, α_t < B_t }
//   m(α) = max_{t ∈ I_up} −y_t G_t,    M(α) = min_{t ∈ I_low} −y_t G_t
// α is optimal iff m(α) ≤ M(α); LIBSVM stops when m(α) − M(α) < eps.
//
// FirstOrder: the maximal violating pair, i = argmax m, j = argmin M.
// SecondOrder (WSS3, Fan, Chen & Lin, JMLR 2005, "Working set selection using second order
// information", their eq. (13)-(14)): i as above, then over t ∈ I_low with −y_t G_t < −y_i G_i
//   j = argmin_t  −b_it² / a_it,   b_it = −y_i G_i + y_t G_t > 0,
//   a_it = Q_ii + Q_tt − 2 y_i y_t Q_it   (replaced by τ when ≤ 0),
// −b²/a being the objective change of the unconstrained step on that pair (the "gain").
//
// Ties go to the last index, as LIBSVM's `>=` / `<=` comparisons, so that both solvers walk the
// same path.

#include "kernels/kernel.hpp"
#include "svm/parallel_for.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace kpg {

using Index = Eigen::Index;

enum class SelectionRule { FirstOrder, SecondOrder };

inline bool inUpSet(double y, double alpha, double lower, double upper) {
  return y > 0 ? alpha < upper : alpha > lower;
}
inline bool inLowSet(double y, double alpha, double lower, double upper) {
  return y > 0 ? alpha > lower : alpha < upper;
}

// I_up and I_low membership as two bits of one byte (LIBSVM's alpha_status): what the solver's
// per-step passes read instead of y, α, A and B, 1 byte instead of 32 per variable. The solver
// keeps one per variable, rewritten when its α changes; the sets are those of inUpSet/inLowSet.
enum SetMembership : std::uint8_t { kInUpSet = 1, kInLowSet = 2 };
inline std::uint8_t setMembership(double y, double alpha, double lower, double upper) {
  return static_cast<std::uint8_t>((inUpSet(y, alpha, lower, upper) ? kInUpSet : 0) |
                                   (inLowSet(y, alpha, lower, upper) ? kInLowSet : 0));
}

// The box and constraint data the selection reads; plain references, no ownership.
// membership: setMembership of every variable, or nullptr to derive it from y, α, A and B (the
// results are the same bits either way: tests/core/svm/working_set_test.cpp).
struct DualIterate {
  const Vector& y;
  const Vector& alpha;
  const Vector& lower;
  const Vector& upper;
  const Vector& gradient;
  const std::uint8_t* membership = nullptr;
};

struct OptimalityGap {
  double mAlpha = 0;     // m(α) (−∞ when I_up is empty)
  double bigMAlpha = 0;  // M(α) (+∞ when I_low is empty)
  Index argmaxUp = -1;   // i attaining m(α), last of ties
  Index argminLow = -1;  // j attaining M(α), last of ties
  // Every G_t is finite. A NaN would drop out of the max and min above unseen (every comparison
  // with NaN is false), so the pass checks it: an overflowing kernel value reaches G at the first
  // update that uses its column (docs/bad-inputs.md P3, G7).
  bool gradientFinite = true;
  double violation() const { return mAlpha - bigMAlpha; }
};

// One O(n) pass over the variables.
OptimalityGap optimalityGap(const DualIterate& state);
// Over the first `count` variables only: a solver that shrinks keeps its active variables first
// (LIBSVM's active_size; smo_solver.hpp).
OptimalityGap optimalityGap(const DualIterate& state, Index count);

// The gradient update of a pair step (pair_update.hpp updateGradient: G_k += Q_ki Δα_i +
// Q_kj Δα_j over the first `count` variables) and optimalityGap of the updated iterate, in one
// pass: each G_k is tested for the gap as it is written, instead of read again by a second O(n)
// pass (the solver's hottest at small d). `state` holds the new α and membership; its gradient
// is the one updated. The same numbers as updateGradient followed by optimalityGap.
//
// `parallel` (parallel_for.hpp; nullptr: this thread) cuts the pass between threads when each
// part gets kPassParallelMinimum entries; the parts' gaps are combined in their order, so the
// result is the same bits however it is cut.
template <class ColumnScalar>
OptimalityGap updateGradientAndGap(const DualIterate& state, double* gradient,
                                   const ColumnScalar* qColumnI, double deltaI,
                                   const ColumnScalar* qColumnJ, double deltaJ, Index count,
                                   const ParallelFor* parallel = nullptr);
extern template OptimalityGap updateGradientAndGap<double>(const DualIterate&, double*,
                                                           const double*, double, const double*,
                                                           double, Index, const ParallelFor*);
extern template OptimalityGap updateGradientAndGap<float>(const DualIterate&, double*, const float*,
                                                          double, const float*, double, Index,
                                                          const ParallelFor*);

// The fewest entries a thread's part of a selection pass gets: an entry of these passes costs
// about a nanosecond, so a part shorter than this is less work than handing it over
// (bench/engine_vs_libsvm.py).
constexpr Index kPassParallelMinimum = 4096;

// The stopping test (course-notes 003 "SMO algo" step 2, "stop if no τ-violating pair exists";
// LIBSVM's select_working_set): α is optimal to tolerance eps when m(α) − M(α) < eps, and also
// when I_up or I_low is empty (−∞ − M or m − ∞).
bool isOptimal(const OptimalityGap& gap, double eps);

struct PairSelection {
  Index i = -1;
  Index j = -1;  // −1: no violating pair
  // −b_ij²/a_ij for the chosen pair (both rules report it; SecondOrder minimizes it).
  double gain = 0;
  bool found() const { return i >= 0 && j >= 0; }
};

// The second-order gain of pair (i, t): −b²/a with a replaced by tau when a ≤ 0. Inline: the
// selection's passes (working_set.cpp, and the blocked ones in working_set_blocks.cpp) call it
// per entry, and a call across files costs the blocked pass half its speed.
inline double secondOrderGain(double yi, double gi, double yt, double gt, double qii, double qtt,
                              double qit, double tau) {
  const double b = -yi * gi + yt * gt;
  double a = qii + qtt - 2.0 * yi * yt * qit;
  if (a <= 0) a = tau;
  return -(b * b) / a;
}

// gap: optimalityGap(state), computed once by the caller (the solver keeps it from the end of the
// previous step). qColumnI: column i of Q, where i = gap.argmaxUp (only read by SecondOrder; it may
// be empty for FirstOrder). diagonal: Q_tt.
PairSelection selectWorkingPair(SelectionRule rule, const OptimalityGap& gap,
                                const DualIterate& state, const Vector& diagonal,
                                const Vector& qColumnI, double tau);
// The same over the first `count` variables, with column i given as its first `count` entries in
// double or float (a kernel cache that stores float, LIBSVM's Qfloat; nullptr for FirstOrder
// without a column), cut between threads by `parallel` as updateGradientAndGap.
template <class ColumnScalar>
PairSelection selectWorkingPair(SelectionRule rule, const OptimalityGap& gap,
                                const DualIterate& state, const Vector& diagonal,
                                const ColumnScalar* qColumnI, Index count, double tau,
                                const ParallelFor* parallel = nullptr);
extern template PairSelection selectWorkingPair<double>(SelectionRule, const OptimalityGap&,
                                                        const DualIterate&, const Vector&,
                                                        const double*, Index, double,
                                                        const ParallelFor*);
extern template PairSelection selectWorkingPair<float>(SelectionRule, const OptimalityGap&,
                                                       const DualIterate&, const Vector&,
                                                       const float*, Index, double,
                                                       const ParallelFor*);

// ---- The ν duals (dual_problem.hpp fixedSumPerSign) ----------------------------------------
// With Σα fixed per sign as well as yᵀα, a pair update must keep both, so i and j have the same
// sign, and the optimality conditions hold per sign (Chang & Lin 2001 §4; LIBSVM's
// implementation notes §4.2, Solver_NU::select_working_set): with m_±(α), M_±(α) taken over the
// variables of that sign only, α is optimal to eps when max(m₊ − M₊, m₋ − M₋) < eps.
// The pair (WSS3 per sign, Fan, Chen & Lin 2005 §4 as LIBSVM): i₊ = argmax m₊, i₋ = argmax m₋;
// then j over every t ∈ I_low with b_{i t} > 0 for the i of t's sign, minimizing −b²/a as above,
// and i the one of j's sign.
struct SignedGaps {
  OptimalityGap positive;  // over y = +1
  OptimalityGap negative;  // over y = −1
  // The sign's gap of larger violation (a sign with I_up or I_low empty counts as none): the
  // stopping test and violation() read it, isOptimal(worst()) ⇔ both signs are optimal.
  OptimalityGap worst() const;
  const OptimalityGap& of(double y) const { return y > 0 ? positive : negative; }
};
SignedGaps optimalityGapPerSign(const DualIterate& state, Index count);

// columnPositive, columnNegative: the first `count` entries of Q's columns i₊ and i₋ (null when
// that sign has no i).
PairSelection selectWorkingPairPerSign(SelectionRule rule, const SignedGaps& gaps,
                                       const DualIterate& state, const Vector& diagonal,
                                       const double* columnPositive, const double* columnNegative,
                                       Index count, double tau);

// "first-order", "second-order": the names sessions and the lab use.
std::string_view selectionRuleName(SelectionRule rule);
std::optional<SelectionRule> selectionRuleFromName(std::string_view name);

}  // namespace kpg
