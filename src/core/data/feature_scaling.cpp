#include "data/feature_scaling.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <cfloat>
#include <utility>

namespace kpg {

namespace {

// svm-scale keeps its extremes with these macros (svm-scale.c max/min); on a tie they take the
// new value, which decides whether -0 or 0 is kept for the labels.
double keepMax(double kept, double value) {
  return kept > value ? kept : value;
}
double keepMin(double kept, double value) {
  return kept < value ? kept : value;
}

// svm-scale -s writes every number of the range file with "%.17g".
std::string rangeNumber(double value) {
  return formatPrintfG(value, 17);
}

bool varies(const FeatureRange& range) {
  return range.min != range.max;
}

}  // namespace

DataRanges observeRanges(const SparseRows& x, const Eigen::VectorXd& y) {
  DataRanges ranges;
  const Eigen::Index rows = x.rows();
  if (rows == 0) return ranges;
  // The columns stored in some row, sorted; every other column is 0 in every sample.
  std::vector<int> columns;
  columns.reserve(static_cast<std::size_t>(x.storedEntries()));
  for (Eigen::Index r = 0; r < rows; ++r) {
    const SparseRowView row = x.row(r);
    columns.insert(columns.end(), row.columns, row.columns + row.size);
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  std::vector<double> low(columns.size(), DBL_MAX);
  std::vector<double> high(columns.size(), -DBL_MAX);
  std::vector<Eigen::Index> stored(columns.size(), 0);
  for (Eigen::Index r = 0; r < rows; ++r) {
    const SparseRowView row = x.row(r);
    for (Eigen::Index k = 0; k < row.size; ++k) {
      const auto at = static_cast<std::size_t>(
          std::lower_bound(columns.begin(), columns.end(), row.columns[k]) - columns.begin());
      low[at] = keepMin(low[at], row.values[k]);
      high[at] = keepMax(high[at], row.values[k]);
      ++stored[at];
    }
  }
  ranges.features.reserve(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    // A row without the column has a 0 there (svm-scale pass 2 fills the gaps with 0).
    if (stored[c] < rows) {
      low[c] = keepMin(low[c], 0.0);
      high[c] = keepMax(high[c], 0.0);
    }
    ranges.features.push_back({static_cast<long long>(columns[c]) + 1, low[c], high[c]});
  }
  double labelMin = DBL_MAX;
  double labelMax = -DBL_MAX;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    labelMax = keepMax(labelMax, y(i));
    labelMin = keepMin(labelMin, y(i));
  }
  ranges.labelMin = labelMin;
  ranges.labelMax = labelMax;
  return ranges;
}

ScalingParameters scalingParametersFor(const DataRanges& ranges, double lower, double upper,
                                       const std::optional<LabelScaling>& labels) {
  ScalingParameters parameters;
  parameters.labels = labels;
  parameters.lower = lower;
  parameters.upper = upper;
  for (const FeatureRange& range : ranges.features)
    if (varies(range)) parameters.features.push_back(range);
  return parameters;
}

std::vector<long long> featuresMissingFromRangeFile(const DataRanges& ranges,
                                                    const ScalingParameters& restored) {
  std::vector<long long> missing;
  auto file = restored.features.begin();
  for (const FeatureRange& range : ranges.features) {
    if (!varies(range)) continue;
    while (file != restored.features.end() && file->index < range.index) ++file;
    if (file == restored.features.end() || file->index != range.index)
      missing.push_back(range.index);
  }
  return missing;
}

std::string formatScalingParameters(const ScalingParameters& parameters) {
  std::string text;
  if (parameters.labels) {
    const LabelScaling& y = *parameters.labels;
    text += "y\n" + rangeNumber(y.lower) + " " + rangeNumber(y.upper) + "\n" + rangeNumber(y.min) +
            " " + rangeNumber(y.max) + "\n";
  }
  text += "x\n" + rangeNumber(parameters.lower) + " " + rangeNumber(parameters.upper) + "\n";
  for (const FeatureRange& range : parameters.features) {
    if (!varies(range)) continue;  // svm-scale writes only the features it scales
    text += std::to_string(range.index) + " " + rangeNumber(range.min) + " " +
            rangeNumber(range.max) + "\n";
  }
  return text;
}

// ---- Reading a range file ----------------------------------------------------------------------

namespace {

constexpr const char* kRangeFileShape =
    "a range file is what svm-scale -s or kpg scale -s writes: 'x', 'lower upper', then "
    "'index min max' lines";

class RangeFileParser {
 public:
  explicit RangeFileParser(std::string_view source) : source_(source) {}

  ReadResult<ScalingParameters> parse(std::string_view text) {
    ReadResult<ScalingParameters> result;
    if (auto e = text::checkIsText(text, source_, "svm-scale range file")) {
      result.error = std::move(e);
      return result;
    }
    text = text::stripBom(text);
    text::LineReader reader(text, ReadLimits{}.maxLineBytes);
    std::string_view line;
    enum class Expect { Section, LabelLimits, LabelRange, XSection, Limits, Feature };
    Expect expect = Expect::Section;
    std::size_t sectionLine = 0;  // the line of the last section header, for "ends early"
    ScalingParameters& p = result.value;
    while (reader.next(line)) {
      if (text::isBlank(line)) continue;
      line_ = reader.lineNumber();
      text::splitTokens(line, tokens_);
      bool ok = true;
      switch (expect) {
        case Expect::Section:
        case Expect::XSection: {
          const std::string_view word = tokens_.front().text;
          const bool ySection = expect == Expect::Section && word == "y";
          if (tokens_.size() != 1 || (word != "x" && !ySection)) {
            const std::string wanted = expect == Expect::Section ? "'x' or 'y'" : "'x'";
            ok = fail(tokens_.front().column,
                      "expected the section line " + wanted + ", found '" + std::string(line) + "'",
                      kRangeFileShape);
            break;
          }
          sectionLine = line_;
          if (ySection) {
            p.labels = LabelScaling{};
            expect = Expect::LabelLimits;
          } else {
            expect = Expect::Limits;
          }
          break;
        }
        case Expect::LabelLimits:
          ok = readPair("y_lower y_upper", p.labels->lower, p.labels->upper) &&
               checkBelow(p.labels->lower, p.labels->upper, "y_lower", "y_upper",
                          "the label limits");
          expect = Expect::LabelRange;
          break;
        case Expect::LabelRange:
          ok = readPair("y_min y_max", p.labels->min, p.labels->max) &&
               checkNotAbove(tokens_[0], p.labels->min, p.labels->max, "y_min", "y_max",
                             "the labels");
          expect = Expect::XSection;
          break;
        case Expect::Limits:
          ok = readPair("lower upper", p.lower, p.upper) &&
               checkBelow(p.lower, p.upper, "lower", "upper", "the feature limits");
          expect = Expect::Feature;
          break;
        case Expect::Feature:
          ok = readFeature(p);
          break;
      }
      if (!ok) {
        result.error = std::move(error_);
        return result;
      }
    }
    if (reader.tooLong()) {
      result.error = text::makeError(source_, reader.lineNumber(), 0, "line too long",
                                     "this is not a range file; " + std::string(kRangeFileShape));
      return result;
    }
    if (expect != Expect::Feature) {
      const char* missing = expect == Expect::Section       ? "the section line 'x'"
                            : expect == Expect::LabelLimits ? "the line 'y_lower y_upper'"
                            : expect == Expect::LabelRange  ? "the line 'y_min y_max'"
                            : expect == Expect::XSection    ? "the section line 'x'"
                                                            : "the line 'lower upper'";
      result.error = expect == Expect::Section
                         ? text::makeError(source_, 0, 0, "empty range file", kRangeFileShape)
                         : text::makeError(source_, sectionLine, 0,
                                           std::string("the range file ends before ") + missing,
                                           kRangeFileShape);
    }
    return result;
  }

 private:
  bool fail(std::size_t column, std::string message, std::string hint) {
    error_ = text::makeError(source_, line_, column, std::move(message), std::move(hint));
    return false;
  }

  bool readNumber(const text::Token& token, const std::string& what, double& value) {
    const NumberParse parsed = parseDecimal(token.text);
    if (parsed.status == NumberStatus::Ok) {
      value = parsed.value;
      return true;
    }
    const std::string quoted = "'" + std::string(token.text) + "'";
    return fail(token.column,
                (parsed.status == NumberStatus::NotFinite ? "non-finite " : "invalid ") + what +
                    " " + quoted,
                numberHint(parsed.status));
  }

  bool checkCount(std::size_t count, const std::string& shape) {
    if (tokens_.size() == count) return true;
    const std::size_t column = tokens_.size() > count ? tokens_[count].column : 0;
    return fail(column,
                "expected '" + shape + "', found " + std::to_string(tokens_.size()) +
                    (tokens_.size() == 1 ? " value" : " values"),
                "write " + std::to_string(count) + " numbers separated by a space");
  }

  bool readPair(const std::string& shape, double& first, double& second) {
    const std::size_t space = shape.find(' ');
    return checkCount(2, shape) && readNumber(tokens_[0], shape.substr(0, space), first) &&
           readNumber(tokens_[1], shape.substr(space + 1), second);
  }

  bool checkBelow(double low, double high, const char* lowName, const char* highName,
                  const char* what) {
    if (low < high) return true;
    return fail(tokens_[0].column,
                std::string(lowName) + " " + formatDouble(low) + " is not below " + highName + " " +
                    formatDouble(high),
                std::string("svm-scale maps ") + what + " onto [" + lowName + ", " + highName +
                    "], which needs " + lowName + " < " + highName);
  }

  bool checkNotAbove(const text::Token& lowToken, double low, double high, const char* lowName,
                     const char* highName, const std::string& what) {
    if (low <= high) return true;
    return fail(lowToken.column,
                std::string(lowName) + " " + formatDouble(low) + " is above " + highName + " " +
                    formatDouble(high),
                "write the smallest and the largest value of " + what + ", in that order");
  }

  bool readFeature(ScalingParameters& p) {
    if (!checkCount(3, "index min max")) return false;
    const text::Token& indexToken = tokens_[0];
    long long index = 0;
    bool overflow = false;
    if (!indexToken.text.empty() && indexToken.text[0] == '-')
      return fail(indexToken.column, "negative feature index " + std::string(indexToken.text),
                  "feature indices start at 1");
    if (!parseUnsigned(indexToken.text, text::kMaxLibsvmIndex, index, overflow))
      return fail(indexToken.column, "invalid feature index '" + std::string(indexToken.text) + "'",
                  "each feature line starts with its index, a whole number from 1");
    if (overflow)
      return fail(indexToken.column,
                  "index out of range: " + std::string(indexToken.text) + " is above " +
                      std::to_string(text::kMaxLibsvmIndex),
                  "LIBSVM's feature indices are 32-bit");
    if (index == 0)
      return fail(indexToken.column, "index 0 invalid (indices start at 1)",
                  "feature indices start at 1, as in LIBSVM data files");
    if (!p.features.empty() && index <= p.features.back().index) {
      const long long previous = p.features.back().index;
      return fail(indexToken.column,
                  index == previous ? "duplicate feature index " + std::to_string(index)
                                    : "feature indices out of order: " + std::to_string(index) +
                                          " after " + std::to_string(previous),
                  "give each feature one line, in increasing order of index");
    }
    FeatureRange range;
    range.index = index;
    if (!readNumber(tokens_[1], "min", range.min) || !readNumber(tokens_[2], "max", range.max))
      return false;
    if (!checkNotAbove(tokens_[1], range.min, range.max, "min", "max",
                       "feature " + std::to_string(index)))
      return false;
    p.features.push_back(range);
    return true;
  }

  std::string source_;
  std::size_t line_ = 0;
  std::vector<text::Token> tokens_;
  ReadError error_;
};

}  // namespace

ReadResult<ScalingParameters> parseScalingParameters(std::string_view text,
                                                     std::string_view source) {
  return RangeFileParser(source).parse(text);
}

// ---- Scaling -----------------------------------------------------------------------------------

FeatureScaler::FeatureScaler(ScalingParameters parameters) : parameters_(std::move(parameters)) {
  for (const FeatureRange& range : parameters_.features) {
    if (!varies(range)) continue;
    varying_.push_back(range);
    if (scaleValue(0.0, range, parameters_.lower, parameters_.upper) != 0)
      zeroWritten_.push_back(varying_.size() - 1);
  }
}

double FeatureScaler::scaleValue(double value, const FeatureRange& range, double lower,
                                 double upper) {
  // svm-scale.c output: the bounds exactly, the formula in between, in this order of operations.
  if (value == range.min) return lower;
  if (value == range.max) return upper;
  return lower + (upper - lower) * (value - range.min) / (range.max - range.min);
}

double FeatureScaler::scaleLabel(double label) const {
  if (!parameters_.labels) return label;
  const LabelScaling& y = *parameters_.labels;
  // svm-scale.c output_target.
  if (label == y.min) return y.lower;
  if (label == y.max) return y.upper;
  return y.lower + (y.upper - y.lower) * (label - y.min) / (y.max - y.min);
}

std::size_t FeatureScaler::appendScaledLine(std::string& out, double label,
                                            const SparseRowView& row) const {
  out += formatPrintfG(scaleLabel(label), 17);
  out += ' ';
  std::size_t written = 0;
  const auto write = [&](const FeatureRange& range, double value) {
    const double scaled = scaleValue(value, range, parameters_.lower, parameters_.upper);
    if (scaled == 0) return;
    out += std::to_string(range.index);
    out += ':';
    out += formatPrintfG(scaled, 6);
    out += ' ';
    ++written;
  };
  // svm-scale visits every index up to the largest; here only the stored entries and the features
  // whose 0 scales to a non-zero value are visited (the others write nothing for a 0), merged in
  // increasing index, so a sparse row costs its non-zeros.
  Eigen::Index k = 0;
  std::size_t z = 0;
  while (k < row.size || z < zeroWritten_.size()) {
    const long long stored = k < row.size ? static_cast<long long>(row.columns[k]) + 1 : -1;
    const FeatureRange* zero = z < zeroWritten_.size() ? &varying_[zeroWritten_[z]] : nullptr;
    if (zero != nullptr && (stored < 0 || zero->index < stored)) {
      write(*zero, 0.0);
      ++z;
      continue;
    }
    if (zero != nullptr && zero->index == stored) ++z;
    const auto at = std::lower_bound(
        varying_.begin(), varying_.end(), stored,
        [](const FeatureRange& range, long long index) { return range.index < index; });
    if (at != varying_.end() && at->index == stored) write(*at, row.values[k]);
    ++k;
  }
  out += '\n';
  return written;
}

std::string nonzeroGrowthWarning(long long originalNonzeros, long long newNonzeros) {
  if (newNonzeros <= originalNonzeros) return {};
  // svm-scale's words and layout, so that its users' scripts see the same text.
  return "WARNING: original #nonzeros " + std::to_string(originalNonzeros) +
         "\n       > new      #nonzeros " + std::to_string(newNonzeros) +
         "\nIf feature values are non-negative and sparse, use -l 0 rather than the default -l "
         "-1\n";
}

std::string missingFeatureWarning(long long index, std::string_view dataFile,
                                  std::string_view rangeFile) {
  return "WARNING: feature index " + std::to_string(index) + " appeared in file " +
         std::string(dataFile) + " was not seen in the scaling factor file " +
         std::string(rangeFile) + ". The feature is scaled to 0.\n";
}

}  // namespace kpg
