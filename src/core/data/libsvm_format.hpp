#pragma once
// LIBSVM's sparse data format (LIBSVM README, "Installation and Data Format"):
//   <label> <index1>:<value1> <index2>:<value2> ...
// one sample per line, indices strictly increasing and starting at 1; absent features are 0.
// Read into sparse rows, or into a dense Dataset whose dimension is the largest index seen (bounded
// by a budget).
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
#include "data/text_scan.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

struct LibsvmReadOptions {
  bool zeroBased = false;       // D6: indices counted from 0 (scikit-learn's zero_based=True)
  bool skipBlankLines = false;  // D2: the lenient mode
  ReadLimits limits;
};

// Dense, for the commands that need a matrix: features above limits.maxFeatures are refused at
// their token, and rows × features × 8 bytes above limits.maxDenseBytes before allocating.
ReadResult<Dataset> readLibsvm(std::string_view text, std::string_view source,
                               const LibsvmReadOptions& options = {});

// Sparse rows (CSR): memory grows with the non-zeros, so any 32-bit index is accepted and
// limits.maxFeatures is not applied (it bounds densification, D11).
ReadResult<SparseDataset> readLibsvmSparse(std::string_view text, std::string_view source,
                                           const LibsvmReadOptions& options = {});

// The dense form of sparse rows, refused above limits.maxFeatures or limits.maxDenseBytes.
ReadResult<Dataset> toDenseDataset(SparseDataset data, std::string_view source,
                                   const ReadLimits& limits);

// readLibsvm one line at a time, for a reader that streams the file (kpg predict reads a line,
// predicts and writes, holding one row). The caller splits lines ("\r\n" or "\n"), strips the
// UTF-8 byte order mark from the first, checks that the bytes are text (text::checkIsText) and
// bounds the line length (lineTooLong); every other check of readLibsvm is made here, with the
// same messages.
class LibsvmLineParser {
 public:
  enum class Outcome { Sample, Skipped, Error };

  // `maxIndex` bounds the feature indices: limits.maxFeatures for a dense reader,
  // text::kMaxLibsvmIndex for a sparse one.
  LibsvmLineParser(std::string_view source, const LibsvmReadOptions& options, long long maxIndex);

  // A sample line fills `label` and `row` (zero-based columns, zeros dropped); a comment or blank
  // line is skipped; a bad line sets error().
  Outcome parse(std::string_view line, std::size_t lineNumber, double& label, SparseRow& row);
  // After the last line: no samples (D1) or no features at all is an error.
  std::optional<ReadError> finish() const;
  ReadError lineTooLong(std::size_t lineNumber) const;

  const ReadError& error() const { return error_; }
  std::size_t samples() const { return samples_; }
  // The index:value pairs read, explicit zeros included: svm-scale's original #nonzeros
  // (svm-scale.c pass 1 counts every pair it scans).
  std::size_t featurePairs() const { return featurePairs_; }
  // Columns seen: the largest zero-based column + 1, explicit zeros included. At most
  // 2147483647 (text::kMaxLibsvmIndex bounds index + 1 for zero-based files), so it fits
  // Eigen::Index on wasm32 too.
  Eigen::Index dimension() const { return static_cast<Eigen::Index>(dimension_); }

 private:
  Outcome fail(std::size_t line, std::size_t column, std::string message, std::string hint);

  std::string source_;
  LibsvmReadOptions options_;
  long long maxIndex_;
  std::size_t pendingBlankLine_ = 0;  // the first blank line since the last sample
  std::size_t samples_ = 0;
  std::size_t featurePairs_ = 0;
  long long dimension_ = 0;
  std::vector<text::Token> tokens_;
  ReadError error_;
};

// One-based, numbers in the shortest form that reads back exactly. Zero features are omitted,
// except that the last column is written as an explicit `d:0` on the first row when no row has a
// non-zero there: without it the file would read back with fewer features, or with none at all
// (the reliability audit's F8), and svm-train's default gamma 1/d would change. svm-train reads
// such explicit zeros as LIBSVM itself writes them.
std::string writeLibsvm(const Dataset& data);

}  // namespace kpg
