#include "exercises/exercise_state.hpp"
#include "modes/mode_json.hpp"

#include "io/schema.hpp"
#include "io/session_json.hpp"
#include "io/share_link.hpp"

namespace kpg::app {
namespace {

ActionReply verdictReply(const Verdict& v) {
  if (!v.error.empty()) return ActionReply::failed(v.error);
  ActionReply reply;
  json::put(reply.extra, "solved", json::boolean(v.solved));
  json::put(reply.extra, "feedback", json::str(v.feedback));
  return reply;
}

JsonValue goalJson(const ExerciseGoal& goal) {
  // The definition's own goal object (what the panel needs to ask for the answer).
  Exercise probe;
  probe.goal = goal;
  return *exerciseJson(probe).find("goal");
}

ActionReply openAction(AppState& app, const JsonValue& v) {
  SchemaReader r;
  if (!r.object(v, "$", {"type", "id", "exercise"})) return ActionReply::failed(r.error());
  const JsonValue* id = v.find("id");
  const JsonValue* definition = v.find("exercise");
  if ((id == nullptr) == (definition == nullptr))
    return ActionReply::failed(
        "$: give either \"id\" (a built-in exercise, see kpg.exercises()) or \"exercise\" (a "
        "definition)");
  if (id) {
    const auto name = r.string(*id, "$.id", 64);
    if (!name) return ActionReply::failed(r.error());
    const Exercise* builtin = findBuiltinExercise(*name);
    if (!builtin)
      return ActionReply::failed("$.id: unknown exercise " + jsonQuote(*name) +
                                 " (kpg.exercises() lists them)");
    if (auto error = openExercise(app, *builtin, true)) return ActionReply::failed("$: " + *error);
    return {};
  }
  if (auto error = openExerciseDefinition(app, *definition)) return ActionReply::failed(*error);
  return {};
}

ActionReply submitAction(AppState& app, const JsonValue& v) {
  SchemaReader r;
  if (!r.object(v, "$", {"type", "answer"})) return ActionReply::failed(r.error());
  if (!app.exercise.open)
    return ActionReply::failed("$.type: no exercise is open (openExercise first)");
  const JsonValue* answer = v.find("answer");
  const JsonValue none;
  return verdictReply(submitExerciseAnswer(app, answer ? *answer : none));
}

template <int Which>  // 0 close, 1 hint, 2 reset progress
ActionReply bareAction(AppState& app, const JsonValue& v) {
  SchemaReader r;
  if (!r.object(v, "$", {"type"})) return ActionReply::failed(r.error());
  if (Which == 0) closeExercise(app);
  if (Which == 1) {
    if (!app.exercise.open) return ActionReply::failed("$.type: no exercise is open");
    revealHint(app);
  }
  if (Which == 2) resetExerciseProgress(app);
  return {};
}

}  // namespace

std::optional<std::string> openExerciseDefinition(AppState& app, const JsonValue& definition) {
  // Instructor mode: a definition without "session" is made on the canvas as it is now (its
  // points, kernel, C, step and method).
  JsonValue made = definition;
  if (made.isObject() && !made.find("session")) {
    json::put(made, "session", sessionToJsonValue(app.lab));
    if (!made.find("mode")) {
      json::put(made, "mode", json::str(modeName(app.modes.mode)));
      JsonValue params = modeParamsJson(app.modes, app.modes.mode);
      if (!params.isNull() && !made.find("modeParams")) json::put(made, "modeParams", params);
    }
  }
  ExerciseParse parsed = readExercise(made);
  if (!parsed.ok()) return "$.exercise" + parsed.error.substr(1);
  if (auto error = openExercise(app, *parsed.exercise, false))
    return "$.exercise.session: " + *error;
  return std::nullopt;
}

std::optional<std::string> openExercise(AppState& app, const Exercise& exercise, bool builtin) {
  const bool liveBefore = app.lab.live.on;
  LabState lab = app.lab;
  // The exercise sets the canvas up; the page's current locks do not bind the app.
  if (auto error = apply(lab, exercise.setUp, false)) return error;
  app.lab = std::move(lab);
  closeTutorial(app.tutorial);
  if (!exercise.modeParams.isNull()) {
    // Read when the exercise was (readExercise): cannot fail here.
    (void)applyModeParams(app.modes, app.lab, exercise.mode, exercise.modeParams, "$.modeParams");
  }
  setMode(app.modes, app.lab, exercise.mode);
  ExerciseSession& s = app.exercise;
  if (!s.open) {
    s.locksBefore = app.page.locks;
    s.liveBefore = liveBefore;
  }
  s.open = exercise;
  s.builtin = builtin;
  s.status = ExerciseStatus::Open;
  s.attempts = 0;
  s.feedback.clear();
  s.hintsShown = 0;
  s.selected.clear();
  app.page.locks = exercise.locks;
  return std::nullopt;
}

namespace {
CheckedFingerprint checkedFingerprint(const AppState& app) {
  CheckedFingerprint f;
  f.problem = app.lab.problemRevision;
  f.model = app.lab.modelRevision;
  f.modes = app.modes.revision;
  const StudentPlane& plane = app.modes.featurespace.studentPlane;
  f.plane = {plane.shown ? 1.0 : 0.0, plane.azimuth, plane.elevation, plane.offset};
  f.selected = app.exercise.selected;
  return f;
}
}  // namespace

bool exerciseFeedbackCurrent(const AppState& app) {
  return !app.exercise.feedback.empty() && app.exercise.checked == checkedFingerprint(app);
}

Verdict submitExerciseAnswer(AppState& app, const JsonValue& answer) {
  ExerciseSession& s = app.exercise;
  if (!s.open) {
    Verdict v;
    v.error = "$.type: no exercise is open";
    return v;
  }
  ensureBuilt(app.modes, app.lab);  // the method's model of the canvas as it is now
  Verdict v = checkAnswer(*s.open, app.lab, app.modes, answer);
  if (!v.error.empty()) return v;
  s.attempts += 1;
  s.feedback = v.feedback;
  s.checked = checkedFingerprint(app);
  if (s.status != ExerciseStatus::Solved)
    s.status = v.solved ? ExerciseStatus::Solved : ExerciseStatus::Failed;
  ExerciseProgress& p = s.progress[s.open->id];
  p.attempts += 1;
  p.solved = p.solved || v.solved;
  s.progressRevision += 1;
  return v;
}

void closeExercise(AppState& app) {
  ExerciseSession& s = app.exercise;
  if (!s.open) return;
  s.open.reset();
  s.feedback.clear();
  s.selected.clear();
  app.page.locks = s.locksBefore;
  // An exercise's session sets Live as its question needs (off, mostly, so that Step shows one
  // update); closing it gives the student's own setting back.
  if (app.lab.live.on != s.liveBefore) (void)apply(app.lab, action::SetLive{s.liveBefore}, false);
}

void revealHint(AppState& app) {
  ExerciseSession& s = app.exercise;
  if (s.open && s.hintsShown < static_cast<int>(s.open->hints.size())) s.hintsShown += 1;
}

void resetExerciseProgress(AppState& app) {
  app.exercise.progress.clear();
  app.exercise.progressRevision += 1;
}

std::string_view exerciseStatusName(ExerciseStatus status) {
  return status == ExerciseStatus::Solved   ? "solved"
         : status == ExerciseStatus::Failed ? "failed"
                                            : "open";
}

void addExerciseActions(ActionRouter& router, AppState& app) {
  router.add("openExercise", [&app](const JsonValue& v) { return openAction(app, v); });
  router.add("submitAnswer", [&app](const JsonValue& v) { return submitAction(app, v); });
  router.add("closeExercise", [&app](const JsonValue& v) { return bareAction<0>(app, v); });
  router.add("exerciseHint", [&app](const JsonValue& v) { return bareAction<1>(app, v); });
  router.add("resetExerciseProgress", [&app](const JsonValue& v) { return bareAction<2>(app, v); });
}

JsonValue exerciseStateJson(const AppState& app) {
  using json::put;
  using json::str;
  const ExerciseSession& s = app.exercise;
  if (!s.open) return JsonValue::null();
  const Exercise& e = *s.open;
  JsonValue o = JsonValue::object();
  put(o, "id", str(e.id));
  put(o, "title", str(e.title));
  put(o, "section", str(e.section));
  put(o, "prompt", str(e.prompt));
  put(o, "status", str(exerciseStatusName(s.status)));
  put(o, "attempts", json::integer(s.attempts));
  put(o, "feedback", str(s.feedback));
  put(o, "feedbackCurrent", json::boolean(exerciseFeedbackCurrent(app)));
  JsonValue hints = JsonValue::array();
  for (int k = 0; k < s.hintsShown; ++k)
    hints.items().push_back(str(e.hints[static_cast<std::size_t>(k)]));
  put(o, "hints", std::move(hints));
  put(o, "hintCount", json::integer(static_cast<std::int64_t>(e.hints.size())));
  put(o, "goal", goalJson(e.goal));
  put(o, "builtin", json::boolean(s.builtin));
  put(o, "selected", json::list(s.selected));
  return o;
}

JsonValue exerciseListJson(const AppState& app) {
  JsonValue list = JsonValue::array();
  for (const Exercise& e : builtinExercises()) {
    JsonValue o = JsonValue::object();
    json::put(o, "id", json::str(e.id));
    json::put(o, "title", json::str(e.title));
    json::put(o, "section", json::str(e.section));
    json::put(o, "goal", json::str(goalKindName(e.goal.kind)));
    const auto p = app.exercise.progress.find(e.id);
    const bool solved = p != app.exercise.progress.end() && p->second.solved;
    const int attempts = p != app.exercise.progress.end() ? p->second.attempts : 0;
    json::put(o, "status", json::str(solved ? "solved" : attempts > 0 ? "attempted" : "new"));
    json::put(o, "attempts", json::integer(attempts));
    list.items().push_back(std::move(o));
  }
  return list;
}

JsonValue exerciseLinkMember(const ExerciseSession& session) {
  if (!session.open) return JsonValue::null();
  if (session.builtin) {
    JsonValue o = JsonValue::object();
    json::put(o, "id", json::str(session.open->id));
    return o;
  }
  return exerciseJson(*session.open);
}

std::string exerciseShareHash(const AppState& app) {
  const ExerciseSession& s = app.exercise;
  if (!s.open) return "";
  JsonValue o = s.open->session;
  json::put(o, "exercise", exerciseLinkMember(s));
  return "#s=" + base64UrlEncode(writeJson(o));
}

JsonValue exerciseProgressJson(const ExerciseSession& session) {
  JsonValue o = JsonValue::object();
  for (const auto& [id, p] : session.progress) {
    JsonValue item = JsonValue::object();
    json::put(item, "solved", json::boolean(p.solved));
    json::put(item, "attempts", json::integer(p.attempts));
    json::put(o, id, std::move(item));
  }
  return o;
}

std::optional<std::string> readExerciseProgress(ExerciseSession& session, const JsonValue& v) {
  if (!v.isObject()) return std::string("$: expected an object {id: {solved, attempts}}");
  if (v.members().size() > 1000) return std::string("$: more than 1000 exercises");
  std::map<std::string, ExerciseProgress> progress;
  SchemaReader r;
  for (const auto& [id, item] : v.members()) {
    const std::string at = "$." + id.substr(0, 64);
    if (!r.object(item, at, {"solved", "attempts"})) break;
    ExerciseProgress p;
    if (const JsonValue* solved = item.find("solved")) {
      if (!solved->isBool()) {
        r.fail(at + ".solved", "expected true or false");
        break;
      }
      p.solved = solved->asBool();
    }
    if (const JsonValue* attempts = item.find("attempts"))
      p.attempts = static_cast<int>(r.integer(*attempts, at + ".attempts", 0, 1000000).value_or(0));
    if (!r.ok()) break;
    progress[id.substr(0, 64)] = p;
  }
  if (!r.ok()) return r.error();
  session.progress = std::move(progress);
  session.progressRevision += 1;
  return std::nullopt;
}

}  // namespace kpg::app
