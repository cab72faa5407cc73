// Browser platform: WebGL2 through Emscripten's html5 API (no GLFW), DOM input events fed to
// Dear ImGui 1.86's io (KeysDown/KeyMap API), the canvas kept at CSS size × devicePixelRatio.
// Input goes through html5 callbacks rather than Emscripten's GLFW so touch events and high-DPI
// coordinates are in our hands (GLFW's emulation maps neither).

#include "platform.hpp"
#include "ui_setup.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <cmath>
#include <cstring>
#include <string>

namespace kpg::app {

namespace {

constexpr const char* kCanvas = "#canvas";
constexpr const char* kFontPath = "/fonts/DejaVuSans.ttf";  // the subset --embed-file puts there

struct PlatformState {
  std::function<void(const FrameInfo&)> frame;
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
  float fontDpr = 0;
  int touchId = -1;
  // A finger lifted: once a frame has seen the release (the tap's click), the pointer leaves, so
  // that nothing stays hovered. A touch screen has no hover: the tooltip of the button just
  // tapped stayed over the buttons below it (the phone screenshots).
  bool touchLifted = false;
  // Dear ImGui 1.86 samples MouseDown once per frame: a press and release between two frames (a
  // quick tap, a synthetic click) would be lost. A release of a button pressed since the last
  // frame is therefore held back until after the next frame has seen the press (H4).
  bool pressedThisFrame[3] = {false, false, false};
  bool releasePending[3] = {false, false, false};
  // The same for keys (KeysDown is sampled once per frame too): a key pressed and released
  // between two frames (a quick tap on a slow frame, a script's keyboard.press) keeps KeysDown
  // and the modifiers of its press until a frame has seen it; the release is applied after it.
  bool keyPressedThisFrame = false;  // any key
  bool keyReleasePending[512] = {};
  bool modifiersPending = false;
  bool pendingCtrl = false, pendingShift = false, pendingAlt = false, pendingMeta = false;
  // Text typed while the modifiers of a shortcut are held back (Ctrl+A, then "5" before the next
  // frame): ImGui drops characters that it sees with Ctrl down, so they wait until the frame has
  // seen the shortcut and the modifiers are released (a typed "5000" lost its "5").
  std::string pendingText;
  // Two-finger pinch (H4): the second finger's id, both fingers' positions, the accumulated change.
  int pinchId = -1;
  float primaryX = 0, primaryY = 0, secondX = 0, secondY = 0;
  float pinchDistance = 0, pinchCentreX = 0, pinchCentreY = 0;
  PinchDelta pinch;
  // Render on change: set by every input callback, cleared after each refresh.
  bool inputArrived = true;
  double lastRefreshSeconds = -1;  // for ImGui's DeltaTime
  int lastWidth = 0, lastHeight = 0;
  float lastDpr = 0;
};

PlatformState& platform() {
  static PlatformState state;
  return state;
}

void pressButton(int button) {
  PlatformState& p = platform();
  ImGui::GetIO().MouseDown[button] = true;
  p.pressedThisFrame[button] = true;
  p.releasePending[button] = false;
}

void releaseButton(int button) {
  PlatformState& p = platform();
  if (p.pressedThisFrame[button]) {
    p.releasePending[button] = true;
  } else {
    ImGui::GetIO().MouseDown[button] = false;
  }
}

void setModifiers(ImGuiIO& io, bool ctrl, bool shift, bool alt, bool meta) {
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeyAlt = alt;
  io.KeySuper = meta;
}

EM_BOOL onKey(int type, const EmscriptenKeyboardEvent* e, void*) {
  platform().inputArrived = true;
  ImGuiIO& io = ImGui::GetIO();
  PlatformState& p = platform();
  const unsigned long code = e->keyCode;
  const bool down = type == EMSCRIPTEN_EVENT_KEYDOWN;
  if (!down && p.keyPressedThisFrame) {
    // A release in the frame of a press: held until the frame has seen the press (above).
    if (code < 512) p.keyReleasePending[code] = true;
    p.modifiersPending = true;
    p.pendingCtrl = e->ctrlKey;
    p.pendingShift = e->shiftKey;
    p.pendingAlt = e->altKey;
    p.pendingMeta = e->metaKey;
  } else {
    if (!p.modifiersPending) setModifiers(io, e->ctrlKey, e->shiftKey, e->altKey, e->metaKey);
    if (code < 512) {
      io.KeysDown[code] = down;
      if (down) {
        p.keyPressedThisFrame = true;
        p.keyReleasePending[code] = false;
      }
    }
  }
  if (type == EMSCRIPTEN_EVENT_KEYDOWN && !e->ctrlKey && !e->metaKey && std::strlen(e->key) > 0 &&
      std::strlen(e->key) <= 4) {
    // A printable key's `key` is the character itself (one UTF-8 code point); named keys
    // ("Enter", "Shift") are longer words and are not text.
    const unsigned char first = static_cast<unsigned char>(e->key[0]);
    const size_t length = std::strlen(e->key);
    const bool onePoint = (length == 1 && first >= 32) || (length > 1 && first >= 0xC0);
    if (onePoint) {
      if (p.modifiersPending || !p.pendingText.empty()) {
        p.pendingText += e->key;  // in order, after what already waits
      } else {
        io.AddInputCharactersUTF8(e->key);
      }
    }
  }
  // Keep Tab, Backspace, arrows and Space from moving the page; let browser shortcuts through.
  const bool navigation = code == 9 || code == 8 || code == 32 || (code >= 33 && code <= 40);
  return (navigation && !e->ctrlKey && !e->metaKey) || io.WantCaptureKeyboard;
}

EM_BOOL onMouse(int type, const EmscriptenMouseEvent* e, void*) {
  platform().inputArrived = true;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(e->targetX), static_cast<float>(e->targetY));
  setModifiers(io, e->ctrlKey, e->shiftKey, e->altKey, e->metaKey);
  const int button = e->button == 0 ? 0 : e->button == 2 ? 1 : e->button == 1 ? 2 : -1;
  if (button >= 0 && type == EMSCRIPTEN_EVENT_MOUSEDOWN) pressButton(button);
  if (button >= 0 && type == EMSCRIPTEN_EVENT_MOUSEUP) releaseButton(button);
  return type != EMSCRIPTEN_EVENT_MOUSEMOVE;
}

EM_BOOL onMouseLeave(int, const EmscriptenMouseEvent*, void*) {
  platform().inputArrived = true;
  ImGuiIO& io = ImGui::GetIO();
  if (!io.MouseDown[0]) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  return false;
}

EM_BOOL onWheel(int, const EmscriptenWheelEvent* e, void*) {
  platform().inputArrived = true;
  ImGuiIO& io = ImGui::GetIO();
  // Lines and pages become ImGui's "one notch" units; pixel deltas (trackpads) are scaled down.
  const double scale = e->deltaMode == DOM_DELTA_PIXEL  ? 1.0 / 100.0
                       : e->deltaMode == DOM_DELTA_LINE ? 1.0 / 3.0
                                                        : 1.0;
  io.MouseWheel -= static_cast<float>(e->deltaY * scale);
  io.MouseWheelH -= static_cast<float>(e->deltaX * scale);
  return true;
}

// One finger acts as the left mouse button; the first touch that starts is followed until it ends.
EM_BOOL onTouch(int type, const EmscriptenTouchEvent* e, void*) {
  ImGuiIO& io = ImGui::GetIO();
  PlatformState& p = platform();
  p.inputArrived = true;
  for (int k = 0; k < e->numTouches; ++k) {
    const EmscriptenTouchPoint& t = e->touches[k];
    if (!t.isChanged) continue;
    const int id = static_cast<int>(t.identifier);
    const float x = static_cast<float>(t.targetX), y = static_cast<float>(t.targetY);
    const bool ended = type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL;
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART && p.touchId < 0) {
      p.touchId = id;
      p.primaryX = x;
      p.primaryY = y;
      io.MousePos = ImVec2(x, y);
      pressButton(0);
    } else if (type == EMSCRIPTEN_EVENT_TOUCHSTART && p.pinchId < 0 && id != p.touchId) {
      // A second finger: a pinch. The first finger's press ends here (not a tap: the app sees
      // pinch.active in the same frame).
      p.pinchId = id;
      p.secondX = x;
      p.secondY = y;
      p.pinchDistance = std::hypot(p.secondX - p.primaryX, p.secondY - p.primaryY);
      p.pinchCentreX = 0.5f * (p.primaryX + p.secondX);
      p.pinchCentreY = 0.5f * (p.primaryY + p.secondY);
      p.pinch.active = true;
      p.pinch.centreX = p.pinchCentreX;
      p.pinch.centreY = p.pinchCentreY;
      io.MouseDown[0] = false;
      p.releasePending[0] = false;
    } else if (id == p.touchId || id == p.pinchId) {
      if (id == p.touchId) {
        p.primaryX = x;
        p.primaryY = y;
        if (p.pinchId < 0) io.MousePos = ImVec2(x, y);
      } else {
        p.secondX = x;
        p.secondY = y;
      }
      if (p.pinchId >= 0 && !ended) {
        const float distance = std::hypot(p.secondX - p.primaryX, p.secondY - p.primaryY);
        const float cx = 0.5f * (p.primaryX + p.secondX), cy = 0.5f * (p.primaryY + p.secondY);
        if (p.pinchDistance > 1 && distance > 1) p.pinch.zoom *= distance / p.pinchDistance;
        p.pinch.panX += cx - p.pinchCentreX;
        p.pinch.panY += cy - p.pinchCentreY;
        p.pinch.centreX = cx;
        p.pinch.centreY = cy;
        p.pinchDistance = distance;
        p.pinchCentreX = cx;
        p.pinchCentreY = cy;
      }
      if (ended) {
        if (p.pinchId >= 0) {
          // The pinch is over; the remaining finger is ignored until all are lifted.
          p.pinchId = -1;
          p.touchId = -1;
          p.pinch.active = false;
          io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        } else {
          releaseButton(0);
          p.touchId = -1;
          p.touchLifted = true;
        }
      }
    }
  }
  return true;  // no synthetic mouse events, no page scrolling under the canvas
}

void frameThunk(void*) {
  PlatformState& p = platform();
  double cssWidth = 0, cssHeight = 0;
  emscripten_get_element_css_size(kCanvas, &cssWidth, &cssHeight);
  const float dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  const int width = static_cast<int>(std::lround(cssWidth * dpr));
  const int height = static_cast<int>(std::lround(cssHeight * dpr));
  int currentWidth = 0, currentHeight = 0;
  emscripten_get_canvas_element_size(kCanvas, &currentWidth, &currentHeight);
  if (width != currentWidth || height != currentHeight) {
    emscripten_set_canvas_element_size(kCanvas, width, height);
  }
  if (dpr != p.fontDpr) loadFonts(dpr);

  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(cssWidth), static_cast<float>(cssHeight));
  io.DisplayFramebufferScale = ImVec2(dpr, dpr);
  const double now = emscripten_get_now() / 1000.0;
  const double last = p.lastRefreshSeconds < 0 ? now : p.lastRefreshSeconds;
  io.DeltaTime = now > last ? static_cast<float>(now - last) : 1.0f / 60.0f;
  p.lastRefreshSeconds = now;

  const bool resized = width != p.lastWidth || height != p.lastHeight || dpr != p.lastDpr;
  p.lastWidth = width;
  p.lastHeight = height;
  p.lastDpr = dpr;
  FrameInfo info{width, height, dpr, now, p.inputArrived || resized};
  p.inputArrived = false;
  p.frame(info);
  // Before the held-back releases below: a release still held back has not been seen yet.
  if (p.touchLifted && !io.MouseDown[0] && p.touchId < 0) {
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    p.touchLifted = false;
  }
  for (int b = 0; b < 3; ++b) {
    p.pressedThisFrame[b] = false;
    if (p.releasePending[b]) io.MouseDown[b] = false;
    p.releasePending[b] = false;
  }
  p.keyPressedThisFrame = false;
  for (int k = 0; k < 512; ++k) {
    if (p.keyReleasePending[k]) io.KeysDown[k] = false;
    p.keyReleasePending[k] = false;
  }
  if (p.modifiersPending) {
    setModifiers(io, p.pendingCtrl, p.pendingShift, p.pendingAlt, p.pendingMeta);
    p.modifiersPending = false;
  }
  if (!p.pendingText.empty()) {
    io.AddInputCharactersUTF8(p.pendingText.c_str());
    p.pendingText.clear();
  }
}

}  // namespace

void loadFonts(float devicePixelRatio) {
  PlatformState& p = platform();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.OversampleH = 2;
  ImFont* font = io.Fonts->AddFontFromFileTTF(kFontPath, kFontSizeCss * devicePixelRatio, &config,
                                              uiGlyphRanges());
  if (font == nullptr) io.Fonts->AddFontDefault();
  io.FontGlobalScale = 1.0f / devicePixelRatio;
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  p.fontDpr = devicePixelRatio;
}

// localStorage through the page; a throwing storage (W5) reads as "not seen" and writes nothing.
// clang-format off
EM_JS(int, kpg_start_card_seen, (), {
  try { return window.localStorage.getItem('kpg.startCard.seen') === '1' ? 1 : 0; }
  catch (e) { return 0; }
});
EM_JS(void, kpg_start_card_remember, (), {
  try { window.localStorage.setItem('kpg.startCard.seen', '1'); } catch (e) {}
});
// clang-format on

bool startCardSeen() {
  return kpg_start_card_seen() != 0;
}

void rememberStartCardSeen() {
  kpg_start_card_remember();
}

PinchDelta takePinchDelta() {
  PlatformState& p = platform();
  const PinchDelta out = p.pinch;
  p.pinch.zoom = 1;
  p.pinch.panX = p.pinch.panY = 0;
  return out;
}

bool runPlatform(const std::function<void(const FrameInfo&)>& frame, const char** error) {
  PlatformState& p = platform();
  p.frame = frame;

  // web/page/boot.js creates this context first (its WebGL2 check, with these same attributes), and
  // the call below receives it: keep the attributes of the two in step.
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  attributes.alpha = false;
  // No MSAA: ImGui anti-aliases its own shapes (fringe vertices) and the field shader its contours,
  // and on software GL (SwiftShader) 4× multisampling multiplies every frame's fill cost (H4).
  attributes.antialias = false;
  // Kept so tests and "export PNG" can read back what was drawn after the frame.
  attributes.preserveDrawingBuffer = true;
  // Not every extension (Emscripten's default): only the one the app uses, enabled below. The
  // check in web/page/boot.js has waited for the GPU process's side of this context already.
  attributes.enableExtensionsByDefault = false;
  p.context = emscripten_webgl_create_context(kCanvas, &attributes);
  if (p.context <= 0) {
    *error = "WebGL2 is not available in this browser (could not create a WebGL2 context).";
    return false;
  }
  emscripten_webgl_make_context_current(p.context);
  // The decision field's float render target (render/decision_field_renderer.cpp).
  emscripten_webgl_enable_extension(p.context, "EXT_color_buffer_float");

  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "kpg_platform_web";
  io.IniFilename = nullptr;  // layout comes from the app, not from a file
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  mapDomKeys(io);  // ui_setup.hpp
  if (!ImGui_ImplOpenGL3_Init("#version 300 es")) {
    *error = "The OpenGL ES 3.0 renderer could not start.";
    return false;
  }

  emscripten_set_keydown_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, true, onKey);
  emscripten_set_keyup_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, true, onKey);
  emscripten_set_mousedown_callback(kCanvas, nullptr, true, onMouse);
  // Releases and moves are followed outside the canvas so a drag that leaves it ends cleanly.
  emscripten_set_mouseup_callback(EMSCRIPTEN_EVENT_TARGET_DOCUMENT, nullptr, true, onMouse);
  emscripten_set_mousemove_callback(kCanvas, nullptr, true, onMouse);
  emscripten_set_mouseleave_callback(kCanvas, nullptr, true, onMouseLeave);
  emscripten_set_wheel_callback(kCanvas, nullptr, true, onWheel);
  emscripten_set_touchstart_callback(kCanvas, nullptr, true, onTouch);
  emscripten_set_touchmove_callback(kCanvas, nullptr, true, onTouch);
  emscripten_set_touchend_callback(kCanvas, nullptr, true, onTouch);
  emscripten_set_touchcancel_callback(kCanvas, nullptr, true, onTouch);

  emscripten_set_main_loop_arg(frameThunk, nullptr, 0, false);
  return true;
}

}  // namespace kpg::app
