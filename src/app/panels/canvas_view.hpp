#pragma once
// The canvas's view transform: plot coordinates (x₁ right, x₂ up) ↔ screen pixels (y down), with
// one scale for both axes so that distances and angles (the margin, the RBF's round bumps) look
// true. The session stores the requested data window (ViewWindow); it is fitted into the canvas
// rectangle centred, so the visible rectangle is the window widened along one axis.

#include "lab/lab_state.hpp"
#include "render/field_image.hpp"

#include <imgui.h>

namespace kpg::app {

struct CanvasView {
  ImVec2 min;  // the canvas rectangle on screen (CSS pixels)
  ImVec2 max;
  double centreX = 0, centreY = 0;
  double scale = 1;  // pixels per plot unit

  static CanvasView fit(const ViewWindow& window, ImVec2 min, ImVec2 max);

  ImVec2 toScreen(double x, double y) const;
  double plotX(float sx) const;
  double plotY(float sy) const;
  PlotRect visible() const;
  bool contains(ImVec2 p) const {
    return p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y;
  }
  bool valid() const;
};

// The window after zooming by `factor` (> 1 zooms in) about the screen point `anchor`, which
// keeps its plot coordinates. The result is clamped to sane sizes (1e-3 … 1e5 units wide) and
// stays within ±kMaxCoordinate so points added anywhere visible are accepted.
ViewWindow zoomedWindow(const ViewWindow& window, const CanvasView& view, ImVec2 anchor,
                        double factor);
// The window moved so the content follows a drag of `delta` screen pixels.
ViewWindow pannedWindow(const ViewWindow& window, const CanvasView& view, ImVec2 delta);
// Grid lines at "nice" coordinates with their values, the axes x₁ = 0 and x₂ = 0 darker, and the
// axis names in the corners (the lab's "x₁ →", "↑ x₂"; ε-SVR's "x →", "↑ t").
void drawCanvasAxes(ImDrawList* draw, const CanvasView& view, const char* xName, const char* yName);
// A window around the points with a 15% border (the preset's default when there are none).
ViewWindow fittedWindow(const Matrix& points);

}  // namespace kpg::app
