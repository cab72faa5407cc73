#pragma once
// Rätsch's IDA benchmark realizations, read from the folder passed as `kpg reproduce --data DIR`
// (the data are not in the repository): per data set a folder of
// `<name>_{train,test}_{data,labels}_<k>.asc`, whitespace-separated rows, labels ±1.

#include "kernels/kernel.hpp"

#include <optional>
#include <string>
#include <vector>

namespace kpg::cli {

struct IdaRealization {
  int index = 0;  // k, from 1
  Matrix trainX;
  Vector trainY;
  Matrix testX;
  Vector testY;
};

struct IdaLoad {
  std::optional<IdaRealization> realization;
  std::string error;  // "path:line:column: what; what to do" when realization is empty
};

// Realization numbers k (ascending) for which all four files exist in `folder`.
std::vector<int> availableRealizations(const std::string& folder, const std::string& name);

IdaLoad loadIdaRealization(const std::string& folder, const std::string& name, int k);

}  // namespace kpg::cli
