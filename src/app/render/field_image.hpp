#pragma once
// The decision field's colour image as the panels see it: a texture name and where it goes. Kept
// apart from the renderer (decision_field_renderer.hpp, GL) so that the panels build without GL,
// natively too (frame_ui.hpp: the frame drawn by the tests and the frame fuzzer).

#include "plot_rect.hpp"

#include <cstdint>

namespace kpg::app {

// The colour image to draw and where it goes.
struct FieldImage {
  unsigned int texture = 0;  // GL texture name, 0: none yet
  PlotRect rect;
  std::uint64_t revision = 0;
  bool current = false;  // made from the requested revision and rect
};

}  // namespace kpg::app
