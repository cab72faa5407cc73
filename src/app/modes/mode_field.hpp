#pragma once
// The canvas modes' fields over the plane, on a CPU grid (modes/contour.hpp): the perceptron's
// h(x), k-NN's vote, k-means' nearest mean, kernel PCA's projections, Fisher's projection. Every
// value comes from the core object of the mode (its decisionValue, predict, assign, projectRows,
// projection); this file only samples them. UI-free: the screens draw the grids, tests check them.
//
// Grids are computed only when the model or the view changed: SwiftShader's WebGL is slow, and
// one grid of side² nodes costs side² · n kernel terms.

#include "modes/contour.hpp"
#include "modes/mode_state.hpp"

#include <cmath>
#include <vector>

namespace kpg::app {

// Non-finite values become NaN, which contours skip.
inline double finiteOrNan(double v) {
  return std::isfinite(v) ? v : std::nan("");
}

// Fills every node of `grid` with value(x₁, x₂): the methods' field functions (their rows'
// `field`, modes/method.hpp) sample their core object through it.
template <class F>
void sampleField(FieldGrid& grid, F&& value) {
  Vector p(2);
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      p << grid.x(i), grid.y(j);
      grid.at(i, j) = finiteOrNan(value(p));
    }
}

// Grid side so that side² · n kernel terms stay near 3·10⁶ (about 20–40 ms in WebAssembly),
// within [32, 96].
int gridSide(Index pointCount);

// The grid nodes as rows (x₁, x₂), node (i, j) at row j·nx + i: for the core's row-wise methods.
Matrix gridRows(const FieldGrid& grid);

// The current method's field over `rect` on a side × side grid, by its row's `field`
// (modes/method.hpp): the perceptron's h(x), k-NN's predicted ±1, k-means' cluster index, kernel
// PCA's projection onto the selected component, Fisher's projection. False (and `out` without
// values) when the method draws no field. Non-finite values become NaN, which contours skip.
bool computeField(const ModesState& modes, const PlotRect& rect, int side, FieldGrid& out);

}  // namespace kpg::app
