#include "frame_ui.hpp"

#include "exercises/exercise_panel.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_panels.hpp"
#include "panels/file_toolbar.hpp"
#include "panels/page_layout.hpp"
#include "panels/start_card.hpp"
#include "session/file_actions.hpp"
#include "session/url_params.hpp"
#include "tutorials/tutorials_panel.hpp"

#include <imgui.h>

namespace kpg::app {

std::int64_t advanceFrame(AppState& state, double elapsedSeconds, double budgetMs) {
  // A tutorial open on the notes' data keeps the canvas on its page; the panel's buttons change
  // the page during the previous frame.
  followTutorialPage(state.tutorial, state.lab);
  autorunIfAsked(state);  // a course page's autorun=1 (session/url_params.hpp)
  return advance(state.lab, elapsedSeconds, budgetMs);
}

void prepareFrameUi(const AppState& state) {
  // A course page's layout and panels (session/page_settings.hpp); a phone's one column with
  // finger-sized frames.
  applyTouchSizes(usesPhoneLayout(ImGui::GetIO().DisplaySize, state.page));
}

void buildFrameUi(AppState& state, UiState& ui, bool tabPressed) {
  const PageSettings& page = state.page;
  ui.locks = page.locks;
  ui.embedWithLocks = page.embed && page.locks.any();
  ui.picksPoints = exercisePicksPoints(state.exercise);
  ui.picked.clear();
  updateKeyboardFocus(ui.focus, tabPressed);
  Layout layout = computePageLayout(ImGui::GetIO().DisplaySize, page);
  tutorialLayout(state, layout);  // tutorials/tutorials_panel.hpp
  if (page.showsPanel(Panel::Toolbar)) {
    fileToolbarLayout(state, layout);  // panels/file_toolbar.hpp: Share, files
    drawFileToolbar(state, ui);
  }
  drawModeScreen(state, ui, layout);  // modes/: the current method's screen (the lab's own)
  drawPhoneTabs(state, ui, layout);   // panels/panels.hpp: the phone's section tabs
  drawStartCard(state, ui, layout);   // panels/start_card.hpp: first visit, Help
  drawImportDialog(state, ui);        // panels/file_toolbar.hpp: a CSV file before import
  drawKeyboardFocus(ui.focus);        // the ring around the control Tab reached
  for (const Index picked : ui.picked) (void)pickExercisePoint(state.exercise, picked);
  ui.picked.clear();
}

}  // namespace kpg::app
