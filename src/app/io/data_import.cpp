#include "io/data_import.hpp"

#include "data/csv_format.hpp"
#include "data/libsvm_format.hpp"
#include "data/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace kpg::app {
namespace {

std::string plural(Index count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// The file's name for messages: the source as given, or "<pasted text>".
std::string sourceName(const DataImportOptions& options) {
  return options.source.empty() ? std::string("<pasted text>") : options.source;
}

std::string className(const DataImport& data, int k) {
  return data.classes[static_cast<std::size_t>(k)].name;
}

// W13: a coordinate the lab cannot hold (|x| > 1e6), named by the file's sample number.
std::optional<std::string> checkColumn(const DataImport& data, int column) {
  const auto& x = data.data.x;
  for (Index i = 0; i < x.rows(); ++i) {
    if (std::abs(x(i, column)) > kMaxCoordinate) {
      return data.source + ": sample " + std::to_string(i + 1) + ", feature " +
             std::to_string(column + 1) + " = " + formatDisplay(x(i, column)) +
             ": the lab's coordinates lie within ±1e6 (scale the data, e.g. svm-scale)";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<DataFormat> dataFormatFromName(std::string_view name) {
  if (name == "csv") return DataFormat::Csv;
  if (name == "libsvm") return DataFormat::Libsvm;
  return std::nullopt;
}

std::string_view dataFormatName(DataFormat format) {
  return format == DataFormat::Csv ? "csv" : "libsvm";
}

DataImportResult readDataImport(std::string_view text, const DataImportOptions& options) {
  DataImportResult result;
  const std::string source = sourceName(options);
  // W12: the lab's point cap, applied by the reader itself at sample 5 001, so a long file is not
  // parsed to its end first.
  ReadLimits limits;
  limits.maxLines = static_cast<std::size_t>(kMaxLabPoints);
  ReadResult<Dataset> read;
  CsvLayout layout;
  if (options.format == DataFormat::Csv) {
    CsvReadOptions csv;
    csv.limits = limits;
    csv.labelColumn = options.labelColumn;
    csv.labelName = options.labelName;
    ReadResult<CsvTable> table = readCsvTable(text, source, csv);
    read.value = std::move(table.value.data);
    read.error = std::move(table.error);
    layout = std::move(table.value.layout);
  } else {
    LibsvmReadOptions libsvm;
    libsvm.limits = limits;
    read = readLibsvm(text, source, libsvm);
  }
  if (!read.ok()) {
    ReadError error = *read.error;
    if (error.message.rfind("more than ", 0) == 0) {
      error.hint = "the lab holds at most " + std::to_string(kMaxLabPoints) +
                   " points; use a subset, or kpg train for the whole file";
    }
    result.error = error.toString();
    return result;
  }
  DataImport data;
  data.source = source;
  data.format = options.format;
  data.data = std::move(read.value);
  data.layout = std::move(layout);
  if (options.format == DataFormat::Csv) data.text = std::string(text);
  // Where the label was taken from, for the errors below: a wrong column is their usual cause.
  const bool csv = options.format == DataFormat::Csv;
  const std::string labelWhere = csv ? " in " + describeLabelColumn(data.layout) : std::string();
  const std::string chooseLabel = csv ? "; or choose another label column" : std::string();
  if (data.data.dimension() < 2) {  // W13
    result.error = source + ": " + plural(data.data.dimension(), "feature", "features") +
                   "; the canvas needs two (x₁ and x₂)";
    return result;
  }
  std::map<double, Index> counts;
  for (Index i = 0; i < data.data.size(); ++i) ++counts[data.data.y(i)];
  if (counts.size() > kMaxImportClasses) {  // W14
    result.error = source + ": " + std::to_string(counts.size()) + " different labels" +
                   labelWhere +
                   ": these look like regression targets; the lab classifies "
                   "(at most " +
                   std::to_string(kMaxImportClasses) + " classes)" + chooseLabel;
    return result;
  }
  if (counts.size() < 2) {  // W14
    result.error = source + ": every sample has the label " +
                   formatDisplay(data.data.y.size() ? data.data.y(0) : 0) + labelWhere +
                   "; the lab needs two classes" + chooseLabel;
    return result;
  }
  for (const auto& [label, count] : counts) {
    ImportedClass c;
    c.label = label;
    c.count = count;
    const auto k = static_cast<std::size_t>(label);
    const bool named =
        !data.data.classNames.empty() && label >= 0 && k < data.data.classNames.size();
    c.name = named ? data.data.classNames[k] : formatDisplay(label);
    data.classes.push_back(std::move(c));
  }
  if (auto error = chooseFeatures(data, 1, 2)) {
    result.error = *error;
    return result;
  }
  // Two classes: the larger label is +1 (so {−1, +1} and {0, 1} read as expected); more: the
  // two smallest labels, the second as +1.
  data.positive = 1;
  data.negative = 0;
  result.value = std::move(data);
  return result;
}

std::optional<std::string> chooseLabelColumn(DataImport& data, int column) {
  if (data.format != DataFormat::Csv)
    return data.source + ": a LIBSVM file's label is the first item of each line";
  DataImportOptions options;
  options.source = data.source;
  options.labelColumn = column;
  DataImportResult read = readDataImport(data.text, options);
  if (!read.ok()) return read.error;
  data = std::move(*read.value);
  return std::nullopt;
}

std::optional<std::string> chooseFeatures(DataImport& data, int x, int y) {
  const int d = static_cast<int>(data.data.dimension());
  for (int f : {x, y}) {
    if (f < 1 || f > d) {
      return data.source + ": feature " + std::to_string(f) + " does not exist (the file has " +
             plural(d, "feature", "features") + ", numbered 1 to " + std::to_string(d) + ")";
    }
  }
  if (x == y)
    return std::string("the two features shown must differ (both are ") + std::to_string(x) + ")";
  if (auto error = checkColumn(data, x - 1)) return error;
  if (auto error = checkColumn(data, y - 1)) return error;
  data.featureX = x - 1;
  data.featureY = y - 1;
  return std::nullopt;
}

std::optional<std::string> chooseClasses(DataImport& data, double positive, double negative) {
  const int p = importedClassIndex(data.classes, positive),
            n = importedClassIndex(data.classes, negative);
  for (const auto& [k, label] : {std::pair{p, positive}, std::pair{n, negative}}) {
    if (k < 0) {
      std::string known;
      for (const ImportedClass& c : data.classes) {
        known += (known.empty() ? "" : ", ") + formatDisplay(c.label);
      }
      return data.source + ": no class with the label " + formatDisplay(label) +
             " (the file's labels: " + known + ")";
    }
  }
  if (p == n)
    return std::string("the two classes must differ (both are ") + formatDisplay(positive) + ")";
  data.positive = p;
  data.negative = n;
  return std::nullopt;
}

PointSet importedPoints(const DataImport& data) {
  const double positive = data.classes[static_cast<std::size_t>(data.positive)].label;
  const double negative = data.classes[static_cast<std::size_t>(data.negative)].label;
  const Dataset& d = data.data;
  Index n = 0;
  for (Index i = 0; i < d.size(); ++i) n += d.y(i) == positive || d.y(i) == negative;
  PointSet set{Matrix(n, 2), Vector(n)};
  Index row = 0;
  for (Index i = 0; i < d.size(); ++i) {
    if (d.y(i) != positive && d.y(i) != negative) continue;
    set.points(row, 0) = d.x(i, data.featureX);
    set.points(row, 1) = d.x(i, data.featureY);
    set.labels(row) = d.y(i) == positive ? 1.0 : -1.0;
    ++row;
  }
  return set;
}

std::string importPresetName(const DataImport& data) {
  std::string name = "imported: " + data.source;
  if (name.size() > 64) name = name.substr(0, 61) + "...";
  return name;
}

action::LoadSession importedSession(const DataImport& data, const LabState& lab) {
  action::LoadSession session;
  session.data = importedPoints(data);
  session.params = lab.params;
  session.stepsPerSecond = lab.playback.stepsPerSecond;
  session.presetName = importPresetName(data);
  // The view: the points' box with a margin of a tenth of the larger side on each side (a
  // constant side is given the other's span, or 1).
  const Matrix& p = session.data.points;
  const double x0 = p.col(0).minCoeff(), x1 = p.col(0).maxCoeff();
  const double y0 = p.col(1).minCoeff(), y1 = p.col(1).maxCoeff();
  double span = std::max(x1 - x0, y1 - y0);
  if (!(span > 1e-6 * std::max({std::abs(x0), std::abs(x1), std::abs(y0), std::abs(y1), 1.0}))) {
    span = std::max({std::abs(x0), std::abs(y0), 1.0});
  }
  const double half = 0.6 * span;
  const double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1);
  session.view = ViewWindow{cx - half, cx + half, cy - half, cy + half};
  return session;
}

std::string featureName(const DataImport& data, int feature) {
  const auto& names = data.data.featureNames;
  std::string s = "feature " + std::to_string(feature + 1);
  if (feature >= 0 && static_cast<std::size_t>(feature) < names.size())
    s += " '" + names[static_cast<std::size_t>(feature)] + "'";
  return s;
}

std::string importSummary(const DataImport& data) {
  const Index n = data.data.size();
  const int d = static_cast<int>(data.data.dimension());
  const std::size_t k = data.classes.size();
  std::string text = data.source + ": " + plural(n, "sample", "samples") + ", " +
                     plural(d, "feature", "features") + ", " +
                     plural(static_cast<Index>(k), "class", "classes") + ".";
  if (data.format == DataFormat::Csv) text += " Label: " + describeLabelColumn(data.layout) + ".";
  const std::string shown =
      data.data.featureNames.empty()
          ? "features " + std::to_string(data.featureX + 1) + " and " +
                std::to_string(data.featureY + 1)
          : featureName(data, data.featureX) + " and " + featureName(data, data.featureY);
  text += " Shown: " + shown + (d == 2 ? "." : " (training on these two).");
  const ImportedClass& p = data.classes[static_cast<std::size_t>(data.positive)];
  const ImportedClass& m = data.classes[static_cast<std::size_t>(data.negative)];
  text += " Class " + className(data, data.positive) + " is y = +1, class " +
          className(data, data.negative) + " is y = −1";
  if (k > 2) {
    text += ": the one-vs-one sub-problem of these two classes (" +
            plural(p.count + m.count, "sample", "samples") + ")";
  }
  return text + ".";
}

namespace {

// The cells of one CSV line: ',' between cells, a quoted cell may hold ',' and "" for a quote
// (csv_format.hpp's rules, enough to show the line; the reader itself checks it).
std::vector<std::string> csvCells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        cells.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else if (c != '\r') {
      cells.back() += c;
    }
  }
  return cells;
}

}  // namespace

ImportPreview importPreview(const DataImport& data, std::size_t maxRows) {
  ImportPreview preview;
  const CsvLayout& layout = data.layout;
  const int label = static_cast<int>(layout.labelColumn) - 1;
  if (data.format == DataFormat::Csv) {
    for (std::size_t c = 0; c < layout.columns; ++c) {
      preview.names.push_back(c < layout.names.size() ? layout.names[c]
                                                      : "column " + std::to_string(c + 1));
    }
    preview.labelColumn = label;
    // The features are the other columns in order: feature f is column f, or f + 1 past the label.
    const auto column = [label](int f) { return f < label ? f : f + 1; };
    preview.columnX = column(data.featureX);
    preview.columnY = column(data.featureY);
    std::string_view text = data.text;
    bool header = layout.header;
    while (!text.empty() && preview.rows.size() < maxRows) {
      const std::size_t end = std::min(text.find('\n'), text.size());
      const std::string_view line = text.substr(0, end);
      text.remove_prefix(std::min(end + 1, text.size()));
      if (line.find_first_not_of(" \t\r") == std::string_view::npos || line[0] == '#') continue;
      if (header) {
        header = false;
        continue;
      }
      preview.rows.push_back(csvCells(line));
    }
  }
  std::string names;
  for (const ImportedClass& c : data.classes) names += (names.empty() ? "" : " / ") + c.name;
  const ImportedClass& p = data.classes[static_cast<std::size_t>(data.positive)];
  const ImportedClass& m = data.classes[static_cast<std::size_t>(data.negative)];
  const auto shown = [&data](int f) {
    const auto& n = data.data.featureNames;
    return static_cast<std::size_t>(f) < n.size() ? n[static_cast<std::size_t>(f)]
                                                  : "feature " + std::to_string(f + 1);
  };
  preview.summary = plural(data.data.size(), "point", "points") + "; classes " + names + "; " +
                    (data.classes.size() > 2 ? "the lab uses two: " : "") + p.name +
                    " (y = +1) and " + m.name + " (y = −1), " +
                    plural(p.count + m.count, "point", "points") + ", x₁ " + shown(data.featureX) +
                    ", x₂ " + shown(data.featureY);
  return preview;
}

int importedClassIndex(const std::vector<ImportedClass>& classes, double label) {
  for (std::size_t k = 0; k < classes.size(); ++k) {
    if (classes[k].label == label) return static_cast<int>(k);
  }
  return -1;
}

}  // namespace kpg::app
