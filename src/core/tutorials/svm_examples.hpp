#pragma once
// The tutorials driven by the SVM solver (src/core/svm): every number comes from SmoSolver's
// steps and describeBinarySolution, read through their public API.
//
// Anatomy of SMO (course-notes 003 "SMO algo", in its signed notation): with βᵢ = yᵢαᵢ, the dual
//   max D(β) = Σ βᵢyᵢ − ½ Σ βᵢβⱼkᵢⱼ   s.t. Σ βᵢ = 0,  Aᵢ = min(0, Cyᵢ) ≤ βᵢ ≤ Bᵢ = max(0, Cyᵢ)
// has gradient gᵢ = yᵢ − Σⱼ βⱼkᵢⱼ = −yᵢGᵢ (G = Qα − 1 the solver's gradient), and one step is
//   λ = min{(gᵢ − gⱼ)/(kᵢᵢ + kⱼⱼ − 2kᵢⱼ), Bᵢ − βᵢ, βⱼ − Aⱼ},  βᵢ += λ,  βⱼ −= λ,
//   g_s ← g_s − λ(kᵢₛ − kⱼₛ).
// Each page recomputes λ and the new g from 003's formulas and checks them against the solver.
//
// Hard and soft margin (course-notes 000 "non separable case", 004 "The non-separable linear
// case"): the same points solved for C = ∞ and a few finite C; per point α, the category
// (α = 0 beyond the margin, 0 < α < C on it, α = C inside it) and the slack ξ; the margin 1/‖w‖,
// primal ½‖w‖² + CΣξ, dual and their gap.

#include "svm/working_set.hpp"
#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

#include <vector>

namespace kpg {

struct SmoExampleOptions {
  double c = -1;                                   // < 0: C = +∞ (hard margin)
  SelectionRule rule = SelectionRule::FirstOrder;  // 003's maximal violating pair
  int maxPages = 12;  // step pages shown (the run itself goes on to convergence)
  double eps = 1e-9;  // stopping tolerance: tight, so the result matches the exact α
};

Tutorial smoTutorial(const ExactPoints& points, const SmoExampleOptions& options = {});

// The hand-solved data of 001 plus x₄ = (1, 1) labelled −1: still separable (w = (2, 1), b = −4,
// α = (1/2, 2, 0, 5/2) by hand), so C = ∞ exists and a finite C visibly trades margin for slack.
ExactPoints softMarginExampleData();

// cValues: finite C values, largest first is the natural order; C = ∞ is always tried first.
Tutorial softMarginTutorial(const ExactPoints& points,
                            const std::vector<double>& cValues = {10, 1, 0.1});

}  // namespace kpg
