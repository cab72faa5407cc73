#include "native_host.hpp"

#include "exercises/exercise_panel.hpp"
#include "frame_ui.hpp"
#include "js_bridge.hpp"
#include "panels/keyboard_focus.hpp"
#include "platform.hpp"
#include "ui_setup.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cstdlib>
#include <fstream>

#ifndef KPG_NATIVE_FONT
#define KPG_NATIVE_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif

namespace kpg::app {
namespace {

NativeHost* current = nullptr;  // the one host (native_host.hpp)

NativeHost& host() {
  if (current == nullptr) std::abort();  // a panel drawn with no host: a test's own error
  return *current;
}

}  // namespace

ImFontAtlas* sharedFontAtlas(float devicePixelRatio) {
  static ImFontAtlas* atlas = [devicePixelRatio] {
    auto* fonts = new ImFontAtlas();  // for the process: hosts come and go, the atlas stays
    ImFontConfig config;
    config.OversampleH = 2;
    ImFont* font = nullptr;
    if (std::ifstream(KPG_NATIVE_FONT).good()) {
      font = fonts->AddFontFromFileTTF(KPG_NATIVE_FONT, kFontSizeCss * devicePixelRatio, &config,
                                       uiGlyphRanges());
    }
    if (font == nullptr) fonts->AddFontDefault();
    fonts->Build();
    return fonts;
  }();
  return atlas;
}

NativeHost::NativeHost(const NativeHostOptions& options, ImFontAtlas* fonts)
    : state_(std::make_unique<AppState>()), startCardSeen_(!options.firstVisit) {
  if (current != nullptr) std::abort();  // one host at a time
  current = this;
  router_ = std::make_unique<ActionRouter>(makeAppRouter(*state_));
  context_ = ImGui::CreateContext(fonts != nullptr ? fonts : sharedFontAtlas());
  ImGui::SetCurrentContext(context_);
  applyAppStyle();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing written to disk
  io.LogFilename = nullptr;
  mapDomKeys(io);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  resize(options.width, options.height, options.devicePixelRatio);
}

NativeHost::~NativeHost() {
  ImGui::DestroyContext(context_);
  current = nullptr;
}

std::string NativeHost::dispatch(const std::string& json) {
  const std::string answer = router_->dispatchJson(json);
  requestFrame(*state_);
  return answer;
}

void NativeHost::mouseMove(float x, float y) {
  ImGui::GetIO().MousePos = ImVec2(x, y);
}

void NativeHost::mouseButton(int button, bool down) {
  if (button >= 0 && button < 5) ImGui::GetIO().MouseDown[button] = down;
}

void NativeHost::wheel(float dx, float dy) {
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH += dx;
  io.MouseWheel += dy;
}

void NativeHost::key(int domKeyCode, bool down) {
  if (domKeyCode >= 0 && domKeyCode < 512) ImGui::GetIO().KeysDown[domKeyCode] = down;
}

void NativeHost::modifiers(bool ctrl, bool shift, bool alt, bool meta) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeyAlt = alt;
  io.KeySuper = meta;
}

void NativeHost::text(const std::string& utf8) {
  ImGui::GetIO().AddInputCharactersUTF8(utf8.c_str());
}

void NativeHost::resize(float width, float height, float devicePixelRatio) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, height);
  io.DisplayFramebufferScale = ImVec2(devicePixelRatio, devicePixelRatio);
  state_->devicePixelRatio = devicePixelRatio;
  state_->framebufferWidth = static_cast<int>(width * devicePixelRatio);
  state_->framebufferHeight = static_cast<int>(height * devicePixelRatio);
}

int NativeHost::frame(double seconds) {
  ImGuiIO& io = ImGui::GetIO();
  // As main.cpp's frame(), without the decision field's GL render and ImGui's GL backend.
  io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  io.DeltaTime = static_cast<float>(seconds > 0 ? seconds : 1.0 / 60.0);
  timeSeconds += static_cast<double>(io.DeltaTime);
  ui_.nowSeconds = timeSeconds;
  ui_.devicePixelRatio = state_->devicePixelRatio;
  ui_.pinch = takePinchDelta();
  ui_.hoverIndex = ui_.hoverNext;
  ui_.hoverNext = -1;
  advanceFrame(*state_, static_cast<double>(io.DeltaTime), 2.0);
  prepareFrameUi(*state_);
  const bool tabPressed = takeTabKey();
  ImGui::NewFrame();
  buildFrameUi(*state_, ui_, tabPressed);
  ImGui::Render();
  ++state_->frameCount;
  ++state_->render.framesRendered;
  const ImDrawData* draw = ImGui::GetDrawData();
  return draw != nullptr ? draw->TotalVtxCount : 0;
}

// ---- What the browser build's platform_web.cpp, js_bridge.cpp and main.cpp define ----------

bool startCardSeen() {
  return host().startCardSeen_;
}

void rememberStartCardSeen() {
  host().startCardSeen_ = true;
}

PinchDelta takePinchDelta() {
  PinchDelta delta = host().pinch_;
  host().pinch_ = PinchDelta();
  return delta;
}

void loadFonts(float) {}  // the host's atlas is built once (sharedFontAtlas)

const AppState& currentState() {
  return host().state();
}

AppState& mutableState() {
  return host().state();
}

const UiState& currentUi() {
  return host().ui();
}

UiState& mutableUi() {
  return host().ui();
}

const char* returnedText(std::string text) {
  std::string& buffer = mutableState().returnedText;
  buffer = std::move(text);
  return buffer.c_str();
}

void notifyFirstFrame() {}

void reportFatal(const char* message) {
  host().requests.push_back(std::string("fatal:") + (message ? message : ""));
}

void requestSessionExport() {
  host().requests.emplace_back("export-session");
}

void requestSessionImport() {
  host().requests.emplace_back("import-session");
}

void requestPngExport() {
  host().requests.emplace_back("export-png");
}

void requestShareLink() {
  host().requests.emplace_back("share-link");
}

void requestFiles(const char* what) {
  host().requests.push_back(std::string("files:") + (what ? what : ""));
}

void requestExercisePageAction(const char* what) {
  host().requests.push_back(std::string("exercise:") + (what ? what : ""));
}

void reportReplayProgress(const LabState&) {}

void reportStepWords(AppState&, double) {}

}  // namespace kpg::app
