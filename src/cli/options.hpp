#pragma once
// The one option parser of every kpg command (train, predict, trace, kernel, the kernel methods,
// example, reproduce and the dispatcher's --help/--version). A command declares a table of rows
// {flag, value name, group, help, apply}; parsing, the usage errors and the --help text all come
// from that table, so a default or a range printed by --help is the one the code applies.
//
// The rules, the same in every command (README "The kpg command-line tool"):
//  * only --help prints help; -h is LIBSVM's shrinking flag where LIBSVM has it (train, trace) and
//    an unknown option elsewhere;
//  * -g 0 means 1/num_features (svm-train's rule) wherever the kernel group is taken;
//  * a flag given twice, an unknown flag, a missing or malformed value are usage errors (exit 1,
//    docs/bad-inputs.md P6) naming the flag, what is wrong and what to do;
//  * long options taking a value also accept --flag=value.

#include "data/dataset.hpp"
#include "kernels/kernel.hpp"
#include "svm_cli_io.hpp"

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kpg::cli {

struct OptionRow {
  std::string flag;       // "-c", "--label-column"
  std::string valueName;  // "cost"; empty for a switch
  std::string group;      // the heading the row is listed under in --help
  std::string help;       // the text of --help, default and range included ('\n' continues)
  // Stores the value (empty for a switch); returns what is wrong with it, as a sentence that names
  // the flag and says what it takes.
  std::function<std::optional<std::string>(const std::string& value)> apply;
  // Set instead of `apply` for a flag that takes two values, as svm-scale's -y y_lower y_upper:
  // both are the next two arguments (valueName names both).
  std::function<std::optional<std::string>(const std::string& first, const std::string& second)>
      applyPair = {};
};

// Closed range of a numeric option; a bound is printed in the help and in the error.
struct NumberRange {
  double low;
  double high;
  bool lowOpen = false;  // low < value instead of low <= value
};

class OptionTable {
 public:
  // `command` as typed after kpg ("train"; empty for the dispatcher); `synopsis` the usage line
  // without "Usage: "; `description` the paragraph printed under it by --help (may be empty).
  OptionTable(std::string command, std::string synopsis, std::string description = {});

  void add(OptionRow row);
  void addSwitch(const std::string& flag, const std::string& group, const std::string& help,
                 bool& target);
  // Whole numbers in [low, high]; the help gets "(default N)" from target's value unless
  // `defaultText` is given.
  template <class Integer>
  void addInteger(const std::string& flag, const std::string& valueName, const std::string& group,
                  const std::string& help, long long low, long long high, Integer& target,
                  const std::string& defaultText = {}, const std::string& what = {});
  // Finite numbers in `range`; `what` says what the number is, for the error ("cost C").
  void addReal(const std::string& flag, const std::string& valueName, const std::string& what,
               const std::string& group, const std::string& help, NumberRange range, double& target,
               const std::string& defaultText = {});
  // Finite or not: the core's validate() checks the value later and names the flag
  // (flagOfParameter), with the reason in the course's words.
  void addAnyReal(const std::string& flag, const std::string& valueName, const std::string& group,
                  const std::string& help, double& target, const std::string& defaultText = {});
  // One of the listed words; the value name is "word1|word2|..." and the default is the word of
  // target's value.
  template <class T>
  void addChoice(const std::string& flag, const std::string& group, const std::string& help,
                 const std::vector<std::pair<std::string, T>>& words, T& target);
  void addText(const std::string& flag, const std::string& valueName, const std::string& group,
               const std::string& help, std::string& target);
  // A flag with a word glued to it, as LIBSVM's -wi (svm-train.c: "-w1 2", "-w-1 0.5"): any
  // argument "<prefix><word>" not matched by another row is handed to `apply` with the word and
  // the next argument. --help lists it as prefix + wordName ("-wi weight"); typed literally,
  // "-wi" is an error that says to put a class label in place of i.
  using SuffixedApply =
      std::function<std::optional<std::string>(const std::string& word, const std::string& value)>;
  void addSuffixed(const std::string& prefix, const std::string& wordName,
                   const std::string& valueName, const std::string& group, const std::string& help,
                   SuffixedApply apply);

  // Parses `args`. Returns an exit code when the command must stop: kExitUsage after printing the
  // error, or kExitOk after printing --help to `out`. Positional arguments go to `positional`.
  std::optional<int> parse(const std::vector<std::string>& args,
                           std::vector<std::string>& positional, std::ostream& out,
                           std::ostream& err) const;

  // "Usage: ...", the description and every row grouped under its heading.
  std::string help() const;
  // The rows alone, grouped (the part of help() after the description).
  std::string rowsHelp() const;
  // Prints "kpg <command>: message", the usage line and where to find the options; kExitUsage.
  int usageError(std::ostream& err, const std::string& message) const;
  void setEpilogue(std::string text) { epilogue_ = std::move(text); }

  const std::vector<OptionRow>& rows() const { return rows_; }

 private:
  const OptionRow* find(const std::string& flag) const;

  struct SuffixedRow {
    std::string prefix;
    std::string valueName;
    SuffixedApply apply;
  };
  // The suffixed row whose prefix starts `arg` (and is shorter), or nullptr.
  const SuffixedRow* findSuffixed(const std::string& arg) const;

  std::string command_;
  std::string synopsis_;
  std::string description_;
  std::string epilogue_;
  std::vector<OptionRow> rows_;
  std::vector<SuffixedRow> suffixed_;
};

// "1", "0.001", "1e+30": how a default or a bound is printed in help and errors.
std::string optionNumber(double value);
// "from 1 to 1000000", or ">= 1" when high is beyond any sensible value.
std::string integerRange(long long low, long long high);

template <class Integer>
void OptionTable::addInteger(const std::string& flag, const std::string& valueName,
                             const std::string& group, const std::string& help, long long low,
                             long long high, Integer& target, const std::string& defaultText,
                             const std::string& what) {
  Integer* where = &target;
  const std::string shown =
      defaultText.empty() ? std::to_string(static_cast<long long>(target)) : defaultText;
  const std::string range = integerRange(low, high);
  const std::string named = what.empty() ? flag : flag + " (" + what + ")";
  add({flag, valueName, group, help + " (" + range + ", default " + shown + ")",
       [flag, named, range, low, high,
        where](const std::string& value) -> std::optional<std::string> {
         long long parsed = 0;
         if (!parseIntArg(value, parsed))
           return "option " + flag + " needs a whole number, got '" + value + "'";
         if (parsed < low || parsed > high)
           return "invalid parameter " + named + ": " + value + "; use a whole number " + range;
         *where = static_cast<Integer>(parsed);
         return std::nullopt;
       }});
}

template <class T>
void OptionTable::addChoice(const std::string& flag, const std::string& group,
                            const std::string& help,
                            const std::vector<std::pair<std::string, T>>& words, T& target) {
  std::string valueName, listed, shown;
  for (std::size_t k = 0; k < words.size(); ++k) {
    valueName += (k ? "|" : "") + words[k].first;
    listed += (k == 0 ? "" : k + 1 == words.size() ? " or " : ", ") + words[k].first;
    if (words[k].second == target) shown = words[k].first;
  }
  T* where = &target;
  add({flag, valueName, group, help + (shown.empty() ? "" : " (default " + shown + ")"),
       [flag, words, listed, where](const std::string& value) -> std::optional<std::string> {
         for (const auto& [word, meaning] : words) {
           if (word == value) {
             *where = meaning;
             return std::nullopt;
           }
         }
         return flag + " " + value + ": use " + listed;
       }});
}

// ---- The groups shared by several commands, declared once ----

// -t -d -g -r with svm-train's defaults and meaning; gamma 0 (the default) is resolved to
// 1/num_features by resolveGamma once the data's dimension is known.
struct KernelOptions {
  KernelParams kernel;  // LIBSVM's defaults: RBF, degree 3, coef0 0 (kernels/kernel.hpp)
  double gamma = 0;     // as given; 0 = 1/num_features
};
void addKernelOptions(OptionTable& table, KernelOptions& options);

// svm-train.c read_problem: gamma 0 means 1/num_features (the largest feature index).
double resolveGamma(double gamma, Eigen::Index featureCount);

// The kernel of `options` with gamma resolved and validated; on a bad parameter prints
// "kpg <command>: invalid parameter -g (gamma): ..." and returns nullopt (exit 1).
std::optional<KernelParams> resolveKernel(const KernelOptions& options, Eigen::Index featureCount,
                                          const char* command, std::ostream& err);

// The flag behind a core parameter name (validate()'s ParameterError::parameter), for messages:
// "gamma" → "-g (gamma)"; nullptr when no flag sets it.
const char* flagOfParameter(const std::string& parameter);

// --format --label-column --header --zero-based --lenient --max-features --max-file-mb.
void addDataOptions(OptionTable& table, DataOptions& data);

}  // namespace kpg::cli
