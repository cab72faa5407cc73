#include "panels/canvas_input.hpp"

#include "exercises/exercise_panel.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {
namespace {

constexpr double kLongPressSeconds = 0.6;
// ... and seen held still on at least this many frames: at a few frames per second (software GL)
// a press and the first move of a drag can be frames apart, and must stay a drag.
constexpr int kLongPressFrames = 4;
constexpr float kTapSlop = 6.0f;  // pixels a press may wander and still be a tap

}  // namespace

Index hitTest(const LabState& lab, const CanvasView& view, ImVec2 p, float radius) {
  Index best = -1;
  float bestDistance = radius * radius;
  const Matrix& points = lab.data.points;
  for (Index i = 0; i < points.rows(); ++i) {
    const ImVec2 s = view.toScreen(points(i, 0), points(i, 1));
    const float dx = s.x - p.x, dy = s.y - p.y;
    const float d = dx * dx + dy * dy;
    if (d <= bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

namespace {

void addPointAt(LabState& lab, UiState& ui, const CanvasView& view, ImVec2 p) {
  const double x = view.plotX(p.x), y = view.plotY(p.y);
  // docs/bad-inputs.md W9: a click at a non-finite coordinate (degenerate zoom) is ignored.
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  dispatchUi(lab, ui, action::AddPoint{x, y, ui.currentClass});
}

}  // namespace

void handleCanvasInput(LabState& lab, UiState& ui, const CanvasView& view, bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  CanvasGesture& g = ui.gesture;
  const ImVec2 mouse = io.MousePos;

  // Two fingers: zoom about their centre and pan with it; this cancels a press in progress (its
  // release must not add a point).
  const PinchDelta& pinch = ui.pinch;
  if (pinch.active || pinch.zoom != 1 || pinch.panX != 0 || pinch.panY != 0) {
    if (g.draggingPoint) dispatchUi(lab, ui, action::EndDrag{});
    g = CanvasGesture{};
    const ImVec2 centre(pinch.centreX, pinch.centreY);
    if (view.contains(centre) && std::isfinite(pinch.zoom) && pinch.zoom > 0) {
      ViewWindow window = lab.view;
      if (pinch.zoom != 1) window = zoomedWindow(window, view, centre, pinch.zoom);
      if (pinch.panX != 0 || pinch.panY != 0) {
        const CanvasView zoomed = CanvasView::fit(window, view.min, view.max);
        window = pannedWindow(window, zoomed, ImVec2(pinch.panX, pinch.panY));
      }
      dispatchUi(lab, ui, action::SetView{window});
      ui.viewChangedSeconds = ui.nowSeconds;
    }
    return;
  }

  if (hovered && io.MouseWheel != 0 && std::isfinite(io.MouseWheel)) {
    const double factor =
        std::pow(1.15, static_cast<double>(std::clamp(io.MouseWheel, -10.0f, 10.0f)));
    dispatchUi(lab, ui, action::SetView{zoomedWindow(lab.view, view, mouse, factor)});
    ui.viewChangedSeconds = ui.nowSeconds;
  }

  if (hovered && ImGui::IsMouseClicked(0)) {
    g = CanvasGesture{};
    g.active = true;
    g.start = mouse;
    g.startSeconds = ui.nowSeconds;
    g.pointIndex = hitTest(lab, view, mouse, kHitRadius);
  }
  if (!g.active) return;

  if (ImGui::IsMouseDown(0)) {
    const float dx = mouse.x - g.start.x, dy = mouse.y - g.start.y;
    if (!g.moved && dx * dx + dy * dy > kTapSlop * kTapSlop) g.moved = true;
    ++g.heldFrames;
    if (!g.moved && !g.longPressDone && g.pointIndex >= 0 && g.heldFrames >= kLongPressFrames &&
        ui.nowSeconds - g.startSeconds >= kLongPressSeconds) {
      // Long press: delete (the tablet's way, no right click needed).
      dispatchUi(lab, ui, action::DeletePoint{g.pointIndex});
      g.longPressDone = true;
      ui.pinnedIndex = -1;
    }
    if (g.moved && !g.longPressDone) {
      const bool onPoint = g.pointIndex >= 0 && g.pointIndex < lab.pointCount();
      if (ui.tool == CanvasTool::AddMove && onPoint) {
        const double x = view.plotX(mouse.x), y = view.plotY(mouse.y);
        if (std::isfinite(x) && std::isfinite(y)) {
          dispatchUi(lab, ui, action::MovePoint{g.pointIndex, x, y, true});
          g.draggingPoint = true;
        }
      } else if (ui.tool == CanvasTool::Erase && g.pointIndex >= 0) {
        const Index under = hitTest(lab, view, mouse, kHitRadius);
        if (under >= 0) dispatchUi(lab, ui, action::DeletePoint{under});
      } else if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) {
        dispatchUi(lab, ui, action::SetView{pannedWindow(lab.view, view, io.MouseDelta)});
        ui.viewChangedSeconds = ui.nowSeconds;
      }
    }
    return;
  }

  // Released.
  if (!g.moved && !g.longPressDone) {
    if (ui.tool == CanvasTool::AddMove) {
      if (g.pointIndex >= 0) {
        // An open exercise asking for points takes the tap as its answer (exercise_panel.hpp;
        // buildFrameUi hands the pick to it after the frame).
        if (ui.picksPoints)
          ui.picked.push_back(g.pointIndex);
        else
          ui.pinnedIndex = ui.pinnedIndex == g.pointIndex ? -1 : g.pointIndex;
      } else {
        ui.pinnedIndex = -1;
        addPointAt(lab, ui, view, g.start);
      }
    } else if (ui.tool == CanvasTool::Erase && g.pointIndex >= 0) {
      dispatchUi(lab, ui, action::DeletePoint{g.pointIndex});
      ui.pinnedIndex = -1;
    }
  }
  if (g.draggingPoint) dispatchUi(lab, ui, action::EndDrag{});
  g = CanvasGesture{};
}

}  // namespace kpg::app
