#include "session/app_link.hpp"

#include "exercises/exercise_state.hpp"

#include "io/schema.hpp"
#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "modes/mode_json.hpp"

#include <algorithm>

namespace kpg::app {

namespace {

JsonValue appLinkJson(const ModesState& modes, const TutorialState& tutorial, const LabState& lab) {
  // The student's own lab, also while the canvas shows a tutorial page's notes data: opening the
  // link shows the page again, and closing the tutorial brings these points back.
  JsonValue o = sessionToJsonValue(studentLab(tutorial, lab));
  if (modes.mode != Mode::Svm) {
    json::put(o, "mode", json::str(modeName(modes.mode)));
    JsonValue params = modeParamsJson(modes, modes.mode);
    if (!params.isNull()) json::put(o, "modeParams", std::move(params));
  }
  if (tutorial.open) {
    JsonValue t = JsonValue::object();
    json::put(t, "id", json::str(tutorial.id));
    json::put(t, "page", json::integer(tutorial.page()));
    if (tutorial.source == TutorialSource::Canvas) json::put(t, "source", json::str("canvas"));
    json::put(o, "tutorial", std::move(t));
  }
  return o;
}

}  // namespace

std::string appShareHash(const ModesState& modes, const TutorialState& tutorial,
                         const LabState& lab) {
  return "#s=" + base64UrlEncode(writeJson(appLinkJson(modes, tutorial, lab)));
}

std::string appShareHash(const AppState& app) {
  JsonValue o = appLinkJson(app.modes, app.tutorial, app.lab);
  if (app.exercise.open) {
    // The page's own settings; the exercise brings its locks when it is opened again.
    PageSettings page = app.page;
    page.locks = app.exercise.locksBefore;
    if (!page.isDefault()) json::put(o, "page", pageSettingsJson(page));
    json::put(o, "exercise", exerciseLinkMember(app.exercise));
  } else if (!app.page.isDefault()) {
    json::put(o, "page", pageSettingsJson(app.page));
  }
  return "#s=" + base64UrlEncode(writeJson(o));
}

std::optional<std::string> applyAppLink(AppState& app, const AppLink& link) {
  // The link's own page settings replace the page's once the rest is applied.
  // Locks bind the student, not the app: nothing here is refused by the page's current locks.
  if (auto error = applyAppLink(app.modes, app.tutorial, app.lab, link)) return error;
  closeExercise(app);
  app.page = link.page;
  if (link.exercise) {
    if (auto error = openExercise(app, *link.exercise, link.exerciseBuiltin))
      return "$.exercise.session: " + *error;
  }
  return std::nullopt;
}

AppLinkParse parseAppShareHash(std::string_view hash) {
  AppLinkParse result;
  // The session part, its size and base64url checks as before (share_link.hpp, W1) ...
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.substr(0, 2) != "s=") return result;
  result.present = true;
  std::string_view body = hash.substr(2);
  if (body.size() > kMaxShareLinkChars || body.empty()) {
    result.error = parseShareHash(hash).error;
    return result;
  }
  std::string error;
  const std::optional<std::string> text = base64UrlDecode(body, error);
  if (!text) {
    result.error = error;
    return result;
  }
  JsonParse parsed = parseJson(*text);
  if (!parsed.ok() || !parsed.value->isObject()) {
    result.error = parseShareHash(hash).error;  // the session reader's words for it
    return result;
  }
  // ... and the app's two members taken out before the session's strict schema reads the rest.
  AppLink link;
  SchemaReader r;
  auto& members = parsed.value->members();
  std::optional<JsonValue> mode, modeParams, tutorial, pageMember, exercise;
  for (auto it = members.begin(); it != members.end();) {
    if (it->first == "mode" || it->first == "modeParams" || it->first == "tutorial" ||
        it->first == "page" || it->first == "exercise") {
      (it->first == "mode"         ? mode
       : it->first == "modeParams" ? modeParams
       : it->first == "page"       ? pageMember
       : it->first == "exercise"   ? exercise
                                   : tutorial) = std::move(it->second);
      it = members.erase(it);
    } else {
      ++it;
    }
  }
  if (mode) {
    if (auto name = r.string(*mode, "$.mode", 32)) {
      link.mode = modeFromName(*name);
      if (!link.mode) r.fail("$.mode", "unknown method \"" + name->substr(0, 32) + "\"");
    }
  }
  if (modeParams && r.ok()) {
    if (!link.mode) {
      r.fail("$.modeParams", "a method's parameters need the method: add \"mode\"");
    } else if (auto refused = checkModeParams(*link.mode, *modeParams, "$.modeParams")) {
      // Checked now, so that a bad member refuses the link before anything is applied (W1).
      result.error = *refused;
      return result;
    } else {
      link.modeParams = std::move(*modeParams);
    }
  }
  if (tutorial && r.object(*tutorial, "$.tutorial", {"id", "page", "source"})) {
    if (const JsonValue* id = r.required(*tutorial, "$.tutorial", "id")) {
      link.tutorialId = r.string(*id, "$.tutorial.id", 64);
      const auto& entries = tutorialEntries();
      if (link.tutorialId && std::none_of(entries.begin(), entries.end(), [&](const auto& e) {
            return e.id == *link.tutorialId;
          })) {
        r.fail("$.tutorial.id", "unknown tutorial \"" + link.tutorialId->substr(0, 64) + "\"");
      }
    }
    if (const JsonValue* page = tutorial->find("page")) {
      if (auto n = r.integer(*page, "$.tutorial.page", 0, 1000))
        link.tutorialPage = static_cast<int>(*n);
    }
    if (const JsonValue* source = tutorial->find("source")) {
      const auto name = r.string(*source, "$.tutorial.source", 16);
      if (name && *name != "notes" && *name != "canvas") {
        r.fail("$.tutorial.source", "must be \"notes\" or \"canvas\"");
      }
      if (name && *name == "canvas") link.tutorialSource = TutorialSource::Canvas;
    }
  }
  if (!r.ok()) {
    result.error = r.error();
    return result;
  }
  if (pageMember) {
    std::string pageError;
    std::optional<PageSettings> settings = readPageSettings(*pageMember, "$.page", pageError);
    if (!settings) {
      result.error = pageError;
      return result;
    }
    link.page = *settings;
  }
  if (exercise) {
    const JsonValue* id = exercise->find("id");
    if (id && exercise->members().size() == 1) {
      const Exercise* builtin = id->isString() ? findBuiltinExercise(id->asString()) : nullptr;
      if (!builtin) {
        result.error = "$.exercise.id: unknown exercise" +
                       (id->isString() ? " " + jsonQuote(id->asString().substr(0, 64)) : "");
        return result;
      }
      link.exercise = *builtin;
      link.exerciseBuiltin = true;
    } else {
      ExerciseParse parsedExercise = readExercise(*exercise);
      if (!parsedExercise.ok()) {
        result.error = "$.exercise" + parsedExercise.error.substr(1);
        return result;
      }
      link.exercise = std::move(parsedExercise.exercise);
    }
  }
  SessionParse session = parseSession(*parsed.value);
  if (!session.ok()) {
    result.error = session.error;
    return result;
  }
  link.session = std::move(*session.session);
  result.link = std::move(link);
  return result;
}

std::optional<std::string> applyAppLink(ModesState& modes, TutorialState& tutorial, LabState& lab,
                                        const AppLink& link) {
  const LabState labBefore = lab;
  if (auto error = apply(lab, link.session, false)) return error;
  if (link.tutorialId) {
    TutorialState next = tutorial;
    // The link replaces the student's lab: nothing waits to come back.
    dropStudentLab(next);
    if (auto error = openTutorial(next, lab, *link.tutorialId, link.tutorialPage)) {
      lab = labBefore;  // all or nothing (W1)
      return "$.tutorial.page: " + *error;
    }
    next.source = link.tutorialSource;
    tutorial = std::move(next);
  } else {
    dropStudentLab(tutorial);
    closeTutorial(tutorial);
  }
  followTutorialPage(tutorial, lab);  // the page's notes data on the canvas, the link's lab kept
  if (link.modeParams && link.mode) {
    // Checked when the link was read; the method is built once, by setMode.
    if (auto error = applyModeParams(modes, lab, *link.mode, *link.modeParams, "$.modeParams"))
      return error;
  }
  setMode(modes, lab, link.mode.value_or(Mode::Svm));
  return std::nullopt;
}

}  // namespace kpg::app
