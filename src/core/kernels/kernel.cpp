#include "kernels/kernel.hpp"

#include "data/number_text.hpp"

#include <cmath>

namespace kpg {

KernelParams KernelParams::linear() {
  return {KernelType::Linear, 1.0, 0.0, 1};
}

KernelParams KernelParams::polynomial(double gamma, double coef0, int degree) {
  return {KernelType::Polynomial, gamma, coef0, degree};
}

KernelParams KernelParams::rbf(double gamma) {
  return {KernelType::Rbf, gamma, 0.0, 3};
}

KernelParams KernelParams::rbfSigma(double sigma) {
  return {KernelType::Rbf, 1.0 / (2.0 * sigma * sigma), 0.0, 3};
}

KernelParams KernelParams::sigmoid(double gamma, double coef0) {
  return {KernelType::Sigmoid, gamma, coef0, 3};
}

namespace {

std::optional<ParameterError> checkFinite(const char* name, double value) {
  if (std::isfinite(value)) return std::nullopt;
  return ParameterError{name, std::string(name) + " must be a finite number, got " +
                                  (std::isnan(value) ? "NaN" : "infinity")};
}

}  // namespace

std::optional<ParameterError> validate(const KernelParams& params) {
  switch (params.type) {
    case KernelType::Linear:
      return std::nullopt;
    case KernelType::Polynomial:
      if (auto e = checkFinite("gamma", params.gamma)) return e;
      if (auto e = checkFinite("coef0", params.coef0)) return e;
      // LIBSVM allows gamma = 0 (a constant kernel); a negative u only flips signs of odd terms,
      // but LIBSVM rejects it, and so do we, so that a file accepted here is accepted there.
      if (params.gamma < 0)
        return ParameterError{"gamma", "gamma must be >= 0 (the polynomial's u in (u·x·x' + v)^p)"};
      if (params.degree < 0)
        return ParameterError{"degree", "degree must be >= 0 (the polynomial's p)"};
      // The repro of LIBSVM commit 745fdb0 (docs/bad-inputs.md P3) uses degree 1e9: pow() of such a degree
      // is non-finite for almost every input, so refuse it at the door instead of training on
      // infinities.
      if (params.degree > 100)
        return ParameterError{"degree",
                              "degree must be <= 100; higher powers overflow double "
                              "precision for any input that is not tiny"};
      return std::nullopt;
    case KernelType::Rbf:
      if (auto e = checkFinite("gamma", params.gamma)) return e;
      if (params.gamma < 0)
        return ParameterError{"gamma", "gamma must be >= 0 in exp(-gamma·‖x − x'‖²)"};
      return std::nullopt;
    case KernelType::Sigmoid:
      if (auto e = checkFinite("gamma", params.gamma)) return e;
      if (auto e = checkFinite("coef0", params.coef0)) return e;
      if (params.gamma < 0)
        return ParameterError{"gamma", "gamma must be >= 0 in tanh(gamma·x·x' + r)"};
      return std::nullopt;
  }
  return ParameterError{"kernel_type", "unknown kernel type"};
}

double kernelFromProducts(const KernelParams& params, double dot, double squaredDistance) {
  switch (params.type) {
    case KernelType::Linear:
      return dot;
    case KernelType::Polynomial:
      return std::pow(params.gamma * dot + params.coef0, params.degree);
    case KernelType::Rbf:
      return std::exp(-params.gamma * squaredDistance);
    case KernelType::Sigmoid:
      return std::tanh(params.gamma * dot + params.coef0);
  }
  return 0.0;
}

double kernelValue(const KernelParams& params, const VectorRef& a, const VectorRef& b) {
  if (kernelUsesDistance(params)) return kernelFromProducts(params, 0.0, (a - b).squaredNorm());
  return kernelFromProducts(params, a.dot(b), 0.0);
}

std::string_view kernelTypeName(KernelType type) {
  switch (type) {
    case KernelType::Linear:
      return "linear";
    case KernelType::Polynomial:
      return "polynomial";
    case KernelType::Rbf:
      return "rbf";
    case KernelType::Sigmoid:
      return "sigmoid";
  }
  return "unknown";
}

std::optional<KernelType> kernelTypeFromName(std::string_view name) {
  for (KernelType t :
       {KernelType::Linear, KernelType::Polynomial, KernelType::Rbf, KernelType::Sigmoid}) {
    if (kernelTypeName(t) == name) return t;
  }
  return std::nullopt;
}

std::string describe(const KernelParams& params) {
  // Numbers in the one display form (formatDisplay: %g's six digits, '.' in every locale).
  const std::string gamma = formatDisplay(params.gamma);
  const std::string coef0 = formatDisplay(params.coef0);
  switch (params.type) {
    case KernelType::Linear:
      return "x·x'";
    case KernelType::Polynomial:
      // The degree as a superscript, as the notes write (γ x·x' + r)ᵖ: no "^" on screen.
      return "(" + gamma + "·x·x' + " + coef0 + ")" + superscript(params.degree);
    case KernelType::Rbf:
      return "exp(−" + gamma + "·‖x − x'‖²)";
    case KernelType::Sigmoid:
      return "tanh(" + gamma + "·x·x' + " + coef0 + ")";
  }
  return "unknown kernel";
}

}  // namespace kpg
