#pragma once
// The camera of the 3-D feature-space view: the lifted points φ(xᵢ) ∈ ℝ³, the surface
// φ(ℝ²) and the SVM's planes w·φ + b ∈ {−1, 0, 1} seen through an orbiting perspective camera.
//
// Two spaces. Data coordinates are the map's own (x₁², √2·x₁x₂, x₂² …); their axes can span very
// different ranges (0..9 and −3..3), so the view maps them per axis into the scene cube [−1, 1]³
// (SceneBox) and labels its ticks in data units. The camera orbits the scene on a sphere:
//   eye = target + distance · (cos pitch · cos yaw, cos pitch · sin yaw, sin pitch),   z up,
// looking at the target, as three.js's OrbitControls does (yaw = its azimuth, pitch = π/2 − its
// polar angle); a perspective projection with the vertical field of view fovY across the
// rectangle's shorter side, so the cube fits a phone's portrait rectangle as well as a laptop's.
//
// A plane given in data coordinates, w·p + b = level, is in scene coordinates (p = centre + h ∘ q)
//   (w ∘ h)·q + (w·centre + b − level) = 0   (toScenePlane),
// and the affine map keeps sides: a segment crosses the plane in one space iff it does in the other.
//
// UI-free (Eigen + std only): the view's drawing and input are view3d.{hpp,cpp}.

#include <Eigen/Core>

#include <algorithm>
#include <array>
#include <vector>

namespace kpg::app {

struct SceneBox {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  Eigen::Vector3d halfSize = Eigen::Vector3d::Ones();  // every entry > 0

  // The box around the finite points, 5 % larger so none sits on a face. An axis the points do not
  // spread along (the map (x₁², x₂²) has a third coordinate 0) gets the largest half-size of the
  // others (1 when all are flat), so it shows as a flat layer, not as noise blown up to the cube.
  static SceneBox fromPoints(const Eigen::Vector3d* points, std::size_t count);
  static SceneBox fromPoints(const std::vector<Eigen::Vector3d>& points) {
    return fromPoints(points.data(), points.size());
  }

  Eigen::Vector3d toScene(const Eigen::Vector3d& data) const {
    return (data - centre).cwiseQuotient(halfSize);
  }
  Eigen::Vector3d toData(const Eigen::Vector3d& scene) const {
    return centre + halfSize.cwiseProduct(scene);
  }
};

// n·q + c = 0 in scene coordinates.
struct ScenePlane {
  Eigen::Vector3d n = Eigen::Vector3d::UnitZ();
  double c = 0;
};
// The plane w·p + b = level of data coordinates, in the box's scene coordinates.
ScenePlane toScenePlane(const SceneBox& box, const Eigen::Vector3d& w, double b, double level);

constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxPitch = kPi / 2 - 0.02;       // never straight up or down: z stays "up"
constexpr double kKeyRotateStep = 5 * kPi / 180;   // one arrow-key press
constexpr double kAutoRotateSpeed = 2 * kPi / 30;  // radians per second: one turn in 30 s
constexpr double kDefaultYaw = -kPi / 3;           // matplotlib's 3/4 view: azimuth −60°,
constexpr double kDefaultPitch = kPi / 6;          // elevation 30°
constexpr double kDefaultDistance = 6.0;           // the cube's sphere (√3) in view at fovY 0.6

struct OrbitCamera {
  double yaw = kDefaultYaw;            // radians, kept in (−π, π]
  double pitch = kDefaultPitch;        // radians, in [−kMaxPitch, kMaxPitch]
  double distance = kDefaultDistance;  // from the target, in [minDistance, maxDistance]
  Eigen::Vector3d target = Eigen::Vector3d::Zero();
  double fovY = 0.6;  // radians, across the shorter side of the rectangle
  // Outside the cube's circumscribed sphere (√3), so no corner of the scene is ever behind the
  // eye and every projected polygon stays convex.
  double minDistance = 2.2;
  double maxDistance = 20;
  bool autoRotate = false;
};

// The default view: a 3/4 view from above (yaw −60°, pitch 30°), the whole cube in view. Keeps
// the distance limits and autoRotate.
void resetCamera(OrbitCamera& camera);
// A pointer drag of (dx, dy) pixels in a view `viewHeightPixels` high: the scene follows the
// pointer (drag right: it turns right; drag down: the camera rises), π per full height.
void orbitBy(OrbitCamera& camera, double dxPixels, double dyPixels, double viewHeightPixels);
// Wheel and pinch: factor > 1 zooms in (the distance is divided by it), clamped; a factor that is
// not finite and positive does nothing.
void zoomBy(OrbitCamera& camera, double factor);
// Arrow keys, each press a kKeyRotateStep turn as if dragged in the arrow's direction
// (dx: −1 left, +1 right; dy: −1 up, +1 down).
void rotateByKey(OrbitCamera& camera, int dx, int dy);
// The slow spin, `seconds` of it (at most 0.1 s at once, so a tab woken from sleep does not jump).
// Returns whether the camera moved.
bool advanceAutoRotate(OrbitCamera& camera, double seconds);

Eigen::Vector3d cameraPosition(const OrbitCamera& camera);

struct Projection {
  float x = 0, y = 0;    // screen pixels
  float depth = 0;       // distance in front of the eye along the view axis (larger: farther)
  bool inFront = false;  // depth > the near limit; otherwise x, y are not meaningful
};

// Nearer than this a point is behind the eye, for drawing.
constexpr double kNearDepth = 1e-3;

// The camera's projection into a screen rectangle, set up once per frame (the trigonometry and
// the basis) and applied per point.
class Projector {
 public:
  Projector(const OrbitCamera& camera, float rectX, float rectY, float rectW, float rectH);
  // Inline: the 3-D view (view3d.cpp, compiled for speed) projects every point every frame, and
  // this file's .cpp is compiled for size in the browser build.
  Projection operator()(const Eigen::Vector3d& sceneP) const {
    const Eigen::Vector3d v = sceneP - eye_;
    const double depth = v.dot(forward_);
    const double scale = focal_ / std::max(depth, kNearDepth);
    Projection out;
    out.x = static_cast<float>(centreX_ + scale * v.dot(right_));
    out.y = static_cast<float>(centreY_ - scale * v.dot(up_));  // screen y grows downwards
    out.depth = static_cast<float>(depth);
    out.inFront = depth > kNearDepth;
    return out;
  }
  const Eigen::Vector3d& eye() const { return eye_; }
  const Eigen::Vector3d& forward() const { return forward_; }  // unit, eye → target
  const Eigen::Vector3d& right() const { return right_; }
  const Eigen::Vector3d& up() const { return up_; }

 private:
  Eigen::Vector3d eye_, forward_, right_, up_;
  double focal_ = 1, centreX_ = 0, centreY_ = 0;
};

Projection project(const OrbitCamera& camera, const Eigen::Vector3d& sceneP, float rectX,
                   float rectY, float rectW, float rectH);

// The polygon where the plane n·p + c = 0 cuts the cube [−1, 1]³: no vertex (it misses the cube,
// touches it at one corner or edge, or n = 0), or 3 to 6 vertices on the cube's surface, in order
// around the polygon (counter-clockwise seen from the side n points to). For drawing the SVM's
// planes clipped to the scene.
std::vector<Eigen::Vector3d> clipPlaneToCube(const Eigen::Vector3d& n, double c);
// The same without allocating (the view clips three planes every frame): the count, 0 or 3..6.
int clipPlaneToCube(const Eigen::Vector3d& n, double c, std::array<Eigen::Vector3d, 6>& out);

}  // namespace kpg::app
