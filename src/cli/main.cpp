#include "command.hpp"
#include "options.hpp"
#include "version.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <string>

#if defined(__linux__) && defined(__GLIBC__)
#include <unistd.h>
#endif

namespace kpg::cli {

namespace {
std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}
}  // namespace

Registration::Registration(Command command) {
  registry().push_back(command);
}

const std::vector<Command>& commands() {
  auto& all = registry();
  std::sort(all.begin(), all.end(),
            [](const Command& a, const Command& b) { return std::strcmp(a.name, b.name) < 0; });
  return all;
}

namespace {

std::string commandList() {
  std::string s = "\nCommands:\n";
  for (const Command& c : commands()) {
    s += std::string("  ") + c.name +
         std::string(12 - std::min<size_t>(11, std::strlen(c.name)), ' ') + c.summary + "\n";
  }
  return s;
}

// The dispatcher's own options (--help, --version) go through the same parser as every command.
OptionTable dispatcherTable(bool& version) {
  OptionTable table("", "kpg <command> [options] [arguments]",
                    "       kpg <command> --help    options of one command\n\n" +
                        std::string(kProductName) + " " + kVersion + " command-line tool.\n" +
                        commandList());
  table.setEpilogue(
      "Exit codes: 0 success, 1 usage error, 2 bad input, 3 not converged (when asked),\n"
      "            4 resource budget exceeded, 130 interrupted.\n");
  table.addSwitch("--version", "General", "print the version and exit", version);
  return table;
}

int runDispatcherOptions(const std::vector<std::string>& args) {
  bool version = false;
  const OptionTable table = dispatcherTable(version);
  std::vector<std::string> positional;
  if (auto code = table.parse(args, positional, std::cout, std::cerr)) return *code;
  if (!positional.empty())
    return table.usageError(
        std::cerr, "the command comes first: kpg " + positional[0] + " " + args[0] + " ...");
  std::cout << "kpg " << kVersion << "\n";
  return kExitOk;
}

}  // namespace

}  // namespace kpg::cli

int main(int argc, char** argv) {
  using namespace kpg::cli;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    bool version = false;
    std::cerr << dispatcherTable(version).help();
    return kExitUsage;
  }
  const std::string& name = args[0];
  if (name == "help") return runDispatcherOptions({"--help"});
  if (!name.empty() && name[0] == '-') return runDispatcherOptions(args);
  for (const Command& c : commands()) {
    if (name == c.name) {
      CommandContext context{std::vector<std::string>(args.begin() + 1, args.end()), std::cout,
                             std::cerr, argv};
      // The budgets keep every large allocation proportional to a count checked first
      // (docs/bad-inputs.md R2); what still does not fit in memory ends here, with exit 4. No
      // output file is half-written: outputs are temporaries until they are complete, and the
      // destructors on the way out remove them.
      try {
        return c.run(context);
      } catch (const std::bad_alloc&) {
        std::cerr << "kpg " << c.name
                  << ": out of memory (lower --max-samples, -m or the data's size, or use a "
                     "machine with more memory)\n";
        return kExitResource;
      }
    }
  }
  std::cerr << "kpg: unknown command '" << name << "'; run 'kpg --help' for the list\n";
  return kExitUsage;
}
