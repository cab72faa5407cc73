#pragma once
// The methods' view: the method selector, and for every method other than the SVM lab a
// screen of its own in the lab's layout — controls on the left (data, kernel, the mode's
// parameters, Step back / Step / Run / Reset and the scrubber), the canvas in the middle (regions
// or contours over the plane from a CPU grid, points, the mode's highlights), the numbers on the
// right, a plot below. Panels are free functions over AppState (modes, modesView, lab); one file
// per method (modes/mode_screen.hpp).

#include "app_state.hpp"
#include "panels/panels.hpp"

namespace kpg::app {

// The method combo at the top of the controls (the SVM lab's controls call it too).
void drawModeSelector(ModesState& modes, LabState& lab, UiState& ui);

// Draws the whole screen of the current method (its row in screen_registry.cpp), including its
// time slice: the SVM lab's own, or the shared 2-D plane's.
void drawModeScreen(AppState& state, UiState& ui, const Layout& layout);

}  // namespace kpg::app
