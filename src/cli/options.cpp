#include "options.hpp"

#include "command.hpp"
#include "data/number_text.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <ostream>
#include <set>

namespace kpg::cli {

std::string optionNumber(double value) {
  return formatExact(value);
}

std::string integerRange(long long low, long long high) {
  if (high >= 2147483647LL) return ">= " + std::to_string(low);
  return "from " + std::to_string(low) + " to " + std::to_string(high);
}

OptionTable::OptionTable(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)),
      synopsis_(std::move(synopsis)),
      description_(std::move(description)) {
  // Listed in every table so that --help documents itself; parse() handles it before the rows.
  add({"--help", "", "General", "print this help and exit",
       [](const std::string&) -> std::optional<std::string> { return std::nullopt; }});
}

void OptionTable::add(OptionRow row) {
  // A flag declared twice would be listed twice and parsed by whichever row comes first.
  assert(find(row.flag) == nullptr);
  // --help stays the last row, so every command's help ends with it.
  auto at = rows_.end();
  if (!rows_.empty() && rows_.back().flag == "--help") --at;
  rows_.insert(at, std::move(row));
}

void OptionTable::addSwitch(const std::string& flag, const std::string& group,
                            const std::string& help, bool& target) {
  bool* where = &target;
  add({flag, "", group, help, [where](const std::string&) -> std::optional<std::string> {
         *where = true;
         return std::nullopt;
       }});
}

void OptionTable::addReal(const std::string& flag, const std::string& valueName,
                          const std::string& what, const std::string& group,
                          const std::string& help, NumberRange range, double& target,
                          const std::string& defaultText) {
  double* where = &target;
  const std::string bounds = std::isinf(range.high)
                                 ? (range.lowOpen ? "> " : ">= ") + optionNumber(range.low)
                                 : "from " + optionNumber(range.low) +
                                       (range.lowOpen ? " (excluded)" : "") + " to " +
                                       optionNumber(range.high);
  const std::string shown = defaultText.empty() ? optionNumber(target) : defaultText;
  const std::string named = what.empty() ? flag : flag + " (" + what + ")";
  add({flag, valueName, group, help + " (" + bounds + ", default " + shown + ")",
       [flag, named, bounds, range, where](const std::string& value) -> std::optional<std::string> {
         double parsed = 0;
         if (!parseDoubleArg(value, parsed))
           return "option " + flag + " needs a number, got '" + value + "'";
         // Checked before any conversion (MB to bytes), so 1e30 cannot overflow (P4).
         const bool aboveLow = range.lowOpen ? parsed > range.low : parsed >= range.low;
         if (!(std::isfinite(parsed) && aboveLow && parsed <= range.high))
           return "invalid parameter " + named + ": " + value + "; use a number " + bounds;
         *where = parsed;
         return std::nullopt;
       }});
}

void OptionTable::addAnyReal(const std::string& flag, const std::string& valueName,
                             const std::string& group, const std::string& help, double& target,
                             const std::string& defaultText) {
  double* where = &target;
  const std::string shown = defaultText.empty() ? optionNumber(target) : defaultText;
  add({flag, valueName, group, help + " (default " + shown + ")",
       [flag, where](const std::string& value) -> std::optional<std::string> {
         if (!parseDoubleArg(value, *where))
           return "option " + flag + " needs a number, got '" + value + "'";
         return std::nullopt;
       }});
}

void OptionTable::addText(const std::string& flag, const std::string& valueName,
                          const std::string& group, const std::string& help, std::string& target) {
  std::string* where = &target;
  add({flag, valueName, group, help,
       [where](const std::string& value) -> std::optional<std::string> {
         *where = value;
         return std::nullopt;
       }});
}

void OptionTable::addSuffixed(const std::string& prefix, const std::string& wordName,
                              const std::string& valueName, const std::string& group,
                              const std::string& help, SuffixedApply apply) {
  const std::string listed = prefix + wordName;
  add({listed, valueName, group, help,
       [listed, prefix, wordName](const std::string&) -> std::optional<std::string> {
         return "option " + listed + ": write the " + wordName + " itself after " + prefix +
                ", e.g. " + prefix + "1 5 or " + prefix + "-1 0.5";
       }});
  suffixed_.push_back({prefix, valueName, std::move(apply)});
}

const OptionTable::SuffixedRow* OptionTable::findSuffixed(const std::string& arg) const {
  for (const SuffixedRow& row : suffixed_)
    if (arg.size() > row.prefix.size() && arg.rfind(row.prefix, 0) == 0) return &row;
  return nullptr;
}

const OptionRow* OptionTable::find(const std::string& flag) const {
  for (const OptionRow& row : rows_)
    if (row.flag == flag) return &row;
  return nullptr;
}

constexpr std::size_t kHelpColumns = 100;

std::string OptionTable::rowsHelp() const {
  std::size_t width = 0;
  for (const OptionRow& row : rows_)
    width =
        std::max(width, row.flag.size() + (row.valueName.empty() ? 0 : row.valueName.size() + 1));
  width = std::min<std::size_t>(width, 24) + 4;
  std::vector<std::string> groups;
  for (const OptionRow& row : rows_)
    if (std::find(groups.begin(), groups.end(), row.group) == groups.end())
      groups.push_back(row.group);
  std::string s;
  for (const std::string& group : groups) {
    s += "\n" + group + " options:\n";
    for (const OptionRow& row : rows_) {
      if (row.group != group) continue;
      std::string left = "  " + row.flag + (row.valueName.empty() ? "" : " " + row.valueName);
      if (left.size() + 1 > width) {
        left += "\n" + std::string(width, ' ');
      } else {
        left += std::string(width - left.size(), ' ');
      }
      // Lines of the help text ('\n' in it) are kept; longer ones wrap at kHelpColumns.
      std::string text;
      std::size_t column = width;
      std::size_t start = 0;
      while (start <= row.help.size()) {
        std::size_t end = row.help.find('\n', start);
        if (end == std::string::npos) end = row.help.size();
        if (start > 0) {
          text += "\n" + std::string(width, ' ');
          column = width;
        }
        std::size_t at = start;
        bool first = true;
        while (at < end) {
          std::size_t space = row.help.find(' ', at);
          if (space == std::string::npos || space > end) space = end;
          const std::string word = row.help.substr(at, space - at);
          if (!first && column + 1 + word.size() > kHelpColumns) {
            text += "\n" + std::string(width, ' ');
            column = width;
            first = true;
          }
          text += (first ? "" : " ") + word;
          column += (first ? 0 : 1) + word.size();
          first = false;
          at = space + 1;
        }
        start = end + 1;
      }
      s += left + text + "\n";
    }
  }
  return s;
}

std::string OptionTable::help() const {
  std::string s = "Usage: " + synopsis_ + "\n";
  if (!description_.empty()) s += description_ + "\n";
  s += rowsHelp();
  if (!epilogue_.empty()) s += "\n" + epilogue_;
  return s;
}

int OptionTable::usageError(std::ostream& err, const std::string& message) const {
  const std::string kpg = command_.empty() ? "kpg" : "kpg " + command_;
  err << kpg << ": " << message << "\nUsage: " << synopsis_ << "\n";
  return kExitUsage;
}

std::optional<int> OptionTable::parse(const std::vector<std::string>& args,
                                      std::vector<std::string>& positional, std::ostream& out,
                                      std::ostream& err) const {
  const std::string kpg = command_.empty() ? "kpg" : "kpg " + command_;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help") {
      out << help();
      return kExitOk;
    }
    if (arg == "-") return usageError(err, "a bare '-' is not a file name or an option");
    if (arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    std::string flag = arg;
    std::optional<std::string> inlineValue;
    const std::size_t equals = arg.find('=');
    if (arg.rfind("--", 0) == 0 && equals != std::string::npos) {
      flag = arg.substr(0, equals);
      inlineValue = arg.substr(equals + 1);
    }
    const OptionRow* row = find(flag);
    if (row == nullptr && !inlineValue) {
      if (const SuffixedRow* suffixed = findSuffixed(arg)) {
        if (!seen.insert(flag).second)
          return usageError(err, "option " + flag + " given twice; give it once");
        if (i + 1 >= args.size())
          return usageError(
              err, "option " + flag + " needs a value: " + flag + " " + suffixed->valueName);
        if (auto problem = suffixed->apply(arg.substr(suffixed->prefix.size()), args[++i]))
          return usageError(err, *problem);
        continue;
      }
    }
    if (row == nullptr) {
      return usageError(
          err, "unknown option '" + flag + "'; use '" + kpg + " --help' to list the options");
    }
    if (!seen.insert(flag).second)
      return usageError(err, "option " + flag + " given twice; give it once");
    if (row->applyPair) {
      if (inlineValue || i + 2 >= args.size())
        return usageError(err,
                          "option " + flag + " needs two values: " + flag + " " + row->valueName);
      if (auto problem = row->applyPair(args[i + 1], args[i + 2])) return usageError(err, *problem);
      i += 2;
      continue;
    }
    std::string value;
    if (row->valueName.empty()) {
      if (inlineValue)
        return usageError(err, "option " + flag + " takes no value; write " + flag + " alone");
    } else if (inlineValue) {
      value = *inlineValue;
    } else {
      if (i + 1 >= args.size())
        return usageError(err, "option " + flag + " needs a value: " + flag + " " + row->valueName);
      value = args[++i];
    }
    if (auto problem = row->apply(value)) return usageError(err, *problem);
  }
  return std::nullopt;
}

// ---- Shared groups ----

void addKernelOptions(OptionTable& table, KernelOptions& o) {
  KernelParams* kernel = &o.kernel;
  const int type = static_cast<int>(o.kernel.type);
  table.add({"-t", "kernel_type", "Kernel",
             "0 -- linear: u'*v\n1 -- polynomial: (gamma*u'*v + coef0)^degree\n"
             "2 -- radial basis function: exp(-gamma*|u-v|^2)\n"
             "3 -- sigmoid: tanh(gamma*u'*v + coef0)\n(default " +
                 std::to_string(type) + ")",
             [kernel](const std::string& value) -> std::optional<std::string> {
               long long whole = 0;
               if (!parseIntArg(value, whole) || whole < 0 || whole > 3)
                 return "-t " + value +
                        " is not supported; use 0 (linear), 1 (polynomial), 2 (rbf) or 3 "
                        "(sigmoid)";
               kernel->type = static_cast<KernelType>(whole);
               return std::nullopt;
             }});
  table.add({"-d", "degree", "Kernel",
             "degree of the polynomial kernel (default " + std::to_string(o.kernel.degree) + ")",
             [kernel](const std::string& value) -> std::optional<std::string> {
               long long whole = 0;
               if (!parseIntArg(value, whole))
                 return "option -d needs a whole number, got '" + value + "'";
               kernel->degree = static_cast<int>(whole);  // the range: validate(KernelParams)
               return std::nullopt;
             }});
  table.addAnyReal("-g", "gamma", "Kernel", "gamma of the polynomial, RBF and sigmoid kernels",
                   o.gamma, o.gamma == 0 ? "0, which means 1/num_features" : "");
  table.addAnyReal("-r", "coef0", "Kernel", "coef0 of the polynomial and sigmoid kernels",
                   o.kernel.coef0);
}

double resolveGamma(double gamma, Eigen::Index featureCount) {
  if (gamma != 0) return gamma;
  return 1.0 / static_cast<double>(std::max<Eigen::Index>(featureCount, 1));
}

const char* flagOfParameter(const std::string& parameter) {
  if (parameter == "c") return "-c (cost C)";
  if (parameter == "eps") return "-e (stopping tolerance eps)";
  if (parameter == "epsilon") return "-p (epsilon of the SVR tube)";
  if (parameter == "nu") return "-n (nu)";
  if (parameter == "svm_type") return "-s (svm type)";
  if (parameter == "probability") return "-b (probability estimates)";
  if (parameter == "cache_bytes") return "-m (cache size in MB)";
  if (parameter == "max_iterations") return "--max-iter";
  if (parameter == "gamma") return "-g (gamma)";
  if (parameter == "coef0") return "-r (coef0)";
  if (parameter == "degree") return "-d (degree)";
  if (parameter == "kernel_type") return "-t (kernel type)";
  if (parameter == "weight") return "-wi (class weight)";
  return nullptr;
}

std::optional<KernelParams> resolveKernel(const KernelOptions& options, Eigen::Index featureCount,
                                          const char* command, std::ostream& err) {
  KernelParams kernel = options.kernel;
  kernel.gamma = resolveGamma(options.gamma, featureCount);
  if (auto e = validate(kernel)) {
    const char* flag = flagOfParameter(e->parameter);
    err << "kpg " << command << ": invalid parameter " << (flag ? flag : e->parameter.c_str())
        << ": " << e->message << "\n";
    return std::nullopt;
  }
  return kernel;
}

void addDataOptions(OptionTable& table, DataOptions& data) {
  const std::string group = "Data file";
  table.addChoice<DataFormat>("--format", group, "data file format",
                              {{"libsvm", DataFormat::Libsvm}, {"csv", DataFormat::Csv}},
                              data.format);
  CsvReadOptions* labelCsv = &data.csv;
  table.add({"--label-column", "K", group,
             "CSV label column: 1-based, -1 last, a header name, auto (default auto)",
             [labelCsv](const std::string& value) -> std::optional<std::string> {
               long long whole = 0;
               labelCsv->labelName.clear();
               labelCsv->labelColumn = kAutoLabelColumn;
               if (value == "auto") return std::nullopt;
               if (parseIntArg(value, whole)) {
                 if (whole == 0 || whole < -1000000 || whole > 1000000)
                   return "--label-column needs 1, 2, ..., -1 (the last column), a header's "
                          "name or auto, got '" +
                          value + "'";
                 labelCsv->labelColumn = static_cast<int>(whole);
                 return std::nullopt;
               }
               if (value.empty() || value[0] == '-')
                 return "--label-column needs 1, 2, ..., -1 (the last column), a header's name "
                        "or auto, got '" +
                        value + "'";
               labelCsv->labelName = value;
               return std::nullopt;
             }});
  table.addChoice<CsvHeader>(
      "--header", group, "CSV header row; auto: a first row without numbers is a header",
      {{"auto", CsvHeader::Auto}, {"yes", CsvHeader::Present}, {"no", CsvHeader::Absent}},
      data.csv.header);
  table.addSwitch("--zero-based", group, "LIBSVM feature indices start at 0",
                  data.libsvm.zeroBased);
  LibsvmReadOptions* libsvm = &data.libsvm;
  CsvReadOptions* csv = &data.csv;
  table.add({"--lenient", "", group, "skip blank lines instead of stopping at them",
             [libsvm, csv](const std::string&) -> std::optional<std::string> {
               libsvm->skipBlankLines = csv->skipBlankLines = true;
               return std::nullopt;
             }});
  table.addInteger("--max-features", "n", group, "largest feature index accepted", 1, 2147483647LL,
                   data.libsvm.limits.maxFeatures);
  std::size_t* maxFileBytes = &data.maxFileBytes;
  table.add(
      {"--max-file-mb", "n", group,
       "largest input file read, in MiB (default " + std::to_string(data.maxFileBytes >> 20) + ")",
       [maxFileBytes](const std::string& value) -> std::optional<std::string> {
         long long whole = 0;
         if (!parseIntArg(value, whole) || whole < 1)
           return "--max-file-mb needs a whole number >= 1, got '" + value + "'";
         *maxFileBytes = static_cast<std::size_t>(whole) << 20;
         return std::nullopt;
       }});
}

}  // namespace kpg::cli
