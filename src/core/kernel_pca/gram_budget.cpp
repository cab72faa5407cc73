#include "kernel_pca/gram_budget.hpp"

#include <cstdio>

namespace kpg {

double gramBytes(long long n, int matrices) {
  // In double: n² overflows 64-bit integers only above n ≈ 3e9, but the product with 8 bytes and
  // the matrix count is safer kept out of integer arithmetic altogether.
  const double side = static_cast<double>(n);
  return side * side * 8.0 * static_cast<double>(matrices);
}

std::optional<std::string> checkGramBudget(long long n, int matrices, std::size_t budgetBytes,
                                           const char* what) {
  const double needed = gramBytes(n, matrices);
  const double budget = static_cast<double>(budgetBytes);
  if (needed <= budget) return std::nullopt;
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  char buffer[200];
  std::snprintf(buffer, sizeof buffer,
                "%s on %lld samples needs %.3g GiB (%d n×n matrices); budget %.3g GiB", what, n,
                needed / kGiB, matrices, budget / kGiB);
  return std::string(buffer);
}

}  // namespace kpg
