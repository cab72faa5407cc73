#include "kernels/gram_matrix.hpp"

#include "kernels/kernel_block.hpp"

namespace kpg {

Matrix gramMatrix(const KernelParams& params, const Matrix& x) {
  const KernelSamples<double> samples(x);
  const Index n = samples.size();
  Matrix g(n, n);
  // Column j over rows 0..j (the upper triangle and the diagonal), mirrored: G is symmetric to
  // the bit, which the symmetric eigensolvers of kernel PCA and the Mercer check rely on.
  for (Index j = 0; j < n; ++j) kernelColumn(params, samples, j, j + 1, g.col(j).data());
  for (Index j = 0; j < n; ++j) {
    for (Index i = j + 1; i < n; ++i) g(i, j) = g(j, i);
  }
  return g;
}

Matrix crossKernelMatrix(const KernelParams& params, const Matrix& a, const Matrix& b) {
  const KernelSamples<double> samples(a);
  Matrix k(a.rows(), b.rows());
  for (Index j = 0; j < b.rows(); ++j)
    kernelRow(params, samples, b.row(j).transpose(), k.col(j).data());
  return k;
}

}  // namespace kpg
