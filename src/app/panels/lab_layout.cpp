// The window layout, the status bar, the keyboard shortcuts and the UI's action dispatch.
// Dear ImGui 1.86 has no docking, so the windows are placed every frame at fixed rectangles
// relative to the display (1024×768 and up): controls on the left, the canvas large in the
// middle, the pair panel on the right, the dual bars and the convergence plots below, a status
// line at the bottom.

#include "lab/model_view.hpp"
#include "modes/mode_screen.hpp"
#include "panels/lock_ui.hpp"
#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace kpg::app {

Layout computeLayout(ImVec2 display) {
  const float w = std::max(display.x, 320.0f);
  const float h = std::max(display.y, 320.0f);
  const float statusHeight = ImGui::GetFrameHeight() + 8;
  const float left = std::clamp(w * 0.25f, 250.0f, 330.0f);
  const float right = std::clamp(w * 0.25f, 270.0f, 360.0f);
  const float bottom = std::clamp((h - statusHeight) * 0.3f, 190.0f, 280.0f);
  const float top = h - statusHeight - bottom;
  Layout layout;
  layout.controls = {ImVec2(0, 0), ImVec2(left, h - statusHeight)};
  layout.canvas = {ImVec2(left, 0), ImVec2(w - left - right, top)};
  layout.pair = {ImVec2(w - right, 0), ImVec2(right, top)};
  const float dualWidth = (w - left) * 0.42f;
  layout.dual = {ImVec2(left, top), ImVec2(dualWidth, bottom)};
  layout.convergence = {ImVec2(left + dualWidth, top), ImVec2(w - left - dualWidth, bottom)};
  layout.status = {ImVec2(0, h - statusHeight), ImVec2(w, statusHeight)};
  layout.helpAnchor = ImVec2(left, 0);
  return layout;
}

Layout computePhoneLayout(ImVec2 display) {
  const float w = std::max(display.x, 240.0f);
  const float h = std::max(display.y, 320.0f);
  const float statusHeight = ImGui::GetFontSize() + 14;  // one line of text, no buttons
  const float tabsHeight = 48;  // ≥ 44 CSS px: a finger's target (Apple HIG, WCAG 2.5.5)
  // The canvas is the point of the page: as tall as it is wide, up to 58 % of the height.
  const float canvasHeight =
      std::clamp(std::min(w * 1.1f, (h - statusHeight - tabsHeight) * 0.58f), 180.0f, h);
  const float sectionTop = canvasHeight + tabsHeight;
  const float sectionHeight = std::max(h - statusHeight - sectionTop, 120.0f);
  Layout layout;
  layout.phone = true;
  layout.canvas = {ImVec2(0, 0), ImVec2(w, canvasHeight)};
  layout.tabs = {ImVec2(0, canvasHeight), ImVec2(w, tabsHeight)};
  const PanelRect section{ImVec2(0, sectionTop), ImVec2(w, sectionHeight)};
  layout.controls = section;
  layout.pair = section;
  // The plots: the dual's bars over the convergence curves (the modes join the two rectangles
  // side by side: their plots take the dual's, the convergence's is empty).
  layout.dual = {section.pos, ImVec2(w, sectionHeight * 0.45f)};
  layout.convergence = {ImVec2(0, sectionTop + sectionHeight * 0.45f),
                        ImVec2(w, sectionHeight * 0.55f)};
  layout.status = {ImVec2(0, h - statusHeight), ImVec2(w, statusHeight)};
  layout.helpAnchor = ImVec2(w, canvasHeight + 2);
  return layout;
}

void applyTouchSizes(bool phone) {
  // The one place these four sizes are set (main() leaves them): ImGui's defaults with a
  // slightly tighter spacing for a mouse; for a finger, frames 44 CSS px high and a scrollbar a
  // thumb can hold, so every button, slider and field is a target.
  ImGuiStyle& style = ImGui::GetStyle();
  const ImGuiStyle defaults;
  style.FramePadding =
      phone ? ImVec2(8, std::max(3.0f, (44 - ImGui::GetFontSize()) / 2)) : defaults.FramePadding;
  style.ItemSpacing = phone ? ImVec2(8, 8) : ImVec2(6, 5);
  style.ScrollbarSize = phone ? 24 : defaults.ScrollbarSize;
  style.GrabMinSize = phone ? 24 : defaults.GrabMinSize;
}

bool sectionShown(const Layout& layout, const UiState& ui, PhoneSection section) {
  return !layout.phone || ui.phoneSection == section;
}

void drawPhoneTabs(const AppState& state, UiState& ui, const Layout& layout) {
  if (!layout.phone) return;
  ImGui::SetNextWindowPos(layout.tabs.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(layout.tabs.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 2));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(4, 0));
  if (ImGui::Begin("##phone-tabs", nullptr, flags)) {
    // The middle tab is whatever takes the pair panel's place.
    const char* middle = state.exercise.open             ? "Exercise"
                         : state.tutorial.open           ? "Tutorial"
                         : state.modes.mode == Mode::Svm ? "Pair update"
                                                         : "Numbers";
    const struct {
      PhoneSection section;
      const char* label;
      const char* name;
    } tabs[] = {{PhoneSection::Controls, "Controls", "tab.controls"},
                {PhoneSection::Pair, middle, "tab.pair"},
                {PhoneSection::Plots,
                 methodScreen(state.modes.mode).sideView ? "3-D view" : "Plots", "tab.plots"}};
    // The Help button sits at the right end (start_card.cpp): the tabs share the rest.
    const float help = ImGui::CalcTextSize("? Help").x + 24;
    const float width = (ImGui::GetContentRegionAvail().x - help - 8) / 3;
    const float height = layout.tabs.size.y - 4;
    for (const auto& tab : tabs) {
      const bool selected = ui.phoneSection == tab.section;
      if (selected)
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushID(tab.name);
      if (ImGui::Button(tab.label, ImVec2(width, height))) ui.phoneSection = tab.section;
      ImGui::PopID();
      if (selected) ImGui::PopStyleColor();
      markItem(ui, tab.name);
      ImGui::SameLine();
    }
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

void drawStatusBar(LabState& lab, UiState&, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoSavedSettings;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.90f, 0.91f, 0.94f, 1));
  if (ImGui::Begin("##status", nullptr, flags)) {
    const ModelView& m = lab.model;
    const std::int64_t furthest = lab.history ? lab.history->furthest() : 0;
    if (!m.valid) {
      ImGui::Text("%d points · %s", static_cast<int>(lab.pointCount()),
                  lab.problemError ? lab.problemError->message.c_str() : "no solver");
    } else {
      std::string text = "Step " + std::to_string(lab.stepCount());
      if (furthest > lab.stepCount()) text += " of " + std::to_string(furthest);
      const ImVec4 statusColour = m.status == SmoStatus::Converged    ? ImVec4(0.0f, 0.45f, 0.2f, 1)
                                  : m.status == SmoStatus::CapReached ? ImVec4(0.7f, 0.2f, 0.1f, 1)
                                                                      : ImVec4(0.1f, 0.2f, 0.5f, 1);
      ImGui::TextUnformatted(text.c_str());
      // At 1024 px the full wording does not fit on one line: the short forms keep every number;
      // on a phone a segment that fits in neither form is left out rather than cut mid-word.
      const auto segment = [](const std::string& full, const std::string& brief,
                              const ImVec4* colour = nullptr) {
        ImGui::SameLine();
        const float avail = ImGui::GetContentRegionAvail().x;
        const std::string* shown = ImGui::CalcTextSize(full.c_str()).x <= avail    ? &full
                                   : ImGui::CalcTextSize(brief.c_str()).x <= avail ? &brief
                                                                                   : nullptr;
        if (!shown) return;
        if (colour) {
          ImGui::TextColored(*colour, "%s", shown->c_str());
        } else {
          ImGui::TextUnformatted(shown->c_str());
        }
      };
      // The status in a few words when the sentence does not fit (lab/model_view.hpp).
      const std::string brief = briefStatusText(lab);
      const std::string bias = formatShort(m.solution.bias);
      const std::string svs = "│ SVs " + std::to_string(m.supportCount) + " (" +
                              std::to_string(m.freeCount) + " free, " +
                              std::to_string(m.boundCount) + " at C) │ b = " + bias;
      const std::string svsBrief = "│ SVs " + std::to_string(m.supportCount) + " │ b = " + bias;
      // A narrow bar (a phone) says the status in one word, so the numbers after it still fit.
      const float spacing = ImGui::GetStyle().ItemSpacing.x;
      const bool narrow = ImGui::CalcTextSize(m.statusText.c_str()).x +
                              ImGui::CalcTextSize(svsBrief.c_str()).x + 2 * spacing >
                          ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(text.c_str()).x;
      segment(narrow ? brief : m.statusText, brief, &statusColour);
      segment(svs, svsBrief);
      if (m.solution.margin) {
        const std::string margin = formatShort(*m.solution.margin);
        segment("│ margin 1/‖w‖ = " + margin +
                    (lab.params.kernel.type == KernelType::Linear ? "" : " (feature space)"),
                "│ margin " + margin);
      }
      char accuracy[32];
      std::snprintf(accuracy, sizeof accuracy, "%.0f%%", 100.0 * m.trainingAccuracy);
      const std::string undecided =
          m.undecidedCount == 0 ? ""
                                : " (" + std::to_string(m.undecidedCount) + " on f = 0: no class)";
      segment(std::string("│ training accuracy ") + accuracy + undecided,
              std::string("│ train acc. ") + accuracy);
    }
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

void handleShortcuts(LabState& lab, UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || io.KeyAlt) return;  // a typed field keeps its own keys
  if (ui.focus.tookKey) return;  // Space pressed the control Tab reached (keyboard_focus.hpp)
  // DOM keyCodes (platform_web.cpp maps KeysDown by keyCode).
  constexpr int kSpace = 32, kLeft = 37, kRight = 39, kR = 82, kY = 89, kZ = 90;
  if (io.KeyCtrl || io.KeySuper) {
    // Undo / redo the edits of the points (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y; Cmd on a Mac), as
    // the Undo and Redo buttons say. dispatchUi refuses them under a data lock, said once.
    if (ImGui::IsKeyPressed(kZ, true) && !io.KeyShift && !lab.undoStack.empty())
      dispatchUi(lab, ui, action::Undo{});
    else if ((ImGui::IsKeyPressed(kZ, true) && io.KeyShift) || ImGui::IsKeyPressed(kY, true))
      if (!lab.redoStack.empty()) dispatchUi(lab, ui, action::Redo{});
    return;
  }
  // Space and → step forward, Shift+Space and ← step back. Space does not repeat (one press, one
  // step); a held arrow does, at the keyboard's repeat rate, to walk through a run.
  const bool space = ImGui::IsKeyPressed(kSpace, false);
  const bool back = (space && io.KeyShift) || ImGui::IsKeyPressed(kLeft, true);
  const bool forward = (space && !io.KeyShift) || ImGui::IsKeyPressed(kRight, true);
  if (back) {
    dispatchUi(lab, ui, action::StepBack{1});
  } else if (forward) {
    dispatchUi(lab, ui, action::Step{1});
  }
  if (ImGui::IsKeyPressed(kR, false)) {
    if (lab.playback.running) {
      dispatchUi(lab, ui, action::Pause{});
    } else {
      dispatchUi(lab, ui, action::Run{});
    }
  }
}

void dispatchUi(LabState& lab, const UiState& ui, const LabAction& action) {
  // A course page's locks (session/page_settings.hpp): a locked control is drawn disabled; a
  // shortcut or a click on the canvas that would change it is refused here, said once.
  if (auto locked = lockedError(ui.locks, lab, action)) {
    if (lab.notices.empty() || lab.notices.back().text != *locked)
      postNotice(lab, NoticeKind::Warning, *locked);
    return;
  }
  // Errors are posted as notices by apply() (postErrors = true) and shown above the canvas.
  (void)apply(lab, action, true);
}

}  // namespace kpg::app
