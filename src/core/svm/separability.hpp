#pragma once
// Whether the hard-margin SVM (C = +∞) of a two-class problem has a solution, so that the lab names
// a hard margin on data that are not linearly separable and stops the run there
// (docs/bad-inputs.md G16).
//
// course-notes 000 ("separable case"): the hard-margin primal min ½‖w‖² s.t. yᵢ(w·φ(xᵢ) + b) ≥ 1
// is feasible exactly when the two classes' images in the kernel's feature space can be strictly
// separated by a hyperplane, i.e. when their convex hulls are disjoint. When they meet, the dual
// max Σαᵢ − ½ΣΣ αᵢαⱼyᵢyⱼk(xᵢ, xⱼ) (Σαᵢyᵢ = 0, αᵢ ≥ 0) is unbounded: a combination of each
// class with the same feature-space mean raises Σαᵢ without changing w, and SMO's α grow
// without end (to the step cap, with a meaningless f).
//
// Decided exactly where that is cheap, Unknown elsewhere (the solver's step cap then applies):
//   - two identical points of opposite labels: NotSeparable under every kernel;
//   - the linear kernel on 2-D points: the classes' convex hulls (Andrew's monotone chain) are
//     tested for a strictly separating line; a separating direction of two disjoint convex
//     polygons is normal to one of their edges (the separating axis theorem), and the edge
//     directions and the vector between two points cover hulls that are a segment or a point;
//   - the RBF kernel with distinct points: its Gram matrix is positive definite, so any labelling
//     is separable in its feature space: Separable.

#include "kernels/kernel.hpp"

#include <Eigen/Dense>

#include <string>

namespace kpg {

enum class Separability { Separable, NotSeparable, Unknown };

struct SeparabilityResult {
  Separability verdict = Separability::Unknown;
  // NotSeparable: why, in the notes' words ("the two classes' convex hulls meet" or "points 3
  // and 7 are the same point with opposite labels").
  std::string reason;
};

// x: one point per row; y: labels ±1 (both classes present, or Unknown is returned).
SeparabilityResult hardMarginSeparability(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
                                          const KernelParams& kernel);

}  // namespace kpg
