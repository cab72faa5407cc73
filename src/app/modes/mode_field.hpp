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

#include <vector>

namespace kpg::app {

// Grid side so that side² · n kernel terms stay near 3·10⁶ (about 20–40 ms in WebAssembly),
// within [32, 96].
int gridSide(Index pointCount);

// The grid nodes as rows (x₁, x₂), node (i, j) at row j·nx + i: for the core's row-wise methods.
Matrix gridRows(const FieldGrid& grid);

// The current mode's field over `rect` on a side × side grid: the perceptron's h(x), k-NN's
// predicted ±1, k-means' cluster index, kernel PCA's projection onto the selected component,
// Fisher's projection. False (and `out` without values) when the mode draws no field.
// Non-finite values become NaN, which contours skip.
bool computeField(const ModesState& modes, const PlotRect& rect, int side, FieldGrid& out);

// Kernel PCA's projections onto every computed component over `rect` (the small multiples).
std::vector<FieldGrid> kpcaComponentGrids(const KpcaMode& mode, const PlotRect& rect, int side);

}  // namespace kpg::app
