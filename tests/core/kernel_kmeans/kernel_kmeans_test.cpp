#include "kernel_kmeans/kernel_kmeans.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using namespace kpg;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {

// Three blobs around (0, 0), (6, 0), (3, 5) with deterministic jitter.
Matrix blobs(int perBlob) {
  const double cx[] = {0, 6, 3};
  const double cy[] = {0, 0, 5};
  Matrix x(3 * perBlob, 2);
  for (int b = 0; b < 3; ++b) {
    for (int i = 0; i < perBlob; ++i) {
      const double t = 1.7 * i + 0.3 * b;
      x(b * perBlob + i, 0) = cx[b] + 1.5 * std::sin(t) * std::cos(3.1 * t);
      x(b * perBlob + i, 1) = cy[b] + 1.5 * std::cos(1.3 * t);
    }
  }
  return x;
}

// Lloyd's k-means, written out: nearest centre (lower index on ties), then centre = mean.
struct Lloyd {
  Matrix centers;
  std::vector<int> assignment;
  double objective = 0;
  long long step(const Matrix& x) {
    const Eigen::Index k = centers.rows();
    std::vector<int> next(static_cast<std::size_t>(x.rows()));
    long long changed = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
      int best = 0;
      for (int c = 1; c < k; ++c) {
        if ((x.row(i) - centers.row(c)).squaredNorm() <
            (x.row(i) - centers.row(best)).squaredNorm())
          best = c;
      }
      next[static_cast<std::size_t>(i)] = best;
      if (assignment.empty() || assignment[static_cast<std::size_t>(i)] != best) ++changed;
    }
    assignment = next;
    Matrix sums = Matrix::Zero(k, x.cols());
    Vector counts = Vector::Zero(k);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
      sums.row(next[static_cast<std::size_t>(i)]) += x.row(i);
      counts(next[static_cast<std::size_t>(i)]) += 1;
    }
    for (Eigen::Index c = 0; c < k; ++c) centers.row(c) = sums.row(c) / counts(c);
    objective = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      objective += (x.row(i) - centers.row(next[static_cast<std::size_t>(i)])).squaredNorm();
    return changed;
  }
};

}  // namespace

TEST_CASE("KernelKmeans: with the linear kernel it is Lloyd's k-means step by step", "[kmeans]") {
  const Matrix x = blobs(12);
  // Start from three samples of the FIRST blob, so several steps are needed.
  const std::vector<Eigen::Index> start = {0, 1, 2};
  KernelKmeansOptions options;
  options.clusters = 3;
  options.initialCenters = start;
  KernelKmeans kmeans(x, KernelParams::linear(), options);
  REQUIRE(kmeans.status() == RunStatus::Running);
  Lloyd lloyd;
  lloyd.centers = Matrix(3, 2);
  for (int c = 0; c < 3; ++c) lloyd.centers.row(c) = x.row(start[c]);

  int steps = 0;
  while (!kmeans.finished()) {
    const KernelKmeansStep record = kmeans.step();
    const long long changed = lloyd.step(x);
    ++steps;
    REQUIRE(record.reseeds.empty());
    CHECK(record.assignment == lloyd.assignment);
    CHECK(record.changed == changed);
    CHECK_THAT(record.objective, WithinAbs(lloyd.objective, 1e-9));
    // The mean in dual form, Σⱼ αʲᵢ xⱼ, is Lloyd's centre.
    const Matrix means = kmeans.alpha().transpose() * x;
    CHECK((means - lloyd.centers).norm() < 1e-12);
  }
  CHECK(kmeans.status() == RunStatus::Converged);
  CHECK(steps >= 3);
  // The three blobs are found.
  const std::vector<int>& a = kmeans.assignment();
  for (int b = 0; b < 3; ++b)
    for (int i = 1; i < 12; ++i) CHECK(a[b * 12 + i] == a[b * 12]);
  CHECK(std::set<int>{a[0], a[12], a[24]}.size() == 3);
}

TEST_CASE("KernelKmeans: the objective never increases and assign() agrees with training",
          "[kmeans]") {
  const Matrix x = blobs(10);
  KernelKmeansOptions options;
  options.clusters = 4;
  options.seed = 11;
  KernelKmeans kmeans(x, KernelParams::rbf(0.2), options);
  double previous = INFINITY;
  while (!kmeans.finished()) {
    const KernelKmeansStep record = kmeans.step();
    CHECK(record.objective <= previous + 1e-12);
    previous = record.objective;
  }
  CHECK(kmeans.status() == RunStatus::Converged);
  // After convergence each training sample's nearest mean is its own cluster.
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    CHECK(kmeans.assign(x.row(i).transpose()).cluster == kmeans.assignment()[i]);
  CHECK(kmeans.alpha().allFinite());
}

TEST_CASE("KernelKmeans: k-means++ seeding is repeatable and picks distinct samples", "[kmeans]") {
  const Matrix x = blobs(10);
  KernelKmeansOptions options;
  options.clusters = 3;
  options.seed = 5;
  KernelKmeans a(x, KernelParams::rbf(0.5), options);
  KernelKmeans b(x, KernelParams::rbf(0.5), options);
  CHECK(a.initialCenters() == b.initialCenters());
  CHECK(std::set<Eigen::Index>(a.initialCenters().begin(), a.initialCenters().end()).size() == 3);
  a.solve();
  b.solve();
  CHECK(a.assignment() == b.assignment());
}

TEST_CASE("KernelKmeans: an emptied cluster is reseeded with the farthest sample (G11)",
          "[kmeans]") {
  // Samples 0 and 1 coincide; both are initial centres, so cluster 1 loses every tie and is
  // empty after the first assignment. The farthest sample from its mean, x = 5, is moved there.
  Matrix x(3, 1);
  x << 0, 0, 5;
  KernelKmeansOptions options;
  options.clusters = 2;
  options.initialCenters = {0, 1};
  KernelKmeans kmeans(x, KernelParams::linear(), options);
  const KernelKmeansStep first = kmeans.step();
  REQUIRE(first.reseeds.size() == 1);
  CHECK(first.reseeds[0] == std::make_pair(1, Eigen::Index{2}));
  CHECK(first.assignment == std::vector<int>{0, 0, 1});
  CHECK(first.objective == 0.0);
  CHECK(kmeans.step().changed == 0);
  CHECK(kmeans.status() == RunStatus::Converged);
}

TEST_CASE("KernelKmeans: identical points give non-empty clusters and no NaN", "[kmeans]") {
  const Matrix x = Matrix::Constant(5, 2, 1.5);
  KernelKmeansOptions options;
  options.clusters = 3;
  KernelKmeans kmeans(x, KernelParams::rbf(1), options);
  CHECK(kmeans.solve() == RunStatus::Converged);
  for (int size : kmeans.clusterSizes()) CHECK(size >= 1);
  CHECK(kmeans.alpha().allFinite());
  CHECK(kmeans.objective() == 0.0);
}

TEST_CASE("KernelKmeans: the iteration cap stops it and says so", "[kmeans]") {
  const Matrix x = blobs(12);
  KernelKmeansOptions options;
  options.clusters = 3;
  options.initialCenters = {0, 1, 2};
  options.maxIterations = 1;
  KernelKmeans kmeans(x, KernelParams::linear(), options);
  kmeans.step();
  CHECK(kmeans.status() == RunStatus::CapReached);
  CHECK_THAT(kmeans.message(), Contains("did not converge within 1 iterations"));
  const KernelKmeansStep after = kmeans.step();  // finished: nothing happens
  CHECK(after.stepsDone == 1);
  CHECK(after.changed == 0);
  CHECK(after.statusAfter == RunStatus::CapReached);
  CHECK(kmeansStatusText(kmeans.status()) == "did not converge within the iteration cap");
}

TEST_CASE("KernelKmeans: run(n) counts the steps it made and solve() finishes what run began",
          "[kmeans]") {
  // The shared vocabulary (run_status.hpp): run returns the steps taken, each record's stepsDone
  // counts from 1, and a copy that solves to the end agrees with one stepped by hand.
  const Matrix x = blobs(12);
  KernelKmeansOptions options;
  options.clusters = 3;
  options.initialCenters = {0, 1, 2};
  KernelKmeans stepped(x, KernelParams::rbf(0.5), options);
  KernelKmeans solved = stepped;
  std::int64_t count = 0;
  while (!stepped.finished()) {
    const KernelKmeansStep s = stepped.step();
    ++count;
    CHECK(s.stepsDone == count);
    CHECK(s.statusAfter == stepped.status());
  }
  REQUIRE(stepped.status() == RunStatus::Converged);
  CHECK(solved.run(1) == 1);
  CHECK(solved.stepsDone() == 1);
  CHECK(solved.solve() == RunStatus::Converged);
  CHECK(solved.stepsDone() == count);
  CHECK(solved.assignment() == stepped.assignment());
  CHECK(solved.run(5) == 0);  // finished: no step is made
}

TEST_CASE("KernelKmeans: degenerate inputs are refused with specific messages", "[kmeans]") {
  KernelKmeansOptions options;
  options.clusters = 4;
  KernelKmeans tooMany(Matrix::Zero(3, 2), KernelParams::linear(), options);
  CHECK(tooMany.status() == RunStatus::InvalidInput);
  CHECK_THAT(tooMany.message(), Contains("k = 4 clusters but only 3 samples"));
  KernelKmeans empty(Matrix(0, 2), KernelParams::linear(), options);
  CHECK_THAT(empty.message(), Contains("no samples"));
  options.clusters = 2;
  options.initialCenters = {0, 0};
  KernelKmeans twice(Matrix::Zero(3, 2), KernelParams::linear(), options);
  CHECK_THAT(twice.message(), Contains("given twice"));
  options.initialCenters.clear();
  options.gramBudgetBytes = 16;
  KernelKmeans big(Matrix::Zero(3, 2), KernelParams::linear(), options);
  CHECK_THAT(big.message(), Contains("needs") && Contains("budget"));
  CHECK(big.assign(Vector::Zero(2)).cluster == -1);
}

TEST_CASE("KernelKmeans: one sample, and two samples in two clusters (G3)", "[kmeans]") {
  KernelKmeansOptions options;
  options.clusters = 1;
  KernelKmeans single(Matrix::Ones(1, 2), KernelParams::rbf(1), options);
  CHECK(single.solve() == RunStatus::Converged);
  CHECK(single.objective() == 0.0);
  options.clusters = 2;
  Matrix two(2, 2);
  two << 0, 0, 3, 4;
  KernelKmeans pair(two, KernelParams::linear(), options);
  CHECK(pair.solve() == RunStatus::Converged);
  CHECK(pair.assignment()[0] != pair.assignment()[1]);
  CHECK(pair.objective() == 0.0);
  // A point nearer (0, 0) joins its cluster.
  CHECK(pair.assign(Vector{{1, 1}}).cluster == pair.assignment()[0]);
  CHECK(pair.assign(Vector{{1, 1}}).distancesSquared(pair.assignment()[0]) == 2.0);
}
