#include "modes/contour.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kpg::app {

void FieldGrid::finiteRange(double& lo, double& hi) const {
  lo = std::numeric_limits<double>::infinity();
  hi = -lo;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!(lo <= hi)) lo = hi = 0;
}

FieldGrid makeGrid(const PlotRect& rect, int nx, int ny) {
  FieldGrid g;
  g.rect = rect;
  g.nx = std::max(nx, 2);
  g.ny = std::max(ny, 2);
  g.values.assign(static_cast<std::size_t>(g.nx) * static_cast<std::size_t>(g.ny), 0.0);
  return g;
}

std::vector<ContourSegment> contourSegments(const FieldGrid& grid, double level) {
  std::vector<ContourSegment> out;
  if (grid.empty() || !std::isfinite(level)) return out;
  for (int j = 0; j + 1 < grid.ny; ++j) {
    for (int i = 0; i + 1 < grid.nx; ++i) {
      // Corners counter-clockwise from the bottom left: a(i,j) b(i+1,j) c(i+1,j+1) d(i,j+1).
      const double v[4] = {grid.at(i, j), grid.at(i + 1, j), grid.at(i + 1, j + 1),
                           grid.at(i, j + 1)};
      if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2]) ||
          !std::isfinite(v[3]))
        continue;
      int code = 0;
      for (int k = 0; k < 4; ++k)
        if (v[k] > level) code |= 1 << k;
      if (code == 0 || code == 15) continue;
      const double px[4] = {grid.x(i), grid.x(i + 1), grid.x(i + 1), grid.x(i)};
      const double py[4] = {grid.y(j), grid.y(j), grid.y(j + 1), grid.y(j + 1)};
      // Crossing point on edge e (corners e and e+1).
      auto edge = [&](int e, double& ex, double& ey) {
        const int a = e, b = (e + 1) % 4;
        const double d = v[b] - v[a];
        const double t = d != 0 ? std::clamp((level - v[a]) / d, 0.0, 1.0) : 0.5;
        ex = px[a] + t * (px[b] - px[a]);
        ey = py[a] + t * (py[b] - py[a]);
      };
      // Edges whose corners differ in side, in order 0..3.
      int edges[4];
      int count = 0;
      for (int e = 0; e < 4; ++e) {
        const bool sa = (code >> e) & 1, sb = (code >> ((e + 1) % 4)) & 1;
        if (sa != sb) edges[count++] = e;
      }
      auto add = [&](int e0, int e1) {
        ContourSegment s{};
        edge(e0, s.x0, s.y0);
        edge(e1, s.x1, s.y1);
        out.push_back(s);
      };
      if (count == 2) {
        add(edges[0], edges[1]);
      } else if (count == 4) {
        // Saddle: the centre's side decides which corners connect.
        const bool centreAbove = (v[0] + v[1] + v[2] + v[3]) / 4 > level;
        const bool corner0Above = code & 1;
        if (centreAbove == corner0Above) {
          add(0, 1);
          add(2, 3);
        } else {
          add(3, 0);
          add(1, 2);
        }
      }
    }
  }
  return out;
}

std::vector<double> contourLevels(const FieldGrid& grid, int count) {
  double lo = 0, hi = 0;
  grid.finiteRange(lo, hi);
  std::vector<double> levels;
  if (!(hi > lo) || count < 1) return levels;
  for (int k = 1; k <= count; ++k) levels.push_back(lo + (hi - lo) * k / (count + 1));
  return levels;
}

}  // namespace kpg::app
