#pragma once
// Helpers for tests that run real programs (svm-train, python3 with scikit-learn, kpg).

#include <string>

namespace kpg::testing {

struct ProcessResult {
  int exitCode = -1;
  std::string output;  // standard output
  std::string errors;  // standard error
};

// Runs `command` through /bin/sh; stdout and stderr are captured separately.
ProcessResult runProcess(const std::string& command);

// A fresh directory under $TMPDIR (or /tmp), removed with its contents when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::string readFile(const std::string& path);
void writeFile(const std::string& path, const std::string& text);
bool fileExists(const std::string& path);

// Single-quotes a string for /bin/sh.
std::string shellQuote(const std::string& text);

// The kpg executable built alongside this suite.
inline const char* kpgPath() {
  return KPG_CLI_PATH;
}

}  // namespace kpg::testing
