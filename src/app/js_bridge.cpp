#include "js_bridge.hpp"

#include "data/json_text.hpp"
#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "lab/step_words.hpp"
#include "panels/lock_ui.hpp"
#include "panels/panels.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"
#include "session/url_params.hpp"

#include <emscripten.h>

#include <string>

// The page (web/page/*.js) installs these hooks on Module before the script loads.
EM_JS(void, kpgJsFirstFrame, (), {
  if (Module.onKpgFirstFrame) Module.onKpgFirstFrame();
});
EM_JS(void, kpgJsFatal, (const char* message), {
  if (Module.onKpgFatal) Module.onKpgFatal(UTF8ToString(message));
});
EM_JS(void, kpgJsRequest, (const char* what), {
  if (Module.onKpgRequest) Module.onKpgRequest(UTF8ToString(what));
});
EM_JS(void, kpgJsFiles, (const char* what), {
  if (Module.onKpgFiles) Module.onKpgFiles(UTF8ToString(what));
});
// done < 0: no replay (hide the page's progress bar).
EM_JS(void, kpgJsReplayProgress, (double done, double total, const char* text), {
  if (Module.onKpgReplayProgress) Module.onKpgReplayProgress(done, total, UTF8ToString(text));
});

// The step in words for screen readers (index.html #step-words, an ARIA polite live region).
EM_JS(void, kpgJsStepWords, (const char* text), {
  const region = document.getElementById('step-words');
  if (region) region.textContent = UTF8ToString(text);
});

namespace kpg::app {

void reportStepWords(AppState& state, double nowSeconds) {
  // A polite region is read when the reader is idle: while the solver runs, one sentence a
  // second and the last one when it stops, instead of a queue of every step.
  StepWordsState& words = state.stepWords;
  const std::string text = stepAnnouncement(state.lab);
  if (text == words.text) return;
  if (state.lab.playback.running && nowSeconds - words.atSeconds < 1.0) return;
  words.text = text;
  words.atSeconds = nowSeconds;
  kpgJsStepWords(text.c_str());
}

void notifyFirstFrame() {
  kpgJsFirstFrame();
}

void reportFatal(const char* message) {
  kpgJsFatal(message);
}

void requestSessionExport() {
  kpgJsRequest("export-session");
}
void requestSessionImport() {
  kpgJsRequest("import-session");
}
void requestPngExport() {
  kpgJsRequest("export-png");
}
void requestShareLink() {
  kpgJsRequest("share-link");
}
void requestFiles(const char* what) {
  kpgJsFiles(what);
}

const char* returnedText(std::string text) {
  std::string& buffer = mutableState().returnedText;
  buffer = std::move(text);
  return buffer.c_str();
}

void reportReplayProgress(const LabState& lab) {
  // Once per frame; the page is told only when the text changes (or the replay ends).
  std::string& shown = mutableState().replayProgressShown;
  const std::string text = replayProgressText(lab);
  if (text == shown) return;
  shown = text;
  if (!lab.replay) {
    kpgJsReplayProgress(-1, 0, "");
    return;
  }
  kpgJsReplayProgress(static_cast<double>(replayDone(lab)), static_cast<double>(replayTotal(lab)),
                      text.c_str());
}

}  // namespace kpg::app

namespace {

using kpg::app::LabState;

LabState& lab() {
  return kpg::app::mutableState().lab;
}

std::string result(const std::string& error) {
  kpg::app::ActionReply reply;
  reply.error = error;
  return kpg::writeJson(kpg::app::replyJson(reply));
}

// window.kpg.dispatch's one table (session/app_actions.hpp). The states live as long as the page.
const kpg::app::ActionRouter& router() {
  static const kpg::app::ActionRouter table = kpg::app::makeAppRouter(kpg::app::mutableState());
  return table;
}

}  // namespace

extern "C" {

// window.kpg.state(): one JSON tree: the product, version and frame count, the lab's session and
// solver state (session_json.hpp stateToJsonValue), the Tutorials panel (tutorial_state.hpp) and
// the canvas mode (mode_json.hpp).
EMSCRIPTEN_KEEPALIVE const char* kpg_state_json() {
  return kpg::app::returnedText(kpg::writeJson(kpg::app::appStateJson(kpg::app::mutableState())));
}

// window.kpg.dispatch(action): parsed once, dispatched on "type" through the one table;
// {"ok":true,...} or {"ok":false,"error":"$.path: ..."} (nothing changed).
EMSCRIPTEN_KEEPALIVE const char* kpg_dispatch_json(const char* json) {
  kpg::app::requestFrame(kpg::app::mutableState());  // render on change: an action may show
  return kpg::app::returnedText(router().dispatchJson(json ? json : ""));
}

// The session (version 1) for autosave and export.
EMSCRIPTEN_KEEPALIVE const char* kpg_session_json() {
  // The student's own lab, also while the canvas shows a tutorial page's notes data.
  const kpg::app::AppState& app = kpg::app::mutableState();
  return kpg::app::returnedText(
      kpg::app::sessionToJson(kpg::app::studentLab(app.tutorial, app.lab)));
}

// "#s=..." for the current session, the method and the open tutorial's page
// (session/app_link.hpp).
EMSCRIPTEN_KEEPALIVE const char* kpg_share_hash() {
  kpg::app::AppState& app = kpg::app::mutableState();
  return kpg::app::returnedText(kpg::app::appShareHash(app));
}

// Opens a share link (the URL hash). {"ok":true,"present":false} when the hash is not a share
// link; on error a notice "could not open shared session: ..." and nothing changes (W1).
EMSCRIPTEN_KEEPALIVE const char* kpg_open_share_hash(const char* hash) {
  kpg::app::requestFrame(kpg::app::mutableState());
  const kpg::app::AppLinkParse link = kpg::app::parseAppShareHash(hash ? hash : "");
  if (!link.present)
    return kpg::app::returnedText("{\"ok\":true,\"present\":false}");  // not a share link
  kpg::app::AppState& app = kpg::app::mutableState();
  std::string error = link.error;
  if (link.ok()) {
    error = kpg::app::applyAppLink(app, *link.link).value_or("");
    if (error.empty()) app.openedShareLink = true;
  }
  if (!error.empty()) {
    kpg::app::postNotice(lab(), kpg::app::NoticeKind::Error,
                         "could not open shared session: " + error);
    return kpg::app::returnedText(result(error));
  }
  return kpg::app::returnedText(
      kpg::writeJson(kpg::app::replyJson(kpg::app::ActionReply::done(!lab().replay))));
}

// A session from a file or the autosave; `what` names it in the error notice
// ("import session file", "restore the autosaved session").
EMSCRIPTEN_KEEPALIVE const char* kpg_import_session(const char* json, const char* what) {
  kpg::app::AppState& app = kpg::app::mutableState();
  kpg::app::requestFrame(app);
  return kpg::app::returnedText(kpg::writeJson(kpg::app::replyJson(
      kpg::app::importSessionInto(app, json ? json : "", what ? what : "import"))));
}

// The address's parameters (location.search) at start-up (session/url_params.hpp): applied, each
// bad one shown in the banner ("address parameter gamma=abc: …") and ignored.
// {"ok": true, "present": bool, "errors": [...], "embed": bool}: "ok" is false when any was bad.
EMSCRIPTEN_KEEPALIVE const char* kpg_open_url_params(const char* query) {
  kpg::app::AppState& app = kpg::app::mutableState();
  kpg::app::requestFrame(app);
  const kpg::app::UrlParams params = kpg::app::parseUrlParams(query ? query : "");
  kpg::JsonValue out = kpg::JsonValue::object();
  kpg::JsonValue errors = kpg::JsonValue::array();
  if (!params.empty()) {
    for (const std::string& error : kpg::app::applyUrlParams(app, params)) {
      kpg::app::postNotice(lab(), kpg::app::NoticeKind::Error, error);
      errors.items().push_back(kpg::json::str(error));
    }
  }
  kpg::json::put(out, "ok", kpg::json::boolean(errors.items().empty()));
  kpg::json::put(out, "present", kpg::json::boolean(!params.empty()));
  kpg::json::put(out, "errors", std::move(errors));
  kpg::json::put(out, "embed", kpg::json::boolean(app.page.embed));
  return kpg::app::returnedText(kpg::writeJson(out));
}

// A message from the page (storage full, file refused) shown in the lab's banner.
// kind: 0 info, 2 warning, 3 error.
EMSCRIPTEN_KEEPALIVE void kpg_post_notice(int kind, const char* text) {
  const auto k = kind == 3   ? kpg::app::NoticeKind::Error
                 : kind == 2 ? kpg::app::NoticeKind::Warning
                             : kpg::app::NoticeKind::Info;
  kpg::app::requestFrame(kpg::app::mutableState());
  kpg::app::postNotice(lab(), k, text ? text : "");
}

}  // extern "C"

// [{"item": "C", "control": "C", "locked": true, "rect": [left, top, right, bottom]}, ...]: the
// lockable controls drawn in the last frame, in CSS pixels of the page.
extern "C" EMSCRIPTEN_KEEPALIVE const char* kpg_lockable_items_json() {
  using kpg::jsonNumber;
  std::string out = "[";
  for (const auto& d : kpg::app::mutableUi().lockablesDrawn) {
    if (out.size() > 1) out += ",";
    out += "{\"item\":" + kpg::jsonQuote(d.item) +
           ",\"control\":" + kpg::jsonQuote(std::string(kpg::app::lockedControlName(d.control))) +
           ",\"locked\":" + (d.locked ? "true" : "false") + ",\"rect\":[" + jsonNumber(d.rect[0]) +
           "," + jsonNumber(d.rect[1]) + "," + jsonNumber(d.rect[2]) + "," + jsonNumber(d.rect[3]) +
           "]}";
  }
  out += "]";
  return kpg::app::returnedText(std::move(out));
}
