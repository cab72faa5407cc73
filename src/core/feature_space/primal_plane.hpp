#pragma once
// The SVM of the lab as an explicit plane in a 3-D feature space, and that plane's trace on the
// canvas, for the app's 3-D feature-space view.
//
// Primal from dual (notes 000 "SVM - optimization", "dual form"; 004 "The separable linear case"):
//   w = Σᵢ αᵢ yᵢ φ(xᵢ),      f(x) = Σᵢ αᵢ yᵢ k(xᵢ, x) + b = w·φ(x) + b   when k = φ·φ.
// Sign of b: the project's SMO writes f(x) = Σ αᵢyᵢ k(xᵢ, x) − ρ (LIBSVM's rho; svm_model.hpp,
// binaryModel), and the course's bias is b = −ρ (BinarySolutionView::bias). The plane takes b, so
// a caller holding a solver passes b = −solver.rho(rule), as featureSpacePlane(…, solver, rule)
// does. The identity holds for any feasible α, not only at the optimum: the planes drawn while SMO
// steps are the f of each step.
//
// The trace of the plane on the canvas is g(x) = w·φ(x) + b as a function of x = (x₁, x₂), a conic
//   g(x) = a x₁² + b x₁x₂ + c x₂² + d x₁ + e x₂ + f
// whose level sets g = 0 and g = ±1 are the 2-D boundary and margins: the intersections of the
// 3-D planes w·φ + b = 0, ±1 with the surface φ(ℝ²), drawn from the same numbers.

#include "feature_space/feature_maps.hpp"
#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"

#include <Eigen/Core>

namespace kpg {

struct FeatureSpacePlane {
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
  double bias = 0;  // b = −ρ: w·φ(x) + b = f(x)
};

// w = Σ αᵢ yᵢ φ(xᵢ) over the rows of x (n×2), with y = ±1 and α of the same length n; the bias is
// taken as given. Mismatched sizes or x.cols() ≠ 2 give w = 0.
FeatureSpacePlane featureSpacePlane(const FeatureMap& map, const Matrix& x, const Vector& y,
                                    const Vector& alpha, double bias);
// The same from a C-SVC solver over the rows of x (raw 2-D points, whether the solver was given
// them or their images φ(xᵢ)), at its current α, with b = −ρ by `rule`.
FeatureSpacePlane featureSpacePlane(const FeatureMap& map, const Matrix& x, const SmoSolver& solver,
                                    BiasRule rule = BiasRule::Libsvm);

// w·φ(x) + b.
double planeValue(const FeatureSpacePlane& plane, const FeatureMap& map, const Eigen::Vector2d& x);

// g(x) = x1Squared·x₁² + x1x2·x₁x₂ + x2Squared·x₂² + x1·x₁ + x2·x₂ + constant.
struct Conic {
  double x1Squared = 0;
  double x1x2 = 0;
  double x2Squared = 0;
  double x1 = 0;
  double x2 = 0;
  double constant = 0;
};

// The coefficients of g(x) = w·φ(x) + b for the map (w·(s·φ) = (s·w)·φ):
//   quadratic   s(w₁ x₁² + √2 w₂ x₁x₂ + w₃ x₂²) + b
//   product     s(w₁ x₁ + w₂ x₂ + w₃ x₁x₂) + b
//   squares     s(w₁ x₁² + w₂ x₂²) + b                  (φ₃ = 0: w₃ does not enter)
//   paraboloid  s(w₁ x₁ + w₂ x₂ + w₃ (x₁² + x₂²)) + b
//   linear      s(w₁ x₁ + w₂ x₂) + b
Conic planeTrace(const FeatureSpacePlane& plane, const FeatureMap& map);

double conicValue(const Conic& conic, const Eigen::Vector2d& x);

}  // namespace kpg
