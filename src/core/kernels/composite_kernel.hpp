#pragma once
// Kernels built by the construction rules of course-notes 000 "Building Kernel": if k1, k2 are
// kernels, so are
//   c1 k1 + c2 k2 (c > 0)          Kernel::sum({{c1, k1}, {c2, k2}}), k.scaled(c)
//   k1 k2                          Kernel::product({k1, k2})
//   q(k1), q with coefficients ≥ 0 Kernel::polynomialOf(k1, {a0, a1, a2, ...}) = Σ a_m k1^m
//   exp(k1)                        Kernel::expOf(k1)
//   f(x) k1(x, x') f(x')           Kernel::warped(k1, f), f any function (a few named ones or a
//                                  callable)
//   xᵀ A x', A symmetric PSD       Kernel::quadraticForm(A)
//   k_a(x_a, x'_a) ∘ k_b(x_b, x'_b)  Kernel::onFeatures(k_a, {indices}) combined by sum/product
// The leaves are the base kernels of kernel.hpp (KernelParams).
//
// A Kernel is an immutable value (a shared tree), cheap to copy. Construction never fails
// loudly: a rule applied to bad input (an empty sum, a weight ≤ 0 or NaN, a negative polynomial
// coefficient, a non-PSD A, a feature index < 0) yields a Kernel whose validate() names the
// problem (docs/bad-inputs.md P5) and whose value is NaN. Each rule preserves Mercer's
// condition, so a valid Kernel built from PSD leaves is PSD; a sigmoid leaf is not PSD in
// general, and a mix containing one is checked only on data (mercer.hpp).

#include "kernels/kernel.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kpg {

// f in f(x) k(x, x') f(x').
struct Warp {
  enum class Kind {
    Constant,     // f(x) = value
    Gaussian,     // f(x) = exp(−value·‖x‖²): exp(2γ x·x') warped by it is the RBF kernel
    InverseNorm,  // f(x) = 1/‖x‖ (0 at x = 0): turns the linear kernel into the cosine
    Callable      // f(x) = function(x)
  };
  Kind kind = Kind::Constant;
  double value = 1.0;
  std::function<double(const VectorRef&)> function;

  static Warp constant(double c) { return {Kind::Constant, c, {}}; }
  static Warp gaussian(double gamma) { return {Kind::Gaussian, gamma, {}}; }
  static Warp inverseNorm() { return {Kind::InverseNorm, 0.0, {}}; }
  static Warp callable(std::function<double(const VectorRef&)> f) {
    return {Kind::Callable, 0.0, std::move(f)};
  }
  double operator()(const VectorRef& x) const;
};

class Kernel {
 public:
  // The base kernel with these parameters.
  Kernel(const KernelParams& params = KernelParams::linear());  // NOLINT: a leaf converts

  static Kernel sum(const std::vector<std::pair<double, Kernel>>& weightedTerms);
  static Kernel product(const std::vector<Kernel>& factors);
  static Kernel polynomialOf(const Kernel& inner, const std::vector<double>& coefficients);
  static Kernel expOf(const Kernel& inner);
  static Kernel warped(const Kernel& inner, Warp f);
  static Kernel quadraticForm(const Matrix& a);
  static Kernel onFeatures(const Kernel& inner, const std::vector<Index>& features);
  Kernel scaled(double c) const;

  double operator()(const VectorRef& x, const VectorRef& y) const;
  // The first construction error in the tree, or a leaf's parameter error.
  std::optional<ParameterError> validate() const;
  // A formula, e.g. "2·(x·x') + exp(−0.5·‖x − x'‖²)".
  std::string describe() const;

  struct Node;

 private:
  explicit Kernel(std::shared_ptr<const Node> node);
  std::shared_ptr<const Node> node_;
};

Matrix gramMatrix(const Kernel& kernel, const Matrix& x);

}  // namespace kpg
