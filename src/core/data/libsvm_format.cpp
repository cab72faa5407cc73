#include "data/libsvm_format.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace kpg {

namespace {

std::string_view withoutComment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

ReadResult<SparseDataset> readRows(std::string_view text, std::string_view source,
                                   const LibsvmReadOptions& options, long long maxIndex) {
  ReadResult<SparseDataset> result;
  if (auto e = text::checkIsText(text, source, "LIBSVM data file")) {
    result.error = std::move(e);
    return result;
  }
  text = text::stripBom(text);
  // The rows take memory proportional to the file, not to a count the file claims.
  LibsvmLineParser parser(source, options, maxIndex);
  std::vector<double> labels;
  SparseRow row;
  double label = 0;
  text::LineReader reader(text, options.limits.maxLineBytes);
  std::string_view line;
  while (reader.next(line)) {
    const auto outcome = parser.parse(line, reader.lineNumber(), label, row);
    if (outcome == LibsvmLineParser::Outcome::Error) {
      result.error = parser.error();
      return result;
    }
    if (outcome == LibsvmLineParser::Outcome::Sample) {
      labels.push_back(label);
      result.value.x.appendRow(row.view());
    }
  }
  if (reader.tooLong()) {
    result.error = parser.lineTooLong(reader.lineNumber());
    return result;
  }
  if (auto e = parser.finish()) {
    result.error = std::move(e);
    return result;
  }
  result.value.x.setDimensionAtLeast(parser.dimension());
  result.value.y =
      Eigen::Map<const Eigen::VectorXd>(labels.data(), static_cast<Eigen::Index>(labels.size()));
  return result;
}

}  // namespace

LibsvmLineParser::LibsvmLineParser(std::string_view source, const LibsvmReadOptions& options,
                                   long long maxIndex)
    : source_(source), options_(options), maxIndex_(maxIndex) {}

LibsvmLineParser::Outcome LibsvmLineParser::fail(std::size_t line, std::size_t column,
                                                 std::string message, std::string hint) {
  error_ = text::makeError(source_, line, column, std::move(message), std::move(hint));
  return Outcome::Error;
}

LibsvmLineParser::Outcome LibsvmLineParser::parse(std::string_view line, std::size_t lineNumber,
                                                  double& label, SparseRow& row) {
  const std::string_view content = withoutComment(line);
  if (text::isBlank(content)) {
    // A comment line is not a blank line; a blank one is an error only if a sample follows.
    if (text::isBlank(line) && pendingBlankLine_ == 0 && !options_.skipBlankLines)
      pendingBlankLine_ = lineNumber;
    return Outcome::Skipped;
  }
  if (pendingBlankLine_ != 0) {
    return fail(pendingBlankLine_, 0, "empty line",
                "remove blank lines between samples (or pass --lenient to skip them)");
  }
  if (samples_ >= options_.limits.maxLines) {
    return fail(lineNumber, 0, "more than " + std::to_string(options_.limits.maxLines) + " samples",
                "the file exceeds the line budget; use a subset");
  }
  text::splitTokens(content, tokens_);
  const text::Token& labelToken = tokens_.front();
  if (labelToken.text.find(':') != std::string_view::npos) {
    return fail(
        lineNumber, labelToken.column,
        "missing label: the line starts with the feature '" + std::string(labelToken.text) + "'",
        "each line starts with its label, e.g. '+1 1:0.5 2:3'");
  }
  if (samples_ == 0 && (labelToken.text == "svm_type" || labelToken.text == "kernel_type")) {
    return fail(lineNumber, labelToken.column, "this is a LIBSVM model file, not a data file",
                "pass the training or test data here; model files go to predict");
  }
  const NumberParse parsedLabel = parseDecimal(labelToken.text);
  if (parsedLabel.status != NumberStatus::Ok) {
    const std::string quoted = "'" + std::string(labelToken.text) + "'";
    if (parsedLabel.status == NumberStatus::NotFinite) {
      return fail(lineNumber, labelToken.column, "non-finite label " + quoted,
                  numberHint(parsedLabel.status));
    }
    if (parsedLabel.status == NumberStatus::DecimalComma) {
      return fail(lineNumber, labelToken.column, "multi-label " + quoted + " is not supported",
                  "give one label per sample (or, if it is a decimal comma, use '.')");
    }
    return fail(lineNumber, labelToken.column, "invalid label " + quoted,
                numberHint(parsedLabel.status));
  }
  row.clear();
  long long previous = options_.zeroBased ? -1 : 0;
  for (std::size_t t = 1; t < tokens_.size(); ++t) {
    long long index = 0;
    double value = 0;
    if (auto e =
            text::parseFeature(tokens_[t], options_.zeroBased, previous, maxIndex_, index, value)) {
      return fail(lineNumber, e->column, std::move(e->message), std::move(e->hint));
    }
    previous = index;
    const long long column = options_.zeroBased ? index : index - 1;
    dimension_ = std::max(dimension_, column + 1);
    if (value != 0.0) row.push(static_cast<int>(column), value);
  }
  featurePairs_ += tokens_.size() - 1;
  label = parsedLabel.value;
  ++samples_;
  return Outcome::Sample;
}

std::optional<ReadError> LibsvmLineParser::finish() const {
  if (samples_ == 0) {
    return text::makeError(source_, 0, 0, "no samples (the file is empty or has only comments)",
                           "pass a file with lines such as '+1 1:0.5 2:3'");
  }
  if (dimension_ == 0) {
    return text::makeError(source_, 0, 0, "no features: every line has only a label",
                           "each sample needs at least one index:value pair");
  }
  return std::nullopt;
}

ReadError LibsvmLineParser::lineTooLong(std::size_t lineNumber) const {
  return text::makeError(
      source_, lineNumber, 0,
      "line too long (more than " + std::to_string(options_.limits.maxLineBytes) + " bytes)",
      "this is not a LIBSVM data file, or one sample has too many features");
}

ReadResult<SparseDataset> readLibsvmSparse(std::string_view text, std::string_view source,
                                           const LibsvmReadOptions& options) {
  return readRows(text, source, options, text::kMaxLibsvmIndex);
}

ReadResult<Dataset> readLibsvm(std::string_view text, std::string_view source,
                               const LibsvmReadOptions& options) {
  ReadResult<SparseDataset> rows = readRows(text, source, options, options.limits.maxFeatures);
  if (!rows.ok()) {
    ReadResult<Dataset> result;
    result.error = std::move(rows.error);
    return result;
  }
  return toDenseDataset(std::move(rows.value), source, options.limits);
}

ReadResult<Dataset> toDenseDataset(SparseDataset data, std::string_view source,
                                   const ReadLimits& limits) {
  ReadResult<Dataset> result;
  const Eigen::Index dimension = data.dimension();
  if (dimension > limits.maxFeatures) {
    result.error = text::makeError(
        source, 0, 0,
        "the samples have " + std::to_string(dimension) + " features, above the budget of " +
            std::to_string(limits.maxFeatures) + " features",
        "raise --max-features if the data really has that many features");
    return result;
  }
  const double bytes = static_cast<double>(data.size()) * static_cast<double>(dimension) * 8.0;
  if (bytes > static_cast<double>(limits.maxDenseBytes)) {
    result.error = text::makeError(
        source, 0, 0,
        "exceeds memory budget: " + std::to_string(data.size()) + " samples × " +
            std::to_string(dimension) + " features need " +
            std::to_string(static_cast<long long>(bytes / (1 << 20))) +
            " MiB densified; the budget is " + std::to_string(limits.maxDenseBytes >> 20) + " MiB",
        "use fewer samples or features");
    return result;
  }
  result.value.x = data.x.toDense();
  result.value.y = std::move(data.y);
  return result;
}

std::string writeLibsvm(const Dataset& data) {
  const Eigen::Index d = data.dimension();
  const bool lastColumnAllZero = d > 0 && (data.x.col(d - 1).array() == 0.0).all();
  std::string out;
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    out += formatDouble(data.y(i));
    for (Eigen::Index j = 0; j < d; ++j) {
      const bool statesDimension = i == 0 && j == d - 1 && lastColumnAllZero;
      if (data.x(i, j) == 0.0 && !statesDimension) continue;
      out += ' ';
      out += std::to_string(j + 1);
      out += ':';
      out += statesDimension ? std::string("0") : formatDouble(data.x(i, j));
    }
    out += '\n';
  }
  return out;
}

}  // namespace kpg
