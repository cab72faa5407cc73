#pragma once
// Tab through the controls with a visible focus. ImGui 1.86's own Tab reaches only text fields, and
// its keyboard navigation would take Space and the arrows from the lab's shortcuts (Step, step
// back). So the app keeps its own focus over the controls ImGui reports (its item hooks,
// IMGUI_ENABLE_TEST_ENGINE: every enabled, visible button, box, slider, field and list of the
// frame, in drawing order):
//   - Tab / Shift+Tab move the focus to the next / previous control (wrapping), shown as a ring;
//   - Space or Enter press the focused control (ImGui::ActivateItem), instead of stepping;
//   - Escape or a mouse click hides the ring: Space and the arrows are the lab's again.
// A text field keeps ImGui's own Tab (to the next field of its panel) while it is being typed in.

#include "data/json_writer.hpp"

#include <imgui.h>

#include <string>
#include <vector>

namespace kpg::app {

struct KeyboardFocus {
  struct Item {
    ImGuiID id = 0;
    ImVec4 rect;  // x0, y0, x1, y1 in CSS pixels
    std::string label;
  };
  std::vector<Item> drawn;    // the last complete frame's controls, in drawing order
  std::vector<Item> drawing;  // this frame's, filled by the item hook
  ImGuiID focused = 0;        // 0: no keyboard focus
  bool visible = false;       // the ring is shown (after Tab, until Escape or a click)
  bool tookKey = false;       // this frame's Space / Enter went to the focused control
};

// Before ImGui::NewFrame: a Tab press outside a typed field is the app's, so ImGui does not also
// tab (it would jump into a text field); true when Tab went down (again, on key repeat).
bool takeTabKey();
// After NewFrame, before the panels draw: the previous frame's controls become the Tab order;
// Tab, Shift+Tab, Space, Enter and Escape are handled (tookKey tells the shortcuts to leave Space
// alone).
void updateKeyboardFocus(KeyboardFocus& focus, bool tabPressed);
// After the panels drew: the ring around the focused control, over everything.
void drawKeyboardFocus(const KeyboardFocus& focus);
// ImGui reports buttons, boxes, sliders and fields by itself, but not its combo boxes: each
// BeginCombo / Combo call site adds its list here, right after the call (`label`: its words).
void comboTabStop(const char* label);

// The focused control for window.kpg's view: {"visible", "label", "rect"}.
JsonValue keyboardFocusJson(const KeyboardFocus& focus);
// [x, y, z, w] of an item's rectangle in CSS pixels.
JsonValue rectJson(const ImVec4& rect);

}  // namespace kpg::app
