#pragma once
// A 3-D view in a screen rectangle: the lifted points φ(xᵢ), the translucent surface
// φ(ℝ²), the SVM's planes w·φ + b = 0 and ±1 clipped to the scene cube, the cube's edges and three
// labelled axes, through the orbiting camera of orbit_camera.hpp; and its input (drag and
// one-finger drag orbit, wheel and pinch zoom, arrow keys, Home or 0 reset).
//
// Drawn with the painter's algorithm on an ImGui draw list (WebGL2 through ImGui has no depth
// buffer). Depth alone misorders a point and a large plane polygon (the polygon has one depth), so
// the sort key is first the number of the three parallel planes between the eye and a primitive
// (a BSP over the planes: exact for points, by the centroid for triangles and edges), then the
// depth, back to front. A point behind the decision plane, seen from the eye (the segment
// eye → point crosses w·p + b = 0), is drawn dimmed.
//
// The layout (layoutView3d) is computed without drawing, so the tests check the order and the
// dimming natively; drawView3d lays out, handles input and draws. Per frame the view allocates
// nothing once its buffers (View3dLayout, kept in View3dState) have grown to the scene.

#include "modes/featurespace/orbit_camera.hpp"
#include "platform.hpp"

#include <imgui.h>

#include <array>
#include <vector>

namespace kpg::app {

struct Scene3d {
  SceneBox box;
  std::vector<Eigen::Vector3d> points;  // data coordinates
  std::vector<ImU32> colours;           // per point (class colours); missing: muted ink
  // 0 none, 1 free support vector (0 < α < C: diamond), 2 support vector at C (square), as on
  // the canvas (plot::marker).
  std::vector<unsigned char> marks;
  int highlighted = -1;  // linked highlight from the 2-D canvas
  // The surface φ(ℝ²) sampled on a grid, surfaceU × surfaceV data-coordinate points, row-major
  // (surface[i * surfaceV + j]); empty: none.
  int surfaceU = 0, surfaceV = 0;
  std::vector<Eigen::Vector3d> surface;
  // The SVM's plane w·p + b = 0 and its margins w·p + b = ±1, in data coordinates; hasPlane false
  // (kernel-PCA coordinates) or w = 0 (α = 0 at step 0): none.
  bool hasPlane = false;
  Eigen::Vector3d w = Eigen::Vector3d::Zero();
  double b = 0;
  // The student's own plane n·p = offset (an exercise: tilt it to separate the points), drawn over
  // the scene in green; hasStudentPlane false: none.
  bool hasStudentPlane = false;
  Eigen::Vector3d studentNormal = Eigen::Vector3d::UnitZ();
  double studentOffset = 0;
  // Points an exercise has picked (ringed in green), indices into points.
  std::vector<int> picked;
  std::array<const char*, 3> axisLabels{{"φ₁", "φ₂", "φ₃"}};  // e.g. "x₁²", "√2·x₁x₂", "x₂²"
  float pointRadius = 3.5f;  // CSS pixels, as the canvas's pointRadius(n)
};

enum class Prim3dKind : unsigned char { Triangle, Plane, Edge, Point };

// One primitive of the painter's list; `index` is into the layout's array of its kind (a
// triangle t of grid cell (i, j) is 2 (i (surfaceV − 1) + j) + {0, 1}; a plane 0, 1, 2 for the
// levels −1, 0, +1).
struct Prim3d {
  float depth = 0;
  unsigned char layer = 0;  // 2 × planes between the eye and it; a plane's own is odd
  Prim3dKind kind = Prim3dKind::Point;
  int index = 0;
};

// What the view would draw for a camera, a scene and a rectangle. Buffers reused across frames.
struct View3dLayout {
  std::vector<Projection> points;     // per scene point
  std::vector<unsigned char> dimmed;  // per scene point: behind the decision plane from the eye
  int dimmedCount = 0;
  std::vector<Projection> surface;    // per surface vertex
  std::vector<ImU32> triangleColour;  // per surface triangle, shaded by its slant to the eye
  std::array<std::array<ImVec2, 6>, 3> planePolygon{};  // levels −1, 0, +1, on screen
  std::array<int, 3> planeCount{};                      // 0 when the plane misses the cube
  std::array<ImVec2, 6> studentPolygon{};               // the student's plane, on screen
  int studentCount = 0;                                 // 0: none drawn
  std::array<std::array<ImVec2, 2>, 12> edges{};        // the cube's edges, on screen
  std::array<int, 3> axisEdge{};  // per axis, the edge (index into edges) that carries its ticks
  std::vector<Prim3d> order;      // back to front
  std::vector<Prim3d> scratch;    // the sort's second buffer
};

// Lays the scene out for the camera in [min, max]: projections, dimming and the painter's order.
void layoutView3d(View3dLayout& out, const OrbitCamera& camera, const Scene3d& scene, ImVec2 min,
                  ImVec2 max);

// The view's state between frames, one per view (the screen keeps it beside its other UI state).
struct View3dState {
  OrbitCamera camera;
  // Clicked last (and not clicked away from or left with Escape since): the arrow keys turn the
  // view and the screen's ←/→ stepping must leave them alone (view3dOwnsArrowKeys).
  bool focused = false;
  // A drag turns the student's plane (View3dInput::planeDx, planeDy) instead of the camera.
  bool dragTurnsPlane = false;
  View3dLayout layout;
};

inline bool view3dOwnsArrowKeys(const View3dState& view) {
  return view.focused;
}

// What happened in the view this frame.
struct View3dInput {
  bool dragged = false;         // orbited by a drag (mouse or one finger)
  bool zoomed = false;          // wheel or pinch
  bool keyUsed = false;         // an arrow key, Home or 0 (the caller should not step on it)
  bool reset = false;           // Home or 0 reset the camera
  bool stopAutoRotate = false;  // a press, drag, wheel, pinch or key stopped the spin
  bool moved = false;     // the camera changed (input or auto-rotation): draw the next frame too
  int hoveredPoint = -1;  // the point under the pointer (linked highlight), −1 none
  int clickedPoint = -1;  // a click (press and release without a drag) on a point
  // With dragTurnsPlane: this frame's drag in pixels (right, down), for the caller to turn the
  // student's plane by.
  float planeDx = 0, planeDy = 0;
};

// Draws the scene into [min, max] of `draw` and handles the pointer, the keys and the pinch:
// an invisible button over the rectangle takes the left-button drag (so the page does not scroll
// and other widgets do not react), the wheel zooms only while hovered (the window does not scroll
// then), arrows turn the view while it has focus, Home or 0 reset it while hovered or focused.
// Places the ImGui cursor at `min` and submits an item of the rectangle's size. `pinch`: this
// frame's two-finger pinch (UiState::pinch), or null.
View3dInput drawView3d(ImDrawList* draw, ImVec2 min, ImVec2 max, View3dState& view,
                       const Scene3d& scene, const PinchDelta* pinch);

}  // namespace kpg::app
