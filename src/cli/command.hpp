#pragma once
// The kpg command-line tool: one subcommand per file, registered by a static Registration object so
// that adding a command touches no shared table. Exit codes (documented in `kpg --help` and
// README):
//   0 success, 1 usage error (bad flags), 2 bad input data or file, 3 training did not converge
//   (when asked to treat that as an error), 4 out of memory / resource budget, 130 interrupted.

#include <iosfwd>
#include <string>
#include <vector>

namespace kpg::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitUsage = 1,
  kExitBadInput = 2,
  kExitNotConverged = 3,
  kExitResource = 4,
  kExitInterrupted = 130,
};

struct CommandContext {
  std::vector<std::string> args;  // the arguments after the subcommand name
  std::ostream& out;
  std::ostream& err;
  // The process's own argv, for a command that executes itself again (useHugePagesWhenCacheFills);
  // null in tests that call a command directly.
  char** argv = nullptr;
};

using CommandFunction = int (*)(CommandContext& context);

struct Command {
  const char* name;
  const char* summary;  // one line for `kpg --help`
  CommandFunction run;
};

// Registers a command at static-initialization time; the CLI's sources are compiled straight into
// the executable (not a library), so these objects are never dropped by the linker.
struct Registration {
  explicit Registration(Command command);
};

const std::vector<Command>& commands();

}  // namespace kpg::cli
