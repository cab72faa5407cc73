#pragma once
// The canvas modes' view (issue 6): the mode selector, and for every mode other than the SVM lab a
// screen of its own in the lab's layout — controls on the left (data, kernel, the mode's
// parameters, Step / Run / Reset), the canvas in the middle (regions or contours over the plane
// from a CPU grid, points, the mode's highlights), the numbers on the right, a plot below (the
// objective, mistake counts, the small multiples of kernel PCA, the projected histogram).
// Panels are free functions; the mode state (mode_state.hpp) is the one value modesState().

#include "app_state.hpp"
#include "modes/mode_state.hpp"
#include "panels/panels.hpp"

namespace kpg::app {

// The application's mode state (next to AppState; window.kpg reaches it through mode_json.hpp).
ModesState& modesState();

// The mode combo at the top of the controls (the SVM lab's controls call it too).
void drawModeSelector();

// Draws the whole screen of the current mode (not the SVM lab), including its time slice.
void drawModeScreen(AppState& state, UiState& ui, const Layout& layout);

}  // namespace kpg::app
