#pragma once
// A plot-coordinate rectangle: what the canvas shows, what a field grid covers. Its own header so
// the UI-free logic (the modes' field grids, modes/mode_field.hpp) needs no GL header.

namespace kpg::app {

struct PlotRect {
  double xMin = 0, xMax = 1, yMin = 0, yMax = 1;
  friend bool operator==(const PlotRect& a, const PlotRect& b) {
    return a.xMin == b.xMin && a.xMax == b.xMax && a.yMin == b.yMin && a.yMax == b.yMax;
  }
};

}  // namespace kpg::app
