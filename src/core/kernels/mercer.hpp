#pragma once
// Mercer's condition checked on data (course-notes 000 "Valid kernels: Mercer Kernel"): k is a
// kernel iff every Gram matrix K_ij = k(x_i, x_j) of a finite set is positive semi-definite. A
// finite sample can refute it (one negative eigenvalue suffices), never prove it.
//
// Verdict with a relative tolerance, because a PSD matrix computed in floating point has
// eigenvalues of order −ε·‖K‖: PSD  ⇔  λ_min ≥ −tolerance · max(|λ_max|, |λ_min|, 1e-300).

#include "kernels/kernel.hpp"

namespace kpg {

struct MercerReport {
  Vector eigenvalues;                 // ascending (Eigen::SelfAdjointEigenSolver)
  double mostNegativeEigenvalue = 0;  // min(λ_min, 0)
  double largestEigenvalue = 0;
  Index negativeCount = 0;  // eigenvalues below −tolerance·scale
  double tolerance = 0;     // the relative tolerance used
  bool positiveSemidefinite = true;
};

// Reads the lower triangle of `gram` (it is assumed symmetric). An empty matrix is PSD.
MercerReport mercerCheck(const Matrix& gram, double relativeTolerance = 1e-10);

}  // namespace kpg
