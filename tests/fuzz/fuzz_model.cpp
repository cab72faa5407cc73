// libFuzzer harness: LIBSVM model files (src/core/svm/model_io, evaluated by svm_model).
// Input: the model file. Properties beyond "no crash, no sanitizer report, no timeout":
//  - write → read → write is byte-identical (model_io.hpp promises write(read(write(m))) ==
//    write(m));
//  - a model that loads can be evaluated: decisionValues gives k(k−1)/2 values (c_svc, nu_svc) or
//    1 (epsilon_svr, nu_svr, one_class) on probe rows of the model's dimension, shorter and longer (LIBSVM's sparse
//    semantics, M13), and the same values, bit for bit, after the round trip;
//  - those values are finite whenever every number in the model is moderate (|value| ≤ 1e3,
//    degree 0..10, γ ≥ 0), where no kernel can overflow;
//  - predict gives one of the model's labels (c_svc, nu_svc), or ±1 (one_class);
//  - a precomputed kernel's model (SV rows `0:i`) reads x at each serial number: probes long
//    enough to reach them give the same values after the round trip;
//  - a c_svc or nu_svc model with probA/probB gives probabilities in [0, 1] summing to 1 (-b 1).

#include "fuzz_check.hpp"

#include "data/number_text.hpp"
#include "svm/model_io.hpp"
#include "svm/probability.hpp"

#include <algorithm>
#include <vector>

using namespace kpg;

namespace {

ModelReadOptions fuzzOptions() {
  ModelReadOptions options;
  // 256 MiB keeps ASan within libFuzzer's RSS limit and still loads the audit's F4 models
  // (28 SVs × index 333313 = 75 MB dense).
  options.limits.maxDenseBytes = std::size_t{256} << 20;
  return options;
}

// Rows of the model's dimension, shorter and longer. A sparse model's dimension may be 2·10⁹; its
// probes stop at 4 096 features, past which the sparse kernel reads only zeros anyway.
std::vector<Vector> probeRows(const SvmModel& model) {
  const Index d = model.isSparse() ? std::min<Index>(model.sparseSupportVectors.dimension(), 4096)
                                   : model.supportVectors.cols();
  std::vector<Vector> rows;
  rows.push_back(Vector::Zero(std::max<Index>(d, 1)));
  rows.push_back(Vector::Constant(std::max<Index>(d, 1), 0.5));
  if (!model.isSparse() && model.supportVectorCount() > 0 && d > 0)
    rows.push_back(model.supportVectors.row(0));
  if (d > 1) rows.push_back(Vector::Constant(d - 1, -1.0));  // shorter: missing features are 0
  rows.push_back(Vector::LinSpaced(d + 2, -1.0, 1.0));       // longer: extra features count
  if (model.precomputedKernel && model.supportVectorCount() > 0) {
    // Kernel values up to the largest serial number (bounded), so that every SV reads one.
    const double largest = model.supportVectors.col(0).maxCoeff();
    const Index length = static_cast<Index>(std::min(largest, 4096.0)) + 1;
    rows.push_back(Vector::LinSpaced(length, -1.0, 1.0));
  }
  return rows;
}

bool moderate(const SvmModel& model) {
  const auto small = [](double v) { return std::abs(v) <= 1e3; };
  const KernelParams& k = model.kernel;
  if (!small(k.gamma) || k.gamma < 0 || !small(k.coef0) || k.degree < 0 || k.degree > 10)
    return false;
  const auto allSmall = [&](const Matrix& m) {
    return m.size() == 0 || m.cwiseAbs().maxCoeff() <= 1e3;
  };
  // A sparse model's support vectors (readModel's CSR form, svm_model.hpp) count as well.
  for (Index r = 0; r < model.sparseSupportVectors.rows(); ++r) {
    const SparseRowView row = model.sparseSupportVectors.row(r);
    for (Index e = 0; e < row.size; ++e)
      if (!small(row.values[e])) return false;
  }
  return allSmall(model.supportVectors) && allSmall(model.coefficients) && allSmall(model.rho);
}

std::string numbers(const Vector& v) {
  std::string out;
  for (Index i = 0; i < v.size(); ++i) out += formatExact(v(i)) + " ";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ReadResult<SvmModel> read = readModel(fuzz::asText(data, size), "fuzz", fuzzOptions());
  if (!read.ok()) {
    KPG_FUZZ_CHECK(!read.error->message.empty(), "an error without a message");
    return 0;
  }
  const SvmModel& model = read.value;
  const std::string written = writeModel(model);
  const ReadResult<SvmModel> again = readModel(written, "fuzz-rewritten", fuzzOptions());
  KPG_FUZZ_CHECK(again.ok(), "writeModel wrote a model readModel refuses: " +
                                 (again.ok() ? std::string() : again.error->toString()) +
                                 "\n--- written:\n" + written.substr(0, 600));
  const std::string rewritten = writeModel(again.value);
  KPG_FUZZ_CHECK(rewritten == written, "write → read → write differs:\n" + written.substr(0, 600) +
                                           "\n--- then:\n" + rewritten.substr(0, 600));

  const bool svr = !isClassification(model.type);
  const Index expected = svr ? 1 : Index{model.classCount} * (model.classCount - 1) / 2;
  const bool mustBeFinite = moderate(model);
  for (const Vector& x : probeRows(model)) {
    const Vector values = decisionValues(model, x);
    KPG_FUZZ_CHECK(
        values.size() == expected,
        std::to_string(values.size()) + " decision values, expected " + std::to_string(expected));
    KPG_FUZZ_CHECK(!mustBeFinite || values.allFinite(),
                   "non-finite decision values from a moderate model: " + numbers(values));
    const Vector back = decisionValues(again.value, x);
    KPG_FUZZ_CHECK(numbers(back) == numbers(values), "decision values changed by the round trip: " +
                                                         numbers(values) + "→ " + numbers(back));
    const double label = predict(model, x);
    if (!svr) {
      KPG_FUZZ_CHECK(
          std::find(model.labels.begin(), model.labels.end(), label) != model.labels.end(),
          "predicted " + formatExact(label) + ", not one of the model's labels");
    }
    if (model.type == SvmType::OneClass)
      KPG_FUZZ_CHECK(label == 1 || label == -1,
                     "a one_class model predicted " + formatExact(label) + ", not +1 or -1");
    if (!svr && hasProbabilityModel(model) && values.allFinite()) {
      // -b 1 (svm_predict_probability): probabilities clipped pairwise to [1e-7, 1 − 1e-7] and
      // coupled stay in [0, 1], sum to 1, and are the same bits after the round trip.
      const ProbabilityPrediction p = predictProbability(model, values);
      KPG_FUZZ_CHECK(p.probabilities.size() == model.classCount, "wrong number of probabilities");
      KPG_FUZZ_CHECK(
          std::abs(p.probabilities.sum() - 1) < 1e-9 && p.probabilities.minCoeff() >= -1e-12 &&
              p.probabilities.maxCoeff() <= 1 + 1e-12,
          "probabilities outside [0, 1] or not summing to 1: " + numbers(p.probabilities));
      const ProbabilityPrediction q = predictProbability(again.value, values);
      KPG_FUZZ_CHECK(numbers(q.probabilities) == numbers(p.probabilities),
                     "probabilities changed by the round trip");
    }
  }
  return 0;
}
