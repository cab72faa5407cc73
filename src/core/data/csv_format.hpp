#pragma once
// Comma-separated data: one sample per row, one column holding the label, every other column a
// numeric feature (RFC 4180 quoting). Choices, pinned by tests/core/data/csv_format_test.cpp
// (docs/bad-inputs.md C1-C4):
//  * Header: with CsvHeader::Auto, the first row is a header when none of its feature cells is a
//    number; Present/Absent force it.
//  * The delimiter is ','. A first row with no comma but a ';' or a tab is refused with a hint
//    (European spreadsheets export ';' with decimal commas). A quoted "1,5" is one cell, which
//    then fails as a number with the decimal-comma hint.
//  * Empty cells, NA, N/A, ?, nan, null are missing values: an error naming line and column,
//    never a silent 0.
//  * Labels: if every label is a number, y holds the numbers. If no label is a number, every
//    label is a class name, numbered 0, 1, ... in order of first appearance, with the names kept
//    in Dataset::classNames. A column mixing both is refused at the first label of the smaller
//    kind: one typo (0x10) must not silently turn a numeric column into names (C4). With
//    numericLabels (regression) a non-numeric label is an error. With knownClassNames (predict
//    with a model trained on names) every label is looked up in the model's names and y holds
//    the training label; a name the model does not know is an error.
//  * The label column (labelColumn = kAutoLabelColumn, the app's and kpg's default for CSV; a
//    file the way pandas' to_csv(index=False) or scikit-learn's load_iris(as_frame=True).frame
//    writes it has a header and the label last), in this order:
//      1. labelName, a header cell (exact, else case-insensitive), when given;
//      2. a header cell named like a label (label, class, target, y, species, category, outcome,
//         ..., case-insensitive; the last such column);
//      3. the last column, then the first, if it holds text, or few distinct integers (at most 20
//         and at most a tenth of the rows, or two): a class column, not a measurement;
//      4. the only column holding text;
//      5. otherwise the first column (LIBSVM's place for the label).
//    With an automatic label the first row is a header when none of its cells is a number.
//    CsvLayout says which column was chosen and why, so the app and kpg can say where the label is.
//  * A feature column holding text is refused at its first text cell, naming the column and
//    saying to choose it as the label column.
//  * A UTF-8 BOM is dropped; CRLF, CR alone (Excel for Mac) and spaces around cells are accepted;
//    blank lines follow the LIBSVM reader's rule (an error between rows, ignored at the end).
//    UTF-16 is refused by name (text_scan.hpp checkIsText); an empty last column from a ',' that
//    ends every line is named as such.

#include "data/dataset.hpp"
#include "data/read_error.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

enum class CsvHeader { Auto, Present, Absent };

// CsvReadOptions::labelColumn: choose the label column the way the file was written (above).
constexpr int kAutoLabelColumn = 0;

struct CsvReadOptions {
  int labelColumn = 1;    // 1-based, as in the error messages; -1 is the last column
  std::string labelName;  // a header cell naming the label column; overrides labelColumn
  CsvHeader header = CsvHeader::Auto;
  bool numericLabels = false;  // regression targets: class names are an error (C4)
  bool skipBlankLines = false;
  ReadLimits limits;
  // The model's class names (ClassNames::names) when predicting: labels are these names.
  const std::vector<std::string>* knownClassNames = nullptr;
};

ReadResult<Dataset> readCsv(std::string_view text, std::string_view source,
                            const CsvReadOptions& options = {});

// Why the label column is the one it is (CsvReadOptions, "The label column" above).
enum class LabelChoice { Given, Named, NamedLikeLabel, Text, FewIntegers, OnlyText, First };

struct CsvLayout {
  std::size_t columns = 0;
  std::size_t labelColumn = 0;  // 1-based
  bool header = false;
  std::vector<std::string> names;  // the header's cells, every column; empty without a header
  LabelChoice choice = LabelChoice::Given;
};

struct CsvTable {
  Dataset data;
  CsvLayout layout;
};

// readCsv, and where the label was found. The layout is filled as far as it got on an error.
ReadResult<CsvTable> readCsvTable(std::string_view text, std::string_view source,
                                  const CsvReadOptions& options = {});

// "column 5 'species' (named like a label)": where the label is, for messages and the status bar.
std::string describeLabelColumn(const CsvLayout& layout);

// The class names a model was trained on, saved next to it as MODEL.classes (README "The kpg
// command-line tool"), so that predicting on another CSV file maps its names to the training
// labels instead of numbering them again by first appearance (C4). names[k] is the class the
// model calls label k. The file names the model file's checksum, so a model replaced later (by
// svm-train, or a copy) is not read with stale names. Format, one item per line:
//   # comment lines
//   model_checksum fnv1a64 <16 hex digits>
//   <label> "<name>"        labels 0, 1, ... in order; "" inside the quotes is one quote
struct ClassNames {
  std::vector<std::string> names;
  std::uint64_t modelChecksum = 0;
};

// FNV-1a, 64 bits, of the model file's bytes (a fingerprint, not a security measure).
std::uint64_t modelChecksum(std::string_view modelText);
std::string writeClassNames(const std::vector<std::string>& names, std::string_view modelText);
ReadResult<ClassNames> readClassNames(std::string_view text, std::string_view source);

// Checks that `classes` belongs to the model whose text is `modelText` and whose labels are
// `modelLabels` (every label must be a class index); returns what is wrong, naming both files.
std::optional<std::string> checkClassNamesMatch(const ClassNames& classes,
                                                std::string_view classesSource,
                                                std::string_view modelText,
                                                std::string_view modelSource,
                                                const std::vector<int>& modelLabels);

}  // namespace kpg
