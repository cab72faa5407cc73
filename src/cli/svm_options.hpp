#pragma once
// The option tables of `kpg train`, `kpg trace`, `kpg predict` and `kpg kernel`, built on the one
// parser of options.hpp: LIBSVM's single-letter flags with its defaults (svm-train.c
// exit_with_help), plus long options for the data format. Errors follow docs/bad-inputs.md P1,
// P4, P6: a message naming the flag and exit code 1; a flag given twice is an error (LIBSVM
// silently keeps the last).

#include "svm/grid_search.hpp"
#include "svm/svm_train.hpp"
#include "svm_cli_io.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace kpg::cli {

// Which flags a command accepts.
enum OptionGroup : unsigned {
  kKernelFlags = 1u << 0,    // -t -d -g -r
  kTrainFlags = 1u << 1,     // -s -c -p -e -m -h -b -v -q -j --max-iter --seed
  kDataFlags = 1u << 2,      // --format --label-column --header --zero-based --lenient ...
  kPredictFlags = 1u << 3,   // -b -q --decision-values
  kKernelCommand = 1u << 4,  // --no-matrix --max-samples
  // -log2c -log2g -out, and -v -j with grid.py's meaning; with it the train group leaves out -c,
  // -v and -j and the kernel group -g (the grid sets C and gamma).
  kGridFlags = 1u << 5,
};

struct SvmCommandOptions {
  SvmParams params;  // LIBSVM defaults: C-SVC, RBF, degree 3, coef0 0, C 1, eps 1e-3, p 0.1
  // LIBSVM's rule: gamma 0 (the default) means 1/num_features, resolved once the data is read.
  double gamma = 0;
  // -m, in MB as LIBSVM takes it; params.cacheBytes is set from it after parsing.
  double cacheMb = static_cast<double>(SvmParams{}.cacheBytes) / 1048576.0;
  int folds = 0;          // -v
  long long threads = 0;  // -j: threads for kernel columns and passes, 0 = all cores
  bool quiet = false;
  std::uint64_t seed = 1;  // srand() of the cross-validation shuffle; 1 = svm-train's folds
  bool failIfNotConverged = false;
  DataOptions data;
  std::string decisionValuesPath;  // predict --decision-values
  bool printMatrix = true;         // kernel
  long long maxSamples = 5000;     // kernel: the n×n Gram matrix budget (R1)
  // grid: grid.py's ranges; *Given records a range typed on the command line, which grid.py
  // holds as floats ("-1.0") where its defaults are ints ("-5").
  Log2Range log2c = kGridDefaultLog2C;
  Log2Range log2g = kGridDefaultLog2G;
  bool log2cGiven = false;
  bool log2gGiven = false;
  std::string outPath;     // grid -out; empty: none
  bool warmStart = false;  // grid --warm-start
  std::vector<std::string> positional;
  bool help = false;
};

// -m's range in MB, checked before the conversion to bytes (P4).
constexpr double kMinCacheMb = 0.001;
constexpr double kMaxCacheMb = 4096;

// Parses `args`; returns an exit code if the command must stop (usage error), after printing a
// message and the usage line of `usage` ("Usage: kpg train [options] ...\n") to `err`. --help sets
// options.help and returns nullopt: the command prints `usage`, optionsHelp(groups) and its notes.
std::optional<int> parseSvmOptions(const std::vector<std::string>& args, unsigned groups,
                                   const char* command, const char* usage,
                                   SvmCommandOptions& options, std::ostream& err);

// Fills gamma = 1/d when it was left at 0 and checks every parameter (validate in svm_train.hpp);
// prints "kpg <command>: invalid parameter ..." naming the flag and returns false on error.
bool resolveAndValidate(SvmCommandOptions& options, Eigen::Index featureCount, const char* command,
                        std::ostream& err);

// The options in `groups` as --help lists them, generated from the same table as the parser.
std::string optionsHelp(unsigned groups);

}  // namespace kpg::cli
