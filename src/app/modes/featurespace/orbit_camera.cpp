#include "modes/featurespace/orbit_camera.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace kpg::app {

namespace {

double clamp(double v, double lo, double hi) {
  return std::min(std::max(v, lo), hi);
}

// Into (−π, π], so that hours of auto-rotation keep the yaw's precision.
double wrapAngle(double a) {
  if (!std::isfinite(a)) return kDefaultYaw;
  a = std::remainder(a, 2 * kPi);
  return a <= -kPi ? a + 2 * kPi : a;
}

}  // namespace

SceneBox SceneBox::fromPoints(const Eigen::Vector3d* points, std::size_t count) {
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(HUGE_VAL);
  Eigen::Vector3d hi = Eigen::Vector3d::Constant(-HUGE_VAL);
  for (std::size_t i = 0; i < count; ++i) {
    if (!points[i].allFinite()) continue;
    lo = lo.cwiseMin(points[i]);
    hi = hi.cwiseMax(points[i]);
  }
  SceneBox box;
  if (!(lo.array() <= hi.array()).all()) return box;  // no finite point: the unit cube
  box.centre = (lo + hi) / 2;
  Eigen::Vector3d half = (hi - lo) / 2 * 1.05;
  const double largest = half.maxCoeff();
  // "Flat" relative to the other axes, or to 1 when every axis is: a spread at rounding level.
  const double flat = 1e-9 * std::max(largest, 1.0);
  const double fill = largest > flat ? largest : 1.0;
  for (int k = 0; k < 3; ++k)
    if (!(half[k] > flat) || !std::isfinite(half[k])) half[k] = fill;
  box.halfSize = half;
  return box;
}

ScenePlane toScenePlane(const SceneBox& box, const Eigen::Vector3d& w, double b, double level) {
  return ScenePlane{w.cwiseProduct(box.halfSize), w.dot(box.centre) + b - level};
}

void resetCamera(OrbitCamera& camera) {
  camera.yaw = kDefaultYaw;
  camera.pitch = kDefaultPitch;
  camera.distance = clamp(kDefaultDistance, camera.minDistance, camera.maxDistance);
  camera.target = Eigen::Vector3d::Zero();
}

void orbitBy(OrbitCamera& camera, double dxPixels, double dyPixels, double viewHeightPixels) {
  if (!(viewHeightPixels > 0) || !std::isfinite(dxPixels) || !std::isfinite(dyPixels)) return;
  const double perPixel = kPi / viewHeightPixels;
  // The camera moves against the pointer, so the scene follows it (OrbitControls' feel).
  camera.yaw = wrapAngle(camera.yaw - dxPixels * perPixel);
  camera.pitch = clamp(camera.pitch + dyPixels * perPixel, -kMaxPitch, kMaxPitch);
}

void zoomBy(OrbitCamera& camera, double factor) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  camera.distance = clamp(camera.distance / factor, camera.minDistance, camera.maxDistance);
}

void rotateByKey(OrbitCamera& camera, int dx, int dy) {
  camera.yaw = wrapAngle(camera.yaw - dx * kKeyRotateStep);
  camera.pitch = clamp(camera.pitch + dy * kKeyRotateStep, -kMaxPitch, kMaxPitch);
}

bool advanceAutoRotate(OrbitCamera& camera, double seconds) {
  if (!camera.autoRotate || !(seconds > 0) || !std::isfinite(seconds)) return false;
  camera.yaw = wrapAngle(camera.yaw + kAutoRotateSpeed * std::min(seconds, 0.1));
  return true;
}

Eigen::Vector3d cameraPosition(const OrbitCamera& camera) {
  const double cp = std::cos(camera.pitch);
  return camera.target + camera.distance * Eigen::Vector3d(cp * std::cos(camera.yaw),
                                                           cp * std::sin(camera.yaw),
                                                           std::sin(camera.pitch));
}

Projector::Projector(const OrbitCamera& camera, float rectX, float rectY, float rectW,
                     float rectH) {
  eye_ = cameraPosition(camera);
  forward_ = (camera.target - eye_).normalized();
  // The pitch stays inside ±kMaxPitch, so forward is never parallel to z.
  right_ = forward_.cross(Eigen::Vector3d::UnitZ()).normalized();
  up_ = right_.cross(forward_);
  const double side = std::max(1.0, static_cast<double>(std::min(rectW, rectH)));
  focal_ = 0.5 * side / std::tan(0.5 * clamp(camera.fovY, 0.05, 3.0));
  centreX_ = static_cast<double>(rectX) + 0.5 * static_cast<double>(rectW);
  centreY_ = static_cast<double>(rectY) + 0.5 * static_cast<double>(rectH);
}

Projection project(const OrbitCamera& camera, const Eigen::Vector3d& sceneP, float rectX,
                   float rectY, float rectW, float rectH) {
  return Projector(camera, rectX, rectY, rectW, rectH)(sceneP);
}

int clipPlaneToCube(const Eigen::Vector3d& n, double c, std::array<Eigen::Vector3d, 6>& out) {
  if (!n.allFinite() || !std::isfinite(c) || n.squaredNorm() == 0) return 0;
  // Each of the 12 edges runs along axis k with the other two coordinates fixed at ±1; solving the
  // plane's equation for the k-th coordinate keeps those two exact, so every vertex lies on the
  // cube's surface by construction and on the plane to rounding.
  std::array<Eigen::Vector3d, 24> hits;
  int found = 0;
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      Eigen::Vector3d p;
      p[i] = (corner & 1) ? 1.0 : -1.0;
      p[j] = (corner & 2) ? 1.0 : -1.0;
      const double rest = c + n[i] * p[i] + n[j] * p[j];
      if (n[k] == 0) {
        if (rest != 0) continue;
        // The edge lies in the plane: both ends are vertices.
        p[k] = -1;
        hits[static_cast<std::size_t>(found++)] = p;
        p[k] = 1;
        hits[static_cast<std::size_t>(found++)] = p;
        continue;
      }
      const double t = -rest / n[k];
      if (!(std::abs(t) <= 1 + 1e-14)) continue;
      p[k] = clamp(t, -1.0, 1.0);
      hits[static_cast<std::size_t>(found++)] = p;
    }
  }
  // A vertex at a corner of the cube is found on each of its edges: keep one.
  int count = 0;
  for (int h = 0; h < found; ++h) {
    const Eigen::Vector3d& p = hits[static_cast<std::size_t>(h)];
    bool seen = false;
    for (int q = 0; q < count && !seen; ++q)
      seen = (out[static_cast<std::size_t>(q)] - p).squaredNorm() < 1e-18;
    if (seen) continue;
    if (count == 6) return 0;  // cannot happen for a plane; refuse rather than draw nonsense
    out[static_cast<std::size_t>(count++)] = p;
  }
  if (count < 3) return 0;  // misses the cube, or touches a corner or an edge only
  // Around the centroid, by angle in a basis (u, v) of the plane with u × v = n̂.
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  for (int q = 0; q < count; ++q) centroid += out[static_cast<std::size_t>(q)];
  centroid /= count;
  const Eigen::Vector3d nh = n.normalized();
  Eigen::Vector3d axis = Eigen::Vector3d::Zero();
  int least = 0;
  nh.cwiseAbs().minCoeff(&least);
  axis[least] = 1;
  const Eigen::Vector3d u = nh.cross(axis).normalized();
  const Eigen::Vector3d v = nh.cross(u);
  std::array<double, 6> angle{};
  for (int q = 0; q < count; ++q) {
    const Eigen::Vector3d d = out[static_cast<std::size_t>(q)] - centroid;
    angle[static_cast<std::size_t>(q)] = std::atan2(d.dot(v), d.dot(u));
  }
  // Insertion sort of at most six.
  for (int a = 1; a < count; ++a)
    for (int q = a;
         q > 0 && angle[static_cast<std::size_t>(q - 1)] > angle[static_cast<std::size_t>(q)];
         --q) {
      std::swap(angle[static_cast<std::size_t>(q - 1)], angle[static_cast<std::size_t>(q)]);
      std::swap(out[static_cast<std::size_t>(q - 1)], out[static_cast<std::size_t>(q)]);
    }
  return count;
}

std::vector<Eigen::Vector3d> clipPlaneToCube(const Eigen::Vector3d& n, double c) {
  std::array<Eigen::Vector3d, 6> vertices;
  const int count = clipPlaneToCube(n, c, vertices);
  return std::vector<Eigen::Vector3d>(vertices.begin(), vertices.begin() + count);
}

}  // namespace kpg::app
