#include "data/csv_format.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

namespace kpg {

namespace {

struct Cell {
  std::string text;
  std::size_t column;  // byte column of the cell's start, 1-based
};

// Splits one line on commas outside double quotes; "" inside quotes is a quote. Returns false on
// an unterminated quote.
bool splitCells(std::string_view line, std::vector<Cell>& cells) {
  cells.clear();
  std::size_t i = 0;
  for (;;) {
    Cell cell{{}, i + 1};
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i < line.size() && line[i] == '"') {
      ++i;
      for (;;) {
        if (i >= line.size()) return false;
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            cell.text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        cell.text += line[i++];
      }
      while (i < line.size() && line[i] != ',') ++i;  // spaces after the closing quote
    } else {
      const std::size_t start = i;
      while (i < line.size() && line[i] != ',') ++i;
      std::size_t end = i;
      while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
      cell.text.assign(line.substr(start, end - start));
    }
    cells.push_back(std::move(cell));
    if (i >= line.size()) return true;
    ++i;  // the comma
  }
}

// "cat, dog, bird": the names a model knows, for messages (at most 10, then "...").
std::string listNames(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t k = 0; k < names.size() && k < 10; ++k) s += (k ? ", " : "") + names[k];
  if (names.size() > 10) s += ", ... (" + std::to_string(names.size()) + " classes)";
  return s;
}

// C1, C2: Excel writes a ',' at the end of every line when a column right of the data is not quite
// empty (a formatted cell), and every row then ends with an empty cell.
constexpr const char* kTrailingDelimiterHint =
    "the line ends with ',', so its last column is empty: a spreadsheet writes that for a column "
    "right of the data; delete that column, or the ',' at the end of every line";

// Whether the line's last cell is empty because the line ends with the delimiter (spaces after
// it aside): not a quoted "" nor an NA.
bool endsWithDelimiter(std::string_view line, const std::vector<Cell>& cells) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return !line.empty() && line.back() == ',' && !cells.empty() && cells.back().text.empty();
}

bool isMissing(const std::string& cell) {
  return cell.empty() || cell == "NA" || cell == "N/A" || cell == "na" || cell == "?" ||
         cell == "nan" || cell == "NaN" || cell == "NAN" || cell == "null" || cell == "NULL";
}

}  // namespace

ReadResult<Dataset> readCsv(std::string_view text, std::string_view source,
                            const CsvReadOptions& options) {
  ReadResult<Dataset> result;
  const auto fail = [&](std::size_t line, std::size_t column, std::string message,
                        std::string hint) {
    result.error = text::makeError(source, line, column, std::move(message), std::move(hint));
    return result;
  };
  if (auto e = text::checkIsText(text, source, "CSV file")) {
    result.error = std::move(e);
    return result;
  }
  text = text::stripBom(text);

  std::vector<Cell> cells;
  std::vector<double> features;  // row-major, grows with the file
  std::vector<std::string> labelTexts;
  std::vector<std::size_t> labelLines;
  std::vector<std::size_t> labelColumns;
  std::size_t columnCount = 0;
  std::size_t labelIndex = 0;
  bool firstRow = true;
  std::size_t pendingBlankLine = 0;
  text::LineReader reader(text, options.limits.maxLineBytes);
  std::string_view line;
  while (reader.next(line)) {
    const std::size_t lineNumber = reader.lineNumber();
    if (text::isBlank(line)) {
      if (pendingBlankLine == 0 && !options.skipBlankLines) pendingBlankLine = lineNumber;
      continue;
    }
    if (pendingBlankLine != 0) {
      return fail(pendingBlankLine, 0, "empty line",
                  "remove blank lines between rows (or pass --lenient to skip them)");
    }
    if (!splitCells(line, cells)) {
      return fail(lineNumber, 0, "unterminated quoted cell",
                  "close the quote; cells spanning lines are not supported");
    }
    if (firstRow) {
      if (cells.size() < 2) {
        if (line.find(';') != std::string_view::npos)
          return fail(lineNumber, line.find(';') + 1, "';' is not a supported delimiter",
                      "save the file with ',' as the separator and '.' as the decimal point");
        if (line.find('\t') != std::string_view::npos)
          return fail(lineNumber, line.find('\t') + 1, "tab is not a supported delimiter",
                      "save the file with ',' as the separator");
        return fail(lineNumber, 0, "only one column",
                    "a CSV data file needs a label column and at least one feature column");
      }
      columnCount = cells.size();
      const long long wanted = options.labelColumn < 0
                                   ? static_cast<long long>(columnCount) + options.labelColumn
                                   : static_cast<long long>(options.labelColumn) - 1;
      if (options.labelColumn == 0 || wanted < 0 || wanted >= static_cast<long long>(columnCount)) {
        return fail(
            lineNumber, 0,
            "label column " + std::to_string(options.labelColumn) +
                " does not exist; the file has " + std::to_string(columnCount) + " columns",
            "pick a column from 1 to " + std::to_string(columnCount) + " or -1 for the last");
      }
      labelIndex = static_cast<std::size_t>(wanted);
      bool header = options.header == CsvHeader::Present;
      if (options.header == CsvHeader::Auto) {
        header = true;
        for (std::size_t c = 0; c < cells.size(); ++c)
          if (c != labelIndex && parseDecimal(cells[c].text).status == NumberStatus::Ok)
            header = false;
      }
      firstRow = false;
      if (header) continue;
    }
    if (cells.size() != columnCount) {
      const bool trailing = cells.size() == columnCount + 1 && endsWithDelimiter(line, cells);
      return fail(lineNumber, 0,
                  "expected " + std::to_string(columnCount) + " columns, found " +
                      std::to_string(cells.size()),
                  trailing ? kTrailingDelimiterHint
                           : "every row needs the same number of cells as the first row");
    }
    if (labelTexts.size() >= options.limits.maxLines) {
      return fail(lineNumber, 0, "more than " + std::to_string(options.limits.maxLines) + " rows",
                  "the file exceeds the line budget; use a subset");
    }
    if (static_cast<double>(features.size() + columnCount) * 8.0 >
        static_cast<double>(options.limits.maxDenseBytes)) {
      return fail(lineNumber, 0, "exceeds memory budget", "use fewer rows or columns");
    }
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const Cell& cell = cells[c];
      const std::string where =
          "line " + std::to_string(lineNumber) + " col " + std::to_string(c + 1);
      if (isMissing(cell.text)) {
        const bool trailing = c + 1 == cells.size() && endsWithDelimiter(line, cells);
        return fail(lineNumber, cell.column, "missing value at " + where,
                    trailing ? kTrailingDelimiterHint
                             : "fill in or remove the row; missing values are never read as 0");
      }
      if (c == labelIndex) {
        labelTexts.push_back(cell.text);
        labelLines.push_back(lineNumber);
        labelColumns.push_back(cell.column);
        continue;
      }
      const NumberParse number = parseDecimal(cell.text);
      if (number.status == NumberStatus::NotFinite) {
        return fail(lineNumber, cell.column, "non-finite value '" + cell.text + "' at " + where,
                    numberHint(number.status));
      }
      if (number.status != NumberStatus::Ok) {
        return fail(lineNumber, cell.column, "invalid number '" + cell.text + "' at " + where,
                    numberHint(number.status));
      }
      features.push_back(number.value);
    }
  }
  if (reader.tooLong()) {
    return fail(
        reader.lineNumber(), 0,
        "line too long (more than " + std::to_string(options.limits.maxLineBytes) + " bytes)",
        "this is not a CSV data file");
  }
  if (labelTexts.empty()) {
    return fail(0, 0, "no samples (the file is empty or has only a header)",
                "pass a file with one sample per row");
  }

  const auto n = static_cast<Eigen::Index>(labelTexts.size());
  const auto d = static_cast<Eigen::Index>(columnCount - 1);
  Dataset& data = result.value;
  data.x = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      features.data(), n, d);
  data.y.resize(n);
  if (options.knownClassNames != nullptr) {
    // Predicting with a model trained on names: each label is a name, numbers included.
    const std::vector<std::string>& known = *options.knownClassNames;
    std::unordered_map<std::string, int> ids;
    for (std::size_t k = 0; k < known.size(); ++k) ids.emplace(known[k], static_cast<int>(k));
    for (std::size_t i = 0; i < labelTexts.size(); ++i) {
      const auto it = ids.find(labelTexts[i]);
      if (it == ids.end()) {
        return fail(
            labelLines[i], labelColumns[i],
            "class '" + labelTexts[i] + "' is not one the model knows (" + listNames(known) + ")",
            "predict only the classes the model was trained on, or retrain with this "
            "class");
      }
      data.y(static_cast<Eigen::Index>(i)) = it->second;
    }
    data.classNames = known;
    return result;
  }
  std::size_t numbers = 0, names = 0, firstNumber = 0, firstName = 0;
  for (std::size_t i = 0; i < labelTexts.size(); ++i) {
    const NumberParse label = parseDecimal(labelTexts[i]);
    if (label.status == NumberStatus::NotFinite) {
      return fail(labelLines[i], labelColumns[i], "non-finite label '" + labelTexts[i] + "'",
                  numberHint(label.status));
    }
    if (label.status == NumberStatus::Ok) {
      if (numbers++ == 0) firstNumber = i;
      data.y(static_cast<Eigen::Index>(i)) = label.value;
    } else if (names++ == 0) {
      firstName = i;
    }
  }
  if (names == 0) return result;
  if (options.numericLabels) {
    return fail(labelLines[firstName], labelColumns[firstName],
                "non-numeric target '" + labelTexts[firstName] + "' for regression",
                "regression needs numeric targets; class names are only for classification");
  }
  if (numbers > 0) {
    // A column holds numbers or names, never both: the label of the smaller kind is the stray.
    const std::string counts = " (" + std::to_string(std::min(names, numbers)) + " of " +
                               std::to_string(labelTexts.size()) + " labels)";
    if (names <= numbers) {
      const NumberStatus status = parseDecimal(labelTexts[firstName]).status;
      return fail(labelLines[firstName], labelColumns[firstName],
                  "label '" + labelTexts[firstName] +
                      "' is not a number while the other labels are numbers" + counts,
                  status == NumberStatus::Malformed
                      ? "correct the label; a label column holds numbers or class names, not both"
                      : numberHint(status));
    }
    return fail(labelLines[firstNumber], labelColumns[firstNumber],
                "label '" + labelTexts[firstNumber] +
                    "' is a number while the other labels are class names" + counts,
                "correct the label; a label column holds numbers or class names, not both");
  }
  std::unordered_map<std::string, int> ids;
  for (std::size_t i = 0; i < labelTexts.size(); ++i) {
    auto [it, inserted] = ids.emplace(labelTexts[i], static_cast<int>(ids.size()));
    if (inserted) data.classNames.push_back(labelTexts[i]);
    data.y(static_cast<Eigen::Index>(i)) = it->second;
  }
  return result;
}

std::uint64_t modelChecksum(std::string_view modelText) {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a offset basis
  for (const char c : modelText) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;  // FNV prime
  }
  return hash;
}

namespace {

std::string hex16(std::uint64_t value) {
  static const char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int k = 15; k >= 0; --k, value >>= 4) s[static_cast<std::size_t>(k)] = digits[value & 15];
  return s;
}

}  // namespace

std::string writeClassNames(const std::vector<std::string>& names, std::string_view modelText) {
  std::string s =
      "# kpg class names: the CSV class name of each label of the model file beside this one\n"
      "# (written by kpg train --format csv, read by kpg predict --format csv)\n"
      "model_checksum fnv1a64 " +
      hex16(modelChecksum(modelText)) + "\n";
  for (std::size_t k = 0; k < names.size(); ++k) {
    s += std::to_string(k) + " \"";
    for (const char c : names[k]) s += c == '"' ? std::string("\"\"") : std::string(1, c);
    s += "\"\n";
  }
  return s;
}

ReadResult<ClassNames> readClassNames(std::string_view text, std::string_view source) {
  ReadResult<ClassNames> result;
  const auto fail = [&](std::size_t line, std::string message) {
    result.error = text::makeError(source, line, 0, std::move(message),
                                   "this file is written by kpg train; train again to rewrite it");
    return result;
  };
  if (auto e = text::checkIsText(text, source, "class-name file")) {
    result.error = std::move(e);
    return result;
  }
  text::LineReader reader(text, ReadLimits{}.maxLineBytes);
  std::string_view line;
  bool haveChecksum = false;
  while (reader.next(line)) {
    const std::size_t lineNumber = reader.lineNumber();
    if (text::isBlank(line) || line[0] == '#') continue;
    const std::string_view checksumKey = "model_checksum fnv1a64 ";
    if (line.substr(0, checksumKey.size()) == checksumKey) {
      const std::string_view digits = line.substr(checksumKey.size());
      std::uint64_t value = 0;
      if (haveChecksum || digits.size() != 16) return fail(lineNumber, "bad model_checksum line");
      for (const char c : digits) {
        const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return fail(lineNumber, "bad model_checksum line");
        value = value << 4 | static_cast<std::uint64_t>(d);
      }
      result.value.modelChecksum = value;
      haveChecksum = true;
      continue;
    }
    const std::size_t space = line.find(" \"");
    long long label = 0;
    bool overflow = false;
    if (space == std::string_view::npos ||
        !parseUnsigned(line.substr(0, space), 1000000000LL, label, overflow) || overflow ||
        label != static_cast<long long>(result.value.names.size())) {
      return fail(lineNumber, "expected '" + std::to_string(result.value.names.size()) +
                                  " \"name\"' (labels 0, 1, ... in order)");
    }
    std::string name;
    std::size_t i = space + 2;
    bool closed = false;
    while (i < line.size()) {
      if (line[i] == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"') {
          name += '"';
          i += 2;
          continue;
        }
        closed = i + 1 == line.size();
        break;
      }
      name += line[i++];
    }
    if (!closed) return fail(lineNumber, "the name must be one quoted string ending the line");
    result.value.names.push_back(std::move(name));
  }
  if (reader.tooLong()) return fail(reader.lineNumber(), "line too long");
  if (!haveChecksum) return fail(0, "no model_checksum line");
  if (result.value.names.empty()) return fail(0, "no class names");
  return result;
}

std::optional<std::string> checkClassNamesMatch(const ClassNames& classes,
                                                std::string_view classesSource,
                                                std::string_view modelText,
                                                std::string_view modelSource,
                                                const std::vector<int>& modelLabels) {
  const std::string names(classesSource), model(modelSource);
  if (classes.modelChecksum != modelChecksum(modelText)) {
    return names + " belongs to another model than " + model +
           " (the model file was replaced after kpg train wrote both); train again with kpg "
           "train --format csv, or delete " +
           names + " if " + model + " was trained on numeric labels";
  }
  for (const int label : modelLabels) {
    if (label < 0 || static_cast<std::size_t>(label) >= classes.names.size()) {
      return model + " has label " + std::to_string(label) + ", which " + names +
             " does not name; train again with kpg train --format csv";
    }
  }
  return std::nullopt;
}

}  // namespace kpg
