// The browser application: the platform layer calls frame() once per display refresh. A refresh
// with nothing to show is skipped (frameNeeded: an idle lab does no GL work).
// A frame
//   1. gives the solver its time slice (advance(): Run never freezes the page, docs/bad-inputs.md W6);
//   2. continues the decision-field render for the model and view of the previous frame (render/,
//      banded and at preview resolution while things move);
//   3. builds the panels (panels/), which change the lab only through actions;
//   4. renders ImGui's draw lists with the OpenGL ES 3 backend.
// Exported for tests and the benchmark (web/tests/lab.test.mjs, web/bench/frame_time.mjs):
// kpg_view_json (canvas transform, field and frame timings) and kpg_field_probe (f read back from
// the GPU field next to the core's CPU value).

#include "app_state.hpp"
#include "data/json_text.hpp"
#include "data/json_writer.hpp"
#include "frame_ui.hpp"
#include "js_bridge.hpp"
#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "platform.hpp"
#include "render/decision_field_renderer.hpp"
#include "ui_setup.hpp"

#include <GLES3/gl3.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>

namespace kpg::app {
namespace {

// The solver's share of a frame when running at full speed, in Live re-convergence and replays (the
// rest: UI and field bands). The goal: the frame's own CPU time under 8 ms while SMO runs on 2 000
// points, so that a 60 Hz frame keeps room for the browser and the GPU. The field bands and the UI
// took 1.1 ms a frame there (web/bench/frame_time.mjs; the GL draw calls are the rasterizer's time,
// SwiftShader's in headless Chromium), so 6 ms of solver keeps the frame near 7 ms; 10 ms made it
// 11.2 ms.
constexpr double kSolverBudgetMs = 6.0;
// After a zoom or pan the field stays at preview resolution this long.
constexpr double kViewSettleSeconds = 0.35;
// Frames drawn after the last input event: ImGui settles hover, active and released items and
// the held-back release of a quick tap (platform_web.cpp) over a few frames.
constexpr double kInputFollowUpSeconds = 0.3;
// The canvas's info notices step aside after this long (canvas_panel.cpp kInfoNoticeSeconds),
// plus a margin: one frame is drawn then so that they go.
constexpr double kNoticeWakeSeconds = 8.2;
// The first frames are always drawn: fonts and the layout settle over them.
constexpr std::uint64_t kStartupFrames = 3;

struct View {
  UiState ui;
  DecisionFieldRenderer field;
  bool fieldInitialised = false;
  double frameCpuMs = 0;    // the last frame() call's duration
  double solverMs = 0;      // of which: advance()
  double fieldMs = 0;       //           the field renderer's GL calls
  double uiMs = 0;          //           building the panels
  double drawMs = 0;        //           ImGui's GL calls
  double frameSeconds = 0;  // the last frame-to-frame interval
  std::int64_t stepsLastFrame = 0;
};

// The app's one root: everything it shows (AppState, natively tested) and what only the browser
// build has (View: the GL renderer, the UI gesture state, frame timings). The exported C functions
// of the bridge have no argument to carry it, so it is reached here and nowhere else.
struct App {
  AppState state;
  View view;
};

App& app() {
  static App root;
  return root;
}

AppState& appState() {
  return app().state;
}

View& view() {
  return app().view;
}

double nowMs() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

void updateField(AppState& state, View& v, double seconds) {
  UiState& ui = v.ui;
  LabState& lab = state.lab;
  if (!v.fieldInitialised) {
    v.fieldInitialised = true;
    if (!v.field.init()) ui.fieldError = "Decision field unavailable: " + v.field.error();
  }
  if (!ui.canvasValid || !lab.model.valid || !ui.showField || !v.field.ready()) return;
  FieldRequest request;
  request.model = &lab.model.model;
  request.revision = lab.modelRevision;
  request.rect = ui.canvas.visible();
  request.devicePixelRatio = ui.devicePixelRatio;
  request.pixelWidth =
      static_cast<int>(std::lround((ui.canvas.max.x - ui.canvas.min.x) * ui.devicePixelRatio));
  request.pixelHeight =
      static_cast<int>(std::lround((ui.canvas.max.y - ui.canvas.min.y) * ui.devicePixelRatio));
  const bool viewMoving =
      ui.viewChangedSeconds >= 0 && seconds - ui.viewChangedSeconds < kViewSettleSeconds;
  request.preview = lab.playback.running || ui.gesture.draggingPoint || viewMoving;
  request.frameSeconds = v.frameSeconds;
  request.nowMs = nowMs();
  v.field.update(request);
  ui.field = v.field.image();
}

// A fingerprint of what the screen shows that is not drawn from input alone: the lab's model,
// problem, notices, view and Live switch, the canvas mode and its revision, the tutorial page.
// An action from anywhere (the page's window.kpg, a session, an import) changes one of these.
std::uint64_t shownFingerprint(const AppState& state) {
  std::uint64_t h = 1469598103934665603ull;
  const auto mix = [&h](std::uint64_t value) { h = (h ^ value) * 1099511628211ull; };
  const auto mixDouble = [&mix](double value) {
    std::uint64_t bits = 0;
    static_assert(sizeof bits == sizeof value);
    std::memcpy(&bits, &value, sizeof bits);
    mix(bits);
  };
  const LabState& lab = state.lab;
  mix(lab.modelRevision);
  mix(lab.problemRevision);
  mix(lab.nextNoticeId);
  mix(lab.notices.size());
  mix(lab.live.on ? 1 : 0);
  mix(lab.undoStack.size());
  mix(lab.redoStack.size());
  mixDouble(lab.view.xMin);
  mixDouble(lab.view.xMax);
  mixDouble(lab.view.yMin);
  mixDouble(lab.view.yMax);
  mixDouble(lab.playback.stepsPerSecond);
  mix(static_cast<std::uint64_t>(state.modes.mode));
  mix(state.modes.revision);
  mix(state.tutorial.open ? 1 : 0);
  mix(std::hash<std::string>{}(state.tutorial.id));
  mix(static_cast<std::uint64_t>(state.tutorial.page()));
  mix(static_cast<std::uint64_t>(state.tutorial.source));
  return h;
}

// Whether this display refresh needs a frame. Anything that moves by itself
// (a running solver, a replay, a live re-convergence, a mode's animated run, the field's banded
// render, a view settling, an active text field, a held button) keeps frames coming; otherwise
// only input, an action or a due notice does.
bool frameNeeded(AppState& state, const View& v, const FrameInfo& info) {
  RenderState& render = state.render;
  const double now = info.timeSeconds;
  if (info.inputArrived) render.busyUntilSeconds = now + kInputFollowUpSeconds;
  const ImGuiIO& io = ImGui::GetIO();
  const LabState& lab = state.lab;
  bool buttonDown = false;
  for (bool down : io.MouseDown) buttonDown = buttonDown || down;
  const bool viewSettling =
      v.ui.viewChangedSeconds >= 0 && now - v.ui.viewChangedSeconds < kViewSettleSeconds + 0.1;
  // The field has yet to show the current model at full resolution (a render may wait a little
  // before it starts, busy() is then still false).
  const bool fieldWanted = v.ui.canvasValid && lab.model.valid && v.ui.showField && v.field.ready();
  const bool fieldStale =
      fieldWanted && (v.field.image().revision != lab.modelRevision || !v.field.stats().lastFull);
  const bool moving = lab.playback.running || lab.replay.has_value() || lab.live.pending ||
                      state.modes.playback.running || v.field.busy() || fieldStale ||
                      viewSettling || io.WantTextInput || buttonDown;
  const bool due = render.wakeAtSeconds >= 0 && now >= render.wakeAtSeconds;
  if (due) render.wakeAtSeconds = -1;
  const std::uint64_t shown = shownFingerprint(state);
  const bool needed = render.framesRendered < kStartupFrames || render.wake || moving || due ||
                      now < render.busyUntilSeconds || shown != render.shown;
  render.wake = false;
  render.shown = shown;
  if (!needed) ++render.refreshesSkipped;
  return needed;
}

// Set by kpg_trap_next_frame() (below), for the fault tests: the next frame traps.
bool trapNextFrame = false;

void frame(const FrameInfo& info) {
  if (trapNextFrame) __builtin_trap();  // a deliberate wasm trap (web/tests/faults.test.mjs)
  AppState& state = appState();
  View& v = view();
  if (!frameNeeded(state, v, info)) return;
  const double started = nowMs();
  UiState& ui = v.ui;
  state.devicePixelRatio = info.devicePixelRatio;
  state.framebufferWidth = info.framebufferWidth;
  state.framebufferHeight = info.framebufferHeight;

  ImGuiIO& io = ImGui::GetIO();
  // Space and R are the lab's shortcuts; keyboard navigation would also "press" the focused
  // button with Space.
  io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  const double seconds = info.timeSeconds;
  v.frameSeconds = ui.nowSeconds > 0 ? seconds - ui.nowSeconds : 0;
  ui.nowSeconds = seconds;
  ui.devicePixelRatio = info.devicePixelRatio;
  ui.pinch = takePinchDelta();
  ui.hoverIndex = ui.hoverNext;
  ui.hoverNext = -1;

  v.stepsLastFrame =
      advanceFrame(state, static_cast<double>(io.DeltaTime), kSolverBudgetMs);  // frame_ui.hpp
  reportReplayProgress(state.lab);
  reportStepWords(state, seconds);
  const double solved = nowMs();
  updateField(state, v, seconds);
  const double fielded = nowMs();

  prepareFrameUi(state);
  const bool tabPressed = takeTabKey();  // panels/keyboard_focus.hpp: Tab is the app's
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  buildFrameUi(state, ui, tabPressed);  // frame_ui.hpp: every panel, natively tested too
  ImGui::Render();
  const double built = nowMs();

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, info.framebufferWidth, info.framebufferHeight);
  glClearColor(0.96f, 0.96f, 0.97f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  if (state.frameCount++ == 0) notifyFirstFrame();
  ++state.render.framesRendered;
  // A notice shown now steps aside after kInfoNoticeSeconds: be there to draw that.
  if (!state.lab.notices.empty() && seconds - ui.noticeSince < kNoticeWakeSeconds) {
    requestFrameAt(state.render, ui.noticeSince + kNoticeWakeSeconds);
  }
  const double ended = nowMs();
  state.render.lastCpuMs = ended - started;
  v.frameCpuMs = ended - started;
  v.solverMs = solved - started;
  v.fieldMs = fielded - solved;
  v.uiMs = built - fielded;
  v.drawMs = ended - built;
}

// The view and probe JSON are built as JsonValue trees and written into the returned-text buffer
// (js_bridge.hpp).
std::string& jsonBuffer() {
  return kpg::app::mutableState().returnedText;
}

}  // namespace

const AppState& currentState() {
  return appState();
}

AppState& mutableState() {
  return appState();
}

const UiState& currentUi() {
  return view().ui;
}

UiState& mutableUi() {
  return view().ui;
}

}  // namespace kpg::app

extern "C" {

// The canvas's view transform (CSS pixels of the page ↔ plot coordinates), the field renderer's
// state and the frame timings: {"canvas": {left, top, right, bottom}, "centre": [x, y],
// "scale": px per unit, "visible": {xMin, xMax, yMin, yMax}, "field": {...}, "frame": {...},
// "live": {on, pending, segments, warmStartUpdates, status, edits, editMs, editProblemMs,
// kernelBuilds}, "render": {framesRendered, ...}}.
// A plot point (x, y) is on the page at (cx + (x − centre₀)·scale, cy − (y − centre₁)·scale),
// (cx, cy) the canvas rectangle's centre.
EMSCRIPTEN_KEEPALIVE const char* kpg_view_json() {
  using namespace kpg::app;
  const AppState& state = appState();
  const View& v = view();
  const CanvasView& c = v.ui.canvas;
  const PlotRect visible = c.visible();
  const FieldStats& s = v.field.stats();
  const FieldImage image = v.field.image();
  using kpg::json::boolean;
  using kpg::json::integer;
  using kpg::json::num;
  using kpg::json::put;
  // Built as one tree, as state() is (session/app_actions.cpp), and written once.
  JsonValue out = JsonValue::object();
  JsonValue canvas = JsonValue::object();
  put(canvas, "left", num(c.min.x));
  put(canvas, "top", num(c.min.y));
  put(canvas, "right", num(c.max.x));
  put(canvas, "bottom", num(c.max.y));
  put(out, "canvas", std::move(canvas));
  JsonValue centre = JsonValue::array();
  centre.items().push_back(num(c.centreX));
  centre.items().push_back(num(c.centreY));
  put(out, "centre", std::move(centre));
  put(out, "scale", num(c.scale));
  JsonValue shown = JsonValue::object();
  put(shown, "xMin", num(visible.xMin));
  put(shown, "xMax", num(visible.xMax));
  put(shown, "yMin", num(visible.yMin));
  put(shown, "yMax", num(visible.yMax));
  put(out, "visible", std::move(shown));
  put(out, "modelRevision", integer(static_cast<std::int64_t>(state.lab.modelRevision)));
  put(out, "guide", guideJson(v.ui));  // panels/param_widgets.hpp
  put(out, "frames", integer(static_cast<std::int64_t>(state.frameCount)));
  // The feature space's 3-D view: its own time in the last frame that drew it (web/bench).
  put(out, "view3dMs", v.ui.view3dMs < 0 ? JsonValue::null() : num(v.ui.view3dMs));
  JsonValue lifted = JsonValue::array();
  for (const ImVec2& p : v.ui.view3dPoints) {
    JsonValue xy = JsonValue::array();
    xy.items().push_back(num(p.x));
    xy.items().push_back(num(p.y));
    lifted.items().push_back(std::move(xy));
  }
  put(out, "view3dPoints", std::move(lifted));
  put(out, "running", boolean(state.lab.playback.running));
  put(out, "step", integer(state.lab.stepCount()));
  JsonValue field = JsonValue::object();
  put(field, "ready", boolean(v.field.ready()));
  put(field, "error", kpg::json::str(v.field.ready() ? "" : "unavailable"));
  put(field, "revision", integer(static_cast<std::int64_t>(image.revision)));
  put(field, "busy", boolean(v.field.busy()));
  put(field, "completed", integer(static_cast<std::int64_t>(s.completed)));
  put(field, "lastRenderMs", num(s.lastRenderMs));
  put(field, "lastRenderFrames", num(s.lastRenderFrames));
  put(field, "width", integer(s.lastWidth));
  put(field, "height", integer(s.lastHeight));
  put(field, "full", boolean(s.lastFull));
  put(field, "terms", num(static_cast<double>(s.lastTerms)));
  put(field, "termsPerFrameBudget", num(s.termsPerFrameBudget));
  put(out, "field", std::move(field));
  JsonValue frame = JsonValue::object();
  put(frame, "cpuMs", num(v.frameCpuMs));
  put(frame, "solverMs", num(v.solverMs));
  put(frame, "fieldMs", num(v.fieldMs));
  put(frame, "uiMs", num(v.uiMs));
  put(frame, "drawMs", num(v.drawMs));
  put(frame, "intervalMs", num(v.frameSeconds * 1000));
  put(frame, "steps", integer(v.stepsLastFrame));
  put(out, "frame", std::move(frame));
  // Live mode and render on change, for the benchmark (web/bench/frame_time.mjs) without the cost
  // of state()'s full JSON.
  JsonValue live = JsonValue::object();
  put(live, "on", boolean(state.lab.live.on));
  put(live, "pending", boolean(state.lab.live.pending));
  put(live, "segments", integer(state.lab.live.segments));
  put(live, "warmStartUpdates", integer(state.lab.live.warmStartUpdates));
  put(live, "status", kpg::json::str(smoStatusName(state.lab.model.status)));
  // The last edit of the points: the action's own time and its problem part (lab_state.hpp
  // EditTimings), and the kernel matrices built from scratch so far (an edit updates in place).
  put(live, "edits", integer(state.lab.editTimings.count));
  put(live, "editMs", num(state.lab.editTimings.actionMs));
  put(live, "editProblemMs", num(state.lab.editTimings.problemMs));
  put(live, "kernelBuilds", integer(state.lab.kernelMatrixBuilds()));
  put(out, "live", std::move(live));
  // The canvas gesture in progress (tests start a drag once the press has been seen on a point).
  const CanvasGesture& g = v.ui.gesture;
  JsonValue gesture = JsonValue::object();
  put(gesture, "active", boolean(g.active));
  put(gesture, "pointIndex", integer(g.pointIndex));
  put(gesture, "moved", boolean(g.moved));
  put(out, "gesture", std::move(gesture));
  JsonValue render = JsonValue::object();
  put(render, "framesRendered", integer(static_cast<std::int64_t>(state.render.framesRendered)));
  put(render, "refreshesSkipped",
      integer(static_cast<std::int64_t>(state.render.refreshesSkipped)));
  put(out, "render", std::move(render));
  std::string& text = jsonBuffer();
  text = writeJson(out);
  return text.c_str();
}

// Asks for a frame at the next display refresh (render on change): for tests that
// wait for frames to be drawn (web/tests/harness.mjs waitFrames) on an otherwise idle page.
EMSCRIPTEN_KEEPALIVE void kpg_request_frame() {
  kpg::app::requestFrame(kpg::app::appState());
}

// For the fault tests only (web/tests/faults.test.mjs): the next display refresh runs
// __builtin_trap() at the start of frame(), a wasm trap like a fault in the frame (reliability audit
// N1), so that the page's handling of it (web/page/faults.js fault(): the error box, kpg.error, the session
// offered as a download and, after a reload, opened with Live off at step 0) can be tested.
EMSCRIPTEN_KEEPALIVE void kpg_trap_next_frame() {
  kpg::app::trapNextFrame = true;
}

// Shows or hides the decision field (the "field f(x)" checkbox), for the benchmark's comparison.
EMSCRIPTEN_KEEPALIVE void kpg_set_field_visible(int visible) {
  kpg::app::view().ui.showField = visible != 0;
  kpg::app::requestFrame(kpg::app::appState());
}

// f read back from the GPU field at the texel nearest (x, y), with the core's CPU value at that
// texel's centre (decisionAt → kpg::decisionValues): {"ok", "gpu", "cpu", "x", "y", "full",
// "current"}. "current" is true when the field shows the lab's current model.
EMSCRIPTEN_KEEPALIVE const char* kpg_field_probe(double x, double y) {
  using namespace kpg::app;
  const AppState& state = appState();
  View& v = view();
  using kpg::json::boolean;
  using kpg::json::integer;
  using kpg::json::num;
  using kpg::json::put;
  JsonValue out = JsonValue::object();
  const auto probe = v.field.probe(x, y);
  put(out, "ok", boolean(probe.has_value()));
  if (probe) {
    const auto cpu = decisionAt(state.lab, probe->x, probe->y);
    const bool current = probe->revision == state.lab.modelRevision && !v.field.busy();
    put(out, "gpu", num(probe->f));
    put(out, "cpu", cpu ? num(*cpu) : JsonValue::null());
    put(out, "x", num(probe->x));
    put(out, "y", num(probe->y));
    put(out, "full", boolean(probe->full));
    put(out, "current", boolean(current));
    put(out, "width", integer(probe->width));
    put(out, "height", integer(probe->height));
  }
  std::string& text = jsonBuffer();
  text = writeJson(out);
  return text.c_str();
}

}  // extern "C"

int main() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  kpg::app::applyAppStyle();  // ui_setup.hpp
  // Frame padding, item spacing, scrollbar and grab sizes: applyTouchSizes, every frame.
  const char* error = nullptr;
  if (!kpg::app::runPlatform(kpg::app::frame, &error)) {
    kpg::app::reportFatal(error);
    return 1;
  }
  return 0;
}
