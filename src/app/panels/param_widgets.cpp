// Number widgets, tooltips and the class chips shared by the lab and the methods
// (param_widgets.hpp).

#include "panels/param_widgets.hpp"

#include "data/json_text.hpp"
#include "data/number_text.hpp"
#include "panels/plot.hpp"

#include <imgui_internal.h>  // BringWindowToDisplayFront: title-bar toggles float over their panel

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kpg::app {
namespace {

// The typed field shared by the slider and the stepper. The text being edited lives in UiState
// (one field is edited at a time), so that leaving the field by Enter, Tab or a click commits it.
bool typedField(LabState& lab, UiState& ui, const std::string& name, double& value,
                const ParamRange& range, float width) {
  const ImGuiID id = ImGui::GetID("##typed");
  const bool mine = ui.typedId == id;
  const std::string shown = mine ? ui.typedText : formatDisplay(value, range.integer ? 12 : 6);
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%s", shown.c_str());
  ImGui::SetNextItemWidth(width);
  if (ImGui::InputText("##typed", buffer, sizeof buffer, ImGuiInputTextFlags_AutoSelectAll)) {
    ui.typedId = id;
    ui.typedText = buffer;
  }
  markItem(ui, name + ".field");
  bool changed = false;
  if (ImGui::IsItemDeactivated() && ui.typedId == id) {
    const TypedValue typed = parseTypedValue(range, ui.typedText);
    ui.typedId = 0;
    ui.typedText.clear();
    if (!typed.message.empty()) {
      postNotice(lab, typed.ok ? NoticeKind::Warning : NoticeKind::Error, typed.message);
    }
    if (typed.ok && typed.value != value) {
      value = typed.value;
      changed = true;
    }
  }
  const std::string hint =
      std::string("Type ") + range.symbol + " (" + rangeText(range) + ") and press Enter or Tab";
  tip(ui, hint.c_str());
  return changed;
}

float fieldWidth() {
  return ImGui::GetFontSize() * 4.6f;
}

void labelAfter(UiState& ui, const char* label, const char* tooltip) {
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(label);
  tip(ui, tooltip);
}

bool chip(const char* text, bool selected, ImU32 colour) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  const ImVec4 pale(c.x * 0.25f + 0.75f, c.y * 0.25f + 0.75f, c.z * 0.25f + 0.75f, 1);
  ImGui::PushStyleColor(ImGuiCol_Button, selected ? c : pale);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, selected ? c : ImVec4(c.x, c.y, c.z, 0.6f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, c);
  ImGui::PushStyleColor(ImGuiCol_Text, selected ? ImVec4(1, 1, 1, 1) : ImVec4(0.1f, 0.1f, 0.1f, 1));
  const bool pressed = ImGui::Button(text, ImVec2(ImGui::GetFontSize() * 5.2f, 0));
  ImGui::PopStyleColor(4);
  return pressed;
}

bool toolButton(const char* text, bool selected) {
  if (selected)
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  const bool pressed = ImGui::Button(text);
  if (selected) ImGui::PopStyleColor();
  return pressed;
}

}  // namespace

float titleBarToggleWidth(const char* label) {
  return ImGui::CalcTextSize(label).x + 18;  // FramePadding.x 8 on each side, and a margin
}

bool titleBarToggle(UiState& ui, const char* item, const char* windowId, const char* label,
                    ImVec2 right, ImVec4 colour, ImVec4 hovered, const char* tooltip) {
  const float width = titleBarToggleWidth(label);
  ImGui::SetNextWindowPos(ImVec2(right.x - width, right.y), ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoBackground;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8, 1));
  bool pressed = false;
  if (ImGui::Begin(windowId, nullptr, flags)) {
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    ImGui::PushStyleColor(ImGuiCol_Button, colour);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, hovered);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
    pressed = ImGui::Button(label);
    markItem(ui, item);
    ImGui::PopStyleColor(3);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  return pressed;
}

void tip(UiState& ui, const char* text) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
  ui.tooltip = text;
  ui.tooltipFrame = ImGui::GetFrameCount();
}

void markItem(UiState& ui, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.itemRects[name] = UiState::ItemRect{ImVec4(a.x, a.y, b.x, b.y), ImGui::GetFrameCount()};
}

bool paramSlider(LabState& lab, UiState& ui, const char* label, double& value,
                 const ParamRange& range, const char* tooltip) {
  ImGui::PushID(label);
  // One group, so the item rectangle after the call (a lock's, lock_ui.hpp) is the whole row.
  ImGui::BeginGroup();
  const std::vector<double> ladder = sliderLadder(range);
  int position = ladderPosition(ladder, range, value);
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const float labelWidth = std::max(ImGui::CalcTextSize(label).x, ImGui::GetFontSize() * 1.2f);
  const float sliderWidth =
      std::max(ImGui::GetFontSize() * 3,
               ImGui::GetContentRegionAvail().x - fieldWidth() - labelWidth - 2 * spacing);
  // The slider shows where the value sits in the range; the typed field shows the value.
  const std::string format = std::string(range.logarithmic ? "log " : "") + range.symbol;
  ImGui::SetNextItemWidth(sliderWidth);
  bool changed = false;
  if (ImGui::SliderInt("##slider", &position, 0, static_cast<int>(ladder.size()) - 1,
                       format.c_str(), ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput)) {
    const double rung = ladder[static_cast<std::size_t>(position)];
    if (rung != value) {
      value = rung;
      changed = true;
    }
  }
  markItem(ui, std::string(label) + ".slider");
  tip(ui, tooltip);
  ImGui::SameLine(0, spacing);
  changed = typedField(lab, ui, label, value, range, fieldWidth()) || changed;
  labelAfter(ui, label, tooltip);
  ImGui::EndGroup();
  ImGui::PopID();
  return changed;
}

bool paramStepper(LabState& lab, UiState& ui, const char* label, double& value,
                  const ParamRange& range, double step, const char* tooltip) {
  ImGui::PushID(label);
  ImGui::BeginGroup();  // one item rectangle for the row, as paramSlider
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  bool changed = false;
  const auto stepBy = [&](double delta) {
    // Multiples of the step, so 0.15 − 0.05 reads 0.1 (not 0.09999999999999999).
    const double next = std::clamp(std::round((value + delta) / step) * step, range.min, range.max);
    if (next != value) {
      value = next;
      changed = true;
    }
  };
  ImGui::PushButtonRepeat(true);
  if (ImGui::Button("−", ImVec2(ImGui::GetFrameHeight(), 0))) stepBy(-step);
  markItem(ui, std::string(label) + ".minus");
  const std::string down = std::string(range.symbol) + " − " + formatDisplay(step, 6);
  tip(ui, down.c_str());
  ImGui::SameLine(0, spacing);
  changed = typedField(lab, ui, label, value, range, fieldWidth()) || changed;
  ImGui::SameLine(0, spacing);
  if (ImGui::Button("+", ImVec2(ImGui::GetFrameHeight(), 0))) stepBy(step);
  markItem(ui, std::string(label) + ".plus");
  const std::string up = std::string(range.symbol) + " + " + formatDisplay(step, 6);
  tip(ui, up.c_str());
  ImGui::PopButtonRepeat();
  labelAfter(ui, label, tooltip);
  ImGui::EndGroup();
  ImGui::PopID();
  return changed;
}

bool paramSlider(LabState& lab, UiState& ui, ParamId id, double& value) {
  const ParameterSpec& p = parameter(id);
  return paramSlider(lab, ui, p.label, value, controlRange(id), p.help);
}

bool paramStepper(LabState& lab, UiState& ui, ParamId id, double& value, double step) {
  const ParameterSpec& p = parameter(id);
  return paramStepper(lab, ui, p.label, value, controlRange(id), step, p.help);
}

void drawClassChips(UiState& ui, bool showPan) {
  ImGui::TextUnformatted("Click adds:");
  tip(ui, "A click on the canvas adds a point of the chosen class y = +1 or y = −1.");
  ImGui::SameLine();
  if (chip("class +1", ui.currentClass > 0 && ui.tool == CanvasTool::AddMove, plot::kPositive)) {
    ui.currentClass = 1;
    ui.tool = CanvasTool::AddMove;
  }
  markItem(ui, "class+1");
  tip(ui, "Add points of class y = +1 (shift-click adds +1 whatever the chip).");
  ImGui::SameLine();
  if (chip("class −1", ui.currentClass < 0 && ui.tool == CanvasTool::AddMove, plot::kNegative)) {
    ui.currentClass = -1;
    ui.tool = CanvasTool::AddMove;
  }
  markItem(ui, "class-1");
  tip(ui, "Add points of class y = −1.");
  if (toolButton("Add / move", ui.tool == CanvasTool::AddMove)) ui.tool = CanvasTool::AddMove;
  tip(ui, "Click: add a point of the chosen class. Drag a point: move it.");
  ImGui::SameLine();
  if (toolButton("Erase", ui.tool == CanvasTool::Erase)) ui.tool = CanvasTool::Erase;
  tip(ui, "Click or drag over points to delete them (a long press deletes too).");
  if (showPan) {
    ImGui::SameLine();
    if (toolButton("Pan", ui.tool == CanvasTool::Pan)) ui.tool = CanvasTool::Pan;
    tip(ui, "Drag to move the view; the wheel or a pinch zooms.");
  }
}

JsonValue guideJson(const UiState& ui) {
  using json::boolean;
  using json::num;
  using json::put;
  // The tooltip of the last frame drawn (what is on screen now).
  const bool tipShown = !ui.tooltip.empty() && ImGui::GetCurrentContext() &&
                        ImGui::GetFrameCount() == ui.tooltipFrame;
  JsonValue out = JsonValue::object();
  put(out, "tooltip", json::str(tipShown ? ui.tooltip : std::string()));
  JsonValue card = JsonValue::object();
  put(card, "open", boolean(ui.startCardOpen));
  JsonValue cardRect = JsonValue::array();
  for (const float v : ui.startCardRect) cardRect.items().push_back(num(v));
  put(card, "rect", std::move(cardRect));
  put(out, "startCard", std::move(card));
  JsonValue cursor = JsonValue::object();
  put(cursor, "inside", boolean(ui.cursor.inside));
  put(cursor, "x1", num(ui.cursor.x1));
  put(cursor, "x2", num(ui.cursor.x2));
  put(cursor, "hasF", boolean(ui.cursor.hasF));
  put(cursor, "f", num(ui.cursor.f));
  put(out, "cursor", std::move(cursor));
  JsonValue items = JsonValue::object();
  for (const auto& [name, item] : ui.itemRects) {
    if (ImGui::GetFrameCount() - item.frame > 2) continue;
    put(items, name, rectJson(item.rect));
  }
  put(out, "items", std::move(items));
  put(out, "focus", keyboardFocusJson(ui.focus));
  put(out, "currentClass", json::integer(ui.currentClass));
  put(out, "colourBar", boolean(ui.colourBarShown));
  JsonValue linear = JsonValue::object();
  put(linear, "shown", boolean(ui.linearShown));
  JsonValue w = JsonValue::array();
  w.items().push_back(num(ui.linearW[0]));
  w.items().push_back(num(ui.linearW[1]));
  put(linear, "w", std::move(w));
  put(linear, "margin", num(ui.linearMargin));
  put(linear, "width", num(ui.linearWidth));
  put(out, "linear", std::move(linear));
  return out;
}

}  // namespace kpg::app
