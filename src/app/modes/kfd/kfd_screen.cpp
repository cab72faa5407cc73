// Fisher's discriminant's screen (course-notes 004; Mika et al. 1999 for the kernel form):
// projection contours over the plane, the threshold line, LDA's direction u, and the histogram of
// the projected classes below.

#include "modes/mode_screen.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kpg::app {
namespace {

constexpr ImU32 kContour = IM_COL32(120, 120, 130, 255);

std::vector<LegendItem> legend(const ModesState&) {
  return {{plot::kInk, LegendShape::Line, "threshold: projection = t"},
          {kContour, LegendShape::Line, "projection contours"},
          {plot::withAlpha(plot::kPositive, 0.3f), LegendShape::Patch, "predicted +1"},
          {plot::withAlpha(plot::kNegative, 0.3f), LegendShape::Patch, "predicted −1"}};
}

void underAxes(const ModeCanvas& c) {
  if (!c.grid) return;
  FieldGrid shifted = *c.grid;
  const double t = c.modes->kfd.threshold();
  for (double& v : shifted.values) v -= t;
  drawCells(c.draw, c.view, shifted, signRegion);
}

void overAxes(const ModeCanvas& c) {
  const KfdMode& f = c.modes->kfd;
  if (c.grid) {
    for (double level : contourLevels(*c.grid, 10))
      drawContour(c.draw, c.view, *c.grid, level, plot::withAlpha(kContour, 0.8f), 1.3f);
    drawContour(c.draw, c.view, *c.grid, f.threshold(), plot::kInk, 3.0f);
  }
  const Vector& u = f.lda.direction();
  if (c.grid && !f.kernelForm && u.size() == 2 && u.norm() > 0 && std::isfinite(u.norm())) {
    // LDA's direction u from the midpoint of the class means: projections are read along this
    // arrow, the threshold line is perpendicular to it.
    const Vector mid = (f.lda.positiveMean() + f.lda.negativeMean()) / 2;
    const PlotRect r = c.view.visible();
    const Vector tip = mid + u.normalized() * (0.25 * (r.xMax - r.xMin));
    plot::arrow(c.draw, c.view.toScreen(mid(0), mid(1)), c.view.toScreen(tip(0), tip(1)),
                plot::kAccent, 3.0f);
    const ImVec2 t = c.view.toScreen(tip(0), tip(1));
    plot::label(c.draw, ImVec2(t.x + 4, t.y - 8), plot::kInk, "u = W⁻¹(m₁ − m₂)");
  }
  drawClassPoints(c);
}

void tooltip(const ModeCanvas& c, Index i) {
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, true);
  const KfdMode& m = c.modes->kfd;
  if (m.ok()) {
    const double proj = m.projection(c.lab->data.points(i, 0), c.lab->data.points(i, 1));
    ImGui::Text("projection = %s, threshold t = %s", formatShort(proj).c_str(),
                formatShort(m.threshold()).c_str());
    ImGui::Text("predicted %s", proj > m.threshold() ? "+1" : "−1");
  }
  ImGui::EndTooltip();
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  sectionTitle("Fisher discriminant");
  int form = modes.kfd.kernelForm ? 1 : 0;
  ImGui::RadioButton("LDA (linear, 004)", &form, 0);
  tip(ui, "Fisher's linear discriminant of notes 004: u ∝ S_W⁻¹(m₊ − m₋), no kernel.");
  ImGui::SameLine();
  ImGui::RadioButton("KFD (kernel)", &form, 1);
  tip(ui, "Kernel Fisher discriminant: the same criterion in the kernel's feature space.");
  double mu = modes.kfd.mu;
  const bool muChanged = form == 1 && paramSlider(lab, ui, ParamId::KfdMu, mu);
  if ((form == 1) != modes.kfd.kernelForm || muChanged) {
    JsonValue params = JsonValue::object();
    json::put(params, "form", json::str(form == 1 ? "kfd" : "lda"));
    json::put(params, "mu", json::num(mu));
    sendModeParams(modes, lab, Mode::Kfd, std::move(params));
  }
}

void numbers(const LabState&, const ModesState& modes, const ModesView&) {
  const KfdMode& m = modes.kfd;
  if (!m.error.empty()) {
    ImGui::TextWrapped("%s", m.error.c_str());
    return;
  }
  if (m.kernelForm) {
    ImGui::TextWrapped(
        "α = (N + μI)⁻¹ (M₁ − M₂); projection Σᵢ αᵢ k(x, xᵢ); threshold = midpoint of the "
        "projected class means.");
    numberLine("μ used", m.kfd.muUsed());
    numberLine("J(α) = α′Mα / α′(N+μI)α", m.kfd.rayleighQuotient());
    numberLine("projected mean, class +1", m.kfd.positiveProjectedMean());
    numberLine("projected mean, class −1", m.kfd.negativeProjectedMean());
    numberLine("threshold t", m.kfd.threshold());
    return;
  }
  ImGui::TextWrapped(
      "u = W⁻¹(m₁ − m₂) maximizes J(u) = u′Bu / u′Wu; threshold = midpoint of the projected "
      "means.");
  const Vector& u = m.lda.direction();
  if (u.size() >= 2)
    ImGui::Text("u = (%s, %s)", formatShort(u(0)).c_str(), formatShort(u(1)).c_str());
  numberLine("J(u)", m.lda.rayleighQuotient());
  numberLine("threshold t", m.lda.threshold());
  if (m.lda.regularized()) numberLine("ridge ε (W singular)", m.lda.ridgeUsed());
}

// The projected training points by class, 24 bins, with the threshold.
void plots(LabState& lab, ModesState& modes, ModesView&, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  const KfdMode& m = modes.kfd;
  if (!m.ok()) return;
  std::vector<double> proj(static_cast<std::size_t>(lab.pointCount()));
  double lo = m.threshold(), hi = m.threshold();
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const double p = m.projection(lab.data.points(i, 0), lab.data.points(i, 1));
    proj[static_cast<std::size_t>(i)] = p;
    if (std::isfinite(p)) {
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  }
  const int bins = 24;
  const double width = hi > lo ? (hi - lo) / bins : 1;
  std::vector<double> pos(bins, 0), neg(bins, 0);
  double top = 1;
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const double p = proj[static_cast<std::size_t>(i)];
    if (!std::isfinite(p)) continue;
    const auto k =
        static_cast<std::size_t>(std::clamp(static_cast<int>((p - lo) / width), 0, bins - 1));
    double& slot = lab.data.labels(i) > 0 ? pos[k] : neg[k];
    slot += 1;
    top = std::max(top, slot);
  }
  plot::AxesStyle style;
  style.xLabel = "projection";
  style.yLabel = "count";
  const plot::Frame f =
      plot::drawAxes(draw, a, b, {lo - width, hi + width}, {0, top * 1.15}, style);
  for (int k = 0; k < bins; ++k) {
    const double x0 = lo + k * width, x1 = x0 + width;
    const auto s = static_cast<std::size_t>(k);
    if (neg[s] > 0)
      draw->AddRectFilled(f.toScreen(x0, neg[s]), f.toScreen(x1, 0),
                          plot::withAlpha(plot::kNegative, 0.55f));
    if (pos[s] > 0)
      draw->AddRectFilled(f.toScreen(x0, pos[s]), f.toScreen(x1, 0),
                          plot::withAlpha(plot::kPositive, 0.55f));
  }
  const float tx = f.screenX(m.threshold());
  draw->AddLine(ImVec2(tx, f.min.y), ImVec2(tx, f.max.y), plot::kInk, 2.5f);
  plot::label(draw, ImVec2(tx + 4, f.min.y + 2), plot::kInk, "threshold t");
}

constexpr const char* kPlotsTitle = "Projected training points by class###modeplots";
constexpr ModeScreen kScreen{kPlotsTitle, "x₁ →",  "↑ x₂",   legend,  underAxes, overAxes,
                             nullptr,     tooltip, controls, numbers, plots,     nullptr};

}  // namespace

const ModeScreen& kfdScreen() {
  return kScreen;
}

}  // namespace kpg::app
