#include "svm_cli_io.hpp"

#include "data/number_text.hpp"

#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <ostream>
#include <utility>

namespace kpg::cli {

namespace {

// The temp files being written, for the signal handler: fixed buffers, since a handler may only
// touch lock-free state (std::string is not async-signal-safe). kpg predict writes two at once.
constexpr int kPendingSlots = 4;
char gPendingTemp[kPendingSlots][4096] = {};
volatile std::sig_atomic_t gPendingInUse[kPendingSlots] = {};

extern "C" void onInterrupt(int) {
  for (int i = 0; i < kPendingSlots; ++i)
    if (gPendingInUse[i]) ::unlink(gPendingTemp[i]);
  static const char message[] = "\nkpg: interrupted\n";
  const ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
  ::_exit(130);
}

std::string osReason() {
  return std::strerror(errno);
}

bool writeAll(int fd, std::string_view content) {
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// A regular file that exists, or a path that does not: anything else is refused.
std::optional<std::string> checkReadable(const std::string& path, std::size_t maxBytes) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "cannot read '" + path + "': " + osReason();
  if (S_ISDIR(info.st_mode)) return "cannot read '" + path + "': it is a directory";
  if (!S_ISREG(info.st_mode))
    return "cannot read '" + path + "': not a regular file (a FIFO, socket or device)";
  if (static_cast<unsigned long long>(info.st_size) > maxBytes) {
    return "cannot read '" + path + "': " + std::to_string(info.st_size >> 20) +
           " MiB exceeds the input budget of " + std::to_string(maxBytes >> 20) +
           " MiB (--max-file-mb)";
  }
  return std::nullopt;
}

constexpr std::size_t kWriteBufferBytes = std::size_t{1} << 16;

}  // namespace

void installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  // Over a file-size limit (ulimit -f), write() then fails with EFBIG and the error path removes
  // the temp file, instead of the process dying mid-write with the temp file left behind.
  ::signal(SIGXFSZ, SIG_IGN);
}

std::optional<std::string> readWholeFile(const std::string& path, std::size_t maxBytes,
                                         std::string& text) {
  if (auto e = checkReadable(path, maxBytes)) return e;
  struct stat info {};
  ::stat(path.c_str(), &info);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "cannot read '" + path + "': " + osReason();
  text.clear();
  text.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = osReason();
      ::close(fd);
      return "cannot read '" + path + "': " + reason;
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > maxBytes) {
      ::close(fd);
      return "cannot read '" + path + "': it grew beyond the input budget";
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return std::nullopt;
}

// ---- AtomicOutputs ----------------------------------------------------------------------------

AtomicOutputs::~AtomicOutputs() {
  abandon();
}

std::size_t AtomicOutputs::open(const std::string& path, std::optional<std::string>& error) {
  // Renaming over a device or directory would replace it (as root, even /dev/full): only regular
  // files are replaced.
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    error = "cannot write '" + path + "': it exists and is not a regular file";
    return 0;
  }
  const std::string temp = path + ".tmp.XXXXXX";
  if (temp.size() >= sizeof gPendingTemp[0]) {
    error = "cannot write '" + path + "': path too long";
    return 0;
  }
  // Block SIGINT while the handler's path is being set up, so it never sees a half-made name.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &block, &old);
  int slot = -1;
  for (int i = 0; i < kPendingSlots && slot < 0; ++i)
    if (!gPendingInUse[i]) slot = i;
  int fd = -1;
  int savedErrno = EMFILE;
  if (slot >= 0) {
    std::memcpy(gPendingTemp[slot], temp.c_str(), temp.size() + 1);
    fd = ::mkstemp(gPendingTemp[slot]);
    savedErrno = errno;
    if (fd >= 0) gPendingInUse[slot] = 1;
  }
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  if (fd < 0) {
    errno = savedErrno;
    error = "cannot write '" + path + "': " + osReason() + " (the old file is untouched)";
    return 0;
  }
  Output output;
  output.path = path;
  output.slot = slot;
  output.fd = fd;
  outputs_.push_back(std::move(output));
  return outputs_.size() - 1;
}

bool AtomicOutputs::flush(Output& output) {
  if (!output.failure.empty()) return false;
  if (!writeAll(output.fd, output.buffer)) {
    output.failure = osReason();
    return false;
  }
  output.buffer.clear();
  return true;
}

void AtomicOutputs::write(std::size_t index, std::string_view text) {
  Output& output = outputs_[index];
  output.buffer.append(text);
  if (output.buffer.size() >= kWriteBufferBytes) flush(output);
}

void AtomicOutputs::abandon() {
  for (Output& output : outputs_) {
    if (output.fd >= 0) ::close(output.fd);
    output.fd = -1;
    if (output.slot >= 0) {
      ::unlink(gPendingTemp[output.slot]);
      gPendingInUse[output.slot] = 0;
      output.slot = -1;
    }
  }
  outputs_.clear();
}

std::optional<std::string> AtomicOutputs::failAll(const Output& output, const std::string& reason) {
  const std::string message =
      "cannot write '" + output.path + "': " + reason +
      (outputs_.size() > 1 ? " (no output file was replaced)" : " (the old file is untouched)");
  abandon();
  return message;
}

std::optional<std::string> AtomicOutputs::commit() {
  for (Output& output : outputs_) {
    if (!flush(output)) return failAll(output, output.failure);
    if (::fsync(output.fd) != 0) return failAll(output, osReason());
    ::fchmod(output.fd, 0644);
    const int fd = output.fd;
    output.fd = -1;
    if (::close(fd) != 0) return failAll(output, osReason());
  }
  std::string replaced;
  // Last opened, first renamed: an output that depends on an earlier one (MODEL.classes on the
  // model) is in place before what it depends on.
  for (auto it = outputs_.rbegin(); it != outputs_.rend(); ++it) {
    Output& output = *it;
    if (::rename(gPendingTemp[output.slot], output.path.c_str()) != 0) {
      const std::string reason = osReason();
      const std::string message = "cannot write '" + output.path + "': " + reason +
                                  (replaced.empty() ? std::string(" (no output file was replaced)")
                                                    : " (already replaced:" + replaced + ")");
      abandon();
      return message;
    }
    gPendingInUse[output.slot] = 0;
    output.slot = -1;
    replaced += " '" + output.path + "'";
  }
  outputs_.clear();
  return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view content) {
  AtomicOutputs outputs;
  std::optional<std::string> error;
  const std::size_t file = outputs.open(path, error);
  if (error) return error;
  outputs.write(file, content);
  return outputs.commit();
}

// ---- LineInput --------------------------------------------------------------------------------

LineInput::~LineInput() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> LineInput::open(const std::string& path, std::size_t maxFileBytes,
                                           std::size_t maxLineBytes) {
  if (auto e = checkReadable(path, maxFileBytes)) return e;
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) return "cannot read '" + path + "': " + osReason();
  path_ = path;
  maxFileBytes_ = maxFileBytes;
  maxLineBytes_ = maxLineBytes;
  return std::nullopt;
}

bool LineInput::fill() {
  // Keep only the unread part, then append one block.
  consumed_ += start_;
  searched_ -= start_;
  buffer_.erase(0, start_);
  start_ = 0;
  char block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd_, block, sizeof block);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = "cannot read '" + path_ + "': " + osReason();
      return false;
    }
    if (n == 0) {
      eof_ = true;
      return true;
    }
    if (consumed_ + buffer_.size() + static_cast<std::size_t>(n) > maxFileBytes_) {
      error_ = "cannot read '" + path_ + "': it grew beyond the input budget";
      return false;
    }
    buffer_.append(block, static_cast<std::size_t>(n));
    return true;
  }
}

bool LineInput::next(std::string_view& line) {
  if (tooLong_ || error_ || fd_ < 0) return false;
  for (;;) {
    const std::string_view buffered(buffer_);
    const std::size_t end = text::findLineEnd(buffered, searched_);
    // A '\r' that ends the block may be the first half of "\r\n": read on to know.
    if (end != std::string::npos && buffer_[end] == '\r' && end + 1 == buffer_.size() && !eof_) {
      searched_ = end;
      if (!fill()) return false;
      continue;
    }
    const bool atEnd = end == std::string::npos && eof_;
    if (end != std::string::npos || atEnd) {
      if (atEnd && start_ == buffer_.size()) return false;
      const std::size_t stop = atEnd ? buffer_.size() : end;
      ++lineNumber_;
      if (stop - start_ > maxLineBytes_) {
        tooLong_ = true;
        return false;
      }
      line = buffered.substr(start_, stop - start_);
      lineOffset_ = consumed_ + start_;
      start_ = atEnd ? stop : stop + text::terminatorLength(buffered, stop);
      searched_ = start_;
      return true;
    }
    searched_ = buffer_.size();
    if (searched_ - start_ > maxLineBytes_) {
      ++lineNumber_;
      tooLong_ = true;
      return false;
    }
    if (!fill()) return false;
  }
}

std::optional<ReadError> checkLineIsText(std::string_view line, const LineInput& input,
                                         const std::string& path) {
  return text::checkIsText(line, path, "LIBSVM data file", input.lineNumber(), input.lineOffset());
}

namespace {

// A LIBSVM file streamed into sparse rows, refusing any index above maxIndex at its token (the
// text is never held whole next to the rows).
bool streamSparseRows(const std::string& path, const DataOptions& options, long long maxIndex,
                      SparseDataset& data, std::ostream& err) {
  LibsvmLineParser parser(path, options.libsvm, maxIndex);
  std::vector<double> labels;
  data = SparseDataset();
  if (auto e = streamLibsvm(path, options, parser, [&](double label, const SparseRowView& row) {
        labels.push_back(label);
        data.x.appendRow(row);
      })) {
    err << "kpg: " << *e << "\n";
    return false;
  }
  data.x.setDimensionAtLeast(parser.dimension());
  data.y =
      Eigen::Map<const Eigen::VectorXd>(labels.data(), static_cast<Eigen::Index>(labels.size()));
  return true;
}

bool densify(SparseDataset rows, const std::string& path, const DataOptions& options, Dataset& data,
             std::ostream& err) {
  ReadResult<Dataset> dense = toDenseDataset(std::move(rows), path, options.libsvm.limits);
  if (!dense.ok()) {
    err << "kpg: " << dense.error->toString() << "\n";
    return false;
  }
  data = std::move(dense.value);
  return true;
}

}  // namespace

bool loadDataset(const std::string& path, const DataOptions& options, Dataset& data,
                 std::ostream& err) {
  if (options.format == DataFormat::Libsvm) {
    // The feature budget is applied at each token, before the rows grow, then densified.
    SparseDataset rows;
    return streamSparseRows(path, options, options.libsvm.limits.maxFeatures, rows, err) &&
           densify(std::move(rows), path, options, data, err);
  }
  std::string text;
  if (auto e = readWholeFile(path, options.maxFileBytes, text)) {
    err << "kpg: " << *e << "\n";
    return false;
  }
  ReadResult<Dataset> r = readCsv(text, path, options.csv);
  if (!r.ok()) {
    err << "kpg: " << r.error->toString() << "\n";
    return false;
  }
  data = std::move(r.value);
  return true;
}

bool loadSparseLibsvm(const std::string& path, const DataOptions& options, SparseDataset& data,
                      std::ostream& err) {
  return streamSparseRows(path, options, text::kMaxLibsvmIndex, data, err);
}

namespace {

// More than `limit` newlines in the file? false when it cannot be read (the loader reports that).
// Regular files only: a pipe's lines would be gone for the loader.
bool hasMoreLinesThan(const std::string& path, double limit) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char block[1 << 16];
  double lines = 0;
  bool more = false;
  for (;;) {
    const ssize_t got = ::read(fd, block, sizeof block);
    if (got <= 0) break;
    for (const char* p = block;
         (p = static_cast<const char*>(
              std::memchr(p, '\n', static_cast<std::size_t>(block + got - p)))) != nullptr;
         ++p)
      lines += 1;
    if (lines > limit) {
      more = true;
      break;
    }
  }
  ::close(fd);
  return more;
}

}  // namespace

void useHugePagesWhenCacheFills(char** argv, const std::string& trainingPath,
                                std::int64_t& cacheBytes) {
#if defined(__linux__) && defined(__GLIBC__)
  const char* choice = std::getenv("KPG_HUGE_PAGES");
  const char* existing = std::getenv("GLIBC_TUNABLES");
  if (existing != nullptr && std::strstr(existing, "glibc.malloc.hugetlb") != nullptr) {
    // Executed again with huge pages (or the user's own tunable, which is left alone).
    if (choice != nullptr && std::strcmp(choice, "1") == 0 &&
        std::strstr(existing, "glibc.malloc.hugetlb=1") != nullptr)
      cacheBytes = std::max(cacheBytes - kHugePageBytes, cacheBytes / 2);
    return;
  }
  if (argv == nullptr) return;
  if (choice != nullptr && std::strcmp(choice, "1") != 0) return;  // the user's choice
  if (choice == nullptr &&
      (cacheBytes < kHugePagesMinimumCacheBytes ||
       !hasMoreLinesThan(trainingPath, std::sqrt(static_cast<double>(cacheBytes) / 4.0))))
    return;
  std::string tunables = "glibc.malloc.hugetlb=1";
  if (existing != nullptr) tunables = std::string(existing) + ":" + tunables;
  if (setenv("KPG_HUGE_PAGES", "1", 1) != 0) return;
  if (setenv("GLIBC_TUNABLES", tunables.c_str(), 1) != 0) return;
  execv("/proc/self/exe", argv);
#else
  (void)argv;
  (void)trainingPath;
  (void)cacheBytes;
#endif
}

namespace {

void fixMallocThresholds(Eigen::Index rows) {
#if defined(__GLIBC__)
  constexpr Eigen::Index kFloor = 512 * 1024;
  const Eigen::Index threshold = std::max<Eigen::Index>(kFloor, 8 * rows + 4096);
  if (threshold <= std::numeric_limits<int>::max())
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(threshold));
#else
  (void)rows;
#endif
}

bool loadSampleRows(const std::string& path, const DataOptions& options, SampleData& data,
                    std::ostream& err) {
  data = SampleData();
  if (options.format != DataFormat::Libsvm) return loadDataset(path, options, data.dense, err);
  if (!loadSparseLibsvm(path, options, data.sparse, err)) return false;
  data.isSparse = preferSparseStorage(data.sparse.size(), data.sparse.dimension(),
                                      data.sparse.x.storedEntries());
  if (data.isSparse) return true;
  return densify(std::exchange(data.sparse, SparseDataset()), path, options, data.dense, err);
}

}  // namespace

bool loadSampleData(const std::string& path, const DataOptions& options, SampleData& data,
                    std::ostream& err) {
  fixMallocThresholds(0);
  const bool ok = loadSampleRows(path, options, data, err);
  if (ok) fixMallocThresholds(data.size());
  return ok;
}

bool loadModelClassNames(const std::string& modelPath, std::string_view modelText,
                         const std::vector<int>& modelLabels, const DataOptions& options,
                         ClassNames& classes, std::ostream& err) {
  const std::string path = modelPath + ".classes";
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 && errno == ENOENT) return true;  // a model without names
  std::string text;
  if (auto e = readWholeFile(path, options.maxFileBytes, text)) {
    err << "kpg: " << *e << "\n";
    return false;
  }
  ReadResult<ClassNames> read = readClassNames(text, path);
  if (!read.ok()) {
    err << "kpg: " << read.error->toString() << "\n";
    return false;
  }
  if (auto e = checkClassNamesMatch(read.value, path, modelText, modelPath, modelLabels)) {
    err << "kpg: " << *e << "\n";
    return false;
  }
  classes = std::move(read.value);
  return true;
}

std::string libsvmNumber(double value, int digits) {
  return formatPrintfG(value, digits);
}

bool parseDoubleArg(std::string_view text, double& value) {
  const NumberParse p = parseDecimal(text);
  value = p.value;
  // Non-finite values are returned as such (1e400 → inf) so that the validation names the
  // parameter; only text that is not a number fails here.
  if (p.status == NumberStatus::Ok) return true;
  if (p.status == NumberStatus::NotFinite) {
    std::string_view body = text;
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
    const bool isNan = body.size() == 3 && (body[0] == 'n' || body[0] == 'N');
    value = isNan ? std::numeric_limits<double>::quiet_NaN()
                  : (text[0] == '-' ? -std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<double>::infinity());
    return true;
  }
  return false;
}

bool parseIntArg(std::string_view text, long long& value) {
  bool negative = false;
  if (!text.empty() && text[0] == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  bool overflow = false;
  if (!parseUnsigned(text, 2147483647LL, value, overflow) || overflow) return false;
  if (negative) value = -value;
  return true;
}

}  // namespace kpg::cli
