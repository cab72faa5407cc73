// docs/bad-inputs.md G15: training is deterministic, and the solution does not depend on the order
// of the rows. The C-SVC dual with an RBF kernel on distinct points is strictly convex, so its α
// is unique: a permutation may change SMO's path, never the support set or the decision function.

#include "data/toy_datasets.hpp"
#include "svm/model_io.hpp"
#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

using kpg::Matrix;
using kpg::Vector;

namespace {

kpg::SvmParams rbfParams() {
  kpg::SvmParams params;
  params.kernel = kpg::KernelParams::rbf(0.5);
  params.c = 1.0;
  params.eps = 1e-10;
  return params;
}

// The support vectors with α clearly above 0, as sorted coordinate pairs.
std::vector<std::array<double, 2>> supportSet(const kpg::SvmModel& model) {
  std::vector<std::array<double, 2>> set;
  for (Eigen::Index s = 0; s < model.supportVectorCount(); ++s) {
    if (std::abs(model.coefficients(0, s)) > 1e-7) {
      set.push_back({model.supportVectors(s, 0), model.supportVectors(s, 1)});
    }
  }
  std::sort(set.begin(), set.end());
  return set;
}

}  // namespace

TEST_CASE("trainSvm: the same data twice gives the same model file, byte for byte (G15)",
          "[svm][bad-input]") {
  const kpg::Dataset data = kpg::makeToyDataset(kpg::ToyKind::Moons, {120, 0.2, 7});
  REQUIRE(data.x.rows() == 120);
  const auto first = kpg::trainSvm(data.x, data.y, rbfParams());
  const auto second = kpg::trainSvm(data.x, data.y, rbfParams());
  REQUIRE(first.ok());
  REQUIRE(second.ok());
  CHECK(kpg::writeModel(first.model) == kpg::writeModel(second.model));
  CHECK(first.subproblems.at(0).iterations == second.subproblems.at(0).iterations);
}

TEST_CASE("trainSvm: shuffled rows give the same support set and predictions (G15)",
          "[svm][bad-input]") {
  const kpg::Dataset data = kpg::makeToyDataset(kpg::ToyKind::Moons, {120, 0.2, 7});
  const Eigen::Index n = data.x.rows();
  // A fixed permutation (i ↦ 37·i mod n, 37 coprime to 120) that keeps row 0 first, so the class
  // order by first appearance, and with it the sign of f, is the same in both runs.
  Matrix shuffledX(n, data.x.cols());
  Vector shuffledY(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    shuffledX.row(i) = data.x.row((37 * i) % n);
    shuffledY(i) = data.y((37 * i) % n);
  }
  const auto original = kpg::trainSvm(data.x, data.y, rbfParams());
  const auto shuffled = kpg::trainSvm(shuffledX, shuffledY, rbfParams());
  REQUIRE(original.ok());
  REQUIRE(shuffled.ok());
  REQUIRE(original.converged());
  REQUIRE(shuffled.converged());

  CHECK(original.subproblems[0].objective ==
        Approx(shuffled.subproblems[0].objective).epsilon(1e-9));
  const auto support = supportSet(original.model);
  CHECK(support.size() > 2);
  CHECK(support == supportSet(shuffled.model));

  // The decision function on a grid over the data, not only the training points.
  for (double a = -1.5; a <= 2.5; a += 0.25) {
    for (double b = -1.0; b <= 1.5; b += 0.25) {
      const Vector x = (Vector(2) << a, b).finished();
      const double f = kpg::decisionValues(original.model, x)(0);
      CHECK(kpg::decisionValues(shuffled.model, x)(0) == Approx(f).margin(1e-6));
    }
  }
}
