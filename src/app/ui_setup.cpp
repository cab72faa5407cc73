#include "ui_setup.hpp"

#include <imgui_internal.h>  // ImGuiContext::TestEngineHookItems: the item hooks of keyboard_focus

namespace kpg::app {

void mapDomKeys(ImGuiIO& io) {
  io.KeyMap[ImGuiKey_Tab] = 9;
  io.KeyMap[ImGuiKey_LeftArrow] = 37;
  io.KeyMap[ImGuiKey_RightArrow] = 39;
  io.KeyMap[ImGuiKey_UpArrow] = 38;
  io.KeyMap[ImGuiKey_DownArrow] = 40;
  io.KeyMap[ImGuiKey_PageUp] = 33;
  io.KeyMap[ImGuiKey_PageDown] = 34;
  io.KeyMap[ImGuiKey_Home] = 36;
  io.KeyMap[ImGuiKey_End] = 35;
  io.KeyMap[ImGuiKey_Insert] = 45;
  io.KeyMap[ImGuiKey_Delete] = 46;
  io.KeyMap[ImGuiKey_Backspace] = 8;
  io.KeyMap[ImGuiKey_Space] = 32;
  io.KeyMap[ImGuiKey_Enter] = 13;
  io.KeyMap[ImGuiKey_Escape] = 27;
  io.KeyMap[ImGuiKey_KeyPadEnter] = 13;
  io.KeyMap[ImGuiKey_A] = 65;
  io.KeyMap[ImGuiKey_C] = 67;
  io.KeyMap[ImGuiKey_V] = 86;
  io.KeyMap[ImGuiKey_X] = 88;
  io.KeyMap[ImGuiKey_Y] = 89;
  io.KeyMap[ImGuiKey_Z] = 90;
}

const ImWchar* uiGlyphRanges() {
  // Latin, Greek (α, β, γ, η, λ, ξ, σ), sub/superscripts (α₁, x²), arrows, math operators
  // (Σ, √, ≤, ‖, ∞): the course's notation, shown as the notes write it. Also the subscripts ᵢ,
  // ⱼ (αᵢ, Gⱼ), box-drawing separators and the ⚠ ✓ ✕ notice marks, ᵀ, ⅜ ⅝ and ⟨ ⟩.
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x1D2C, 0x1D6A, 0x2000, 0x206F,
                                   0x2070, 0x209F, 0x2150, 0x215F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                   0x2300, 0x23FF, 0x2500, 0x257F, 0x25A0, 0x25FF, 0x26A0, 0x26A0,
                                   0x2713, 0x2716, 0x27E8, 0x27E9, 0x2C7C, 0x2C7C, 0};
  return ranges;
}

void applyAppStyle() {
  // The item hooks feed the app's Tab order (panels/keyboard_focus.hpp).
  ImGui::GetCurrentContext()->TestEngineHookItems = true;
  ImGui::StyleColorsLight();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0;
  style.FrameRounding = 4;
  style.WindowPadding = ImVec2(8, 6);
}

}  // namespace kpg::app
