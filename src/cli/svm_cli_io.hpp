#pragma once
// POSIX file handling for the SVM commands (the core only parses and formats text):
//  * reading a whole input file with a size cap, refusing directories and FIFOs before opening
//    them (a FIFO would block; docs/bad-inputs.md D12, D18);
//  * writing an output file atomically: a temp file in the same directory, fsync, rename, so a
//    failed or interrupted write leaves the previous file intact and no partial file (M11, R5);
//  * Ctrl-C: the handler removes the temp file being written and exits with 130 at once (R4),
//    which stops a training run mid-solve without any cooperation from the solver.

#include "data/csv_format.hpp"
#include "data/dataset.hpp"
#include "data/libsvm_format.hpp"
#include "data/text_scan.hpp"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::cli {

// Reads `path` into `text`. On failure returns a message naming the path and the OS reason.
std::optional<std::string> readWholeFile(const std::string& path, std::size_t maxBytes,
                                         std::string& text);

// Writes `content` to `path` atomically. On failure returns a message; `path` is untouched.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view content);

// Several outputs that succeed or fail together (kpg predict's predictions and
// --decision-values, the reliability audit's F6; kpg train's model and MODEL.classes): each is
// written, buffered, to a temp file in its own folder as the results come, and only when every one
// is written and synced are they renamed over their targets, the last opened first. open() creating
// the temporary proves the folder exists and is writable, so a command opens its outputs before it
// does long work (kpg train: an unwritable model path is reported before training,
// docs/bad-inputs.md M11). A failure at any point (a missing folder, a device, a full disk, bad input
// found half-way) removes every temp file and leaves every old file as it was. The renames
// themselves come last, after all checks; rename() within a folder fails only if the folder changes
// under us, and the message then names what was replaced.
class AtomicOutputs {
 public:
  AtomicOutputs() = default;
  AtomicOutputs(const AtomicOutputs&) = delete;
  AtomicOutputs& operator=(const AtomicOutputs&) = delete;
  ~AtomicOutputs();  // removes the temp files not committed

  // Creates the temp file for `path`; returns the output's number, or sets `error`.
  std::size_t open(const std::string& path, std::optional<std::string>& error);
  void write(std::size_t output, std::string_view text);  // buffered; errors kept for commit()
  // Flushes, syncs and closes every output, then renames them all. On failure: a message, every
  // target untouched, no temp file left.
  std::optional<std::string> commit();
  void abandon();  // removes every temp file

 private:
  struct Output {
    std::string path;
    int slot = -1;  // which of the signal handler's temp paths this is
    int fd = -1;
    std::string buffer;
    std::string failure;  // the first OS error while writing
  };
  bool flush(Output& output);
  std::optional<std::string> failAll(const Output& output, const std::string& reason);
  std::vector<Output> outputs_;
};

// SIGINT/SIGTERM → remove the pending temp files, print "interrupted", _exit(130).
void installInterruptHandler();

// A data file read line by line with a fixed buffer, so that memory does not grow with the file
// (kpg predict: a 200 MB file took 1.0 GB when read whole; the reliability audit's F4, D12). The
// same checks as readWholeFile on open; lines as text::LineReader gives them.
class LineInput {
 public:
  LineInput() = default;
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;
  ~LineInput();

  std::optional<std::string> open(const std::string& path, std::size_t maxFileBytes,
                                  std::size_t maxLineBytes);
  // The next line without its "\n", "\r\n" or "\r"; false at the end, on a line longer than
  // maxLineBytes (tooLong()) or on a read error (error()).
  bool next(std::string_view& line);
  std::size_t lineNumber() const { return lineNumber_; }
  std::size_t lineOffset() const { return lineOffset_; }  // byte offset of the line in the file
  bool tooLong() const { return tooLong_; }
  const std::optional<std::string>& error() const { return error_; }

 private:
  bool fill();
  int fd_ = -1;
  std::string path_;
  std::string buffer_;
  std::size_t start_ = 0;     // the unread part of buffer_ begins here
  std::size_t searched_ = 0;  // no line end in buffer_ before this
  std::size_t consumed_ = 0;  // bytes of the file before buffer_[0]
  std::size_t maxFileBytes_ = 0;
  std::size_t maxLineBytes_ = 0;
  std::size_t lineNumber_ = 0;
  std::size_t lineOffset_ = 0;
  bool eof_ = false;
  bool tooLong_ = false;
  std::optional<std::string> error_;
};

enum class DataFormat { Libsvm, Csv };

struct DataOptions {
  DataFormat format = DataFormat::Libsvm;
  LibsvmReadOptions libsvm;
  // A CSV's label column is found as the file was written (csv_format.hpp): pandas and
  // scikit-learn write a header and the class last, LIBSVM's convention is the first column.
  CsvReadOptions csv = [] {
    CsvReadOptions o;
    o.labelColumn = kAutoLabelColumn;
    return o;
  }();
  std::size_t maxFileBytes = std::size_t{1} << 30;
};

// Reads and parses a data file; prints the error to `err` and returns false on failure.
// LIBSVM files are streamed into sparse rows and densified under the budgets.
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

// A LIBSVM file, streamed into sparse rows (any 32-bit index; --max-features is not applied).
bool loadSparseLibsvm(const std::string& path, const DataOptions& options, SparseDataset& data,
                      std::ostream& err);

// Samples held as the data are: a LIBSVM file stays in sparse rows when it is mostly zeros
// (data/sparse_rows.hpp preferSparseStorage), so memory and time follow the non-zeros and not the
// largest feature index (docs/bad-inputs.md D11; the reliability audit's F4); otherwise it is
// densified under the budgets (--max-features, the dense-bytes budget). CSV files are dense.
struct SampleData {
  Dataset dense;
  SparseDataset sparse;
  bool isSparse = false;
  Eigen::Index size() const { return isSparse ? sparse.size() : dense.size(); }
  Eigen::Index dimension() const { return isSparse ? sparse.dimension() : dense.dimension(); }
  const Eigen::VectorXd& y() const { return isSparse ? sparse.y : dense.y; }
};
// The kernel cache of `train` and `grid` is up to -m MB of memory touched for the first time,
// column after column: at 4 KiB pages that is a page fault every 1 024 floats. glibc 2.35+ gives
// malloc's memory transparent huge pages (2 MiB, one fault each) under the tunable
// glibc.malloc.hugetlb=1, which it reads at start-up only; so the command executes itself again
// once with it set, before it opens or reads anything. The results are the same bits. A huge page
// can hold up to 2 MiB that is never used, so this is done only when the cache can fill and is
// large: -m of at least kHugePagesMinimumCacheBytes, and more lines in the training file than N
// with N·N floats in -m (N = 5 120 at -m 100; counted up to there, a few milliseconds). Below
// that the cache never reaches -m. Whether it does above depends on the reads (q_columns.hpp:
// the cache grows only by columns asked for again), and so does what huge pages buy: on
// bench/engine_vs_libsvm.py's N = 20 000 sets, moons d = 20 took 1.18 s with them against 1.32
// without, moons and circles d = 2 0.55 and 0.33 s against 0.52 and 0.28, blobs the same time
// (medians of 3-5 runs on the bench's VM; 15-30 % of a d = 2 run went to page faults before the
// cache grew with its reads). In the process that runs with huge pages, cacheBytes is lowered by
// one huge page, so that -m still bounds the cache's memory (the goal: peak memory ≤
// svm-train's at the same -m).
// KPG_HUGE_PAGES=0 keeps 4 KiB pages and KPG_HUGE_PAGES=1 asks for huge pages whatever the size;
// a glibc.malloc.hugetlb tunable the user set is left as it is; a failed exec carries on.
constexpr std::int64_t kHugePageBytes = std::int64_t{2} << 20;
constexpr std::int64_t kHugePagesMinimumCacheBytes = std::int64_t{64} << 20;
void useHugePagesWhenCacheFills(char** argv, const std::string& trainingPath,
                                std::int64_t& cacheBytes);

// Prints the error to `err` and returns false on failure (kpg train, grid, kernel).
// It also fixes glibc's mmap threshold, at 512 KiB while reading and at max(512 KiB, 8·N + 4 KiB)
// once N samples are read, so that the large blocks of a run (the parser's growing arrays, the
// samples' copies, each one-vs-one sub-problem's Q) are mapped and go back to the system when
// freed, while a cache column (4·N bytes) and a vector over the samples stay on the heap. glibc's
// default threshold rises to the largest block freed so far, after which such blocks leave holes
// in the heap that still count as resident: digits (45 sub-problems of 1 MB Q each) peaked
// 0.9 MiB higher (against the goal of a peak memory ≤ svm-train's).
bool loadSampleData(const std::string& path, const DataOptions& options, SampleData& data,
                    std::ostream& err);

// Streams a LIBSVM file through `parser`, calling onSample(label, row) for each sample line.
// Returns the error to print, if any (the file, its text check, a too-long line, the parser's).
template <class OnSample>
std::optional<std::string> streamLibsvm(const std::string& path, const DataOptions& options,
                                        LibsvmLineParser& parser, OnSample&& onSample);

// Strict number arguments (the core's locale-independent parser).
bool parseDoubleArg(std::string_view text, double& value);
bool parseIntArg(std::string_view text, long long& value);

// ---- implementation of the template ----------------------------------------------------------

std::optional<ReadError> checkLineIsText(std::string_view line, const LineInput& input,
                                         const std::string& path);

template <class OnSample>
std::optional<std::string> streamLibsvm(const std::string& path, const DataOptions& options,
                                        LibsvmLineParser& parser, OnSample&& onSample) {
  LineInput input;
  if (auto e = input.open(path, options.maxFileBytes, options.libsvm.limits.maxLineBytes)) return e;
  std::string_view line;
  SparseRow row;
  double label = 0;
  while (input.next(line)) {
    if (auto e = checkLineIsText(line, input, path)) return e->toString();
    if (input.lineNumber() == 1) line = text::stripBom(line);
    const auto outcome = parser.parse(line, input.lineNumber(), label, row);
    if (outcome == LibsvmLineParser::Outcome::Error) return parser.error().toString();
    if (outcome == LibsvmLineParser::Outcome::Sample) onSample(label, row.view());
  }
  if (input.error()) return *input.error();
  if (input.tooLong()) return parser.lineTooLong(input.lineNumber()).toString();
  if (auto e = parser.finish()) return e->toString();
  return std::nullopt;
}

}  // namespace kpg::cli
