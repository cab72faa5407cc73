#include "exercises/exercise_panel.hpp"

#include "exercises/exercise_state.hpp"
#include "js_bridge.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "params/param_input.hpp"  // pointNumber: points numbered from 1 on screen

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace kpg::app {
namespace {

bool picksPoints(const ExerciseSession& s) {
  return s.open &&
         (s.open->goal.kind == GoalKind::SmoPair || s.open->goal.kind == GoalKind::SupportVectors);
}

void submit(AppState& state, JsonValue answer) {
  const Verdict v = submitExerciseAnswer(state, answer);
  if (!v.error.empty()) state.exercise.feedback = v.error.substr(v.error.find(':') + 2);
}

void pointsAnswer(AppState& state, UiState& ui) {
  ExerciseSession& s = state.exercise;
  const Index n = state.lab.pointCount();
  ImGui::TextWrapped(state.modes.mode == Mode::FeatureSpace
                         ? "Click points in the 3-D view or on the canvas (or the numbers below) "
                           "to pick them:"
                         : "Click points on the canvas (or the numbers below) to pick them:");
  for (Index t = 0; t < std::min<Index>(n, 40); ++t) {
    const bool on = std::find(s.selected.begin(), s.selected.end(), t) != s.selected.end();
    if (t % 10 != 0) ImGui::SameLine();
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.2f, 0.55f, 0.25f, 1));
    const std::string label = std::to_string(pointNumber(t)) + "##pick";  // numbered from 1
    if (ImGui::Button(label.c_str(), ImVec2(ImGui::GetFontSize() * 1.8f, 0)))
      (void)pickExercisePoint(s, t);
    if (on) ImGui::PopStyleColor();
  }
  std::string picked;
  for (int p : s.selected) picked += (picked.empty() ? "" : ", ") + std::to_string(pointNumber(p));
  ImGui::Text("Picked: %s", picked.empty() ? "none" : picked.c_str());
  if (ImGui::Button("Submit")) {
    JsonValue answer = JsonValue::array();
    for (int p : s.selected) answer.items().push_back(json::integer(p));
    submit(state, answer);
  }
  markItem(ui, "exercise.submit");
  ImGui::SameLine();
  if (ImGui::Button("Clear")) s.selected.clear();
}

void answerControls(AppState& state, UiState& ui) {
  ExerciseSession& s = state.exercise;
  const Exercise& e = *s.open;
  ExerciseAnswerInput& in = s.answerInput;
  if (in.exerciseId != e.id) in = ExerciseAnswerInput{e.id, 0};
  switch (e.goal.kind) {
    case GoalKind::SmoPair:
    case GoalKind::SupportVectors:
      pointsAnswer(state, ui);
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
    case GoalKind::SeparatingMap:
      ImGui::TextWrapped("Choose a map under \"Feature map φ\", look at the 3-D view, then:");
      if (ImGui::Button("Check the map shown")) submit(state, JsonValue::null());
      markItem(ui, "exercise.check");
      break;
    case GoalKind::SeparatingPlane:
      if (ImGui::Button("Check my plane")) submit(state, JsonValue::null());
      markItem(ui, "exercise.check");
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

JsonValue draftJson(const InstructorDraft& d) {
  using json::put;
  using json::str;
  JsonValue o = JsonValue::object();
  put(o, "id", str(d.id));
  put(o, "title", str(d.title));
  put(o, "section", str(d.section));
  put(o, "prompt", str(d.prompt));
  JsonValue hints = JsonValue::array();
  std::string text = d.hints;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (end > start) hints.items().push_back(str(text.substr(start, end - start)));
    start = end + 1;
  }
  put(o, "hints", std::move(hints));
  JsonValue locks = JsonValue::array();
  for (int k = 0; k < kLockedControlCount; ++k)
    if (d.locks[k]) locks.items().push_back(str(lockedControlName(static_cast<LockedControl>(k))));
  put(o, "locks", std::move(locks));
  JsonValue g = JsonValue::object();
  const auto kind = static_cast<GoalKind>(d.kind);
  put(g, "kind", str(goalKindName(kind)));
  if (kind == GoalKind::AlphaAfterStep || kind == GoalKind::BoundSv ||
      kind == GoalKind::ClassifyPoint)
    put(g, "point", json::integer(d.point));
  if (kind == GoalKind::AlphaAfterStep || kind == GoalKind::Numeric)
    put(g, "tolerance", json::num(d.tolerance));
  if (kind == GoalKind::FindParameter) {
    put(g, "parameter", str(d.parameter == 0 ? "C" : "gamma"));
    put(g, "property", str(d.property == 0 ? "margin" : "separates"));
    if (d.property == 0)
      put(g, "atLeast", json::num(d.atLeast));
    else
      put(g, "maxSupportVectors", json::integer(d.maxSupportVectors));
  }
  if (kind == GoalKind::Numeric) {
    const std::string q = kExerciseQuantities[d.quantity];
    put(g, "quantity", str(q));
    if (q == "tutorial") {
      put(g, "tutorial", str(d.tutorial));
      put(g, "value", str(d.value));
    }
    if (q == "gram" || q == "kfdAlpha") put(g, "i", json::integer(d.i));
    if (q == "gram") put(g, "j", json::integer(d.j));
    if (q == "kpcaEigenvalue") put(g, "component", json::integer(d.component));
  }
  put(o, "goal", std::move(g));
  return o;
}

void instructor(AppState& state) {
  InstructorDraft& d = state.exercise.draft;
  ImGui::TextWrapped(
      "Set up the canvas (data, kernel, C, step, method), then describe the "
      "exercise. It is made on the canvas as it is now.");
  ImGui::InputText("id", d.id, sizeof d.id);
  ImGui::InputText("title", d.title, sizeof d.title);
  ImGui::InputText("notes section", d.section, sizeof d.section);
  ImGui::InputTextMultiline("prompt", d.prompt, sizeof d.prompt,
                            ImVec2(-ImGui::GetFontSize() * 4, ImGui::GetFontSize() * 4));
  ImGui::InputTextMultiline("hints", d.hints, sizeof d.hints,
                            ImVec2(-ImGui::GetFontSize() * 4, ImGui::GetFontSize() * 3));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One hint per line, revealed one at a time");
  // In GoalKind's order; the last two need the feature-space method.
  const char* kinds[] = {"next SMO pair",
                         "α after the next step",
                         "every support vector",
                         "make a bound SV",
                         "find C or γ",
                         "classify a point",
                         "a number",
                         "a separating map (3-D)",
                         "tilt a plane (3-D)"};
  ImGui::Combo("goal", &d.kind, kinds, static_cast<int>(std::size(kinds)));
  comboTabStop("goal");
  const auto kind = static_cast<GoalKind>(d.kind);
  if (kind == GoalKind::AlphaAfterStep || kind == GoalKind::BoundSv ||
      kind == GoalKind::ClassifyPoint)
    ImGui::InputInt("point", &d.point);
  if (kind == GoalKind::FindParameter) {
    const char* parameters[] = {"C", "γ"};
    ImGui::Combo("parameter", &d.parameter, parameters, 2);
    comboTabStop("parameter");
    const char* properties[] = {"margin ≥", "100 % accuracy, SVs ≤"};
    ImGui::Combo("property", &d.property, properties, 2);
    comboTabStop("property");
    if (d.property == 0)
      ImGui::InputDouble("margin at least", &d.atLeast);
    else
      ImGui::InputInt("at most SVs", &d.maxSupportVectors);
  }
  if (kind == GoalKind::Numeric) {
    ImGui::Combo("quantity", &d.quantity, kExerciseQuantities, kExerciseQuantityCount);
    comboTabStop("quantity");
    const std::string q = kExerciseQuantities[d.quantity];
    if (q == "tutorial") {
      ImGui::InputText("tutorial id", d.tutorial, sizeof d.tutorial);
      ImGui::InputText("value name", d.value, sizeof d.value);
    }
    if (q == "gram" || q == "kfdAlpha") ImGui::InputInt("i", &d.i);
    if (q == "gram") ImGui::InputInt("j", &d.j);
    if (q == "kpcaEigenvalue") ImGui::InputInt("component", &d.component);
  }
  if (kind == GoalKind::AlphaAfterStep || kind == GoalKind::Numeric)
    ImGui::InputDouble("tolerance", &d.tolerance, 0, 0, "%.3g");
  ImGui::TextUnformatted("Locked while the student works:");
  for (int k = 0; k < kLockedControlCount; ++k) {
    if (k % 4 != 0) ImGui::SameLine();
    const std::string name(lockedControlName(static_cast<LockedControl>(k)));
    ImGui::Checkbox(name.c_str(), &d.locks[k]);
  }
  if (ImGui::Button("Open it")) {
    d.error = openExerciseDefinition(state, draftJson(d)).value_or("");
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Opens the exercise here; then Copy link or Download file in its panel");
  if (!d.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.7f, 0.15f, 0.1f, 1));
    ImGui::TextWrapped("%s", d.error.c_str());
    ImGui::PopStyleColor();
  }
}

void exerciseList(AppState& state) {
  if (state.exercise.instructor) {
    // Instructor mode first (instructor=1): the teacher came to make an exercise.
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (ImGui::CollapsingHeader("Instructor: make an exercise on this canvas")) instructor(state);
    ImGui::Spacing();
  }
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
  if (!state.exercise.instructor &&
      ImGui::CollapsingHeader("Instructor: make an exercise on this canvas"))
    instructor(state);
  ImGui::Spacing();
  if (ImGui::Button("Reset my progress")) resetExerciseProgress(state);
  ImGui::SameLine();
  if (ImGui::Button("Close list")) {
    state.exercise.listShown = false;
    state.exercise.instructor = false;
  }
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

bool exercisePicksPoints(const ExerciseSession& s) {
  return picksPoints(s) && s.status != ExerciseStatus::Solved;
}

bool pickExercisePoint(ExerciseSession& s, Index index) {
  if (!exercisePicksPoints(s)) return false;
  const auto at = std::find(s.selected.begin(), s.selected.end(), index);
  if (at != s.selected.end())
    s.selected.erase(at);
  else
    s.selected.push_back(static_cast<int>(index));
  return true;
}

void drawExercisesToggle(AppState& state, UiState& ui, const PanelRect& rect) {
  ExerciseSession& s = state.exercise;
  if (s.open || s.listShown || s.instructor) return;
  // Left of the Tutorials toggle (tutorials_panel.cpp drawTutorialsToggle), on the title bar.
  const float tutorials = state.tutorial.open ? 0 : titleBarToggleWidth("Tutorials ▸") + 6;
  if (titleBarToggle(ui, "exercises", "##exercises-toggle", "Exercises ▸",
                     ImVec2(rect.pos.x + rect.size.x - tutorials - 6, rect.pos.y + 1),
                     ImVec4(0.15f, 0.5f, 0.3f, 1), ImVec4(0.2f, 0.6f, 0.35f, 1),
                     "Exercises that check your answer from the solver's own numbers")) {
    s.listShown = true;
  }
}

bool drawExercisePanel(AppState& state, UiState& ui, const PanelRect& rect) {
  ExerciseSession& s = state.exercise;
  if (!s.open && !s.listShown && !s.instructor) return false;
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
      if (s.status != ExerciseStatus::Solved) answerControls(state, ui);
      if (!s.feedback.empty()) {
        ImGui::Spacing();
        const bool solved = s.status == ExerciseStatus::Solved;
        // A check's words about an earlier state, greyed: beside a plane that now separates,
        // "4 points on the wrong side" read as a contradiction.
        const bool current = solved || exerciseFeedbackCurrent(state);
        if (!current) ImGui::TextDisabled("Your last check, before your latest changes:");
        ImGui::PushStyleColor(ImGuiCol_Text, !current
                                                 ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)
                                             : solved ? ImVec4(0.0f, 0.45f, 0.15f, 1)
                                                      : ImVec4(0.7f, 0.15f, 0.1f, 1));
        ImGui::TextWrapped("%s", s.feedback.c_str());
        ImGui::PopStyleColor();
      }
      ImGui::TextDisabled("%s · %d attempt%s", std::string(exerciseStatusName(s.status)).c_str(),
                          s.attempts, s.attempts == 1 ? "" : "s");
      ImGui::Spacing();
      if (ImGui::Button("All exercises")) {
        closeExercise(state);
        s.listShown = true;
      }
      ImGui::SameLine();
      if (ImGui::Button("Close")) closeExercise(state);
      markItem(ui, "exercise.close");
      // The link and the single file open exactly this exercise (index.html, no server).
      if (ImGui::Button("Copy link")) requestExercisePageAction("copy-link");
      ImGui::SameLine();
      if (ImGui::Button("Download file")) requestExercisePageAction("download");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("One HTML file that opens this exercise, offline, from anywhere");
    }
  }
  ImGui::End();
  markPicked(state, ui);
  return true;
}

}  // namespace kpg::app
