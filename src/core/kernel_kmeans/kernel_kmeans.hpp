#pragma once
// Kernel k-means (course-notes 000 "Kernel K-Means"): Lloyd's k-means run in feature space, with
// each mean kept in dual form μᵢ = Σⱼ αʲᵢ φ(xⱼ), αʲᵢ = 1/Nᵢ for the Nᵢ members of cluster i and 0
// otherwise (written alpha(j, i) here). The squared distance of a point to a mean is
//     ‖φ(x) − μᵢ‖² = k(x, x) − 2 Σⱼ αʲᵢ k(xⱼ, x) + Σⱼ,ₖ αʲᵢ αᵏᵢ k(xⱼ, xₖ)
// and the objective is Σₙ ‖φ(xₙ) − μ_{c(n)}‖².
//
// One step() = one assignment of every sample to its nearest mean (ties → lower cluster index)
// followed by the mean update α ← 1/Nᵢ; the record carries the objective after the update. The
// algorithm has converged when a step changes no assignment; an iteration cap bounds it.
//
// Initialization: k-means++ (Arthur & Vassilvitskii 2007) in feature space — the first centre is a
// uniformly drawn sample, each further one a sample drawn with probability ∝ its squared
// feature-space distance to the nearest centre chosen so far. Initial means are single samples
// (α = indicator). Callers may instead give the k initial sample indices.
//
// Empty-cluster policy (docs/bad-inputs.md G11; mlpack #595): when an assignment leaves cluster i empty,
// it is reseeded with the sample farthest (in feature space) from its own assigned mean, taken
// from a cluster that keeps at least one member; lowest index on ties. Empty clusters are handled
// in increasing index order, and each reseed is reported in the step record. So every cluster is
// non-empty after each step and no mean is ever 0/0.
//
// Shape (run_status.hpp, the same as SMO and the perceptrons): step() returns a record with
// statusAfter and stepsDone, run(n) and solve() loop over it, status() and message().
//
// k > n is an error. The Gram matrix is shared between copies (shared_ptr<const>) so snapshots
// for the UI's history are cheap; its size is checked against a byte budget first (R1).

#include "kernels/kernel_block.hpp"
#include "run_status.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

struct KernelKmeansOptions {
  int clusters = 2;  // k
  std::uint64_t seed = 1;
  int maxIterations = 300;
  // When non-empty: the k sample indices used as initial means, instead of k-means++.
  std::vector<Eigen::Index> initialCenters;
  std::size_t gramBudgetBytes = std::size_t{1} << 30;
};

struct KernelKmeansStep {
  std::int64_t stepsDone = 0;   // steps made after this one: this step's 1-based number
  std::vector<int> assignment;  // after the step
  long long changed = 0;        // samples whose cluster changed (all of them on the first step)
  double objective = 0;         // Σ ‖φ(xₙ) − μ_{c(n)}‖² with the updated means
  // Empty-cluster reseeds made in this step: (cluster, sample moved into it).
  std::vector<std::pair<int, Eigen::Index>> reseeds;
  // Converged: the step changed no assignment; CapReached: maxIterations steps without
  // converging; InvalidInput: refused at construction (see message()).
  RunStatus statusAfter = RunStatus::Running;
};

struct KmeansAssignment {
  int cluster = -1;
  Vector distancesSquared;  // to each mean
};

// Kernel k-means' words for a status ("converged", "did not converge within the iteration cap"):
// what `kpg kmeans` prints after "status:" and window.kpg's state().mode.status.
std::string_view kmeansStatusText(RunStatus status);

class KernelKmeans {
 public:
  KernelKmeans(const Matrix& x, const KernelParams& kernel, const KernelKmeansOptions& options);

  KernelKmeansStep step();
  // Up to maxSteps steps, stopping when finished; returns the number made.
  std::int64_t run(std::int64_t maxSteps);
  // Until converged or the iteration cap.
  RunStatus solve();

  RunStatus status() const { return status_; }
  const std::string& message() const { return message_; }
  bool finished() const { return status_ != RunStatus::Running; }
  std::int64_t stepsDone() const { return iteration_; }
  int iteration() const { return iteration_; }  // the notes' word for stepsDone()
  int clusters() const { return options_.clusters; }
  // Cluster of each sample after the last step (empty before the first step).
  const std::vector<int>& assignment() const { return assignment_; }
  // n × k dual coefficients of the current means (column i is αᵢ).
  const Matrix& alpha() const { return alpha_; }
  // The sample indices chosen as initial means.
  const std::vector<Eigen::Index>& initialCenters() const { return initialCenters_; }
  double objective() const { return objective_; }  // after the last step
  std::vector<int> clusterSizes() const;
  const KernelParams& kernel() const { return kernel_; }
  const Matrix& samples() const { return samples_.x; }

  // Nearest current mean for a new point (for drawing cluster regions over the plane).
  KmeansAssignment assign(const VectorRef& x) const;
  // n × k squared feature-space distances of the training samples to the current means.
  Matrix trainingDistancesSquared() const;

 private:
  std::optional<std::string> setUp(const Matrix& x);
  void fail(std::string message);
  void chooseCentersPlusPlus();
  void updateMeanTerms();

  KernelKmeansOptions options_;
  KernelParams kernel_;
  KernelSamples<double> samples_;  // the training set, for kernel rows of new points
  std::shared_ptr<const Matrix> gram_;
  Matrix alpha_;      // n × k
  Vector meanNorms_;  // αᵢᵀ K αᵢ = ‖μᵢ‖², per cluster
  std::vector<int> assignment_;
  std::vector<Eigen::Index> initialCenters_;
  std::uint64_t rngState_ = 0;
  int iteration_ = 0;
  double objective_ = 0;
  RunStatus status_ = RunStatus::InvalidInput;
  std::string message_;
};

}  // namespace kpg
