// libFuzzer harness: CSV data files (src/core/data/csv_format).
// Input: byte 0 chooses the options (bits 0-1 the label column 1, 2, last or 3; bits 2-3 the header
// Auto, Present, Absent; bit 4 numeric labels; bit 5 skip blank lines; bit 6 the automatic label
// column instead, bit 7 the label column named "label"), the rest is the file.
// Properties beyond "no crash, no sanitizer report, no timeout":
//  - "no samples" never succeeds; every accepted value and numeric label is finite;
//  - class names (C4): numbered 0, 1, … in order of first appearance, every label an id of the
//    table, names distinct, none with numericLabels;
//  - the layout names an existing label column, and a header's feature names match x's columns;
//  - the values survive a rewrite: the data written back as CSV (formatExact numbers, the label in
//    column 1, no header) reads back to the same matrix, labels and class names.

#include "fuzz_check.hpp"

#include "data/csv_format.hpp"
#include "data/number_text.hpp"

#include <cmath>
#include <set>

using namespace kpg;

namespace {

ReadLimits fuzzLimits() {
  ReadLimits limits;
  limits.maxDenseBytes = std::size_t{64} << 20;  // keeps ASan within libFuzzer's RSS limit
  return limits;
}

// A class name the plain writer below can emit unquoted and unchanged. Not one that starts with
// a UTF-8 byte order mark: written first in the file, the reader would drop it as the file's BOM.
bool plainName(const std::string& name) {
  if (name.empty() || name.front() == ' ' || name.back() == ' ' || name.front() == '\t' ||
      name.back() == '\t' || name.rfind("\xEF\xBB\xBF", 0) == 0)
    return false;
  return name.find_first_of(",\"\r\n;\t") == std::string::npos;
}

std::string writeCsv(const Dataset& data) {
  std::string out;
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    const double y = data.y(i);
    out += data.classNames.empty() ? formatExact(y) : data.classNames[static_cast<std::size_t>(y)];
    for (Eigen::Index j = 0; j < data.dimension(); ++j) out += "," + formatExact(data.x(i, j));
    out += '\n';
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  CsvReadOptions options;
  constexpr int kLabelColumns[] = {1, 2, -1, 3};
  constexpr CsvHeader kHeaders[] = {CsvHeader::Auto, CsvHeader::Present, CsvHeader::Absent,
                                    CsvHeader::Auto};
  options.labelColumn = kLabelColumns[data[0] & 3];
  options.header = kHeaders[(data[0] >> 2) & 3];
  options.numericLabels = (data[0] & 16) != 0;
  options.skipBlankLines = (data[0] & 32) != 0;
  if ((data[0] & 64) != 0) options.labelColumn = kAutoLabelColumn;
  if ((data[0] & 128) != 0) options.labelName = "label";
  options.limits = fuzzLimits();
  const ReadResult<CsvTable> read = readCsvTable(fuzz::asText(data + 1, size - 1), "fuzz", options);
  if (!read.ok()) {
    KPG_FUZZ_CHECK(!read.error->message.empty(), "an error without a message");
    return 0;
  }
  const Dataset& first = read.value.data;
  const CsvLayout& layout = read.value.layout;
  KPG_FUZZ_CHECK(layout.labelColumn >= 1 && layout.labelColumn <= layout.columns,
                 "the label column is not one of the file's");
  KPG_FUZZ_CHECK(static_cast<Eigen::Index>(layout.columns) == first.dimension() + 1,
                 "columns other than the label are not the features");
  KPG_FUZZ_CHECK(layout.header == !layout.names.empty(), "a header without names");
  KPG_FUZZ_CHECK(first.featureNames.empty() ||
                     static_cast<Eigen::Index>(first.featureNames.size()) == first.dimension(),
                 "feature names do not match the features");
  KPG_FUZZ_CHECK(first.size() > 0, "accepted a file with no samples");
  KPG_FUZZ_CHECK(first.y.size() == first.size(), "one label per row");
  KPG_FUZZ_CHECK(first.x.allFinite(), "a non-finite feature value was accepted");
  KPG_FUZZ_CHECK(first.y.allFinite(), "a non-finite label was accepted");

  const auto classes = static_cast<double>(first.classNames.size());
  if (!first.classNames.empty()) {
    KPG_FUZZ_CHECK(!options.numericLabels, "class names read although numericLabels is set");
    KPG_FUZZ_CHECK(std::set<std::string>(first.classNames.begin(), first.classNames.end()).size() ==
                       first.classNames.size(),
                   "duplicate class names");
    double nextId = 0;  // ids appear in order: each new id is one more than the largest so far
    for (Eigen::Index i = 0; i < first.size(); ++i) {
      const double id = first.y(i);
      KPG_FUZZ_CHECK(id >= 0 && id < classes && id == std::floor(id),
                     "label id " + formatExact(id) + " outside the class-name table");
      KPG_FUZZ_CHECK(id <= nextId, "class ids not in order of first appearance");
      if (id == nextId) nextId += 1;
    }
    KPG_FUZZ_CHECK(nextId == classes, "a class name no row uses");
    for (const std::string& name : first.classNames)
      if (!plainName(name)) return 0;
  }

  // Rewrite and read again: label first, no header.
  const std::string written = writeCsv(first);
  CsvReadOptions plain;
  plain.header = CsvHeader::Absent;
  plain.limits = fuzzLimits();
  const ReadResult<Dataset> again = readCsv(written, "fuzz-rewritten", plain);
  KPG_FUZZ_CHECK(again.ok(), "the rewritten file is refused: " +
                                 (again.ok() ? std::string() : again.error->toString()) +
                                 "\n--- written:\n" + written.substr(0, 400));
  const Dataset& second = again.value;
  KPG_FUZZ_CHECK(second.size() == first.size() && second.dimension() == first.dimension(),
                 "shape changed on rewrite");
  KPG_FUZZ_CHECK(second.x == first.x, "feature values changed on rewrite");
  KPG_FUZZ_CHECK(second.y == first.y, "labels changed on rewrite");
  KPG_FUZZ_CHECK(second.classNames == first.classNames, "class names changed on rewrite");
  return 0;
}
