// kpg reproduce mika1999 --data DIR [--quick] [--only NAME[,NAME]] [--threads N]

#include "command.hpp"
#include "options.hpp"
#include "reproduce/mika1999.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace kpg::cli {
namespace {

constexpr const char* kDescription =
    "\n"
    "Reproduces Table 1 of Mika et al. 1999 (course-notes 004) for the SVM and the kernel Fisher\n"
    "discriminant on Rätsch's IDA benchmark realizations in DIR (../shared/data/ida): selects the\n"
    "RBF width c and C (SVM) or mu (KFD) by 5-fold cross-validation on realizations 1-5, takes\n"
    "the medians, evaluates on every realization, and prints ours against the published errors.";

int runReproduce(CommandContext& context) {
  ReproduceOptions options;
  std::string only;
  const std::string g = "mika1999";
  OptionTable t("reproduce",
                "kpg reproduce mika1999 --data DIR [--quick] [--only NAME[,NAME...]] [--threads N]",
                kDescription);
  t.addText("--data", "DIR", g, "the folder holding banana/, breast-cancer/, ... (required)",
            options.dataFolder);
  t.addSwitch("--quick", g,
              "skip model selection: use the parameters a full run selected (seconds)",
              options.quick);
  t.addText("--only", "LIST", g, "only these data sets (folder names, comma-separated)", only);
  t.addInteger("--threads", "N", g, "worker threads", 1, 256, options.threads, "all cores");
  t.setEpilogue("Exit codes: 0 table printed, 1 usage error, 2 data missing or unreadable.\n");
  std::vector<std::string> experiments;
  if (auto code = t.parse(context.args, experiments, context.out, context.err)) return *code;
  if (experiments.size() != 1)
    return t.usageError(context.err, "name one experiment; the one available is mika1999");
  if (experiments[0] != "mika1999") {
    context.err << "kpg reproduce: unknown experiment '" << experiments[0]
                << "'; the one available is mika1999\n";
    return kExitUsage;
  }
  std::stringstream list(only);
  for (std::string name; std::getline(list, name, ',');) options.only.push_back(name);
  if (options.dataFolder.empty()) {
    context.err
        << "kpg reproduce: --data DIR is required (the IDA folder, e.g. ../shared/data/ida)\n";
    return kExitUsage;
  }
  if (!std::filesystem::is_directory(options.dataFolder)) {
    context.err << "kpg reproduce: " << options.dataFolder << ": not a folder\n";
    return kExitBadInput;
  }
  for (const std::string& name : options.only) {
    bool known = false;
    for (const BenchmarkDataset& d : mika1999Datasets()) known = known || name == d.folder;
    if (!known) {
      context.err << "kpg reproduce: --only: unknown data set '" << name
                  << "' (banana, breast-cancer, german, heart, image, ringnorm, titanic, "
                     "twonorm, waveform)\n";
      return kExitUsage;
    }
  }
  std::ostream& err = context.err;
  options.progress = [&err](const std::string& text) { err << "  " << text << std::endl; };
  const std::vector<MethodRow> rows = reproduceMika1999(options);
  printTable(rows, options.quick, context.out);
  for (const MethodRow& row : rows) {
    if (!row.error.empty()) return kExitBadInput;
  }
  return kExitOk;
}

const Registration registration{
    {"reproduce", "reproduce a published table (mika1999: SVM and KFD on IDA)", &runReproduce}};

}  // namespace
}  // namespace kpg::cli
