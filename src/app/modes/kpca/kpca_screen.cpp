// Kernel PCA's screen (course-notes 000 "Kernel PCA"; Schölkopf, Smola & Müller 1998): contour
// lines of the projection onto the selected component over the plane, the first 8 as small
// multiples below with their eigenvalues (the notes' figure), the data in the first two components
// on the right; when the kernel is not PSD on the points, the whole spectrum with its negative
// part.

#include "modes/mode_screen.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

std::vector<LegendItem> legend(const ModesState&) {
  return {{plot::kSignPositive, LegendShape::Line, "projection > 0"},
          {plot::kSignNegative, LegendShape::Line, "projection < 0"},
          {plot::kInk, LegendShape::Line, "projection = 0"},
          {plot::kMuted, LegendShape::Dot, "data (class colours)"}};
}

void overAxes(const ModeCanvas& c) {
  if (c.grid) {
    for (double level : contourLevels(*c.grid, 10)) {
      const ImU32 colour = level > 0 ? plot::kSignPositive : plot::kSignNegative;
      drawContour(c.draw, c.view, *c.grid, level, plot::withAlpha(colour, 0.8f), 1.3f);
    }
    drawContour(c.draw, c.view, *c.grid, 0.0, plot::kInk, 2.0f);
  }
  drawClassPoints(c);
}

void tooltip(const ModeCanvas& c, Index i) {
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, false);
  const KpcaMode& m = c.modes->kpca;
  if (m.pca.info() == ComputeStatus::Success) {
    Vector p(2);
    p << c.lab->data.points(i, 0), c.lab->data.points(i, 1);
    const Vector y = m.pca.project(p);
    for (Index k = 0; k < y.size(); ++k)
      ImGui::Text("y%s(x) = %s", plot::subscript(k + 1).c_str(), formatShort(y(k)).c_str());
  }
  ImGui::EndTooltip();
}

// The component shown large: setModeParams "component" (1-based), as window.kpg sends it.
void selectComponent(ModesState& modes, LabState& lab, int index) {
  JsonValue params = JsonValue::object();
  json::put(params, "component", json::integer(index + 1));
  sendModeParams(modes, lab, Mode::Kpca, std::move(params));
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  sectionTitle("Kernel PCA");
  const int count = static_cast<int>(modes.kpca.pca.eigenvalues().size());
  double component = modes.kpca.selected + 1;
  if (count > 1 &&
      paramSlider(lab, ui, "component", component,
                  ParamRange{"component", 1, static_cast<double>(count), false, 1, true},
                  "Which principal component in feature space the large plot shows (1: the "
                  "largest eigenvalue).")) {
    selectComponent(modes, lab, static_cast<int>(component) - 1);
  }
  ImGui::TextWrapped(
      "Click a small multiple below to show it large. Contours: the projection yᵢ(x) = Σₗ aᵢₗ "
      "k_c(x, xₗ) onto component i (k_c: the kernel centred with the training mean).");
}

// The training points in components 1 and 2.
void componentScatter(const LabState& lab, const KernelPca& pca) {
  const Matrix proj = pca.trainingProjections();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float side = std::min(avail.x, avail.y - 100);
  if (proj.cols() < 2 || side <= 60) return;
  ImGui::TextUnformatted("The data in components 1 and 2:");
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b(a.x + side, a.y + side);
  const double x0 = proj.col(0).minCoeff(), x1 = proj.col(0).maxCoeff();
  const double y0 = proj.col(1).minCoeff(), y1 = proj.col(1).maxCoeff();
  const double padX = std::max(1e-9, (x1 - x0) * 0.08), padY = std::max(1e-9, (y1 - y0) * 0.08);
  plot::AxesStyle style;
  style.xLabel = "y₁";
  style.yLabel = "y₂";
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const plot::Frame f =
      plot::drawAxes(draw, a, b, {x0 - padX, x1 + padX}, {y0 - padY, y1 + padY}, style);
  for (Index i = 0; i < proj.rows(); ++i) {
    if (!std::isfinite(proj(i, 0)) || !std::isfinite(proj(i, 1))) continue;
    draw->AddCircleFilled(f.toScreen(proj(i, 0), proj(i, 1)), 3.5f,
                          plot::classColour(i < lab.data.labels.size() ? lab.data.labels(i) : 1),
                          10);
  }
  ImGui::Dummy(ImVec2(side, side));
}

void numbers(const LabState& lab, const ModesState& modes, const ModesView&) {
  const KpcaMode& m = modes.kpca;
  if (!m.error.empty()) ImGui::TextWrapped("%s", m.error.c_str());
  const bool success = m.pca.info() == ComputeStatus::Success;
  if (success && !m.pca.negativeEigenvaluesClamped()) {
    ImGui::TextDisabled("smallest eigenvalue: %s (round-off)",
                        formatShort(m.pca.mostNegativeEigenvalue()).c_str());
  } else if (m.pca.info() == ComputeStatus::NotPositiveSemidefinite ||
             m.pca.negativeEigenvaluesClamped()) {
    ImGui::TextColored(ImVec4(0.7f, 0.2f, 0.1f, 1), "most negative eigenvalue: %s",
                       formatShort(m.pca.mostNegativeEigenvalue()).c_str());
    ImGui::TextWrapped(
        "A negative eigenvalue means the kernel is not positive semi-definite on these points "
        "(not a Mercer kernel here).");
  }
  if (!success) return;
  componentScatter(lab, m.pca);
  const Vector& ev = m.pca.eigenvalues();
  const Vector ratio = m.pca.explainedVarianceRatio();
  for (Index i = 0; i < ev.size(); ++i)
    ImGui::Text("λ%s = %s  (%.1f%%)", plot::subscript(i + 1).c_str(), formatShort(ev(i)).c_str(),
                i < ratio.size() && std::isfinite(ratio(i)) ? 100 * ratio(i) : 0.0);
}

void multiples(LabState& lab, ModesState& modes, ModesView& mv, ImDrawList* draw, ImVec2 a,
               ImVec2 b) {
  const KpcaMode& m = modes.kpca;
  const Index count = m.pca.eigenvalues().size();
  const PlotRect rect = mv.canvasKey.rect;
  if (mv.multiplesRevision != modes.revision || !(mv.multiplesRect == rect) ||
      mv.multiples.size() != static_cast<std::size_t>(count)) {
    mv.multiples = kpcaComponentGrids(m, rect, std::clamp(gridSide(lab.pointCount()) / 2, 24, 48));
    mv.multiplesRevision = modes.revision;
    mv.multiplesRect = rect;
  }
  const float lh = ImGui::GetTextLineHeight();
  const int shown = static_cast<int>(std::min<Index>(count, 8));
  const float gap = 6;
  // Up to eight components in the rows that give each the largest square: one row on a wide
  // strip, two or more on a phone's narrow, taller section.
  int cols = std::max(shown, 1);
  float side = 0;
  for (int rows = 1; rows <= 4; ++rows) {
    const int c = std::max(1, (shown + rows - 1) / rows);
    const float w = (b.x - a.x - gap * static_cast<float>(c - 1)) / static_cast<float>(c);
    const float h = (b.y - a.y) / static_cast<float>(rows) - lh - 4 - gap;
    const float s = std::min(w, h);
    if (s > side) {
      side = s;
      cols = c;
    }
  }
  side = std::max(20.0f, side);
  for (int k = 0; k < shown && static_cast<std::size_t>(k) < mv.multiples.size(); ++k) {
    const float top = a.y + static_cast<float>(k / cols) * (side + lh + 4 + gap);
    const ImVec2 cmin(a.x + static_cast<float>(k % cols) * (side + gap), top + lh + 2);
    const ImVec2 cmax(cmin.x + side, cmin.y + side);
    const CanvasView v =
        CanvasView::fit(ViewWindow{rect.xMin, rect.xMax, rect.yMin, rect.yMax}, cmin, cmax);
    draw->AddRectFilled(cmin, cmax, IM_COL32_WHITE);
    draw->PushClipRect(cmin, cmax, true);
    const FieldGrid& g = mv.multiples[static_cast<std::size_t>(k)];
    for (double level : contourLevels(g, 8))
      drawContour(draw, v, g, level,
                  plot::withAlpha(level > 0 ? plot::kSignPositive : plot::kSignNegative, 0.85f),
                  1.0f);
    drawContour(draw, v, g, 0.0, plot::kInk, 1.5f);
    for (Index i = 0; i < lab.pointCount(); ++i)
      draw->AddCircleFilled(v.toScreen(lab.data.points(i, 0), lab.data.points(i, 1)), 1.8f,
                            IM_COL32(40, 40, 40, 200), 6);
    draw->PopClipRect();
    const bool selected = k == m.selected;
    draw->AddRect(cmin, cmax, selected ? plot::kAccent : IM_COL32(0, 0, 0, 60), 0, 0,
                  selected ? 3.0f : 1.0f);
    const std::string t =
        "λ" + plot::subscript(k + 1) + " = " + formatShort(m.pca.eigenvalues()(k));
    draw->AddText(ImVec2(cmin.x, top), plot::kInk, t.c_str());
    if (ImGui::IsMouseHoveringRect(cmin, cmax) && ImGui::IsMouseClicked(0))
      selectComponent(modes, lab, k);
  }
}

// Not PSD: the whole spectrum of the centred Gram matrix, negative eigenvalues in red.
void spectrum(const Vector& sp, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  const Index count = std::min<Index>(sp.size(), 60);
  double lo = 0, hi = 0;
  for (Index i = 0; i < count; ++i)
    if (std::isfinite(sp(i))) {
      lo = std::min(lo, sp(i));
      hi = std::max(hi, sp(i));
    }
  plot::AxesStyle style;
  style.xLabel = "index of the eigenvalue (descending)";
  style.yLabel = "eigenvalues of the centred Gram matrix";
  style.integerX = true;
  const double pad = std::max(1e-9, (hi - lo) * 0.08);
  const plot::Frame f = plot::drawAxes(draw, a, b, {0.5, static_cast<double>(count) + 0.5},
                                       {lo - pad, hi + pad}, style);
  const float w = std::max(1.0f, (f.max.x - f.min.x) / static_cast<float>(count) * 0.7f);
  for (Index i = 0; i < count; ++i) {
    const double v = std::isfinite(sp(i)) ? sp(i) : 0;
    const float x = f.screenX(static_cast<double>(i + 1));
    draw->AddRectFilled(ImVec2(x - w / 2, f.screenY(std::max(v, 0.0))),
                        ImVec2(x + w / 2, f.screenY(std::min(v, 0.0))),
                        v < 0 ? IM_COL32(200, 40, 40, 255) : plot::kMuted);
  }
  plot::horizontalLine(draw, f, 0, plot::kInk, false);
}

void plots(LabState& lab, ModesState& modes, ModesView& mv, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  if (modes.kpca.pca.info() == ComputeStatus::Success) {
    multiples(lab, modes, mv, draw, a, b);
  } else if (modes.kpca.pca.spectrum().size() > 0) {
    spectrum(modes.kpca.pca.spectrum(), draw, a, b);
  }
}

constexpr const char* kPlotsTitle =
    "The first components: projection contours and eigenvalues###modeplots";
constexpr ModeScreen kScreen{kPlotsTitle, "x₁ →",  "↑ x₂",   legend,  nullptr, overAxes,
                             nullptr,     tooltip, controls, numbers, plots,   nullptr};

}  // namespace

const ModeScreen& kpcaScreen() {
  return kScreen;
}

}  // namespace kpg::app
