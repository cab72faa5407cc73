#include "svm_options.hpp"

#include "command.hpp"

#include <cctype>
#include <cmath>
#include <ostream>
#include <set>

namespace kpg::cli {

namespace {

const char* flagOf(const std::string& parameter) {
  if (parameter == "c") return "-c (cost C)";
  if (parameter == "eps") return "-e (stopping tolerance eps)";
  if (parameter == "epsilon") return "-p (epsilon of the SVR tube)";
  if (parameter == "cache_bytes") return "-m (cache size in MB)";
  if (parameter == "max_iterations") return "--max-iter";
  if (parameter == "gamma") return "-g (gamma)";
  if (parameter == "coef0") return "-r (coef0)";
  if (parameter == "degree") return "-d (degree)";
  if (parameter == "kernel_type") return "-t (kernel type)";
  return nullptr;
}

}  // namespace

std::string optionsHelp(unsigned groups) {
  std::string s = "options:\n";
  if (groups & kTrainFlags) {
    s += "-s svm_type : 0 -- C-SVC (multi-class, one-vs-one), 3 -- epsilon-SVR (default 0)\n";
  }
  if (groups & kKernelFlags) {
    s += "-t kernel_type : 0 -- linear: u'*v\n"
         "                 1 -- polynomial: (gamma*u'*v + coef0)^degree\n"
         "                 2 -- radial basis function: exp(-gamma*|u-v|^2) (default)\n"
         "                 3 -- sigmoid: tanh(gamma*u'*v + coef0)\n"
         "-d degree : degree of the polynomial kernel, 0..100 (default 3)\n"
         "-g gamma : gamma of the kernel (default 1/num_features; 0 also means that)\n"
         "-r coef0 : coef0 of the kernel (default 0)\n";
  }
  if (groups & kTrainFlags) {
    s += "-c cost : the parameter C of C-SVC and epsilon-SVR, > 0 (default 1)\n"
         "-p epsilon : the epsilon of epsilon-SVR's loss, >= 0 (default 0.1)\n"
         "-e epsilon : tolerance of the termination criterion, > 0 (default 0.001)\n"
         "-m cachesize : kernel cache in MB, 1..4096 (default 100)\n"
         "-h shrinking : 0 or 1, accepted for compatibility and ignored: the solver does not\n"
         "               shrink (same solution, only slower on large problems)\n"
         "-b probability_estimates : only 0 (probability models are not supported)\n"
         "-v n : n-fold cross validation mode, n >= 2 (n > #samples means leave-one-out)\n"
         "-q : quiet mode (no per-problem output)\n"
         "--max-iter n : iteration cap per sub-problem (default max(10^7, 100*#samples))\n"
         "--seed n : shuffle seed of cross validation (default 1)\n"
         "--fail-unconverged : exit with code 3 if a sub-problem hit the iteration cap\n";
  }
  if (groups & kPredictFlags) {
    s += "-b probability_estimates : only 0 (probability models are not supported)\n"
         "-q : quiet mode (no accuracy output)\n"
         "--decision-values FILE : also write every decision value, one sample per line\n";
  }
  if (groups & kKernelCommand) {
    s += "--no-matrix : do not print the Gram matrix, only its spectrum\n"
         "--max-samples n : refuse more samples than n (default 5000; the matrix is n*n)\n";
  }
  if (groups & kDataFlags) {
    s += "--format libsvm|csv : data file format (default libsvm)\n"
         "--label-column K : CSV column holding the label, 1-based, -1 = last (default 1)\n"
         "--header auto|yes|no : CSV header row (default auto: a first row without numbers)\n"
         "--zero-based : LIBSVM feature indices start at 0\n"
         "--lenient : skip blank lines instead of stopping at them\n"
         "--max-features n : largest feature index accepted (default 1000000)\n"
         "--max-file-mb n : largest input file read (default 1024)\n";
  }
  return s;
}

std::optional<int> parseSvmOptions(const std::vector<std::string>& args, unsigned groups,
                                   const char* command, const char* usage, SvmCommandOptions& o,
                                   std::ostream& err) {
  std::set<std::string> seen;
  const auto usageError = [&](const std::string& message) {
    err << "kpg " << command << ": " << message << "\n\n" << usage << optionsHelp(groups);
    return std::optional<int>(kExitUsage);
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help") {
      o.help = true;
      return std::nullopt;
    }
    if (a == "-") return usageError("a bare '-' is not a file name or a flag");
    if (a[0] != '-') {
      o.positional.push_back(a);
      continue;
    }
    const bool takesNoValue = a == "-q" || a == "--zero-based" || a == "--lenient" ||
                              a == "--no-matrix" || a == "--fail-unconverged";
    const auto allowed = [&](unsigned group) { return (groups & group) != 0; };
    bool known = false;
    if (a == "-t" || a == "-d" || a == "-g" || a == "-r") known = allowed(kKernelFlags);
    if (a == "-s" || a == "-c" || a == "-p" || a == "-e" || a == "-m" || a == "-h" || a == "-v" ||
        a == "--max-iter" || a == "--seed" || a == "--fail-unconverged")
      known = allowed(kTrainFlags);
    if (a == "-b" || a == "-q") known = allowed(kTrainFlags) || allowed(kPredictFlags);
    if (a == "--decision-values") known = allowed(kPredictFlags);
    if (a == "--no-matrix" || a == "--max-samples") known = allowed(kKernelCommand);
    if (isDataFlag(a)) known = allowed(kDataFlags);
    if (!known) return usageError("unknown option '" + a + "'");
    if (!seen.insert(a).second) return usageError("option " + a + " given twice");
    if (takesNoValue) {
      if (a == "-q") o.quiet = true;
      if (isDataFlag(a)) applyDataFlag(a, "", o.data);
      if (a == "--no-matrix") o.printMatrix = false;
      if (a == "--fail-unconverged") o.failIfNotConverged = true;
      continue;
    }
    if (i + 1 >= args.size()) return usageError("option " + a + " needs a value");
    const std::string& v = args[++i];
    double real = 0;
    long long whole = 0;
    const auto needReal = [&]() {
      if (parseDoubleArg(v, real)) return true;
      usageError("option " + a + " needs a number, got '" + v + "'");
      return false;
    };
    const auto needInt = [&]() {
      if (parseIntArg(v, whole)) return true;
      usageError("option " + a + " needs a whole number, got '" + v + "'");
      return false;
    };
    if (a == "-s") {
      if (!needInt()) return kExitUsage;
      if (whole == 0) {
        o.params.type = SvmType::CSvc;
      } else if (whole == 3) {
        o.params.type = SvmType::EpsilonSvr;
      } else {
        return usageError("-s " + v +
                          " is not supported; use 0 (C-SVC) or 3 (epsilon-SVR); nu-SVC, "
                          "one-class and nu-SVR are not implemented");
      }
    } else if (a == "-t") {
      if (!needInt()) return kExitUsage;
      if (whole < 0 || whole > 3)
        return usageError("-t " + v +
                          " is not supported; use 0 (linear), 1 (polynomial), "
                          "2 (rbf) or 3 (sigmoid)");
      o.params.kernel.type = static_cast<KernelType>(whole);
    } else if (a == "-d") {
      if (!needInt()) return kExitUsage;
      o.params.kernel.degree = static_cast<int>(whole);
    } else if (a == "-g") {
      if (!needReal()) return kExitUsage;
      o.gamma = real;
    } else if (a == "-r") {
      if (!needReal()) return kExitUsage;
      o.params.kernel.coef0 = real;
    } else if (a == "-c") {
      if (!needReal()) return kExitUsage;
      o.params.c = real;
    } else if (a == "-p") {
      if (!needReal()) return kExitUsage;
      o.params.epsilon = real;
    } else if (a == "-e") {
      if (!needReal()) return kExitUsage;
      o.params.eps = real;
    } else if (a == "-m") {
      if (!needReal()) return kExitUsage;
      // P4: checked in MB before the conversion to bytes, so 1e30 cannot overflow.
      if (!(real >= 1.0 / 1024 && real <= 4096)) {
        err << "kpg " << command << ": invalid parameter -m (cache size in MB): " << v
            << " is outside 0.001..4096\n";
        return kExitUsage;
      }
      o.params.cacheBytes = static_cast<std::int64_t>(real * 1048576.0);
    } else if (a == "-h") {
      if (v != "0" && v != "1") return usageError("-h takes 0 or 1");
    } else if (a == "-b") {
      if (v != "0")
        return usageError("-b " + v + ": probability estimates are not supported; use -b 0");
    } else if (a == "-v") {
      if (!needInt()) return kExitUsage;
      if (whole < 2) {
        err << "kpg " << command << ": invalid parameter -v (cross-validation folds): " << v
            << "; n-fold cross validation needs n >= 2\n";
        return kExitUsage;
      }
      o.folds = static_cast<int>(whole);
    } else if (a == "--max-iter") {
      if (!needInt()) return kExitUsage;
      o.params.maxIterations = whole;
    } else if (a == "--seed") {
      if (!needInt() || whole < 0) return usageError("--seed needs a whole number >= 0");
      o.seed = static_cast<std::uint64_t>(whole);
    } else if (a == "--decision-values") {
      o.decisionValuesPath = v;
    } else if (a == "--max-samples") {
      if (!needInt() || whole < 1) return usageError("--max-samples needs a whole number >= 1");
      o.maxSamples = whole;
    } else if (isDataFlag(a)) {
      if (auto e = applyDataFlag(a, v, o.data)) return usageError(*e);
    }
  }
  o.data.csv.numericLabels = o.params.type == SvmType::EpsilonSvr;
  return std::nullopt;
}

bool resolveAndValidate(SvmCommandOptions& o, Eigen::Index featureCount, const char* command,
                        std::ostream& err) {
  // LIBSVM (svm-train.c read_problem): gamma 0 means 1/num_features, num_features being the
  // largest feature index of the training file.
  o.params.kernel.gamma =
      (o.gamma == 0 && featureCount > 0) ? 1.0 / static_cast<double>(featureCount) : o.gamma;
  if (auto e = validate(o.params)) {
    const char* flag = flagOf(e->parameter);
    err << "kpg " << command << ": invalid parameter " << (flag ? flag : e->parameter.c_str())
        << ": " << e->message << "\n";
    return false;
  }
  return true;
}

}  // namespace kpg::cli
