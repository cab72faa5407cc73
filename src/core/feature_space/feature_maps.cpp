#include "feature_space/feature_maps.hpp"

#include "data/number_text.hpp"

#include <cmath>

namespace kpg {

std::string_view featureMapName(FeatureMapKind kind) {
  switch (kind) {
    case FeatureMapKind::Quadratic:
      return "quadratic";
    case FeatureMapKind::Product:
      return "product";
    case FeatureMapKind::Squares:
      return "squares";
    case FeatureMapKind::Paraboloid:
      return "paraboloid";
    case FeatureMapKind::Linear:
      return "linear";
  }
  return "";
}

std::optional<FeatureMapKind> featureMapKindFromName(std::string_view name) {
  for (FeatureMapKind kind :
       {FeatureMapKind::Quadratic, FeatureMapKind::Product, FeatureMapKind::Squares,
        FeatureMapKind::Paraboloid, FeatureMapKind::Linear}) {
    if (featureMapName(kind) == name) return kind;
  }
  return std::nullopt;
}

const std::vector<FeatureMapKind>& liftingMapKinds() {
  static const std::vector<FeatureMapKind> kinds{FeatureMapKind::Quadratic, FeatureMapKind::Product,
                                                 FeatureMapKind::Squares,
                                                 FeatureMapKind::Paraboloid};
  return kinds;
}

FeatureMapLabel featureMapLabel(FeatureMapKind kind) {
  switch (kind) {
    case FeatureMapKind::Quadratic:
      return {"φ(x) = (x₁², √2·x₁x₂, x₂²)", "k(x, z) = (x·z)²",
              "notes 000 \"(1) high dimensional spaces\""};
    case FeatureMapKind::Product:
      return {"φ(x) = (x₁, x₂, x₁x₂)", "k(x, z) = x·z + x₁x₂z₁z₂",
              "notes 004 \"The kernel trick\", example 1"};
    case FeatureMapKind::Squares:
      return {"φ(x) = (x₁², x₂²), drawn as (x₁², x₂², 0)", "k(x, z) = x₁²z₁² + x₂²z₂²",
              "notes 004 \"The kernel trick\", example 2"};
    case FeatureMapKind::Paraboloid:
      return {"φ(x) = (x₁, x₂, x₁² + x₂²)", "k(x, z) = x·z + ‖x‖²‖z‖²",
              "the lift other teaching tools draw, with its true kernel"};
    case FeatureMapKind::Linear:
      return {"φ(x) = (x₁, x₂, 0)", "k(x, z) = x·z", "notes 000 \"Notable kernels\""};
  }
  return {};
}

std::string describe(const FeatureMap& map) {
  const std::string_view coordinates = featureMapLabel(map.kind).coordinates;
  if (map.scale == 1.0) return std::string(coordinates);
  // "φ(x) = (…)" becomes "φ(x) = s·(…)"; the squares' "drawn as" note stays after the bracket.
  const std::string_view prefix = "φ(x) = ";
  return std::string(prefix) + formatDisplay(map.scale) + "·" +
         std::string(coordinates.substr(prefix.size()));
}

Eigen::Vector3d quadraticMap(const Eigen::Vector2d& x) {
  return {x(0) * x(0), std::sqrt(2.0) * x(0) * x(1), x(1) * x(1)};
}

double quadraticKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  const double dot = x.dot(z);
  return dot * dot;
}

Eigen::Vector3d productMap(const Eigen::Vector2d& x) {
  return {x(0), x(1), x(0) * x(1)};
}

double productKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  return x.dot(z) + x(0) * x(1) * z(0) * z(1);
}

Eigen::Vector3d squaresMap(const Eigen::Vector2d& x) {
  return {x(0) * x(0), x(1) * x(1), 0.0};
}

double squaresKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  return x(0) * x(0) * z(0) * z(0) + x(1) * x(1) * z(1) * z(1);
}

Eigen::Vector3d paraboloidMap(const Eigen::Vector2d& x) {
  return {x(0), x(1), x.squaredNorm()};
}

double paraboloidKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  return x.dot(z) + x.squaredNorm() * z.squaredNorm();
}

Eigen::Vector3d linearMap(const Eigen::Vector2d& x) {
  return {x(0), x(1), 0.0};
}

double linearKernel(const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  return x.dot(z);
}

namespace {

Eigen::Vector3d unscaledImage(FeatureMapKind kind, const Eigen::Vector2d& x) {
  switch (kind) {
    case FeatureMapKind::Quadratic:
      return quadraticMap(x);
    case FeatureMapKind::Product:
      return productMap(x);
    case FeatureMapKind::Squares:
      return squaresMap(x);
    case FeatureMapKind::Paraboloid:
      return paraboloidMap(x);
    case FeatureMapKind::Linear:
      return linearMap(x);
  }
  return Eigen::Vector3d::Zero();
}

double unscaledKernel(FeatureMapKind kind, const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  switch (kind) {
    case FeatureMapKind::Quadratic:
      return quadraticKernel(x, z);
    case FeatureMapKind::Product:
      return productKernel(x, z);
    case FeatureMapKind::Squares:
      return squaresKernel(x, z);
    case FeatureMapKind::Paraboloid:
      return paraboloidKernel(x, z);
    case FeatureMapKind::Linear:
      return linearKernel(x, z);
  }
  return 0.0;
}

}  // namespace

Eigen::Vector3d liftPoint(const FeatureMap& map, const Eigen::Vector2d& x) {
  const Eigen::Vector3d image = unscaledImage(map.kind, x);
  return map.scale == 1.0 ? image : Eigen::Vector3d(map.scale * image);
}

Matrix liftPoints(const FeatureMap& map, const Matrix& x) {
  if (x.cols() != 2) return Matrix();
  Matrix lifted(x.rows(), 3);
  for (Index i = 0; i < x.rows(); ++i) {
    lifted.row(i) = liftPoint(map, Eigen::Vector2d(x(i, 0), x(i, 1))).transpose();
  }
  return lifted;
}

double featureMapKernel(const FeatureMap& map, const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  return map.scale * map.scale * unscaledKernel(map.kind, x, z);
}

}  // namespace kpg
