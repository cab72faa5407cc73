#include "feature_space/map_exactness.hpp"

#include "data/number_text.hpp"

#include <cmath>

namespace kpg {

std::optional<KernelParams> matchingLibsvmKernel(const FeatureMap& map) {
  switch (map.kind) {
    case FeatureMapKind::Quadratic:
      // (s·φ(x))·(s·φ(z)) = s²(x·z)² = (s x·z + 0)².
      return KernelParams::polynomial(map.scale, 0.0, 2);
    case FeatureMapKind::Linear:
      // (s x)·(s z) = s² x·z = (s² x·z + 0)¹.
      if (map.scale == 1.0) return KernelParams::linear();
      return KernelParams::polynomial(map.scale * map.scale, 0.0, 1);
    case FeatureMapKind::Product:
    case FeatureMapKind::Squares:
    case FeatureMapKind::Paraboloid:
      return std::nullopt;
  }
  return std::nullopt;
}

MapTraining trainingFor(FeatureMapKind kind, double gamma) {
  switch (kind) {
    case FeatureMapKind::Quadratic:
      return {FeatureMap{kind, gamma}, KernelParams::polynomial(gamma, 0.0, 2), false};
    case FeatureMapKind::Linear:
      return {FeatureMap{kind, 1.0}, KernelParams::linear(), false};
    case FeatureMapKind::Product:
    case FeatureMapKind::Squares:
    case FeatureMapKind::Paraboloid:
      return {FeatureMap{kind, 1.0}, KernelParams::linear(), true};
  }
  return {};
}

namespace {

constexpr std::string_view kSubstitute =
    "; the 3-D view shows the first three kernel-PCA coordinates instead";

ExactMapAnswer noMap(std::string why) {
  return {std::nullopt, why + std::string(kSubstitute)};
}

ExactMapAnswer polynomialAnswer(const KernelParams& kernel) {
  const int p = kernel.degree;
  const double gamma = kernel.gamma;
  if (p == 0) return noMap("a polynomial of degree 0 is the constant k = 1: nothing to separate");
  if (gamma < 0) return noMap("a polynomial kernel with γ < 0 is not a LIBSVM kernel");
  if (kernel.coef0 != 0) {
    if (p == 1 && kernel.coef0 > 0) {
      return noMap(
          "γ x·z + r with r > 0 needs the constant coordinate √r besides √γ·(x₁, x₂), a "
          "copy of the plane lifted to height √r that this view does not draw");
    }
    if (p == 1)
      return noMap("γ x·z + r with r < 0 gives k(0, 0) = r < 0, which no feature map gives");
    const int coordinates = (p + 1) * (p + 2) / 2;
    return noMap("(γ x·z + r)^" + std::to_string(p) + " with r ≠ 0 mixes every degree up to " +
                 std::to_string(p) + ": its map needs " + std::to_string(coordinates) +
                 " coordinates (6 for degree 2, notes 001 \"The Kernel Trick\"), not 3");
  }
  if (p == 1) {
    return {FeatureMap{FeatureMapKind::Linear, std::sqrt(gamma)},
            "(γ x·z)¹ = φ(x)·φ(z) with φ(x) = √γ·(x₁, x₂, 0), γ = " + formatDisplay(gamma) +
                ": the plane itself, scaled"};
  }
  if (p == 2) {
    return {FeatureMap{FeatureMapKind::Quadratic, gamma},
            "(γ x·z)² = φ(x)·φ(z) with φ(x) = γ·(x₁², √2·x₁x₂, x₂²), γ = " + formatDisplay(gamma) +
                " (notes 000 \"(1) high dimensional spaces\")"};
  }
  return noMap("(γ x·z)^" + std::to_string(p) + " needs the " + std::to_string(p + 1) +
               " monomials of degree " + std::to_string(p) + " as coordinates, more than 3");
}

}  // namespace

ExactMapAnswer exactFeatureMap(const KernelParams& kernel) {
  switch (kernel.type) {
    case KernelType::Linear:
      return {FeatureMap{FeatureMapKind::Linear, 1.0},
              "x·z = φ(x)·φ(z) with φ(x) = (x₁, x₂, 0): the plane itself"};
    case KernelType::Polynomial:
      return polynomialAnswer(kernel);
    case KernelType::Rbf:
      return noMap(
          "the RBF kernel exp(−γ‖x − z‖²) has no finite feature map: its φ has "
          "infinitely many coordinates (notes 000 \"Notable kernels\")");
    case KernelType::Sigmoid:
      return noMap(
          "the sigmoid kernel tanh(γ x·z + r) is not positive semi-definite in general, "
          "so no feature map gives it (notes 004, Mercer's theorem)");
  }
  return noMap("unknown kernel");
}

}  // namespace kpg
