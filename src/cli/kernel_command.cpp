// `kpg kernel`: the Gram matrix G_ij = k(x_i, x_j) of a data file and its spectrum (course-notes
// 000 "Mercer", 001 "Gram Matrix"): a kernel is positive semi-definite iff every Gram matrix is,
// so a negative eigenvalue beyond rounding shows the kernel (e.g. sigmoid) is not a Mercer kernel
// on this data. The verdict tolerance is n·ε·max|λ|, the size of eigen-solver rounding.
// The n×n matrix is refused above --max-samples before it is allocated (docs/bad-inputs.md R1).

#include "command.hpp"
#include "data/number_text.hpp"
#include "kernels/gram_matrix.hpp"
#include "svm/sparse_kernel.hpp"
#include "svm_options.hpp"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <ostream>
#include <utility>

namespace kpg::cli {

namespace {

const char* const kUsage = "Usage: kpg kernel [options] data_file\n";

int runKernel(CommandContext& context) {
  SvmCommandOptions o;
  const unsigned groups = kKernelFlags | kKernelCommand | kDataFlags;
  if (auto code = parseSvmOptions(context.args, groups, "kernel", kUsage, o, context.err))
    return *code;
  if (o.help) {
    context.out << kUsage << optionsHelp(groups)
                << "\nPrints the Gram matrix (one row per line), its eigenvalues in increasing\n"
                   "order, the most negative eigenvalue and whether the matrix is positive\n"
                   "semi-definite. Exit codes: 0 ok, 1 bad option, 2 bad data, 4 too many "
                   "samples.\n";
    return kExitOk;
  }
  if (o.positional.size() != 1) {
    context.err << "kpg kernel: expected one data_file\n\n" << kUsage << optionsHelp(groups);
    return kExitUsage;
  }
  // LIBSVM files are read as sparse rows; the Gram matrix is computed on them when they are
  // mostly zeros (F4: a 2 KB file with index 435113 took 77 s and 194 MB densified), on the
  // dense matrix otherwise.
  SampleData data;
  if (!loadSampleData(o.positional[0], o.data, data, context.err)) return kExitBadInput;
  const Eigen::Index samples = data.size();
  const Eigen::Index dimension = data.dimension();
  if (!resolveAndValidate(o, dimension, "kernel", context.err)) return kExitUsage;
  if (samples > o.maxSamples) {
    const double gib =
        static_cast<double>(samples) * static_cast<double>(samples) * 8.0 / (1 << 30);
    context.err << "kpg kernel: " << samples << " samples: the Gram matrix needs "
                << formatDouble(std::round(gib * 100) / 100) << " GiB; the limit is "
                << o.maxSamples << " samples (--max-samples)\n";
    return kExitResource;
  }
  const Matrix g = data.isSparse ? gramMatrix(o.params.kernel, data.sparse.x)
                                 : gramMatrix(o.params.kernel, data.dense.x);
  if (!g.allFinite()) {
    context.err << "kpg kernel: the Gram matrix has non-finite entries (scale the data or "
                   "lower gamma/degree)\n";
    return kExitBadInput;
  }
  context.out << "kernel: " << describe(o.params.kernel) << "\n";
  if (o.printMatrix) {
    context.out << "gram_matrix " << g.rows() << "x" << g.cols() << "\n";
    for (Eigen::Index i = 0; i < g.rows(); ++i) {
      for (Eigen::Index j = 0; j < g.cols(); ++j)
        context.out << (j ? " " : "") << formatDouble(g(i, j));
      context.out << "\n";
    }
  }
  const Eigen::SelfAdjointEigenSolver<Matrix> eigen(g, Eigen::EigenvaluesOnly);
  const Vector& lambda = eigen.eigenvalues();  // increasing
  context.out << "eigenvalues";
  for (Eigen::Index i = 0; i < lambda.size(); ++i) context.out << " " << formatDouble(lambda(i));
  context.out << "\n";
  const double scale = lambda.cwiseAbs().maxCoeff();
  const double tolerance = static_cast<double>(lambda.size()) *
                           std::numeric_limits<double>::epsilon() * std::max(scale, 1.0);
  const double smallest = lambda(0);
  context.out << "most_negative_eigenvalue " << formatDouble(std::min(smallest, 0.0)) << "\n";
  if (smallest >= -tolerance) {
    context.out << "psd yes (every eigenvalue >= -" << formatDouble(tolerance) << ")\n";
  } else {
    context.out << "psd no (eigenvalue " << formatDouble(smallest) << " < -"
                << formatDouble(tolerance) << "; this kernel is not positive semi-definite "
                << "on this data)\n";
  }
  return kExitOk;
}

const Registration kKernel({"kernel", "Gram matrix of a data file, its eigenvalues and PSD verdict",
                            runKernel});

}  // namespace

}  // namespace kpg::cli
