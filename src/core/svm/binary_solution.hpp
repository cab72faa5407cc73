#pragma once
// Everything the course derives for one binary C-SVC solution (000 "dual form", "Bias
// computation", 001 Question 7, 004 "The separable linear case"), read off a solver over
// cSvcDual(x, y, kernel, C) from α and G = Qα + p alone: the lab, the tutorials and `kpg trace`
// show these numbers.
//
//   f(x_i) at the training points (C-SVC, p = −e): y_i f(x_i) = G_i + 1 − y_i ρ, so
//     f(x_i) = y_i (G_i + 1) − ρ                                  trainingDecisionValues
//   the KKT conditions per point (Platt 1998 §2.1 eq. (12); 000 "non separable case"):
//     α_i = 0      ⇒ y_i f(x_i) ≥ 1    violation max(0, 1 − y_i f_i)
//     0 < α_i < C  ⇒ y_i f(x_i) = 1    violation |y_i f_i − 1|
//     α_i = C      ⇒ y_i f(x_i) ≤ 1    violation max(0, y_i f_i − 1)       kktViolations
//   the duality gap P − D ≥ 0, D = −f(α) the course's maximised dual (optimality.hpp)  dualityGap

#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace kpg {

enum class SupportCategory {
  NotSupport,  // α = 0: beyond the margin
  Free,        // 0 < α < C: on the margin, ξ = 0
  Bound        // α = C: inside the margin or misclassified, ξ ≥ 0
};

// "none", "free", "bound": the names sessions and the lab use.
std::string_view supportCategoryName(SupportCategory category);

// Per variable, from α against its box [A, B] (exact comparisons: the pair update snaps to a
// bound).
std::vector<SupportCategory> supportCategories(const Vector& alpha, const Vector& lower,
                                               const Vector& upper);

Vector trainingDecisionValues(const Vector& y, const Vector& gradient, double rho);

// decision: f(x_i) (trainingDecisionValues); categories: supportCategories.
Vector kktViolations(const Vector& y, const Vector& decision,
                     const std::vector<SupportCategory>& categories);

struct DualityGap {
  double primal = 0;  // ½‖w‖² + C Σξ (C = +∞: ½‖w‖², optimality.hpp)
  double dual = 0;    // Σα − ½αᵀQα = −f(α)
  double gap = 0;  // primal − dual ≥ 0 for any feasible α (weak duality), → 0 at the optimum
};

// C-SVC over cSvcDual, with ρ by `rule` for the slacks.
DualityGap dualityGap(const SmoSolver& solver, BiasRule rule);

struct BinarySolutionView {
  Vector alpha;
  Vector coefficients;  // α_i y_i
  double rho = 0;
  double bias = 0;  // b = −ρ, f(x) = Σ α_i y_i k(x_i, x) + b
  std::vector<SupportCategory> categories;
  Vector slacks;                 // ξ_i
  double primalObjective = 0;    // ½‖w‖² + C Σξ
  double dualObjective = 0;      // the course's maximised dual Σα − ½αᵀQα = −f(α)
  double dualityGap = 0;         // primal − dual ≥ 0
  double alphaSum = 0;           // Σα = ‖w‖² at the hard-margin optimum (004)
  double wNormSquared = 0;       // αᵀQα, any kernel
  std::optional<Vector> w;       // linear kernel only: Σ α_i y_i x_i
  std::optional<double> margin;  // 1/‖w‖ (any kernel, in feature space)
};

BinarySolutionView describeBinarySolution(const SmoSolver& solver, const Matrix& x,
                                          const KernelParams& kernel,
                                          BiasRule rule = BiasRule::Libsvm);

}  // namespace kpg
