#pragma once
// The four base kernels of the course and of LIBSVM (course-notes 000 "Notable kernels", 004
// "Kernels"; LIBSVM's -t 0..3):
// clang-format off
//   linear      k(x, x') = x·x'
//   polynomial  k(x, x') = (u·x·x' + v)^p    u = gamma, v = coef0, p = degree
//   Gaussian    k(x, x') = exp(−γ‖x − x'‖²)  σ form: γ = 1/(2σ²)
//   sigmoid     k(x, x') = tanh(γ·x·x' + r)  r = coef0; not positive semi-definite in general
// clang-format on
// The parameter names are LIBSVM's so that a model file maps onto this struct field by field.
// kernelValue() below evaluates one pair and is the scalar reference; every Gram matrix and Q
// column goes through kernelColumn() (kernel_block.hpp), which the tests hold to it.

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>

namespace kpg {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;  // one sample per row
using VectorRef = Eigen::Ref<const Vector>;
using Index = Eigen::Index;

// The numeric values are LIBSVM's kernel_type codes (-t).
enum class KernelType { Linear = 0, Polynomial = 1, Rbf = 2, Sigmoid = 3 };

struct KernelParams {
  KernelType type = KernelType::Rbf;
  double gamma = 1.0;
  double coef0 = 0.0;
  int degree = 3;

  static KernelParams linear();
  static KernelParams polynomial(double gamma, double coef0, int degree);
  static KernelParams rbf(double gamma);
  // Gaussian kernel written with a width σ, exp(−‖x − x'‖²/(2σ²)) (course-notes 000).
  static KernelParams rbfSigma(double sigma);
  static KernelParams sigmoid(double gamma, double coef0);

  friend bool operator==(const KernelParams& a, const KernelParams& b) {
    return a.type == b.type && a.gamma == b.gamma && a.coef0 == b.coef0 && a.degree == b.degree;
  }
  friend bool operator!=(const KernelParams& a, const KernelParams& b) { return !(a == b); }
};

// A rejected parameter: which one, and a sentence saying what is wrong and what to do.
struct ParameterError {
  std::string parameter;
  std::string message;
};

// docs/bad-inputs.md P3, G7: the one sentence every trainer (CLI, app, every kernel method) gives
// when a kernel value k(x, x') is not finite, instead of training on NaN.
inline constexpr std::string_view kKernelOverflowMessage =
    "kernel values overflow (not finite) for these points: lower gamma or the degree, or scale "
    "the data to a small range such as [-1, 1] (svm-scale)";

// Rejects what LIBSVM's svm_check_parameter rejects, and NaN/inf, which it lets through
// (docs/bad-inputs.md P1, P3). Only the parameters the kernel type uses are checked.
std::optional<ParameterError> validate(const KernelParams& params);

// The formulas of the four kernels, once: k from x·x' (`dot`) or ‖x − x'‖² (`squaredDistance`);
// only the one the kernel type uses is read (kernelUsesDistance). kernelValue and the sparse
// rows' kernel (svm/sparse_kernel.hpp) evaluate through it; kernelColumn (kernel_block.hpp) is
// its vectorized column form, held to it by tests/core/kernels/kernel_block_test.cpp.
double kernelFromProducts(const KernelParams& params, double dot, double squaredDistance);

// True when the kernel reads ‖x − x'‖² rather than x·x'.
inline bool kernelUsesDistance(const KernelParams& params) {
  return params.type == KernelType::Rbf;
}

double kernelValue(const KernelParams& params, const VectorRef& a, const VectorRef& b);

// "linear", "polynomial", "rbf", "sigmoid": LIBSVM's kernel_type names in model files.
std::string_view kernelTypeName(KernelType type);
std::optional<KernelType> kernelTypeFromName(std::string_view name);

// A human-readable formula with the parameter values, e.g. "exp(-0.5·‖x − x'‖²)".
std::string describe(const KernelParams& params);

}  // namespace kpg
