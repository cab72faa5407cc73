#pragma once
// A small plotting module over Dear ImGui draw lists, used by every panel (no ImPlot on these
// machines). A Frame maps data coordinates into a screen rectangle (y up, optional log scales); the
// free functions draw axes with "nice" 1-2-5 ticks, lines, dashed lines, bars and the point markers
// shared by the canvas, the legend and the pair panel.

#include "data/number_text.hpp"

#include <imgui.h>

#include <string>
#include <vector>

namespace kpg::app::plot {

// Okabe & Ito (2008) colour-blind-safe palette: class +1 vermillion, class −1 blue (the same as
// shaders/field_colour.frag), plus the accents the panels use.
constexpr ImU32 kPositive = IM_COL32(213, 94, 0, 255);
constexpr ImU32 kNegative = IM_COL32(0, 114, 178, 255);
constexpr ImU32 kPairI = IM_COL32(0, 158, 115, 255);    // bluish green: the pair's i
constexpr ImU32 kPairJ = IM_COL32(204, 121, 167, 255);  // reddish purple: the pair's j
constexpr ImU32 kAccent = IM_COL32(230, 159, 0, 255);   // orange: highlights
constexpr ImU32 kInk = IM_COL32(34, 34, 34, 255);
constexpr ImU32 kGrid = IM_COL32(0, 0, 0, 28);
constexpr ImU32 kMuted = IM_COL32(110, 110, 120, 255);
// Signs that are not classes (a Gram entry, a kernel-PCA projection, an eigenvalue's sign) get
// their own diverging pair (Tol's PRGn ends), so the class colours mean classes only.
constexpr ImU32 kSignPositive = IM_COL32(118, 42, 131, 255);  // purple: > 0
constexpr ImU32 kSignNegative = IM_COL32(27, 120, 55, 255);   // green: < 0
// The convergence plot's two objectives (Tol's indigo and wine): curves, not classes.
constexpr ImU32 kDualCurve = IM_COL32(51, 34, 136, 255);
constexpr ImU32 kPrimalCurve = IM_COL32(136, 34, 85, 255);

inline ImU32 classColour(double label) {
  return label > 0 ? kPositive : kNegative;
}
ImU32 withAlpha(ImU32 colour, float alpha);

struct Axis {
  double min = 0;
  double max = 1;
  bool log = false;  // base 10; min and max must then be > 0
};

struct Frame {
  ImVec2 min;  // screen rectangle of the data area
  ImVec2 max;
  Axis x;
  Axis y;

  ImVec2 toScreen(double dx, double dy) const;
  float screenX(double dx) const;
  float screenY(double dy) const;
  double dataX(float sx) const;
  double dataY(float sy) const;
  bool contains(ImVec2 p) const {
    return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
  }
};

// Ticks at 1, 2, 5 × 10^k covering [min, max], about `target` of them.
std::vector<double> niceTicks(double min, double max, int target);
// Decades (and 2, 5 in between when few decades) within [min, max], both > 0.
std::vector<double> logTicks(double min, double max);
// A tick label with as many decimals as the tick spacing needs ("0.25", "1e-06").
std::string formatTick(double value, double spacing);
// A power-of-ten tick: "0.001", "1e-06".
std::string formatLogTick(double value);

struct AxesStyle {
  const char* xLabel = nullptr;
  const char* yLabel = nullptr;  // drawn above the y tick labels
  bool grid = true;
  int xTicks = 5;
  int yTicks = 4;
  bool integerX = false;  // only whole-number x ticks (indices)
};

// Reserves room for tick labels inside [outerMin, outerMax], draws the frame, grid and ticks, and
// returns the data area. Pads a degenerate range (min == max) so nothing divides by zero.
Frame drawAxes(ImDrawList* draw, ImVec2 outerMin, ImVec2 outerMax, Axis x, Axis y,
               const AxesStyle& style);

void polyline(ImDrawList* draw, const Frame& frame, const std::vector<double>& xs,
              const std::vector<double>& ys, ImU32 colour, float thickness = 1.5f);
void dashedLine(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 colour, float thickness = 1.0f,
                float dash = 5.0f, float gap = 4.0f);
void horizontalLine(ImDrawList* draw, const Frame& frame, double y, ImU32 colour, bool dashed,
                    const char* label = nullptr);
void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness = 1.5f);

// Bars at x = 0, 1, …, n − 1 from 0 up to values[i] (non-finite: 0), coloured colours[i] (muted
// when missing), on axes from 0 to the largest value. For counts per point (the modes' mistakes).
// values[i] is drawn at x = firstX + i (1 for points: the screen numbers them from 1).
void barChart(ImDrawList* draw, ImVec2 outerMin, ImVec2 outerMax, const std::vector<double>& values,
              const std::vector<ImU32>& colours, const char* xLabel, const char* yLabel,
              double firstX = 0);
// ys[i] against x = firstX + i, a line with dots (when few), axes fitted to the finite values
// (and to [0, 1] when includeZero). For objectives and counts over steps or epochs.
void linePlot(ImDrawList* draw, ImVec2 outerMin, ImVec2 outerMax, const std::vector<double>& ys,
              const char* xLabel, const char* yLabel, ImU32 colour, bool includeZero = false,
              double firstX = 0);

// A point's state shape (the canvas legend): NotSupport α = 0 → small circle, Free 0 < α < C →
// diamond with a dark ring, Bound α = C → square with a dark ring.
enum class Marker { Circle, Diamond, Square };
void marker(ImDrawList* draw, ImVec2 centre, Marker shape, float radius, ImU32 fill, ImU32 outline,
            float outlineThickness = 1.0f);

// An index in subscript digits (α₁₂), as the notes write it.
std::string subscript(long long index);

// Text with a translucent white box behind it, readable over the field.
void label(ImDrawList* draw, ImVec2 topLeft, ImU32 colour, const char* text);

}  // namespace kpg::app::plot
