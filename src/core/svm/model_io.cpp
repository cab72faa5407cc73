#include "svm/model_io.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace kpg {

namespace {

std::string_view svmTypeName(SvmType type) {
  return type == SvmType::CSvc ? "c_svc" : "epsilon_svr";
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
  out += kernelTypeName(kernel);
  out += '\n';
  if (usesDegree(kernel)) out += "degree " + std::to_string(model.kernel.degree) + "\n";
  if (usesGamma(kernel)) out += "gamma " + formatDouble(model.kernel.gamma) + "\n";
  if (usesCoef0(kernel)) out += "coef0 " + formatDouble(model.kernel.coef0) + "\n";
  out += "nr_class " + std::to_string(model.classCount) + "\n";
  out += "total_sv " + std::to_string(model.supportVectorCount()) + "\n";
  out += "rho";
  for (Eigen::Index p = 0; p < model.rho.size(); ++p) out += " " + formatDouble(model.rho(p));
  out += '\n';
  if (model.type == SvmType::CSvc) {
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
  if (model.type == SvmType::CSvc) {
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

ReadResult<SvmModel> readModel(std::string_view text, std::string_view source,
                               const ModelReadOptions& options) {
  ReadResult<SvmModel> result;
  const auto fail = [&](std::size_t line, std::size_t column, std::string message,
                        std::string hint = {}) {
    result.error = text::makeError(source, line, column, std::move(message), std::move(hint));
    return result;
  };
  if (auto e = text::checkIsText(text, source, "LIBSVM model file")) {
    result.error = std::move(e);
    return result;
  }
  text = text::stripBom(text);
  SvmModel& model = result.value;

  bool haveType = false, haveKernel = false, haveDegree = false, haveGamma = false,
       haveCoef0 = false, haveClasses = false, haveTotal = false, haveSvLine = false;
  std::set<std::string, std::less<>> seen;
  long long classCount = 0;
  long long totalSv = 0;
  std::vector<double> rho;
  std::vector<long long> labels;
  std::vector<long long> supportCounts;
  std::vector<double> probA;
  std::vector<double> probB;
  std::size_t labelLine = 0, countLine = 0, rhoLine = 0, probALine = 0, probBLine = 0;
  KernelParams kernel;
  std::vector<text::Token> tokens;
  text::LineReader reader(text, options.limits.maxLineBytes);
  std::string_view line;

  // ---- Header --------------------------------------------------------------------------------
  while (reader.next(line)) {
    const std::size_t ln = reader.lineNumber();
    text::splitTokens(line, tokens);
    if (tokens.empty()) return fail(ln, 0, "empty line in the model header");
    const std::string key(tokens[0].text);
    if (key == "SV") {
      if (tokens.size() != 1) return fail(ln, tokens[1].column, "unexpected text after 'SV'");
      haveSvLine = true;
      break;
    }
    if (!seen.insert(key).second) return fail(ln, tokens[0].column, "duplicate key '" + key + "'");
    const auto single = [&]() -> std::optional<text::Token> {
      if (tokens.size() == 2) return tokens[1];
      return std::nullopt;
    };
    // Reads `key value` with one integer in [lo, hi].
    const auto integer = [&](long long lo, long long hi, long long& value) -> bool {
      const auto token = single();
      bool overflow = false;
      if (!token || !parseInt(token->text, value, overflow)) {
        fail(ln, token ? token->column : tokens[0].column, "'" + key + "' needs one whole number");
        return false;
      }
      if (overflow || value < lo || value > hi) {
        fail(ln, token->column,
             key + " " + std::string(token->text) + " is out of range [" + std::to_string(lo) +
                 ", " + std::to_string(hi) + "]");
        return false;
      }
      return true;
    };
    const auto real = [&](double& value) -> bool {
      const auto token = single();
      if (!token) {
        fail(ln, tokens[0].column, "'" + key + "' needs one number");
        return false;
      }
      const NumberParse p = parseDecimal(token->text);
      if (p.status != NumberStatus::Ok) {
        fail(ln, token->column,
             (p.status == NumberStatus::NotFinite ? "non-finite " : "invalid ") + key + " '" +
                 std::string(token->text) + "'",
             numberHint(p.status));
        return false;
      }
      value = p.value;
      return true;
    };
    const auto needClasses = [&]() -> bool {
      if (haveClasses) return true;
      fail(ln, tokens[0].column, "'" + key + "' before 'nr_class'",
           "nr_class must come first; its count sizes this list");
      return false;
    };

    if (key == "svm_type") {
      const auto token = single();
      const std::string name = token ? std::string(token->text) : std::string();
      if (name == "c_svc") {
        model.type = SvmType::CSvc;
      } else if (name == "epsilon_svr") {
        model.type = SvmType::EpsilonSvr;
      } else {
        return fail(ln, token ? token->column : 0, "unsupported svm_type '" + name + "'",
                    "supported: c_svc, epsilon_svr");
      }
      haveType = true;
    } else if (key == "kernel_type") {
      const auto token = single();
      const auto type = token ? kernelTypeFromName(token->text) : std::nullopt;
      if (!type) {
        return fail(ln, token ? token->column : 0,
                    "unsupported kernel_type '" + (token ? std::string(token->text) : "") + "'",
                    "supported: linear, polynomial, rbf, sigmoid");
      }
      kernel.type = *type;
      haveKernel = true;
    } else if (key == "degree") {
      long long degree = 0;
      if (!integer(-2147483648LL, 2147483647LL, degree)) return result;
      kernel.degree = static_cast<int>(degree);
      haveDegree = true;
    } else if (key == "gamma") {
      if (!real(kernel.gamma)) return result;
      haveGamma = true;
    } else if (key == "coef0") {
      if (!real(kernel.coef0)) return result;
      haveCoef0 = true;
    } else if (key == "nr_class") {
      if (!integer(2, options.maxClasses, classCount)) {
        result.error->hint = "a model separates at least 2 classes; this reader accepts up to " +
                             std::to_string(options.maxClasses);
        return result;
      }
      haveClasses = true;
    } else if (key == "total_sv") {
      if (!integer(0, static_cast<long long>(options.limits.maxLines), totalSv)) return result;
      haveTotal = true;
    } else if (key == "rho" || key == "label" || key == "nr_sv" || key == "probA" ||
               key == "probB") {
      if (!needClasses()) return result;
      const bool isReal = key == "rho" || key == "probA" || key == "probB";
      std::vector<double>& reals = key == "rho" ? rho : key == "probA" ? probA : probB;
      for (std::size_t t = 1; t < tokens.size(); ++t) {
        if (isReal) {
          const NumberParse p = parseDecimal(tokens[t].text);
          if (p.status != NumberStatus::Ok) {
            return fail(ln, tokens[t].column,
                        (p.status == NumberStatus::NotFinite ? "non-finite " : "invalid ") + key +
                            " '" + std::string(tokens[t].text) + "'",
                        numberHint(p.status));
          }
          reals.push_back(p.value);
        } else {
          long long value = 0;
          bool overflow = false;
          const bool isLabel = key == "label";
          if (!parseInt(tokens[t].text, value, overflow) || overflow || (!isLabel && value < 0)) {
            return fail(ln, tokens[t].column,
                        "invalid " + key + " '" + std::string(tokens[t].text) + "'",
                        isLabel ? "labels are 32-bit integers" : "counts are whole numbers >= 0");
          }
          (isLabel ? labels : supportCounts).push_back(value);
        }
      }
      (key == "rho"     ? rhoLine
       : key == "label" ? labelLine
       : key == "nr_sv" ? countLine
       : key == "probA" ? probALine
                        : probBLine) = ln;
    } else if (key == "prob_density_marks") {
      return fail(ln, tokens[0].column,
                  "one-class probability marks ('prob_density_marks') are not supported",
                  "one-class SVM is not implemented; retrain a c_svc or epsilon_svr model");
    } else {
      return fail(ln, tokens[0].column, "unknown text in model file: '" + key + "'",
                  "known keys: svm_type, kernel_type, degree, gamma, coef0, nr_class, total_sv, "
                  "rho, label, probA, probB, nr_sv, SV");
    }
  }
  if (reader.tooLong()) return fail(reader.lineNumber(), 0, "line too long in the model header");
  if (reader.lineNumber() == 0) return fail(0, 0, "model truncated: the file is empty");
  if (!haveSvLine) {
    return fail(reader.lineNumber(), 0,
                "model truncated at line " + std::to_string(reader.lineNumber()) +
                    ": the header ends before the 'SV' line",
                "the file is cut or is not a LIBSVM model");
  }

  // ---- Header consistency (M2-M7) ------------------------------------------------------------
  const std::size_t svLine = reader.lineNumber();
  if (!haveType) return fail(svLine, 0, "missing svm_type");
  if (!haveKernel) return fail(svLine, 0, "missing kernel_type");
  if (!haveClasses) return fail(svLine, 0, "missing nr_class");
  if (!haveTotal) return fail(svLine, 0, "missing total_sv");
  const KernelType kt = kernel.type;
  if (usesDegree(kt) && !haveDegree) return fail(svLine, 0, "polynomial model without degree");
  if (usesGamma(kt) && !haveGamma)
    return fail(svLine, 0, std::string(kernelTypeName(kt)) + " model without gamma");
  if (usesCoef0(kt) && !haveCoef0)
    return fail(svLine, 0, std::string(kernelTypeName(kt)) + " model without coef0");
  if (auto e = validate(kernel)) {
    return fail(svLine, 0, "invalid kernel parameter " + e->parameter + ": " + e->message);
  }
  const long long pairs = classCount * (classCount - 1) / 2;
  if (static_cast<long long>(rho.size()) != pairs) {
    return fail(rhoLine ? rhoLine : svLine, 0,
                "rho has " + std::to_string(rho.size()) + " values; nr_class " +
                    std::to_string(classCount) + " needs k(k-1)/2 = " + std::to_string(pairs));
  }
  // Probability information (svm-train -b 1): as many values as rho, as svm_load_model reads
  // them; c_svc needs both keys (svm_check_probability_model), epsilon_svr has probA only.
  for (const auto& [key, values, keyLine] :
       {std::tuple<const char*, const std::vector<double>&, std::size_t>{"probA", probA, probALine},
        {"probB", probB, probBLine}}) {
    if (keyLine && static_cast<long long>(values.size()) != pairs) {
      return fail(keyLine, 0,
                  std::string(key) + " has " + std::to_string(values.size()) +
                      " values; nr_class " + std::to_string(classCount) +
                      " needs k(k-1)/2 = " + std::to_string(pairs),
                  "the file is damaged; train again with -b 1");
    }
  }
  if (model.type == SvmType::EpsilonSvr) {
    if (probBLine)
      return fail(probBLine, 0,
                  "probB belongs to c_svc models; an epsilon_svr model has probA only");
    if (probALine && probA[0] < 0)
      return fail(probALine, 0,
                  "probA of an epsilon_svr model is the Laplace scale sigma and must be >= 0");
  } else if ((probALine != 0) != (probBLine != 0)) {
    return fail(probALine ? probALine : probBLine, 0,
                std::string("c_svc model with ") +
                    (probALine ? "probA but no probB" : "probB but no probA"),
                "probability models have both (svm-train -b 1); the file is damaged");
  }
  if (model.type == SvmType::EpsilonSvr) {
    if (classCount != 2) return fail(svLine, 0, "epsilon_svr models have nr_class 2");
    if (labelLine || countLine)
      return fail(labelLine ? labelLine : countLine, 0,
                  "label and nr_sv belong to c_svc models, not epsilon_svr");
  } else {
    if (!labelLine) return fail(svLine, 0, "c_svc model without 'label'");
    if (!countLine) return fail(svLine, 0, "c_svc model without 'nr_sv'");
    if (static_cast<long long>(labels.size()) != classCount) {
      return fail(labelLine, 0,
                  "label has " + std::to_string(labels.size()) + " values; nr_class is " +
                      std::to_string(classCount));
    }
    if (static_cast<long long>(supportCounts.size()) != classCount) {
      return fail(countLine, 0,
                  "nr_sv has " + std::to_string(supportCounts.size()) + " values; nr_class is " +
                      std::to_string(classCount));
    }
    long long sum = 0;
    for (long long c : supportCounts) sum += c;
    if (sum != totalSv) {
      return fail(countLine, 0,
                  "the nr_sv counts sum to " + std::to_string(sum) + " but total_sv is " +
                      std::to_string(totalSv));
    }
    std::vector<long long> sorted = labels;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      return fail(labelLine, 0, "duplicate class label");
  }

  // ---- Support vectors -----------------------------------------------------------------------
  const auto coefficientCount = static_cast<std::size_t>(classCount - 1);
  std::vector<double> coefficients;
  SparseRows supportVectors;  // grows with the tokens present, never with a stated count
  SparseRow row;
  std::size_t rows = 0;
  while (reader.next(line)) {
    const std::size_t ln = reader.lineNumber();
    text::splitTokens(line, tokens);
    if (tokens.empty()) return fail(ln, 0, "empty line among the support vectors");
    if (static_cast<long long>(rows) >= totalSv) {
      return fail(ln, 0, "more support vector rows than total_sv = " + std::to_string(totalSv));
    }
    std::size_t t = 0;
    for (; t < tokens.size() && t < coefficientCount; ++t) {
      if (tokens[t].text.find(':') != std::string_view::npos) break;
      const NumberParse p = parseDecimal(tokens[t].text);
      if (p.status != NumberStatus::Ok) {
        return fail(ln, tokens[t].column,
                    (p.status == NumberStatus::NotFinite ? "non-finite coefficient '"
                                                         : "invalid coefficient '") +
                        std::string(tokens[t].text) + "'",
                    numberHint(p.status));
      }
      coefficients.push_back(p.value);
    }
    const bool extra = t < tokens.size() && tokens[t].text.find(':') == std::string_view::npos;
    if (t < coefficientCount || extra) {
      return fail(ln, 0,
                  "support vector row has " + std::string(extra ? "more than " : "") +
                      std::to_string(t) + " coefficients; nr_class " + std::to_string(classCount) +
                      " needs " + std::to_string(coefficientCount),
                  "the file is cut or damaged");
    }
    long long previous = 0;
    row.clear();
    for (; t < tokens.size(); ++t) {
      long long index = 0;
      double value = 0;
      // Any 32-bit index: the rows are kept sparse, so only a model stored dense is held to
      // the feature budget (below).
      if (auto e =
              text::parseFeature(tokens[t], false, previous, text::kMaxLibsvmIndex, index, value)) {
        return fail(ln, e->column, std::move(e->message), std::move(e->hint));
      }
      previous = index;
      if (value != 0.0) row.push(static_cast<int>(index - 1), value);
      // An explicit zero (LIBSVM's `2:0`) still states the dimension.
      supportVectors.setDimensionAtLeast(static_cast<Eigen::Index>(index));
    }
    supportVectors.appendRow(row.view());
    ++rows;
  }
  if (reader.tooLong()) return fail(reader.lineNumber(), 0, "line too long among the SV rows");
  if (static_cast<long long>(rows) < totalSv) {
    return fail(reader.lineNumber() + 1, 0,
                "model truncated at line " + std::to_string(reader.lineNumber() + 1) +
                    ": total_sv is " + std::to_string(totalSv) + " but only " +
                    std::to_string(rows) + " support vector rows follow",
                "the file is cut; save the model again");
  }
  if (!reader.lastLineTerminated()) {
    return fail(reader.lineNumber(), 0,
                "model truncated at line " + std::to_string(reader.lineNumber()) +
                    ": the last line has no newline",
                "the file is cut; save the model again");
  }
  const Eigen::Index dimension = supportVectors.dimension();
  const auto n = static_cast<Eigen::Index>(rows);
  const bool sparse = preferSparseStorage(n, dimension, supportVectors.storedEntries());
  if (!sparse && dimension > options.limits.maxFeatures) {
    return fail(0, 0,
                "support vectors have " + std::to_string(dimension) +
                    " features, above the budget of " + std::to_string(options.limits.maxFeatures) +
                    " features",
                "raise --max-features if the model really has that many features");
  }
  const double bytes = static_cast<double>(rows) * static_cast<double>(dimension) * 8.0;
  if (!sparse && bytes > static_cast<double>(options.limits.maxDenseBytes)) {
    return fail(0, 0,
                "exceeds memory budget: " + std::to_string(rows) + " support vectors × " +
                    std::to_string(dimension) + " features");
  }

  model.kernel = kernel;
  model.classCount = static_cast<int>(classCount);
  model.rho = Eigen::Map<const Vector>(rho.data(), static_cast<Eigen::Index>(rho.size()));
  model.probA = Eigen::Map<const Vector>(probA.data(), static_cast<Eigen::Index>(probA.size()));
  model.probB = Eigen::Map<const Vector>(probB.data(), static_cast<Eigen::Index>(probB.size()));
  model.labels.assign(labels.begin(), labels.end());
  model.supportCounts.assign(supportCounts.begin(), supportCounts.end());
  if (sparse && n > 0) {
    model.sparseSupportVectors = std::move(supportVectors);
  } else {
    model.supportVectors = supportVectors.toDense();
  }
  // coefficients was filled row by row of the file: SV-major, i.e. the transpose of the layout.
  model.coefficients =
      Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
          coefficients.data(), n, static_cast<Eigen::Index>(coefficientCount))
          .transpose();
  return result;
}

}  // namespace kpg
