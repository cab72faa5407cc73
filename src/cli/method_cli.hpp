#pragma once
// Shared parts of the kernel-method commands (kpg perceptron, knn, kmeans, kpca, kfd): LIBSVM's
// kernel flags with svm-train's defaults (-t 2 -d 3 -g 1/num_features -r 0), command-specific
// flags declared as a table, and data loading through the SVM commands' reader (svm_cli_io.hpp).
// Usage errors (unknown flag, missing value, a flag given twice) print the usage and exit 1
// (../shared/BAD_INPUTS.md P6).

#include "data/dataset.hpp"
#include "kernels/kernel.hpp"
#include "svm_cli_io.hpp"

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kpg::cli {

struct MethodFlag {
  const char* name;       // "-k", "--mu"
  const char* valueName;  // nullptr for a switch
  const char* help;
};

struct MethodOptions {
  int kernelType = 2;  // -t, LIBSVM's default RBF
  int degree = 3;      // -d
  double gamma = 0;    // -g; 0 = 1/num_features, resolved after reading the data
  double coef0 = 0;    // -r
  std::map<std::string, std::string> values;  // command flags given, by name ("" for switches)
  std::vector<std::string> positional;
  DataOptions data;
  bool help = false;

  bool has(const std::string& flag) const { return values.count(flag) > 0; }
};

// Parses args; returns an exit code when the command must stop.
std::optional<int> parseMethodOptions(const std::vector<std::string>& args,
                                      const std::vector<MethodFlag>& flags, bool kernelFlags,
                                      const char* command, const std::string& usage,
                                      MethodOptions& options, std::ostream& err);

// "usage line" + flag table + kernel flags.
std::string methodUsage(const char* synopsis, const char* description,
                        const std::vector<MethodFlag>& flags, bool kernelFlags);

// The kernel from -t -d -g -r, gamma resolved against the data's dimension; nullopt after
// printing the error.
std::optional<KernelParams> resolveKernel(const MethodOptions& options, Eigen::Index features,
                                          const char* command, std::ostream& err);

// Typed access to a flag's value with range checks; prints the error and returns false.
bool flagInt(const MethodOptions& options, const std::string& flag, long long low, long long high,
             long long& value, const char* command, std::ostream& err);
bool flagDouble(const MethodOptions& options, const std::string& flag, double low, double& value,
                const char* command, std::ostream& err);

// Loads a data file; on error prints it and returns false (the caller exits with 2).
bool loadMethodData(const std::string& path, const MethodOptions& options, Dataset& data,
                    std::ostream& err);

// Test data must have the training data's dimension; narrower files are padded with zeros
// (sparse semantics: absent features are 0), wider ones are an error.
bool matchDimension(Dataset& test, Eigen::Index features, const char* command, std::ostream& err);

// "92.5% (37/40)"
std::string accuracy(long long correct, long long total);

// Shortest round-trip form of a double for output.
std::string number(double value);

}  // namespace kpg::cli
