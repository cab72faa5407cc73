#include "svm/separability.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace kpg {

namespace {

using Point = std::array<double, 2>;

double cross(const Point& o, const Point& a, const Point& b) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

// Andrew's monotone chain: the hull's corners counter-clockwise (one or two points when the set
// is a point or lies on a line).
std::vector<Point> convexHull(std::vector<Point> p) {
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<Point> hull(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {  // lower chain
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 0) --k;
    hull[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && cross(hull[k - 2], hull[k - 1], p[i]) <= 0) --k;
    hull[k++] = p[i];
  }
  hull.resize(k - 1);
  return hull;
}

// Whether the direction `axis` strictly separates the projections of a and b.
bool separates(const Point& axis, const std::vector<Point>& a, const std::vector<Point>& b) {
  if (axis[0] == 0 && axis[1] == 0) return false;
  double aMin = std::numeric_limits<double>::infinity(), aMax = -aMin;
  double bMin = aMin, bMax = -aMin;
  for (const Point& p : a) {
    const double t = axis[0] * p[0] + axis[1] * p[1];
    aMin = std::min(aMin, t);
    aMax = std::max(aMax, t);
  }
  for (const Point& p : b) {
    const double t = axis[0] * p[0] + axis[1] * p[1];
    bMin = std::min(bMin, t);
    bMax = std::max(bMax, t);
  }
  return aMax < bMin || bMax < aMin;
}

// Candidate axes of a hull: each edge's normal and direction.
void addAxes(const std::vector<Point>& hull, std::vector<Point>& axes) {
  for (std::size_t i = 0; i < hull.size() && hull.size() > 1; ++i) {
    const Point& p = hull[i];
    const Point& q = hull[(i + 1) % hull.size()];
    const Point d{q[0] - p[0], q[1] - p[1]};
    axes.push_back({-d[1], d[0]});
    axes.push_back(d);
  }
}

}  // namespace

SeparabilityResult hardMarginSeparability(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
                                          const KernelParams& kernel) {
  SeparabilityResult result;
  const Eigen::Index n = x.rows();
  if (n == 0 || y.size() != n) return result;
  const bool bothClasses = (y.array() > 0).any() && (y.array() < 0).any();
  if (!bothClasses) return result;
  // Identical points of opposite labels: φ(x) = φ(x′), no hyperplane of any feature space
  // puts them on both sides.
  std::map<std::vector<double>, Eigen::Index> seen;
  for (Eigen::Index i = 0; i < n; ++i) {
    std::vector<double> row(static_cast<std::size_t>(x.cols()));
    for (Eigen::Index j = 0; j < x.cols(); ++j) row[static_cast<std::size_t>(j)] = x(i, j);
    const auto [at, inserted] = seen.emplace(row, i);
    if (!inserted && y(at->second) * y(i) < 0) {
      result.verdict = Separability::NotSeparable;
      result.reason = "points " + std::to_string(at->second + 1) + " and " + std::to_string(i + 1) +
                      " are the same point with opposite labels";
      return result;
    }
  }
  if (kernel.type == KernelType::Rbf && kernel.gamma > 0) {
    result.verdict = Separability::Separable;  // a positive definite Gram matrix
    return result;
  }
  if (kernel.type != KernelType::Linear || x.cols() != 2) return result;
  std::vector<Point> positive, negative;
  for (Eigen::Index i = 0; i < n; ++i) {
    (y(i) > 0 ? positive : negative).push_back({x(i, 0), x(i, 1)});
  }
  const std::vector<Point> a = convexHull(positive), b = convexHull(negative);
  std::vector<Point> axes;
  addAxes(a, axes);
  addAxes(b, axes);
  axes.push_back({b[0][0] - a[0][0], b[0][1] - a[0][1]});
  for (const Point& axis : axes) {
    if (separates(axis, a, b)) {
      result.verdict = Separability::Separable;
      return result;
    }
  }
  result.verdict = Separability::NotSeparable;
  result.reason = "the two classes' convex hulls meet";
  return result;
}

}  // namespace kpg
