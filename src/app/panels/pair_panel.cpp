// The pair panel: the two-variable sub-problem SMO just solved, drawn in the (αᵢ, αⱼ)
// plane (course-notes 003 "SMO algo"; Platt 1998):
//   - the box [0, C]² of the two variables;
//   - the constraint line yᵢαᵢ + yⱼαⱼ = const (the equality Σ αₖyₖ = 0 with the others fixed),
//     parametrised as αᵢ(t) = αᵢ + yᵢt, αⱼ(t) = αⱼ − yⱼt (svm/pair_update.hpp);
//   - the feasible segment t ∈ [L, H] where the line is inside the box;
//   - the start point, the unclipped optimum t* = (−yᵢGᵢ + yⱼGⱼ)/η and the clipped point;
// with η, the gradients, the step and why this pair was chosen. All numbers come from the
// step record (SmoStep) the core returned.

#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "params/param_input.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace kpg::app {
namespace {

// Continues the line with `text` when it fits, else starts a new line: ImGui's own wrapping breaks
// numbers at their decimal point, and a narrow (1024 px) window would clip them.
void continueLine(const char* text) {
  ImGui::SameLine();
  if (ImGui::CalcTextSize(text).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  ImGui::TextUnformatted(text);
}

std::string num(double v) {
  return formatShort(v);
}

void drawBox(ImDrawList* draw, ImVec2 outerMin, ImVec2 outerMax, const SmoStep& s, double yi,
             double yj, double c) {
  const bool hard = !std::isfinite(c);
  const double tStar = s.unclippedStep;
  const double ai0 = s.alphaIBefore, aj0 = s.alphaJBefore;
  const double aiU = ai0 + yi * tStar, ajU = aj0 - yj * tStar;
  double hi = hard ? 0 : c;
  double lo = 0;
  for (double v : {ai0, aj0, s.alphaIAfter, s.alphaJAfter, aiU, ajU}) {
    if (std::isfinite(v)) {
      hi = std::max(hi, v);
      lo = std::min(lo, v);
    }
  }
  if (hard) hi = std::max(hi * 1.25, 1e-3);
  const double pad = 0.08 * (hi - lo);
  plot::AxesStyle style;
  style.xLabel = "αᵢ";
  style.yLabel = "αⱼ";
  style.xTicks = 4;
  style.yTicks = 4;
  // Square data area: the constraint line's slope ±1 should look like ±1.
  const float side = std::min(outerMax.x - outerMin.x, outerMax.y - outerMin.y);
  const ImVec2 boxMax(outerMin.x + side, outerMin.y + side);
  const plot::Frame f = plot::drawAxes(draw, outerMin, boxMax, plot::Axis{lo - pad, hi + pad},
                                       plot::Axis{lo - pad, hi + pad}, style);
  draw->PushClipRect(f.min, f.max, true);
  // The box [0, C]² (unbounded above when C = ∞).
  const double top = hard ? hi + pad * 2 : c;
  draw->AddRectFilled(f.toScreen(0, top), f.toScreen(top, 0), IM_COL32(0, 0, 0, 14));
  if (hard) {
    draw->AddLine(f.toScreen(0, 0), f.toScreen(0, top), plot::kInk, 1.5f);
    draw->AddLine(f.toScreen(0, 0), f.toScreen(top, 0), plot::kInk, 1.5f);
  } else {
    draw->AddRect(f.toScreen(0, c), f.toScreen(c, 0), plot::kInk, 0, 0, 1.5f);
  }
  // The constraint line through the start point, dashed over the whole plot.
  const double span = 4 * (hi - lo + 1);
  plot::dashedLine(draw, f.toScreen(ai0 - yi * span, aj0 + yj * span),
                   f.toScreen(ai0 + yi * span, aj0 - yj * span), plot::kMuted, 1.2f);
  // The feasible segment [L, H] (clamped to the visible part when infinite).
  const double l = std::max(s.lower, -span), h = std::min(s.upper, span);
  draw->AddLine(f.toScreen(ai0 + yi * l, aj0 - yj * l), f.toScreen(ai0 + yi * h, aj0 - yj * h),
                plot::kAccent, 5.0f);
  // Start → unclipped (dashed arrow), clipped point.
  const ImVec2 start = f.toScreen(ai0, aj0);
  const ImVec2 unclipped = f.toScreen(aiU, ajU);
  const ImVec2 end = f.toScreen(s.alphaIAfter, s.alphaJAfter);
  const bool clipped = s.step != s.unclippedStep;
  plot::arrow(draw, start, end, plot::kInk, 2.0f);
  draw->AddCircleFilled(start, 5, IM_COL32(255, 255, 255, 255));
  draw->AddCircle(start, 5, plot::kInk, 16, 2.0f);
  if (clipped && std::isfinite(aiU) && std::isfinite(ajU)) {
    draw->AddCircle(unclipped, 6, IM_COL32(180, 30, 30, 255), 16, 2.0f);
    draw->AddLine(ImVec2(unclipped.x - 4, unclipped.y - 4),
                  ImVec2(unclipped.x + 4, unclipped.y + 4), IM_COL32(180, 30, 30, 255), 2.0f);
    draw->AddLine(ImVec2(unclipped.x - 4, unclipped.y + 4),
                  ImVec2(unclipped.x + 4, unclipped.y - 4), IM_COL32(180, 30, 30, 255), 2.0f);
    const float width = ImGui::CalcTextSize("unclipped t*").x;
    const float x = unclipped.x + 8 + width > f.max.x ? unclipped.x - 8 - width : unclipped.x + 8;
    plot::label(draw, ImVec2(x, std::max(f.min.y + 2, unclipped.y - 8)), IM_COL32(180, 30, 30, 255),
                "unclipped t*");
  }
  draw->AddCircleFilled(end, 5.5f, plot::kInk);
  const char* endText = clipped ? "clipped" : "new";
  const float endWidth = ImGui::CalcTextSize(endText).x;
  const float endX = end.x + 8 + endWidth > f.max.x ? end.x - 8 - endWidth : end.x + 8;
  plot::label(draw, ImVec2(endX, end.y + 2), plot::kInk, endText);
  plot::label(draw, ImVec2(start.x + 8, start.y - 18), plot::kMuted, "old");
  draw->PopClipRect();
  // "C" at the box's lower right corner, clear of the points and their labels.
  if (!hard) {
    plot::label(draw, ImVec2(f.screenX(c) + 3, f.screenY(0) - ImGui::GetTextLineHeight() - 2),
                plot::kInk, "C");
  }
}

}  // namespace

void drawPairPanel(LabState& lab, UiState&, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  // The Exercises and Tutorials toggles sit at the right of this title bar (exercise_panel.cpp,
  // tutorials_panel.cpp): the long title is shown only where it clears them (the ### keeps one
  // window id for both titles).
  const float toggles =
      titleBarToggleWidth("Exercises ▸") + titleBarToggleWidth("Tutorials ▸") + 12;
  const bool longTitle =
      ImGui::CalcTextSize("Pair update: the box [0, C]²").x + toggles + 16 <= rect.size.x;
  if (!ImGui::Begin(
          longTitle ? "Pair update: the box [0, C]²###pair-update" : "Pair update###pair-update",
          nullptr, flags)) {
    ImGui::End();
    return;
  }
  const std::optional<SmoStep>* last = lab.history ? &lab.history->lastStep() : nullptr;
  if (!last || !last->has_value() || !(*last)->updated) {
    if (lab.history && lab.history->endReached() && lab.stepCount() > 0) {
      ImGui::TextWrapped("The solver has stopped: %s.", lab.model.statusText.c_str());
    } else {
      ImGui::TextWrapped(
          "No pair update yet. Press Step (Space or →): SMO picks the pair (i, j) that violates "
          "the optimality conditions most, and solves the dual for αᵢ, αⱼ exactly, keeping "
          "Σ αₖyₖ = 0 and 0 ≤ α ≤ C.");
    }
    ImGui::End();
    return;
  }
  const SmoStep& s = **last;
  const Index n = lab.pointCount();
  if (s.i < 0 || s.j < 0 || s.i >= n || s.j >= n) {
    ImGui::TextDisabled("(the step record does not match the points)");
    ImGui::End();
    return;
  }
  const double yi = lab.data.labels(s.i), yj = lab.data.labels(s.j);
  const double c = lab.params.c;

  // A run that stopped on an error after this update (the unbounded dual of hard margin with a
  // non-PSD kernel, G17; overflow, G7): the reason in full here, where η is explained, since the
  // status bar has room for one word of it at 1280 px.
  if (lab.model.status == SmoStatus::InvalidInput && lab.history && lab.history->endReached()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.7f, 0.2f, 0.1f, 1));
    ImGui::TextWrapped("SMO stopped after this update: %s.", lab.model.statusText.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Text("Step %lld updated the pair", static_cast<long long>(s.iteration));
  // Numbered from 1 as in the notes (s.i is the 0-based index inside).
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::kPairI), "i = %lld (y = %s)",
                     pointNumber(s.i), yi > 0 ? "+1" : "−1");
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::kPairJ), "  j = %lld (y = %s)",
                     pointNumber(s.j), yj > 0 ? "+1" : "−1");
  ImGui::Text("on the line yᵢαᵢ + yⱼαⱼ = %s",
              num(yi * s.alphaIBefore + yj * s.alphaJBefore).c_str());

  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plotHeight = std::clamp(avail.y - 12.2f * lineHeight, 150.0f, avail.x * 0.95f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(avail.x, plotHeight));
  drawBox(ImGui::GetWindowDrawList(), origin, ImVec2(origin.x + avail.x, origin.y + plotHeight), s,
          yi, yj, c);

  const bool clipped = s.step != s.unclippedStep;
  const char* where = !clipped            ? "not clipped"
                      : s.step == s.upper ? "clipped at H"
                                          : "clipped at L";
  ImGui::Text("η = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ = %s%s", num(s.eta).c_str(), s.tauUsed ? " (≤ 0: τ used)" : "");
  ImGui::Text("gradients Gᵢ = %s, Gⱼ = %s", num(s.gradientI).c_str(), num(s.gradientJ).c_str());
  ImGui::Text("t* = (−yᵢGᵢ + yⱼGⱼ)/η = %s", num(s.unclippedStep).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(
                                           clipped ? IM_COL32(170, 30, 30, 255) : plot::kInk));
  ImGui::Text("feasible t ∈ [L, H] = [%s, %s]", num(s.lower).c_str(), num(s.upper).c_str());
  ImGui::Text("t = clamp(t*, L, H) = %s:", num(s.step).c_str());
  continueLine(where);
  ImGui::PopStyleColor();
  ImGui::Text("αᵢ: %s → %s,", num(s.alphaIBefore).c_str(), num(s.alphaIAfter).c_str());
  continueLine(("αⱼ: " + num(s.alphaJBefore) + " → " + num(s.alphaJAfter)).c_str());
  const bool second = lab.params.rule == SelectionRule::SecondOrder;
  ImGui::TextColored(ImVec4(0.15f, 0.25f, 0.45f, 1), "Why this pair?");
  ImGui::Text("i: largest −yG in I_up, m(α) = %s", num(s.mAlpha).c_str());
  if (second) {
    ImGui::Text("j: largest decrease −b²/a (2nd order)");
  } else {
    ImGui::Text("j: smallest −yG in I_low, M(α)");
  }
  ImGui::Text("m(α) − M(α) = %s", num(s.violation).c_str());
  continueLine(
      ((s.violation >= lab.params.eps ? "≥ eps = " : "< eps = ") + num(lab.params.eps)).c_str());
  ImGui::End();
}

}  // namespace kpg::app
