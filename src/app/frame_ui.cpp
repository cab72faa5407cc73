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
  updateKeyboardFocus(ui.focus, tabPressed);
  Layout layout = computePageLayout(ImGui::GetIO().DisplaySize, page);
  const bool tutorialsOpen = tutorialLayout(state, layout);  // tutorials/tutorials_panel.hpp
  if (page.showsPanel(Panel::Toolbar)) {
    fileToolbarLayout(state, layout);  // panels/file_toolbar.hpp: Share, files
    drawFileToolbar(state, ui);
  }
  if (state.modes.mode != Mode::Svm) {
    drawModeScreen(state, ui, layout);  // modes/: the other kernel methods
  } else {
    handleShortcuts(state.lab, ui);
    // On a phone, one section under the canvas (sectionShown); elsewhere all of them.
    const bool pairShown = sectionShown(layout, ui, PhoneSection::Pair);
    const bool plotsShown = sectionShown(layout, ui, PhoneSection::Plots);
    if (page.showsPanel(Panel::Controls) && sectionShown(layout, ui, PhoneSection::Controls))
      drawControlsPanel(state, ui, layout.controls);
    // An import's multi-class regions while they belong to the lab's problem.
    ClassRegions* regions = currentClassRegions(state) ? &*state.classRegions : nullptr;
    drawCanvasPanel(state.lab, ui, layout.canvas, regions,
                    activeImport(state.dataImport, state.lab));
    if (pairShown && !drawExercisePanel(state, ui, layout.pair) &&
        !drawTutorialsPanel(state, ui, layout.pair) && page.showsPanel(Panel::Pair))
      drawPairPanel(state.lab, ui, layout.pair);
    if (plotsShown && page.showsPanel(Panel::Dual)) drawDualPanel(state.lab, ui, layout.dual);
    if (plotsShown && !tutorialsOpen && page.showsPanel(Panel::Convergence))
      drawConvergencePanel(state.lab, ui, layout.convergence);
    if (page.showsPanel(Panel::Status)) drawStatusBar(state.lab, ui, layout.status);
    if (pairShown && (page.showsPanel(Panel::Pair) || tutorialsOpen))
      drawTutorialsToggle(state, ui, layout.pair);
    if (pairShown && page.showsPanel(Panel::Pair) && !state.tutorial.open)
      drawExercisesToggle(state, ui, layout.pair);
  }
  drawPhoneTabs(state, ui, layout);  // panels/panels.hpp: the phone's section tabs
  drawStartCard(state, ui, layout);  // panels/start_card.hpp: first visit, Help
  drawKeyboardFocus(ui.focus);       // the ring around the control Tab reached
}

}  // namespace kpg::app
