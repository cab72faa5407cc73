#include "feature_space/primal_plane.hpp"

#include <cmath>

namespace kpg {

FeatureSpacePlane featureSpacePlane(const FeatureMap& map, const Matrix& x, const Vector& y,
                                    const Vector& alpha, double bias) {
  FeatureSpacePlane plane;
  plane.bias = bias;
  if (x.cols() != 2 || y.size() != x.rows() || alpha.size() != x.rows()) return plane;
  for (Index i = 0; i < x.rows(); ++i) {
    if (alpha(i) == 0) continue;  // not a support vector: no share in w
    plane.w += alpha(i) * y(i) * liftPoint(map, Eigen::Vector2d(x(i, 0), x(i, 1)));
  }
  return plane;
}

FeatureSpacePlane featureSpacePlane(const FeatureMap& map, const Matrix& x, const SmoSolver& solver,
                                    BiasRule rule) {
  return featureSpacePlane(map, x, solver.problem().y, solver.alpha(), -solver.rho(rule));
}

double planeValue(const FeatureSpacePlane& plane, const FeatureMap& map, const Eigen::Vector2d& x) {
  return plane.w.dot(liftPoint(map, x)) + plane.bias;
}

Conic planeTrace(const FeatureSpacePlane& plane, const FeatureMap& map) {
  const Eigen::Vector3d w = map.scale * plane.w;
  Conic g;
  g.constant = plane.bias;
  switch (map.kind) {
    case FeatureMapKind::Quadratic:
      g.x1Squared = w(0);
      g.x1x2 = std::sqrt(2.0) * w(1);
      g.x2Squared = w(2);
      break;
    case FeatureMapKind::Product:
      g.x1 = w(0);
      g.x2 = w(1);
      g.x1x2 = w(2);
      break;
    case FeatureMapKind::Squares:
      g.x1Squared = w(0);
      g.x2Squared = w(1);
      break;
    case FeatureMapKind::Paraboloid:
      g.x1 = w(0);
      g.x2 = w(1);
      g.x1Squared = w(2);
      g.x2Squared = w(2);
      break;
    case FeatureMapKind::Linear:
      g.x1 = w(0);
      g.x2 = w(1);
      break;
  }
  return g;
}

double conicValue(const Conic& conic, const Eigen::Vector2d& x) {
  return conic.x1Squared * x(0) * x(0) + conic.x1x2 * x(0) * x(1) + conic.x2Squared * x(1) * x(1) +
         conic.x1 * x(0) + conic.x2 * x(1) + conic.constant;
}

}  // namespace kpg
