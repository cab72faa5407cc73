#pragma once
// The hard-margin SVM solved by hand, as in course-notes 001 (Question 7), for any labelled points
// and the linear kernel:
//
//   minimize  L(α) = ½ Σᵢ Σⱼ αᵢ αⱼ Qᵢⱼ − Σᵢ αᵢ,   Qᵢⱼ = yᵢ yⱼ xᵢ·xⱼ  (Gram matrix of X′ =
//   diag(y)·X) subject to Σᵢ αᵢ yᵢ = 0,  αᵢ ≥ 0.
//
// The notes' method assumes every point is a support vector on the margin, so αᵢ ≥ 0 is dropped:
// eliminate αₙ = −yₙ Σ_{i<n} yᵢ αᵢ with the equality constraint, set the gradient of the reduced
// quadratic to zero and solve that linear system (exactly, in rationals). Then
//   w = Σ αᵢ yᵢ xᵢ,   t from yₛ(w·xₛ − t) = 1 on a support vector (f(x) = w·x − t, bias b = −t),
//   margin m = 1/‖w‖ (the notes' m; the distance between f = +1 and f = −1 is 2/‖w‖).
// For X = [[1,3],[2,1],[0,1]], y = (1,1,−1): α = (1/4, 3/8, 5/8), w = (1, 1/2), t = 3/2, m = 2/√5.
//
// The method is only right when every α it finds is ≥ 0. When one is negative, the point is not a
// support vector at the optimum (it lies beyond the margin, α = 0): solveHandSvm reports that and
// finds the true optimum by trying support-vector sets from small to large (each one an equality-
// constrained KKT system, solved exactly), accepting the first whose α ≥ 0 and whose other points
// satisfy yᵢ f(xᵢ) ≥ 1. That search is exponential and bounded to kMaxExactSearchPoints points.

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

#include <string>
#include <vector>

namespace kpg {

enum class HandSvmStatus {
  AllOnMargin,     // the notes' method applies: every α ≥ 0
  NegativeAlpha,   // some α < 0 with all points on the margin; the true optimum is reported
  NotUnique,       // all-on-margin system singular: α not unique (w still is)
  NotAllOnMargin,  // the points cannot all lie on the margins (system inconsistent)
  NotSeparable,    // no hard-margin solution: the classes are not linearly separable
  TooManyPoints,   // the notes' method failed and the exact search is bounded
  InvalidData,
};

inline constexpr std::size_t kMaxExactSearchPoints = 12;

struct HandSvmResult {
  HandSvmStatus status = HandSvmStatus::InvalidData;
  std::string message;  // why the data was rejected (InvalidData)

  // Steps 1–4 with every point assumed on the margin.
  RationalMatrix labelledGram;      // Qᵢⱼ = yᵢ yⱼ xᵢ·xⱼ
  RationalVector eliminated;        // αₙ = Σ_{i<n} eliminated[i]·αᵢ
  RationalMatrix reducedHessian;    // R: ½βᵀRβ − eᵀβ in β = (α₁ … αₙ₋₁)
  RationalVector reducedLinear;     // e
  RationalVector alphaAllOnMargin;  // empty when the system has no unique solution
  std::vector<std::size_t> negativeAlpha;  // 0-based indices with α < 0 above

  // The hard-margin optimum (steps 5–7); valid when hasSolution.
  bool hasSolution = false;
  RationalVector alpha;
  std::vector<std::size_t> supportVectors;  // α > 0
  RationalVector w;
  Rational threshold;    // t in f(x) = w·x − t
  Rational bias;         // b = −t in f(x) = w·x + b
  Rational normSquared;  // ‖w‖² (= Σαᵢ at the optimum, course-notes 004)
  Surd norm;             // ‖w‖
  Surd margin;           // 1/‖w‖
  Surd marginWidth;      // 2/‖w‖
  bool exact = true;     // every number above is an exact rational (or surd)
};

HandSvmResult solveHandSvm(const ExactPoints& points);

// The seven steps of the notes as tutorial pages, derived from `points`.
Tutorial handSolvedSvmTutorial(const ExactPoints& points);

// X = [[1,3],[2,1],[0,1]], y = (1, 1, −1) (course-notes 001, Question 7).
ExactPoints handSolvedSvmNotesData();

}  // namespace kpg
