#include "svm/svm_train.hpp"

#include "svm/cross_validation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

// Three Gaussian blobs labelled 3, 1, 2 in order of first appearance (not sorted).
void threeBlobs(Matrix& x, Vector& y) {
  std::mt19937 engine(9);
  std::normal_distribution<double> normal(0.0, 0.6);
  const int labels[3] = {3, 1, 2};
  const double cx[3] = {0, 3, 0};
  const double cy[3] = {0, 0, 3};
  x.resize(45, 2);
  y.resize(45);
  for (Index i = 0; i < 45; ++i) {
    const int k = static_cast<int>(i % 3);
    x(i, 0) = cx[k] + normal(engine);
    x(i, 1) = cy[k] + normal(engine);
    y(i) = labels[k];
  }
}

Matrix rowsOfClass(const Matrix& x, const Vector& y, int a, int b, Vector& labels) {
  std::vector<Index> rows;
  for (Index i = 0; i < y.size(); ++i)
    if (y(i) == a || y(i) == b) rows.push_back(i);
  Matrix out(static_cast<Index>(rows.size()), x.cols());
  labels.resize(out.rows());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out.row(static_cast<Index>(r)) = x.row(rows[r]);
    labels(static_cast<Index>(r)) = y(rows[r]);
  }
  return out;
}

}  // namespace

TEST_CASE("trainSvm: classes are ordered by first appearance, -1/+1 swapped as LIBSVM", "[svm]") {
  Vector y(5);
  y << 3, 1, 3, 2, 1;
  CHECK(groupClasses(y).labels == std::vector<int>{3, 1, 2});
  CHECK(groupClasses(y).counts == std::vector<Index>{2, 2, 1});
  Vector pm(3);
  pm << -1, 1, -1;
  CHECK(groupClasses(pm).labels == std::vector<int>{1, -1});
  CHECK(groupClasses(pm).classOf == std::vector<int>{1, 0, 1});
  Vector other(3);
  other << 2, 1, 2;
  CHECK(groupClasses(other).labels == std::vector<int>{2, 1});
}

TEST_CASE("trainSvm: one-vs-one support vectors are grouped per class with LIBSVM's sv_coef",
          "[svm]") {
  Matrix x;
  Vector y;
  threeBlobs(x, y);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  params.c = 1.0;
  params.eps = 1e-8;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  CHECK(r.converged());
  const SvmModel& m = r.model;
  CHECK(m.classCount == 3);
  CHECK(m.labels == std::vector<int>{3, 1, 2});
  REQUIRE(m.supportCounts.size() == 3);
  CHECK(m.supportCounts[0] + m.supportCounts[1] + m.supportCounts[2] == m.supportVectorCount());
  CHECK(m.coefficients.rows() == 2);
  CHECK(m.rho.size() == 3);
  REQUIRE(r.subproblems.size() == 3);
  CHECK(r.subproblems[0].labelA == 3);
  CHECK(r.subproblems[0].labelB == 1);
  CHECK(r.subproblems[2].labelA == 1);
  CHECK(r.subproblems[2].labelB == 2);
  // Each SV block holds points of its class, found by looking the row up in the data.
  Index s = 0;
  for (int k = 0; k < 3; ++k) {
    for (int t = 0; t < m.supportCounts[static_cast<std::size_t>(k)]; ++t, ++s) {
      int found = 0;
      for (Index i = 0; i < x.rows(); ++i)
        if (x.row(i) == m.supportVectors.row(s)) found = static_cast<int>(y(i));
      CHECK(found == m.labels[static_cast<std::size_t>(k)]);
    }
  }
  // Each pair's decision value equals that of a binary model trained on the two classes alone.
  const int pairs[3][2] = {{3, 1}, {3, 2}, {1, 2}};
  for (int p = 0; p < 3; ++p) {
    Vector labels;
    const Matrix sub = rowsOfClass(x, y, pairs[p][0], pairs[p][1], labels);
    const SvmTrainResult binary = trainSvm(sub, labels, params);
    REQUIRE(binary.ok());
    REQUIRE(binary.model.labels[0] == pairs[p][0]);
    for (Index i = 0; i < x.rows(); i += 4) {
      const Vector point = x.row(i).transpose();
      CHECK_THAT(decisionValues(m, point)(p),
                 WithinAbs(decisionValues(binary.model, point)(0), 1e-9));
    }
  }
  // Training accuracy on well separated blobs.
  int correct = 0;
  for (Index i = 0; i < x.rows(); ++i)
    if (predict(m, Vector(x.row(i).transpose())) == y(i)) ++correct;
  CHECK(correct >= 43);
}

TEST_CASE("trainSvm: epsilon-SVR on exact line data gives the flattest function in the tube",
          "[svm]") {
  // t = 2x at x = 0..3, ε = 0.1, C large: min ½w² s.t. |w x_i + b − t_i| ≤ ε is tight at x = 0
  // (b = 0.1) and x = 3 (3w + b = 5.9): w = 29/15.
  Matrix x(4, 1);
  x << 0, 1, 2, 3;
  Vector t(4);
  t << 0, 2, 4, 6;
  SvmParams params;
  params.type = SvmType::EpsilonSvr;
  params.kernel = KernelParams::linear();
  params.c = 100;
  params.epsilon = 0.1;
  params.eps = 1e-12;
  const SvmTrainResult r = trainSvm(x, t, params);
  REQUIRE(r.ok());
  CHECK(r.converged());
  const SvmModel& m = r.model;
  CHECK(m.type == SvmType::EpsilonSvr);
  CHECK_THAT(m.coefficients.sum(), WithinAbs(0.0, 1e-12));  // Σ(α − α*) = 0
  Vector p(1);
  for (double v : {0.0, 1.0, 2.0, 3.0, 10.0}) {
    p << v;
    CHECK_THAT(predict(m, p), WithinAbs(29.0 / 15.0 * v + 0.1, 1e-9));
  }
  // SVs lie on the tube's edge; the other points are strictly inside it.
  CHECK(m.supportVectorCount() == 2);
  for (Index i = 0; i < 4; ++i) {
    p << x(i, 0);
    const double residual = std::abs(predict(m, p) - t(i));
    bool isSv = false;
    for (Index s = 0; s < m.supportVectorCount(); ++s)
      isSv = isSv || m.supportVectors(s, 0) == x(i, 0);
    if (isSv)
      CHECK(residual >= 0.1 - 1e-9);
    else
      CHECK(residual <= 0.1);
  }
}

TEST_CASE("trainSvm: epsilon-SVR with every point inside the tube has 0 SVs (G8)",
          "[svm][bad-input]") {
  // All α = 0; LIBSVM's ρ is the midpoint of [max(−ε − t), min(ε − t)], so f ≡ (t_min + t_max)/2.
  Matrix x(4, 1);
  x << 0, 1, 2, 3;
  Vector t(4);
  t << 0.5, 2, 1, 3;
  SvmParams params;
  params.type = SvmType::EpsilonSvr;
  params.kernel = KernelParams::rbf(1.0);
  params.epsilon = 10;
  const SvmTrainResult r = trainSvm(x, t, params);
  REQUIRE(r.ok());
  CHECK(r.model.supportVectorCount() == 0);
  CHECK(r.model.coefficients.rows() == 1);
  Vector p(1);
  p << 1.5;
  CHECK(predict(r.model, p) == 1.75);
}

TEST_CASE("trainSvm: bad parameters and data are rejected by name", "[svm][bad-input]") {
  Matrix x(4, 1);
  x << 0, 1, 2, 3;
  Vector y(4);
  y << 1, 1, -1, -1;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto errorOf = [&](SvmParams p) {
    const SvmTrainResult r = trainSvm(x, y, p);
    return r.error ? r.error->parameter : std::string("none");
  };
  SvmParams ok;
  CHECK(errorOf(ok) == "none");
  for (double c : {0.0, -1.0, nan, inf}) {
    SvmParams p;
    p.c = c;
    CHECK(errorOf(p) == "c");
  }
  SvmParams p;
  p.eps = 0;
  CHECK(errorOf(p) == "eps");
  p = SvmParams{};
  p.eps = nan;
  CHECK(errorOf(p) == "eps");
  p = SvmParams{};
  p.type = SvmType::EpsilonSvr;
  p.epsilon = -0.1;
  CHECK(errorOf(p) == "epsilon");
  p = SvmParams{};
  p.cacheBytes = 0;
  CHECK(errorOf(p) == "cache_bytes");
  p = SvmParams{};
  p.kernel = KernelParams::rbf(nan);
  CHECK(errorOf(p) == "gamma");

  const SvmTrainResult empty = trainSvm(Matrix(0, 2), Vector(0), SvmParams{});
  REQUIRE(empty.error);
  CHECK(empty.error->parameter == "data");

  Vector one(4);
  one << 7, 7, 7, 7;
  const SvmTrainResult single = trainSvm(x, one, SvmParams{});
  REQUIRE(single.error);
  CHECK(single.error->parameter == "y");
  CHECK(single.error->message == "need ≥ 2 classes, got 1 (label '7')");

  Vector fractional(4);
  fractional << 1, 1.5, -1, -1;
  CHECK(trainSvm(x, fractional, SvmParams{}).error->parameter == "y");
  Matrix bad = x;
  bad(2, 0) = nan;
  CHECK(trainSvm(bad, y, SvmParams{}).error->parameter == "data");
}

TEST_CASE("crossValidate: deterministic with a seed; folds > n is leave-one-out", "[svm]") {
  Matrix x;
  Vector y;
  threeBlobs(x, y);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  const CrossValidationResult a = crossValidate(x, y, params, 5, 123);
  const CrossValidationResult b = crossValidate(x, y, params, 5, 123);
  REQUIRE(a.ok());
  CHECK(a.predictions == b.predictions);
  CHECK(a.accuracy == b.accuracy);
  CHECK(a.accuracy > 0.85);
  const CrossValidationResult loo = crossValidate(x, y, params, 1000, 1);
  REQUIRE(loo.ok());
  CHECK(loo.folds == 45);
  CHECK(loo.warnings.size() == 1);
  CHECK(crossValidate(x, y, params, 1, 1).error->parameter == "folds");

  // SVR on a noiseless line: tiny MSE, squared correlation ≈ 1.
  Matrix lx(20, 1);
  Vector lt(20);
  for (Index i = 0; i < 20; ++i) {
    lx(i, 0) = 0.1 * static_cast<double>(i);
    lt(i) = 3 * lx(i, 0) - 1;
  }
  SvmParams svr;
  svr.type = SvmType::EpsilonSvr;
  svr.kernel = KernelParams::linear();
  svr.c = 100;
  svr.epsilon = 0.01;
  const CrossValidationResult r = crossValidate(lx, lt, svr, 4, 5);
  REQUIRE(r.ok());
  CHECK(r.meanSquaredError < 1e-3);
  CHECK(r.squaredCorrelation > 0.999);
}

TEST_CASE("trainSvm and crossValidate refuse overflowing kernel values (F2)", "[svm][bad-input]") {
  // The reliability audit's reproducers (docs/bad-inputs.md P3, G7):
  // each once trained a 0-SV or NaN model with exit 0.
  struct Repro {
    const char* name;
    std::vector<double> x;  // one feature per sample unless two are given per row
    Index features;
    std::vector<double> y;
    KernelParams kernel;
  };
  const std::vector<Repro> repros{
      {"nonfinite_linear_1e300 (-t 0)", {1e300, -1e300}, 1, {1, -1}, KernelParams::linear()},
      {"poly_overflow (-t 1 -g 1e15 -d 100)",
       {1, 2, 3},
       1,
       {1, -1, 1},
       KernelParams::polynomial(1e15, 0, 100)},
      {"nonfinite_poly_nan_obj (-t 1 -g 0.5 -r -1 -d 3)",
       {1e150, -2e150, -1e150, 3e149, 2e150, 1e150, -3e150, -1e149},
       2,
       {1, -1, 1, -1},
       KernelParams::polynomial(0.5, -1, 3)},
  };
  for (const Repro& r : repros) {
    INFO(r.name);
    const auto n = static_cast<Index>(r.y.size());
    const Matrix x =
        Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            r.x.data(), n, r.features);
    const Vector y = Eigen::Map<const Vector>(r.y.data(), n);
    SvmParams params;
    params.kernel = r.kernel;
    const SvmTrainResult trained = trainSvm(x, y, params);
    REQUIRE_FALSE(trained.ok());
    CHECK(trained.error->parameter == "kernel");
    CHECK(trained.error->message == kKernelOverflowMessage);
    CHECK(trained.model.supportVectorCount() == 0);
    params.type = SvmType::EpsilonSvr;
    const SvmTrainResult regression = trainSvm(x, y, params);
    REQUIRE_FALSE(regression.ok());
    CHECK(regression.error->message == kKernelOverflowMessage);
  }
  // Cross-validation trains on folds: a fold with overflowing values fails the whole run.
  Matrix x(8, 1);
  x << 1e300, -1e300, 2e300, -2e300, 1e300, -1e300, 3e300, -3e300;
  Vector y(8);
  y << 1, -1, 1, -1, 1, -1, 1, -1;
  SvmParams params;
  params.kernel = KernelParams::linear();
  const CrossValidationResult cv = crossValidate(x, y, params, 2, 1);
  REQUIRE_FALSE(cv.ok());
  CHECK(cv.error->message == kKernelOverflowMessage);
}

TEST_CASE("Class weights -wi give each class its own C, as LIBSVM's weighted_C", "[svm][train]") {
  Matrix x;
  Vector y;
  threeBlobs(x, y);
  // Overlapping blobs so that some multipliers reach the box.
  x *= 0.35;
  SvmParams plain;
  plain.kernel.type = KernelType::Rbf;
  plain.kernel.gamma = 0.5;
  plain.c = 2;
  plain.eps = 1e-9;
  plain.shrinking = false;

  SECTION("weight 1 for every class is the unweighted problem, bit for bit") {
    SvmParams ones = plain;
    ones.classWeights = {{1, 1.0}, {2, 1.0}, {3, 1.0}};
    const SvmTrainResult a = trainSvm(x, y, plain);
    const SvmTrainResult b = trainSvm(x, y, ones);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a.model.coefficients == b.model.coefficients);
    CHECK(a.model.rho == b.model.rho);
    CHECK(b.warnings.empty());
  }

  SECTION("each class's multipliers stay in [0, C·weight] and reach it") {
    SvmParams weighted = plain;
    weighted.classWeights = {{3, 4.0}, {1, 0.25}};  // class 2 keeps C
    CHECK(weightedC(weighted, 3) == 8.0);
    CHECK(weightedC(weighted, 1) == 0.5);
    CHECK(weightedC(weighted, 2) == 2.0);
    const OneVsOne plan = oneVsOneSubproblems(y);
    for (const BinarySubproblem& sub : plan.subproblems) {
      DualProblem dual = sub.dual(x, weighted);
      const double cA = weightedC(weighted, sub.labelA);
      const double cB = weightedC(weighted, sub.labelB);
      CHECK((dual.upper.head(sub.countA).array() == cA).all());
      CHECK((dual.upper.tail(sub.size() - sub.countA).array() == cB).all());
      SmoSolver solver(std::move(dual), smoOptions(weighted));
      solver.run(1000000);
      REQUIRE(solver.status() == RunStatus::Converged);
      const Vector& alpha = solver.alpha();
      CHECK(alpha.head(sub.countA).maxCoeff() <= cA);
      CHECK(alpha.tail(sub.size() - sub.countA).maxCoeff() <= cB);
      // Σ α_i y_i = 0 still holds with unequal boxes.
      CHECK_THAT(alpha.dot(sub.labels()), WithinAbs(0.0, 1e-9 * alpha.sum()));
      // The light class 1 (C = 0.5) is at its box somewhere in each of its pairs: the weight is
      // what binds, not the data.
      if (sub.labelA == 1) CHECK(alpha.head(sub.countA).maxCoeff() == cA);
      if (sub.labelB == 1) CHECK(alpha.tail(sub.size() - sub.countA).maxCoeff() == cB);
    }
  }

  SECTION("two entries for one label multiply; an absent label is a warning") {
    SvmParams twice = plain;
    twice.classWeights = {{2, 2.0}, {2, 3.0}, {7, 5.0}};
    CHECK(weightedC(twice, 2) == 12.0);
    const SvmTrainResult r = trainSvm(x, y, twice);
    REQUIRE(r.ok());
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] == "class label 7 specified in weight is not found");
  }

  SECTION("a weight that is not a finite number > 0 is refused by name") {
    for (const double bad : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity()}) {
      SvmParams p = plain;
      p.classWeights = {{1, bad}};
      const auto e = validate(p);
      REQUIRE(e.has_value());
      CHECK(e->parameter == "weight");
    }
  }
}

TEST_CASE("trainSvmWithoutProbability is trainSvm without -b 1, and refuses it by name",
          "[svm][train]") {
  Matrix x;
  Vector y;
  threeBlobs(x, y);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  const SvmTrainResult full = trainSvm(x, y, params);
  const SvmTrainResult plain = trainSvmWithoutProbability(x, y, params);
  REQUIRE(full.ok());
  REQUIRE(plain.ok());
  CHECK(plain.model.coefficients == full.model.coefficients);
  CHECK(plain.model.rho == full.model.rho);
  CHECK(plain.model.probA.size() == 0);
  params.probability = true;
  const SvmTrainResult refused = trainSvmWithoutProbability(x, y, params);
  REQUIRE(refused.error.has_value());
  CHECK(refused.error->parameter == "probability");
  CHECK(trainSvm(x, y, params).model.probA.size() == 3);
}
