#include "method_cli.hpp"

#include "data/number_text.hpp"

#include <ostream>

namespace kpg::cli {

std::string accuracy(long long correct, long long total) {
  const double percent =
      total > 0 ? 100.0 * static_cast<double>(correct) / static_cast<double>(total) : 0.0;
  return formatDisplay(percent) + "% (" + std::to_string(correct) + "/" + std::to_string(total) +
         ")";
}

std::optional<int> parseMethodOptions(OptionTable& table, MethodOptions& options,
                                      CommandContext& context) {
  addKernelOptions(table, options.kernel);
  addDataOptions(table, options.data);
  return table.parse(context.args, options.positional, context.out, context.err);
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
