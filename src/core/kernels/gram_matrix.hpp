#pragma once
// The Gram matrix G_ij = k(x_i, x_j) of a sample set (course-notes 001 "Gram Matrix", 000
// "Mercer"). Rows of `x` are samples. Both go through kernelColumn/kernelRow (kernel_block.hpp);
// only the upper triangle of G is evaluated, since k is symmetric for every kernel here.

#include "kernels/kernel.hpp"

namespace kpg {

Matrix gramMatrix(const KernelParams& params, const Matrix& x);

// The rectangular kernel matrix K_ij = k(a_i, b_j), e.g. test points against training points.
Matrix crossKernelMatrix(const KernelParams& params, const Matrix& a, const Matrix& b);

}  // namespace kpg
