#include "panels/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace kpg::app::plot {
namespace {

double toAxis(const Axis& axis, double v) {
  if (!axis.log) return v;
  return v > 0 ? std::log10(v) : std::log10(std::max(axis.min, 1e-300));
}

Axis sanitized(Axis axis) {
  if (axis.log) {
    if (!(axis.min > 0) || !std::isfinite(axis.min)) axis.min = 1e-12;
    if (!(axis.max > axis.min) || !std::isfinite(axis.max)) axis.max = axis.min * 10;
    return axis;
  }
  if (!std::isfinite(axis.min) || !std::isfinite(axis.max)) {
    axis.min = 0;
    axis.max = 1;
  }
  if (axis.max < axis.min) std::swap(axis.min, axis.max);
  if (axis.max - axis.min < 1e-12 * std::max(1.0, std::abs(axis.max))) {
    const double pad = std::max(0.5, std::abs(axis.max) * 0.1);
    axis.min -= pad;
    axis.max += pad;
  }
  return axis;
}

}  // namespace

ImU32 withAlpha(ImU32 colour, float alpha) {
  const auto a = static_cast<ImU32>(std::clamp(alpha, 0.0f, 1.0f) * 255.0f);
  return (colour & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

float Frame::screenX(double dx) const {
  const double a = toAxis(x, x.min), b = toAxis(x, x.max);
  return min.x + static_cast<float>((toAxis(x, dx) - a) / (b - a)) * (max.x - min.x);
}

float Frame::screenY(double dy) const {
  const double a = toAxis(y, y.min), b = toAxis(y, y.max);
  return max.y - static_cast<float>((toAxis(y, dy) - a) / (b - a)) * (max.y - min.y);
}

ImVec2 Frame::toScreen(double dx, double dy) const {
  return ImVec2(screenX(dx), screenY(dy));
}

double Frame::dataX(float sx) const {
  const double a = toAxis(x, x.min), b = toAxis(x, x.max);
  const double t = a + (sx - min.x) / static_cast<double>(max.x - min.x) * (b - a);
  return x.log ? std::pow(10.0, t) : t;
}

double Frame::dataY(float sy) const {
  const double a = toAxis(y, y.min), b = toAxis(y, y.max);
  const double t = a + (max.y - sy) / static_cast<double>(max.y - min.y) * (b - a);
  return y.log ? std::pow(10.0, t) : t;
}

std::vector<double> niceTicks(double min, double max, int target) {
  std::vector<double> ticks;
  if (!std::isfinite(min) || !std::isfinite(max) || !(max > min) || target < 1) return ticks;
  const double raw = (max - min) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * magnitude;
    if (step >= raw) break;
  }
  const double first = std::ceil(min / step - 1e-9) * step;
  for (int k = 0; k < 100; ++k) {
    const double v = first + k * step;
    if (v > max + step * 1e-9) break;
    ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  }
  return ticks;
}

std::vector<double> logTicks(double min, double max) {
  std::vector<double> ticks;
  if (!(min > 0) || !(max > min) || !std::isfinite(max)) return ticks;
  const int lo = static_cast<int>(std::ceil(std::log10(min) - 1e-9));
  const int hi = static_cast<int>(std::floor(std::log10(max) + 1e-9));
  const int stride = std::max(1, (hi - lo + 1) / 5);
  for (int e = lo; e <= hi; e += stride) ticks.push_back(std::pow(10.0, e));
  if (ticks.size() < 2) {
    for (int e = lo - 1; e <= hi; ++e) {
      for (double m : {2.0, 5.0}) {
        const double v = m * std::pow(10.0, e);
        if (v >= min && v <= max) ticks.push_back(v);
      }
    }
    std::sort(ticks.begin(), ticks.end());
  }
  return ticks;
}

std::string formatTick(double value, double spacing) {
  char text[32];
  const double a = std::abs(value);
  if (a != 0 && (a < 1e-3 || a >= 1e5)) {
    std::snprintf(text, sizeof text, "%.0e", value);
  } else {
    const int decimals =
        spacing > 0 ? std::clamp(static_cast<int>(std::ceil(-std::log10(spacing) - 1e-9)), 0, 6)
                    : 2;
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
  }
  return text;
}

std::string formatLogTick(double value) {
  return formatDisplay(value);
}

Frame drawAxes(ImDrawList* draw, ImVec2 outerMin, ImVec2 outerMax, Axis x, Axis y,
               const AxesStyle& style) {
  x = sanitized(x);
  y = sanitized(y);
  const float lineHeight = ImGui::GetTextLineHeight();
  std::vector<double> xt = x.log ? logTicks(x.min, x.max) : niceTicks(x.min, x.max, style.xTicks);
  if (style.integerX) {
    std::vector<double> whole;
    for (double v : xt) {
      if (v == std::round(v)) whole.push_back(v);
    }
    if (whole.empty()) whole.push_back(std::ceil(x.min));
    xt = whole;
  }
  const std::vector<double> yt =
      y.log ? logTicks(y.min, y.max) : niceTicks(y.min, y.max, style.yTicks);
  const double xs = xt.size() > 1 ? xt[1] - xt[0] : 1;
  const double ys = yt.size() > 1 ? yt[1] - yt[0] : 1;
  float yLabelWidth = 0;
  for (double v : yt) {
    yLabelWidth = std::max(yLabelWidth, ImGui::CalcTextSize(formatTick(v, ys).c_str()).x);
  }
  Frame frame;
  frame.x = x;
  frame.y = y;
  frame.min =
      ImVec2(outerMin.x + yLabelWidth + 6, outerMin.y + (style.yLabel ? lineHeight + 2 : 4));
  frame.max = ImVec2(outerMax.x - 6, outerMax.y - lineHeight - (style.xLabel ? lineHeight : 0) - 4);
  if (frame.max.x < frame.min.x + 10) frame.max.x = frame.min.x + 10;
  if (frame.max.y < frame.min.y + 10) frame.max.y = frame.min.y + 10;

  draw->AddRectFilled(frame.min, frame.max, IM_COL32(255, 255, 255, 255));
  // Every tick keeps its grid line; a label that would overlap the one before it is left out
  // (a short plot, as on a phone, has room for fewer labels than ticks).
  float lastRight = -1e30f;
  for (double v : xt) {
    const float sx = frame.screenX(v);
    if (style.grid) draw->AddLine(ImVec2(sx, frame.min.y), ImVec2(sx, frame.max.y), kGrid);
    const std::string text = x.log ? formatLogTick(v) : formatTick(v, xs);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    if (sx - w / 2 < lastRight + 4) continue;
    draw->AddText(ImVec2(sx - w / 2, frame.max.y + 2), kMuted, text.c_str());
    lastRight = sx + w / 2;
  }
  float lastY = 1e30f;
  for (double v : yt) {
    const float sy = frame.screenY(v);
    if (style.grid) draw->AddLine(ImVec2(frame.min.x, sy), ImVec2(frame.max.x, sy), kGrid);
    if (std::abs(lastY - sy) < lineHeight) continue;
    const std::string text = y.log ? formatLogTick(v) : formatTick(v, ys);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    draw->AddText(ImVec2(frame.min.x - w - 4, sy - lineHeight / 2), kMuted, text.c_str());
    lastY = sy;
  }
  draw->AddRect(frame.min, frame.max, IM_COL32(0, 0, 0, 90));
  if (style.xLabel) {
    const float w = ImGui::CalcTextSize(style.xLabel).x;
    draw->AddText(ImVec2((frame.min.x + frame.max.x - w) / 2, frame.max.y + lineHeight + 2), kInk,
                  style.xLabel);
  }
  if (style.yLabel) draw->AddText(ImVec2(outerMin.x, outerMin.y), kInk, style.yLabel);
  return frame;
}

void polyline(ImDrawList* draw, const Frame& frame, const std::vector<double>& xs,
              const std::vector<double>& ys, ImU32 colour, float thickness) {
  const std::size_t n = std::min(xs.size(), ys.size());
  std::vector<ImVec2> points;
  points.reserve(n);
  auto flush = [&]() {
    if (points.size() >= 2) {
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, thickness);
    }
    points.clear();
  };
  for (std::size_t k = 0; k < n; ++k) {
    const bool usable = std::isfinite(xs[k]) && std::isfinite(ys[k]) && (!frame.y.log || ys[k] > 0);
    if (!usable) {
      flush();
      continue;
    }
    ImVec2 p = frame.toScreen(xs[k], ys[k]);
    p.y = std::clamp(p.y, frame.min.y - 2, frame.max.y + 2);
    points.push_back(p);
  }
  flush();
}

void dashedLine(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, float dash,
                float gap) {
  // Only the part inside the draw list's clip rectangle gets dashes (Liang–Barsky, in double). A
  // line through a far-away point (the pair panel's constraint line at a huge α) is 1e30 pixels
  // long: stepping a float along it never ended once s + dash + gap == s, and every pass added a
  // line until the heap ran out (the browser then trapped with "memory access out of bounds").
  const double ax = a.x, ay = a.y, dx = static_cast<double>(b.x) - ax,
               dy = static_cast<double>(b.y) - ay;
  if (!std::isfinite(ax) || !std::isfinite(ay) || !std::isfinite(dx) || !std::isfinite(dy)) return;
  const ImVec2 clipMin = draw->GetClipRectMin(), clipMax = draw->GetClipRectMax();
  double t0 = 0, t1 = 1;
  const auto clip = [&t0, &t1](double p, double q) {  // keep t with p·t ≤ q
    if (p == 0) return q >= 0;
    const double r = q / p;
    if (p < 0) {
      t0 = std::max(t0, r);
    } else {
      t1 = std::min(t1, r);
    }
    return t0 <= t1;
  };
  if (!clip(-dx, ax - clipMin.x) || !clip(dx, clipMax.x - ax) || !clip(-dy, ay - clipMin.y) ||
      !clip(dy, clipMax.y - ay))
    return;
  const double length = std::hypot(dx, dy);
  if (!(length > 0)) return;
  const double ux = dx / length, uy = dy / length;
  // Dashes stay in phase with the line's start, so a line scrolled in and out of view keeps them
  // still; the visible part of a line in the plot is a few thousand pixels at most.
  const double period = static_cast<double>(dash) + static_cast<double>(gap);
  const double first = std::floor(t0 * length / period) * period;
  const double last = t1 * length;
  const auto point = [&](double s) {
    return ImVec2(static_cast<float>(ax + ux * s), static_cast<float>(ay + uy * s));
  };
  constexpr int kMaxDashes = 4096;
  for (int k = 0; k < kMaxDashes; ++k) {
    const double s = first + k * period;
    if (s >= last) break;
    const double start = std::max(s, t0 * length);
    const double e = std::min(last, s + static_cast<double>(dash));
    if (e > start) draw->AddLine(point(start), point(e), colour, thickness);
  }
}

void horizontalLine(ImDrawList* draw, const Frame& frame, double y, ImU32 colour, bool dashed,
                    const char* text) {
  if (!std::isfinite(y) || (frame.y.log && !(y > 0))) return;
  const float sy = frame.screenY(y);
  if (sy < frame.min.y - 0.5f || sy > frame.max.y + 0.5f) return;
  if (dashed) {
    dashedLine(draw, ImVec2(frame.min.x, sy), ImVec2(frame.max.x, sy), colour, 1.2f);
  } else {
    draw->AddLine(ImVec2(frame.min.x, sy), ImVec2(frame.max.x, sy), colour, 1.2f);
  }
  if (text) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    draw->AddText(ImVec2(frame.max.x - size.x - 3, sy - size.y - 1), colour, text);
  }
}

void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (!(length > 1) || !std::isfinite(length)) return;
  draw->AddLine(from, to, colour, thickness);
  const float ux = dx / length, uy = dy / length;
  const float head = std::min(9.0f, length * 0.5f);
  const ImVec2 left(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f);
  const ImVec2 right(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f);
  draw->AddTriangleFilled(to, left, right, colour);
}

void marker(ImDrawList* draw, ImVec2 c, Marker shape, float r, ImU32 fill, ImU32 outline,
            float thickness) {
  switch (shape) {
    case Marker::Circle:
      draw->AddCircleFilled(c, r, fill, 16);
      draw->AddCircle(c, r, outline, 16, thickness);
      break;
    case Marker::Diamond: {
      const float d = r * 1.35f;
      const ImVec2 p[4] = {ImVec2(c.x, c.y - d), ImVec2(c.x + d, c.y), ImVec2(c.x, c.y + d),
                           ImVec2(c.x - d, c.y)};
      draw->AddConvexPolyFilled(p, 4, fill);
      draw->AddPolyline(p, 4, outline, ImDrawFlags_Closed, thickness);
      break;
    }
    case Marker::Square: {
      const float s = r * 1.05f;
      draw->AddRectFilled(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), fill);
      draw->AddRect(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), outline, 0, 0, thickness);
      break;
    }
  }
}

std::string subscript(long long index) {
  static const char* const digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
  std::string plain = std::to_string(index < 0 ? -index : index);
  std::string out = index < 0 ? "₋" : "";
  for (char d : plain) out += digits[d - '0'];
  return out;
}

void label(ImDrawList* draw, ImVec2 topLeft, ImU32 colour, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  draw->AddRectFilled(ImVec2(topLeft.x - 2, topLeft.y - 1),
                      ImVec2(topLeft.x + size.x + 2, topLeft.y + size.y + 1),
                      IM_COL32(255, 255, 255, 210), 2.0f);
  draw->AddText(topLeft, colour, text);
}

void barChart(ImDrawList* draw, ImVec2 a, ImVec2 b, const std::vector<double>& values,
              const std::vector<ImU32>& colours, const char* xLabel, const char* yLabel,
              double firstX) {
  double top = 1;
  for (double v : values)
    if (std::isfinite(v)) top = std::max(top, v);
  AxesStyle style;
  style.xLabel = xLabel;
  style.yLabel = yLabel;
  style.integerX = true;
  const Frame f =
      drawAxes(draw, a, b, {firstX - 0.5, firstX + static_cast<double>(values.size()) - 0.5},
               {0, top * 1.1}, style);
  const float w =
      std::max(1.0f, (f.max.x - f.min.x) /
                         static_cast<float>(std::max<std::size_t>(values.size(), 1)) * 0.7f);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = std::isfinite(values[i]) ? values[i] : 0;
    const float x = f.screenX(firstX + static_cast<double>(i));
    draw->AddRectFilled(ImVec2(x - w / 2, f.screenY(v)), ImVec2(x + w / 2, f.screenY(0)),
                        i < colours.size() ? colours[i] : kMuted);
  }
}

void linePlot(ImDrawList* draw, ImVec2 a, ImVec2 b, const std::vector<double>& ys,
              const char* xLabel, const char* yLabel, ImU32 colour, bool includeZero,
              double firstX) {
  std::vector<double> xs(ys.size());
  double lo = 0, hi = 1;
  bool first = true;
  for (std::size_t i = 0; i < ys.size(); ++i) {
    xs[i] = firstX + static_cast<double>(i);
    if (!std::isfinite(ys[i])) continue;
    if (first) {
      lo = hi = ys[i];
      first = false;
    }
    lo = std::min(lo, ys[i]);
    hi = std::max(hi, ys[i]);
  }
  AxesStyle style;
  style.xLabel = xLabel;
  style.yLabel = yLabel;
  style.integerX = true;
  if (includeZero) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 1.0);
  }
  const double pad =
      std::max({1e-9, (hi - lo) * 0.08, 0.02 * std::max(std::abs(lo), std::abs(hi))});
  const Frame f =
      drawAxes(draw, a, b, {firstX, firstX + std::max(1.0, static_cast<double>(ys.size()) - 1)},
               {lo - pad, hi + pad}, style);
  polyline(draw, f, xs, ys, colour, 2.0f);
  for (std::size_t i = 0; i < ys.size() && ys.size() < 60; ++i)
    if (std::isfinite(ys[i])) draw->AddCircleFilled(f.toScreen(xs[i], ys[i]), 3, colour, 8);
}

}  // namespace kpg::app::plot
