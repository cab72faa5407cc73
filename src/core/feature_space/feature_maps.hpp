#pragma once
// Explicit feature maps of the plane into 3-D, each with its kernel k(x, z) = φ(x)·φ(z), so that
// the kernel trick can be seen in the app's 3-D view and checked number for number:
// clang-format off
//   quadratic   φ(x) = (x₁², √2 x₁x₂, x₂²)    k(x, z) = (x·z)²           000 "(1) high dimensional
//                                                                       spaces"
//   product     φ(x) = (x₁, x₂, x₁x₂)         k(x, z) = x·z + x₁x₂z₁z₂   004 "The kernel trick", 1
//   squares     φ(x) = (x₁², x₂², 0)          k(x, z) = x₁²z₁² + x₂²z₂²  004 "The kernel trick", 2
//   paraboloid  φ(x) = (x₁, x₂, x₁² + x₂²)    k(x, z) = x·z + ‖x‖²‖z‖²   the lift other tools show
//   linear      φ(x) = (x₁, x₂, 0)            k(x, z) = x·z              000 "Notable kernels"
// clang-format on
// (004's examples 1 and 2; the linear kernel is 000's polynomial with u = 1, v = 0, p = 1.)
// Squares is the 2-D map (x₁², x₂²) of the notes, drawn in the plane x₃ = 0 of the 3-D view.
// Linear is not one of the four lifts: it is the map of the linear kernel, the answer of
// exactFeatureMap (map_exactness.hpp) for it, and the "no lift" baseline of the XOR exercise.
//
// How the lab's γ enters (FeatureMap::scale): a map may be scaled, φ_s = s·φ, k_s = s²·k. The
// lab's polynomial kernel (γ x·z + 0)² is exactly the quadratic map with s = γ, and γ x·z the
// linear map with s = √γ (map_exactness.hpp). The product, squares and paraboloid kernels are not
// LIBSVM kernels: the lab trains a linear SVM on the lifted points φ(xᵢ), whose linear kernel is
// exactly k = φ·φ, and γ does not enter them (s = 1).
//
// Every k below is computed from its closed form, not through φ, so that the tests compare two
// independent computations.

#include "kernels/kernel.hpp"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

enum class FeatureMapKind { Quadratic, Product, Squares, Paraboloid, Linear };

// A map of FeatureMapKind scaled by `scale`: φ(x) = scale·φ_kind(x), k = scale²·k_kind.
struct FeatureMap {
  FeatureMapKind kind = FeatureMapKind::Quadratic;
  double scale = 1.0;
};

// "quadratic", "product", "squares", "paraboloid", "linear".
std::string_view featureMapName(FeatureMapKind kind);
std::optional<FeatureMapKind> featureMapKindFromName(std::string_view name);
// The four lifts, in its order: quadratic, product, squares, paraboloid.
const std::vector<FeatureMapKind>& liftingMapKinds();

// What a person reads beside the 3-D view, e.g. for the quadratic map
// coordinates "φ(x) = (x₁², √2·x₁x₂, x₂²)", kernel "k(x, z) = (x·z)²", source the notes' section.
struct FeatureMapLabel {
  std::string_view coordinates;
  std::string_view kernel;
  std::string_view source;
};
FeatureMapLabel featureMapLabel(FeatureMapKind kind);
// The coordinates with the scale written out when it is not 1: "φ(x) = 0.5·(x₁², √2·x₁x₂, x₂²)".
std::string describe(const FeatureMap& map);

// The maps and their kernels, once each (the formulas of the header comment).
// 000 "(1) high dimensional spaces": φ(x) = (x₁², √2 x₁x₂, x₂²), k(x, z) = (x·z)².
Eigen::Vector3d quadraticMap(const Eigen::Vector2d& x);
double quadraticKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z);
// 004 "The kernel trick", example 1: φ(x, y) = (x, y, xy); k = x·z + x₁x₂z₁z₂.
Eigen::Vector3d productMap(const Eigen::Vector2d& x);
double productKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z);
// 004 "The kernel trick", example 2: φ(x, y) = (x², y²), drawn as (x², y², 0);
// k = x₁²z₁² + x₂²z₂².
Eigen::Vector3d squaresMap(const Eigen::Vector2d& x);
double squaresKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z);
// The paraboloid lift other teaching tools draw on two rings: φ(x) = (x₁, x₂, ‖x‖²); k = x·z + ‖x‖²‖z‖².
Eigen::Vector3d paraboloidMap(const Eigen::Vector2d& x);
double paraboloidKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z);
// 000 "Notable kernels", the polynomial with u = 1, v = 0, p = 1: φ(x) = (x₁, x₂, 0);
// k = x·z.
Eigen::Vector3d linearMap(const Eigen::Vector2d& x);
double linearKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z);

// φ(x) of a scaled map.
Eigen::Vector3d liftPoint(const FeatureMap& map, const Eigen::Vector2d& x);
// One φ(xᵢ) per row: n×2 → n×3. Points that are not 2-D (x.cols() ≠ 2) give an empty matrix.
Matrix liftPoints(const FeatureMap& map, const Matrix& x);
// k(x, z) = scale²·k_kind(x, z) from the closed form.
double featureMapKernel(const FeatureMap& map, const Eigen::Vector2d& x, const Eigen::Vector2d& z);

}  // namespace kpg
