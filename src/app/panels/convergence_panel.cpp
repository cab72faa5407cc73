// Convergence over the steps: the course's dual objective D(α) = Σα − ½αᵀQα (rising)
// and the primal P = ½‖w‖² + CΣξ (falling) on a linear scale; the duality gap P − D and the
// violation m(α) − M(α) against the eps line on a log scale, where their decay is readable.
// Samples come from SolverHistory::trace() (decimated for long runs); a vertical line marks the
// current step.

#include "panels/panels.hpp"
#include "panels/plot.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kpg::app {
namespace {

void stepMarker(ImDrawList* draw, const plot::Frame& f, double step) {
  if (step < f.x.min || step > f.x.max) return;
  const float x = f.screenX(step);
  draw->AddLine(ImVec2(x, f.min.y), ImVec2(x, f.max.y), plot::withAlpha(plot::kAccent, 0.9f), 2.0f);
}

// A legend entry at `at`; wraps to a new line at `lineStart` when it would pass `limit`.
void legendEntry(ImDrawList* draw, ImVec2& at, float lineStart, float limit, ImU32 colour,
                 const char* text, bool dashed = false) {
  const float lh = ImGui::GetTextLineHeight();
  if (at.x + 24 + ImGui::CalcTextSize(text).x > limit && at.x > lineStart) {
    at.x = lineStart;
    at.y += lh + 2;
  }
  if (dashed) {
    plot::dashedLine(draw, ImVec2(at.x, at.y + lh / 2), ImVec2(at.x + 16, at.y + lh / 2), colour,
                     2.0f, 4, 3);
  } else {
    draw->AddLine(ImVec2(at.x, at.y + lh / 2), ImVec2(at.x + 16, at.y + lh / 2), colour, 2.5f);
  }
  draw->AddText(ImVec2(at.x + 20, at.y), plot::kInk, text);
  at.x += 28 + ImGui::CalcTextSize(text).x;
}

}  // namespace

void drawConvergencePanel(LabState& lab, UiState&, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (!ImGui::Begin("Convergence over the steps", nullptr, flags)) {
    ImGui::End();
    return;
  }
  if (!lab.history || lab.history->trace().empty()) {
    ImGui::TextDisabled("Step or run the solver to see the objectives and the violation.");
    ImGui::End();
    return;
  }
  const auto& trace = lab.history->trace();
  std::vector<double> steps, dual, primal, gap, violation;
  for (const TraceSample& t : trace) {
    steps.push_back(static_cast<double>(t.step));
    dual.push_back(t.dualObjective);
    primal.push_back(t.primalObjective);
    // |P − D|: with C = ∞ the primal ½‖w‖² ignores violated constraints, so P − D < 0 is
    // possible before the solver is done; its size still shows the convergence on a log scale.
    gap.push_back(std::abs(t.dualityGap));
    violation.push_back(t.violation);
  }
  const double lastStep = std::max(1.0, steps.back());
  const double position = static_cast<double>(lab.stepCount());

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::Dummy(avail);
  const float lh = ImGui::GetTextLineHeight();
  const float half = (avail.x - 12) / 2;

  // Left: objectives (linear). The primal of the first steps can be far above the rest (every
  // point has ξ = 1 at α = 0); clamp its range to a few times the dual's so the meeting is
  // visible, and say so.
  double lo = 0, hi = 0;
  bool first = true;
  for (std::size_t k = 0; k < dual.size(); ++k) {
    for (double v : {dual[k], primal[k]}) {
      if (!std::isfinite(v)) continue;
      if (first) lo = hi = v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      first = false;
    }
  }
  const double dualHi = *std::max_element(dual.begin(), dual.end());
  const double dualLo = *std::min_element(dual.begin(), dual.end());
  const double cap = dualHi + 3 * std::max(std::abs(dualHi - dualLo), std::abs(dualHi) + 1e-9);
  const bool capped = hi > cap;
  hi = std::min(hi, cap);
  {
    ImVec2 at(origin.x + 4, origin.y);
    legendEntry(draw, at, origin.x + 4, origin.x + half, plot::kDualCurve, "dual D(α)");
    legendEntry(draw, at, origin.x + 4, origin.x + half, plot::kPrimalCurve,
                capped ? "primal P (cut at top)" : "primal P");
    plot::AxesStyle style;
    style.xLabel = "step";
    style.xTicks = 4;
    const plot::Frame f = plot::drawAxes(draw, ImVec2(origin.x, origin.y + 2 * lh + 6),
                                         ImVec2(origin.x + half, origin.y + avail.y),
                                         plot::Axis{0, lastStep}, plot::Axis{lo, hi}, style);
    draw->PushClipRect(f.min, f.max, true);
    plot::polyline(draw, f, steps, primal, plot::kPrimalCurve, 2.0f);
    plot::polyline(draw, f, steps, dual, plot::kDualCurve, 2.0f);
    stepMarker(draw, f, position);
    draw->PopClipRect();
  }

  // Right: gap and violation (log), the eps line.
  {
    const double eps = lab.params.eps;
    double minV = eps, maxV = eps;
    for (std::size_t k = 0; k < gap.size(); ++k) {
      for (double v : {gap[k], violation[k]}) {
        if (std::isfinite(v) && v > 0) {
          minV = std::min(minV, v);
          maxV = std::max(maxV, v);
        }
      }
    }
    minV = std::max(minV * 0.5, 1e-12);
    maxV = std::max(maxV * 2, minV * 10);
    const float x0 = origin.x + half + 12;
    ImVec2 at(x0 + 4, origin.y);
    const float limit = origin.x + avail.x;
    legendEntry(draw, at, x0 + 4, limit, IM_COL32(0, 158, 115, 255), "|P − D|");
    legendEntry(draw, at, x0 + 4, limit, IM_COL32(204, 121, 167, 255), "m(α) − M(α)");
    legendEntry(draw, at, x0 + 4, limit, plot::kInk, "eps", true);
    plot::AxesStyle style;
    style.xLabel = "step";
    style.xTicks = 4;
    const plot::Frame f = plot::drawAxes(
        draw, ImVec2(x0, origin.y + 2 * lh + 6), ImVec2(origin.x + avail.x, origin.y + avail.y),
        plot::Axis{0, lastStep}, plot::Axis{minV, maxV, true}, style);
    draw->PushClipRect(f.min, f.max, true);
    plot::horizontalLine(draw, f, eps, plot::kInk, true);
    plot::polyline(draw, f, steps, gap, IM_COL32(0, 158, 115, 255), 2.0f);
    plot::polyline(draw, f, steps, violation, IM_COL32(204, 121, 167, 255), 2.0f);
    stepMarker(draw, f, position);
    draw->PopClipRect();
  }
  ImGui::End();
}

}  // namespace kpg::app
