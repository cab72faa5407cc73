#include "js_bridge.hpp"

#include "modes/mode_json.hpp"  // canvas modes (issue 6)
#include "session/action_json.hpp"
#include "session/session_json.hpp"
#include "session/share_link.hpp"
#include "version.hpp"

#include <emscripten.h>

#include <string>

// The page (index.html) installs these hooks on Module before the script loads.
EM_JS(void, kpgJsFirstFrame, (), {
  if (Module.onKpgFirstFrame) Module.onKpgFirstFrame();
});
EM_JS(void, kpgJsFatal, (const char* message), {
  if (Module.onKpgFatal) Module.onKpgFatal(UTF8ToString(message));
});
EM_JS(void, kpgJsRequest, (const char* what), {
  if (Module.onKpgRequest) Module.onKpgRequest(UTF8ToString(what));
});

namespace kpg::app {

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

}  // namespace kpg::app

namespace {

using kpg::app::LabState;

LabState& lab() {
  return kpg::app::mutableState().lab;
}

// Returned strings stay valid until the next call of any exported function.
const char* keep(std::string text) {
  static std::string buffer;
  buffer = std::move(text);
  return buffer.c_str();
}

std::string result(const std::string& error) {
  if (error.empty()) return "{\"ok\":true}";
  return "{\"ok\":false,\"error\":" + kpg::app::jsonQuote(error) + "}";
}

// Applies a parsed session, or posts "could not <what>: <reason>" and changes nothing.
std::string loadOrReport(const kpg::app::SessionParse& parsed, const std::string& what) {
  if (!parsed.ok()) {
    kpg::app::postNotice(lab(), kpg::app::NoticeKind::Error,
                         "could not " + what + ": " + parsed.error);
    return result(parsed.error);
  }
  if (auto error = kpg::app::apply(lab(), *parsed.session, false)) {
    kpg::app::postNotice(lab(), kpg::app::NoticeKind::Error, "could not " + what + ": " + *error);
    return result(*error);
  }
  return result("");
}

}  // namespace

extern "C" {

// window.kpg.state(): the session and solver state as JSON (session_json.hpp stateToJson),
// with the product, version and frame count.
EMSCRIPTEN_KEEPALIVE const char* kpg_state_json() {
  const kpg::app::AppState& state = kpg::app::currentState();
  std::string out = "{\"product\":";
  out += kpg::app::jsonQuote(kpg::kProductName);
  out += ",\"version\":";
  out += kpg::app::jsonQuote(kpg::kVersion);
  out += ",\"frame\":" + std::to_string(state.frameCount) + ",";
  out += kpg::app::stateToJson(state.lab).substr(1);
  // The Tutorials panel's page and its numbers (tutorials/tutorial_state.hpp).
  out.pop_back();
  kpg::app::AppState& app = kpg::app::mutableState();
  out += ",\"tutorial\":" + kpg::app::tutorialStateJson(app.tutorial, app.lab);
  // The canvas mode and its key numbers (modes/mode_json.hpp).
  out += ",\"mode\":" + kpg::app::modeStateJson(app.modes, app.lab) + "}";
  return keep(std::move(out));
}

// window.kpg.dispatch(action): {"ok":true} or {"ok":false,"error":"..."} (action_json.hpp).
EMSCRIPTEN_KEEPALIVE const char* kpg_dispatch_json(const char* json) {
  // Tutorial actions (openTutorial, tutorialNext, ...) first; the rest are the lab's.
  if (auto reply = kpg::app::dispatchTutorialJson(kpg::app::mutableState().tutorial, lab(),
                                                  json ? json : "")) {
    return keep(std::move(*reply));
  }
  // Canvas-mode actions (setMode, modeStep, ...: modes/mode_json.hpp).
  if (auto reply =
          kpg::app::dispatchModeJson(kpg::app::mutableState().modes, lab(), json ? json : "")) {
    return keep(std::move(*reply));
  }
  return keep(kpg::app::dispatchJson(lab(), json ? json : ""));
}

// The session (version 1) for autosave and export.
EMSCRIPTEN_KEEPALIVE const char* kpg_session_json() {
  return keep(kpg::app::sessionToJson(lab()));
}

// "#s=..." for the current session.
EMSCRIPTEN_KEEPALIVE const char* kpg_share_hash() {
  return keep(kpg::app::shareHash(lab()));
}

// Opens a share link (the URL hash). {"ok":true,"present":false} when the hash is not a share
// link; on error a notice "could not open shared session: ..." and nothing changes (W1).
EMSCRIPTEN_KEEPALIVE const char* kpg_open_share_hash(const char* hash) {
  const kpg::app::ShareLinkParse link = kpg::app::parseShareHash(hash ? hash : "");
  if (!link.present) return keep("{\"ok\":true,\"present\":false}");
  kpg::app::SessionParse parsed;
  parsed.error = link.error;
  parsed.session = link.session;
  return keep(loadOrReport(parsed, "open shared session"));
}

// A session from a file or the autosave; `what` names it in the error notice
// ("import session file", "restore the autosaved session").
EMSCRIPTEN_KEEPALIVE const char* kpg_import_session(const char* json, const char* what) {
  return keep(loadOrReport(kpg::app::parseSession(json ? json : ""), what ? what : "import"));
}

// A message from the page (storage full, file refused) shown in the lab's banner.
// kind: 0 info, 2 warning, 3 error.
EMSCRIPTEN_KEEPALIVE void kpg_post_notice(int kind, const char* text) {
  const auto k = kind == 3   ? kpg::app::NoticeKind::Error
                 : kind == 2 ? kpg::app::NoticeKind::Warning
                             : kpg::app::NoticeKind::Info;
  kpg::app::postNotice(lab(), k, text ? text : "");
}

}  // extern "C"
