// The SVM lab's screen: a screen that owns its panels (ModeScreen::drawScreen). Controls on the
// left, the canvas with the decision function, margins and the pair's highlights, the pair
// update (or an open exercise or tutorial) on the right, the dual variables and the convergence
// below, the status bar (panels/panels.hpp draws each; they are functions of the lab's state).

#include "exercises/exercise_panel.hpp"
#include "modes/mode_screen.hpp"
#include "session/class_regions.hpp"
#include "session/file_actions.hpp"
#include "tutorials/tutorials_panel.hpp"

namespace kpg::app {
namespace {

void drawLabScreen(AppState& state, UiState& ui, const Layout& layout) {
  const PageSettings& page = state.page;
  // tutorialLayout (tutorials/tutorials_panel.hpp) gave an open tutorial the right-hand column,
  // except on a phone, where it is a section of its own.
  const bool tutorialsOpen = state.tutorial.open && !layout.phone;
  handleShortcuts(state.lab, ui);
  // On a phone, one section under the canvas (sectionShown); elsewhere all of them.
  const bool pairShown = sectionShown(layout, ui, PhoneSection::Pair);
  const bool plotsShown = sectionShown(layout, ui, PhoneSection::Plots);
  if (page.showsPanel(Panel::Controls) && sectionShown(layout, ui, PhoneSection::Controls))
    drawControlsPanel(state, ui, layout.controls);
  // An import's multi-class regions while they belong to the lab's problem.
  ClassRegions* regions = currentClassRegions(state) ? &*state.classRegions : nullptr;
  drawCanvasPanel(state.lab, ui, layout.canvas, regions, activeImport(state.dataImport, state.lab));
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

constexpr ModeScreen kScreen{nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,      nullptr,
                             nullptr, nullptr, nullptr, nullptr, nullptr, drawLabScreen};

}  // namespace

const ModeScreen& svmScreen() {
  return kScreen;
}

}  // namespace kpg::app
