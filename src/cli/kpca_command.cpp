// kpg kpca: kernel PCA (notes 000; Schölkopf et al. 1998).

#include "command.hpp"
#include "data/number_text.hpp"
#include "kernel_pca/kernel_pca.hpp"
#include "method_cli.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const char* const kDescription =
    "Kernel PCA of data_file (labels are ignored). Prints the eigenvalues of the centred\n"
    "Gram matrix (scikit-learn's eigenvalues_ convention), the explained-variance ratios and\n"
    "the projection of every sample of data_file, or of project_file when given (its kernel\n"
    "rows are centred with the training mean). A kernel that is not positive semi-definite\n"
    "is an error when its negative eigenvalues are significant.";

int run(CommandContext& c) {
  MethodOptions o;
  KernelPcaOptions ko;
  long long budgetMb = static_cast<long long>(ko.gramBudgetBytes >> 20);
  OptionTable t("kpca", "kpg kpca [options] data_file [project_file]", kDescription);
  t.addInteger("--components", "m", "Kernel PCA", "number of components", 1, 1000000,
               ko.components);
  t.addInteger("--budget-mb", "n", "Kernel PCA", "memory budget for the n*n matrices in MiB", 1,
               1LL << 30, budgetMb);
  if (auto code = parseMethodOptions(t, o, c)) return *code;
  if (o.positional.empty() || o.positional.size() > 2)
    return t.usageError(c.err, "expected a data file and optionally a file to project");
  ko.gramBudgetBytes = static_cast<std::size_t>(budgetMb) << 20;
  Dataset data, other;
  if (!loadMethodData(o.positional[0], o, data, c.err)) return kExitBadInput;
  if (o.positional.size() == 2) {
    if (!loadMethodData(o.positional[1], o, other, c.err)) return kExitBadInput;
    if (!matchDimension(other, data.dimension(), "kpca", c.err)) return kExitBadInput;
  }
  const auto kernel = resolveKernel(o.kernel, data.dimension(), "kpca", c.err);
  if (!kernel) return kExitUsage;
  KernelPca kpca;
  kpca.compute(data.x, *kernel, ko);
  if (kpca.info() != ComputeStatus::Success) {
    c.err << "kpg kpca: " << kpca.message() << "\n";
    return kpca.info() == ComputeStatus::OverBudget ? kExitResource : kExitBadInput;
  }
  if (kpca.negativeEigenvaluesClamped() || kpca.zeroComponents() > 0)
    c.err << "kpg kpca: warning: " << kpca.message() << "\n";
  const Matrix y =
      o.positional.size() == 2 ? kpca.projectRows(other.x) : kpca.trainingProjections();
  if (!y.allFinite()) {  // a point of project_file whose kernel values overflow (P3, G7)
    c.err << "kpg kpca: " << kKernelOverflowMessage << " (sample "
          << firstNonFiniteEntry(y)->row + 1 << " of " << o.positional.back() << ")\n";
    return kExitBadInput;
  }
  c.out << "kernel: " << describe(*kernel) << "\neigenvalues:";
  for (Eigen::Index i = 0; i < kpca.eigenvalues().size(); ++i)
    c.out << " " << formatExact(kpca.eigenvalues()(i));
  const Vector ratio = kpca.explainedVarianceRatio();
  c.out << "\nexplained variance ratio:";
  for (Eigen::Index i = 0; i < ratio.size(); ++i) c.out << " " << formatExact(ratio(i));
  c.out << "\nprojections:\n";
  for (Eigen::Index r = 0; r < y.rows(); ++r) {
    for (Eigen::Index j = 0; j < y.cols(); ++j) c.out << (j ? " " : "") << formatExact(y(r, j));
    c.out << "\n";
  }
  return kExitOk;
}

const Registration kRegistration({"kpca", "kernel PCA (notes 000)", run});

}  // namespace
}  // namespace kpg::cli
