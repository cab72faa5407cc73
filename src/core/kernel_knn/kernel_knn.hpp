#pragma once
// Kernel k-nearest neighbours (course-notes 000 "Kernelizing k-NN"). The distance in feature space
// needs only the kernel:
//     d²(x, xᵢ) = ‖φ(x) − φ(xᵢ)‖² = k(x, x) − 2 k(x, xᵢ) + k(xᵢ, xᵢ)
// and a query x gets the majority label among its K nearest training samples. With the linear
// kernel d² is the squared Euclidean distance, so this is ordinary k-NN.
//
// Tie rules (fixed, so that the hover display and the prediction agree and tests can pin them):
//  - distance ties: neighbours are ranked by (d², training index); of equally distant samples the
//    one with the lower index ranks first, so it is the one kept when the tie straddles rank K.
//  - vote ties: of the labels with the most votes, the one whose best-ranked neighbour is nearest
//    wins (so K-NN with a tie falls back towards 1-NN). scikit-learn's KNeighborsClassifier
//    instead takes the smallest tied label, which depends on how classes are numbered.
// For a kernel that is not positive semi-definite (sigmoid) d² can be negative; it is ranked as
// computed and reported with distance() = √max(d², 0).
//
// There is no training step: fit() checks and stores the data and the diagonal k(xᵢ, xᵢ).

#include "kernels/kernel_block.hpp"

#include "compute_status.hpp"

#include <optional>
#include <string>
#include <vector>

namespace kpg {

struct KnnNeighbor {
  Eigen::Index index = -1;     // row of the training set
  double distanceSquared = 0;  // k(x, x) − 2k(x, xᵢ) + k(xᵢ, xᵢ), as computed
  double label = 0;
  double distance() const;  // √max(d², 0), for drawing
};

struct KnnVote {
  double label = 0;
  int votes = 0;
  int bestRank = 0;  // rank (0 = nearest) of this label's nearest neighbour
};

struct KnnQuery {
  std::vector<KnnNeighbor> neighbors;  // the K nearest, nearest first
  std::vector<KnnVote> votes;          // one entry per label present, most votes first
  double prediction = 0;
  bool voteTie = false;      // the winner was decided by the tie rule
  bool distanceTie = false;  // the K-th and (K+1)-th neighbours are equally distant
  // A kernel value k(x, xᵢ) of this query is not finite (docs/bad-inputs.md P3, G7): no
  // neighbours and no vote; prediction is NaN and `error` says why.
  std::optional<std::string> error;
};

class KernelKnn {
 public:
  KernelKnn() = default;

  // Checks the data (G1, D4), the kernel and K (1 ≤ K ≤ n). On error info() is InvalidInput,
  // message() says why and the object is left empty (fitted() is false).
  KernelKnn& compute(const Matrix& x, const Vector& y, const KernelParams& kernel, int k);
  ComputeStatus info() const { return status_; }
  const std::string& message() const { return message_; }

  bool fitted() const { return samples_.size() > 0; }
  int k() const { return k_; }
  const KernelParams& kernel() const { return kernel_; }
  const Matrix& samples() const { return samples_.x; }
  const Vector& labels() const { return y_; }

  // d² from x to every training sample.
  Vector distancesSquared(const VectorRef& x) const;
  // The K neighbours, the votes and the prediction. Requires fitted().
  KnnQuery query(const VectorRef& x) const;
  double predict(const VectorRef& x) const { return query(x).prediction; }

 private:
  KernelSamples<double> samples_;
  Vector y_;
  Vector selfKernel_;  // k(xᵢ, xᵢ)
  KernelParams kernel_;
  int k_ = 1;
  ComputeStatus status_ = ComputeStatus::NotComputed;
  std::string message_ = "not computed";

  KernelKnn& fail(std::string message);
};

}  // namespace kpg
