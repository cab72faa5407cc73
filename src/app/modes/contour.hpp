#pragma once
// Fields over the plane on a CPU grid, and their contour lines by marching squares (Lorensen &
// Cline 1987 in 2-D): shared by every canvas mode (decision regions, cluster regions, projection
// contours). The values come from the core (a callback per grid node or a matrix of rows); this
// file only samples and traces.
//
// Grid nodes are at x_i = xMin + i·(xMax − xMin)/(nx − 1), y_j likewise; value(i, j) is the field
// at node (i, j). A contour segment is traced in each cell whose corners straddle the level
// (linear interpolation along the edges; the two saddle cases are resolved by the cell's centre
// average). Cells with a non-finite corner are skipped, so NaN never reaches the drawing.

#include "plot_rect.hpp"

#include <cstddef>

#include <vector>

namespace kpg::app {

struct FieldGrid {
  PlotRect rect;
  int nx = 0, ny = 0;
  std::vector<double> values;  // row-major: values[j * nx + i]

  bool empty() const {
    return nx < 2 || ny < 2 ||
           values.size() != static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
  }
  double x(int i) const { return rect.xMin + (rect.xMax - rect.xMin) * i / (nx - 1); }
  double y(int j) const { return rect.yMin + (rect.yMax - rect.yMin) * j / (ny - 1); }
  double at(int i, int j) const {
    return values[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) +
                  static_cast<std::size_t>(i)];
  }
  double& at(int i, int j) {
    return values[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) +
                  static_cast<std::size_t>(i)];
  }
  // Smallest and largest finite value (0, 0 when none).
  void finiteRange(double& lo, double& hi) const;
};

FieldGrid makeGrid(const PlotRect& rect, int nx, int ny);

struct ContourSegment {
  double x0, y0, x1, y1;
};

std::vector<ContourSegment> contourSegments(const FieldGrid& grid, double level);

// `count` levels evenly spaced strictly inside the grid's finite range.
std::vector<double> contourLevels(const FieldGrid& grid, int count);

}  // namespace kpg::app
