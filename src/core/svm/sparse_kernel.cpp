#include "svm/sparse_kernel.hpp"

#include <cmath>

namespace kpg {

double kernelFromProducts(const KernelParams& params, double dot, double squaredDistance) {
  switch (params.type) {
    case KernelType::Linear:
      return dot;
    case KernelType::Polynomial:
      return std::pow(params.gamma * dot + params.coef0, params.degree);
    case KernelType::Rbf:
      return std::exp(-params.gamma * squaredDistance);
    case KernelType::Sigmoid:
      return std::tanh(params.gamma * dot + params.coef0);
  }
  return 0.0;
}

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
