#include "svm/svm_model.hpp"

#include "data/libsvm_format.hpp"
#include "svm/model_io.hpp"
#include "svm/sparse_kernel.hpp"
#include "svm/svm_train.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <utility>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

// Three classes labelled 2, 7, 4 with one linear support vector each: sv0 = (1, 0), sv1 = (0, 1),
// sv2 = (1, 1); sv_coef columns (coef[0][i], coef[1][i]) and rho as LIBSVM lays them out.
SvmModel threeClassLinear() {
  SvmModel m;
  m.type = SvmType::CSvc;
  m.kernel = KernelParams::linear();
  m.classCount = 3;
  m.labels = {2, 7, 4};
  m.supportCounts = {1, 1, 1};
  m.supportVectors.resize(3, 2);
  m.supportVectors << 1, 0, 0, 1, 1, 1;
  m.coefficients.resize(2, 3);
  m.coefficients << 0.5, -0.5, -0.25, 0.25, 1.5, -1.5;
  m.rho.resize(3);
  m.rho << 0.1, -0.2, 0.3;
  return m;
}

SparseRow sparseRow(std::initializer_list<std::pair<int, double>> entries) {
  SparseRow row;
  for (const auto& [column, value] : entries) row.push(column, value);
  return row;
}

SvmModel asSparse(SvmModel m) {
  m.sparseSupportVectors = SparseRows::fromDense(m.supportVectors);
  m.supportVectors.resize(0, 0);
  return m;
}

}  // namespace

TEST_CASE("SvmModel: one-vs-one decision values of a 3-class model, computed by hand", "[svm]") {
  const SvmModel m = threeClassLinear();
  Vector x(2);
  x << 2, 3;
  // k(sv_i, x) = sv_i·x = 2, 3, 5.
  // f_01 = coef[0][0]·2 + coef[0][1]·3 − rho_01 = 1 − 1.5 − 0.1 = −0.6
  // f_02 = coef[1][0]·2 + coef[0][2]·5 − rho_02 = 0.5 − 1.25 + 0.2 = −0.55
  // f_12 = coef[1][1]·3 + coef[1][2]·5 − rho_12 = 4.5 − 7.5 − 0.3 = −3.3
  const Vector f = decisionValues(m, x);
  REQUIRE(f.size() == 3);
  CHECK_THAT(f(0), WithinAbs(-0.6, 1e-15));
  CHECK_THAT(f(1), WithinAbs(-0.55, 1e-15));
  CHECK_THAT(f(2), WithinAbs(-3.3, 1e-15));
  // Votes: (0,1) → 7, (0,2) → 4, (1,2) → 4: label 4.
  CHECK(predict(m, x) == 4);
  const SparseRow sx = sparseRow({{0, 2.0}, {1, 3.0}});
  CHECK(decisionValues(m, sx.view()) == f);
  CHECK(predict(asSparse(m), sx.view()) == 4);
}

TEST_CASE("Kernels: dense and sparse rows give the hand-computed value of every kernel type",
          "[svm]") {
  // a·b = 0.75 − 0.25 − 1.5 = −1 and ‖a − b‖² = 1 + 1.5625 + 7.5625 = 10.125, by hand.
  Vector a(3), b(3);
  a << 0.5, -1, 2;
  b << 1.5, 0.25, -0.75;
  const SparseRow sa = sparseRow({{0, 0.5}, {1, -1}, {2, 2}});
  const SparseRow sb = sparseRow({{0, 1.5}, {1, 0.25}, {2, -0.75}});
  const struct {
    KernelParams kernel;
    double expected;
  } cases[] = {
      {KernelParams::linear(), -1.0},
      {KernelParams::polynomial(0.5, 1, 3), 0.125},  // (0.5·(−1) + 1)³
      {KernelParams::rbf(0.7), std::exp(-0.7 * 10.125)},
      {KernelParams::sigmoid(0.3, -0.2), std::tanh(-0.5)},  // tanh(0.3·(−1) − 0.2)
  };
  for (const auto& c : cases) {
    INFO(kernelTypeName(c.kernel.type));
    CHECK_THAT(kernelValue(c.kernel, a, b), WithinAbs(c.expected, 1e-15));
    CHECK_THAT(kernelValue(c.kernel, sa.view(), sb.view()), WithinAbs(c.expected, 1e-15));
  }
}

TEST_CASE("F4: sparse and dense support vectors give the same decision values to 1e-12",
          "[svm][F4]") {
  const auto heart =
      readLibsvm(testing::readTextFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"), "heart_scale");
  REQUIRE(heart.ok());
  const Dataset& data = heart.value;
  const SparseRows rows = SparseRows::fromDense(data.x);
  for (const KernelParams& kernel :
       {KernelParams::rbf(1.0 / 13), KernelParams::linear(), KernelParams::polynomial(0.1, 1, 3),
        KernelParams::sigmoid(1.0 / 13, 0)}) {
    INFO(kernelTypeName(kernel.type));
    SvmParams params;
    params.kernel = kernel;
    const SvmTrainResult trained = trainSvm(data.x, data.y, params);
    REQUIRE(trained.ok());
    REQUIRE(trained.model.supportVectorCount() > 0);
    const SvmModel sparse = asSparse(trained.model);
    REQUIRE(sparse.isSparse());
    for (Eigen::Index i = 0; i < data.size(); ++i) {
      const double dense = decisionValues(trained.model, data.x.row(i).transpose())(0);
      CHECK_THAT(decisionValues(sparse, rows.row(i))(0), WithinAbs(dense, 1e-12));
      CHECK_THAT(decisionValues(sparse, data.x.row(i).transpose())(0), WithinAbs(dense, 1e-12));
      CHECK_THAT(decisionValues(trained.model, rows.row(i))(0), WithinAbs(dense, 1e-12));
    }
  }
}

TEST_CASE("F4: a feature far beyond the model's counts only in ‖x‖², in either storage",
          "[svm][F4]") {
  // A Gaussian model over 2 features; the test point has a third feature at index 2 000 000 000.
  // LIBSVM's semantics: the support vectors are 0 there, so ‖sv − x‖² gains x_far², sv·x nothing.
  SvmModel m;
  m.type = SvmType::CSvc;
  m.kernel = KernelParams::rbf(0.5);
  m.labels = {1, -1};
  m.supportCounts = {1, 1};
  m.supportVectors.resize(2, 2);
  m.supportVectors << 1, 0, 0, 2;
  m.coefficients.resize(1, 2);
  m.coefficients << 0.75, -0.75;
  m.rho.resize(1);
  m.rho << 0.1;
  const SparseRow x = sparseRow({{0, 0.5}, {1, 1.0}, {1999999999, 1.5}});
  // ‖x − (1,0)‖² = 0.25 + 1 + 2.25, ‖x − (0,2)‖² = 0.25 + 1 + 2.25: equal, so f = −rho.
  const double expected = 0.75 * std::exp(-0.5 * 3.5) - 0.75 * std::exp(-0.5 * 3.5) - 0.1;
  CHECK_THAT(decisionValues(m, x.view())(0), WithinAbs(expected, 1e-15));
  CHECK_THAT(decisionValues(asSparse(m), x.view())(0), WithinAbs(expected, 1e-15));
  // Linear: the far feature adds nothing. sv0·x = 0.5, sv1·x = 2: 0.375 − 1.5 − 0.1.
  m.kernel = KernelParams::linear();
  CHECK_THAT(decisionValues(m, x.view())(0), WithinAbs(0.375 - 1.5 - 0.1, 1e-15));
  CHECK_THAT(decisionValues(asSparse(m), x.view())(0), WithinAbs(0.375 - 1.5 - 0.1, 1e-15));
}

TEST_CASE("F7: support vectors without features evaluate as zero vectors, without UB",
          "[svm][F7]") {
  // The reliability audit's model whose support vectors have no non-zero feature
  // (docs/bad-inputs.md F7), written and read back: its zero-valued features are dropped, so the
  // support vectors have no features at all.
  const std::string text =
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 3\nrho 0 0 20\n"
      "label 1 6 3\nnr_sv 1 1 1\nSV\n1 1\n-1 1\n-1 -1\n";
  const auto read = readModel(text, "zero.model");
  REQUIRE(read.ok());
  SvmModel dense = read.value;
  dense.supportVectors = Matrix(3, 0);  // the dense form of the same model: 3 rows, 0 columns
  dense.sparseSupportVectors = SparseRows();
  Vector x(2);
  x << 1, 2;
  // Every k(sv, x) = exp(−0.5‖x‖²) = K. f_01 = K − K − 0, f_02 = K − K − 0, f_12 = K − K − 20.
  const SvmModel* const models[] = {&read.value, &dense};
  for (const SvmModel* m : models) {
    const Vector f = decisionValues(*m, x);
    REQUIRE(f.size() == 3);
    CHECK_THAT(f(0), WithinAbs(0.0, 1e-15));
    CHECK_THAT(f(1), WithinAbs(0.0, 1e-15));
    CHECK_THAT(f(2), WithinAbs(-20.0, 1e-15));
    // Votes: (0,1) → 6 (f is not > 0), (0,2) → 3, (1,2) → 3: label 3, as svm-predict says.
    CHECK(predict(*m, x) == 3);
    CHECK(predict(*m, SparseRowView{}) == 3);
  }
  // Written and read again, the model stays the same model.
  const auto again = readModel(writeModel(read.value), "zero.model");
  REQUIRE(again.ok());
  CHECK(writeModel(again.value) == writeModel(read.value));
}
