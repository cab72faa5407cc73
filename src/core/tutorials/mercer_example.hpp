#pragma once
// The kernel trick and Mercer's condition (course-notes 000 "Kernels", "Building Kernel";
// 004 "The kernel trick", Mercer's theorem and its discrete corollary):
//   k is a (Mercer) kernel ⇔ every Gram matrix Kᵢⱼ = k(xᵢ, xⱼ) is positive semi-definite
//                          ⇔ its eigenvalues are all ≥ 0 (Kᵀ = K, so they are real).
// One page per claim, computed on the student's points: the Gram matrix and its spectrum
// (Eigen::SelfAdjointEigenSolver), the sigmoid kernel tanh(γx·z + r) failing on two points,
// the kernel distance ‖φ(x) − φ(z)‖ = √(k(x,x) − 2k(x,z) + k(z,z)) checked against an explicit φ,
// and the construction rules (sums and products of kernels stay PSD; a difference need not).

#include "kernels/kernel.hpp"
#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

namespace kpg {

struct MercerExampleInput {
  ExactPoints points;   // labels unused
  KernelParams kernel;  // default (1 + x·z)²
  ExactPoints sigmoidPoints;
  KernelParams sigmoid;
  RationalVector distanceFrom, distanceTo;  // 2-D, for the explicit φ of course-notes 001
};

// XOR points with (1 + x·z)²; the sigmoid tanh(x·z) on (1, 0), (2, 0), where
// det K = tanh(1)·tanh(4) − tanh(2)² < 0; the distance between (1, 1) and (1, −1), which is 4.
MercerExampleInput mercerNotesExample();

struct SpectrumCheck {
  Matrix gram;
  Vector eigenvalues;  // ascending
  Vector lowestEigenvector;
  bool positiveSemidefinite = false;  // λ_min ≥ −tolerance
  double tolerance = 0.0;             // 1e-10·max(1, max|λ|)
};

SpectrumCheck checkSpectrum(const Matrix& gram);

// ‖φ(a) − φ(b)‖² for k(x, z) = (1 + x·z)², from the kernel and from the explicit 6-D φ.
Rational kernelDistanceSquared(const RationalVector& a, const RationalVector& b);
Rational featureDistanceSquared(const RationalVector& a, const RationalVector& b);

Tutorial mercerTutorial(const MercerExampleInput& input);

}  // namespace kpg
