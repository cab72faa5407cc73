#include "svm/sparse_kernel.hpp"

#include <cmath>

namespace kpg {

double kernelValue(const KernelParams& params, const SparseRowView& a, const SparseRowView& b) {
  if (kernelUsesDistance(params))
    return kernelFromProducts(params, 0.0, sparseSquaredDistance(a, b));
  return kernelFromProducts(params, sparseDot(a, b), 0.0);
}

Matrix gramMatrix(const KernelParams& params, const SparseRows& x) {
  const Index n = x.rows();
  Matrix g(n, n);
  for (Index i = 0; i < n; ++i) {
    const SparseRowView a = x.row(i);
    for (Index j = i; j < n; ++j) g(i, j) = g(j, i) = kernelValue(params, a, x.row(j));
  }
  return g;
}

}  // namespace kpg
