#pragma once
// Everything the application shows, in one value. Panels are free functions over it
// (docs/architecture.md): they read it and change it only through its own or the core's methods.

#include "exercises/exercise_session.hpp"
#include "io/data_import.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_state.hpp"
#include "modes/mode_view.hpp"
#include "session/class_regions.hpp"
#include "session/page_settings.hpp"
#include "tutorials/tutorial_state.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace kpg::app {

// The render-on-change loop: the display refreshes call main.cpp's frame(), which
// draws only when something changed (input, a running solver, replay or live re-convergence, a
// mode's animation, the field's banded render, an action from the page), so an idle lab costs a
// test of a few integers per refresh and no GL work.
struct RenderState {
  std::uint64_t framesRendered = 0;    // frames drawn
  std::uint64_t refreshesSkipped = 0;  // display refreshes with nothing to draw
  bool wake = true;                    // requestFrame(): an action or message from the page
  double busyUntilSeconds = 0;         // input's follow-up frames (hover, release, active item)
  double wakeAtSeconds = -1;           // one frame due then (a notice stepping aside), −1: none
  std::uint64_t shown = 0;             // fingerprint of the state the last frame drew
  double lastCpuMs = 0;                // the last drawn frame's own time in frame(), ms
};

// What the screen reader's live region last said (js_bridge.hpp reportStepWords), and when.
struct StepWordsState {
  std::string text;
  double atSeconds = -1;
};

struct AppState {
  std::uint64_t frameCount = 0;
  float devicePixelRatio = 1;
  int framebufferWidth = 0;
  int framebufferHeight = 0;
  // The SMO lab. The UI (main.cpp, panels/) and window.kpg.dispatch (js_bridge.cpp)
  // change it only through apply(lab, action).
  LabState lab = makeLabState();
  // The Tutorials panel (src/app/tutorials): open tutorial, page per tutorial, data.
  TutorialState tutorial;
  // The canvas modes (src/app/modes): the other kernel methods on the lab's points, and
  // their screens' cached grids. window.kpg reaches them through modes/mode_json.hpp.
  ModesState modes;
  ModesView modesView;
  // The student's imported file (io/data_import.hpp), kept whole while the
  // lab shows two of its features and classes (session/file_actions.hpp activeImport).
  std::optional<DataImport> dataImport;
  // A CSV file opened and shown in the import dialog, not yet on the canvas (file_actions.hpp).
  std::optional<DataImport> importPreview;
  // Every one-vs-one pair of that file trained on the shown features (session/class_regions.hpp):
  // the multi-class regions on the canvas while they belong to the lab's problem.
  std::optional<ClassRegions> classRegions;
  RenderState render;
  // What a course page or an exercise decided (session/page_settings.hpp): locked
  // controls, panels shown, the compact embed layout, autorun.
  PageSettings page;
  // The page was opened from a share link (#s=…, js_bridge.cpp kpg_open_share_hash): what it
  // shows is someone's set-up, not the first screen the start card describes.
  bool openedShareLink = false;
  // The open exercise and the student's progress (exercises/exercise_state.hpp).
  ExerciseSession exercise;
  StepWordsState stepWords;
  // The text the last exported function returned to the page (js_bridge.hpp returnedText), and
  // the replay progress the page shows (told only when it changes).
  std::string returnedText;
  // The last Export PNG's RGBA bytes (files_bridge.cpp kpg_export_figure): the page reads them at
  // the pointer it was given, so they stay until the next export.
  std::vector<unsigned char> figureRgba;
  std::string replayProgressShown;
};

// Asks for one frame at `seconds` (the earliest of the asked times wins): something on screen
// changes then with no input (a message fading out).
inline void requestFrameAt(RenderState& render, double seconds) {
  if (render.wakeAtSeconds < 0 || seconds < render.wakeAtSeconds) render.wakeAtSeconds = seconds;
}

// Asks for a frame at the next display refresh (the bridge calls it after an action from the page).
inline void requestFrame(AppState& state) {
  state.render.wake = true;
}

// The one application state, for the bridge's dispatch (defined in main.cpp next to
// currentState()).
AppState& mutableState();

}  // namespace kpg::app
