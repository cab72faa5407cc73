#include "kernel_knn/kernel_knn.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

using namespace kpg;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using kpg::testing::rows;
using kpg::testing::vec;

TEST_CASE("KernelKnn: with the linear kernel it is Euclidean k-NN", "[knn]") {
  // Integer coordinates: squared distances are exact in both computations, so the neighbour sets
  // (ties broken by index in both) must be identical, not just close.
  std::mt19937 generator(3);
  std::uniform_int_distribution<int> coordinate(-5, 5);
  std::uniform_int_distribution<int> label(0, 2);
  Matrix x(40, 2);
  Vector y(40);
  for (Eigen::Index i = 0; i < 40; ++i) {
    x(i, 0) = coordinate(generator);
    x(i, 1) = coordinate(generator);
    y(i) = label(generator);
  }
  for (int k : {1, 3, 5, 8}) {
    KernelKnn knn;
    REQUIRE(knn.compute(x, y, KernelParams::linear(), k).info() == ComputeStatus::Success);
    for (int q = 0; q < 30; ++q) {
      const Vector query = Vector{{double(coordinate(generator)), double(coordinate(generator))}};
      // Plain Euclidean k-NN written out here.
      std::vector<Eigen::Index> order(40);
      std::iota(order.begin(), order.end(), Eigen::Index{0});
      const auto d2 = [&](Eigen::Index i) { return (x.row(i).transpose() - query).squaredNorm(); };
      std::stable_sort(order.begin(), order.end(),
                       [&](Eigen::Index a, Eigen::Index b) { return d2(a) < d2(b); });
      const KnnQuery result = knn.query(query);
      REQUIRE(result.neighbors.size() == static_cast<std::size_t>(k));
      for (int r = 0; r < k; ++r) {
        CHECK(result.neighbors[r].index == order[r]);
        CHECK(result.neighbors[r].distanceSquared == d2(order[r]));
      }
      std::map<double, int> votes;
      for (int r = 0; r < k; ++r) ++votes[y(order[r])];
      int best = 0;
      for (const auto& [l, v] : votes) best = std::max(best, v);
      CHECK(votes[result.prediction] == best);
    }
  }
}

TEST_CASE("KernelKnn: tie rules are pinned (lower index, then nearest label)", "[knn]") {
  // Two samples at distance 1 from the origin: index 0 (label 7) and index 1 (label 3).
  const Matrix x = rows({{1, 0}, {-1, 0}, {0, 3}});
  const Vector y = vec({7, 3, 3});
  KernelKnn knn;
  SECTION("a distance tie keeps the lower index") {
    REQUIRE(knn.compute(x, y, KernelParams::linear(), 1).info() == ComputeStatus::Success);
    const KnnQuery q = knn.query(Vector::Zero(2));
    CHECK(q.neighbors[0].index == 0);
    CHECK(q.prediction == 7.0);
    CHECK(q.distanceTie);
    CHECK_FALSE(q.voteTie);
  }
  SECTION("a vote tie goes to the label of the nearest neighbour") {
    // Query (0.1, 0): d² = 0.81 to index 0 (label 7), 1.21 to index 1 (label 3). One vote each.
    REQUIRE(knn.compute(x, y, KernelParams::linear(), 2).info() == ComputeStatus::Success);
    const KnnQuery q = knn.query(Vector{{0.1, 0}});
    CHECK(q.voteTie);
    CHECK(q.prediction == 7.0);
    // Query (−0.1, 0): the order flips, and so does the winner; a smallest-label rule would say 3
    // both times.
    CHECK(knn.query(Vector{{-0.1, 0}}).prediction == 3.0);
    CHECK(knn.query(Vector{{0.1, 0}}).votes.front().bestRank == 0);
  }
  SECTION("without a tie the majority wins even if its nearest member is farther") {
    REQUIRE(knn.compute(x, y, KernelParams::linear(), 3).info() == ComputeStatus::Success);
    const KnnQuery q = knn.query(Vector{{0.1, 0}});
    CHECK(q.prediction == 3.0);  // 3 has two votes
    CHECK_FALSE(q.voteTie);
    CHECK(q.votes.front().votes == 2);
  }
}

TEST_CASE("KernelKnn: the RBF distance is 2 − 2·exp(−γ‖x − xᵢ‖²)", "[knn]") {
  // k(x, x) = 1 for the Gaussian kernel (000), so d² = 2 − 2k(x, xᵢ): monotone in ‖x − xᵢ‖.
  KernelKnn knn;
  REQUIRE(knn.compute(rows({{0, 0}, {3, 4}}), vec({1, 2}), KernelParams::rbf(0.1), 2).info() ==
          ComputeStatus::Success);
  const KnnQuery q = knn.query(Vector::Zero(2));
  CHECK(q.neighbors[0].index == 0);
  CHECK(q.neighbors[0].distanceSquared == 0.0);
  CHECK_THAT(q.neighbors[1].distanceSquared, WithinAbs(2.0 - 2.0 * std::exp(-2.5), 1e-15));
}

TEST_CASE("KernelKnn: bad inputs are refused with specific messages", "[knn]") {
  KernelKnn knn;
  CHECK_THAT(knn.compute(Matrix(0, 2), Vector(0), KernelParams::linear(), 1).message(),
             Contains("no samples"));
  CHECK_THAT(knn.compute(Matrix(2, 0), vec({1, 2}), KernelParams::linear(), 1).message(),
             Contains("0 features"));
  CHECK_THAT(knn.compute(rows({{1}, {2}}), vec({1, 2}), KernelParams::linear(), 3).message(),
             Contains("K must be between 1 and the number of training samples (2), got 3"));
  CHECK_THAT(knn.compute(rows({{1}, {2}}), vec({1, 2}), KernelParams::linear(), 0).message(),
             Contains("got 0"));
  CHECK_THAT(knn.compute(rows({{1}, {INFINITY}}), vec({1, 2}), KernelParams::linear(), 1).message(),
             Contains("non-finite value at sample 2, feature 1"));
  CHECK_THAT(knn.compute(rows({{1}, {2}}), vec({1, 2}), KernelParams::rbf(-1), 1).message(),
             Contains("gamma"));
  CHECK(knn.info() == ComputeStatus::InvalidInput);
  CHECK_FALSE(knn.fitted());
  CHECK(knn.query(Vector::Zero(1)).neighbors.empty());
  // G2: one class is not an error for k-NN (it predicts that class), and one sample works.
  REQUIRE(knn.compute(rows({{1, 1}}), vec({4}), KernelParams::linear(), 1).info() ==
          ComputeStatus::Success);
  CHECK(knn.predict(Vector::Zero(2)) == 4.0);
}
