#include "panels/keyboard_focus.hpp"

#include "data/json_text.hpp"
#include "js_bridge.hpp"
#include "panels/panels.hpp"
#include "panels/plot.hpp"

#include <imgui_internal.h>

#include <algorithm>

namespace kpg::app {

bool takeTabKey() {
  ImGuiIO& io = ImGui::GetIO();
  const int tab = io.KeyMap[ImGuiKey_Tab];
  if (tab < 0 || tab >= static_cast<int>(sizeof io.KeysDown) || io.WantTextInput) return false;
  // The platform sets the key down on every keydown event (repeats included) and up on keyup:
  // cleared here, each event counts once.
  const bool pressed = io.KeysDown[tab];
  io.KeysDown[tab] = false;
  return pressed;
}

void updateKeyboardFocus(KeyboardFocus& focus, bool tabPressed) {
  focus.drawn.swap(focus.drawing);
  focus.drawing.clear();
  focus.tookKey = false;
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  // A click hides the ring (the pointer is in use); a field being typed in keeps ImGui's Tab.
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) focus.visible = false;
  if (io.WantTextInput) {
    if (g.ActiveId != 0) focus.focused = g.ActiveId;
    return;
  }
  if (io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    focus.visible = false;
    return;
  }
  const auto& items = focus.drawn;
  if (tabPressed && !items.empty()) {
    const auto at = std::find_if(items.begin(), items.end(), [&](const KeyboardFocus::Item& i) {
      return i.id == focus.focused;
    });
    const long n = static_cast<long>(items.size());
    long index = at == items.end() ? (io.KeyShift ? n - 1 : 0)
                                   : (at - items.begin()) + (io.KeyShift ? -1 : 1);
    // The first Tab shows the ring on the control that has the focus, if it is still there.
    if (!focus.visible && at != items.end()) index = at - items.begin();
    focus.focused = items[static_cast<std::size_t>((index % n + n) % n)].id;
    focus.visible = true;
    return;
  }
  if (!focus.visible || focus.focused == 0) return;
  const bool space = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false);
  const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  const bool present = std::any_of(items.begin(), items.end(), [&](const KeyboardFocus::Item& i) {
    return i.id == focus.focused;
  });
  if ((space || enter) && present) {
    // Pressed as by the mouse: a button runs, a box toggles, a list opens, a field takes text.
    ImGui::ActivateItem(focus.focused);
    focus.tookKey = true;
  }
}

void drawKeyboardFocus(const KeyboardFocus& focus) {
  if (!focus.visible || focus.focused == 0) return;
  for (const KeyboardFocus::Item& item : focus.drawing) {
    if (item.id != focus.focused) continue;
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const ImVec2 a(item.rect.x - 3, item.rect.y - 3), b(item.rect.z + 3, item.rect.w + 3);
    draw->AddRect(a, b, IM_COL32(255, 255, 255, 255), 4, 0, 5.0f);
    draw->AddRect(a, b, IM_COL32(20, 20, 20, 255), 4, 0, 2.5f);
    return;
  }
}

void comboTabStop(const char* label) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiLastItemData& last = g.LastItemData;
  if (last.ID == 0 || !ImGui::IsItemVisible() || (last.InFlags & ImGuiItemFlags_Disabled)) return;
  auto& items = mutableUi().focus.drawing;
  for (const KeyboardFocus::Item& i : items) {
    if (i.id == last.ID) return;
  }
  items.push_back(
      {last.ID, ImVec4(last.Rect.Min.x, last.Rect.Min.y, last.Rect.Max.x, last.Rect.Max.y), label});
}

JsonValue rectJson(const ImVec4& rect) {
  JsonValue out = JsonValue::array();
  for (const float v : {rect.x, rect.y, rect.z, rect.w}) out.items().push_back(json::num(v));
  return out;
}

JsonValue keyboardFocusJson(const KeyboardFocus& focus) {
  JsonValue out = JsonValue::object();
  json::put(out, "visible", json::boolean(focus.visible));
  for (const KeyboardFocus::Item& item : focus.drawn) {
    if (item.id != focus.focused) continue;
    json::put(out, "label", json::str(item.label));
    json::put(out, "rect", rectJson(item.rect));
  }
  json::put(out, "controls", json::integer(static_cast<std::int64_t>(focus.drawn.size())));
  return out;
}

}  // namespace kpg::app

// ImGui's item hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE): every widget that takes input
// reports itself here once it is drawn and not clipped.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label,
                                  ImGuiItemStatusFlags) {
  if (ctx == nullptr || id == 0) return;
  const ImGuiLastItemData& last = ctx->LastItemData;
  if (last.ID != id || (last.InFlags & (ImGuiItemFlags_Disabled | ImGuiItemFlags_NoNav))) return;
  const ImRect& r = last.Rect;
  if (r.GetWidth() <= 0 || r.GetHeight() <= 0) return;
  // Text after "##" is an id, not words on screen; a control without words is named by it.
  std::string text = label ? label : "";
  const std::size_t hidden = text.find("##");
  if (hidden != std::string::npos) {
    const std::size_t named = text.find_first_not_of('#');
    text = hidden > 0                   ? text.substr(0, hidden)
           : named == std::string::npos ? ""
                                        : text.substr(named);
  }
  kpg::app::mutableUi().focus.drawing.push_back(
      {id, ImVec4(r.Min.x, r.Min.y, r.Max.x, r.Max.y), std::move(text)});
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
  return nullptr;
}
