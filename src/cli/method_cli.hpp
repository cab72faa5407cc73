#pragma once
// Shared parts of the kernel-method commands (kpg perceptron, knn, kmeans, kpca, kfd): the kernel
// and data-file groups of the one option parser (options.hpp), with svm-train's kernel defaults
// (-t 2 -d 3 -g 1/num_features -r 0), and data loading through the SVM commands' reader
// (svm_cli_io.hpp).

#include "command.hpp"
#include "data/dataset.hpp"
#include "options.hpp"
#include "svm_cli_io.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace kpg::cli {

struct MethodOptions {
  KernelOptions kernel;  // -t -d -g -r
  DataOptions data;
  std::vector<std::string> positional;
};

// Adds the kernel and data-file groups after the command's own rows of `table` and parses the
// command line; returns the exit code when the command must stop (a usage error, or --help
// printed).
std::optional<int> parseMethodOptions(OptionTable& table, MethodOptions& options,
                                      CommandContext& context);

// Loads a data file; on error prints it and returns false (the caller exits with 2).
bool loadMethodData(const std::string& path, const MethodOptions& options, Dataset& data,
                    std::ostream& err);

// Test data must have the training data's dimension; narrower files are padded with zeros
// (sparse semantics: absent features are 0), wider ones are an error.
bool matchDimension(Dataset& test, Eigen::Index features, const char* command, std::ostream& err);

// "92.5% (37/40)": the percentage as svm-predict prints its accuracy (%g).
std::string accuracy(long long correct, long long total);

}  // namespace kpg::cli
