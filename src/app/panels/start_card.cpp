// The start card and its Help button (start_card.hpp). The words follow the notes: α, C, γ, the
// decision function f(x) = Σ αᵢyᵢ k(xᵢ, x) + b, the margin hyperplanes f = ±1 (course-notes 000,
// 001 Q7).

#include "panels/start_card.hpp"

#include "modes/mode_screen.hpp"
#include "modes/mode_state.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "platform.hpp"

#include <algorithm>
#include <string>

namespace kpg::app {
namespace {

void bullet(const char* number, const char* text) {
  ImGui::TextColored(ImVec4(0.15f, 0.25f, 0.45f, 1), "%s", number);
  ImGui::SameLine();
  ImGui::TextWrapped("%s", text);
}

void close(UiState& ui) {
  ui.startCardOpen = false;
  ui.startCardFirstVisit = false;
  rememberStartCardSeen();
}

// The first-visit card is for the plain page. A course page's frame (embed), a shared link, an
// exercise or a locked page shows someone's set-up: the card would cover it (taller than a 440 px
// frame) with suggestions that do not fit it.
bool firstVisitCardBelongs(const AppState& state) {
  return !state.page.embed && !state.page.locks.any() && !state.exercise.open &&
         !state.openedShareLink;
}

float helpButtonWidth() {
  return ImGui::CalcTextSize("? Help").x + ImGui::GetStyle().FramePadding.x * 2;
}

}  // namespace

const char* titleBesideHelp(const char* full, const char* brief, float panelWidth) {
  const ImGuiStyle& style = ImGui::GetStyle();
  // CalcTextSize with hide_text_after_double_hash stops at "##" (so at "###"). The 4 px: the
  // button's offset from the panel's edge (drawStartCard).
  const float title = ImGui::CalcTextSize(full, nullptr, true).x + style.FramePadding.x * 2;
  return title + helpButtonWidth() + 4 + style.ItemSpacing.x <= panelWidth ? full : brief;
}

void drawStartCard(AppState& state, UiState& ui, const Layout& layout) {
  if (!ui.startCardLoaded) {
    ui.startCardLoaded = true;
    ui.startCardOpen = !startCardSeen();
    ui.startCardFirstVisit = ui.startCardOpen;
  }
  // Such a page may be set up after the first frame (the address and the link are read once the
  // app runs): the card then closes without being remembered, so a plain visit still shows it.
  if (ui.startCardOpen && ui.startCardFirstVisit && !firstVisitCardBelongs(state)) {
    ui.startCardOpen = false;
    ui.startCardFirstVisit = false;
  }
  // The Help button: at the right end of the controls' title bar, on every screen (the lab and
  // the methods share that window's place); on a phone at the right end of the section tabs.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float buttonWidth = helpButtonWidth();
  ImGui::SetNextWindowPos(ImVec2(layout.helpAnchor.x - buttonWidth - 4, layout.helpAnchor.y + 1),
                          ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0);
  const ImGuiWindowFlags bare = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                ImGuiWindowFlags_NoSavedSettings |
                                ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoBackground;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  if (ImGui::Begin("##help", nullptr, bare)) {
    // The title bar's height; on a phone the tabs' (a finger's target).
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0));
    const ImVec2 size(0, layout.phone ? layout.tabs.size.y - 4 : 0);
    if (ImGui::Button("? Help", size)) {
      ui.startCardOpen = !ui.startCardOpen;
      ui.startCardFirstVisit = false;
    }
    ImGui::PopStyleVar();
    markItem(ui, "help");
    tip(ui, "What this screen shows, three things to try, and the tutorials.");
  }
  ImGui::End();
  ImGui::PopStyleVar();
  if (!ui.startCardOpen) return;

  const float width = std::min(560.0f, display.x - 24);
  // Never taller than the screen or the frame it is in (it scrolls instead), and centred where it
  // then fits whole.
  const float maxHeight = std::max(120.0f, display.y - 24);
  const bool short_ = display.y < 700;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y * (short_ ? 0.5f : 0.42f)),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);  // height 0: fit the text
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, maxHeight));
  ImGui::SetNextWindowFocus();
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(1, 1, 1, 0.98f));
  bool open = true;
  if (ImGui::Begin("Welcome to Kernel Playground###startcard", &open, flags)) {
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    ui.startCardRect[0] = at.x;
    ui.startCardRect[1] = at.y;
    ui.startCardRect[2] = at.x + size.x;
    ui.startCardRect[3] = at.y + size.y;
    // Esc closes it, as a dialog does (the keyboard's way out besides Tab to its buttons).
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) open = false;
    ImGui::PushTextWrapPos(0);
    ImGui::TextWrapped(
        "A support vector machine trained before your eyes by SMO, one pair of multipliers at a "
        "time, on points you can edit.");
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.15f, 0.25f, 0.45f, 1), "What the screen shows");
    // A phone shows the same panels in one column (lab_layout.cpp computePhoneLayout): the card
    // says where they are there, and speaks of taps.
    const bool phone = layout.phone;
    if (phone) {
      ImGui::TextWrapped(
          "Top: the points (class +1 and class −1), the decision function "
          "f(x) = Σ αᵢyᵢ k(xᵢ, x) + b as a colour field with its colour bar, the boundary f = 0 "
          "and the margins f = ±1. Under it, three tabs: Controls (the method, the SMO solver's "
          "Step / Run, the data and the model: kernel k, γ, C), Pair update (the last pair "
          "update: which αᵢ, αⱼ, and why) and Plots (one bar per αᵢ in the box [0, C], and the "
          "objectives converging). Points are numbered from 1, as in the notes.");
    } else {
      ImGui::TextWrapped(
          "Left: the method, the SMO solver's Step / Run, the data and the model (kernel k, γ, "
          "C). Middle: the points (class +1 and class −1), the decision function "
          "f(x) = Σ αᵢyᵢ k(xᵢ, x) + b as a colour field with its colour bar, the boundary f = 0 "
          "and the margins f = ±1. Right: the last pair update (which αᵢ, αⱼ, and why). Below: "
          "one bar per αᵢ in the box [0, C], and the objectives converging. Points are numbered "
          "from 1, as in the notes.");
    }
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.15f, 0.25f, 0.45f, 1), "Three things to try");
    // Only the gestures and the places differ between a phone and a screen.
    const std::string stepHow = phone ? "tap Step ▶" : "press Step ▶ (Space)";
    const std::string barsWhere = phone ? "the α bars (Plots)" : "the α bars";
    const std::string helpWhere =
        phone ? "right of the tabs" : "top left, in the controls' title bar";
    bullet("1.", ("Hand-solved (notes 001, Q7): " + stepHow +
                  " until it converges, and check "
                  "α₁ = ¼, α₂ = ⅜, α₃ = ⅝ in " +
                  barsWhere +
                  " and w = (1, ½), m = 1/‖w‖ under "
                  "the canvas.")
                     .c_str());
    bullet("2.",
           "Two moons with the RBF kernel: drag γ from 0.1 to 100 (or type it) and watch the "
           "boundary go from nearly straight to islands around single points.");
    bullet("3.", (std::string(phone ? "Tap" : "Click") +
                  " the canvas to add a point of the chosen class, or drag one: with Live on, SMO "
                  "re-converges and the boundary follows.")
                     .c_str());
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.15f, 0.25f, 0.45f, 1), "The way in");
    ImGui::TextWrapped(
        "The tutorials walk through the course notes' worked examples page by page, "
        "on the notes' points or yours. %s; Help (%s) opens this card again.",
        phone ? "A tap on a control also shows what it means"
              : "Hover any control for what it means",
        helpWhere.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    if (ImGui::Button("Open the tutorials")) {
      if (state.modes.mode != Mode::Svm) {
        JsonValue action = JsonValue::object();
        json::put(action, "type", json::str("setMode"));
        json::put(action, "mode", json::str("svm"));
        sendModeAction(state.modes, state.lab, action);
      }
      state.tutorial.open = true;
      ui.phoneSection = PhoneSection::Pair;  // on a phone the tutorial is that tab
      close(ui);
    }
    markItem(ui, "startCard.tutorials");
    tip(ui, "The worked examples of the course notes, with Try it buttons that load them here.");
    ImGui::SameLine();
    if (ImGui::Button("Start exploring")) close(ui);
    markItem(ui, "startCard.close");
    tip(ui, ("Close this card (Help, " + std::string(phone ? "right of the tabs" : "top left") +
             ", opens it again).")
                .c_str());
  }
  ImGui::End();
  ImGui::PopStyleColor();
  if (!open) close(ui);
}

}  // namespace kpg::app
