#pragma once
// Exercises in the app: opening one sets up the canvas (its session and method)
// and its locks; answers are checked by checkAnswer (exercise.hpp) on the app's state; the
// student's progress is counted per exercise. The exercise panel (exercise_panel.cpp) and
// window.kpg go through these functions:
//   {"type":"openExercise","id":"smo-first-pair"}   or   {"type":"openExercise","exercise":{...}}
//                       (instructor mode: without "session" the exercise is made on the canvas
//                       as it is now, with its method)
//   {"type":"submitAnswer","answer":[2,0]}            (the reply carries solved and feedback)
//   {"type":"exerciseHint"}                            reveals the next hint
//   {"type":"closeExercise"}
//   {"type":"resetExerciseProgress"}
// A malformed definition is refused with the JSON path of its fault ("$.exercise.goal.point: …")
// and changes nothing; a malformed answer likewise ("$.answer: expected a number") and counts no
// attempt.

#include "app_state.hpp"
#include "io/action_router.hpp"

#include <optional>
#include <string>

namespace kpg::app {

// Sets up the canvas and locks of `exercise`; the error, and nothing changed, when its session
// does not apply.
std::optional<std::string> openExercise(AppState& app, const Exercise& exercise, bool builtin);
// A definition (JSON) read and opened; without "session", made on the current canvas (instructor
// mode). The error names the fault's path under "$.exercise".
std::optional<std::string> openExerciseDefinition(AppState& app, const JsonValue& definition);
Verdict submitExerciseAnswer(AppState& app, const JsonValue& answer);
// Whether there is feedback and it is about the state as it is now: false once the data, the model,
// the method's state, the student's plane or the picked points changed after the check.
bool exerciseFeedbackCurrent(const AppState& app);
void closeExercise(AppState& app);
void revealHint(AppState& app);
void resetExerciseProgress(AppState& app);

std::string_view exerciseStatusName(ExerciseStatus status);  // "open", "solved", "failed"

void addExerciseActions(ActionRouter& router, AppState& app);

// state().exercise: null, or {id, title, section, prompt, status, attempts, feedback,
// feedbackCurrent, hints (the revealed ones), hintCount, goal: {kind, point?, parameter?, …},
// selected}.
JsonValue exerciseStateJson(const AppState& app);
// exercises(): [{id, title, section, goal, status: "new"|"attempted"|"solved", attempts}].
JsonValue exerciseListJson(const AppState& app);
// The link member of the open exercise: {"id": ...} for a built-in one, else the definition.
JsonValue exerciseLinkMember(const ExerciseSession& session);
// The link that opens exactly the open exercise ("#s=" + its session and "exercise"); empty when
// none is open.
std::string exerciseShareHash(const AppState& app);

// Progress for localStorage: {"smo-first-pair": {"solved": true, "attempts": 2}, …}; reading
// refuses anything else with its path and keeps the progress as it was.
JsonValue exerciseProgressJson(const ExerciseSession& session);
std::optional<std::string> readExerciseProgress(ExerciseSession& session, const JsonValue& v);

}  // namespace kpg::app
