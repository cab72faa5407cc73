#pragma once
// Kernel PCA (course-notes 000 "Kernel PCA"; Schölkopf, Smola & Müller 1998, "Nonlinear component
// analysis as a kernel eigenvalue problem", Neural Computation 10(5)).
//
// PCA of the centred images φ̃(xₙ) = φ(xₙ) − φ̄, φ̄ = (1/N) Σₗ φ(xₗ), using only the kernel:
//   centred Gram matrix   K̃ = K − 1_N K − K 1_N + 1_N K 1_N      (1_N: N×N, every entry 1/N)
//   eigenproblem          K̃ aᵢ = λᵢ aᵢ,   λ₁ ≥ λ₂ ≥ ...
//   normalization         λᵢ aᵢᵀaᵢ = 1, so that vᵢ = Σₗ aᵢₗ φ̃(xₗ) has ‖vᵢ‖² = aᵢᵀK̃aᵢ = 1
// λᵢ here is an eigenvalue of K̃; the feature-space covariance C = (1/N) Σ φ̃φ̃ᵀ has eigenvalue λᵢ/N
// (000: "K aᵢ = λᵢ N aᵢ" uses C's eigenvalue). scikit-learn's KernelPCA.eigenvalues_ are the
// eigenvalues of K̃ too, so they compare directly. With the linear kernel, K̃ = X̃X̃ᵀ and λᵢ = N·(the
// eigenvalues of the covariance S = (1/N) X̃ᵀX̃).
//
// Projection of a point x onto vᵢ (000's summary writes Σₗ aᵢₗ k(x, xₗ), which forgets that x must
// be centred with the TRAINING mean φ̄ as well):
//   yᵢ(x) = vᵢ·φ̃(x) = Σₗ aᵢₗ φ̃(xₗ)·φ̃(x),    φ̃(xₗ)·φ̃(x) = k̃(x)ₗ with
//   k̃(x)ₗ = k(x, xₗ) − (1/N)Σₘ k(x, xₘ) − (1/N)Σₘ k(xₗ, xₘ) + (1/N²)Σₘ,ₚ k(xₘ, xₚ)
// (expand (φ(xₗ) − φ̄)·(φ(x) − φ̄); Schölkopf et al. 1998, appendix A, "K̃test"; scikit-learn's
// KernelCenterer.transform). For the training points this gives yᵢ(xₙ) = (K̃aᵢ)ₙ = λᵢaᵢₙ.
//
// Policies (docs/bad-inputs.md), following scikit-learn's _check_psd_eigenvalues (PR #12145,
// issue #8368), but applied to the whole spectrum so that a non-PSD kernel is reported even when
// its negative eigenvalues are not among the retained ones:
//   G9  λ_min < −1e-5·λ_max and λ_min < −1e-10: status NotPositiveSemidefinite (never NaN).
//       λ_min < −1e-12·λ_max (beyond round-off) but not significant: clamped to 0 with the warning
//       flag negativeEigenvaluesClamped(). Round-off-sized values, like the 0 of the constant
//       eigenvector, are set to 0 silently.
//       Retained λ below 1e-12·λ_max are set to 0; their coefficients are 0 (zeroComponents()).
//   G10 components > n: InvalidInput. All-identical points (λ_max at round-off level): NoVariance.
//   R1  K, K̃ and the eigenvectors are three n×n matrices: over the byte budget → OverBudget
//       before anything is allocated.
// Eigenvector signs are arbitrary; each aᵢ is flipped so that its largest-magnitude entry is
// positive, so results do not depend on the eigensolver's whims.

#include "compute_status.hpp"
#include "kernels/kernel_block.hpp"

#include <cstddef>
#include <string>

namespace kpg {

struct KernelPcaOptions {
  int components = 2;
  double significantNegativeRatio = 1e-5;  // scikit-learn's value for double precision
  double significantNegativeValue = 1e-10;
  double smallPositiveRatio = 1e-12;
  std::size_t gramBudgetBytes = std::size_t{1} << 30;
};

class KernelPca {
 public:
  KernelPca& compute(const Matrix& x, const KernelParams& kernel, const KernelPcaOptions& options);

  ComputeStatus info() const { return status_; }
  const std::string& message() const { return message_; }

  // The retained eigenvalues λᵢ of K̃, descending, after clamping.
  const Vector& eigenvalues() const { return eigenvalues_; }
  // All N eigenvalues of K̃ as computed (descending, unclamped): the Mercer check made visible.
  const Vector& spectrum() const { return spectrum_; }
  // N × m; column i is aᵢ with λᵢ aᵢᵀaᵢ = 1 (0 for a zero eigenvalue).
  const Matrix& coefficients() const { return coefficients_; }
  // λᵢ / Σ positive λ.
  Vector explainedVarianceRatio() const;
  bool negativeEigenvaluesClamped() const { return clamped_; }
  double mostNegativeEigenvalue() const { return mostNegative_; }
  int zeroComponents() const { return zeroComponents_; }

  // N × m projections of the training samples (λᵢ aᵢₙ).
  Matrix trainingProjections() const;
  // The m coordinates of a new point, with its kernel row centred (see the header comment).
  Vector project(const VectorRef& x) const;
  Matrix projectRows(const Matrix& x) const;  // one point per row

 private:
  ComputeStatus fail(ComputeStatus status, std::string message);

  KernelParams kernel_;
  KernelSamples<double> samples_;  // the training set, for kernel rows of new points
  Vector kernelRowMeans_;          // (1/N) Σₘ k(xₗ, xₘ)
  double kernelMean_ = 0;          // (1/N²) Σₘ,ₚ k(xₘ, xₚ)
  Vector eigenvalues_;
  Vector spectrum_;
  Matrix coefficients_;
  bool clamped_ = false;
  double mostNegative_ = 0;
  int zeroComponents_ = 0;
  ComputeStatus status_ = ComputeStatus::NotComputed;
  std::string message_ = "not computed";
};

}  // namespace kpg
