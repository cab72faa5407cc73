#include "method_cli.hpp"

#include "command.hpp"

#include <algorithm>
#include <cstdlib>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace kpg::cli {

namespace {

const MethodFlag kKernelFlagTable[] = {
    {"-t", "type", "kernel: 0 linear, 1 polynomial, 2 RBF (default), 3 sigmoid"},
    {"-d", "degree", "polynomial degree (default 3)"},
    {"-g", "gamma", "gamma of polynomial/RBF/sigmoid (default 1/num_features)"},
    {"-r", "coef0", "coef0 of polynomial/sigmoid (default 0)"},
};

const MethodFlag* findFlag(const std::vector<MethodFlag>& flags, const std::string& name) {
  for (const MethodFlag& f : flags)
    if (name == f.name) return &f;
  return nullptr;
}

}  // namespace

std::string number(double value) {
  char buffer[40];
  // From 6 digits up: %g drops trailing zeros, and 100 stays "100" rather than "1e+02".
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  return buffer;
}

std::string accuracy(long long correct, long long total) {
  const double percent =
      total > 0 ? 100.0 * static_cast<double>(correct) / static_cast<double>(total) : 0.0;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", percent);
  return buffer + (" (" + std::to_string(correct) + "/" + std::to_string(total) + ")");
}

std::string methodUsage(const char* synopsis, const char* description,
                        const std::vector<MethodFlag>& flags, bool kernelFlags) {
  std::string s = std::string("Usage: ") + synopsis + "\n" + description + "\n\nOptions:\n";
  const auto add = [&s](const MethodFlag& f) {
    std::string left =
        std::string("  ") + f.name + (f.valueName ? std::string(" ") + f.valueName : "");
    if (left.size() < 22) left += std::string(22 - left.size(), ' ');
    s += left + " " + f.help + "\n";
  };
  for (const MethodFlag& f : flags) add(f);
  if (kernelFlags)
    for (const MethodFlag& f : kKernelFlagTable) add(f);
  s += "  --format libsvm|csv    data file format (default libsvm: label index:value ...)\n"
       "  --label-column K       CSV: the label column, 1-based, -1 = last (default)\n"
       "  --header auto|yes|no   CSV: whether the first row names the columns\n"
       "  --zero-based           LIBSVM feature indices start at 0\n"
       "  --lenient              skip blank lines instead of refusing them\n"
       "  --help                 this text\n";
  return s;
}

std::optional<int> parseMethodOptions(const std::vector<std::string>& args,
                                      const std::vector<MethodFlag>& flags, bool kernelFlags,
                                      const char* command, const std::string& usage,
                                      MethodOptions& options, std::ostream& err) {
  const auto usageError = [&](const std::string& message) -> std::optional<int> {
    err << "kpg " << command << ": " << message << "\n\n" << usage;
    return kExitUsage;
  };
  std::map<std::string, bool> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      options.help = true;
      continue;
    }
    if (a.size() < 2 || a[0] != '-') {
      if (a == "-") return usageError("a bare '-' is not an option or a file");
      options.positional.push_back(a);
      continue;
    }
    if (seen[a]) return usageError("option " + a + " given twice");
    seen[a] = true;
    if (isDataFlag(a)) {  // svm_cli_io.hpp: --format csv, --label-column, --zero-based, ...
      std::string value;
      if (dataFlagTakesValue(a)) {
        if (i + 1 >= args.size()) return usageError("option " + a + " needs a value");
        value = args[++i];
      }
      if (auto e = applyDataFlag(a, value, options.data)) return usageError(*e);
      continue;
    }
    const bool isKernel = kernelFlags && (a == "-t" || a == "-d" || a == "-g" || a == "-r");
    const MethodFlag* flag = findFlag(flags, a);
    if (!isKernel && flag == nullptr) return usageError("unknown option " + a);
    if (flag != nullptr && flag->valueName == nullptr) {
      options.values[a] = "";
      continue;
    }
    if (i + 1 >= args.size()) return usageError("option " + a + " needs a value");
    const std::string& value = args[++i];
    if (isKernel) {
      double v = 0;
      long long whole = 0;
      if (a == "-t") {
        if (!parseIntArg(value, whole) || whole < 0 || whole > 3)
          return usageError("-t needs a kernel type 0, 1, 2 or 3, got '" + value + "'");
        options.kernelType = static_cast<int>(whole);
      } else if (a == "-d") {
        if (!parseIntArg(value, whole) || whole < 0 || whole > 100)
          return usageError("-d needs a whole degree between 0 and 100, got '" + value + "'");
        options.degree = static_cast<int>(whole);
      } else {
        if (!parseDoubleArg(value, v) || !std::isfinite(v))
          return usageError(a + " needs a finite number, got '" + value + "'");
        (a == "-g" ? options.gamma : options.coef0) = v;
        if (a == "-g" && v <= 0) return usageError("-g needs gamma > 0, got '" + value + "'");
      }
      continue;
    }
    options.values[a] = value;
  }
  if (options.help) return std::nullopt;
  return std::nullopt;
}

std::optional<KernelParams> resolveKernel(const MethodOptions& options, Eigen::Index features,
                                          const char* command, std::ostream& err) {
  KernelParams kernel;
  kernel.type = static_cast<KernelType>(options.kernelType);
  kernel.degree = options.degree;
  kernel.coef0 = options.coef0;
  // svm-train's rule: gamma 0 means 1/num_features.
  kernel.gamma = options.gamma > 0 ? options.gamma
                                   : 1.0 / static_cast<double>(std::max<Eigen::Index>(features, 1));
  if (auto error = validate(kernel)) {
    err << "kpg " << command << ": invalid parameter " << error->parameter << ": " << error->message
        << "\n";
    return std::nullopt;
  }
  return kernel;
}

bool flagInt(const MethodOptions& options, const std::string& flag, long long low, long long high,
             long long& value, const char* command, std::ostream& err) {
  auto it = options.values.find(flag);
  if (it == options.values.end()) return true;  // keep the default
  long long parsed = 0;
  if (!parseIntArg(it->second, parsed) || parsed < low || parsed > high) {
    err << "kpg " << command << ": " << flag << " needs a whole number between " << low << " and "
        << high << ", got '" << it->second << "'\n";
    return false;
  }
  value = parsed;
  return true;
}

bool flagDouble(const MethodOptions& options, const std::string& flag, double low, double& value,
                const char* command, std::ostream& err) {
  auto it = options.values.find(flag);
  if (it == options.values.end()) return true;
  double parsed = 0;
  if (!parseDoubleArg(it->second, parsed) || !std::isfinite(parsed) || parsed < low) {
    err << "kpg " << command << ": " << flag << " needs a finite number >= " << number(low)
        << ", got '" << it->second << "'\n";
    return false;
  }
  value = parsed;
  return true;
}

bool loadMethodData(const std::string& path, const MethodOptions& options, Dataset& data,
                    std::ostream& err) {
  return loadDataset(path, options.data, data, err);
}

bool matchDimension(Dataset& test, Eigen::Index features, const char* command, std::ostream& err) {
  if (test.dimension() > features) {
    err << "kpg " << command << ": the test data has " << test.dimension()
        << " features, the training data " << features << "\n";
    return false;
  }
  if (test.dimension() < features) {
    Eigen::MatrixXd padded = Eigen::MatrixXd::Zero(test.size(), features);
    padded.leftCols(test.dimension()) = test.x;
    test.x = std::move(padded);
  }
  return true;
}

}  // namespace kpg::cli
