// Whether the hard-margin SVM has a solution (src/core/svm/separability.hpp): the course's small
// cases by hand, and, on seeded problems, agreement with what LIBSVM's solver (trainSvm at a
// large C) can achieve: a separable set is classified without error, a non-separable one never
// meets every constraint yᵢf(xᵢ) ≥ 1.
#include "svm/separability.hpp"

#include "svm/svm_model.hpp"
#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace kpg;
using Catch::Matchers::Contains;

namespace {

Eigen::MatrixXd points(std::initializer_list<std::array<double, 2>> rows) {
  Eigen::MatrixXd x(static_cast<Eigen::Index>(rows.size()), 2);
  Eigen::Index i = 0;
  for (const auto& r : rows) {
    x(i, 0) = r[0];
    x(i, 1) = r[1];
    ++i;
  }
  return x;
}

Eigen::VectorXd labels(std::initializer_list<double> values) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double v : values) y(i++) = v;
  return y;
}

Separability verdict(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
                     KernelParams kernel = KernelParams::linear()) {
  return hardMarginSeparability(x, y, kernel).verdict;
}

}  // namespace

TEST_CASE("Separability: the course's cases by hand", "[svm][separability]") {
  // 001 Q7: (1, 3) and (2, 1) against (0, 1), solved with the hard margin.
  CHECK(verdict(points({{1, 3}, {2, 1}, {0, 1}}), labels({1, 1, -1})) == Separability::Separable);
  // XOR: the diagonals cross.
  const auto xor4 = points({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}});
  const auto xorY = labels({-1, -1, 1, 1});
  const SeparabilityResult linear = hardMarginSeparability(xor4, xorY, KernelParams::linear());
  CHECK(linear.verdict == Separability::NotSeparable);
  CHECK_THAT(linear.reason, Contains("convex hulls meet"));
  // The RBF kernel separates any labelling of distinct points; (1 + x·z)² is not decided here.
  CHECK(verdict(xor4, xorY, KernelParams::rbf(0.5)) == Separability::Separable);
  CHECK(verdict(xor4, xorY, KernelParams::polynomial(1, 1, 2)) == Separability::Unknown);
}

TEST_CASE("Separability: hulls that are points or segments, touching hulls",
          "[svm][separability]") {
  // A point inside the other class's segment, and beside it.
  CHECK(verdict(points({{0, 0}, {2, 0}, {1, 0}}), labels({1, 1, -1})) ==
        Separability::NotSeparable);
  CHECK(verdict(points({{0, 0}, {2, 0}, {1, 0.01}}), labels({1, 1, -1})) ==
        Separability::Separable);
  // Two segments on one line, apart and overlapping.
  CHECK(verdict(points({{0, 0}, {1, 0}, {2, 0}, {3, 0}}), labels({1, 1, -1, -1})) ==
        Separability::Separable);
  CHECK(verdict(points({{0, 0}, {2, 0}, {1, 0}, {3, 0}}), labels({1, 1, -1, -1})) ==
        Separability::NotSeparable);
  // One point each.
  CHECK(verdict(points({{0, 0}, {1, 1}}), labels({1, -1})) == Separability::Separable);
  // A point on the triangle's edge: the hulls touch, the margin would be 0.
  CHECK(verdict(points({{0, 0}, {1, 0}, {0, 1}, {0.5, 0.5}, {2, 2}}), labels({1, 1, 1, -1, -1})) ==
        Separability::NotSeparable);
  CHECK(verdict(points({{0, 0}, {1, 0}, {0, 1}, {0.6, 0.6}, {2, 2}}), labels({1, 1, 1, -1, -1})) ==
        Separability::Separable);
}

TEST_CASE("Separability: one point with both labels is separable under no kernel",
          "[svm][separability]") {
  const auto x = points({{0, 0}, {1, 1}, {2, 0}, {1, 1}});
  const auto y = labels({1, 1, -1, -1});
  for (const KernelParams& kernel :
       {KernelParams::linear(), KernelParams::rbf(2), KernelParams::polynomial(1, 1, 3)}) {
    const SeparabilityResult r = hardMarginSeparability(x, y, kernel);
    CHECK(r.verdict == Separability::NotSeparable);
    CHECK_THAT(r.reason, Contains("points 2 and 4 are the same point with opposite labels"));
  }
  // One class only: nothing to decide.
  CHECK(verdict(x, labels({1, 1, 1, 1})) == Separability::Unknown);
}

TEST_CASE("Separability agrees with what the solver achieves at a large C", "[svm][separability]") {
  std::mt19937_64 rng(9);
  std::normal_distribution<double> noise(0.0, 1.0);
  int separable = 0, notSeparable = 0;
  for (int problem = 0; problem < 60; ++problem) {
    const double gap = 0.25 * (problem % 16);  // the classes' centres 0 to 3.75 apart
    Eigen::MatrixXd x(14, 2);
    Eigen::VectorXd y(14);
    for (Eigen::Index i = 0; i < 14; ++i) {
      y(i) = i % 2 == 0 ? 1 : -1;
      x(i, 0) = noise(rng) + (y(i) > 0 ? gap : 0);
      x(i, 1) = noise(rng);
    }
    const Separability v = verdict(x, y);
    REQUIRE(v != Separability::Unknown);
    SvmParams params;
    params.kernel = KernelParams::linear();
    // A large C, and a cap: on non-separable data a huge C makes SMO crawl (its α would be
    // unbounded), and the check below needs only some violated constraint.
    params.c = 1e4;
    params.eps = 1e-4;
    params.maxIterations = 200000;
    const SvmTrainResult trained = trainSvm(x, y, params);
    REQUIRE(trained.ok());
    const Eigen::VectorXd f = predictRows(trained.model, x);
    double worst = std::numeric_limits<double>::infinity();
    for (Eigen::Index i = 0; i < 14; ++i) {
      Eigen::VectorXd row = x.row(i).transpose();
      worst = std::min(worst, y(i) * decisionValues(trained.model, row)(0));
    }
    INFO("problem " << problem << ", gap " << gap << ", min y f " << worst);
    if (v == Separability::Separable) {
      ++separable;
      CHECK(worst > 0);  // every point on its side: the classes are separable
      CHECK((f.array() == y.array()).all());
    } else {
      ++notSeparable;
      CHECK(worst < 1 - 1e-6);  // some constraint yᵢf(xᵢ) ≥ 1 cannot hold
    }
  }
  CHECK(separable >= 10);
  CHECK(notSeparable >= 10);
}
