// `kpg example <name>`: a worked example of the course, derived step by step by the core
// (src/core/tutorials) — every number computed, on the notes' data or on the student's points.

#include "command.hpp"

#include "tutorials/tutorials.hpp"

#include <fstream>
#include <ostream>
#include <sstream>

namespace kpg::cli {

namespace {

constexpr std::size_t kMaxDataBytes = 1 << 20;  // a worked example has a handful of points

void printHelp(std::ostream& out) {
  out << "Usage: kpg example <name> [--data FILE] [--json]\n"
      << "       kpg example --list\n\n"
      << "Prints a worked example of the course step by step, every number derived by the core\n"
      << "(exact fractions where the data are integers or decimals).\n\n"
      << "Options:\n"
      << "  --list        the examples and what --data replaces in each\n"
      << "  --data FILE   derive on your own points: one per line, coordinates then the label\n"
      << "                (+1 or -1), separated by spaces or commas; or LIBSVM lines\n"
      << "                'label 1:x1 2:x2'. '#' starts a comment.\n"
      << "  --json        the derivation as JSON (pages, formulas, values with exact text)\n"
      << "  --help        this text\n\n"
      << "Examples:\n";
  for (const auto& info : tutorialCatalogue()) {
    out << "  " << info.id << std::string(info.id.size() < 18 ? 18 - info.id.size() : 1, ' ')
        << info.summary << "\n";
  }
  out << "\nExit codes: 0 success, 1 usage error, 2 bad data file.\n";
}

void printList(std::ostream& out) {
  for (const auto& info : tutorialCatalogue()) {
    out << info.id << std::string(info.id.size() < 18 ? 18 - info.id.size() : 1, ' ')
        << info.summary << "\n"
        << std::string(18, ' ') << "--data replaces: " << info.dataUse << "\n";
  }
}

int runExample(CommandContext& context) {
  std::string name;
  std::string dataPath;
  bool json = false;
  bool list = false;
  const auto& args = context.args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      printHelp(context.out);
      return kExitOk;
    }
    if (arg == "--list") {
      list = true;
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--data") {
      if (i + 1 >= args.size()) {
        context.err << "kpg example: --data needs a file name\n";
        return kExitUsage;
      }
      dataPath = args[++i];
    } else if (arg.rfind("--data=", 0) == 0) {
      dataPath = arg.substr(7);
    } else if (!arg.empty() && arg[0] == '-') {
      context.err << "kpg example: unknown option '" << arg << "'; see 'kpg example --help'\n";
      return kExitUsage;
    } else if (name.empty()) {
      name = arg;
    } else {
      context.err << "kpg example: one example at a time ('" << name << "' and '" << arg << "')\n";
      return kExitUsage;
    }
  }
  if (list) {
    printList(context.out);
    return kExitOk;
  }
  if (name.empty()) {
    context.err << "kpg example: which example? 'kpg example --list' shows them\n";
    return kExitUsage;
  }
  bool known = false;
  for (const auto& info : tutorialCatalogue()) known = known || info.id == name;
  if (!known) {
    context.err << "kpg example: no example named '" << name
                << "'; 'kpg example --list' shows them\n";
    return kExitUsage;
  }

  std::optional<ExactPoints> points;
  if (!dataPath.empty()) {
    std::ifstream file(dataPath, std::ios::binary);
    if (!file) {
      context.err << "kpg example: cannot read '" << dataPath << "'\n";
      return kExitBadInput;
    }
    std::string text(kMaxDataBytes + 1, '\0');
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (text.size() > kMaxDataBytes) {
      context.err << "kpg example: '" << dataPath << "' is larger than " << kMaxDataBytes
                  << " bytes; a worked example needs a handful of points\n";
      return kExitBadInput;
    }
    PointsParseResult parsed = parsePoints(text);
    if (!parsed.points) {
      context.err << "kpg example: " << dataPath << ": " << parsed.error << "\n";
      return kExitBadInput;
    }
    const std::string problem = checkBinaryPoints(*parsed.points);
    if (!problem.empty()) {
      context.err << "kpg example: " << dataPath << ": " << problem << "\n";
      return kExitBadInput;
    }
    points = std::move(parsed.points);
  }
  const std::optional<Tutorial> tutorial = deriveTutorial(name, points ? &*points : nullptr);
  if (!tutorial) return kExitUsage;  // unreachable: the name was checked above
  context.out << (json ? renderJson(*tutorial) + "\n" : renderText(*tutorial));
  return kExitOk;
}

const Registration registration(Command{
    "example", "a worked example of the course, derived step by step (--list)", runExample});

}  // namespace

}  // namespace kpg::cli
