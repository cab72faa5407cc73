#include "data/csv_format.hpp"

#include "data/number_text.hpp"
#include "data/text_scan.hpp"

#include <algorithm>
#include <cmath>
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

// ---- Choosing the label column (csv_format.hpp) ----------------------------------------------

std::string lowercase(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Header names people give a class column: scikit-learn's frames say "target", seaborn's and
// pandas' iris "species", UCI files "class"; "y" only counts when no column is "x" (2-D points).
bool isLabelName(const std::string& name) {
  static const char* const kNames[] = {"label",    "labels",      "class",    "classes",
                                       "target",   "species",     "category", "outcome",
                                       "response", "class_label", "group"};
  const std::string lower = lowercase(name);
  for (const char* n : kNames)
    if (lower == n) return true;
  return false;
}

// What the rows hold in one column, enough to tell a class column from a measurement.
struct ColumnStats {
  bool text = false;             // some cell is not a number at all (not 0x10 or 0,5 either)
  bool integers = true;          // every number is whole
  std::vector<double> distinct;  // the distinct numbers, up to kMaxClasses + 1
};

constexpr std::size_t kMaxClasses = 20;

void addCell(ColumnStats& stats, const std::string& cell) {
  if (isMissing(cell)) return;
  const NumberParse number = parseDecimal(cell);
  if (number.status == NumberStatus::Malformed) stats.text = true;
  if (number.status != NumberStatus::Ok) return;
  if (number.value != std::floor(number.value)) stats.integers = false;
  if (stats.distinct.size() <= kMaxClasses &&
      std::find(stats.distinct.begin(), stats.distinct.end(), number.value) == stats.distinct.end())
    stats.distinct.push_back(number.value);
}

// Text, or few distinct whole numbers: at most 20 and at most a tenth of the rows (wine's 3
// classes in 178 rows, not its 126 distinct alcohol values), or two (a small 0/1 file).
bool isClassColumn(const ColumnStats& stats, std::size_t rows) {
  if (stats.text) return true;
  const std::size_t k = stats.distinct.size();
  return stats.integers && k > 0 && k <= kMaxClasses && (k * 10 <= rows || k <= 2);
}

// One pass over the rows for the header, the names and each column's kind; rows the reader will
// refuse (ragged, an open quote) are skipped here and reported by the reader with their line.
// Fails only for a labelName that is not in the header.
bool chooseLabelColumn(std::string_view text, std::string_view source,
                       const CsvReadOptions& options, CsvLayout& layout, ReadError& error) {
  text::LineReader reader(text, options.limits.maxLineBytes);
  std::string_view line;
  std::vector<Cell> cells;
  std::vector<ColumnStats> stats;
  std::size_t rows = 0;
  const auto addRow = [&] {
    ++rows;
    for (std::size_t c = 0; c < cells.size(); ++c) addCell(stats[c], cells[c].text);
  };
  while (reader.next(line)) {
    if (text::isBlank(line) || !splitCells(line, cells)) continue;
    if (layout.columns == 0) {
      if (cells.size() < 2) break;
      layout.columns = cells.size();
      stats.resize(cells.size());
      layout.header = options.header == CsvHeader::Present;
      if (options.header == CsvHeader::Auto) {
        layout.header = true;
        for (const Cell& cell : cells)
          if (parseDecimal(cell.text).status == NumberStatus::Ok) layout.header = false;
      }
      if (layout.header) {
        for (const Cell& cell : cells) layout.names.push_back(cell.text);
        continue;
      }
    }
    if (cells.size() == layout.columns) addRow();
  }
  const std::size_t n = layout.columns;
  layout.labelColumn = 1;
  layout.choice = LabelChoice::First;
  if (n == 0) return true;  // the reader says what is wrong with the first row
  if (!options.labelName.empty()) {
    layout.choice = LabelChoice::Named;
    for (int pass = 0; pass < 2; ++pass)
      for (std::size_t c = 0; c < layout.names.size(); ++c)
        if (pass == 0 ? layout.names[c] == options.labelName
                      : lowercase(layout.names[c]) == lowercase(options.labelName)) {
          layout.labelColumn = c + 1;
          return true;
        }
    std::string all;
    for (const std::string& name : layout.names) all += (all.empty() ? "'" : ", '") + name + "'";
    error = text::makeError(
        source, 1, 0,
        layout.header
            ? "no column is named '" + options.labelName + "'; the header names " + all
            : "no column is named '" + options.labelName + "': the file has no header row",
        "choose one of the header's names, or the label column by number");
    return false;
  }
  bool hasX = false;
  for (const std::string& name : layout.names) hasX = hasX || lowercase(name) == "x";
  for (std::size_t c = n; c-- > 0 && layout.header;) {
    const std::string lower = lowercase(layout.names[c]);
    if (isLabelName(lower) || (lower == "y" && !hasX)) {
      layout.labelColumn = c + 1;
      layout.choice = LabelChoice::NamedLikeLabel;
      return true;
    }
  }
  for (const std::size_t c : {n - 1, std::size_t{0}}) {
    if (isClassColumn(stats[c], rows)) {
      layout.labelColumn = c + 1;
      layout.choice = stats[c].text ? LabelChoice::Text : LabelChoice::FewIntegers;
      return true;
    }
  }
  std::size_t textColumns = 0, textColumn = 0;
  for (std::size_t c = 0; c < n; ++c)
    if (stats[c].text) ++textColumns, textColumn = c;
  if (textColumns == 1) {
    layout.labelColumn = textColumn + 1;
    layout.choice = LabelChoice::OnlyText;
  }
  return true;
}

// "column 5 'species'", or "column 5" without a header.
std::string columnName(const CsvLayout& layout, std::size_t column) {
  std::string s = "column " + std::to_string(column);
  if (column >= 1 && column <= layout.names.size()) s += " '" + layout.names[column - 1] + "'";
  return s;
}

// Reads a CSV data file in two passes: the rows (the first one setting the column count, the
// label column and whether it is a header), then, once every row is in, the labels, which are
// numbers, class names or the model's names depending on all of them. Each step returns false at
// the first problem, with error_ set (as the model file reader in model_io.cpp does).
class CsvReader {
 public:
  CsvReader(std::string_view source, const CsvReadOptions& options, Dataset& data,
            CsvLayout& layout)
      : source_(source), options_(options), data_(data), layout_(layout) {}

  bool read(std::string_view text) { return readRows(text) && readLabels(); }
  ReadError takeError() { return std::move(error_); }

 private:
  bool fail(std::size_t line, std::size_t column, std::string message, std::string hint) {
    error_ = text::makeError(source_, line, column, std::move(message), std::move(hint));
    return false;
  }

  // ---- Rows ------------------------------------------------------------------------------------

  // Every row into features_ and the label texts; then x, and y sized for the labels.
  bool readRows(std::string_view text) {
    text::LineReader reader(text, options_.limits.maxLineBytes);
    std::string_view line;
    bool firstRow = true;
    std::size_t pendingBlankLine = 0;
    while (reader.next(line)) {
      line_ = reader.lineNumber();
      if (text::isBlank(line)) {
        if (pendingBlankLine == 0 && !options_.skipBlankLines) pendingBlankLine = line_;
        continue;
      }
      if (pendingBlankLine != 0) {
        return fail(pendingBlankLine, 0, "empty line",
                    "remove blank lines between rows (or pass --lenient to skip them)");
      }
      if (!splitCells(line, cells_)) {
        return fail(line_, 0, "unterminated quoted cell",
                    "close the quote; cells spanning lines are not supported");
      }
      if (firstRow) {
        bool header = false;
        if (!readFirstRow(line, header)) return false;
        firstRow = false;
        if (header) continue;
      }
      if (!readRow(line)) return false;
    }
    if (reader.tooLong()) {
      return fail(
          reader.lineNumber(), 0,
          "line too long (more than " + std::to_string(options_.limits.maxLineBytes) + " bytes)",
          "this is not a CSV data file");
    }
    if (labelTexts_.empty()) {
      return fail(0, 0, "no samples (the file is empty or has only a header)",
                  "pass a file with one sample per row");
    }
    const auto n = static_cast<Eigen::Index>(labelTexts_.size());
    const auto d = static_cast<Eigen::Index>(columnCount_ - 1);
    data_.x =
        Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            features_.data(), n, d);
    data_.y.resize(n);
    return true;
  }

  // The first row sets the column count and the label column, and may be a header (then
  // `header` is true and the row holds no sample).
  bool readFirstRow(std::string_view line, bool& header) {
    if (cells_.size() < 2) {
      if (line.find(';') != std::string_view::npos)
        return fail(line_, line.find(';') + 1, "';' is not a supported delimiter",
                    "save the file with ',' as the separator and '.' as the decimal point");
      if (line.find('\t') != std::string_view::npos)
        return fail(line_, line.find('\t') + 1, "tab is not a supported delimiter",
                    "save the file with ',' as the separator");
      return fail(line_, 0, "only one column",
                  "a CSV data file needs a label column and at least one feature column");
    }
    columnCount_ = cells_.size();
    const long long wanted = options_.labelColumn < 0
                                 ? static_cast<long long>(columnCount_) + options_.labelColumn
                                 : static_cast<long long>(options_.labelColumn) - 1;
    if (options_.labelColumn == 0 || wanted < 0 || wanted >= static_cast<long long>(columnCount_)) {
      return fail(
          line_, 0,
          "label column " + std::to_string(options_.labelColumn) +
              " does not exist; the file has " + std::to_string(columnCount_) + " columns",
          "pick a column from 1 to " + std::to_string(columnCount_) + " or -1 for the last");
    }
    labelIndex_ = static_cast<std::size_t>(wanted);
    header = options_.header == CsvHeader::Present;
    if (options_.header == CsvHeader::Auto) {
      // A header names the features: none of its feature cells is a number.
      header = true;
      for (std::size_t c = 0; c < cells_.size(); ++c)
        if (c != labelIndex_ && parseDecimal(cells_[c].text).status == NumberStatus::Ok)
          header = false;
    }
    layout_.columns = columnCount_;
    layout_.labelColumn = labelIndex_ + 1;
    layout_.header = header;
    layout_.names.clear();
    if (header) {
      for (std::size_t c = 0; c < cells_.size(); ++c) {
        layout_.names.push_back(cells_[c].text);
        if (c != labelIndex_) data_.featureNames.push_back(cells_[c].text);
      }
    }
    return true;
  }

  // One sample: the first row's column count, within the budgets, every cell present.
  bool readRow(std::string_view line) {
    if (cells_.size() != columnCount_) {
      const bool trailing = cells_.size() == columnCount_ + 1 && endsWithDelimiter(line, cells_);
      return fail(line_, 0,
                  "expected " + std::to_string(columnCount_) + " columns, found " +
                      std::to_string(cells_.size()),
                  trailing ? kTrailingDelimiterHint
                           : "every row needs the same number of cells as the first row");
    }
    if (labelTexts_.size() >= options_.limits.maxLines) {
      return fail(line_, 0, "more than " + std::to_string(options_.limits.maxLines) + " rows",
                  "the file exceeds the line budget; use a subset");
    }
    if (static_cast<double>(features_.size() + columnCount_) * 8.0 >
        static_cast<double>(options_.limits.maxDenseBytes)) {
      return fail(line_, 0, "exceeds memory budget", "use fewer rows or columns");
    }
    for (std::size_t c = 0; c < cells_.size(); ++c) {
      if (!readCell(line, c)) return false;
    }
    return true;
  }

  // Cell c of the row: the label, kept as written, or a feature, a finite number.
  bool readCell(std::string_view line, std::size_t c) {
    const Cell& cell = cells_[c];
    const std::string where = "line " + std::to_string(line_) + " col " + std::to_string(c + 1);
    if (isMissing(cell.text)) {
      const bool trailing = c + 1 == cells_.size() && endsWithDelimiter(line, cells_);
      return fail(line_, cell.column, "missing value at " + where,
                  trailing ? kTrailingDelimiterHint
                           : "fill in or remove the row; missing values are never read as 0");
    }
    if (c == labelIndex_) {
      labelTexts_.push_back(cell.text);
      labelLines_.push_back(line_);
      labelColumns_.push_back(cell.column);
      return true;
    }
    const NumberParse number = parseDecimal(cell.text);
    if (number.status == NumberStatus::NotFinite) {
      return fail(line_, cell.column, "non-finite value '" + cell.text + "' at " + where,
                  numberHint(number.status));
    }
    if (number.status == NumberStatus::Malformed) {
      // Most often the class column of a file whose label is elsewhere than expected.
      return fail(line_, cell.column, "invalid number '" + cell.text + "' at " + where,
                  columnName(layout_, c + 1) +
                      " holds text: choose it as the label column, or remove it (the label "
                      "column is " +
                      columnName(layout_, labelIndex_ + 1) + ")");
    }
    if (number.status != NumberStatus::Ok) {
      return fail(line_, cell.column, "invalid number '" + cell.text + "' at " + where,
                  numberHint(number.status));
    }
    features_.push_back(number.value);
    return true;
  }

  // ---- Labels ----------------------------------------------------------------------------------

  bool readLabels() {
    return options_.knownClassNames != nullptr ? readKnownNames() : readNumbersOrNames();
  }

  // Predicting with a model trained on names: each label is a name, numbers included.
  bool readKnownNames() {
    const std::vector<std::string>& known = *options_.knownClassNames;
    std::unordered_map<std::string, int> ids;
    for (std::size_t k = 0; k < known.size(); ++k) ids.emplace(known[k], static_cast<int>(k));
    for (std::size_t i = 0; i < labelTexts_.size(); ++i) {
      const auto it = ids.find(labelTexts_[i]);
      if (it == ids.end()) {
        return fail(
            labelLines_[i], labelColumns_[i],
            "class '" + labelTexts_[i] + "' is not one the model knows (" + listNames(known) + ")",
            "predict only the classes the model was trained on, or retrain with this "
            "class");
      }
      data_.y(static_cast<Eigen::Index>(i)) = it->second;
    }
    data_.classNames = known;
    return true;
  }

  // Every label a number, or every label a class name (numbered in order of first appearance).
  bool readNumbersOrNames() {
    std::size_t numbers = 0, names = 0, firstNumber = 0, firstName = 0;
    for (std::size_t i = 0; i < labelTexts_.size(); ++i) {
      const NumberParse label = parseDecimal(labelTexts_[i]);
      if (label.status == NumberStatus::NotFinite) {
        return fail(labelLines_[i], labelColumns_[i], "non-finite label '" + labelTexts_[i] + "'",
                    numberHint(label.status));
      }
      if (label.status == NumberStatus::Ok) {
        if (numbers++ == 0) firstNumber = i;
        data_.y(static_cast<Eigen::Index>(i)) = label.value;
      } else if (names++ == 0) {
        firstName = i;
      }
    }
    if (names == 0) return true;
    if (options_.numericLabels) {
      return fail(labelLines_[firstName], labelColumns_[firstName],
                  "non-numeric target '" + labelTexts_[firstName] + "' for regression",
                  "regression needs numeric targets; class names are only for classification");
    }
    if (numbers > 0) return failMixedLabels(numbers, names, firstNumber, firstName);
    std::unordered_map<std::string, int> ids;
    for (std::size_t i = 0; i < labelTexts_.size(); ++i) {
      auto [it, inserted] = ids.emplace(labelTexts_[i], static_cast<int>(ids.size()));
      if (inserted) data_.classNames.push_back(labelTexts_[i]);
      data_.y(static_cast<Eigen::Index>(i)) = it->second;
    }
    return true;
  }

  // A column holds numbers or names, never both: the label of the smaller kind is the stray.
  bool failMixedLabels(std::size_t numbers, std::size_t names, std::size_t firstNumber,
                       std::size_t firstName) {
    const std::string counts = " (" + std::to_string(std::min(names, numbers)) + " of " +
                               std::to_string(labelTexts_.size()) + " labels)";
    if (names <= numbers) {
      const NumberStatus status = parseDecimal(labelTexts_[firstName]).status;
      return fail(labelLines_[firstName], labelColumns_[firstName],
                  "label '" + labelTexts_[firstName] +
                      "' is not a number while the other labels are numbers" + counts,
                  status == NumberStatus::Malformed
                      ? "correct the label; a label column holds numbers or class names, not both"
                      : numberHint(status));
    }
    return fail(labelLines_[firstNumber], labelColumns_[firstNumber],
                "label '" + labelTexts_[firstNumber] +
                    "' is a number while the other labels are class names" + counts,
                "correct the label; a label column holds numbers or class names, not both");
  }

  std::string_view source_;
  const CsvReadOptions& options_;
  Dataset& data_;
  CsvLayout& layout_;
  ReadError error_;
  std::size_t line_ = 0;  // the line being read
  std::vector<Cell> cells_;
  // Set by the first row.
  std::size_t columnCount_ = 0;
  std::size_t labelIndex_ = 0;
  // The samples so far: features row-major (growing with the file), labels as written.
  std::vector<double> features_;
  std::vector<std::string> labelTexts_;
  std::vector<std::size_t> labelLines_;
  std::vector<std::size_t> labelColumns_;
};

}  // namespace

ReadResult<CsvTable> readCsvTable(std::string_view text, std::string_view source,
                                  const CsvReadOptions& options) {
  ReadResult<CsvTable> result;
  if (auto e = text::checkIsText(text, source, "CSV file")) {
    result.error = std::move(e);
    return result;
  }
  text = text::stripBom(text);
  CsvLayout& layout = result.value.layout;
  CsvReadOptions chosen = options;
  if (!options.labelName.empty() || options.labelColumn == kAutoLabelColumn) {
    ReadError error;
    if (!chooseLabelColumn(text, source, options, layout, error)) {
      result.error = std::move(error);
      return result;
    }
    chosen.labelColumn = static_cast<int>(layout.labelColumn);
    if (layout.columns != 0) chosen.header = layout.header ? CsvHeader::Present : CsvHeader::Absent;
  }
  const LabelChoice choice = layout.columns != 0 ? layout.choice : LabelChoice::Given;
  CsvReader reader(source, chosen, result.value.data, layout);
  if (!reader.read(text)) result.error = reader.takeError();
  layout.choice = choice;
  return result;
}

ReadResult<Dataset> readCsv(std::string_view text, std::string_view source,
                            const CsvReadOptions& options) {
  ReadResult<CsvTable> table = readCsvTable(text, source, options);
  ReadResult<Dataset> result;
  result.value = std::move(table.value.data);
  result.error = std::move(table.error);
  return result;
}

std::string describeLabelColumn(const CsvLayout& layout) {
  static const char* const kWhy[] = {"chosen",
                                     "chosen by name",
                                     "named like a label",
                                     "holds text",
                                     "few distinct whole numbers",
                                     "the only column holding text",
                                     "the first column, LIBSVM's place for the label"};
  return columnName(layout, layout.labelColumn) + " (" + kWhy[static_cast<int>(layout.choice)] +
         ")";
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
