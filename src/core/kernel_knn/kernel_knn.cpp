#include "kernel_knn/kernel_knn.hpp"

#include "perceptron/sample_checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace kpg {

double KnnNeighbor::distance() const {
  return std::sqrt(std::max(distanceSquared, 0.0));
}

KernelKnn& KernelKnn::fail(std::string message) {
  *this = KernelKnn();
  status_ = ComputeStatus::InvalidInput;
  message_ = std::move(message);
  return *this;
}

KernelKnn& KernelKnn::compute(const Matrix& x, const Vector& y, const KernelParams& kernel, int k) {
  *this = KernelKnn();
  if (auto error = checkSamples(x, "kernel k-NN")) return fail(*error);
  if (y.size() != x.rows()) {
    return fail("kernel k-NN: " + std::to_string(y.size()) + " labels for " +
                std::to_string(x.rows()) + " samples");
  }
  if (!y.allFinite()) return fail("kernel k-NN: the labels must be finite numbers");
  if (auto error = validate(kernel)) return fail("kernel k-NN: " + error->message);
  if (k < 1 || k > x.rows()) {
    return fail("kernel k-NN: K must be between 1 and the number of training samples (" +
                std::to_string(x.rows()) + "), got " + std::to_string(k));
  }
  KernelSamples<double> samples(x);
  Vector self(x.rows());
  kernelDiagonal(kernel, samples, self.data());
  // k(xᵢ, xᵢ) only: k-NN holds no n×n matrix. A query checks its own kernel row.
  if (auto entry = firstNonFiniteEntry(self)) {
    entry->col = entry->row;
    return fail(kernelOverflowError("kernel k-NN", *entry));
  }
  samples_ = std::move(samples);
  y_ = y;
  selfKernel_ = std::move(self);
  kernel_ = kernel;
  k_ = k;
  status_ = ComputeStatus::Success;
  message_.clear();
  return *this;
}

Vector KernelKnn::distancesSquared(const VectorRef& x) const {
  const double kxx = kernelValue(kernel_, x, x);
  Vector d = kernelRow(kernel_, samples_, x);
  d = (kxx - 2.0 * d.array()).matrix() + selfKernel_;
  return d;
}

KnnQuery KernelKnn::query(const VectorRef& x) const {
  KnnQuery result;
  if (!fitted()) return result;
  const Vector d = distancesSquared(x);
  if (auto entry = firstNonFiniteEntry(d); entry && !x.hasNaN()) {
    result.prediction = std::numeric_limits<double>::quiet_NaN();
    result.error = "kernel k-NN: " + std::string(kKernelOverflowMessage) +
                   "; first between the query and training sample " +
                   std::to_string(entry->row + 1);
    return result;
  }
  std::vector<Eigen::Index> order(static_cast<std::size_t>(d.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  const auto closer = [&d](Eigen::Index a, Eigen::Index b) {
    // NaN cannot occur (finite data and kernel checked at fit; a query with NaN gives NaN d²,
    // which this order puts last).
    if (d(a) != d(b)) return d(a) < d(b) || std::isnan(d(b));
    return a < b;
  };
  const std::size_t k = static_cast<std::size_t>(k_);
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                    closer);
  for (std::size_t r = 0; r < k; ++r)
    result.neighbors.push_back({order[r], d(order[r]), y_(order[r])});
  if (k < order.size()) {
    const Eigen::Index kth = order[k - 1];
    const Eigen::Index next =
        *std::min_element(order.begin() + static_cast<std::ptrdiff_t>(k), order.end(), closer);
    result.distanceTie = d(kth) == d(next);
  }
  for (std::size_t r = 0; r < k; ++r) {
    const double label = result.neighbors[r].label;
    auto it = std::find_if(result.votes.begin(), result.votes.end(),
                           [label](const KnnVote& v) { return v.label == label; });
    if (it == result.votes.end()) {
      result.votes.push_back({label, 1, static_cast<int>(r)});
    } else {
      ++it->votes;
    }
  }
  // Most votes first; among equal votes, the label met first in rank order (the tie rule).
  std::sort(result.votes.begin(), result.votes.end(), [](const KnnVote& a, const KnnVote& b) {
    return a.votes != b.votes ? a.votes > b.votes : a.bestRank < b.bestRank;
  });
  result.prediction = result.votes.front().label;
  result.voteTie = result.votes.size() > 1 && result.votes[1].votes == result.votes[0].votes;
  return result;
}

}  // namespace kpg
