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
#include <vector>

namespace kpg::cli {

// Reads `path` into `text`. On failure returns a message naming the path and the OS reason.
std::optional<std::string> readWholeFile(const std::string& path, std::size_t maxBytes,
                                         std::string& text);

// One output file written atomically, in three steps so that a command can check that it can
// write before it does long work (kpg train: an unwritable model path is reported before
// training, docs/bad-inputs.md M11): open() creates the temporary beside `path` (proving the
// folder exists and is writable), write() fills and fsyncs it, commit() renames it over `path`.
// Until commit() `path` is untouched; an uncommitted temporary is removed by the destructor, by
// any failure and by the Ctrl-C handler. Every error names the path and the OS reason.
class PendingOutput {
 public:
  PendingOutput() = default;
  ~PendingOutput();
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;

  std::optional<std::string> open(const std::string& path);
  std::optional<std::string> write(std::string_view content);
  std::optional<std::string> commit();
  void discard();
  const std::string& path() const { return path_; }

 private:
  std::string failure(const std::string& reason);

  std::string path_;
  int fd_ = -1;
  int slot_ = -1;  // the Ctrl-C handler's record of the temporary
};

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

// Reads and parses a data file; prints the error to `err` and returns false on failure.
bool loadDataset(const std::string& path, const DataOptions& options, Dataset& data,
                 std::ostream& err);

// MODEL.classes beside `modelPath` (csv_format.hpp ClassNames): leaves `classes` empty when
// there is none; prints the error and returns false when it cannot be read, is malformed or
// belongs to another model (its checksum or labels do not match `modelText`).
bool loadModelClassNames(const std::string& modelPath, std::string_view modelText,
                         const std::vector<int>& modelLabels, const DataOptions& options,
                         ClassNames& classes, std::ostream& err);

// LIBSVM's printf forms, "%.17g" (digits 17: predictions, decision values) and "%g" (digits 6:
// accuracy and error lines), byte for byte, so that output compared with svm-predict's is
// identical: formatDisplay with that many digits, except -0 and the non-finite values, which
// keep glibc's "-0", "nan", "-nan", "inf", "-inf".
std::string libsvmNumber(double value, int digits);

// Strict number arguments (the core's locale-independent parser).
bool parseDoubleArg(std::string_view text, double& value);
bool parseIntArg(std::string_view text, long long& value);

}  // namespace kpg::cli
