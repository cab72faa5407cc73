#pragma once
// POSIX file handling for the SVM commands (the core only parses and formats text):
//  * reading a whole input file with a size cap, refusing directories and FIFOs before opening
//    them (a FIFO would block; ../shared/BAD_INPUTS.md D12, D18);
//  * writing an output file atomically: a temp file in the same directory, fsync, rename, so a
//    failed or interrupted write leaves the previous file intact and no partial file (M11, R5);
//  * Ctrl-C: the handler removes the temp file being written and exits with 130 at once (R4),
//    which stops a training run mid-solve without any cooperation from the solver.

#include "data/csv_format.hpp"
#include "data/dataset.hpp"
#include "data/libsvm_format.hpp"

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace kpg::cli {

// Reads `path` into `text`. On failure returns a message naming the path and the OS reason.
std::optional<std::string> readWholeFile(const std::string& path, std::size_t maxBytes,
                                         std::string& text);

// Writes `content` to `path` atomically. On failure returns a message; `path` is untouched.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view content);

// SIGINT/SIGTERM → remove the pending temp file, print "interrupted", _exit(130).
void installInterruptHandler();

enum class DataFormat { Libsvm, Csv };

struct DataOptions {
  DataFormat format = DataFormat::Libsvm;
  LibsvmReadOptions libsvm;
  CsvReadOptions csv;
  std::size_t maxFileBytes = std::size_t{1} << 30;
};

// The data-file flags every command that reads a data file takes:
//   --format libsvm|csv, --label-column K, --header auto|yes|no, --max-features N,
//   --max-file-mb N (with a value) and --zero-based, --lenient (without).
bool isDataFlag(std::string_view flag);
bool dataFlagTakesValue(std::string_view flag);
// Applies one of them; the error names the flag and says what it takes.
std::optional<std::string> applyDataFlag(std::string_view flag, const std::string& value,
                                         DataOptions& data);

// Reads and parses a data file; prints the error to `err` and returns false on failure.
bool loadDataset(const std::string& path, const DataOptions& options, Dataset& data,
                 std::ostream& err);

// Strict number arguments (the core's locale-independent parser).
bool parseDoubleArg(std::string_view text, double& value);
bool parseIntArg(std::string_view text, long long& value);

}  // namespace kpg::cli
