#pragma once
// Whether a plane separates two classes of lifted points φ(xᵢ) ∈ ℝ³ (the feature space's "which
// map makes these separable?"), course-notes 000 "separable case": the hard-margin SVM on φ(xᵢ)
// has a solution exactly when the classes' convex hulls are disjoint.
//
// Decided exactly where that is cheap (svm/separability.hpp): two identical images of opposite
// labels (the squares map sends (1, 1) and (−1, 1) to one point), and points that all lie in a
// coordinate plane (the squares map's φ₃ = 0; the paraboloid on one ring), where the 2-D hull test
// applies to the other two coordinates. Otherwise numerically: the soft-margin SVM for
// C = 1, 100, kLiftedSeparabilityC, each run to convergence. A solution with every point on its
// side proves a separating plane exists (Separable, certain). Otherwise NotSeparable, from the
// largest C that settled within kLiftedSeparabilitySteps pair updates (on overlapping classes a
// large C makes SMO crawl): that C's solution is the hard-margin one whenever C is at least the
// hard-margin solution's largest α, so only classes separable by a plane thinner than about
// 1/√C (0.01 at C = 10⁴, 0.1 at 100, in the lifted coordinates) are missed.

#include "svm/separability.hpp"

#include <Eigen/Core>

#include <cstdint>

namespace kpg {

inline constexpr double kLiftedSeparabilityC = 1e4;
inline constexpr std::int64_t kLiftedSeparabilitySteps = 200'000;

SeparabilityResult liftedSeparability(const Eigen::MatrixXd& lifted, const Eigen::VectorXd& y);

}  // namespace kpg
