#include "svm_options.hpp"

#include "command.hpp"
#include "options.hpp"

#include <functional>
#include <ostream>
#include <sstream>

namespace kpg::cli {

namespace {

// -b 0|1 of train and predict (svm-train.c, svm-predict.c: probability_estimates).
std::function<std::optional<std::string>(const std::string&)> probabilityFlag(SvmParams* params) {
  return [params](const std::string& value) -> std::optional<std::string> {
    if (value == "0" || value == "1") {
      params->probability = value == "1";
      return std::nullopt;
    }
    return "-b " + value + ": probability_estimates takes 0 or 1";
  };
}

void addGridRows(OptionTable& t, SvmCommandOptions& o);

// The rows of the SVM commands, bound to `o`. Kernel flags write into a KernelOptions that
// parseSvmOptions copies into o.params.kernel and o.gamma afterwards.
void addSvmRows(OptionTable& t, unsigned groups, SvmCommandOptions& o, KernelOptions& kernel) {
  const bool grid = (groups & kGridFlags) != 0;
  if (groups & kKernelFlags) {
    OptionTable kernelRows("", "");
    addKernelOptions(kernelRows, kernel);
    for (const OptionRow& row : kernelRows.rows()) {
      if (row.flag == "--help" || (grid && row.flag == "-g")) continue;
      if (row.flag == "-t" && (groups & kTrainFlags) && !grid) {
        // train and trace: LIBSVM's -t 4, the data are kernel values (svm_model.hpp).
        KernelParams* params = &kernel.kernel;
        bool* precomputed = &o.params.precomputedKernel;
        auto parseBase = row.apply;
        t.add({"-t", "kernel_type", "Kernel",
               row.help.substr(0, row.help.rfind("\n(default")) +
                   "\n4 -- precomputed kernel (kernel values in training_set_file: each row "
                   "starts with 0:i, i its serial number, then j:k(x_i, x_j))\n(default " +
                   std::to_string(static_cast<int>(params->type)) + ")",
               [parseBase, precomputed](const std::string& value) -> std::optional<std::string> {
                 *precomputed = value == "4";
                 if (*precomputed || !parseBase(value)) return std::nullopt;
                 return "-t " + value +
                        " is not supported; use 0 (linear), 1 (polynomial), 2 (rbf), 3 "
                        "(sigmoid) or 4 (precomputed)";
               }});
        continue;
      }
      t.add(row);
    }
  }
  if (grid) addGridRows(t, o);
  if (groups & kTrainFlags) {
    SvmParams* params = &o.params;
    t.add({"-s", "svm_type", "Training",
           "0 -- C-SVC (multi-class, one-vs-one)\n1 -- nu-SVC (multi-class, one-vs-one)\n"
           "2 -- one-class SVM\n3 -- epsilon-SVR\n4 -- nu-SVR\n(default " +
               std::to_string(static_cast<int>(o.params.type)) + ")",
           [params](const std::string& value) -> std::optional<std::string> {
             long long whole = 0;
             if (!parseIntArg(value, whole) || whole < 0 || whole > 4)
               return "-s " + value +
                      " is not an svm_type; use 0 (C-SVC), 1 (nu-SVC), 2 (one-class SVM), 3 "
                      "(epsilon-SVR) or 4 (nu-SVR)";
             params->type = static_cast<SvmType>(whole);
             return std::nullopt;
           }});
  }
  if (groups & kTrainFlags) {
    const std::string g = "Training";
    if (!grid)
      t.addAnyReal("-c", "cost", g, "the parameter C of C-SVC, epsilon-SVR and nu-SVR, > 0",
                   o.params.c);
    t.addAnyReal("-n", "nu", g, "the parameter nu of nu-SVC, one-class SVM and nu-SVR, in (0, 1]",
                 o.params.nu);
    t.addAnyReal("-p", "epsilon", g, "the epsilon of epsilon-SVR's loss, >= 0", o.params.epsilon);
    t.addAnyReal("-e", "epsilon", g, "tolerance of the termination criterion, > 0", o.params.eps);
    t.addReal("-m", "cachesize", "cache size in MB", g, "kernel cache in MB",
              {kMinCacheMb, kMaxCacheMb}, o.cacheMb);
    SvmParams* params = &o.params;
    t.add({"-h", "shrinking", g,
           "whether to use the shrinking heuristics, 0 or 1 (default 1);\n"
           "the same tolerance either way, 1 is faster on large problems",
           [params](const std::string& value) -> std::optional<std::string> {
             if (value == "0" || value == "1") {
               params->shrinking = value == "1";
               return std::nullopt;
             }
             return "-h takes 0 or 1 (LIBSVM's shrinking flag; --help prints the help)";
           }});
    t.add({"-b", "probability_estimates", g,
           "whether to train a SVC or SVR model for probability estimates, 0 or 1 "
           "(default 0; not for one-class, as LIBSVM 3.24);\n1 adds LIBSVM's internal 5-fold "
           "cross-validation per sub-problem "
           "(Platt scaling), unreliable on small data",
           probabilityFlag(params)});
    t.addSuffixed(
        "-w", "i", "weight", g,
        "set the parameter C of class i to weight*C, for C-SVC (default 1); e.g. -w1 5 -w-1 0.5",
        [params](const std::string& label, const std::string& value) -> std::optional<std::string> {
          // svm-train.c reads the label with atoi; here it must be a whole number, as the labels
          // of the data are.
          long long whole = 0;
          if (!parseIntArg(label, whole) || whole < -2147483647LL || whole > 2147483647LL)
            return "option -w" + label + ": '" + label +
                   "' is not a class label; write -w<label> weight, e.g. -w1 5 or -w-1 0.5";
          double w = 0;
          if (!parseDoubleArg(value, w))
            return "option -w" + label + " needs a number, got '" + value + "'";
          params->classWeights.push_back({static_cast<int>(whole), w});
          return std::nullopt;
        });
    if (!grid)
      t.addInteger("-v", "n", g, "n-fold cross validation mode (n > #samples means leave-one-out)",
                   2, 2147483647LL, o.folds, "off", "cross-validation folds");
    t.addSwitch("-q", g,
                grid ? "taken for grid.py's sake; no effect" : "quiet mode (no per-problem output)",
                o.quiet);
    if (!grid)
      t.addInteger(
          "-j", "n", g,
          "threads for kernel columns and the passes over G; the model is the same for every n", 0,
          1024, o.threads, "0 = the cores not busy with other work");
    t.addInteger("--max-iter", "n", g, "iteration cap per sub-problem", 1, 2147483647LL,
                 o.params.maxIterations, "max(10^7, 100*#samples)");
    t.addInteger("--seed", "n", g,
                 "srand(n) of the fold shuffle (LIBSVM's rand(); 1 = svm-train's folds)", 0,
                 2147483647LL, o.seed);
    t.addSwitch("--fail-unconverged", g, "exit with code 3 if a sub-problem hit the iteration cap",
                o.failIfNotConverged);
  }
  if (groups & kPredictFlags) {
    const std::string g = "Prediction";
    t.add({"-b", "probability_estimates", g,
           "whether to predict probability estimates, 0 or 1 (default 0);\n"
           "1 needs a model trained with -b 1",
           probabilityFlag(&o.params)});
    t.addSwitch("-q", g, "quiet mode (no accuracy output)", o.quiet);
    t.addText("--decision-values", "FILE", g,
              "also write every decision value, one sample per line", o.decisionValuesPath);
  }
  if (groups & kKernelCommand) {
    const std::string g = "Kernel matrix";
    bool* printMatrix = &o.printMatrix;
    t.add({"--no-matrix", "", g, "do not print the Gram matrix, only its spectrum",
           [printMatrix](const std::string&) -> std::optional<std::string> {
             *printMatrix = false;
             return std::nullopt;
           }});
    t.addInteger("--max-samples", "n", g, "refuse more samples than n (the matrix has n*n entries)",
                 1, 2147483647LL, o.maxSamples);
  }
  if (groups & kDataFlags) addDataOptions(t, o.data);
}

// grid.py's own options (tools/grid.py GridOption.parse_options); -c and -g are refused with its
// advice, as grid.py raises "Use -log2c and -log2g.".
void addGridRows(OptionTable& t, SvmCommandOptions& o) {
  const std::string g = "Grid";
  auto range = [&t, &g](const std::string& flag, Log2Range& target, bool& given,
                        const Log2Range& shown) {
    Log2Range* where = &target;
    bool* mark = &given;
    t.add({flag, "begin,end,step", g,
           "the exponents of 2 to try: begin, begin+step, ... up to end (default " +
               optionNumber(shown.begin) + "," + optionNumber(shown.end) + "," +
               optionNumber(shown.step) + ")",
           [flag, where, mark](const std::string& value) -> std::optional<std::string> {
             if (auto e = parseLog2Range(value, *where)) return "invalid " + flag + " " + *e;
             *mark = true;
             return std::nullopt;
           }});
  };
  range("-log2c", o.log2c, o.log2cGiven, kGridDefaultLog2C);
  range("-log2g", o.log2g, o.log2gGiven, kGridDefaultLog2G);
  t.addInteger("-v", "n", g, "n-fold cross validation of every grid point", 2, 2147483647LL,
               o.folds, std::to_string(kGridDefaultFolds), "cross-validation folds");
  t.addText("-out", "FILE", g,
            "also write grid.py's out file (\"log2c=.. log2g=.. rate=..\" lines); null = none",
            o.outPath);
  t.addInteger("-j", "n", g, "threads evaluating grid points; the results are the same for every n",
               0, 1024, o.threads, "0 = the cores not busy with other work");
  t.addSwitch("--warm-start", g,
              "C-SVC: start each C's fold models from the previous C's alpha (same gamma): "
              "faster, but a rate may differ from svm-train's by a sample near a boundary; the "
              "default starts cold as svm-train does",
              o.warmStart);
  for (const char* flag : {"-c", "-g"}) {
    const std::string f = flag;
    t.add({f, "value", g,
           std::string("not taken: the grid sets ") +
               (f == "-c" ? "C; use -log2c" : "gamma; use -log2g"),
           [f](const std::string&) -> std::optional<std::string> {
             return f + " is set by the grid; give its range with " +
                    (f == "-c" ? "-log2c" : "-log2g") +
                    " begin,end,step (grid.py: Use -log2c and -log2g.)";
           }});
  }
}

std::string synopsisOf(const char* usage) {
  std::string s = usage;
  const std::string prefix = "Usage: ";
  if (s.rfind(prefix, 0) == 0) s.erase(0, prefix.size());
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace

std::string optionsHelp(unsigned groups) {
  SvmCommandOptions defaults;
  KernelOptions kernel;
  OptionTable table("", "");
  addSvmRows(table, groups, defaults, kernel);
  return table.rowsHelp();
}

std::optional<int> parseSvmOptions(const std::vector<std::string>& args, unsigned groups,
                                   const char* command, const char* usage, SvmCommandOptions& o,
                                   std::ostream& err) {
  KernelOptions kernel;
  kernel.kernel = o.params.kernel;
  kernel.gamma = o.gamma;
  OptionTable table(command, synopsisOf(usage));
  addSvmRows(table, groups, o, kernel);
  std::ostringstream help;
  const std::optional<int> stop = table.parse(args, o.positional, help, err);
  if (stop && *stop == kExitOk) {
    o.help = true;  // the command prints its usage, optionsHelp(groups) and its own notes
    return std::nullopt;
  }
  if (stop) return stop;
  o.params.kernel = kernel.kernel;
  o.gamma = kernel.gamma;
  o.params.cacheBytes = static_cast<std::int64_t>(o.cacheMb * 1048576.0);
  o.data.csv.numericLabels = isRegression(o.params.type);
  // -t 4: a row's kernel values are read at their own indices, 0:i the serial number first.
  if (o.params.precomputedKernel) o.data.libsvm.zeroBased = true;
  return std::nullopt;
}

bool resolveAndValidate(SvmCommandOptions& o, Eigen::Index featureCount, const char* command,
                        std::ostream& err) {
  // svm-train.c read_problem: gamma 0 means 1/num_features, the largest feature index of the
  // training file; the same rule as every other command (options.hpp resolveGamma).
  o.params.kernel.gamma = featureCount > 0 ? resolveGamma(o.gamma, featureCount) : o.gamma;
  if (auto e = validate(o.params)) {
    const char* flag = flagOfParameter(e->parameter);
    err << "kpg " << command << ": invalid parameter " << (flag ? flag : e->parameter.c_str())
        << ": " << e->message << "\n";
    return false;
  }
  return true;
}

}  // namespace kpg::cli
