#include "panels/panels.hpp"
#include "version.hpp"

#include <imgui.h>

namespace kpg::app {

void drawAboutPanel(AppState& state) {
  if (!state.showAbout) return;
  ImGui::SetNextWindowPos(ImVec2(24, 24), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(420, 0), ImGuiCond_FirstUseEver);
  if (ImGui::Begin(kProductName, &state.showAbout)) {
    ImGui::TextUnformatted(kProductName);
    ImGui::TextDisabled("version %s", kVersion);
    ImGui::Separator();
    ImGui::TextWrapped(
        "Learn kernel methods and Support Vector Machines: place points, pick a kernel "
        "k(x, x′), and watch SMO solve the dual one pair update at a time.");
    ImGui::Spacing();
    ImGui::Text("Display: %d × %d device pixels, %.2f per CSS pixel", state.framebufferWidth,
                state.framebufferHeight, state.devicePixelRatio);
  }
  ImGui::End();
}

}  // namespace kpg::app
