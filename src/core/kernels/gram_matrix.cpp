#include "kernels/gram_matrix.hpp"

namespace kpg {

Matrix gramMatrix(const KernelParams& params, const Matrix& x) {
  const Eigen::Index n = x.rows();
  Matrix g(n, n);
  for (Eigen::Index j = 0; j < n; ++j) {
    for (Eigen::Index i = 0; i <= j; ++i) {
      g(i, j) = kernelValue(params, x.row(i).transpose(), x.row(j).transpose());
      g(j, i) = g(i, j);
    }
  }
  return g;
}

Matrix crossKernelMatrix(const KernelParams& params, const Matrix& a, const Matrix& b) {
  Matrix k(a.rows(), b.rows());
  for (Eigen::Index j = 0; j < b.rows(); ++j) {
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
      k(i, j) = kernelValue(params, a.row(i).transpose(), b.row(j).transpose());
    }
  }
  return k;
}

}  // namespace kpg
