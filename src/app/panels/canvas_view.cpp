#include "panels/canvas_view.hpp"

#include "panels/plot.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace kpg::app {
namespace {

constexpr double kMinWidth = 1e-3;
constexpr double kMaxWidth = 1e5;

ViewWindow clampedWindow(double cx, double cy, double halfW, double halfH) {
  const double limit = kMaxCoordinate * 0.5;
  cx = std::clamp(cx, -limit, limit);
  cy = std::clamp(cy, -limit, limit);
  return ViewWindow{cx - halfW, cx + halfW, cy - halfH, cy + halfH};
}

}  // namespace

CanvasView CanvasView::fit(const ViewWindow& window, ImVec2 min, ImVec2 max) {
  CanvasView view;
  view.min = min;
  view.max = max;
  double w = window.xMax - window.xMin;
  double h = window.yMax - window.yMin;
  if (!(w > 0) || !std::isfinite(w)) w = 1;
  if (!(h > 0) || !std::isfinite(h)) h = 1;
  const double pixelsW = std::max(1.0f, max.x - min.x);
  const double pixelsH = std::max(1.0f, max.y - min.y);
  view.scale = std::min(pixelsW / w, pixelsH / h);
  view.centreX = 0.5 * (window.xMin + window.xMax);
  view.centreY = 0.5 * (window.yMin + window.yMax);
  if (!std::isfinite(view.centreX) || !std::isfinite(view.centreY)) view.centreX = view.centreY = 0;
  return view;
}

bool CanvasView::valid() const {
  return std::isfinite(scale) && scale > 0 && max.x > min.x && max.y > min.y;
}

ImVec2 CanvasView::toScreen(double x, double y) const {
  const double cx = 0.5 * (min.x + max.x);
  const double cy = 0.5 * (min.y + max.y);
  return ImVec2(static_cast<float>(cx + (x - centreX) * scale),
                static_cast<float>(cy - (y - centreY) * scale));
}

double CanvasView::plotX(float sx) const {
  return centreX + (sx - 0.5 * (min.x + max.x)) / scale;
}

double CanvasView::plotY(float sy) const {
  return centreY - (sy - 0.5 * (min.y + max.y)) / scale;
}

PlotRect CanvasView::visible() const {
  return PlotRect{plotX(min.x), plotX(max.x), plotY(max.y), plotY(min.y)};
}

ViewWindow zoomedWindow(const ViewWindow& window, const CanvasView& view, ImVec2 anchor,
                        double factor) {
  if (!view.valid() || !std::isfinite(factor) || !(factor > 0)) return window;
  const double ax = view.plotX(anchor.x);
  const double ay = view.plotY(anchor.y);
  double halfW = 0.5 * (window.xMax - window.xMin) / factor;
  double halfH = 0.5 * (window.yMax - window.yMin) / factor;
  const double widest = std::max(halfW, halfH) * 2;
  const double narrowest = std::min(halfW, halfH) * 2;
  if (widest > kMaxWidth || narrowest < kMinWidth) return window;
  // The anchor keeps its place: centre' = anchor + (centre − anchor)/factor.
  const double cx = ax + (0.5 * (window.xMin + window.xMax) - ax) / factor;
  const double cy = ay + (0.5 * (window.yMin + window.yMax) - ay) / factor;
  return clampedWindow(cx, cy, halfW, halfH);
}

ViewWindow pannedWindow(const ViewWindow& window, const CanvasView& view, ImVec2 delta) {
  if (!view.valid()) return window;
  const double dx = -delta.x / view.scale;
  const double dy = delta.y / view.scale;
  const double cx = 0.5 * (window.xMin + window.xMax) + dx;
  const double cy = 0.5 * (window.yMin + window.yMax) + dy;
  return clampedWindow(cx, cy, 0.5 * (window.xMax - window.xMin),
                       0.5 * (window.yMax - window.yMin));
}

ViewWindow fittedWindow(const Matrix& points) {
  if (points.rows() == 0 || points.cols() < 2) return ViewWindow{};
  const double x0 = points.col(0).minCoeff(), x1 = points.col(0).maxCoeff();
  const double y0 = points.col(1).minCoeff(), y1 = points.col(1).maxCoeff();
  const double w = std::max({x1 - x0, y1 - y0, 1.0});
  const double pad = 0.15 * w;
  return ViewWindow{x0 - pad, x1 + pad, y0 - pad, y1 + pad};
}

void drawCanvasAxes(ImDrawList* draw, const CanvasView& view, const char* xName,
                    const char* yName) {
  const PlotRect r = view.visible();
  const float width = view.max.x - view.min.x;
  const float height = view.max.y - view.min.y;
  const auto xt = plot::niceTicks(r.xMin, r.xMax, std::max(2, static_cast<int>(width / 90)));
  const auto yt = plot::niceTicks(r.yMin, r.yMax, std::max(2, static_cast<int>(height / 70)));
  const double xs = xt.size() > 1 ? xt[1] - xt[0] : 1;
  const double ys = yt.size() > 1 ? yt[1] - yt[0] : 1;
  const float lineHeight = ImGui::GetTextLineHeight();
  for (double v : xt) {
    const float sx = view.toScreen(v, 0).x;
    const bool axis = v == 0;
    draw->AddLine(ImVec2(sx, view.min.y), ImVec2(sx, view.max.y),
                  axis ? IM_COL32(0, 0, 0, 70) : plot::kGrid, axis ? 1.2f : 1.0f);
    const std::string text = plot::formatTick(v, xs);
    plot::label(draw, ImVec2(sx + 3, view.max.y - lineHeight - 2), plot::kMuted, text.c_str());
  }
  for (double v : yt) {
    const float sy = view.toScreen(0, v).y;
    const bool axis = v == 0;
    draw->AddLine(ImVec2(view.min.x, sy), ImVec2(view.max.x, sy),
                  axis ? IM_COL32(0, 0, 0, 70) : plot::kGrid, axis ? 1.2f : 1.0f);
    // A label in the bottom band (the x labels' row) or under the axis name at the top would be
    // drawn over another label: the grid line stays, the number is left out.
    const float top = sy - lineHeight - 1;
    if (top + lineHeight > view.max.y - lineHeight - 2 || top < view.min.y + lineHeight + 4)
      continue;
    const std::string text = plot::formatTick(v, ys);
    plot::label(draw, ImVec2(view.min.x + 4, top), plot::kMuted, text.c_str());
  }
  // Axis names in the corner, where the coordinates are read.
  plot::label(
      draw, ImVec2(view.max.x - ImGui::CalcTextSize(xName).x - 6, view.max.y - 2 * lineHeight - 6),
      plot::kInk, xName);
  plot::label(draw, ImVec2(view.min.x + 4, view.min.y + 4), plot::kInk, yName);
}

}  // namespace kpg::app
