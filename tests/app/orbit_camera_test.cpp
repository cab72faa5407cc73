// The 3-D feature-space view's camera (src/app/modes/featurespace/orbit_camera.hpp): projection,
// orbit, zoom and their limits, the data ↔ scene box, and the planes clipped to the scene cube.

#include "modes/featurespace/orbit_camera.hpp"

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace kpg::app;
using Catch::Matchers::WithinAbs;
using Eigen::Vector3d;

namespace {

constexpr float kX = 100, kY = 50, kW = 640, kH = 480;

bool onCubeSurface(const Vector3d& p) {
  const double m = p.cwiseAbs().maxCoeff();
  return std::abs(m - 1) < 1e-12;
}

// The brute-force reference: every edge of the cube interpolated where its ends' signs differ
// (or an end on the plane), duplicates merged.
std::vector<Vector3d> edgeIntersections(const Vector3d& n, double c) {
  std::vector<Vector3d> out;
  auto add = [&out](const Vector3d& p) {
    for (const Vector3d& q : out)
      if ((q - p).norm() < 1e-9) return;
    out.push_back(p);
  };
  for (int a = 0; a < 8; ++a) {
    for (int k = 0; k < 3; ++k) {
      if (a & (1 << k)) continue;  // each edge once: from the end with bit k clear
      const int b = a | (1 << k);
      const Vector3d pa((a & 1) ? 1 : -1, (a & 2) ? 1 : -1, (a & 4) ? 1 : -1);
      const Vector3d pb((b & 1) ? 1 : -1, (b & 2) ? 1 : -1, (b & 4) ? 1 : -1);
      const double da = n.dot(pa) + c, db = n.dot(pb) + c;
      if (da == 0) add(pa);
      if (db == 0) add(pb);
      if ((da < 0 && db > 0) || (da > 0 && db < 0)) add(pa + da / (da - db) * (pb - pa));
    }
  }
  if (out.size() < 3) out.clear();
  return out;
}

void checkPolygon(const std::vector<Vector3d>& poly, const Vector3d& n, double c) {
  for (const Vector3d& p : poly) {
    CHECK(std::abs(n.dot(p) + c) < 1e-12);
    CHECK(onCubeSurface(p));
  }
  // Convex and counter-clockwise about n: every turn has a positive component along n.
  const std::size_t m = poly.size();
  for (std::size_t i = 0; i < m; ++i) {
    const Vector3d e1 = poly[(i + 1) % m] - poly[i];
    const Vector3d e2 = poly[(i + 2) % m] - poly[(i + 1) % m];
    CHECK(e1.cross(e2).dot(n) > 0);
  }
}

}  // namespace

TEST_CASE("OrbitCamera: the target projects to the rectangle's centre", "[featurespace]") {
  OrbitCamera camera;
  for (double yaw : {-3.0, -1.0, 0.0, 0.7, 2.5}) {
    camera.yaw = yaw;
    camera.pitch = 0.4;
    const Projection p = project(camera, camera.target, kX, kY, kW, kH);
    CHECK(p.inFront);
    CHECK_THAT(p.x, WithinAbs(kX + kW / 2, 1e-3));
    CHECK_THAT(p.y, WithinAbs(kY + kH / 2, 1e-3));
    CHECK_THAT(p.depth, WithinAbs(camera.distance, 1e-5));
  }
}

TEST_CASE("OrbitCamera: right of the camera is right on screen, up is up, depth grows away",
          "[featurespace]") {
  OrbitCamera camera;
  camera.yaw = 0;  // the eye on +x, looking along −x: +y is to the right, z up
  camera.pitch = 0;
  const Projection centre = project(camera, Vector3d::Zero(), kX, kY, kW, kH);
  const Projection right = project(camera, Vector3d(0, 0.5, 0), kX, kY, kW, kH);
  const Projection up = project(camera, Vector3d(0, 0, 0.5), kX, kY, kW, kH);
  CHECK(right.x > centre.x + 10);
  CHECK_THAT(right.y, WithinAbs(centre.y, 1e-3));
  CHECK(up.y < centre.y - 10);
  CHECK_THAT(up.x, WithinAbs(centre.x, 1e-3));
  // Along the view axis: nearer the eye at +x, farther at −x.
  const Projection near = project(camera, Vector3d(1, 0, 0), kX, kY, kW, kH);
  const Projection far = project(camera, Vector3d(-1, 0, 0), kX, kY, kW, kH);
  CHECK_THAT(near.depth, WithinAbs(camera.distance - 1, 1e-5));
  CHECK_THAT(far.depth, WithinAbs(camera.distance + 1, 1e-5));
  CHECK(near.depth < centre.depth);
  CHECK(centre.depth < far.depth);
  // Perspective: the same offset looks larger nearer the eye.
  const Projection nearRight = project(camera, Vector3d(1, 0.5, 0), kX, kY, kW, kH);
  CHECK(nearRight.x - near.x > right.x - centre.x);
  // Behind the eye is reported as such.
  CHECK_FALSE(project(camera, Vector3d(camera.distance + 1, 0, 0), kX, kY, kW, kH).inFront);
}

TEST_CASE("OrbitCamera: the default view shows the whole cube", "[featurespace]") {
  OrbitCamera camera;
  resetCamera(camera);
  for (int a = 0; a < 8; ++a) {
    const Vector3d corner((a & 1) ? 1 : -1, (a & 2) ? 1 : -1, (a & 4) ? 1 : -1);
    const Projection p = project(camera, corner, kX, kY, kW, kH);
    CHECK(p.inFront);
    CHECK(p.x > kX);
    CHECK(p.x < kX + kW);
    CHECK(p.y > kY);
    CHECK(p.y < kY + kH);
  }
  // From above: the top face's centre projects above the bottom face's.
  CHECK(project(camera, Vector3d(0, 0, 1), kX, kY, kW, kH).y <
        project(camera, Vector3d(0, 0, -1), kX, kY, kW, kH).y);
}

TEST_CASE("OrbitCamera: a drag across the full height turns by π; pitch and zoom clamp",
          "[featurespace]") {
  OrbitCamera camera;
  camera.yaw = 0.5;
  camera.pitch = 0;
  orbitBy(camera, kH, 0, kH);
  CHECK_THAT(camera.yaw, WithinAbs(0.5 - kPi, 1e-12));
  orbitBy(camera, -kH / 2, 0, kH);
  CHECK_THAT(camera.yaw, WithinAbs(0.5 - kPi / 2, 1e-12));
  orbitBy(camera, -2 * kH, 0, kH);  // kept in (−π, π]
  CHECK_THAT(camera.yaw, WithinAbs(0.5 - kPi / 2, 1e-12));
  orbitBy(camera, 0, kH / 4, kH);
  CHECK_THAT(camera.pitch, WithinAbs(kPi / 4, 1e-12));
  {
    // The scene follows the pointer: the point nearest the eye moves right when dragged right,
    // and down when dragged down.
    OrbitCamera c2;
    c2.yaw = 0;
    c2.pitch = 0;
    const Vector3d nearest(1, 0, 0);
    const Projection before = project(c2, nearest, kX, kY, kW, kH);
    orbitBy(c2, 20, 0, kH);
    CHECK(project(c2, nearest, kX, kY, kW, kH).x > before.x + 1);
    const Projection top = project(c2, nearest, kX, kY, kW, kH);
    orbitBy(c2, 0, 20, kH);
    CHECK(project(c2, nearest, kX, kY, kW, kH).y > top.y + 1);
  }
  orbitBy(camera, 0, 10 * kH, kH);
  CHECK(camera.pitch == kMaxPitch);
  CHECK(camera.pitch < kPi / 2);
  orbitBy(camera, 0, -30 * kH, kH);
  CHECK(camera.pitch == -kMaxPitch);
  // Non-finite input and a zero height do nothing.
  const double yaw = camera.yaw;
  orbitBy(camera, NAN, 1, kH);
  orbitBy(camera, 1, 1, 0);
  CHECK(camera.yaw == yaw);

  zoomBy(camera, 2);
  CHECK_THAT(camera.distance, WithinAbs(kDefaultDistance / 2, 1e-12));
  zoomBy(camera, 1e6);
  CHECK(camera.distance == camera.minDistance);
  zoomBy(camera, 1e-6);
  CHECK(camera.distance == camera.maxDistance);
  zoomBy(camera, 0);
  zoomBy(camera, -2);
  zoomBy(camera, INFINITY);
  CHECK(camera.distance == camera.maxDistance);
}

TEST_CASE("OrbitCamera: keys step by 5°, auto-rotation spins slowly, reset restores",
          "[featurespace]") {
  OrbitCamera camera;
  camera.yaw = 0;
  camera.pitch = 0;
  rotateByKey(camera, 1, 0);
  CHECK_THAT(camera.yaw, WithinAbs(-kKeyRotateStep, 1e-12));
  rotateByKey(camera, 0, -1);
  CHECK_THAT(camera.pitch, WithinAbs(-kKeyRotateStep, 1e-12));
  CHECK_THAT(kKeyRotateStep, WithinAbs(5 * kPi / 180, 1e-15));

  CHECK_FALSE(advanceAutoRotate(camera, 1.0 / 60));  // off by default
  camera.autoRotate = true;
  const double before = camera.yaw;
  CHECK(advanceAutoRotate(camera, 0.05));
  CHECK_THAT(camera.yaw - before, WithinAbs(kAutoRotateSpeed * 0.05, 1e-12));
  const double mid = camera.yaw;
  CHECK(advanceAutoRotate(camera, 30));  // a woken tab: one capped step
  CHECK_THAT(camera.yaw - mid, WithinAbs(kAutoRotateSpeed * 0.1, 1e-12));
  CHECK_FALSE(advanceAutoRotate(camera, 0));
  CHECK_FALSE(advanceAutoRotate(camera, NAN));

  zoomBy(camera, 1.7);
  camera.target = Vector3d(0.2, 0, 0);
  resetCamera(camera);
  CHECK(camera.yaw == kDefaultYaw);
  CHECK(camera.pitch == kDefaultPitch);
  CHECK(camera.distance == kDefaultDistance);
  CHECK(camera.target == Vector3d::Zero());
  CHECK(camera.autoRotate);  // a setting, not part of the view
  CHECK_THAT(cameraPosition(camera).norm(), WithinAbs(kDefaultDistance, 1e-12));
  CHECK(cameraPosition(camera).z() > 0);  // from above
}

TEST_CASE("SceneBox: per-axis scale maps the points into [−1, 1]³ and back", "[featurespace]") {
  const std::vector<Vector3d> points = {Vector3d(0, -3, 5), Vector3d(9, 3, 5.5),
                                        Vector3d(4, 0, 5.25), Vector3d(NAN, 100, 0)};
  const SceneBox box = SceneBox::fromPoints(points);
  CHECK_THAT(box.centre.x(), WithinAbs(4.5, 1e-12));
  CHECK_THAT(box.centre.y(), WithinAbs(0, 1e-12));
  CHECK_THAT(box.halfSize.x(), WithinAbs(4.5 * 1.05, 1e-12));
  CHECK_THAT(box.halfSize.y(), WithinAbs(3 * 1.05, 1e-12));
  // The extremes land 5 % inside the cube's faces, on every axis.
  CHECK((box.toScene(points[0]) - Vector3d(-1, -1, -1) / 1.05).norm() < 1e-12);
  CHECK((box.toScene(points[1]) - Vector3d(1, 1, 1) / 1.05).norm() < 1e-12);
  for (const Vector3d& p : points) {
    if (!p.allFinite()) continue;
    const Vector3d q = box.toScene(p);
    CHECK(q.cwiseAbs().maxCoeff() < 1);
    CHECK((box.toData(q) - p).norm() < 1e-12);
  }
  // A flat axis (the map (x₁², x₂²) lifts into the plane z = 0) is not blown up.
  const SceneBox flat = SceneBox::fromPoints({Vector3d(0, 0, 0), Vector3d(4, 1, 0)});
  CHECK_THAT(flat.halfSize.z(), WithinAbs(2 * 1.05, 1e-12));
  CHECK(flat.toScene(Vector3d(1, 1, 0)).z() == 0);
  // Nothing finite: the unit cube.
  const SceneBox none = SceneBox::fromPoints(std::vector<Vector3d>{});
  CHECK(none.halfSize == Vector3d::Ones());
  CHECK(none.centre == Vector3d::Zero());
}

TEST_CASE("SceneBox: a data plane w·p + b = level keeps its points in scene coordinates",
          "[featurespace]") {
  SceneBox box;
  box.centre = Vector3d(4.5, 0, 5.25);
  box.halfSize = Vector3d(4.7, 3.2, 0.3);
  const Vector3d w(0.3, -1.2, 2.0);
  const double b = -7;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (double level : {-1.0, 0.0, 1.0}) {
    const ScenePlane plane = toScenePlane(box, w, b, level);
    for (int t = 0; t < 20; ++t) {
      const Vector3d q(u(rng), u(rng), u(rng));
      CHECK_THAT(plane.n.dot(q) + plane.c, WithinAbs(w.dot(box.toData(q)) + b - level, 1e-12));
    }
  }
}

TEST_CASE("clipPlaneToCube: known sections of the cube", "[featurespace]") {
  SECTION("an axis-aligned plane cuts a square") {
    const Vector3d n(0, 0, 1);
    const auto poly = clipPlaneToCube(n, -0.25);
    REQUIRE(poly.size() == 4);
    checkPolygon(poly, n, -0.25);
    for (std::size_t i = 0; i < 4; ++i)
      CHECK_THAT((poly[(i + 1) % 4] - poly[i]).norm(), WithinAbs(2, 1e-12));
  }
  SECTION("x + y + z = 0 cuts a regular hexagon") {
    const Vector3d n(1, 1, 1);
    const auto poly = clipPlaneToCube(n, 0);
    REQUIRE(poly.size() == 6);
    checkPolygon(poly, n, 0);
    for (std::size_t i = 0; i < 6; ++i)
      CHECK_THAT((poly[(i + 1) % 6] - poly[i]).norm(), WithinAbs(std::sqrt(2.0), 1e-12));
  }
  SECTION("a corner cut is a triangle") {
    const Vector3d n(1, 1, 1);
    const auto poly = clipPlaneToCube(n, -2.5);
    REQUIRE(poly.size() == 3);
    checkPolygon(poly, n, -2.5);
  }
  SECTION("a face of the cube is the face") {
    const Vector3d n(1, 0, 0);
    const auto poly = clipPlaneToCube(n, -1);
    REQUIRE(poly.size() == 4);
    checkPolygon(poly, n, -1);
  }
  SECTION("a plane that misses the cube, touches a corner or an edge, or has n = 0: nothing") {
    CHECK(clipPlaneToCube(Vector3d(0, 0, 1), -1.5).empty());
    CHECK(clipPlaneToCube(Vector3d(1, 1, 1), -3).empty());
    CHECK(clipPlaneToCube(Vector3d(1, 1, 0), -2).empty());
    CHECK(clipPlaneToCube(Vector3d(0, 0, 0), 0).empty());
    CHECK(clipPlaneToCube(Vector3d(NAN, 0, 1), 0).empty());
  }
}

TEST_CASE("clipPlaneToCube: random planes give exactly the cube's edge intersections",
          "[featurespace]") {
  std::mt19937 rng(2026);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> offset(-2, 2);
  int sizes[7] = {};
  for (int t = 0; t < 2000; ++t) {
    Vector3d n(normal(rng), normal(rng), normal(rng));
    if (t % 5 == 0) n[t % 3] = 0;  // planes parallel to an axis too
    const double c = offset(rng) * n.norm();
    const std::vector<Vector3d> poly = clipPlaneToCube(n, c);
    const std::vector<Vector3d> reference = edgeIntersections(n, c);
    INFO("n = " << n.transpose() << ", c = " << c);
    REQUIRE(poly.size() == reference.size());
    for (const Vector3d& r : reference) {
      const bool present = std::any_of(poly.begin(), poly.end(),
                                       [&r](const Vector3d& p) { return (p - r).norm() < 1e-9; });
      CHECK(present);
    }
    checkPolygon(poly, n, c);
    ++sizes[poly.size()];
  }
  // The draw covers every shape a section can have.
  CHECK(sizes[0] > 0);
  CHECK(sizes[3] > 0);
  CHECK(sizes[4] > 0);
  CHECK(sizes[5] > 0);
  CHECK(sizes[6] > 0);
}
