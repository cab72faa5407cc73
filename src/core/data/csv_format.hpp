#pragma once
// Comma-separated data: one sample per row, one column holding the label, every other column a
// numeric feature (RFC 4180 quoting). Choices, pinned by tests/core/data/csv_format_test.cpp
// (../shared/BAD_INPUTS.md C1-C4):
//  * Header: with CsvHeader::Auto, the first row is a header when none of its feature cells is a
//    number; Present/Absent force it.
//  * The delimiter is ','. A first row with no comma but a ';' or a tab is refused with a hint
//    (European spreadsheets export ';' with decimal commas). A quoted "1,5" is one cell, which
//    then fails as a number with the decimal-comma hint.
//  * Empty cells, NA, N/A, ?, nan, null are missing values: an error naming line and column,
//    never a silent 0.
//  * Labels: if every label is a number, y holds the numbers. Otherwise every label is a class
//    name, numbered 0, 1, ... in order of first appearance, with the names kept in
//    Dataset::classNames. With numericLabels (regression) a non-numeric label is an error.
//  * A UTF-8 BOM is dropped; CRLF and spaces around cells are accepted; blank lines follow the
//    LIBSVM reader's rule (an error between rows, ignored at the end).

#include "data/dataset.hpp"
#include "data/read_error.hpp"

#include <string_view>

namespace kpg {

enum class CsvHeader { Auto, Present, Absent };

struct CsvReadOptions {
  int labelColumn = 1;  // 1-based, as in the error messages; -1 is the last column
  CsvHeader header = CsvHeader::Auto;
  bool numericLabels = false;  // regression targets: class names are an error (C4)
  bool skipBlankLines = false;
  ReadLimits limits;
};

ReadResult<Dataset> readCsv(std::string_view text, std::string_view source,
                            const CsvReadOptions& options = {});

}  // namespace kpg
