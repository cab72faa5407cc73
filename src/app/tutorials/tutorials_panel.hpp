#pragma once
// The Tutorials panel: a right-hand column in place of the pair panel while open. The
// worked examples of the course notes page by page — sentences, formulas, the core's numbers as
// exact fractions, the notes' typos corrected in a highlighted box, Back / Next / page dots and
// "Try it", which sets up the canvas with the lab's own actions (tutorial_state.hpp).

#include "app_state.hpp"
#include "panels/panels.hpp"

namespace kpg::app {

// Widens the right-hand column for the panel when it is open (the convergence plots give way and
// the dual bars take the bottom row). Returns whether the panel is open.
bool tutorialLayout(AppState& state, Layout& layout);

// Draws the panel in `rect` when open; returns false (draw the pair panel instead) when closed.
bool drawTutorialsPanel(AppState& state, UiState& ui, const PanelRect& rect);

// The "Tutorials" button at the top right of the pair panel while the panel is closed.
void drawTutorialsToggle(AppState& state, UiState& ui, const PanelRect& rect);

}  // namespace kpg::app
