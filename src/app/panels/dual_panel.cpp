// The dual variables: a bar per αᵢ in the class colour, the lines α = 0
// and α = C (the box of course-notes 000 "non separable case - dual form"), the constraint
// Σ αᵢ yᵢ = 0 shown live, and the link to the canvas: hovering a bar highlights the point and
// hovering a point highlights its bar. Bars are numbered from 1, as the notes number α₁, α₂, α₃
// (bar k on the axis is point index k − 1 inside).

#include "lab/model_view.hpp"
#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "params/param_input.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace kpg::app {

void drawDualPanel(LabState& lab, UiState& ui, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (!ImGui::Begin("Dual: αᵢ per point", nullptr, flags)) {
    ImGui::End();
    return;
  }
  const ModelView& m = lab.model;
  if (!m.valid) {
    // The reason the lab gives (one class, the hard margin on non-separable classes, …).
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("No solver: %s.", lab.problemError ? lab.problemError->message.c_str()
                                                           : "add points of both classes");
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  const Vector& alpha = m.solution.alpha;
  const Index n = alpha.size();
  const double c = lab.params.c;
  const bool hard = !std::isfinite(c);
  ImGui::TextUnformatted(equalityConstraintText(m).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled(hard ? "  (C = ∞)" : "  (dashes: C)");

  const double maxAlpha = n > 0 ? alpha.maxCoeff() : 0.0;
  const double top = hard ? std::max(maxAlpha * 1.15, 1e-3) : c * 1.12;
  const ImVec2 outerMin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y = std::max(avail.y, 60.0f);
  ImGui::InvisibleButton("bars", avail);
  markItem(ui, "alphaBars");
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  plot::AxesStyle style;
  style.xLabel = "point i (from 1)";
  style.grid = true;
  style.xTicks = 6;
  style.integerX = true;
  style.yTicks = 3;
  const plot::Frame frame = plot::drawAxes(
      draw, outerMin, ImVec2(outerMin.x + avail.x, outerMin.y + avail.y),
      plot::Axis{0.5, static_cast<double>(std::max<Index>(n, 1)) + 0.5}, plot::Axis{0, top}, style);
  draw->PushClipRect(frame.min, frame.max, true);
  const float slot = (frame.max.x - frame.min.x) / static_cast<float>(std::max<Index>(n, 1));
  const float gap = slot > 5 ? std::min(3.0f, slot * 0.2f) : 0.0f;
  Index pairI = -1, pairJ = -1;
  if (lab.history && lab.history->lastStep() && lab.history->lastStep()->updated) {
    pairI = lab.history->lastStep()->i;
    pairJ = lab.history->lastStep()->j;
  }
  for (Index i = 0; i < n; ++i) {
    const double number = static_cast<double>(pointNumber(i));
    const float x0 = frame.screenX(number - 0.5) + gap / 2;
    const float x1 = std::max(x0 + 1.0f, frame.screenX(number + 0.5) - gap / 2);
    const float y = frame.screenY(alpha(i));
    ImU32 colour = plot::classColour(lab.data.labels(i));
    if (i == ui.hoverIndex) colour = plot::kAccent;
    draw->AddRectFilled(ImVec2(x0, y), ImVec2(x1, frame.max.y), colour);
    if (i == pairI || i == pairJ) {
      const ImU32 ring = i == pairI ? plot::kPairI : plot::kPairJ;
      draw->AddRect(ImVec2(x0 - 1, std::min(y, frame.max.y - 4) - 1), ImVec2(x1 + 1, frame.max.y),
                    ring, 0, 0, 2.5f);
      const char* name = i == pairI ? "i" : "j";
      draw->AddText(ImVec2((x0 + x1) / 2 - 3, std::min(y, frame.max.y - 4) - 18), ring, name);
    }
  }
  plot::horizontalLine(draw, frame, 0, plot::kInk, false);
  if (!hard) plot::horizontalLine(draw, frame, c, plot::kInk, true, "C");
  draw->PopClipRect();
  if (hovered && n > 0) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (frame.contains(mouse)) {
      const Index i =
          std::clamp<Index>(static_cast<Index>(std::lround(frame.dataX(mouse.x))) - 1, 0, n - 1);
      ui.hoverNext = i;
      const std::string text =
          "α" + plot::subscript(pointNumber(i)) + " = " + formatShort(alpha(i)) + "   (point " +
          std::to_string(pointNumber(i)) + ", y = " + (lab.data.labels(i) > 0 ? "+1" : "−1") + ")";
      ImGui::BeginTooltip();
      ImGui::TextUnformatted(text.c_str());
      ImGui::EndTooltip();
      // What the tooltip says, for window.kpg (param_widgets.hpp guideJson).
      ui.tooltip = text;
      ui.tooltipFrame = ImGui::GetFrameCount();
    }
  }
  ImGui::End();
}

}  // namespace kpg::app
