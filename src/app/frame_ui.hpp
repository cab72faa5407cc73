#pragma once
// One frame of the application without GL: what moves by itself (the tutorial page the canvas
// follows, a course page's autorun, the solver's time slice), then every panel of the page built
// between ImGui::NewFrame() and ImGui::Render(). The browser's frame (main.cpp) wraps these with
// the decision field's GL render and ImGui's OpenGL backend; the native frame tests and the frame
// fuzzer (tests/app/frame_test.cpp, tests/fuzz/fuzz_frame.cpp) call the very same functions with
// ImGui alone, under AddressSanitizer and UndefinedBehaviorSanitizer, so that the code that draws
// is tested like the code that computes.

#include "app_state.hpp"
#include "panels/panels.hpp"

#include <cstdint>

namespace kpg::app {

// The tutorial's canvas, autorun and the solver's share of the frame (budgetMs of wall time, at
// most): returns the SMO steps taken.
std::int64_t advanceFrame(AppState& state, double elapsedSeconds, double budgetMs);

// Before ImGui::NewFrame(): the style's frame and touch sizes for this display and page.
void prepareFrameUi(const AppState& state);

// Between ImGui::NewFrame() and ImGui::Render(): the toolbar, the screen of the current method
// (the SVM lab's panels or a canvas mode's), the phone's tabs, the start card and the Tab ring.
// `tabPressed`: the Tab key was pressed since the last frame (panels/keyboard_focus.hpp).
void buildFrameUi(AppState& state, UiState& ui, bool tabPressed);

}  // namespace kpg::app
