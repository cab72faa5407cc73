#pragma once
// The student's own data in the lab: a CSV or LIBSVM file read by the core's
// readers (src/core/data: readCsv, readLibsvm), kept whole, and shown on the canvas as the two
// features and the two classes the student picks. The lab steps the binary C-SVC of those two
// classes on those two features: the one-vs-one sub-problem (a, b) of LIBSVM's multi-class scheme
// (svm/one_vs_one.hpp), with class a as y = +1 and class b as y = −1. No GL, no ImGui: part of
// kpg_app_logic, tested by tests/app/data_files_test.cpp.
//
// Bad files (docs/bad-inputs.md): the readers' own errors (D1-D17, C1-C4) come back as
// "source:line:column: message (hint)"; the app's limits are W12 (more than 5 000 samples: the
// lab's point cap), W13 (fewer than two features, a feature number out of range, a coordinate
// beyond ±1e6), W14 (one class only, a class that is not in
// the file, more than kMaxImportClasses labels). A refused file changes nothing.
//
// Use:
//   DataImport imported = readDataImport(text, {DataFormat::Csv, "iris.csv"}).value;
//   chooseFeatures(imported, 3, 4);              // 1-based feature numbers, as in the file
//   chooseClasses(imported, 2, 3);               // labels as in the file: 2 → +1, 3 → −1
//   apply(lab, importedSession(imported, lab));  // a LoadSession: points, labels, view

#include "data/csv_format.hpp"
#include "data/dataset.hpp"
#include "lab/lab_state.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

enum class DataFormat { Csv, Libsvm };

// "csv" / "libsvm" (window.kpg.importData's `format`, the file's extension).
std::optional<DataFormat> dataFormatFromName(std::string_view name);
std::string_view dataFormatName(DataFormat format);

// The import file cap, checked by the page before it reads a file (docs/bad-inputs.md W10) and
// again here: the text travels in a window.kpg action, whose JSON is at most 4 MiB (json.hpp).
constexpr std::size_t kMaxImportBytes = std::size_t{3} << 20;
// More distinct labels than this is regression targets, not classes.
constexpr std::size_t kMaxImportClasses = 100;

struct DataImportOptions {
  DataFormat format = DataFormat::Csv;
  std::string source = "<pasted text>";  // the file name, for the file:line of errors
  // CSV: the label column, 1-based, or kAutoLabelColumn to find it as the file was written
  // (a header named like a label, a text or class column last or first: csv_format.hpp);
  // labelName, a header's name, overrides it.
  int labelColumn = kAutoLabelColumn;
  std::string labelName;
};

// One class of the file: its label (as in the file; CSV class names are numbered 0, 1, … by
// first appearance, the name kept) and how many samples carry it.
struct ImportedClass {
  double label = 0;
  std::string name;  // the CSV class name, or the label as text
  Index count = 0;
};

struct DataImport {
  std::string source;
  DataFormat format = DataFormat::Csv;
  Dataset data;                        // every sample, every feature (≤ kMaxLabPoints samples)
  CsvLayout layout;                    // CSV: where the label is and why; the header's names
  std::string text;                    // the file, read again when another label column is chosen
  std::vector<ImportedClass> classes;  // ascending by label
  int featureX = 0, featureY = 1;      // 0-based columns of data.x shown as x₁ and x₂
  int positive = 0, negative = 1;      // indices into `classes`: y = +1 and y = −1 on the canvas
};

struct DataImportResult {
  std::optional<DataImport> value;
  std::string error;  // "source:line:column: what (what to do)" or "source: what"
  bool ok() const { return value.has_value(); }
};

// The position in `classes` of the class labelled `label` (as in the file), −1 for none.
int importedClassIndex(const std::vector<ImportedClass>& classes, double label);

// Reads and checks the file; the default choice is features 1 and 2 and, for two classes, the
// larger label as +1 ({−1, +1} stay as they are), for more classes the two smallest labels.
DataImportResult readDataImport(std::string_view text, const DataImportOptions& options);

// Reads the CSV file again with `column` (1-based) as the label column; the features and classes
// shown go back to the defaults. An error (and no change) for a LIBSVM file or a column that
// cannot be the label.
std::optional<std::string> chooseLabelColumn(DataImport& data, int column);

// 1-based feature numbers, as the file counts them. An error (and no change) when out of range,
// equal, or when a coordinate would exceed the lab's ±1e6 (W13).
std::optional<std::string> chooseFeatures(DataImport& data, int x, int y);
// Labels as in the file (a CSV class name's number); `positive` becomes y = +1.
std::optional<std::string> chooseClasses(DataImport& data, double positive, double negative);

// The lab's points: the rows of the two chosen classes, the two chosen features, y = ±1.
PointSet importedPoints(const DataImport& data);
// The session the lab loads: those points, the lab's current kernel and parameters, step 0, a
// view fitted to the points, presetName importPresetName(data).
action::LoadSession importedSession(const DataImport& data, const LabState& lab);
// "imported: iris.csv" (≤ 64 characters, the session's preset field): while the lab's preset
// keeps this name, the canvas shows this import.
std::string importPresetName(const DataImport& data);

// "feature 3 'petal_length'", or "feature 3" without a header: the name of a column of data.x.
std::string featureName(const DataImport& data, int feature);

// What the lab says about the import, in words: "iris.csv: 150 samples, 4 features, 3 classes.
// Shown: features 3 and 4 (training on these two). Classes: 2 as +1, 3 as −1 — the one-vs-one
// sub-problem of these two (100 samples)."
std::string importSummary(const DataImport& data);

// What the import dialog shows before anything reaches the canvas (issue 31): the file's first
// data rows as written, every column's name, which column is the label and which two are x₁, x₂,
// and one line saying what the lab will get.
struct ImportPreview {
  std::vector<std::string> names;              // the header's names, else "column N"
  std::vector<std::vector<std::string>> rows;  // the first data rows' cells, as in the file
  int labelColumn = -1;                        // 0-based, into names
  int columnX = -1, columnY = -1;              // 0-based file columns of the features shown
  // "150 points; classes setosa / versicolor / virginica; the lab uses two: versicolor (y = +1)
  // and setosa (y = −1), 100 points, x₁ sepal_length, x₂ sepal_width"
  std::string summary;
};

// The preview of a CSV import (a LIBSVM file has no columns to choose: the names are empty).
ImportPreview importPreview(const DataImport& data, std::size_t maxRows = 8);

}  // namespace kpg::app
