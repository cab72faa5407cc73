#include "js_bridge.hpp"

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

namespace kpg::app {

void notifyFirstFrame() {
  kpgJsFirstFrame();
}

void reportFatal(const char* message) {
  kpgJsFatal(message);
}

}  // namespace kpg::app

namespace {
std::string& stateBuffer() {
  static std::string buffer;
  return buffer;
}
}  // namespace

extern "C" {

// window.kpg.state(): the session and solver state as JSON. The returned pointer stays valid until
// the next call.
EMSCRIPTEN_KEEPALIVE const char* kpg_state_json() {
  const kpg::app::AppState& state = kpg::app::currentState();
  std::string& out = stateBuffer();
  out = "{\"product\":\"";
  out += kpg::kProductName;
  out += "\",\"version\":\"";
  out += kpg::kVersion;
  out += "\",\"frame\":" + std::to_string(state.frameCount) + "}";
  return out.c_str();
}

}  // extern "C"
