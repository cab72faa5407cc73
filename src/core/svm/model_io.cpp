#include "svm/model_io.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace kpg {

namespace {

// svm_type_table of LIBSVM svm.cpp, in -s order.
constexpr std::string_view kSvmTypeNames[] = {"c_svc", "nu_svc", "one_class", "epsilon_svr",
                                              "nu_svr"};

std::string_view svmTypeName(SvmType type) {
  return kSvmTypeNames[static_cast<int>(type)];
}

bool usesDegree(KernelType t) {
  return t == KernelType::Polynomial;
}
bool usesGamma(KernelType t) {
  return t != KernelType::Linear;
}
bool usesCoef0(KernelType t) {
  return t == KernelType::Polynomial || t == KernelType::Sigmoid;
}

// A signed 32-bit integer, for labels, counts and the degree.
bool parseInt(std::string_view text, long long& value, bool& overflow) {
  bool negative = false;
  if (!text.empty() && text[0] == '-') {
    negative = true;
    text.remove_prefix(1);
    if (!text.empty() && text[0] == '+') return false;
  }
  if (!parseUnsigned(text, negative ? 2147483648LL : 2147483647LL, value, overflow)) return false;
  if (negative) value = -value;
  return true;
}

}  // namespace

void writeModel(const SvmModel& model, const ModelTextSink& sink) {
  const KernelType kernel = model.kernel.type;
  std::string out;
  out += "svm_type ";
  out += svmTypeName(model.type);
  out += "\nkernel_type ";
  out += model.precomputedKernel ? "precomputed" : kernelTypeName(kernel);
  out += '\n';
  if (model.precomputedKernel) {
    // No kernel parameters: the kernel values are the data's.
  } else if (usesDegree(kernel))
    out += "degree " + std::to_string(model.kernel.degree) + "\n";
  if (usesGamma(kernel)) out += "gamma " + formatDouble(model.kernel.gamma) + "\n";
  if (usesCoef0(kernel)) out += "coef0 " + formatDouble(model.kernel.coef0) + "\n";
  out += "nr_class " + std::to_string(model.classCount) + "\n";
  out += "total_sv " + std::to_string(model.supportVectorCount()) + "\n";
  out += "rho";
  for (Eigen::Index p = 0; p < model.rho.size(); ++p) out += " " + formatDouble(model.rho(p));
  out += '\n';
  if (isClassification(model.type)) {
    out += "label";
    for (int label : model.labels) out += " " + std::to_string(label);
    out += '\n';
  }
  // svm_save_model's order: label, probA, probB, nr_sv (an epsilon_svr model has probA only).
  const auto numbers = [&](const char* key, const Vector& values) {
    if (values.size() == 0) return;
    out += key;
    for (Eigen::Index p = 0; p < values.size(); ++p) out += " " + formatDouble(values(p));
    out += '\n';
  };
  numbers("probA", model.probA);
  numbers("probB", model.probB);
  if (isClassification(model.type)) {
    out += "nr_sv";
    for (int count : model.supportCounts) out += " " + std::to_string(count);
    out += '\n';
  }
  out += "SV\n";
  // The dimension survives the round trip: when every support vector is zero in the last
  // features, the last row ends with an explicit `d:0` (LIBSVM's own way to state a dimension),
  // so the reader rebuilds the same dimension and the same storage form, and the model evaluates
  // to the same bits after write → read (the dense and sparse kernels sum in different orders).
  const Eigen::Index dimension =
      model.isSparse() ? model.sparseSupportVectors.dimension() : model.supportVectors.cols();
  Eigen::Index writtenDimension = 0;
  for (Eigen::Index s = 0; s < model.supportVectorCount(); ++s) {
    if (model.isSparse()) {
      const SparseRowView row = model.sparseSupportVectors.row(s);
      for (Eigen::Index k = 0; k < row.size; ++k)
        if (row.values[k] != 0.0)
          writtenDimension = std::max<Eigen::Index>(writtenDimension, row.columns[k] + 1);
    } else {
      for (Eigen::Index j = model.supportVectors.cols() - 1; j >= writtenDimension; --j) {
        if (model.supportVectors(s, j) != 0.0) {
          writtenDimension = j + 1;
          break;
        }
      }
    }
  }
  for (Eigen::Index s = 0; s < model.supportVectorCount(); ++s) {
    bool first = true;
    for (Eigen::Index c = 0; c < model.coefficients.rows(); ++c) {
      if (!first) out += ' ';
      out += formatDouble(model.coefficients(c, s));
      first = false;
    }
    const auto feature = [&](Eigen::Index column, double v) {
      if (v == 0.0) return;
      if (!first) out += ' ';
      out += std::to_string(column + 1) + ":" + formatDouble(v);
      first = false;
    };
    if (model.precomputedKernel) {
      // LIBSVM's `0:i`: the support vector's serial number in the training file.
      out += (first ? "0:" : " 0:") + formatDouble(model.supportVectors(s, 0)) + "\n";
      continue;
    }
    if (model.isSparse()) {
      const SparseRowView row = model.sparseSupportVectors.row(s);
      for (Eigen::Index k = 0; k < row.size; ++k) feature(row.columns[k], row.values[k]);
    } else {
      for (Eigen::Index j = 0; j < model.supportVectors.cols(); ++j)
        feature(j, model.supportVectors(s, j));
    }
    if (s + 1 == model.supportVectorCount() && dimension > writtenDimension) {
      if (!first) out += ' ';
      out += std::to_string(dimension) + ":0";
    }
    out += '\n';
    if (out.size() >= kModelTextChunkBytes) {
      sink(out);
      out.clear();
    }
  }
  sink(out);
}

std::string writeModel(const SvmModel& model) {
  std::string text;
  writeModel(model, [&](std::string_view chunk) { text.append(chunk); });
  return text;
}

namespace {

// What the header states, kept as read (wide integers, lists that grow with the tokens present)
// until the consistency checks have compared it with itself: nothing is sized by a count the
// file states.
struct ModelHeader {
  bool haveType = false, haveKernel = false, haveDegree = false, haveGamma = false,
       haveCoef0 = false, haveClasses = false, haveTotal = false;
  KernelParams kernel;
  bool precomputed = false;  // kernel_type precomputed: SV rows are `0:i`
  long long classCount = 0;
  long long totalSv = 0;
  std::vector<double> rho;
  std::vector<long long> labels;
  std::vector<long long> supportCounts;
  std::vector<double> probA;
  std::vector<double> probB;
  // Where each list was, 0 when absent: a count that does not match points at its line.
  std::size_t labelLine = 0, countLine = 0, rhoLine = 0, probALine = 0, probBLine = 0;
  // The 'SV' line: a key that is missing is reported there, where the header ends.
  std::size_t svLine = 0;
};

// Reads a model file in order: the header's `key values` lines up to 'SV', the header's
// consistency (M2-M7), the support vector rows, then the storage form and the model. Each step
// returns false at the first problem, with error_ set (as the range file parser in
// feature_scaling.cpp does); svm_type goes into the model as soon as it is read.
class ModelFileReader {
 public:
  ModelFileReader(std::string_view text, std::string_view source, const ModelReadOptions& options,
                  SvmModel& model)
      : source_(source),
        options_(options),
        model_(model),
        reader_(text, options.limits.maxLineBytes) {}

  bool read() {
    return readHeader() && checkKeys() && checkProbability() && checkClassLists() &&
           readSupportVectors() && buildModel();
  }
  ReadError takeError() { return std::move(error_); }

 private:
  bool fail(std::size_t line, std::size_t column, std::string message, std::string hint = {}) {
    error_ = text::makeError(source_, line, column, std::move(message), std::move(hint));
    return false;
  }

  // ---- Header ----------------------------------------------------------------------------------

  bool readHeader() {
    std::string_view line;
    while (reader_.next(line)) {
      line_ = reader_.lineNumber();
      text::splitTokens(line, tokens_);
      if (tokens_.empty()) return fail(line_, 0, "empty line in the model header");
      key_ = std::string(tokens_[0].text);
      if (key_ == "SV") {
        if (tokens_.size() != 1)
          return fail(line_, tokens_[1].column, "unexpected text after 'SV'");
        header_.svLine = line_;
        return true;
      }
      if (!seen_.insert(key_).second)
        return fail(line_, tokens_[0].column, "duplicate key '" + key_ + "'");
      if (!readKey()) return false;
    }
    if (reader_.tooLong())
      return fail(reader_.lineNumber(), 0, "line too long in the model header");
    if (reader_.lineNumber() == 0) return fail(0, 0, "model truncated: the file is empty");
    return fail(reader_.lineNumber(), 0,
                "model truncated at line " + std::to_string(reader_.lineNumber()) +
                    ": the header ends before the 'SV' line",
                "the file is cut or is not a LIBSVM model");
  }

  // One header line, `key_` and its values in tokens_.
  bool readKey() {
    if (key_ == "svm_type") return readSvmType();
    if (key_ == "kernel_type") return readKernelType();
    if (key_ == "degree") {
      long long degree = 0;
      if (!readInteger(-2147483648LL, 2147483647LL, degree)) return false;
      header_.kernel.degree = static_cast<int>(degree);
      header_.haveDegree = true;
      return true;
    }
    if (key_ == "gamma") {
      if (!readReal(header_.kernel.gamma)) return false;
      header_.haveGamma = true;
      return true;
    }
    if (key_ == "coef0") {
      if (!readReal(header_.kernel.coef0)) return false;
      header_.haveCoef0 = true;
      return true;
    }
    if (key_ == "nr_class") {
      if (!readInteger(2, options_.maxClasses, header_.classCount)) {
        error_.hint = "a model separates at least 2 classes; this reader accepts up to " +
                      std::to_string(options_.maxClasses);
        return false;
      }
      header_.haveClasses = true;
      return true;
    }
    if (key_ == "total_sv") {
      if (!readInteger(0, static_cast<long long>(options_.limits.maxLines), header_.totalSv))
        return false;
      header_.haveTotal = true;
      return true;
    }
    if (key_ == "rho" || key_ == "label" || key_ == "nr_sv" || key_ == "probA" || key_ == "probB")
      return readList();
    if (key_ == "prob_density_marks") {
      return fail(line_, tokens_[0].column,
                  "one-class probability marks ('prob_density_marks', LIBSVM >= 3.3 -b 1) are "
                  "not supported",
                  "this reader follows LIBSVM 3.24, whose one-class models have no "
                  "probabilities; retrain the one-class model with -b 0");
    }
    return fail(line_, tokens_[0].column, "unknown text in model file: '" + key_ + "'",
                "known keys: svm_type, kernel_type, degree, gamma, coef0, nr_class, total_sv, "
                "rho, label, probA, probB, nr_sv, SV");
  }

  // The value of a `key value` line; nullopt when the line has none or more than one.
  std::optional<text::Token> single() const {
    if (tokens_.size() == 2) return tokens_[1];
    return std::nullopt;
  }

  bool readSvmType() {
    const auto token = single();
    const std::string name = token ? std::string(token->text) : std::string();
    const auto known = std::find(std::begin(kSvmTypeNames), std::end(kSvmTypeNames), name);
    if (known == std::end(kSvmTypeNames)) {
      return fail(line_, token ? token->column : 0, "unsupported svm_type '" + name + "'",
                  "supported: c_svc, nu_svc, one_class, epsilon_svr, nu_svr");
    }
    model_.type = static_cast<SvmType>(known - std::begin(kSvmTypeNames));
    header_.haveType = true;
    return true;
  }

  bool readKernelType() {
    const auto token = single();
    if (token && token->text == "precomputed") {
      header_.precomputed = true;
      header_.haveKernel = true;
      return true;
    }
    const auto type = token ? kernelTypeFromName(token->text) : std::nullopt;
    if (!type) {
      return fail(line_, token ? token->column : 0,
                  "unsupported kernel_type '" + (token ? std::string(token->text) : "") + "'",
                  "supported: linear, polynomial, rbf, sigmoid, precomputed");
    }
    header_.kernel.type = *type;
    header_.haveKernel = true;
    return true;
  }

  // Reads `key value` with one integer in [lo, hi].
  bool readInteger(long long lo, long long hi, long long& value) {
    const auto token = single();
    bool overflow = false;
    if (!token || !parseInt(token->text, value, overflow))
      return fail(line_, token ? token->column : tokens_[0].column,
                  "'" + key_ + "' needs one whole number");
    if (overflow || value < lo || value > hi) {
      return fail(line_, token->column,
                  key_ + " " + std::string(token->text) + " is out of range [" +
                      std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
    return true;
  }

  bool readReal(double& value) {
    const auto token = single();
    if (!token) return fail(line_, tokens_[0].column, "'" + key_ + "' needs one number");
    return parseReal(*token, value);
  }

  // A finite number for key_: "invalid rho 'x'", "non-finite gamma 'inf'".
  bool parseReal(const text::Token& token, double& value) {
    const NumberParse p = parseDecimal(token.text);
    if (p.status != NumberStatus::Ok) {
      return fail(line_, token.column,
                  (p.status == NumberStatus::NotFinite ? "non-finite " : "invalid ") + key_ + " '" +
                      std::string(token.text) + "'",
                  numberHint(p.status));
    }
    value = p.value;
    return true;
  }

  // rho, probA, probB (numbers) or label, nr_sv (32-bit integers, counts >= 0): the values the
  // line holds, whatever their number; the consistency checks compare it with nr_class.
  bool readList() {
    if (!header_.haveClasses) {
      return fail(line_, tokens_[0].column, "'" + key_ + "' before 'nr_class'",
                  "nr_class must come first; its count sizes this list");
    }
    const bool isReal = key_ == "rho" || key_ == "probA" || key_ == "probB";
    const bool isLabel = key_ == "label";
    std::vector<double>& reals = key_ == "rho"     ? header_.rho
                                 : key_ == "probA" ? header_.probA
                                                   : header_.probB;
    for (std::size_t t = 1; t < tokens_.size(); ++t) {
      if (isReal) {
        double value = 0;
        if (!parseReal(tokens_[t], value)) return false;
        reals.push_back(value);
        continue;
      }
      long long value = 0;
      bool overflow = false;
      if (!parseInt(tokens_[t].text, value, overflow) || overflow || (!isLabel && value < 0)) {
        return fail(line_, tokens_[t].column,
                    "invalid " + key_ + " '" + std::string(tokens_[t].text) + "'",
                    isLabel ? "labels are 32-bit integers" : "counts are whole numbers >= 0");
      }
      (isLabel ? header_.labels : header_.supportCounts).push_back(value);
    }
    (key_ == "rho"     ? header_.rhoLine
     : key_ == "label" ? header_.labelLine
     : key_ == "nr_sv" ? header_.countLine
     : key_ == "probA" ? header_.probALine
                       : header_.probBLine) = line_;
    return true;
  }

  // ---- Header consistency (M2-M7) --------------------------------------------------------------

  // The keys every model needs, its kernel's parameters, and one rho per pair of classes.
  bool checkKeys() {
    const ModelHeader& h = header_;
    if (!h.haveType) return fail(h.svLine, 0, "missing svm_type");
    if (!h.haveKernel) return fail(h.svLine, 0, "missing kernel_type");
    if (!h.haveClasses) return fail(h.svLine, 0, "missing nr_class");
    if (!h.haveTotal) return fail(h.svLine, 0, "missing total_sv");
    const KernelType kt = h.kernel.type;
    if (h.precomputed) {
      // No kernel parameters to check (svm_save_model writes none for precomputed).
    } else if (usesDegree(kt) && !h.haveDegree)
      return fail(h.svLine, 0, "polynomial model without degree");
    else if (usesGamma(kt) && !h.haveGamma)
      return fail(h.svLine, 0, std::string(kernelTypeName(kt)) + " model without gamma");
    else if (usesCoef0(kt) && !h.haveCoef0)
      return fail(h.svLine, 0, std::string(kernelTypeName(kt)) + " model without coef0");
    if (auto e = h.precomputed ? std::nullopt : validate(h.kernel)) {
      return fail(h.svLine, 0, "invalid kernel parameter " + e->parameter + ": " + e->message);
    }
    if (static_cast<long long>(h.rho.size()) != pairs()) {
      return fail(h.rhoLine ? h.rhoLine : h.svLine, 0,
                  "rho has " + std::to_string(h.rho.size()) + " values; nr_class " +
                      std::to_string(h.classCount) +
                      " needs k(k-1)/2 = " + std::to_string(pairs()));
    }
    return true;
  }

  long long pairs() const { return header_.classCount * (header_.classCount - 1) / 2; }

  // Probability information (svm-train -b 1): as many values as rho, as svm_load_model reads
  // them; c_svc needs both keys (svm_check_probability_model), epsilon_svr has probA only.
  bool checkProbability() {
    const ModelHeader& h = header_;
    using List = std::tuple<const char*, const std::vector<double>&, std::size_t>;
    for (const auto& [key, values, keyLine] :
         {List{"probA", h.probA, h.probALine}, List{"probB", h.probB, h.probBLine}}) {
      if (keyLine && static_cast<long long>(values.size()) != pairs()) {
        return fail(keyLine, 0,
                    std::string(key) + " has " + std::to_string(values.size()) +
                        " values; nr_class " + std::to_string(h.classCount) +
                        " needs k(k-1)/2 = " + std::to_string(pairs()),
                    "the file is damaged; train again with -b 1");
      }
    }
    const std::string type(svmTypeName(model_.type));
    if (model_.type == SvmType::OneClass) {
      if (h.probALine || h.probBLine)
        return fail(h.probALine ? h.probALine : h.probBLine, 0,
                    "a one_class model has no probability information (LIBSVM 3.24)",
                    "the file is damaged; train again with -b 0");
    } else if (isRegression(model_.type)) {
      if (h.probBLine)
        return fail(
            h.probBLine, 0,
            "probB belongs to c_svc and nu_svc models; an " + type + " model has probA only");
      if (h.probALine && h.probA[0] < 0)
        return fail(h.probALine, 0,
                    "probA of an " + type + " model is the Laplace scale sigma and must be >= 0");
    } else if ((h.probALine != 0) != (h.probBLine != 0)) {
      return fail(
          h.probALine ? h.probALine : h.probBLine, 0,
          type + " model with " + (h.probALine ? "probA but no probB" : "probB but no probA"),
          "probability models have both (svm-train -b 1); the file is damaged");
    }
    return true;
  }

  // label and nr_sv: c_svc only, one per class, distinct labels, counts that sum to total_sv.
  bool checkClassLists() {
    const ModelHeader& h = header_;
    const std::string type(svmTypeName(model_.type));
    if (!isClassification(model_.type)) {
      if (h.classCount != 2) return fail(h.svLine, 0, type + " models have nr_class 2");
      if (h.labelLine || h.countLine)
        return fail(h.labelLine ? h.labelLine : h.countLine, 0,
                    "label and nr_sv belong to c_svc and nu_svc models, not " + type);
      return true;
    }
    if (!h.labelLine) return fail(h.svLine, 0, type + " model without 'label'");
    if (!h.countLine) return fail(h.svLine, 0, type + " model without 'nr_sv'");
    if (static_cast<long long>(h.labels.size()) != h.classCount) {
      return fail(h.labelLine, 0,
                  "label has " + std::to_string(h.labels.size()) + " values; nr_class is " +
                      std::to_string(h.classCount));
    }
    if (static_cast<long long>(h.supportCounts.size()) != h.classCount) {
      return fail(h.countLine, 0,
                  "nr_sv has " + std::to_string(h.supportCounts.size()) + " values; nr_class is " +
                      std::to_string(h.classCount));
    }
    long long sum = 0;
    for (long long c : h.supportCounts) sum += c;
    if (sum != h.totalSv) {
      return fail(h.countLine, 0,
                  "the nr_sv counts sum to " + std::to_string(sum) + " but total_sv is " +
                      std::to_string(h.totalSv));
    }
    std::vector<long long> sorted = h.labels;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      return fail(h.labelLine, 0, "duplicate class label");
    return true;
  }

  // ---- Support vectors -------------------------------------------------------------------------

  // The rows after 'SV', no more than total_sv and no fewer, the last one ending in a newline.
  bool readSupportVectors() {
    coefficientCount_ = static_cast<std::size_t>(header_.classCount - 1);
    std::string_view line;
    while (reader_.next(line)) {
      if (!readSupportVector(line)) return false;
    }
    if (reader_.tooLong()) return fail(reader_.lineNumber(), 0, "line too long among the SV rows");
    if (static_cast<long long>(rows_) < header_.totalSv) {
      return fail(reader_.lineNumber() + 1, 0,
                  "model truncated at line " + std::to_string(reader_.lineNumber() + 1) +
                      ": total_sv is " + std::to_string(header_.totalSv) + " but only " +
                      std::to_string(rows_) + " support vector rows follow",
                  "the file is cut; save the model again");
    }
    if (!reader_.lastLineTerminated()) {
      return fail(reader_.lineNumber(), 0,
                  "model truncated at line " + std::to_string(reader_.lineNumber()) +
                      ": the last line has no newline",
                  "the file is cut; save the model again");
    }
    return true;
  }

  // One row: nr_class - 1 coefficients, then the support vector's `index:value` features.
  bool readSupportVector(std::string_view line) {
    line_ = reader_.lineNumber();
    text::splitTokens(line, tokens_);
    if (tokens_.empty()) return fail(line_, 0, "empty line among the support vectors");
    if (static_cast<long long>(rows_) >= header_.totalSv) {
      return fail(line_, 0,
                  "more support vector rows than total_sv = " + std::to_string(header_.totalSv));
    }
    std::size_t t = 0;
    if (!readCoefficients(t)) return false;
    row_.clear();
    if (header_.precomputed) return readSerialNumber(t);
    long long previous = 0;
    for (; t < tokens_.size(); ++t) {
      long long index = 0;
      double value = 0;
      // Any 32-bit index: the rows are kept sparse, so only a model stored dense is held to
      // the feature budget (buildModel).
      if (auto e = text::parseFeature(tokens_[t], false, previous, text::kMaxLibsvmIndex, index,
                                      value)) {
        return fail(line_, e->column, std::move(e->message), std::move(e->hint));
      }
      previous = index;
      if (value != 0.0) row_.push(static_cast<int>(index - 1), value);
      // An explicit zero (LIBSVM's `2:0`) still states the dimension.
      supportVectors_.setDimensionAtLeast(static_cast<Eigen::Index>(index));
    }
    supportVectors_.appendRow(row_.view());
    ++rows_;
    return true;
  }

  // A precomputed kernel's row after its coefficients: exactly `0:i`, i the support vector's serial
  // number in the training file, a whole number >= 1 (svm_save_model's PRECOMPUTED form).
  bool readSerialNumber(std::size_t t) {
    const auto column = t < tokens_.size() ? tokens_[t].column : 0;
    long long index = 0;
    double value = 0;
    if (t + 1 != tokens_.size())
      return fail(line_, column,
                  "a precomputed model's support vector row is its coefficients and one 0:i",
                  "i is the support vector's serial number in the training file (LIBSVM -t 4)");
    if (auto e = text::parseFeature(tokens_[t], true, -1, text::kMaxLibsvmIndex, index, value))
      return fail(line_, e->column, std::move(e->message), std::move(e->hint));
    if (index != 0 || !(value >= 1) || value != std::floor(value) || value > 2147483647.0)
      return fail(
          line_, column,
          "invalid serial number '" + std::string(tokens_[t].text) + "' of a precomputed model",
          "write 0:i, i a whole number >= 1 (the sample's line in the training file)");
    row_.push(0, value);
    supportVectors_.setDimensionAtLeast(1);
    supportVectors_.appendRow(row_.view());
    ++rows_;
    return true;
  }

  // The row's coefficients, tokens_[0, t): exactly nr_class - 1 of them before the first feature.
  bool readCoefficients(std::size_t& t) {
    for (; t < tokens_.size() && t < coefficientCount_; ++t) {
      if (tokens_[t].text.find(':') != std::string_view::npos) break;
      const NumberParse p = parseDecimal(tokens_[t].text);
      if (p.status != NumberStatus::Ok) {
        return fail(line_, tokens_[t].column,
                    (p.status == NumberStatus::NotFinite ? "non-finite coefficient '"
                                                         : "invalid coefficient '") +
                        std::string(tokens_[t].text) + "'",
                    numberHint(p.status));
      }
      coefficients_.push_back(p.value);
    }
    const bool extra = t < tokens_.size() && tokens_[t].text.find(':') == std::string_view::npos;
    if (t < coefficientCount_ || extra) {
      return fail(line_, 0,
                  "support vector row has " + std::string(extra ? "more than " : "") +
                      std::to_string(t) + " coefficients; nr_class " +
                      std::to_string(header_.classCount) + " needs " +
                      std::to_string(coefficientCount_),
                  "the file is cut or damaged");
    }
    return true;
  }

  // ---- The model -------------------------------------------------------------------------------

  // The storage form the support vectors call for (a dense one within the budgets), then the
  // model: nothing of it is set before every check has passed.
  bool buildModel() {
    const Eigen::Index dimension = supportVectors_.dimension();
    const auto n = static_cast<Eigen::Index>(rows_);
    const bool sparse = preferSparseStorage(n, dimension, supportVectors_.storedEntries());
    if (!sparse && dimension > options_.limits.maxFeatures) {
      return fail(0, 0,
                  "support vectors have " + std::to_string(dimension) +
                      " features, above the budget of " +
                      std::to_string(options_.limits.maxFeatures) + " features",
                  "raise --max-features if the model really has that many features");
    }
    const double bytes = static_cast<double>(rows_) * static_cast<double>(dimension) * 8.0;
    if (!sparse && bytes > static_cast<double>(options_.limits.maxDenseBytes)) {
      return fail(0, 0,
                  "exceeds memory budget: " + std::to_string(rows_) + " support vectors × " +
                      std::to_string(dimension) + " features");
    }
    const ModelHeader& h = header_;
    model_.kernel = h.kernel;
    model_.precomputedKernel = h.precomputed;
    model_.classCount = static_cast<int>(h.classCount);
    model_.rho = Eigen::Map<const Vector>(h.rho.data(), static_cast<Eigen::Index>(h.rho.size()));
    model_.probA =
        Eigen::Map<const Vector>(h.probA.data(), static_cast<Eigen::Index>(h.probA.size()));
    model_.probB =
        Eigen::Map<const Vector>(h.probB.data(), static_cast<Eigen::Index>(h.probB.size()));
    model_.labels.assign(h.labels.begin(), h.labels.end());
    model_.supportCounts.assign(h.supportCounts.begin(), h.supportCounts.end());
    if (sparse && n > 0 && !h.precomputed) {
      model_.sparseSupportVectors = std::move(supportVectors_);
    } else {
      model_.supportVectors = supportVectors_.toDense();
    }
    // coefficients_ was filled row by row of the file: SV-major, i.e. the transpose of the layout.
    model_.coefficients =
        Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            coefficients_.data(), n, static_cast<Eigen::Index>(coefficientCount_))
            .transpose();
    return true;
  }

  std::string_view source_;
  const ModelReadOptions& options_;
  SvmModel& model_;
  text::LineReader reader_;
  ReadError error_;
  // The line being read: its number, its tokens, and in the header its key.
  std::size_t line_ = 0;
  std::vector<text::Token> tokens_;
  std::string key_;
  std::set<std::string, std::less<>> seen_;  // the header's keys so far
  ModelHeader header_;
  // The support vectors, as they are read.
  std::size_t coefficientCount_ = 0;  // nr_class - 1 per row
  std::vector<double> coefficients_;
  SparseRows supportVectors_;  // grows with the tokens present, never with a stated count
  SparseRow row_;
  std::size_t rows_ = 0;
};

}  // namespace

ReadResult<SvmModel> readModel(std::string_view text, std::string_view source,
                               const ModelReadOptions& options) {
  ReadResult<SvmModel> result;
  if (auto e = text::checkIsText(text, source, "LIBSVM model file")) {
    result.error = std::move(e);
    return result;
  }
  ModelFileReader reader(text::stripBom(text), source, options, result.value);
  if (!reader.read()) result.error = reader.takeError();
  return result;
}

}  // namespace kpg
