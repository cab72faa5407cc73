#pragma once
// The exercise panel, in the pair panel's place while an exercise is open: the
// prompt, hints revealed one at a time, the answer (points picked on the canvas, a number, a
// word, or "check my canvas"), the feedback, and the list of exercises with the student's
// progress. Answers go through the same submitExerciseAnswer as window.kpg.

#include "app_state.hpp"
#include "panels/panels.hpp"

namespace kpg::app {

// Draws the panel when an exercise is open or the list is shown; false when it drew nothing.
bool drawExercisePanel(AppState& state, UiState& ui, const PanelRect& rect);
// The "Exercises" button at the top of `rect` (beside the Tutorials toggle).
void drawExercisesToggle(AppState& state, UiState& ui, const PanelRect& rect);
// Whether the open exercise's goal asks for points and is not solved yet: a tap on a point of the
// canvas then picks it (UiState::picksPoints) instead of pinning its tooltip.
bool exercisePicksPoints(const ExerciseSession& s);
// Point `index` picked (or unpicked) for the open exercise's answer; false when it takes none.
bool pickExercisePoint(ExerciseSession& s, Index index);
// Asks the page (exercise_page.js) to copy the open exercise's link ("copy-link") or to download the
// single file that opens it ("download"); exercise_bridge.cpp.
void requestExercisePageAction(const char* what);

}  // namespace kpg::app
