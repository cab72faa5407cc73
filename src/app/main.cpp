// The browser application: the platform layer calls frame() once per display refresh; the frame
// builds the UI from the application state and renders it with ImGui's OpenGL ES 3 backend.

#include "app_state.hpp"
#include "js_bridge.hpp"
#include "panels/panels.hpp"
#include "platform.hpp"

#include <GLES3/gl3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace kpg::app {
namespace {

AppState& appState() {
  static AppState state;
  return state;
}

void frame(const FrameInfo& info) {
  AppState& state = appState();
  state.devicePixelRatio = info.devicePixelRatio;
  state.framebufferWidth = info.framebufferWidth;
  state.framebufferHeight = info.framebufferHeight;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  drawAboutPanel(state);
  ImGui::Render();

  glViewport(0, 0, info.framebufferWidth, info.framebufferHeight);
  glClearColor(0.96f, 0.96f, 0.97f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  if (state.frameCount++ == 0) notifyFirstFrame();
}

}  // namespace

const AppState& currentState() {
  return appState();
}

}  // namespace kpg::app

int main() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::StyleColorsLight();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6;
  style.FrameRounding = 4;
  const char* error = nullptr;
  if (!kpg::app::runPlatform(kpg::app::frame, &error)) {
    kpg::app::reportFatal(error);
    return 1;
  }
  return 0;
}
