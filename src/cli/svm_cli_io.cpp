#include "svm_cli_io.hpp"

#include "data/number_text.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <limits>
#include <ostream>

namespace kpg::cli {

namespace {

// The temp file being written, for the signal handler: a fixed buffer, since a handler may only
// touch lock-free state (std::string is not async-signal-safe).
char gPendingTemp[4096] = {0};
volatile std::sig_atomic_t gHavePendingTemp = 0;

extern "C" void onInterrupt(int) {
  if (gHavePendingTemp) ::unlink(gPendingTemp);
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

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view content) {
  // Renaming over a device or directory would replace it (as root, even /dev/full): only regular
  // files are replaced.
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    return "cannot write '" + path + "': it exists and is not a regular file";
  std::string temp = path + ".tmp.XXXXXX";
  if (temp.size() >= sizeof gPendingTemp) return "cannot write '" + path + "': path too long";
  std::memcpy(gPendingTemp, temp.c_str(), temp.size() + 1);
  // Block SIGINT while the handler's path is being set up, so it never sees a half-made name.
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &block, &old);
  const int fd = ::mkstemp(gPendingTemp);
  if (fd >= 0) gHavePendingTemp = 1;
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  if (fd < 0) return "cannot write '" + path + "': " + osReason() + " (the old file is untouched)";
  const auto failWith = [&](const std::string& reason) {
    ::close(fd);
    ::unlink(gPendingTemp);
    gHavePendingTemp = 0;
    return "cannot write '" + path + "': " + reason + " (the old file is untouched)";
  };
  if (!writeAll(fd, content)) return failWith(osReason());
  if (::fsync(fd) != 0) return failWith(osReason());
  ::fchmod(fd, 0644);
  if (::close(fd) != 0) {
    const std::string reason = osReason();
    ::unlink(gPendingTemp);
    gHavePendingTemp = 0;
    return "cannot write '" + path + "': " + reason + " (the old file is untouched)";
  }
  if (::rename(gPendingTemp, path.c_str()) != 0) {
    const std::string reason = osReason();
    ::unlink(gPendingTemp);
    gHavePendingTemp = 0;
    return "cannot write '" + path + "': " + reason + " (the old file is untouched)";
  }
  gHavePendingTemp = 0;
  return std::nullopt;
}

bool isDataFlag(std::string_view flag) {
  return dataFlagTakesValue(flag) || flag == "--zero-based" || flag == "--lenient";
}

bool dataFlagTakesValue(std::string_view flag) {
  return flag == "--format" || flag == "--label-column" || flag == "--header" ||
         flag == "--max-features" || flag == "--max-file-mb";
}

std::optional<std::string> applyDataFlag(std::string_view flag, const std::string& value,
                                         DataOptions& data) {
  long long whole = 0;
  if (flag == "--zero-based") {
    data.libsvm.zeroBased = true;
  } else if (flag == "--lenient") {
    data.libsvm.skipBlankLines = data.csv.skipBlankLines = true;
  } else if (flag == "--format") {
    if (value == "libsvm") {
      data.format = DataFormat::Libsvm;
    } else if (value == "csv") {
      data.format = DataFormat::Csv;
    } else {
      return "--format " + value + ": use libsvm or csv";
    }
  } else if (flag == "--label-column") {
    if (!parseIntArg(value, whole) || whole == 0) return "--label-column needs 1, 2, ... or -1";
    data.csv.labelColumn = static_cast<int>(whole);
  } else if (flag == "--header") {
    if (value == "auto") {
      data.csv.header = CsvHeader::Auto;
    } else if (value == "yes") {
      data.csv.header = CsvHeader::Present;
    } else if (value == "no") {
      data.csv.header = CsvHeader::Absent;
    } else {
      return "--header " + value + ": use auto, yes or no";
    }
  } else if (flag == "--max-features") {
    if (!parseIntArg(value, whole) || whole < 1) return "--max-features needs a whole number >= 1";
    data.libsvm.limits.maxFeatures = whole;
  } else if (flag == "--max-file-mb") {
    if (!parseIntArg(value, whole) || whole < 1) return "--max-file-mb needs a whole number >= 1";
    data.maxFileBytes = static_cast<std::size_t>(whole) << 20;
  } else {
    return std::string(flag) + " is not a data-file option";
  }
  return std::nullopt;
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
