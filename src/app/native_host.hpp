#pragma once
// The page's side of the app for native frames (tests/app/frame_test.cpp, tests/fuzz/fuzz_frame.cpp):
// one application state, its window.kpg router, an ImGui context of a given size and pixel ratio
// with the app's font and style, and input fed to ImGui's io as platform_web.cpp feeds the
// browser's events. A frame is frame_ui.hpp's advanceFrame + buildFrameUi and ImGui::Render, as
// main.cpp draws it, without GL: the draw data is checked and discarded. What the UI asks of the
// browser (a download, the file picker, the clipboard) is recorded in `requests`.
//
// One host at a time: the panels reach the state through mutableState() (app_state.hpp) as in the
// browser, where the state is the page's one root.

#include "app_state.hpp"
#include "panels/panels.hpp"
#include "session/app_actions.hpp"

#include <memory>
#include <string>
#include <vector>

struct ImFontAtlas;

namespace kpg::app {

struct NativeHostOptions {
  float width = 1280;  // CSS pixels
  float height = 800;
  float devicePixelRatio = 1;
  bool firstVisit = false;  // the start card shows (localStorage has no 'kpg.startCard.seen')
};

class NativeHost {
 public:
  // `fonts`: an atlas shared between hosts (built once by sharedFontAtlas()), or null for one of
  // the host's own.
  explicit NativeHost(const NativeHostOptions& options, ImFontAtlas* fonts = nullptr);
  ~NativeHost();
  NativeHost(const NativeHost&) = delete;
  NativeHost& operator=(const NativeHost&) = delete;

  AppState& state() { return *state_; }
  UiState& ui() { return ui_; }
  // window.kpg.dispatch: {"ok": …} JSON, as the page gets it.
  std::string dispatch(const std::string& json);

  // Input, as platform_web.cpp delivers it (CSS pixels; buttons 0 left, 1 right).
  void mouseMove(float x, float y);
  void mouseButton(int button, bool down);
  void wheel(float dx, float dy);
  void key(int domKeyCode, bool down);  // DOM keyCodes (ui_setup.hpp mapDomKeys)
  void modifiers(bool ctrl, bool shift, bool alt, bool meta);
  void text(const std::string& utf8);
  void resize(float width, float height, float devicePixelRatio);
  // A two-finger pinch this frame (platform.hpp PinchDelta), taken by the next frame.
  void pinch(const PinchDelta& delta) { pinch_ = delta; }

  // Draws one frame `seconds` after the previous one; returns the draw data's vertex count.
  int frame(double seconds = 1.0 / 60.0);

  // What the UI asked the browser for, in order ("export-session", "share-link", "files:…").
  std::vector<std::string> requests;
  double timeSeconds = 0;

 private:
  std::unique_ptr<AppState> state_;
  UiState ui_;
  std::unique_ptr<ActionRouter> router_;
  struct ImGuiContext* context_ = nullptr;
  PinchDelta pinch_;
  bool startCardSeen_ = true;
  friend bool startCardSeen();
  friend void rememberStartCardSeen();
  friend PinchDelta takePinchDelta();
};

// An atlas with the app's font (DejaVu Sans at kFontSizeCss, the app's glyph ranges; ImGui's
// default font when the TTF is not installed), built once for the process.
ImFontAtlas* sharedFontAtlas(float devicePixelRatio = 1);

}  // namespace kpg::app
