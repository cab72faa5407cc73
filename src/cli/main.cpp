#include "command.hpp"
#include "version.hpp"

#include <algorithm>
#include <cstring>
#include <iostream>

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
void printUsage(std::ostream& out) {
  out << "kpg " << kVersion << " - " << kProductName << " command-line tool\n\n"
      << "Usage: kpg <command> [options] [arguments]\n"
      << "       kpg <command> --help    options of one command\n\n"
      << "Commands:\n";
  for (const Command& c : commands()) {
    out << "  " << c.name << std::string(12 - std::min<size_t>(11, std::strlen(c.name)), ' ')
        << c.summary << "\n";
  }
  out << "\nExit codes: 0 success, 1 usage error, 2 bad input, 3 not converged (when asked),\n"
      << "            4 resource budget exceeded, 130 interrupted.\n";
}
}  // namespace

}  // namespace kpg::cli

int main(int argc, char** argv) {
  using namespace kpg::cli;
  if (argc < 2) {
    printUsage(std::cerr);
    return kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(std::cout);
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "kpg " << kpg::kVersion << "\n";
    return kExitOk;
  }
  for (const Command& c : commands()) {
    if (name == c.name) {
      CommandContext context{std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr};
      return c.run(context);
    }
  }
  std::cerr << "kpg: unknown command '" << name << "'; run 'kpg --help' for the list\n";
  return kExitUsage;
}
