// window.kpg's exercise functions (exercise_page.js): the list with the student's progress, the link
// of the open exercise, and the progress the page keeps in localStorage.
#include "exercises/exercise_panel.hpp"
#include "exercises/exercise_state.hpp"
#include "io/json.hpp"
#include "js_bridge.hpp"

#include <emscripten.h>

#include <string>

EM_JS(void, kpgJsExercise, (const char* what), {
  if (Module.onKpgExercise) Module.onKpgExercise(UTF8ToString(what));
});

namespace kpg::app {

void requestExercisePageAction(const char* what) {
  kpgJsExercise(what);
}

}  // namespace kpg::app

extern "C" {

// kpg.exercises(): [{id, title, section, goal, status: "new"|"attempted"|"solved", attempts}].
EMSCRIPTEN_KEEPALIVE const char* kpg_exercises_json() {
  return kpg::app::returnedText(
      kpg::writeJson(kpg::app::exerciseListJson(kpg::app::mutableState())));
}

// kpg.exerciseLink(): "#s=..." opening exactly the open exercise; "" when none is open.
EMSCRIPTEN_KEEPALIVE const char* kpg_exercise_hash() {
  return kpg::app::returnedText(kpg::app::exerciseShareHash(kpg::app::mutableState()));
}

// {"revision": n, "progress": {id: {solved, attempts}}}: the page saves the progress when the
// revision changes.
EMSCRIPTEN_KEEPALIVE const char* kpg_exercise_progress_json() {
  const kpg::app::ExerciseSession& s = kpg::app::mutableState().exercise;
  kpg::JsonValue o = kpg::JsonValue::object();
  kpg::json::put(o, "revision", kpg::json::integer(static_cast<std::int64_t>(s.progressRevision)));
  kpg::json::put(o, "progress", kpg::app::exerciseProgressJson(s));
  return kpg::app::returnedText(kpg::writeJson(o));
}

// The progress saved by an earlier visit; "" or the error (a damaged entry: nothing is read).
EMSCRIPTEN_KEEPALIVE const char* kpg_load_exercise_progress(const char* json) {
  const kpg::app::JsonParse parsed = kpg::app::parseJson(json ? json : "");
  if (!parsed.ok()) return kpg::app::returnedText("$: not valid JSON");
  return kpg::app::returnedText(
      kpg::app::readExerciseProgress(kpg::app::mutableState().exercise, *parsed.value)
          .value_or(""));
}

}  // extern "C"
