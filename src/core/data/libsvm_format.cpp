#include "data/libsvm_format.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <vector>

namespace kpg {

namespace {

struct Entry {
  std::size_t row;
  long long column;
  double value;
};

std::string_view withoutComment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

}  // namespace

ReadResult<Dataset> readLibsvm(std::string_view text, std::string_view source,
                               const LibsvmReadOptions& options) {
  ReadResult<Dataset> result;
  const auto fail = [&](std::size_t line, std::size_t column, std::string message,
                        std::string hint) {
    result.error = text::makeError(source, line, column, std::move(message), std::move(hint));
    return result;
  };
  if (auto e = text::checkIsText(text, source, "LIBSVM data file")) {
    result.error = std::move(e);
    return result;
  }
  text = text::stripBom(text);

  // Pass 1: the sparse entries, which take memory proportional to the file, not to a count the
  // file claims; the dense matrix is allocated only after the budget check.
  std::vector<double> labels;
  std::vector<Entry> entries;
  std::vector<text::Token> tokens;
  long long dimension = 0;
  std::size_t pendingBlankLine = 0;  // the first blank line since the last sample
  text::LineReader reader(text, options.limits.maxLineBytes);
  std::string_view line;
  while (reader.next(line)) {
    const std::size_t lineNumber = reader.lineNumber();
    const std::string_view content = withoutComment(line);
    if (text::isBlank(content)) {
      // A comment line is not a blank line; a blank one is an error only if a sample follows.
      if (text::isBlank(line) && pendingBlankLine == 0 && !options.skipBlankLines)
        pendingBlankLine = lineNumber;
      continue;
    }
    if (pendingBlankLine != 0) {
      return fail(pendingBlankLine, 0, "empty line",
                  "remove blank lines between samples (or pass --lenient to skip them)");
    }
    if (labels.size() >= options.limits.maxLines) {
      return fail(lineNumber, 0,
                  "more than " + std::to_string(options.limits.maxLines) + " samples",
                  "the file exceeds the line budget; use a subset");
    }
    text::splitTokens(content, tokens);
    const text::Token& labelToken = tokens.front();
    if (labelToken.text.find(':') != std::string_view::npos) {
      return fail(
          lineNumber, labelToken.column,
          "missing label: the line starts with the feature '" + std::string(labelToken.text) + "'",
          "each line starts with its label, e.g. '+1 1:0.5 2:3'");
    }
    if (labels.empty() && (labelToken.text == "svm_type" || labelToken.text == "kernel_type")) {
      return fail(lineNumber, labelToken.column, "this is a LIBSVM model file, not a data file",
                  "pass the training or test data here; model files go to predict");
    }
    const NumberParse label = parseDecimal(labelToken.text);
    if (label.status != NumberStatus::Ok) {
      const std::string quoted = "'" + std::string(labelToken.text) + "'";
      if (label.status == NumberStatus::NotFinite) {
        return fail(lineNumber, labelToken.column, "non-finite label " + quoted,
                    numberHint(label.status));
      }
      if (label.status == NumberStatus::DecimalComma) {
        return fail(lineNumber, labelToken.column, "multi-label " + quoted + " is not supported",
                    "give one label per sample (or, if it is a decimal comma, use '.')");
      }
      return fail(lineNumber, labelToken.column, "invalid label " + quoted,
                  numberHint(label.status));
    }
    const std::size_t row = labels.size();
    labels.push_back(label.value);
    long long previous = options.zeroBased ? -1 : 0;
    for (std::size_t t = 1; t < tokens.size(); ++t) {
      long long index = 0;
      double value = 0;
      if (auto e = text::parseFeature(tokens[t], options.zeroBased, previous,
                                      options.limits.maxFeatures, index, value)) {
        return fail(lineNumber, e->column, std::move(e->message), std::move(e->hint));
      }
      previous = index;
      const long long column = options.zeroBased ? index : index - 1;
      dimension = std::max(dimension, column + 1);
      if (value != 0.0) entries.push_back({row, column, value});
    }
  }
  if (reader.tooLong()) {
    return fail(
        reader.lineNumber(), 0,
        "line too long (more than " + std::to_string(options.limits.maxLineBytes) + " bytes)",
        "this is not a LIBSVM data file, or one sample has too many features");
  }
  if (labels.empty()) {
    return fail(0, 0, "no samples (the file is empty or has only comments)",
                "pass a file with lines such as '+1 1:0.5 2:3'");
  }
  if (dimension == 0) {
    return fail(0, 0, "no features: every line has only a label",
                "each sample needs at least one index:value pair");
  }
  const double bytes = static_cast<double>(labels.size()) * static_cast<double>(dimension) * 8.0;
  if (bytes > static_cast<double>(options.limits.maxDenseBytes)) {
    return fail(0, 0,
                "exceeds memory budget: " + std::to_string(labels.size()) + " samples × " +
                    std::to_string(dimension) + " features need " +
                    std::to_string(static_cast<long long>(bytes / (1 << 20))) +
                    " MiB densified; the budget is " +
                    std::to_string(options.limits.maxDenseBytes >> 20) + " MiB",
                "use fewer samples or features");
  }
  const auto n = static_cast<Eigen::Index>(labels.size());
  result.value.x = Eigen::MatrixXd::Zero(n, static_cast<Eigen::Index>(dimension));
  result.value.y = Eigen::Map<const Eigen::VectorXd>(labels.data(), n);
  for (const Entry& e : entries)
    result.value.x(static_cast<Eigen::Index>(e.row), static_cast<Eigen::Index>(e.column)) = e.value;
  return result;
}

std::string writeLibsvm(const Dataset& data) {
  std::string out;
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    out += formatDouble(data.y(i));
    for (Eigen::Index j = 0; j < data.dimension(); ++j) {
      if (data.x(i, j) == 0.0) continue;
      out += ' ';
      out += std::to_string(j + 1);
      out += ':';
      out += formatDouble(data.x(i, j));
    }
    out += '\n';
  }
  return out;
}

}  // namespace kpg
