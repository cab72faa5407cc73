#include "exercises/exercise_panel.hpp"

#include "exercises/exercise_state.hpp"
#include "js_bridge.hpp"
#include "panels/plot.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace kpg::app {
namespace {

// The list of exercises is shown (in the pair panel's place) when no exercise is open.
bool& listShown() {
  static bool shown = false;
  return shown;
}

bool picksPoints(const ExerciseSession& s) {
  return s.open &&
         (s.open->goal.kind == GoalKind::SmoPair || s.open->goal.kind == GoalKind::SupportVectors);
}

// What the panel's answer field holds between frames.
struct AnswerInput {
  std::string exerciseId;
  double number = 0;
};

AnswerInput& input() {
  static AnswerInput a;
  return a;
}

void submit(AppState& state, JsonValue answer) {
  const Verdict v = submitExerciseAnswer(state, answer);
  if (!v.error.empty()) state.exercise.feedback = v.error.substr(v.error.find(':') + 2);
}

void pointsAnswer(AppState& state) {
  ExerciseSession& s = state.exercise;
  const Index n = state.lab.pointCount();
  ImGui::TextWrapped("Click points on the canvas (or the numbers below) to pick them:");
  for (Index t = 0; t < std::min<Index>(n, 40); ++t) {
    const bool on = std::find(s.selected.begin(), s.selected.end(), t) != s.selected.end();
    if (t % 10 != 0) ImGui::SameLine();
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.25f, 1));
    const std::string label = std::to_string(t) + "##pick";
    if (ImGui::Button(label.c_str(), ImVec2(ImGui::GetFontSize() * 1.8f, 0)))
      (void)pickExercisePoint(t);
    if (on) ImGui::PopStyleColor();
  }
  std::string picked;
  for (int p : s.selected) picked += (picked.empty() ? "" : ", ") + std::to_string(p);
  ImGui::Text("Picked: %s", picked.empty() ? "none" : picked.c_str());
  if (ImGui::Button("Submit")) {
    JsonValue answer = JsonValue::array();
    for (int p : s.selected) answer.items().push_back(json::integer(p));
    submit(state, answer);
  }
  ImGui::SameLine();
  if (ImGui::Button("Clear")) s.selected.clear();
}

void answerControls(AppState& state) {
  ExerciseSession& s = state.exercise;
  const Exercise& e = *s.open;
  AnswerInput& in = input();
  if (in.exerciseId != e.id) in = AnswerInput{e.id, 0};
  switch (e.goal.kind) {
    case GoalKind::SmoPair:
    case GoalKind::SupportVectors:
      pointsAnswer(state);
      break;
    case GoalKind::ClassifyPoint:
      for (const char* word : {"free", "bound", "non-SV"}) {
        if (ImGui::Button(word)) submit(state, json::str(word));
        ImGui::SameLine();
      }
      ImGui::NewLine();
      break;
    case GoalKind::BoundSv:
      if (ImGui::Button("Check my canvas")) submit(state, JsonValue::null());
      break;
    case GoalKind::FindParameter:
      if (ImGui::Button(e.goal.parameter == "C" ? "Check the current C" : "Check the current γ"))
        submit(state, JsonValue::null());
      [[fallthrough]];
    case GoalKind::AlphaAfterStep:
    case GoalKind::Numeric:
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
      ImGui::InputDouble("##answer", &in.number, 0, 0, "%.6g");
      ImGui::SameLine();
      if (ImGui::Button("Submit")) submit(state, JsonValue::number(in.number));
      break;
  }
}

void exerciseList(AppState& state) {
  ImGui::TextWrapped("Exercises that check themselves, in the order of the course notes.");
  const JsonValue list = exerciseListJson(state);
  for (const JsonValue& item : list.items()) {
    const std::string& status = item.find("status")->asString();
    const ImVec4 colour = status == "solved"      ? ImVec4(0.0f, 0.5f, 0.2f, 1)
                          : status == "attempted" ? ImVec4(0.75f, 0.4f, 0.0f, 1)
                                                  : ImVec4(0.4f, 0.4f, 0.45f, 1);
    ImGui::PushID(item.find("id")->asString().c_str());
    if (ImGui::SmallButton("Open")) {
      const Exercise* e = findBuiltinExercise(item.find("id")->asString());
      if (e) (void)openExercise(state, *e, true);
    }
    ImGui::SameLine();
    ImGui::TextColored(colour, "%-9s", status.c_str());
    ImGui::SameLine();
    ImGui::TextWrapped("%s  (%s)", item.find("title")->asString().c_str(),
                       item.find("section")->asString().c_str());
    ImGui::PopID();
  }
  ImGui::Spacing();
  if (ImGui::Button("Reset my progress")) resetExerciseProgress(state);
  ImGui::SameLine();
  if (ImGui::Button("Close list")) listShown() = false;
}

void markPicked(const AppState& state, const UiState& ui) {
  if (!picksPoints(state.exercise) || !ui.canvasValid) return;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  for (int p : state.exercise.selected) {
    if (p >= state.lab.pointCount()) continue;
    const ImVec2 at = ui.canvas.toScreen(state.lab.data.points(p, 0), state.lab.data.points(p, 1));
    draw->AddCircle(at, 13, IM_COL32(20, 140, 60, 255), 24, 3);
  }
}

}  // namespace

bool pickExercisePoint(Index index) {
  ExerciseSession& s = mutableState().exercise;
  if (!picksPoints(s) || s.status == ExerciseStatus::Solved) return false;
  const auto at = std::find(s.selected.begin(), s.selected.end(), index);
  if (at != s.selected.end())
    s.selected.erase(at);
  else
    s.selected.push_back(static_cast<int>(index));
  return true;
}

void drawExercisesToggle(AppState& state, const PanelRect& rect) {
  if (state.exercise.open || listShown()) return;
  ImGui::SetNextWindowPos(ImVec2(rect.pos.x + 6, rect.pos.y + 1), ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoBackground;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(8, 1));
  if (ImGui::Begin("##exercises-toggle", nullptr, flags)) {
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.15f, 0.5f, 0.3f, 1));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.2f, 0.6f, 0.35f, 1));
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
    if (ImGui::Button("Exercises ▸")) listShown() = true;
    ImGui::PopStyleColor(3);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Exercises that check your answer from the solver's own numbers");
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

bool drawExercisePanel(AppState& state, UiState& ui, const PanelRect& rect) {
  ExerciseSession& s = state.exercise;
  if (!s.open && !listShown()) return false;
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (ImGui::Begin("Exercise###exercise", nullptr, flags)) {
    if (!s.open) {
      exerciseList(state);
    } else {
      const Exercise& e = *s.open;
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.15f, 0.25f, 0.45f, 1));
      ImGui::TextWrapped("%s", e.title.c_str());
      ImGui::PopStyleColor();
      ImGui::TextDisabled("%s", e.section.c_str());
      ImGui::Separator();
      ImGui::TextWrapped("%s", e.prompt.c_str());
      for (int k = 0; k < s.hintsShown; ++k)
        ImGui::TextWrapped("Hint %d: %s", k + 1, e.hints[static_cast<std::size_t>(k)].c_str());
      if (s.hintsShown < static_cast<int>(e.hints.size())) {
        const std::string label = "Show a hint (" + std::to_string(s.hintsShown + 1) + " of " +
                                  std::to_string(e.hints.size()) + ")";
        if (ImGui::SmallButton(label.c_str())) revealHint(state);
      }
      ImGui::Spacing();
      if (s.status != ExerciseStatus::Solved) answerControls(state);
      if (!s.feedback.empty()) {
        ImGui::Spacing();
        const bool solved = s.status == ExerciseStatus::Solved;
        ImGui::PushStyleColor(
            ImGuiCol_Text, solved ? ImVec4(0.0f, 0.45f, 0.15f, 1) : ImVec4(0.7f, 0.15f, 0.1f, 1));
        ImGui::TextWrapped("%s", s.feedback.c_str());
        ImGui::PopStyleColor();
      }
      ImGui::TextDisabled("%s · %d attempt%s", std::string(exerciseStatusName(s.status)).c_str(),
                          s.attempts, s.attempts == 1 ? "" : "s");
      ImGui::Spacing();
      if (ImGui::Button("All exercises")) {
        closeExercise(state);
        listShown() = true;
      }
      ImGui::SameLine();
      if (ImGui::Button("Close")) closeExercise(state);
    }
  }
  ImGui::End();
  markPicked(state, ui);
  return true;
}

}  // namespace kpg::app
