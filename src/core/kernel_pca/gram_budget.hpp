#pragma once
// The memory check that runs before an n×n kernel matrix is allocated (docs/bad-inputs.md R1,
// after scikit-learn #9690 and #19479, where KernelPCA on large n died in the allocator). Kernel
// PCA, kernel k-means, the kernel perceptron and the kernel Fisher discriminant all hold one or
// more n×n matrices of doubles; each passes how many it holds at once.

#include <cstddef>
#include <optional>
#include <string>

namespace kpg {

// 1 GiB: a browser tab's heap is capped at 2–4 GiB, and the CLI should not swap a laptop.
inline constexpr std::size_t kDefaultGramBudgetBytes = std::size_t{1} << 30;

// Bytes for `matrices` dense n×n double matrices, saturating instead of overflowing.
double gramBytes(long long n, int matrices);

// An error "needs X GiB; budget Y GiB" when the matrices do not fit the budget, else nothing.
std::optional<std::string> checkGramBudget(long long n, int matrices, std::size_t budgetBytes,
                                           const char* what);

}  // namespace kpg
