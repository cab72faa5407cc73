#include "feature_space/kpca_coordinates.hpp"

#include <algorithm>
#include <utility>

namespace kpg {

KernelPcaCoordinates kernelPcaCoordinates(const Matrix& x, const KernelParams& kernel,
                                          KernelPcaOptions options) {
  // Compared through the type info() returns, so that the status enum may be renamed.
  using Status = decltype(std::declval<const KernelPca&>().info());
  KernelPcaCoordinates result;
  // Fewer than 3 points cannot give 3 components; KernelPca refuses more components than points.
  options.components = static_cast<int>(std::min<Index>(3, x.rows()));
  result.pca.compute(x, kernel, options);
  if (result.pca.info() != Status::Success) return result;
  const Matrix projections = result.pca.trainingProjections();
  const Vector explained = result.pca.explainedVarianceRatio();
  result.coordinates = Matrix::Zero(x.rows(), 3);
  result.coordinates.leftCols(projections.cols()) = projections;
  result.explained.head(explained.size()) = explained;
  return result;
}

}  // namespace kpg
