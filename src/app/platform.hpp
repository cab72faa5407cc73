#pragma once
// The platform layer: a GL context on a canvas, input delivered to Dear ImGui, the frame loop.
// The browser build compiles platform_web.cpp; the choice is made by CMake, not by #ifdef in logic
// (docs/architecture.md).

#include <functional>

namespace kpg::app {

struct FrameInfo {
  int framebufferWidth = 0;  // device pixels
  int framebufferHeight = 0;
  float devicePixelRatio = 1;  // device pixels per CSS pixel
  double timeSeconds = 0;
  // An input event (mouse, touch, wheel, key) arrived since the previous refresh, or the canvas
  // changed size or pixel ratio: the app must draw (main.cpp).
  bool inputArrived = false;
};

// Creates the GL context and ImGui's platform side, then calls `frame` once per display refresh
// for ever (in the browser the function returns to the event loop and never resumes). `frame`
// decides whether the refresh needs drawing (FrameInfo::inputArrived tells it about input).
// Returns false with a message in `error` when no WebGL2 context can be had.
bool runPlatform(const std::function<void(const FrameInfo&)>& frame, const char** error);

// A two-finger pinch on a touch screen, accumulated since the last call (H4: the canvas zooms by
// `zoom` about (centreX, centreY) and pans by (panX, panY), in CSS pixels). `active` is true from
// the moment the second finger lands (the one-finger press it interrupts is released and must not
// count as a tap) until a finger lifts.
struct PinchDelta {
  bool active = false;
  float zoom = 1;
  float centreX = 0, centreY = 0;
  float panX = 0, panY = 0;
};
PinchDelta takePinchDelta();

// The start card's first-visit flag, kept by the page (localStorage 'kpg.startCard.seen'); a
// storage that throws (docs/bad-inputs.md W5) reads as "not seen" and keeps nothing.
bool startCardSeen();
void rememberStartCardSeen();

// Rebuilds the font atlas for a new device pixel ratio so text stays sharp on high-DPI screens.
void loadFonts(float devicePixelRatio);

}  // namespace kpg::app
