#include "session/app_actions.hpp"

#include "exercises/exercise_state.hpp"
#include "io/session_json.hpp"
#include "modes/mode_json.hpp"
#include "session/action_json.hpp"
#include "session/class_regions.hpp"
#include "session/file_actions.hpp"
#include "version.hpp"

namespace kpg::app {

ActionRouter makeAppRouter(AppState& app) {
  ActionRouter router;
  addLabActions(router, app.lab);
  addModeActions(router, app.modes, app.lab);
  addTutorialActions(router, app.tutorial, app.lab, app.modes);
  addFileActions(router, app.dataImport, app.importPreview, app.lab);  // importData, ...
  addExerciseActions(router, app);     // openExercise, submitAnswer, ...
  addClassRegionActions(router, app);  // showClassRegions
  // A course page's or an exercise's locks (session/page_settings.hpp): refused before any
  // handler runs, so nothing changes.
  router.setGuard([&app](const JsonValue& action) {
    return lockedActionError(app.page.locks, app.lab, action).value_or("");
  });
  // A tutorial open on the notes' data keeps the canvas on its page.
  router.setAfter([&app] { followTutorialPage(app.tutorial, app.lab); });
  return router;
}

ActionReply importSessionInto(AppState& app, std::string_view json, const std::string& what) {
  const auto refuse = [&app, &what](const std::string& error) {
    postNotice(app.lab, NoticeKind::Error, "could not " + what + ": " + error);
    return ActionReply::failed(error);
  };
  if (app.page.locks.has(LockedControl::Data)) {
    return refuse("locked: " + lockReason(LockedControl::Data) + "; nothing was changed");
  }
  const SessionParse parsed = parseSession(json);
  if (!parsed.ok()) return refuse(parsed.error);
  if (auto error = apply(app.lab, *parsed.session, false)) return refuse(*error);
  followTutorialPage(app.tutorial, app.lab);
  return ActionReply::done(!app.lab.replay);
}

JsonValue appStateJson(AppState& app) {
  using json::put;
  JsonValue out = JsonValue::object();
  put(out, "product", json::str(kProductName));
  put(out, "version", json::str(kVersion));
  put(out, "frame", json::integer(static_cast<std::int64_t>(app.frameCount)));
  // Render on change (app_state.hpp RenderState): frames drawn, refreshes skipped, the last
  // frame's own time in frame() (ms). Grouped, so that a comparison of states drops one member.
  JsonValue render = JsonValue::object();
  put(render, "framesRendered",
      json::integer(static_cast<std::int64_t>(app.render.framesRendered)));
  put(render, "refreshesSkipped",
      json::integer(static_cast<std::int64_t>(app.render.refreshesSkipped)));
  put(render, "frameCpuMs", json::num(app.render.lastCpuMs));
  put(out, "render", std::move(render));
  JsonValue lab = stateToJsonValue(app.lab);
  for (auto& member : lab.members()) out.members().push_back(std::move(member));
  put(out, "tutorial", tutorialStateJson(app.tutorial, app.lab));
  put(out, "mode", modeStateJson(app.modes, app.lab));
  for (int k = 0; k < kModeCount; ++k) {
    const MethodSpec& spec = methodSpec(static_cast<Mode>(k));
    if (spec.writeAppState) spec.writeAppState(out, app.modes, app.lab);
  }
  put(out, "dataImport", importStateJson(app.dataImport, app.lab));
  put(out, "importPreview", previewStateJson(app.importPreview));
  put(out, "classRegions", classRegionsJson(app));
  put(out, "page", pageSettingsJson(app.page));
  put(out, "exercise", exerciseStateJson(app));
  return out;
}

}  // namespace kpg::app
