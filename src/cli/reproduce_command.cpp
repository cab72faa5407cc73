// kpg reproduce mika1999 --data DIR [--quick] [--only NAME[,NAME]] [--threads N]

#include "command.hpp"
#include "reproduce/mika1999.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace kpg::cli {
namespace {

constexpr const char* kUsage =
    "Usage: kpg reproduce mika1999 --data DIR [--quick] [--only NAME[,NAME...]] [--threads N]\n"
    "\n"
    "Reproduces Table 1 of Mika et al. 1999 (course-notes 004) for the SVM and the kernel Fisher\n"
    "discriminant on Rätsch's IDA benchmark realizations in DIR (../shared/data/ida): selects the\n"
    "RBF width c and C (SVM) or mu (KFD) by 5-fold cross-validation on realizations 1-5, takes\n"
    "the medians, evaluates on every realization, and prints ours against the published errors.\n"
    "\n"
    "  --data DIR     the folder holding banana/, breast-cancer/, ... (required)\n"
    "  --quick        skip model selection: use the parameters a full run selected (seconds)\n"
    "  --only LIST    only these data sets (folder names, comma-separated)\n"
    "  --threads N    worker threads (default: all cores)\n"
    "\n"
    "Exit codes: 0 table printed, 1 usage error, 2 data missing or unreadable.\n";

int runReproduce(CommandContext& context) {
  const std::vector<std::string>& args = context.args;
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? context.err : context.out) << kUsage;
    return args.empty() ? kExitUsage : kExitOk;
  }
  if (args[0] != "mika1999") {
    context.err << "kpg reproduce: unknown experiment '" << args[0]
                << "'; the one available is mika1999\n";
    return kExitUsage;
  }
  ReproduceOptions options;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool hasValue = i + 1 < args.size();
    if (a == "--help" || a == "-h") {
      context.out << kUsage;
      return kExitOk;
    } else if (a == "--quick") {
      options.quick = true;
    } else if (a == "--data" && hasValue) {
      options.dataFolder = args[++i];
    } else if (a == "--only" && hasValue) {
      std::stringstream list(args[++i]);
      std::string name;
      while (std::getline(list, name, ',')) options.only.push_back(name);
    } else if (a == "--threads" && hasValue) {
      const std::string& value = args[++i];
      char* end = nullptr;
      const long n = std::strtol(value.c_str(), &end, 10);
      if (end == value.c_str() || *end != '\0' || n < 1 || n > 256) {
        context.err << "kpg reproduce: --threads takes a whole number from 1 to 256, got '" << value
                    << "'\n";
        return kExitUsage;
      }
      options.threads = static_cast<int>(n);
    } else {
      context.err << "kpg reproduce: "
                  << (hasValue || a.rfind("--", 0) != 0 ? "unknown option '" + a + "'"
                                                        : "option '" + a + "' needs a value")
                  << "\n"
                  << kUsage;
      return kExitUsage;
    }
  }
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
