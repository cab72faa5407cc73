#pragma once
// What the canvas modes' screens keep between frames besides the modes' state (ModesState): the
// cached field grids and what they were computed for, the k-NN hover query, timings. UI-free (no
// ImGui type), held in AppState next to ModesState; not saved with the session.

#include "modes/contour.hpp"
#include "modes/mode_state.hpp"

#include <cstdint>
#include <vector>

namespace kpg::app {

// What a cached grid was computed for: recompute when any of it differs.
struct GridKey {
  Mode mode = Mode::Svm;
  std::uint64_t revision = 0;
  PlotRect rect;
  int component = -1;
  int side = 0;
  bool operator==(const GridKey& o) const {
    return mode == o.mode && revision == o.revision && rect == o.rect && component == o.component &&
           side == o.side;
  }
};

struct ModesView {
  GridKey canvasKey;
  FieldGrid canvasGrid;
  bool canvasGridValid = false;
  std::uint64_t multiplesRevision = 0;
  PlotRect multiplesRect;
  std::vector<FieldGrid> multiples;  // kernel PCA, one per component
  bool hoverValid = false;           // k-NN: the pointer's location this frame
  double hoverX = 0, hoverY = 0;
  double gridMs = 0;  // the last canvas grid's computing time (status bar)
  int presetIndex = 0;
};

}  // namespace kpg::app
