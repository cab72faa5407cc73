// The 3-D feature-space view (src/app/modes/featurespace/view3d.hpp): what it draws and in which
// order (layoutView3d, no drawing), and the view drawn in native ImGui frames with a person's
// drag, hover, wheel and keys fed through the native host.

#include "modes/featurespace/view3d.hpp"
#include "native_host.hpp"
#include "panels/plot.hpp"

#include <imgui.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using namespace kpg::app;
using Catch::Matchers::WithinAbs;
using Eigen::Vector3d;

namespace {

const ImVec2 kMin(40, 30), kMax(840, 630);

// Points spread through a box of half-size 2 about 0, none within 0.05 of the planes z = −1, 0, 1.
Scene3d slabScene(int count, unsigned seed) {
  Scene3d scene;
  scene.box.centre = Vector3d::Zero();
  scene.box.halfSize = Vector3d::Constant(2);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.9, 1.9);
  while (static_cast<int>(scene.points.size()) < count) {
    const Vector3d p(u(rng), u(rng), u(rng));
    const double z = p.z();
    if (std::abs(z) < 0.05 || std::abs(std::abs(z) - 1) < 0.05) continue;
    scene.points.push_back(p);
    scene.colours.push_back(z > 0 ? plot::kPositive : plot::kNegative);
  }
  scene.hasPlane = true;
  scene.w = Vector3d(0, 0, 1);  // the plane z = 0, margins z = ±1
  scene.b = 0;
  return scene;
}

int positionOf(const View3dLayout& layout, Prim3dKind kind, int index) {
  for (std::size_t k = 0; k < layout.order.size(); ++k)
    if (layout.order[k].kind == kind && layout.order[k].index == index) return static_cast<int>(k);
  return -1;
}

void checkBackToFront(const View3dLayout& layout) {
  for (std::size_t k = 1; k < layout.order.size(); ++k) {
    const Prim3d& a = layout.order[k - 1];
    const Prim3d& b = layout.order[k];
    CHECK(a.layer >= b.layer);
    if (a.layer == b.layer) CHECK(a.depth >= b.depth);
  }
}

// The lifted rings of the paraboloid map φ(x) = (x₁, x₂, x₁² + x₂²), its surface on a grid, and a
// plane that separates the inner disc from the outer ring: the scene the demo shows.
Scene3d paraboloidScene(int count) {
  Scene3d scene;
  std::mt19937 rng(27);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int i = 0; i < count; ++i) {
    const double x = u(rng), y = u(rng);
    const double r2 = x * x + y * y;
    scene.points.emplace_back(x, y, r2);
    scene.colours.push_back(r2 < 2 ? plot::kPositive : plot::kNegative);
    scene.marks.push_back(static_cast<unsigned char>(i % 53 == 0 ? 1 : i % 97 == 0 ? 2 : 0));
  }
  scene.surfaceU = scene.surfaceV = 24;
  for (int i = 0; i < 24; ++i)
    for (int j = 0; j < 24; ++j) {
      const double x = -2 + 4.0 * i / 23, y = -2 + 4.0 * j / 23;
      scene.surface.emplace_back(x, y, x * x + y * y);
    }
  scene.box = SceneBox::fromPoints(scene.surface);
  scene.hasPlane = true;
  scene.w = Vector3d(0.1, -0.05, -1);
  scene.b = 2;
  scene.axisLabels = {"x₁", "x₂", "x₁² + x₂²"};
  return scene;
}

// One ImGui frame of the host's context with the view alone in a window.
View3dInput viewFrame(View3dState& view, const Scene3d& scene, double* milliseconds = nullptr,
                      const PinchDelta* pinch = nullptr) {
  ImGui::GetIO().DeltaTime = 1.0f / 60;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(900, 700));
  ImGui::Begin(
      "view3d", nullptr,
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollWithMouse);
  const auto start = std::chrono::steady_clock::now();
  const View3dInput input = drawView3d(ImGui::GetWindowDrawList(), kMin, kMax, view, scene, pinch);
  const auto stop = std::chrono::steady_clock::now();
  if (milliseconds != nullptr)
    *milliseconds = std::chrono::duration<double, std::milli>(stop - start).count();
  ImGui::End();
  ImGui::Render();
  return input;
}

}  // namespace

TEST_CASE("View3d: seen from above, the points below the plane z = 0 are dimmed, back to front",
          "[featurespace]") {
  const Scene3d scene = slabScene(400, 1);
  View3dLayout layout;
  OrbitCamera camera;
  camera.pitch = 1.2;  // well above the plane z = 1: z = 6 sin 1.2 ≈ 5.6 in scene units
  for (double yaw : {-2.0, 0.3, 1.7}) {
    camera.yaw = yaw;
    layoutView3d(layout, camera, scene, kMin, kMax);
    int below = 0;
    for (std::size_t i = 0; i < scene.points.size(); ++i) {
      const bool isBelow = scene.points[i].z() < 0;
      below += isBelow ? 1 : 0;
      CHECK(static_cast<bool>(layout.dimmed[i]) == isBelow);
    }
    CHECK(layout.dimmedCount == below);
    CHECK(below > 100);
    checkBackToFront(layout);
    // The three planes cut the cube in squares, and the painter draws the slabs in turn: below
    // z = −1, the plane z = −1, between, z = 0, between, z = +1, above.
    REQUIRE(layout.planeCount == std::array<int, 3>{{4, 4, 4}});
    const int planeAt[3] = {positionOf(layout, Prim3dKind::Plane, 0),
                            positionOf(layout, Prim3dKind::Plane, 1),
                            positionOf(layout, Prim3dKind::Plane, 2)};
    CHECK(planeAt[0] < planeAt[1]);
    CHECK(planeAt[1] < planeAt[2]);
    for (std::size_t i = 0; i < scene.points.size(); ++i) {
      const double z = scene.points[i].z();
      const int at = positionOf(layout, Prim3dKind::Point, static_cast<int>(i));
      const int slab = z < -1 ? 0 : z < 0 ? 1 : z < 1 ? 2 : 3;
      if (slab > 0) CHECK(at > planeAt[slab - 1]);
      if (slab < 3) CHECK(at < planeAt[slab]);
    }
  }
  // From below, the other half is dimmed.
  camera.pitch = -1.2;
  layoutView3d(layout, camera, scene, kMin, kMax);
  for (std::size_t i = 0; i < scene.points.size(); ++i)
    CHECK(static_cast<bool>(layout.dimmed[i]) == (scene.points[i].z() > 0));
  checkBackToFront(layout);
}

TEST_CASE("View3d: dimming is the segment eye → point crossing w·p + b = 0 in data coordinates",
          "[featurespace]") {
  // A box with very different spreads per axis, so the scene's per-axis scale matters.
  const Scene3d scene = paraboloidScene(2000);
  View3dLayout layout;
  OrbitCamera camera;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> yaw(-kPi, kPi), pitch(-1.4, 1.4);
  for (int t = 0; t < 10; ++t) {
    camera.yaw = yaw(rng);
    camera.pitch = pitch(rng);
    layoutView3d(layout, camera, scene, kMin, kMax);
    const Vector3d eye = scene.box.toData(cameraPosition(camera));
    const double eyeSide = scene.w.dot(eye) + scene.b;
    int dimmedCount = 0;
    for (std::size_t i = 0; i < scene.points.size(); ++i) {
      const bool behind = (scene.w.dot(scene.points[i]) + scene.b) * eyeSide < 0;
      CHECK(static_cast<bool>(layout.dimmed[i]) == behind);
      dimmedCount += behind ? 1 : 0;
    }
    CHECK(layout.dimmedCount == dimmedCount);
    checkBackToFront(layout);
  }
  // Every grid triangle of the surface is in the list, once.
  const auto triangles =
      std::count_if(layout.order.begin(), layout.order.end(),
                    [](const Prim3d& p) { return p.kind == Prim3dKind::Triangle; });
  CHECK(triangles == 2 * 23 * 23);
}

TEST_CASE("View3d: with no plane nothing is dimmed and the order is by depth alone",
          "[featurespace]") {
  Scene3d scene = slabScene(300, 2);
  scene.hasPlane = false;
  View3dLayout layout;
  OrbitCamera camera;
  layoutView3d(layout, camera, scene, kMin, kMax);
  CHECK(layout.dimmedCount == 0);
  CHECK(layout.planeCount == std::array<int, 3>{{0, 0, 0}});
  for (std::size_t k = 1; k < layout.order.size(); ++k)
    CHECK(layout.order[k - 1].depth >= layout.order[k].depth);
  CHECK(layout.order.size() == 300 + 12);  // the points and the cube's edges
  // w = 0 (α = 0 at step 0) is no plane either.
  scene.hasPlane = true;
  scene.w = Vector3d::Zero();
  scene.b = 1;
  layoutView3d(layout, camera, scene, kMin, kMax);
  CHECK(layout.dimmedCount == 0);
  CHECK(layout.planeCount == std::array<int, 3>{{0, 0, 0}});
}

TEST_CASE("View3d: a drag orbits, the wheel zooms, keys turn and reset, hover finds the point",
          "[featurespace][frame]") {
  NativeHost host(NativeHostOptions{1280, 800, 1, false});
  host.frame();
  const Scene3d scene = paraboloidScene(5000);
  View3dState view;
  view.camera.autoRotate = true;

  // The pointer rests over the view: the window becomes hovered, the spin goes on.
  host.mouseMove(440, 330);
  viewFrame(view, scene);
  View3dInput input = viewFrame(view, scene);
  CHECK(input.moved);
  CHECK(view.camera.autoRotate);

  // A drag of 200 px right and 30 px down over a 600 px high view.
  const double yaw = view.camera.yaw, pitch = view.camera.pitch;
  host.mouseButton(0, true);
  input = viewFrame(view, scene);
  CHECK(input.stopAutoRotate);  // the first touch stops the spin
  CHECK_FALSE(view.camera.autoRotate);
  CHECK(view.focused);
  bool dragged = false;
  for (float step = 1; step <= 4; ++step) {
    host.mouseMove(440 + 50 * step, 330 + 7.5f * step);
    dragged = viewFrame(view, scene).dragged || dragged;
  }
  host.mouseButton(0, false);
  viewFrame(view, scene);
  CHECK(dragged);
  CHECK_THAT(view.camera.yaw, WithinAbs(yaw - kPi * 200 / 600, 1e-6));
  CHECK_THAT(view.camera.pitch, WithinAbs(pitch + kPi * 30 / 600, 1e-6));

  // Hover: over the front-most point's projection, that point is reported.
  {
    const View3dLayout& layout = view.layout;
    std::size_t front = 0;
    for (std::size_t i = 0; i < layout.points.size(); ++i)
      if (layout.points[i].depth < layout.points[front].depth) front = i;
    host.mouseMove(layout.points[front].x, layout.points[front].y);
    viewFrame(view, scene);
    input = viewFrame(view, scene);
    CHECK(input.hoveredPoint == static_cast<int>(front));
    CHECK_FALSE(input.moved);  // hovering moves nothing: an idle view can stop drawing
    // Outside the rectangle, no point.
    host.mouseMove(870, 660);
    CHECK(viewFrame(view, scene).hoveredPoint == -1);
    host.mouseMove(layout.points[front].x, layout.points[front].y);
    viewFrame(view, scene);
  }

  // The wheel zooms in by 1.1 a notch.
  const double distance = view.camera.distance;
  host.wheel(0, 2);
  input = viewFrame(view, scene);
  CHECK(input.zoomed);
  CHECK_THAT(view.camera.distance, WithinAbs(distance / 1.21, 1e-9));
  // A pinch about a centre in the view zooms too.
  PinchDelta pinch;
  pinch.active = true;
  pinch.zoom = 0.5f;
  pinch.centreX = 400;
  pinch.centreY = 300;
  viewFrame(view, scene, nullptr, &pinch);
  CHECK_THAT(view.camera.distance, WithinAbs(distance / 1.21 * 2, 1e-6));

  // The view has focus (clicked last): → turns it by 5°, Home resets it.
  const double before = view.camera.yaw;
  host.key(39, true);
  input = viewFrame(view, scene);
  host.key(39, false);
  viewFrame(view, scene);
  CHECK(input.keyUsed);
  CHECK_THAT(std::remainder(before - view.camera.yaw, 2 * kPi), WithinAbs(kKeyRotateStep, 1e-9));
  host.key(36, true);
  input = viewFrame(view, scene);
  host.key(36, false);
  CHECK(input.reset);
  CHECK(view.camera.yaw == kDefaultYaw);
  CHECK(view.camera.distance == kDefaultDistance);
  // A click elsewhere takes the focus away: the arrows are the screen's again.
  host.mouseMove(880, 680);
  viewFrame(view, scene);
  host.mouseButton(0, true);
  viewFrame(view, scene);
  host.mouseButton(0, false);
  viewFrame(view, scene);
  CHECK_FALSE(view3dOwnsArrowKeys(view));
  host.key(39, true);
  CHECK_FALSE(viewFrame(view, scene).keyUsed);
  host.key(39, false);
}

TEST_CASE("View3d: the time of one view at 5 000 points (printed, not asserted)",
          "[featurespace][frame]") {
  NativeHost host(NativeHostOptions{1280, 800, 1, false});
  host.frame();
  const Scene3d scene = paraboloidScene(5000);
  View3dState view;
  view.camera.autoRotate = true;  // a new camera every frame: nothing cached between them
  host.mouseMove(440, 330);
  std::vector<double> times;
  for (int k = 0; k < 60; ++k) {
    double ms = 0;
    viewFrame(view, scene, &ms);
    if (k >= 10) times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  const double median = times[times.size() / 2];
  const ImDrawData* data = ImGui::GetDrawData();
  std::printf(
      "view3d: 5000 points, 24x24 surface, 3 planes: drawView3d median %.2f ms, "
      "min %.2f ms, max %.2f ms per frame natively; %d vertices\n",
      median, times.front(), times.back(), data != nullptr ? data->TotalVtxCount : 0);
  CHECK(median > 0);
  CHECK(view.layout.dimmedCount > 0);
}

TEST_CASE("View3d: a crowded scene's points are octagons at their projections, in colour",
          "[featurespace]") {
  // Above 1 000 points the plain points are written straight into the draw list (drawPointRun),
  // as are the surface's triangles (drawTriangleRun): every point must still be its eight vertices
  // about its projection, in its class colour (dimmed behind the decision plane), every triangle
  // its three projected corners in its shade, and every index within the list's vertices.
  NativeHost host(NativeHostOptions{1280, 800, 1, false});
  host.frame();
  const Scene3d scene = paraboloidScene(2000);
  View3dState view;
  view.camera.yaw = 0.7;
  view.camera.pitch = 0.4;
  viewFrame(view, scene);
  const ImDrawData* data = ImGui::GetDrawData();
  REQUIRE(data != nullptr);
  struct Vertex {
    float x, y;
    ImU32 col;
    bool operator<(const Vertex& o) const {
      return x != o.x ? x < o.x : y != o.y ? y < o.y : col < o.col;
    }
  };
  std::vector<Vertex> vertices;
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    for (const ImDrawIdx index : list->IdxBuffer)
      REQUIRE(static_cast<int>(index) < list->VtxBuffer.Size);
    for (const ImDrawVert& v : list->VtxBuffer) vertices.push_back({v.pos.x, v.pos.y, v.col});
  }
  std::sort(vertices.begin(), vertices.end());
  const float radius = scene.pointRadius;
  int plain = 0, dimmedPlain = 0, missing = 0;
  for (const Prim3d& prim : view.layout.order) {
    if (prim.kind != Prim3dKind::Point) continue;
    const std::size_t k = static_cast<std::size_t>(prim.index);
    if (scene.marks[k] != 0) continue;
    ++plain;
    ImU32 col = scene.colours[k];
    if (view.layout.dimmed[k] != 0) {
      ++dimmedPlain;
      const ImU32 alpha =
          static_cast<ImU32>(static_cast<float>((col >> IM_COL32_A_SHIFT) & 0xFF) * 0.35f);
      col = (col & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
    }
    const Projection& p = view.layout.points[k];
    const float ring[8][2] = {
        {1, 0},  {0.70710678f, 0.70710678f},   {0, 1},  {-0.70710678f, 0.70710678f},
        {-1, 0}, {-0.70710678f, -0.70710678f}, {0, -1}, {0.70710678f, -0.70710678f}};
    for (const auto& r : ring) {
      const Vertex want{p.x + radius * r[0], p.y + radius * r[1], col};
      if (!std::binary_search(vertices.begin(), vertices.end(), want)) ++missing;
    }
  }
  // The surface: each triangle of the layout as its three projected grid vertices, in its shade.
  const int nv = scene.surfaceV;
  int triangles = 0;
  for (const Prim3d& prim : view.layout.order) {
    if (prim.kind != Prim3dKind::Triangle) continue;
    ++triangles;
    const int cell = prim.index / 2, i = cell / (nv - 1), j = cell % (nv - 1);
    const int corners[3] = {i * nv + j, (i + 1) * nv + j + 1,
                            prim.index % 2 == 0 ? (i + 1) * nv + j : i * nv + j + 1};
    const ImU32 col = view.layout.triangleColour[static_cast<std::size_t>(prim.index)];
    for (int v : corners) {
      const Projection& p = view.layout.surface[static_cast<std::size_t>(v)];
      if (!std::binary_search(vertices.begin(), vertices.end(), Vertex{p.x, p.y, col})) ++missing;
    }
  }
  CHECK(triangles == 2 * 23 * 23);
  CHECK(plain > 1800);
  CHECK(dimmedPlain > 100);
  CHECK(dimmedPlain < plain);
  CHECK(missing == 0);
}
