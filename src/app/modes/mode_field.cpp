#include "modes/mode_field.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {

int gridSide(Index pointCount) {
  const double side = std::sqrt(3.0e6 / static_cast<double>(std::max<Index>(pointCount, 1)));
  return std::clamp(static_cast<int>(side), 32, 96);
}

Matrix gridRows(const FieldGrid& g) {
  Matrix rows(static_cast<Index>(g.nx) * g.ny, 2);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const Index r = static_cast<Index>(j) * g.nx + i;
      rows(r, 0) = g.x(i);
      rows(r, 1) = g.y(j);
    }
  return rows;
}

bool computeField(const ModesState& modes, const PlotRect& rect, int side, FieldGrid& out) {
  out = makeGrid(rect, side, side);
  const MethodSpec& spec = methodSpec(modes.mode);
  return spec.field && spec.field(modes, out);
}

}  // namespace kpg::app
