#pragma once
// The analytic two-variable SMO update (Platt 1998; course-notes 003 "SMO algo", steps 3-4;
// LIBSVM Solver::Solve, the "update alpha[i] and alpha[j]" block).
//
// Moving along the constraint line keeps y_i α_i + y_j α_j fixed:
//   α_i(t) = α_i + y_i t,   α_j(t) = α_j − y_j t.
// Along it the objective is f(t) = f(0) + t (y_i G_i − y_j G_j) + ½ η t², with
//   η = Q_ii + Q_jj − 2 y_i y_j Q_ij   (= K_ii + K_jj − 2 K_ij, the squared feature-space
//                                        distance of the two points),
// so the unconstrained minimiser is t* = (−y_i G_i + y_j G_j) / η. When η ≤ 0 (a non-PSD kernel
// such as sigmoid, or duplicate points) it is replaced by τ (Fan, Chen & Lin 2005, sec. 4), which
// sends t to the end of the segment — the objective still decreases, and SMO terminates.
// The box A ≤ α ≤ B cuts the line to the feasible segment t ∈ [L, H] (L ≤ 0 ≤ H), and
// t = clamp(t*, L, H). A variable whose bound was hit is set to that bound exactly, so that
// "α = 0" and "α = C" are exact comparisons afterwards, as in LIBSVM.

#include "kernels/kernel.hpp"

namespace kpg {

struct PairInput {
  double yi, yj;          // ±1
  double alphaI, alphaJ;  // current values
  double gradientI, gradientJ;
  double lowerI, upperI;  // A_i, B_i (B may be +∞)
  double lowerJ, upperJ;
  double qii, qjj, qij;  // entries of Q
};

struct PairUpdate {
  double eta = 0;        // Q_ii + Q_jj − 2 y_i y_j Q_ij as computed (before the τ substitute)
  bool tauUsed = false;  // η ≤ 0 was replaced by τ
  double lower = 0;      // L: the feasible segment of t
  double upper = 0;      // H
  double unclippedStep = 0;  // t*
  double step = 0;           // clamp(t*, L, H)
  double alphaI = 0;         // after
  double alphaJ = 0;
  // The exact change of f along the line for the clipped step, with the true η.
  double objectiveChange = 0;
};

PairUpdate solvePairUpdate(const PairInput& in, double tau);

// Whether the dual has no minimum along this pair's line: η ≤ 0 (so f(t) is concave or linear
// there), the slope points into the segment, and the segment has no end on that side (an infinite
// bound: C = ∞). Then f(t) → −∞ as t grows, the dual problem is unbounded, and no step is a
// solution: τ's step would only be a larger α each time, until the gradient overflows. Happens with
// hard margin and a kernel that is not positive semi-definite on the points (sigmoid), Mercer's
// condition (course-notes 000 "Building kernels") failing where the box no longer holds α.
bool unboundedAlongPair(const PairUpdate& update);

// The same step in the course's own variables (course-notes 003 "SMO algo", step 3):
//   λ = min{ (g_i − g_j) / (k_ii + k_jj − 2k_ij),  B_i − α_i,  α_j − A_j }
// where the course's α is the signed β = y∘α of this solver (box A_s = min(0, y_s C),
// B_s = max(0, y_s C)), g = y − Kβ = −y∘G its gradient, and (i, j) a violating pair with
// g_i > g_j, so that α_i grows by λ and α_j shrinks by λ (step 4). For η > 0 it equals
// solvePairUpdate's step t (the SMO tutorial checks this on every step).
double courseLambda(double gi, double gj, double eta, double alphaI, double upperI, double alphaJ,
                    double lowerJ);

// The gradient update after a pair update (course-notes 003 "SMO algo" step 5,
// g_s ← g_s − λ(k_is − k_js); LIBSVM's "update G" loop). In this solver's variables, with
// G = Qα + p and Δα_i, Δα_j the changes of the pair:
//   G ← G + Q_:i Δα_i + Q_:j Δα_j          (O(n); SmoSolver does it in the gap's own pass,
//                                           working_set.hpp updateGradientAndGap)
// qColumnI, qColumnJ: columns i and j of Q, the size of G.
void updateGradient(Vector& gradient, const Vector& qColumnI, double deltaI, const Vector& qColumnJ,
                    double deltaJ);
// One entry of that update, G_k + (Q_ki Δα_i + Q_kj Δα_j), grouped as LIBSVM's loop; the solver's
// pass that also takes the gap of the new α (working_set.hpp updateGradientAndGap) uses it too.
template <class ColumnScalar>
inline double updatedGradientEntry(double gradient, ColumnScalar qI, double deltaI, ColumnScalar qJ,
                                   double deltaJ) {
  return gradient + (deltaI * static_cast<double>(qI) + deltaJ * static_cast<double>(qJ));
}
// The same over the first `count` entries, with the columns in double or float (a solver that
// shrinks updates its active variables only; LIBSVM's loop over active_size).
template <class ColumnScalar>
void updateGradient(double* gradient, const ColumnScalar* qColumnI, double deltaI,
                    const ColumnScalar* qColumnJ, double deltaJ, Index count);
extern template void updateGradient<double>(double*, const double*, double, const double*, double,
                                            Index);
extern template void updateGradient<float>(double*, const float*, double, const float*, double,
                                           Index);

}  // namespace kpg
