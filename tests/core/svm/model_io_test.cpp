#include "svm/model_io.hpp"
#include "data/libsvm_format.hpp"
#include "svm/svm_train.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace kpg;

namespace {

// A two-class model written out by hand: k(x, x') = exp(−0.5‖x − x'‖²), SVs (1, 0) and (0, 2).
SvmModel handModel() {
  SvmModel m;
  m.type = SvmType::CSvc;
  m.kernel = KernelParams::rbf(0.5);
  m.classCount = 2;
  m.labels = {1, -1};
  m.supportCounts = {1, 1};
  m.supportVectors.resize(2, 2);
  m.supportVectors << 1, 0, 0, 2;
  m.coefficients.resize(1, 2);
  m.coefficients << 0.75, -0.75;
  m.rho.resize(1);
  m.rho << 0.1;
  return m;
}

const char* const kHandModelText =
    "svm_type c_svc\n"
    "kernel_type rbf\n"
    "gamma 0.5\n"
    "nr_class 2\n"
    "total_sv 2\n"
    "rho 0.1\n"
    "label 1 -1\n"
    "nr_sv 1 1\n"
    "SV\n"
    "0.75 1:1\n"
    "-0.75 2:2\n";

std::string errorOf(const std::string& text) {
  const auto r = readModel(text, "m.model");
  REQUIRE_FALSE(r.ok());
  return r.error->toString();
}

// Three Gaussian blobs in 2-D with labels 3, 1, 2 (not sorted, so label order matters).
Dataset threeBlobs(unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 0.7);
  const double centers[3][2] = {{0, 0}, {2, 1}, {0, 2.5}};
  const int labels[3] = {3, 1, 2};
  Dataset d;
  d.x.resize(60, 2);
  d.y.resize(60);
  for (int i = 0; i < 60; ++i) {
    const int c = i % 3;
    d.x(i, 0) = centers[c][0] + noise(rng);
    d.x(i, 1) = centers[c][1] + noise(rng);
    d.y(i) = labels[c];
  }
  return d;
}

}  // namespace

TEST_CASE("Model files: a hand-made model is written in LIBSVM's header order", "[svm][model_io]") {
  CHECK(writeModel(handModel()) == kHandModelText);
  const auto r = readModel(kHandModelText, "m.model");
  REQUIRE(r.ok());
  const SvmModel& m = r.value;
  CHECK(m.type == SvmType::CSvc);
  CHECK(m.kernel.type == KernelType::Rbf);
  CHECK(m.kernel.gamma == 0.5);
  CHECK(m.labels == std::vector<int>{1, -1});
  CHECK(m.supportCounts == std::vector<int>{1, 1});
  CHECK(m.supportVectors == handModel().supportVectors);
  CHECK(m.coefficients == handModel().coefficients);
  CHECK(m.rho(0) == 0.1);
}

TEST_CASE("Model files: the streamed text comes in bounded chunks that join to the whole",
          "[svm][model_io]") {
  // 3 000 support vectors of 20 features: about 1.3 MB of text, so about 20 chunks.
  SvmModel m = handModel();
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  m.supportVectors.resize(3000, 20);
  for (Eigen::Index s = 0; s < m.supportVectors.rows(); ++s)
    for (Eigen::Index j = 0; j < m.supportVectors.cols(); ++j) m.supportVectors(s, j) = normal(rng);
  m.coefficients.resize(1, 3000);
  for (Eigen::Index s = 0; s < 3000; ++s) m.coefficients(0, s) = s % 2 == 0 ? 0.5 : -0.5;
  m.supportCounts = {1500, 1500};
  std::vector<std::string> chunks;
  writeModel(m, [&](std::string_view chunk) { chunks.emplace_back(chunk); });
  std::string joined;
  for (const std::string& c : chunks) joined += c;
  CHECK(joined == writeModel(m));
  CHECK(joined.size() > 1'000'000);
  CHECK(chunks.size() >= joined.size() / (kModelTextChunkBytes + 1024));
  // A chunk is cut after the line that reaches the bound: never more than one line over it.
  for (std::size_t k = 0; k + 1 < chunks.size(); ++k) {
    INFO("chunk " << k);
    CHECK(chunks[k].size() >= kModelTextChunkBytes);
    CHECK(chunks[k].size() < kModelTextChunkBytes + 1024);
    CHECK(chunks[k].back() == '\n');
  }
  const auto loaded = readModel(joined, "m.model");
  REQUIRE(loaded.ok());
  CHECK(loaded.value.supportVectors == m.supportVectors);
}

TEST_CASE("Model files: polynomial, sigmoid and linear headers carry exactly their parameters",
          "[svm][model_io]") {
  SvmModel m = handModel();
  m.kernel = KernelParams::polynomial(0.25, 1, 2);
  CHECK_THAT(writeModel(m), Catch::Contains("kernel_type polynomial\ndegree 2\ngamma 0.25\ncoef0 "
                                            "1\nnr_class 2\n"));
  m.kernel = KernelParams::sigmoid(0.5, -1);
  CHECK_THAT(writeModel(m), Catch::Contains("kernel_type sigmoid\ngamma 0.5\ncoef0 -1\nnr_class"));
  m.kernel = KernelParams::linear();
  CHECK_THAT(writeModel(m), Catch::Contains("kernel_type linear\nnr_class 2\n"));
  for (const KernelParams& k : {KernelParams::polynomial(0.25, 1, 2),
                                KernelParams::sigmoid(0.5, -1), KernelParams::linear()}) {
    m.kernel = k;
    const auto r = readModel(writeModel(m), "m.model");
    REQUIRE(r.ok());
    CHECK(r.value.kernel.type == k.type);
    CHECK(writeModel(r.value) == writeModel(m));
  }
}

TEST_CASE("Model files: train, save, load, save is byte-identical with identical predictions (M10)",
          "[svm][model_io]") {
  const auto heart =
      readLibsvm(testing::readTextFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"), "heart_scale");
  REQUIRE(heart.ok());
  const Dataset blobs = threeBlobs(7);
  struct Case {
    const char* name;
    const Dataset* data;
    SvmType type;
    KernelParams kernel;
  };
  const Case cases[] = {
      {"binary rbf", &heart.value, SvmType::CSvc, KernelParams::rbf(1.0 / 13)},
      {"binary linear", &heart.value, SvmType::CSvc, KernelParams::linear()},
      {"binary poly", &heart.value, SvmType::CSvc, KernelParams::polynomial(0.5, 1, 3)},
      {"binary sigmoid", &heart.value, SvmType::CSvc, KernelParams::sigmoid(0.01, -1)},
      {"3 classes rbf", &blobs, SvmType::CSvc, KernelParams::rbf(0.5)},
      {"svr rbf", &heart.value, SvmType::EpsilonSvr, KernelParams::rbf(0.25)},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    SvmParams params;
    params.type = c.type;
    params.kernel = c.kernel;
    const SvmTrainResult trained = trainSvm(c.data->x, c.data->y, params);
    REQUIRE(trained.ok());
    const std::string first = writeModel(trained.model);
    const auto loaded = readModel(first, "m.model");
    REQUIRE(loaded.ok());
    CHECK(writeModel(loaded.value) == first);
    // The text holds every double exactly, so the loaded model is the trained one.
    CHECK(loaded.value.rho == trained.model.rho);
    CHECK(loaded.value.coefficients == trained.model.coefficients);
    const Eigen::Index d = loaded.value.supportVectors.cols();
    CHECK(loaded.value.supportVectors == trained.model.supportVectors.leftCols(d));
    CHECK(predictRows(loaded.value, c.data->x) == predictRows(trained.model, c.data->x));
  }
}

TEST_CASE("Model files: a model with 0 support vectors saves and loads (G8)", "[svm][model_io]") {
  SvmModel m;
  m.type = SvmType::EpsilonSvr;
  m.kernel = KernelParams::rbf(0.5);
  m.classCount = 2;
  m.supportVectors.resize(0, 0);
  m.coefficients.resize(1, 0);
  m.rho.resize(1);
  m.rho << -2.5;
  const std::string text = writeModel(m);
  CHECK(text ==
        "svm_type epsilon_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 0\nrho -2.5\nSV\n");
  const auto r = readModel(text, "m.model");
  REQUIRE(r.ok());
  CHECK(r.value.supportVectorCount() == 0);
  Vector x(2);
  x << 1, 2;
  CHECK(predict(r.value, x) == 2.5);
}

TEST_CASE("Model files: LIBSVM's own form (trailing spaces, %.8g, explicit zeros) is read",
          "[svm][model_io]") {
  const std::string libsvm =
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho 0.1\n"
      "label 1 -1\nnr_sv 1 1\nSV\n0.75 1:1 2:0 \n-0.75 2:2 \n";
  const auto r = readModel(libsvm, "m.model");
  REQUIRE(r.ok());
  CHECK(writeModel(r.value) == kHandModelText);
  const std::string crlf =
      "svm_type c_svc\r\nkernel_type rbf\r\ngamma 0.5\r\nnr_class 2\r\ntotal_sv 2\r\nrho 0.1\r\n"
      "label 1 -1\r\nnr_sv 1 1\r\nSV\r\n0.75 1:1\r\n-0.75 2:2\r\n";
  const auto r2 = readModel(crlf, "m.model");
  REQUIRE(r2.ok());
  CHECK(writeModel(r2.value) == kHandModelText);
}

TEST_CASE("Model files: features beyond the model's count as 0 in the support vectors (M13)",
          "[svm][model_io]") {
  const SvmModel m = handModel();
  Vector x(3);
  x << 0.5, 1, 2;
  // The SVs padded with a zero third feature: ‖x − (1,0,0)‖² = 0.25 + 1 + 4, ‖x − (0,2,0)‖² =
  // 0.25 + 1 + 4.
  const double expected = 0.75 * std::exp(-0.5 * 5.25) - 0.75 * std::exp(-0.5 * 5.25) - 0.1;
  CHECK(decisionValues(m, x)(0) == Approx(expected).margin(1e-15));
}

TEST_CASE("Model files: every damaged model is refused with the line and the reason (M1-M9)",
          "[svm][model_io]") {
  const std::string head = "svm_type c_svc\nkernel_type rbf\ngamma 0.5\n";
  const std::string counts = "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nnr_sv 1 1\n";
  const std::string svs = "SV\n0.75 1:1\n-0.75 2:2\n";
  const auto [text, expected] = GENERATE_COPY(table<std::string, std::string>({
      // M1 truncated: header only, a short SV section, the last row cut.
      {head, "m.model:3: model truncated at line 3: the header ends before the 'SV' line"},
      {head + counts + "SV\n0.75 1:1\n", "m.model:11: model truncated at line 11: total_sv is 2"},
      {head + counts + "SV\n0.75 1:1\n-0.75 2:", "m.model:11:9: missing value after '2:'"},
      {head + counts + "SV\n0.75 1:1\n-0.75 2:2",
       "m.model:11: model truncated at line 11: the "
       "last line has no newline"},
      {"", "m.model: model truncated: the file is empty"},
      // M2 order and presence.
      {head + "rho 0.1\nnr_class 2\n", "m.model:4:1: 'rho' before 'nr_class'"},
      {head + "label 1 -1\nnr_class 2\n", "m.model:4:1: 'label' before 'nr_class'"},
      {head + "total_sv 2\nSV\n", "m.model:5: missing nr_class"},
      // M3 counts out of range, refused before anything is sized by them.
      {head + "nr_class 0\n", "m.model:4:10: nr_class 0 is out of range [2, 1000]"},
      {head + "nr_class 1\n", "m.model:4:10: nr_class 1 is out of range"},
      {head + "nr_class 1000000000\n", "m.model:4:10: nr_class 1000000000 is out of range"},
      {head + "nr_class 2\ntotal_sv -1\n", "m.model:5:10: total_sv -1 is out of range"},
      {head + "nr_class 2\ntotal_sv 1000000000000\n",
       "m.model:5:10: total_sv 1000000000000 is "
       "out of range"},
      // M4 inconsistent counts.
      {head + "nr_class 2\ntotal_sv 3\nrho 0.1\nlabel 1 -1\nnr_sv 1 1\n" + svs,
       "m.model:8: the nr_sv counts sum to 2 but total_sv is 3"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1 2\nnr_sv 1 1\n" + svs,
       "m.model:7: label has 3 values; nr_class is 2"},
      {head + "nr_class 3\ntotal_sv 2\nrho 0.1 0.2\nlabel 1 -1 2\nnr_sv 1 1 0\n" + svs,
       "m.model:6: rho has 2 values; nr_class 3 needs k(k-1)/2 = 3"},
      {head + "nr_class 3\ntotal_sv 2\nrho 0.1 0.2 0.3\nlabel 1 -1 2\nnr_sv 1 1 0\n" + svs,
       "m.model:10: support vector row has 1 coefficients; nr_class 3 needs 2"},
      {head + counts + "SV\n0.75 0.5 1:1\n-0.75 2:2\n",
       "m.model:10: support vector row has more than 1 coefficients; nr_class 2 needs 1"},
      {head + counts + svs + "0.5 1:1\n", "m.model:12: more support vector rows than total_sv"},
      // M5 c_svc without label / nr_sv.
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nnr_sv 1 1\n" + svs,
       "m.model:8: c_svc model without 'label'"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\n" + svs,
       "m.model:8: c_svc model without 'nr_sv'"},
      // M6 unsupported types.
      {"svm_type nu_svm\n",
       "m.model:1:10: unsupported svm_type 'nu_svm' (supported: c_svc, nu_svc, one_class, "
       "epsilon_svr, nu_svr)"},
      {"svm_type c_svc\nkernel_type foo\n",
       "m.model:2:13: unsupported kernel_type 'foo' "
       "(supported: linear, polynomial, rbf, sigmoid, precomputed)"},
      // The types without classes have no label / nr_sv; a precomputed row is `0:i` alone.
      {"svm_type one_class\nkernel_type rbf\ngamma 1\n" + counts + svs,
       "m.model:7: label and nr_sv belong to c_svc and nu_svc models, not one_class"},
      {"svm_type nu_svr\nkernel_type linear\nnr_class 2\ntotal_sv 1\nrho 0\nprobA 1\nprobB "
       "1\nSV\n1 1:1\n",
       "m.model:7: probB belongs to c_svc and nu_svc models; an nu_svr model has probA only"},
      {"svm_type c_svc\nkernel_type precomputed\n" + counts + "SV\n0.75 0:1\n-0.75 1:2\n",
       "m.model:10:7: invalid serial number '1:2' of a precomputed model"},
      {"svm_type c_svc\nkernel_type precomputed\n" + counts + "SV\n0.75 0:0\n-0.75 0:2\n",
       "m.model:9:6: invalid serial number '0:0' of a precomputed model"},
      // M7 non-finite values and ranges.
      {"svm_type c_svc\nkernel_type rbf\ngamma nan\n", "m.model:3:7: non-finite gamma 'nan'"},
      {head + "nr_class 2\ntotal_sv 2\nrho inf\n", "m.model:6:5: non-finite rho 'inf'"},
      {"svm_type c_svc\nkernel_type sigmoid\ngamma 1\ncoef0 1e999\n",
       "m.model:4:7: non-finite coef0 '1e999'"},
      {"svm_type c_svc\nkernel_type polynomial\ndegree -1\ngamma 1\ncoef0 0\n" + counts + svs,
       "m.model:11: invalid kernel parameter degree"},
      {"svm_type c_svc\nkernel_type polynomial\ndegree 2000000000\ngamma 1\ncoef0 0\n" + counts +
           svs,
       "m.model:11: invalid kernel parameter degree"},
      {head + counts + "SV\n0.75 1:nan\n-0.75 2:2\n", "m.model:10:8: non-finite value 'nan'"},
      {head + counts + "SV\nnan 1:1\n-0.75 2:2\n", "m.model:10:1: non-finite coefficient 'nan'"},
      {"svm_type c_svc\nkernel_type rbf\n" + counts + svs, "m.model:8: rbf model without gamma"},
      // M8 SV rows with unordered, duplicate or negative indices.
      {head + counts + "SV\n0.75 2:1 1:1\n-0.75 2:2\n",
       "m.model:10:10: feature indices out of order: 1 after 2"},
      {head + counts + "SV\n0.75 1:1 1:1\n-0.75 2:2\n", "m.model:10:10: duplicate feature index 1"},
      {head + counts + "SV\n0.75 -1:1\n-0.75 2:2\n", "m.model:10:6: negative feature index -1"},
      // M9 unknown keys and duplicates.
      {head + "foo 1\n", "m.model:4:1: unknown text in model file: 'foo'"},
      {head + "gamma 0.5\n", "m.model:4:1: duplicate key 'gamma'"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprob_density_marks 0.5\n",
       "m.model:8:1: one-class probability marks ('prob_density_marks', LIBSVM >= 3.3 -b 1) are "
       "not supported"},
      // M14 probability information: counts, values, pairs.
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprobA 0.5 1\nprobB 0.1\nnr_sv 1 1\n" +
           svs,
       "m.model:8: probA has 2 values; nr_class 2 needs k(k-1)/2 = 1"},
      {head +
           "nr_class 3\ntotal_sv 2\nrho 0.1 0.2 0.3\nlabel 1 -1 2\nprobA 1 2 3\nprobB 1\n"
           "nr_sv 1 1 0\n" +
           svs,
       "m.model:9: probB has 1 values; nr_class 3 needs k(k-1)/2 = 3"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprobA nan\n",
       "m.model:8:7: non-finite probA 'nan'"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprobA -1\nprobB 1e999\n",
       "m.model:9:7: non-finite probB '1e999'"},
      {head + "probA 1\n", "m.model:4:1: 'probA' before 'nr_class'"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprobA -1.5\nnr_sv 1 1\n" + svs,
       "m.model:8: c_svc model with probA but no probB"},
      {head + "nr_class 2\ntotal_sv 2\nrho 0.1\nlabel 1 -1\nprobB -1.5\nnr_sv 1 1\n" + svs,
       "m.model:8: c_svc model with probB but no probA"},
      {"svm_type epsilon_svr\nkernel_type linear\nnr_class 2\ntotal_sv 1\nrho 0\nprobA 0.5\n"
       "probB 1\nSV\n1 1:1\n",
       "m.model:7: probB belongs to c_svc and nu_svc models"},
      {"svm_type epsilon_svr\nkernel_type linear\nnr_class 2\ntotal_sv 1\nrho 0\nprobA -0.5\n"
       "SV\n1 1:1\n",
       "m.model:6: probA of an epsilon_svr model is the Laplace scale sigma and must be >= 0"},
      {"\x89PNG\r\n", "m.model:1: not a text LIBSVM model file (invalid UTF-8 at byte offset 0)"},
  }));
  INFO(text);
  CHECK_THAT(errorOf(text), Catch::StartsWith(expected));
}

TEST_CASE("F4: a model with a far support vector index is held sparse and written back",
          "[svm][model_io][F4]") {
  // The reliability audit's model with a far support vector index (docs/bad-inputs.md F4), the
  // index raised to 2 000 000 000: dense, the two support vectors would need 32 GB.
  const std::string text =
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho 0.1\n"
      "label 1 -1\nnr_sv 1 1\nSV\n1 1:1\n-1 1:-1 2000000000:1\n";
  const auto r = readModel(text, "far.model");
  REQUIRE(r.ok());
  REQUIRE(r.value.isSparse());
  CHECK(r.value.supportVectors.size() == 0);
  CHECK(r.value.sparseSupportVectors.dimension() == 2000000000);
  CHECK(r.value.sparseSupportVectors.storedEntries() == 3);
  CHECK(writeModel(r.value) == text);
  // f(x) at x = (1): ‖x − sv0‖² = 0, ‖x − sv1‖² = 4 + 1; f = e⁰ − e^(−2.5) − 0.1.
  Vector x(1);
  x << 1;
  CHECK(decisionValues(r.value, x)(0) == Approx(1 - std::exp(-2.5) - 0.1).margin(1e-15));
  CHECK(predict(r.value, x) == 1);
  // Dense by density, the same budget as before applies.
  ModelReadOptions small;
  small.limits.maxFeatures = 2;
  const auto dense = readModel(
      "svm_type c_svc\nkernel_type linear\nnr_class 2\ntotal_sv 2\nrho 0\nlabel 1 -1\n"
      "nr_sv 1 1\nSV\n1 1:1 2:1 3:1\n-1 1:1 2:1 3:1\n",
      "dense.model", small);
  REQUIRE_FALSE(dense.ok());
  CHECK_THAT(dense.error->toString(),
             Catch::StartsWith("dense.model: support vectors have 3 features, above the budget"));
}

TEST_CASE("fuzz_model: the dimension an explicit zero states survives write → read",
          "[svm][model_io][fuzz]") {
  // Found by tests/fuzz/fuzz_model.cpp (seed corpus/model/fuzz_sparse_roundtrip_dimension): the
  // reader took the dimension 27 from `27:0`, chose sparse storage, and the writer dropped the
  // zero; read back, the model was dense with one feature, and its decision values for points
  // longer than 27 features differed in the last bits (the two storage forms sum in different
  // orders).
  const std::string text =
      "svm_type c_svc\nkernel_type rbf\ngamma 0.5\nnr_class 3\ntotal_sv 3\nrho 0 0 20\n"
      "label 1 2 3\nnr_sv 1 1 1\nSV\n1 1\n-1 1 1:1\n01 -1 27:0\n";
  const auto r = readModel(text, "f.model");
  REQUIRE(r.ok());
  REQUIRE(r.value.isSparse());
  const std::string written = writeModel(r.value);
  CHECK_THAT(written, Catch::EndsWith("SV\n1 1\n-1 1 1:1\n1 -1 27:0\n"));
  const auto back = readModel(written, "f2.model");
  REQUIRE(back.ok());
  CHECK(back.value.isSparse());
  CHECK(back.value.sparseSupportVectors.dimension() == 27);
  for (Index d = 1; d <= 30; ++d) {
    const Vector x = Vector::LinSpaced(d, -1.0, 1.0);
    const Vector a = decisionValues(r.value, x);
    const Vector b = decisionValues(back.value, x);
    for (Index p = 0; p < a.size(); ++p) CHECK(a(p) == b(p));  // bit for bit, not Approx
  }
  // A dense model whose last feature is zero in every support vector keeps its dimension too.
  SvmModel dense = handModel();
  dense.supportVectors.conservativeResize(2, 3);
  dense.supportVectors.col(2).setZero();
  const std::string denseText = writeModel(dense);
  CHECK_THAT(denseText, Catch::EndsWith("-0.75 2:2 3:0\n"));
  const auto denseBack = readModel(denseText, "d.model");
  REQUIRE(denseBack.ok());
  CHECK(denseBack.value.supportVectors.cols() == 3);
  CHECK(writeModel(denseBack.value) == denseText);
}

TEST_CASE("Model files: probA/probB are written where svm_save_model puts them and read back (M14)",
          "[svm][model_io][probability]") {
  SvmModel m = handModel();
  m.probA.resize(1);
  m.probA << -1.6841032239202511;
  m.probB.resize(1);
  m.probB << -0.054170791243250346;
  const std::string text = writeModel(m);
  // LIBSVM's order: ... rho, label, probA, probB, nr_sv, SV.
  CHECK(text.find("rho 0.1\nlabel 1 -1\nprobA -1.6841032239202511\nprobB -0.054170791243250346\n"
                  "nr_sv 1 1\nSV\n") != std::string::npos);
  const auto r = readModel(text, "p.model");
  REQUIRE(r.ok());
  CHECK(r.value.probA(0) == m.probA(0));
  CHECK(r.value.probB(0) == m.probB(0));
  CHECK(writeModel(r.value) == text);

  // epsilon_svr: probA only, after rho.
  const std::string svr =
      "svm_type epsilon_svr\nkernel_type linear\nnr_class 2\ntotal_sv 1\nrho 0.5\n"
      "probA 0.25\nSV\n1 1:1\n";
  const auto s = readModel(svr, "s.model");
  REQUIRE(s.ok());
  REQUIRE(s.value.probA.size() == 1);
  CHECK(s.value.probA(0) == 0.25);
  CHECK(s.value.probB.size() == 0);
  CHECK(writeModel(s.value) == svr);
}
