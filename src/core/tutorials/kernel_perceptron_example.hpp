#pragma once
// The dual/kernel perceptron learning XOR (course-notes 001, "Extend the dual perceptron to learn
// the XOR function" and "The Kernel Trick"):
//   k(x, z) = (1 + x·z)² = φ(x)·φ(z),  φ(x) = (1, √2x₁, √2x₂, x₁², x₂², √2x₁x₂)
//   on a mistake at i (yᵢ Σⱼ αⱼyⱼk(xⱼ, xᵢ) ≤ 0): αᵢ ← αᵢ + 1.
// The run uses kpg::KernelPerceptron (perceptron/perceptron.hpp) without bias, points in order,
// as in 001. Here the mistake counts per epoch, α after each epoch, the identity φ(x)·φ(z) =
// (1 + x·z)² checked exactly (the √2 factors multiply to 2), and the learned decision function
// written as a polynomial in x, f(x) = Σⱼ αⱼyⱼ(1 + xⱼ·x)² — for XOR in the notes' order
// (1,1), (−1,−1) negative, (−1,1), (1,−1) positive: α = (1, 1, 1, 1) and f(x) = −8x₁x₂.

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

namespace kpg {

// XOR as in course-notes 001.
ExactPoints xorNotesData();

struct KernelPerceptronEpoch {
  int mistakes = 0;
  RationalVector alphaAfter;
};

struct KernelPerceptronExample {
  std::string error;
  RationalMatrix gram;  // Kᵢⱼ = (1 + xᵢ·xⱼ)²
  std::vector<KernelPerceptronEpoch> epochs;
  bool converged = false;
  RationalVector alpha;
  // f(x) = Σ_k polynomial[k]·monomial_k(x) over (1, x₁, x₂, x₁², x₂², x₁x₂); 2-D data only.
  RationalVector polynomial;
  RationalVector finalScores;  // f(xᵢ)
};

KernelPerceptronExample runKernelPerceptronExample(const ExactPoints& points, int maxEpochs = 100);

// φ(x) of 001 for 2-D x, as surds (entries c·√2 or rational).
std::vector<Surd> quadraticFeatureMap(const RationalVector& x);
// φ(x)·φ(z), exactly.
Rational featureDot(const RationalVector& x, const RationalVector& z);
// (1 + x·z)²
Rational quadraticKernel(const RationalVector& x, const RationalVector& z);

Tutorial kernelPerceptronTutorial(const ExactPoints& points);

}  // namespace kpg
