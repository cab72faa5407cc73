#include "kernel_kmeans/kernel_kmeans.hpp"

#include "kernel_pca/gram_budget.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/kernel_block.hpp"
#include "perceptron/sample_checks.hpp"

#include <algorithm>
#include <utility>

namespace kpg {

std::string_view kmeansStatusText(RunStatus status) {
  return runStatusWords(status, "did not converge within the iteration cap");
}

void KernelKmeans::fail(std::string message) {
  status_ = RunStatus::InvalidInput;
  message_ = std::move(message);
}

KernelKmeans::KernelKmeans(const Matrix& x, const KernelParams& kernel,
                           const KernelKmeansOptions& options)
    : options_(options), kernel_(kernel), rngState_(options.seed) {
  if (auto error = setUp(x)) fail(*error);
}

std::optional<std::string> KernelKmeans::setUp(const Matrix& x) {
  const KernelParams& kernel = kernel_;
  const KernelKmeansOptions& options = options_;
  if (auto error = checkSamples(x, "kernel k-means")) return error;
  if (auto error = validate(kernel))
    return std::optional<std::string>("kernel k-means: " + error->message);
  const Eigen::Index n = x.rows();
  if (options.clusters < 1)
    return std::optional<std::string>("kernel k-means: k must be >= 1, got " +
                                      std::to_string(options.clusters));
  if (options.clusters > n) {
    return std::optional<std::string>("kernel k-means: k = " + std::to_string(options.clusters) +
                                      " clusters but only " + std::to_string(n) +
                                      " samples; choose k <= the number of samples");
  }
  if (options.maxIterations < 1) {
    return std::optional<std::string>("kernel k-means: maxIterations must be >= 1, got " +
                                      std::to_string(options.maxIterations));
  }
  if (!options.initialCenters.empty()) {
    if (static_cast<int>(options.initialCenters.size()) != options.clusters) {
      return std::optional<std::string>(
          "kernel k-means: " + std::to_string(options.initialCenters.size()) +
          " initial centres given for k = " + std::to_string(options.clusters));
    }
    for (std::size_t a = 0; a < options.initialCenters.size(); ++a) {
      const Eigen::Index c = options.initialCenters[a];
      if (c < 0 || c >= n) {
        return std::optional<std::string>("kernel k-means: initial centre index " +
                                          std::to_string(c) + " is outside 0.." +
                                          std::to_string(n - 1));
      }
      for (std::size_t b = 0; b < a; ++b) {
        if (options.initialCenters[b] == c)
          return std::optional<std::string>("kernel k-means: initial centre " + std::to_string(c) +
                                            " given twice");
      }
    }
  }
  if (auto error = checkGramBudget(n, 1, options.gramBudgetBytes, "kernel k-means")) return error;
  auto gram = std::make_shared<Matrix>(gramMatrix(kernel, x));
  if (auto error = checkKernelFinite(*gram, "kernel k-means")) return error;  // P3, G7
  gram_ = std::move(gram);
  samples_ = KernelSamples<double>(x);
  if (options.initialCenters.empty()) {
    chooseCentersPlusPlus();
  } else {
    initialCenters_ = options.initialCenters;
  }
  alpha_ = Matrix::Zero(n, options.clusters);
  for (int c = 0; c < options.clusters; ++c) alpha_(initialCenters_[c], c) = 1.0;
  updateMeanTerms();
  status_ = RunStatus::Running;
  message_ = "running";
  return std::nullopt;
}

void KernelKmeans::chooseCentersPlusPlus() {
  const Matrix& K = *gram_;
  const Eigen::Index n = K.rows();
  std::vector<bool> chosen(static_cast<std::size_t>(n), false);
  const auto pick = [&](Eigen::Index i) {
    initialCenters_.push_back(i);
    chosen[static_cast<std::size_t>(i)] = true;
  };
  pick(static_cast<Eigen::Index>(nextRandom(rngState_) % static_cast<std::uint64_t>(n)));
  // d(i) = min over chosen c of ‖φ(xᵢ) − φ(x_c)‖² = K_ii − 2K_ic + K_cc (clamped at 0: round-off,
  // or a kernel that is not PSD, must not give a negative weight).
  Vector d(n);
  const auto distanceTo = [&K](Eigen::Index i, Eigen::Index c) {
    return std::max(0.0, K(i, i) - 2.0 * K(i, c) + K(c, c));
  };
  for (Eigen::Index i = 0; i < n; ++i) d(i) = distanceTo(i, initialCenters_[0]);
  while (static_cast<int>(initialCenters_.size()) < options_.clusters) {
    double total = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) total += chosen[static_cast<std::size_t>(i)] ? 0.0 : d(i);
    Eigen::Index next = -1;
    if (total > 0.0) {
      const double r = nextUniform(rngState_) * total;
      double cumulative = 0.0;
      for (Eigen::Index i = 0; i < n; ++i) {
        if (chosen[static_cast<std::size_t>(i)] || d(i) <= 0.0) continue;
        cumulative += d(i);
        next = i;  // the last positive one also catches r rounding up to total
        if (cumulative > r) break;
      }
    } else {
      // Every remaining sample coincides with a centre in feature space: take the lowest index.
      for (Eigen::Index i = 0; i < n && next < 0; ++i)
        if (!chosen[static_cast<std::size_t>(i)]) next = i;
    }
    pick(next);
    for (Eigen::Index i = 0; i < n; ++i) d(i) = std::min(d(i), distanceTo(i, next));
  }
}

void KernelKmeans::updateMeanTerms() {
  // ‖μᵢ‖² = Σⱼ,ₖ αʲᵢ αᵏᵢ k(xⱼ, xₖ) = αᵢᵀ K αᵢ
  const Matrix Ka = (*gram_) * alpha_;
  meanNorms_ = (alpha_.transpose() * Ka).diagonal();
}

Matrix KernelKmeans::trainingDistancesSquared() const {
  if (!gram_) return Matrix();
  const Matrix& K = *gram_;
  Matrix D = -2.0 * (K * alpha_);
  D.colwise() += K.diagonal();
  D.rowwise() += meanNorms_.transpose();
  return D;
}

std::vector<int> KernelKmeans::clusterSizes() const {
  std::vector<int> sizes(static_cast<std::size_t>(std::max(options_.clusters, 0)), 0);
  for (int c : assignment_) ++sizes[static_cast<std::size_t>(c)];
  return sizes;
}

KernelKmeansStep KernelKmeans::step() {
  KernelKmeansStep record;
  record.statusAfter = status_;
  record.stepsDone = iteration_;
  if (status_ != RunStatus::Running) return record;
  const Eigen::Index n = samples_.size();
  const int k = options_.clusters;
  const Matrix D = trainingDistancesSquared();

  // Assignment: nearest mean, lower cluster index on ties (strict <).
  std::vector<int> next(static_cast<std::size_t>(n));
  std::vector<int> sizes(static_cast<std::size_t>(k), 0);
  for (Eigen::Index i = 0; i < n; ++i) {
    int best = 0;
    for (int c = 1; c < k; ++c)
      if (D(i, c) < D(i, best)) best = c;
    next[static_cast<std::size_t>(i)] = best;
    ++sizes[static_cast<std::size_t>(best)];
  }
  // Empty clusters: reseed with the sample farthest from its own mean, from a cluster that keeps
  // a member. Since k ≤ n, some cluster has ≥ 2 members whenever one is empty.
  for (int c = 0; c < k; ++c) {
    if (sizes[static_cast<std::size_t>(c)] > 0) continue;
    Eigen::Index farthest = -1;
    for (Eigen::Index i = 0; i < n; ++i) {
      const int own = next[static_cast<std::size_t>(i)];
      if (sizes[static_cast<std::size_t>(own)] < 2) continue;
      if (farthest < 0 || D(i, own) > D(farthest, next[static_cast<std::size_t>(farthest)]))
        farthest = i;
    }
    --sizes[static_cast<std::size_t>(next[static_cast<std::size_t>(farthest)])];
    next[static_cast<std::size_t>(farthest)] = c;
    sizes[static_cast<std::size_t>(c)] = 1;
    record.reseeds.emplace_back(c, farthest);
  }
  if (assignment_.empty()) {
    record.changed = n;
  } else {
    for (Eigen::Index i = 0; i < n; ++i)
      if (next[static_cast<std::size_t>(i)] != assignment_[static_cast<std::size_t>(i)])
        ++record.changed;
  }
  assignment_ = std::move(next);

  // Mean update in dual form: αʲᵢ = 1/Nᵢ for the members of cluster i (000).
  alpha_.setZero();
  for (Eigen::Index i = 0; i < n; ++i) {
    const int c = assignment_[static_cast<std::size_t>(i)];
    alpha_(i, c) = 1.0 / sizes[static_cast<std::size_t>(c)];
  }
  updateMeanTerms();
  const Matrix after = trainingDistancesSquared();
  objective_ = 0.0;
  for (Eigen::Index i = 0; i < n; ++i)
    objective_ += std::max(0.0, after(i, assignment_[static_cast<std::size_t>(i)]));

  ++iteration_;
  if (record.changed == 0) {
    status_ = RunStatus::Converged;
    message_ = "converged after " + std::to_string(iteration_) + " iteration(s)";
  } else if (iteration_ >= options_.maxIterations) {
    status_ = RunStatus::CapReached;
    message_ = "did not converge within " + std::to_string(options_.maxIterations) +
               " iterations (" + std::to_string(record.changed) +
               " assignment(s) changed in the last one)";
  }
  record.stepsDone = iteration_;
  record.assignment = assignment_;
  record.objective = objective_;
  record.statusAfter = status_;
  return record;
}

std::int64_t KernelKmeans::run(std::int64_t maxSteps) {
  return runSteps(*this, maxSteps);
}

RunStatus KernelKmeans::solve() {
  return solveSteps(*this);
}

KmeansAssignment KernelKmeans::assign(const VectorRef& x) const {
  KmeansAssignment result;
  if (!gram_) return result;
  const Vector row = kernelRow(kernel_, samples_, x);  // k(xⱼ, x)
  const double kxx = kernelValue(kernel_, x, x);
  result.distancesSquared = (-2.0 * (alpha_.transpose() * row)).array() + kxx;
  result.distancesSquared += meanNorms_;
  Eigen::Index best = 0;
  for (Eigen::Index c = 1; c < result.distancesSquared.size(); ++c)
    if (result.distancesSquared(c) < result.distancesSquared(best)) best = c;
  result.cluster = static_cast<int>(best);
  return result;
}

}  // namespace kpg
