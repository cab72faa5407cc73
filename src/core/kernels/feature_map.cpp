#include "kernels/feature_map.hpp"

#include <cmath>

namespace kpg {

Vector quadraticFeatureMap2d(const VectorRef& x) {
  if (x.size() != 2) return Vector();
  const double r2 = std::sqrt(2.0);
  Vector phi(6);
  phi << 1.0, r2 * x(0), r2 * x(1), x(0) * x(0), x(1) * x(1), r2 * x(0) * x(1);
  return phi;
}

}  // namespace kpg
