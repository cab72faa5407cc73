#pragma once
// Which LIBSVM kernel a 3-D feature map reproduces exactly, and the converse: which kernels of the
// lab have an exact finite map that the 3-D view can draw.
//
// Exact means k(x, z) = φ(x)·φ(z) for every x, z of the plane (notes 004 "The kernel trick"):
//   linear          x·z = (x₁, x₂, 0)·(z₁, z₂, 0)                        map: linear
//   polynomial p=1  (γ x·z + 0)¹ = √γ(x₁, x₂, 0)·√γ(z₁, z₂, 0)          map: linear, scale √γ
//   polynomial p=2  (γ x·z + 0)² = γ(x₁², √2 x₁x₂, x₂²)·γ(z₁², …)       map: quadratic, scale γ
// and no other LIBSVM kernel has one:
//   polynomial p ≥ 3, coef0 0: the monomials of degree p, p + 1 > 3 coordinates;
//   polynomial, coef0 r ≠ 0: every degree up to p, (p + 1)(p + 2)/2 coordinates (6 for p = 2, the
//     map of notes 001 "The Kernel Trick"); for p = 1, r > 0 needs a constant coordinate √r
//     the view does not draw, and r < 0 gives k(0, 0) < 0, which no map gives;
//   RBF: the Taylor series of exp, infinitely many coordinates (000 "Notable kernels");
//   sigmoid: not positive semi-definite in general, so no map at all (004, Mercer).
// For those the view shows the first three kernel-PCA coordinates (kpca_coordinates.hpp).
//
// The product, squares and paraboloid kernels are none of LIBSVM's four: the lab trains their SVM
// as a linear SVM on the lifted points φ(xᵢ), where the linear kernel is exactly k = φ·φ
// (trainingKernelFor).

#include "feature_space/feature_maps.hpp"
#include "kernels/kernel.hpp"

#include <optional>
#include <string>

namespace kpg {

// The LIBSVM kernel whose value is φ(x)·φ(z) for this map, if there is one:
// quadratic, scale s ↔ polynomial (γ = s, coef0 0, degree 2); linear, scale 1 ↔ linear, scale s
// ↔ polynomial (γ = s², coef0 0, degree 1); product, squares, paraboloid: none.
std::optional<KernelParams> matchingLibsvmKernel(const FeatureMap& map);

// How the lab trains the SVM drawn in the 3-D view of a map.
struct MapTraining {
  FeatureMap map;       // the map whose φ(xᵢ) the view draws
  KernelParams kernel;  // the kernel the SMO is given
  // true: `kernel` (linear) on the lifted points φ(xᵢ); false: `kernel` on the raw points xᵢ.
  bool onLiftedPoints = false;
};

// Quadratic: the lab's polynomial kernel (γ x·z + 0)² on the raw points, its map scaled by γ
// (γ > 0; LIBSVM's γ). Linear: the linear kernel on the raw points. Product, squares, paraboloid:
// the linear kernel on φ(xᵢ), γ unused (scale 1).
MapTraining trainingFor(FeatureMapKind kind, double gamma);

// For a lab kernel: the exact 3-D map when one exists (see the header comment) and, always, one
// sentence the app can show saying why or why not.
struct ExactMapAnswer {
  std::optional<FeatureMap> map;
  std::string reason;
};
ExactMapAnswer exactFeatureMap(const KernelParams& kernel);

}  // namespace kpg
