// `kpg example <name>`: a worked example of the course, derived step by step by the core
// (src/core/tutorials) — every number computed, on the notes' data or on the student's points.

#include "command.hpp"

#include "options.hpp"
#include "tutorials/tutorials.hpp"

#include <fstream>
#include <ostream>
#include <sstream>

namespace kpg::cli {

namespace {

constexpr std::size_t kMaxDataBytes = 1 << 20;  // a worked example has a handful of points

std::string catalogueText() {
  std::string s = "Examples:\n";
  for (const auto& info : tutorialCatalogue()) {
    s += "  " + info.id + std::string(info.id.size() < 18 ? 18 - info.id.size() : 1, ' ') +
         info.summary + "\n";
  }
  return s + "\nExit codes: 0 success, 1 usage error, 2 bad data file.\n";
}

void printList(std::ostream& out) {
  for (const auto& info : tutorialCatalogue()) {
    out << info.id << std::string(info.id.size() < 18 ? 18 - info.id.size() : 1, ' ')
        << info.summary << "\n"
        << std::string(18, ' ') << "--data replaces: " << info.dataUse << "\n";
  }
}

int runExample(CommandContext& context) {
  std::string dataPath;
  bool json = false;
  bool list = false;
  const std::string g = "Example";
  OptionTable t("example", "kpg example <name> [--data FILE] [--json]\n       kpg example --list",
                "Prints a worked example of the course step by step, every number derived by the\n"
                "core (exact fractions where the data are integers or decimals).");
  t.addSwitch("--list", g, "the examples and what --data replaces in each", list);
  t.addText("--data", "FILE", g,
            "derive on your own points: one per line, coordinates then the label\n"
            "(+1 or -1), separated by spaces or commas; or LIBSVM lines\n"
            "'label 1:x1 2:x2'. '#' starts a comment.",
            dataPath);
  t.addSwitch("--json", g, "the derivation as JSON (pages, formulas, values with exact text)",
              json);
  t.setEpilogue(catalogueText());
  std::vector<std::string> names;
  if (auto code = t.parse(context.args, names, context.out, context.err)) return *code;
  if (names.size() > 1) {
    context.err << "kpg example: one example at a time ('" << names[0] << "' and '" << names[1]
                << "')\n";
    return kExitUsage;
  }
  const std::string name = names.empty() ? std::string() : names[0];
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
