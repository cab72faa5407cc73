#pragma once
// Hyperplane geometry (course-notes 002 "Separating Hyperplanes"; 004 canonical form and eq. 17):
//   H = {x : ⟨w, x⟩ + b = 0},  unit normal n = w/‖w‖,
//   projection π(x) = x − (⟨w, x⟩ + b)/‖w‖² · w,  signed distance (⟨w, x⟩ + b)/‖w‖,
//   canonical form: scale (w, b) so that minᵢ yᵢ(⟨w, xᵢ⟩ + b) = 1; the margin is then 1/‖w‖,
//   bias of the max-margin w from its support vectors (004 eq. 17, typo fixed):
//     b = 1 − min_{yᵢ=+1} w·xᵢ = −1 − max_{yᵢ=−1} w·xᵢ.
// Everything exact: the distances are surds (c·√r).

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

namespace kpg {

struct GeometryExampleInput {
  ExactPoints points;  // for the canonical form and the bias formulas
  RationalVector w;    // the hyperplane ⟨w, x⟩ + b = 0
  Rational b;
  RationalVector point;  // the point projected onto the hyperplane
};

// course-notes 002's data with the hyperplane its perceptron example ends with, β = (3/2, −1/2),
// β₀ = −7/4, and the point x₃ = (2, 2): π(x₃) = (37/20, 41/20), distance 1/(4‖β‖) = √10/20.
GeometryExampleInput geometryNotesExample();

// π(x) = x − (⟨w, x⟩ + b)/‖w‖² · w
RationalVector projectOntoHyperplane(const RationalVector& w, const Rational& b,
                                     const RationalVector& x);
// (⟨w, x⟩ + b)/‖w‖
Surd signedDistance(const RationalVector& w, const Rational& b, const RationalVector& x);

Tutorial geometryTutorial(const GeometryExampleInput& input);

}  // namespace kpg
