#pragma once
// window.kpg over the whole application state (AppState): the one action table and the one state
// tree. js_bridge.cpp exports them to the page; tests/fuzz/fuzz_actions.cpp and tests/app drive the
// same functions natively, so what the fuzzer checks is what the page runs.

#include "app_state.hpp"
#include "io/action_router.hpp"

namespace kpg::app {

// The lab's, the canvas modes', the tutorials' and the files' actions (addLabActions,
// addModeActions, addTutorialActions, addFileActions) in one table whose handlers act on `app`, which must outlive the router.
ActionRouter makeAppRouter(AppState& app);

// A session from a file or the autosave (window.kpg.importSession, the page's restore bar):
// refused on a page that locks the data (session/page_settings.hpp), otherwise applied to the
// lab, and then what is derived from the lab (the tutorial's canvas, followTutorialPage) is
// brought up to date at once, as after any action, so state() shows the import whole. A refusal
// posts "could not <what>: <reason>" in the lab's banner and changes nothing else. "done": false
// while the session's steps are still being replayed (lab_state.hpp Replay).
ActionReply importSessionInto(AppState& app, std::string_view json, const std::string& what);

// window.kpg.state(): product, version and frame count, the lab's session and solver state
// (session_json.hpp stateToJsonValue), the Tutorials panel (tutorialStateJson) and the canvas
// mode (modeStateJson) and the imported data shown (importStateJson, session/file_actions.hpp).
JsonValue appStateJson(AppState& app);

}  // namespace kpg::app
