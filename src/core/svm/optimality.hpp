#pragma once
// Optimality measures of the dual of dual_problem.hpp, computed from α and G = Qα + p alone
// (no kernel evaluations):
//
//   dual objective   f(α) = ½ αᵀQα + pᵀα = ½ Σ_t α_t (G_t + p_t)          (LIBSVM's "obj")
//   violation        m(α) − M(α), see working_set.hpp
//   bias             the decision function is Σ_t α_t y_t k(x_t, x) − ρ, b = −ρ. At a KKT point
//                    every free variable (A_t < α_t < B_t) has y_t G_t = ρ.
//     Libsvm rule (calculate_rho): ρ = mean of y_t G_t over free variables; with none free, the
//       midpoint of the interval the bounded variables allow for ρ.
//     AverageOverSupportVectors (course-notes 000 "Bias computation"):
//       b = (1/N_S) Σ_{i∈S} (t_i − Σ_l a_l t_l k(x_l, x_i)); for C-SVC (p = −1) each term is
//       −y_i G_i, so ρ = mean of y_i G_i over all α_i ≠ A_i. Exact for hard margin; with soft
//       margin the bound SVs (α = C) pull it off the KKT value, which is what it is there to show.
//
// The ν duals (dual_problem.hpp fixedSumPerSign; LIBSVM Solver_NU::calculate_rho; Chang & Lin
// 2001 §4, LIBSVM's implementation notes §4.2): the KKT conditions give one multiplier per
// equality constraint, and each sign's free variables have G_t = r_± with
//   r₊ = (free y = +1) mean G_t,  r₋ = (free y = −1) mean G_t     (the midpoint of the interval
//   its bounded variables allow when a sign has no free variable, as calculate_rho), and
//   ρ = (r₊ − r₋)/2,  r = (r₊ + r₋)/2.
// ν-SVC divides α, ρ and the objective by r (its C = 1/r); ν-SVR's ε is −r.
//
// C-SVC only (p = −e, A = 0):
//   slack      ξ_i = max(0, 1 − y_i f(x_i)) = max(0, y_i ρ − G_i), since y_i f(x_i) = G_i + 1 − y_i
//   ρ primal     P = ½‖w‖² + C Σ ξ_i, ‖w‖² = αᵀQα = Σ α_i (G_i + 1). For C = +∞ (hard margin)
//              P = ½‖w‖²: the constraints y_i f(x_i) ≥ 1 are then reported by the slacks, which
//              are ~1e-12 rather than 0 at a numerical optimum (∞ · 1e-12 would say nothing).
//   duality gap  P − D with D = −f(α) the course's (maximised) dual; ≥ 0, → 0 at the optimum.

#include "kernels/kernel.hpp"

#include <optional>
#include <string_view>

namespace kpg {

using Index = Eigen::Index;

enum class BiasRule { Libsvm, AverageOverSupportVectors };

// "libsvm", "average": the names sessions and the lab use.
std::string_view biasRuleName(BiasRule rule);
std::optional<BiasRule> biasRuleFromName(std::string_view name);

double dualObjective(const Vector& alpha, const Vector& gradient, const Vector& linear);

// ρ (the model's rho); b = −ρ.
double rhoFromGradient(BiasRule rule, const Vector& y, const Vector& alpha, const Vector& lower,
                       const Vector& upper, const Vector& gradient);

struct NuBias {
  double rho = 0;
  double r = 0;
};
NuBias nuBias(const Vector& y, const Vector& alpha, const Vector& lower, const Vector& upper,
              const Vector& gradient);

Vector cSvcSlacks(const Vector& y, const Vector& gradient, double rho);
double cSvcPrimalObjective(const Vector& alpha, const Vector& gradient, const Vector& slacks,
                           double c);

}  // namespace kpg
