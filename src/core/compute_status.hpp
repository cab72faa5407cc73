#pragma once
// One status family for the closed-form methods of the core (kernel PCA, Fisher's discriminant,
// kernel k-NN), as Eigen's ComputationInfo serves every decomposition: `compute(...)` returns the
// object, `info()` says whether it worked, `message()` says what went wrong and what to do
// (docs/bad-inputs.md). The stepping algorithms speak run_status.hpp instead; a one-shot method
// has no "running" and no cap.

#include <string_view>

namespace kpg {

enum class ComputeStatus {
  NotComputed,              // compute() was not called, or the object was reset
  Success,                  // the result is valid
  InvalidInput,             // the data, the kernel or the options were refused before computing
  NotPositiveSemidefinite,  // the centred Gram matrix has significant negative eigenvalues (G9)
  NoVariance,               // every point is the same in feature space: no direction to find (G10)
  NoSeparation,             // the class means coincide in feature space: no discriminant
  OverBudget,               // the n×n matrices would exceed the byte budget (R1)
};

// The words for a status on screen and in files.
constexpr std::string_view computeStatusWords(ComputeStatus status) {
  switch (status) {
    case ComputeStatus::NotComputed:
      return "not computed";
    case ComputeStatus::Success:
      return "success";
    case ComputeStatus::InvalidInput:
      return "invalid input";
    case ComputeStatus::NotPositiveSemidefinite:
      return "not positive semidefinite";
    case ComputeStatus::NoVariance:
      return "no variance";
    case ComputeStatus::NoSeparation:
      return "no separation";
    case ComputeStatus::OverBudget:
      return "over budget";
  }
  return "unknown";
}

}  // namespace kpg
