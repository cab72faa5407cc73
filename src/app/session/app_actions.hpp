#pragma once
// window.kpg over the whole application state (AppState): the one action table and the one state
// tree. js_bridge.cpp exports them to the page; tests/fuzz/fuzz_actions.cpp and tests/app drive the
// same functions natively, so what the fuzzer checks is what the page runs.

#include "app_state.hpp"
#include "session/action_router.hpp"

namespace kpg::app {

// The lab's, the canvas modes', the tutorials' and the files' actions (addLabActions,
// addModeActions, addTutorialActions, addFileActions) in one table whose handlers act on `app`, which must outlive the router.
ActionRouter makeAppRouter(AppState& app);

// window.kpg.state(): product, version and frame count, the lab's session and solver state
// (session_json.hpp stateToJsonValue), the Tutorials panel (tutorialStateJson) and the canvas
// mode (modeStateJson) and the imported data shown (importStateJson, session/file_actions.hpp).
JsonValue appStateJson(AppState& app);

}  // namespace kpg::app
