// Training on sparse rows (svm_train.hpp trainSvm(const SparseRows&, ...)): the same model as the
// dense form on the same data, up to the rounding of the kernel values; memory that follows the
// non-zeros (a feature index near 2·10⁹ trains); the same checks and warnings.
#include "svm/cross_validation.hpp"
#include "svm/q_matrix.hpp"
#include "svm/sparse_kernel.hpp"
#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;

namespace {

// n samples of three classes in d features, about one feature in eight non-zero, the class
// shifting the first three features so that the problem is learnable but not separable.
struct SparseData {
  Matrix dense;
  SparseRows sparse;
  Vector y;
};

SparseData makeData(Index n, Index d, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal(0.0, 1.0);
  SparseData data;
  data.dense = Matrix::Zero(n, d);
  data.y.resize(n);
  for (Index r = 0; r < n; ++r) {
    const int label = static_cast<int>(r % 3);
    data.y(r) = label + 1;
    for (Index c = 0; c < d; ++c)
      if (unit(engine) < 0.125) data.dense(r, c) = normal(engine);
    data.dense(r, label) += 1.5;
  }
  data.sparse = SparseRows::fromDense(data.dense);
  return data;
}

void checkSameModel(const SvmTrainResult& dense, const SvmTrainResult& sparse,
                    const SparseData& data) {
  REQUIRE(dense.ok());
  REQUIRE(sparse.ok());
  REQUIRE(sparse.model.isSparse());
  CHECK(sparse.model.sparseSupportVectors.dimension() == data.dense.cols());
  REQUIRE(dense.subproblems.size() == sparse.subproblems.size());
  for (std::size_t p = 0; p < dense.subproblems.size(); ++p) {
    CHECK(sparse.subproblems[p].objective == Approx(dense.subproblems[p].objective).epsilon(1e-9));
    CHECK(sparse.subproblems[p].supportVectors == dense.subproblems[p].supportVectors);
  }
  CHECK(sparse.model.supportCounts == dense.model.supportCounts);
  CHECK(sparse.model.sparseSupportVectors.toDense() == dense.model.supportVectors);
  for (Index r = 0; r < data.dense.rows(); ++r) {
    const Vector a = decisionValues(dense.model, Vector(data.dense.row(r).transpose()));
    const Vector b = decisionValues(sparse.model, data.sparse.row(r));
    for (Index p = 0; p < a.size(); ++p) CHECK(b(p) == Approx(a(p)).margin(1e-7));
  }
}

}  // namespace

TEST_CASE("Sparse training: the same model as dense rows, for every kernel",
          "[svm][train][sparse]") {
  const SparseData data = makeData(90, 40, 7);
  for (const KernelParams& kernel :
       {KernelParams::linear(), KernelParams::rbf(0.2), KernelParams::polynomial(0.5, 1, 3),
        KernelParams::sigmoid(0.05, 0.0)}) {
    INFO(kernelTypeName(kernel.type));
    SvmParams params;
    params.kernel = kernel;
    params.eps = 1e-9;
    checkSameModel(trainSvm(data.dense, data.y, params), trainSvm(data.sparse, data.y, params),
                   data);
  }
}

TEST_CASE("Sparse training: the cached Q over sparse rows holds the sparse Gram columns",
          "[svm][train][sparse][q_matrix]") {
  const SparseData data = makeData(30, 25, 11);
  const KernelParams kernel = KernelParams::rbf(0.3);
  const Matrix gram = gramMatrix(kernel, data.sparse);
  const Vector labels = Vector::LinSpaced(30, 0, 29).unaryExpr(
      [](double v) { return std::fmod(v, 2.0) == 0 ? 1.0 : -1.0; });
  // 3 columns' worth of cache: most columns are computed again after eviction.
  const CachedQMatrix exact(kernel, data.sparse, DualVariableMap::classification(labels),
                            3 * 30 * 8, QColumnStorage::Double);
  const CachedQMatrix single(kernel, data.sparse, DualVariableMap::classification(labels),
                             3 * 30 * 4, QColumnStorage::Float);
  CHECK(exact.capacityColumns() == 3);
  Vector column(30);
  for (int pass = 0; pass < 2; ++pass) {
    for (Index j = 0; j < 30; ++j) {
      exact.column(j, column);
      for (Index i = 0; i < 30; ++i) CHECK(column(i) == labels(i) * labels(j) * gram(i, j));
      single.column(j, column);
      for (Index i = 0; i < 30; ++i) {
        CHECK(column(i) ==
              labels(i) * labels(j) * static_cast<double>(static_cast<float>(gram(i, j))));
      }
    }
  }
  CHECK(exact.misses() == 60);  // every column evicted before it came round again
  for (Index i = 0; i < 30; ++i) CHECK(exact.diagonal()(i) == gram(i, i));

  // trainSvm with a cache too small for the whole matrix takes the cached path.
  SvmParams params;
  params.kernel = kernel;
  params.eps = 1e-9;
  params.cacheBytes = 4 * 90 * 8;
  const SparseData bigger = makeData(90, 40, 5);
  SvmParams precomputed = params;
  precomputed.cacheBytes = std::int64_t{100} << 20;
  const SvmTrainResult cached = trainSvm(bigger.sparse, bigger.y, params);
  const SvmTrainResult full = trainSvm(bigger.sparse, bigger.y, precomputed);
  REQUIRE(cached.ok());
  REQUIRE(full.ok());
  // The small cache is LIBSVM's engine (float columns, trainingQMatrixOptions), the large one the
  // precomputed double Q: the same optimum up to the float rounding of Q (relative 6·10⁻⁸ per
  // entry, K ≤ 1, C = 1, 90 rows: α moves by well under 10⁻⁵), not the same path.
  REQUIRE(cached.subproblems.size() == full.subproblems.size());
  for (std::size_t p = 0; p < full.subproblems.size(); ++p) {
    CHECK(cached.subproblems[p].status == RunStatus::Converged);
    CHECK(std::abs(cached.subproblems[p].objective - full.subproblems[p].objective) <=
          1e-6 * std::abs(full.subproblems[p].objective));
  }
  REQUIRE(cached.model.coefficients.cols() == full.model.coefficients.cols());
  CHECK((cached.model.coefficients - full.model.coefficients).cwiseAbs().maxCoeff() < 1e-5);
}

TEST_CASE("Sparse training: a feature index near 2·10⁹ costs its non-zeros (F4, D11)",
          "[svm][train][sparse]") {
  // Dense, these 40 rows would need 40 × 2·10⁹ doubles (640 GB).
  SparseRows x;
  Vector y(40);
  for (Index r = 0; r < 40; ++r) {
    SparseRow row;
    const double side = r % 2 == 0 ? 1.0 : -1.0;
    row.push(0, side + 0.1 * static_cast<double>(r % 5));
    row.push(1999999998, 0.5 * static_cast<double>(r % 3));
    x.appendRow(row.view());
    y(r) = side;
  }
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  const SvmTrainResult trained = trainSvm(x, y, params);
  REQUIRE(trained.ok());
  REQUIRE(trained.model.isSparse());
  CHECK(trained.model.sparseSupportVectors.dimension() == 1999999999);
  for (Index r = 0; r < 40; ++r) CHECK(predict(trained.model, x.row(r)) == y(r));
}

TEST_CASE("Sparse training: bad data and conflicting duplicates are named as for dense rows",
          "[svm][train][sparse]") {
  SvmParams params;
  SparseRows empty;
  CHECK(trainSvm(empty, Vector(0), params).error->message ==
        "no samples: the training set is empty");

  SparseRows x;
  SparseRow row;
  row.push(0, 1.0);
  x.appendRow(row.view());
  row.clear();
  row.push(2, std::numeric_limits<double>::infinity());
  x.appendRow(row.view());
  Vector y(2);
  y << 1, -1;
  const SvmTrainResult bad = trainSvm(x, y, params);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error->parameter == "data");
  CHECK(bad.error->message == "non-finite value at sample 2, feature 3");

  // Rows 1 and 3 are the same point (a stored zero does not make them differ), with other labels.
  SparseRows d;
  row.clear();
  row.push(0, 1.0);
  row.push(3, 2.0);
  d.appendRow(row.view());
  row.clear();
  row.push(1, -1.0);
  d.appendRow(row.view());
  row.clear();
  row.push(0, 1.0);
  row.push(2, 0.0);
  row.push(3, 2.0);
  d.appendRow(row.view());
  row.clear();
  row.push(1, 1.0);
  d.appendRow(row.view());
  Vector labels(4);
  labels << 1, -1, -1, 1;
  const SvmTrainResult dup = trainSvm(d, labels, params);
  REQUIRE(dup.ok());
  CHECK(std::find(dup.warnings.begin(), dup.warnings.end(),
                  "identical inputs with different labels") != dup.warnings.end());
  labels << 1, -1, 1, 1;
  const SvmTrainResult noDup = trainSvm(d, labels, params);
  REQUIRE(noDup.ok());
  CHECK(noDup.warnings.empty());
}

TEST_CASE("Sparse training: cross-validation and regression agree with dense rows",
          "[svm][train][sparse]") {
  const SparseData data = makeData(60, 30, 3);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.25);
  params.eps = 1e-9;
  const CrossValidationResult dense = crossValidate(data.dense, data.y, params, 5, 42);
  const CrossValidationResult sparse = crossValidate(data.sparse, data.y, params, 5, 42);
  REQUIRE(dense.ok());
  REQUIRE(sparse.ok());
  CHECK(sparse.predictions == dense.predictions);
  CHECK(sparse.accuracy == dense.accuracy);
  CHECK(dense.accuracy > 0.5);  // learnable: the class shifts its own feature

  params.type = SvmType::EpsilonSvr;
  params.epsilon = 0.05;
  const Vector targets = data.dense.col(0) - 0.5 * data.dense.col(1);
  const SvmTrainResult a = trainSvm(data.dense, targets, params);
  const SvmTrainResult b = trainSvm(data.sparse, targets, params);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(b.model.isSparse());
  CHECK(b.subproblems[0].objective == Approx(a.subproblems[0].objective).epsilon(1e-9));
  for (Index r = 0; r < data.dense.rows(); ++r) {
    CHECK(predict(b.model, data.sparse.row(r)) ==
          Approx(predict(a.model, Vector(data.dense.row(r).transpose()))).margin(1e-7));
  }
}
