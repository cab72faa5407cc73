#pragma once
// Exercises that check themselves. An exercise is a session (the canvas set-up and
// the method) plus a prompt, hints, locks and a goal the app checks from the core's own state,
// never from screen pixels. No GL, no ImGui: the panel (exercise_panel.cpp), window.kpg
// (exercise_state.hpp) and the tests all use these functions.
//
// Goal kinds (JSON "goal": {"kind": ...}):
//   smoPair          predict the pair SMO updates next: answer [i, j] (0-based point indices, as
//                    state() and the app's panels number them; either order)
//   alphaAfterStep   predict α_point after the next SMO step: answer a number, within tolerance
//   supportVectors   name every support vector of the converged solution (all and only α > 0):
//                    answer [indices]
//   boundSv          make `point` a bound support vector (α = C) by moving points: answer null
//                    (the canvas as it is now is checked)
//   findParameter    find C or γ (`parameter`) such that `property` holds at convergence:
//                    "margin" (1/‖w‖ ≥ atLeast) or "separates" (training accuracy 100 % with at
//                    most maxSupportVectors SVs): answer the value (null: the lab's current one)
//   classifyPoint    is `point` a "free" SV (0 < α < C), a "bound" SV (α = C) or a "non-SV"
//                    (α = 0) at convergence: answer the word
//   numeric          a number about a worked example, within tolerance: `quantity` is
//                    "tutorial" (value `value` of tutorial `tutorial`, src/core/tutorials),
//                    "gram" (k(x_i, x_j) on the canvas), "gramMinEigenvalue", "bias", "margin",
//                    "w1", "w2" (the converged SVM), "kpcaEigenvalue" (λ_component of the centred
//                    K̃, kernel PCA), "svrSupportVectors" (ε-SVR at convergence), "kfdAlpha"
//                    (α_i of kernel Fisher discriminant)
//   separatingMap    the feature space: which map makes the classes separable by a plane? answer
//                    a map's name ("product"), or null for the map shown now
//   separatingPlane  the feature space: tilt your own plane (setModeParams "plane") until it
//                    separates the lifted points: answer null (the plane as it is now); the
//                    feedback compares its margin with the SVM's
// supportVectors also works in the feature space (mode "featurespace"): the SVM trained there.

#include "io/json.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_state.hpp"
#include "session/page_settings.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

enum class GoalKind {
  SmoPair,
  AlphaAfterStep,
  SupportVectors,
  BoundSv,
  FindParameter,
  ClassifyPoint,
  Numeric,
  SeparatingMap,
  SeparatingPlane
};
std::string_view goalKindName(GoalKind kind);
std::optional<GoalKind> goalKindFromName(std::string_view name);
std::string goalKindNames();
// The quantities a "numeric" goal may ask for ("tutorial", "gram", …, "kfdAlpha"), in the order
// the instructor's form lists them: the reader's and the form's one list.
constexpr int kExerciseQuantityCount = 10;
extern const char* const kExerciseQuantities[kExerciseQuantityCount];

struct ExerciseGoal {
  GoalKind kind = GoalKind::Numeric;
  int point = 0;              // alphaAfterStep, boundSv, classifyPoint
  int i = 0, j = 0;           // numeric "gram"; i is also kfdAlpha's index
  int component = 0;          // numeric "kpcaEigenvalue" (0 = the largest)
  double tolerance = 1e-3;    // alphaAfterStep, numeric: |answer − value| ≤ tolerance
  std::string parameter;      // findParameter: "C" or "gamma"
  std::string property;       // findParameter: "margin" or "separates"
  double atLeast = 0;         // findParameter "margin"
  int maxSupportVectors = 0;  // findParameter "separates"
  std::string quantity;       // numeric
  std::string tutorial;       // numeric "tutorial": the tutorial's id
  std::string value;          // numeric "tutorial": the value's name
};

struct Exercise {
  std::string id;       // "smo-first-pair"; instructor-made ones too (letters, digits, '-')
  std::string title;    // "Which pair does SMO update first?"
  std::string section;  // the notes: "003 SMO algo, step 2"
  std::string prompt;
  std::vector<std::string> hints;  // revealed one at a time
  JsonValue session;               // a session v1 (session_json.hpp), as written
  action::LoadSession setUp;       // the same, parsed
  Mode mode = Mode::Svm;
  JsonValue modeParams;  // the method's parameters (modes/mode_json.hpp modeParamsJson) or null
  Locks locks;
  ExerciseGoal goal;
};

constexpr std::size_t kMaxExerciseText = 4000;
constexpr std::size_t kMaxExerciseHints = 8;

// JSON: {"id", "title", "section", "prompt", "hints": [...], "session": {...}, "mode": "svm",
// "modeParams": {...}, "locks": ["kernel", ...], "goal": {"kind": ..., ...}}; "hints", "mode",
// "modeParams" (the method's setModeParams members, e.g. {"map": "product"}) and "locks" optional.
// Every member is checked (unknown keys, types, ranges, the session's schema, point indices
// within the session's points, the tutorial and its value) and the first fault is returned with
// its JSON path ("$.goal.point: point 9 does not exist (the session has 4 points)").
struct ExerciseParse {
  std::optional<Exercise> exercise;
  std::string error;
  bool ok() const { return exercise.has_value(); }
};
ExerciseParse readExercise(const JsonValue& v);
ExerciseParse readExercise(std::string_view json);
JsonValue exerciseJson(const Exercise& exercise);

// The result of checking an answer. `error` (the answer is malformed: "$.answer: expected two
// point indices, e.g. [1, 3]") means nothing was judged; otherwise solved and the feedback, in
// words with the actual numbers ("SMO picks (2, 0), not (1, 0): m(α) = 1 comes from point 2 …").
struct Verdict {
  std::string error;
  bool solved = false;
  std::string feedback;
};

// Checks `answer` against the goal on the app's current lab and modes (neither is changed).
Verdict checkAnswer(const Exercise& exercise, const LabState& lab, const ModesState& modes,
                    const JsonValue& answer);

// The lab run to convergence (a copy; the lab's own step cap), for the goals read there.
LabState convergedCopy(const LabState& lab);

// The built-in exercises, following the course notes in order (builtin_exercises.cpp).
const std::vector<Exercise>& builtinExercises();
const Exercise* findBuiltinExercise(std::string_view id);

}  // namespace kpg::app
