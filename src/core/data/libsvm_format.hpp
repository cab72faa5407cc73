#pragma once
// LIBSVM's sparse data format (LIBSVM README, "Installation and Data Format"):
//   <label> <index1>:<value1> <index2>:<value2> ...
// one sample per line, indices strictly increasing and starting at 1; absent features are 0.
// Read into a dense Dataset whose dimension is the largest index seen (bounded by a budget).
//
// Choices beyond LIBSVM's own reader (svm-train.c read_problem), pinned by
// tests/core/data/libsvm_format_test.cpp:
//  * '#' starts a comment that runs to the end of the line (scikit-learn's load_svmlight_file
//    accepts them; LIBSVM does not). A file with only comments has no samples (D1).
//  * A blank line between samples is an error (D2), as in LIBSVM, unless skipBlankLines is set;
//    blank lines after the last sample are ignored, since editors add them.
//  * A UTF-8 byte order mark at the start is ignored; CRLF, tabs, trailing spaces and a missing
//    final newline read exactly like the LF file (D14).
//  * qid: tokens and multi-label "1,2" labels are refused as unsupported (D17).
//  * Labels are any finite decimal number; a leading '+' (as in heart_scale's "+1") is accepted.

#include "data/dataset.hpp"
#include "data/read_error.hpp"

#include <string>
#include <string_view>

namespace kpg {

struct LibsvmReadOptions {
  bool zeroBased = false;       // D6: indices counted from 0 (scikit-learn's zero_based=True)
  bool skipBlankLines = false;  // D2: the lenient mode
  ReadLimits limits;
};

ReadResult<Dataset> readLibsvm(std::string_view text, std::string_view source,
                               const LibsvmReadOptions& options = {});

// One-based, zero features omitted, numbers in the shortest form that reads back exactly.
std::string writeLibsvm(const Dataset& data);

}  // namespace kpg
