#pragma once
// The honest substitute for a kernel with no finite 3-D map (map_exactness.hpp: RBF, sigmoid,
// polynomial of degree ≥ 3 or with coef0 ≠ 0): the points in their first three kernel-PCA
// coordinates under the lab's kernel (notes 000 "Kernel PCA"; kernel_pca.hpp), labelled as such,
// with the share of each eigenvalue.
//
//   coordinates  yᵢ(xₙ) = λᵢ aᵢₙ, i = 1, 2, 3 (KernelPca::trainingProjections), columns beyond
//                the number of non-zero components (fewer than 3 points, or a rank < 3) are 0
//   explained    λᵢ / Σ positive λ of the whole spectrum (KernelPca::explainedVarianceRatio);
//                descending, and their sum ≤ 1 is what the 3-D view leaves out made visible
//
// Unlike the exact maps, these coordinates are not a φ with φ·φ = k: they are the projections of
// the centred images onto the three directions of largest variance, so no SVM plane is drawn in
// them. Failure (NotPositiveSemidefinite for a sigmoid kernel, OverBudget for many points, …) is
// reported by the KernelPca itself: pca.info() and pca.message().

#include "kernel_pca/kernel_pca.hpp"

#include <Eigen/Core>

namespace kpg {

struct KernelPcaCoordinates {
  KernelPca pca;       // components = min(3, n); info() and message() say whether it worked
  Matrix coordinates;  // n×3 on success, empty otherwise
  Eigen::Vector3d explained = Eigen::Vector3d::Zero();  // 0 beyond the computed components
};

// The first three kernel-PCA coordinates of the rows of x under `kernel`. options.components is
// replaced by min(3, n); the other options (budget, eigenvalue policies) are kept.
KernelPcaCoordinates kernelPcaCoordinates(const Matrix& x, const KernelParams& kernel,
                                          KernelPcaOptions options = {});

}  // namespace kpg
