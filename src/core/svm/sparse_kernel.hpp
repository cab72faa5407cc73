#pragma once
// The four kernels of kernels/kernel.hpp on sparse rows (data/sparse_rows.hpp). Each kernel of the
// course depends on its two points through one number: x·x' (linear, polynomial, sigmoid) or
// ‖x − x'‖² (Gaussian), so the sparse evaluation computes that number by a merge over the
// non-zeros and applies the formula to it; nothing is densified per pair (the reliability audit's
// F4: a model with one support vector index 1 000 000 took 10.8 s where svm-predict takes 0.01 s).
// The formulas themselves are kernelFromProducts (kernels/kernel.hpp), the one scalar form that
// kernelValue uses too.

#include "data/sparse_rows.hpp"
#include "kernels/kernel.hpp"

namespace kpg {

double kernelValue(const KernelParams& params, const SparseRowView& a, const SparseRowView& b);

// G_ij = k(x_i, x_j) over the rows of `x` (course-notes 001 "Gram Matrix"); the upper triangle is
// evaluated and mirrored, as gramMatrix does for dense rows.
Matrix gramMatrix(const KernelParams& params, const SparseRows& x);

}  // namespace kpg
