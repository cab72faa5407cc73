#include "svm_cli_io.hpp"

#include "data/number_text.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <limits>
#include <ostream>

namespace kpg::cli {

namespace {

// The temp files being written, for the signal handler: fixed buffers, since a handler may only
// touch lock-free state (std::string is not async-signal-safe). A slot is in use while its flag
// is set; the handler removes every such file.
constexpr int kPendingSlots = 4;
char gPendingTemp[kPendingSlots][4096] = {};
volatile std::sig_atomic_t gPendingInUse[kPendingSlots] = {};

extern "C" void onInterrupt(int) {
  for (int k = 0; k < kPendingSlots; ++k)
    if (gPendingInUse[k]) ::unlink(gPendingTemp[k]);
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

PendingOutput::~PendingOutput() {
  discard();
}

void PendingOutput::discard() {
  if (slot_ < 0) return;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(gPendingTemp[slot_]);
  gPendingInUse[slot_] = 0;
  slot_ = -1;
}

std::string PendingOutput::failure(const std::string& reason) {
  discard();
  return "cannot write '" + path_ + "': " + reason + " (the old file is untouched)";
}

std::optional<std::string> PendingOutput::open(const std::string& path) {
  discard();
  path_ = path;
  // Renaming over a device or directory would replace it (as root, even /dev/full): only regular
  // files are replaced.
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    return "cannot write '" + path + "': it exists and is not a regular file";
  const std::string temp = path + ".tmp.XXXXXX";
  if (temp.size() >= sizeof gPendingTemp[0]) return "cannot write '" + path + "': path too long";
  int slot = 0;
  while (slot < kPendingSlots && gPendingInUse[slot]) ++slot;
  if (slot == kPendingSlots) return "cannot write '" + path + "': too many outputs at once";
  // Block SIGINT while the handler's path is being set up, so it never sees a half-made name.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &block, &old);
  std::memcpy(gPendingTemp[slot], temp.c_str(), temp.size() + 1);
  const int fd = ::mkstemp(gPendingTemp[slot]);
  if (fd >= 0) gPendingInUse[slot] = 1;
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  if (fd < 0) return "cannot write '" + path + "': " + osReason() + " (the old file is untouched)";
  fd_ = fd;
  slot_ = slot;
  return std::nullopt;
}

std::optional<std::string> PendingOutput::write(std::string_view content) {
  if (fd_ < 0) return "cannot write '" + path_ + "': not open";
  if (!writeAll(fd_, content)) return failure(osReason());
  if (::fsync(fd_) != 0) return failure(osReason());
  ::fchmod(fd_, 0644);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) return failure(osReason());
  return std::nullopt;
}

std::optional<std::string> PendingOutput::commit() {
  if (slot_ < 0 || fd_ >= 0) return "cannot write '" + path_ + "': nothing written";
  if (::rename(gPendingTemp[slot_], path_.c_str()) != 0) return failure(osReason());
  gPendingInUse[slot_] = 0;
  slot_ = -1;
  return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view content) {
  PendingOutput output;
  if (auto e = output.open(path)) return e;
  if (auto e = output.write(content)) return e;
  return output.commit();
}

bool loadDataset(const std::string& path, const DataOptions& options, Dataset& data,
                 std::ostream& err) {
  std::string text;
  if (auto e = readWholeFile(path, options.maxFileBytes, text)) {
    err << "kpg: " << *e << "\n";
    return false;
  }
  ReadResult<Dataset> r = options.format == DataFormat::Csv
                              ? readCsv(text, path, options.csv)
                              : readLibsvm(text, path, options.libsvm);
  if (!r.ok()) {
    err << "kpg: " << r.error->toString() << "\n";
    return false;
  }
  data = std::move(r.value);
  return true;
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
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  return formatDisplay(value, digits);
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
