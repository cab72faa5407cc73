#pragma once
// The four kernels of kernels/kernel.hpp on sparse rows (data/sparse_rows.hpp). Each kernel of the
// course depends on its two points through one number: x·x' (linear, polynomial, sigmoid) or
// ‖x − x'‖² (Gaussian), so the sparse evaluation computes that number by a merge over the
// non-zeros and applies the formula to it; nothing is densified per pair (the reliability audit's
// F4: a model with one support vector index 1 000 000 took 10.8 s where svm-predict takes 0.01 s).
//
// kernelFromProducts repeats kernelValue's formulas on the scalar (kernels/ is another owner's
// file; the function belongs beside kernelValue there). tests/core/svm/svm_model_test.cpp pins
// the two equal for every kernel type.

#include "data/sparse_rows.hpp"
#include "kernels/kernel.hpp"

namespace kpg {

// k from x·x' (`dot`) or ‖x − x'‖² (`squaredDistance`); only the one the kernel type uses is read.
//   linear x·x'; polynomial (γ·x·x' + r)^p; Gaussian exp(−γ‖x − x'‖²); sigmoid tanh(γ·x·x' + r)
// (course-notes 000 "Examples of kernels", 004 "Kernels").
double kernelFromProducts(const KernelParams& params, double dot, double squaredDistance);

// True when the kernel reads ‖x − x'‖² rather than x·x'.
inline bool kernelUsesDistance(const KernelParams& params) {
  return params.type == KernelType::Rbf;
}

double kernelValue(const KernelParams& params, const SparseRowView& a, const SparseRowView& b);

// G_ij = k(x_i, x_j) over the rows of `x` (course-notes 001 "Gram Matrix"); the upper triangle is
// evaluated and mirrored, as gramMatrix does for dense rows.
Matrix gramMatrix(const KernelParams& params, const SparseRows& x);

}  // namespace kpg
