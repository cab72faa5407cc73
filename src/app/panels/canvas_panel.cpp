// The canvas: the points, the decision field f(x) under them with its contours f = 0 and f = ±1,
// axes with coordinates, and the interaction of panels/canvas_input.hpp (add, drag, pan, zoom,
// pinch, erase, long-press delete, pin) shared with the canvas modes; hovering a point (or
// tapping it) shows x, α, f(x), y·f(x), ξ and its KKT state.
// A point's state is shown by its shape and a colour-blind-safe class colour (legend in the
// corner): α = 0 a small circle, 0 < α < C a diamond, α = C a square (plot.hpp markers).
// Right of the plot, the colour bar of f(x) (colour_bar.hpp); under it a readout of (x₁, x₂) and
// f(x) under the pointer (f from the core's decisionValues, the CPU reference of the field), and
// with the linear kernel w = Σ αᵢyᵢxᵢ, b and the margin m = 1/‖w‖ as notes 001 Q7 solves them.
// Points are numbered from 1 on screen.

#include "lab/step_words.hpp"
#include "panels/canvas_input.hpp"
#include "panels/colour_bar.hpp"
#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "session/file_actions.hpp"
#include "svm/svm_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace kpg::app {
namespace {

constexpr Index kCheapPointsAbove = 300;

// The colour of class k of an import's regions: the two classes the lab steps keep their y = +1
// and y = −1 colours; the others take Okabe–Ito's remaining hues, then further distinct ones
// (never the class colours of the lab).
ImU32 regionColour(const DataImport& shown, int k) {
  if (k == shown.positive) return plot::kPositive;
  if (k == shown.negative) return plot::kNegative;
  static constexpr ImU32 kOthers[] = {IM_COL32(0, 158, 115, 255),   IM_COL32(204, 121, 167, 255),
                                      IM_COL32(128, 128, 0, 255),   IM_COL32(140, 86, 75, 255),
                                      IM_COL32(148, 103, 189, 255), IM_COL32(127, 127, 127, 255),
                                      IM_COL32(23, 190, 207, 255),  IM_COL32(188, 189, 34, 255)};
  int other = k;
  if (k > shown.positive) --other;
  if (k > shown.negative) --other;
  return kOthers[static_cast<std::size_t>(other) % (sizeof kOthers / sizeof kOthers[0])];
}

// The multi-class regions: each grid cell tinted with the class that wins the vote there, then
// the samples of the classes the lab does not step (the lab draws its own two on top), and a
// key naming every class.
void drawClassRegions(ImDrawList* draw, const CanvasView& view, ClassRegions& regions,
                      const DataImport& shown, float radius) {
  const PlotRect visible = view.visible();
  updateRegionGrid(regions, ViewWindow{visible.xMin, visible.xMax, visible.yMin, visible.yMax});
  const ViewWindow& g = regions.gridView;
  const double cellW = (g.xMax - g.xMin) / regions.cols, cellH = (g.yMax - g.yMin) / regions.rows;
  // Cell edges on whole pixels, shared by neighbours (no seams where translucent cells would
  // overlap); a row's run of one class is one rectangle.
  const auto edgeX = [&](int col) { return std::round(view.toScreen(g.xMin + col * cellW, 0).x); };
  const auto edgeY = [&](int row) { return std::round(view.toScreen(0, g.yMax - row * cellH).y); };
  for (int row = 0; row < regions.rows; ++row) {
    int col = 0;
    while (col < regions.cols) {
      const int k = regions.cellClass[static_cast<std::size_t>(row * regions.cols + col)];
      int end = col + 1;
      while (end < regions.cols &&
             regions.cellClass[static_cast<std::size_t>(row * regions.cols + end)] == k) {
        ++end;
      }
      if (k >= 0) {
        draw->AddRectFilled(ImVec2(edgeX(col), edgeY(row)), ImVec2(edgeX(end), edgeY(row + 1)),
                            plot::withAlpha(regionColour(shown, k), 0.30f));
      }
      col = end;
    }
  }
  const Dataset& data = shown.data;
  for (Index i = 0; i < data.size(); ++i) {
    const int k = importedClassIndex(shown.classes, data.y(i));
    if (k < 0 || k == shown.positive || k == shown.negative) continue;
    const ImVec2 s = view.toScreen(data.x(i, shown.featureX), data.x(i, shown.featureY));
    plot::marker(draw, s, plot::Marker::Circle, radius - 1, regionColour(shown, k),
                 IM_COL32(255, 255, 255, 255), 1.2f);
  }
}

// The regions' key, top left over the plot: one swatch per class, and how well the vote fits the
// file.
void drawClassKey(ImDrawList* draw, const CanvasView& view, const ClassRegions& regions,
                  const DataImport& shown) {
  char accuracy[96];
  std::snprintf(accuracy, sizeof accuracy, "one-vs-one, %zu pairs: training accuracy %.1f%%%s",
                regions.subproblems.size(), 100.0 * regions.trainingAccuracy,
                regions.converged ? "" : " (a pair stopped at its cap)");
  ImVec2 at(view.min.x + 8, view.min.y + 6);
  const float line = ImGui::GetTextLineHeight();
  float width = ImGui::CalcTextSize(accuracy).x;
  for (const ImportedClass& c : shown.classes) {
    width = std::max(width, line + 6 + ImGui::CalcTextSize(c.name.c_str()).x);
  }
  const float height = line * static_cast<float>(shown.classes.size() + 1) + 8;
  draw->AddRectFilled(ImVec2(at.x - 4, at.y - 3), ImVec2(at.x + width + 6, at.y + height),
                      IM_COL32(255, 255, 255, 150), 3);  // the points under it stay visible
  draw->AddText(at, plot::kInk, accuracy);
  for (std::size_t c = 0; c < shown.classes.size(); ++c) {
    at.y += line;
    const ImU32 colour = regionColour(shown, static_cast<int>(c));
    draw->AddRectFilled(ImVec2(at.x, at.y + 2), ImVec2(at.x + line - 4, at.y + line - 2), colour);
    std::string name = shown.classes[c].name;
    if (static_cast<int>(c) == shown.positive) name += "  (y = +1 in the lab)";
    if (static_cast<int>(c) == shown.negative) name += "  (y = −1 in the lab)";
    draw->AddText(ImVec2(at.x + line + 2, at.y), plot::kInk, name.c_str());
  }
}
constexpr ImU32 kKktHalo = IM_COL32(240, 228, 66, 200);  // Okabe–Ito yellow

SupportCategory categoryOf(const LabState& lab, Index i) {
  const auto& categories = lab.model.solution.categories;
  if (!lab.model.valid || i < 0 || static_cast<std::size_t>(i) >= categories.size()) {
    return SupportCategory::NotSupport;
  }
  return categories[static_cast<std::size_t>(i)];
}

plot::Marker markerOf(SupportCategory category) {
  switch (category) {
    case SupportCategory::Free:
      return plot::Marker::Diamond;
    case SupportCategory::Bound:
      return plot::Marker::Square;
    default:
      return plot::Marker::Circle;
  }
}

float pointRadius(Index n) {
  if (n > 1000) return 3.5f;
  if (n > 300) return 4.5f;
  return 6.0f;
}

// The legend: a strip under the canvas (never over the points), laid out as a flowing row of
// symbol + words that wraps at the canvas width. Returns its height; draws only when `draw`.
// `positive`, `negative`: the classes' words (session/file_actions.hpp importedClassWords).
float legendStrip(ImDrawList* draw, ImVec2 origin, float width, bool hardMargin, bool kkt,
                  const std::string& positive, const std::string& negative) {
  enum class Symbol { Positive, Negative, Zero, Free, Bound, Boundary, Margins, Pair, Halo };
  struct Item {
    Symbol symbol;
    const char* text;
  };
  const Item items[] = {
      {Symbol::Positive, positive.c_str()},
      {Symbol::Negative, negative.c_str()},
      {Symbol::Zero, "α = 0"},
      {Symbol::Free, "0 < α < C (free SV)"},
      {Symbol::Bound, hardMargin ? "α = C (bound; none at C = ∞)" : "α = C (bound SV)"},
      {Symbol::Boundary, "f = 0"},
      {Symbol::Margins, "f = ±1"},
      {Symbol::Pair, "last pair i, j"},
      {Symbol::Halo, "KKT violation"},
  };
  const float lh = ImGui::GetTextLineHeight();
  const float row = lh + 4;
  const float symbolWidth = 22;
  float x = origin.x, y = origin.y + 2;
  const ImU32 grey = IM_COL32(150, 150, 150, 255);
  for (const Item& item : items) {
    if (item.symbol == Symbol::Halo && !kkt) continue;
    const float w = symbolWidth + ImGui::CalcTextSize(item.text).x + 14;
    if (x + w > origin.x + width && x > origin.x) {
      x = origin.x;
      y += row;
    }
    if (draw) {
      const ImVec2 c(x + 9, y + lh / 2);
      switch (item.symbol) {
        case Symbol::Positive:
          plot::marker(draw, c, plot::Marker::Circle, 5, plot::kPositive, IM_COL32_WHITE);
          break;
        case Symbol::Negative:
          plot::marker(draw, c, plot::Marker::Circle, 5, plot::kNegative, IM_COL32_WHITE);
          break;
        case Symbol::Zero:
          plot::marker(draw, c, plot::Marker::Circle, 4, grey, IM_COL32_WHITE);
          break;
        case Symbol::Free:
          plot::marker(draw, c, plot::Marker::Diamond, 5, grey, plot::kInk, 1.6f);
          break;
        case Symbol::Bound:
          plot::marker(draw, c, plot::Marker::Square, 5, grey, plot::kInk, 1.6f);
          break;
        case Symbol::Boundary:
          draw->AddLine(ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), plot::kInk, 2.2f);
          break;
        case Symbol::Margins:
          plot::dashedLine(draw, ImVec2(c.x - 9, c.y - 2), ImVec2(c.x + 9, c.y - 2),
                           plot::kPositive, 1.6f, 4, 3);
          plot::dashedLine(draw, ImVec2(c.x - 9, c.y + 2), ImVec2(c.x + 9, c.y + 2),
                           plot::kNegative, 1.6f, 4, 3);
          break;
        case Symbol::Pair:
          draw->AddCircle(ImVec2(c.x - 3, c.y), 5, plot::kPairI, 12, 2.0f);
          draw->AddCircle(ImVec2(c.x + 5, c.y), 5, plot::kPairJ, 12, 2.0f);
          break;
        case Symbol::Halo:
          draw->AddCircleFilled(c, 7, plot::withAlpha(kKktHalo, 0.55f), 16);
          break;
      }
      draw->AddText(ImVec2(x + symbolWidth, y), plot::kInk, item.text);
    }
    x += w;
  }
  return y + row - origin.y;
}

void drawTooltip(const LabState& lab, UiState& ui, Index i) {
  if (i < 0 || i >= lab.pointCount()) return;
  const double x = lab.data.points(i, 0), y = lab.data.points(i, 1);
  const double label = lab.data.labels(i);
  ImGui::BeginTooltip();
  const std::string header =
      "Point " + std::to_string(pointNumber(i)) + ", class y = " + (label > 0 ? "+1" : "−1");
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::classColour(label)), "%s",
                     header.c_str());
  ui.tooltip = header;  // for window.kpg (param_widgets.hpp guideJson)
  ui.tooltipFrame = ImGui::GetFrameCount();
  ImGui::Text("x = (%s, %s)", formatShort(x).c_str(), formatShort(y).c_str());
  const ModelView& m = lab.model;
  if (m.valid && i < m.solution.alpha.size()) {
    const SupportCategory category = categoryOf(lab, i);
    const char* state = category == SupportCategory::Free    ? "free SV (0 < α < C)"
                        : category == SupportCategory::Bound ? "bound SV (α = C)"
                                                             : "not a SV (α = 0)";
    ImGui::Text("α = %s   %s", formatShort(m.solution.alpha(i)).c_str(), state);
    if (i < m.decision.size()) {
      const double f = m.decision(i);
      ImGui::Text("f(x) = %s", formatShort(f).c_str());
      // Within the solver's eps of 1 is "on the margin": where a free SV sits at convergence.
      ImGui::Text("y·f(x) = %s  (%s)", formatShort(label * f).c_str(),
                  marginPositionWords(label * f, lab.params.eps));
    }
    if (i < m.solution.slacks.size()) {
      ImGui::Text("ξ = max(0, 1 − y·f(x)) = %s", formatShort(m.solution.slacks(i)).c_str());
    }
    if (i < m.kktViolation.size()) {
      ImGui::Text("KKT violation = %s", formatShort(m.kktViolation(i)).c_str());
    }
  } else {
    ImGui::TextDisabled("no solver: %s", lab.problemError ? lab.problemError->message.c_str()
                                                          : "add points of both classes");
  }
  ImGui::EndTooltip();
}

constexpr double kInfoNoticeSeconds = 8.0;
// CSS pixels right of the plot for the colour bar of f(x) and its ticks.
constexpr float kColourBarWidth = 58;

// The line under the plot: (x₁, x₂) and f(x) under the pointer; with the linear kernel w, b and
// the margin (notes 001 Q7: w = (1, ½), t = 3/2 so b = −3/2, m = 1/‖w‖ = 2/√5). Fills ui's
// readout for window.kpg.
void readoutLine(ImDrawList* draw, ImVec2 at, const LabState& lab, UiState& ui,
                 const CanvasView& view, bool hovered) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  UiState::CursorReadout& cursor = ui.cursor;
  cursor.inside = hovered && mouse.x >= view.min.x && mouse.x <= view.max.x &&
                  mouse.y >= view.min.y && mouse.y <= view.max.y;
  cursor.hasF = false;
  std::string text;
  if (cursor.inside) {
    cursor.x1 = view.plotX(mouse.x);
    cursor.x2 = view.plotY(mouse.y);
    text = "x = (" + formatShort(cursor.x1) + ", " + formatShort(cursor.x2) + ")";
    if (lab.model.valid && lab.model.model.classCount == 2) {
      Vector x(2);
      x << cursor.x1, cursor.x2;
      const Vector f = decisionValues(lab.model.model, x);
      if (f.size() == 1 && std::isfinite(f(0))) {
        cursor.hasF = true;
        cursor.f = f(0);
        text += "   f(x) = " + formatShort(cursor.f) +
                (cursor.f > 0   ? "  (class +1 side)"
                 : cursor.f < 0 ? "  (class −1 side)"
                                : "");
      }
    }
  }
  // Nothing while the pointer is elsewhere: the exported figure (figure_export.cpp) keeps this
  // line, and w belongs in it but a prompt does not.
  if (!text.empty()) draw->AddText(at, plot::kInk, text.c_str());

  const BinarySolutionView& s = lab.model.solution;
  ui.linearShown = lab.model.valid && lab.params.kernel.type == KernelType::Linear && s.w &&
                   s.w->size() == 2 && s.margin;
  if (!ui.linearShown) return;
  ui.linearW[0] = (*s.w)(0);
  ui.linearW[1] = (*s.w)(1);
  ui.linearMargin = *s.margin;
  ui.linearWidth = 2 * *s.margin;
  const std::string linear = "w = (" + formatShort(ui.linearW[0]) + ", " +
                             formatShort(ui.linearW[1]) + ")   b = " + formatShort(s.bias) +
                             "   m = 1/‖w‖ = " + formatShort(ui.linearMargin) +
                             "   (band 2/‖w‖ = " + formatShort(ui.linearWidth) + ")";
  const float width = ImGui::CalcTextSize(linear.c_str()).x;
  const float right = view.max.x - width - 4;
  const float textEnd = text.empty() ? at.x : at.x + ImGui::CalcTextSize(text.c_str()).x + 16;
  // w at the right when both fit; on a narrow canvas the cursor's readout has the line while the
  // pointer is over the plot, and w the rest of the time.
  if (text.empty()) {
    draw->AddText(at, plot::kInk, linear.c_str());
  } else if (right >= textEnd) {
    draw->AddText(ImVec2(right, at.y), plot::kInk, linear.c_str());
  }
}

void drawNotices(LabState& lab, UiState& ui) {
  if (!lab.notices.empty() && lab.notices.back().id != ui.noticeId) {
    ui.noticeId = lab.notices.back().id;
    ui.noticeSince = ui.nowSeconds;
  }
  const bool stale = !lab.notices.empty() &&
                     (lab.notices.back().kind == NoticeKind::Info ||
                      lab.notices.back().kind == NoticeKind::SolverReset) &&
                     ui.nowSeconds - ui.noticeSince > kInfoNoticeSeconds;
  if (lab.notices.empty() || stale) {
    // A phone-sized page gets the touch words, which also fit its narrow canvas.
    ImGui::TextDisabled(ImGui::GetIO().DisplaySize.x < kPhoneLayoutBelow
                            ? "Tap: add · drag: move · pinch: zoom · hold: delete"
                            : "Click: add · drag: move or pan · wheel: zoom · long press: delete");
    return;
  }
  const Notice& notice = lab.notices.back();
  ImVec4 colour(0.2f, 0.2f, 0.25f, 1);
  const char* prefix = "";
  switch (notice.kind) {
    case NoticeKind::SolverReset:
      colour = ImVec4(0.0f, 0.35f, 0.6f, 1);
      prefix = "↺ ";
      break;
    case NoticeKind::Warning:
      colour = ImVec4(0.6f, 0.35f, 0.0f, 1);
      prefix = "⚠ ";
      break;
    case NoticeKind::Error:
      colour = ImVec4(0.7f, 0.1f, 0.1f, 1);
      prefix = "✖ ";
      break;
    default:
      break;
  }
  const std::uint64_t id = notice.id;
  if (ImGui::SmallButton("×")) {
    dispatchUi(lab, ui, action::DismissNotice{id});
    return;
  }
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(prefix);
  ImGui::SameLine(0, 0);
  // Literal text (never markup): a notice may quote user data (docs/bad-inputs.md W4).
  ImGui::TextUnformatted(notice.text.c_str());
  ImGui::PopStyleColor();
  if (lab.notices.size() > 1) {
    ImGui::SameLine();
    ImGui::TextDisabled("(+%d)", static_cast<int>(lab.notices.size() - 1));
  }
}

}  // namespace

void drawCanvasPanel(LabState& lab, UiState& ui, const PanelRect& rect, ClassRegions* regions,
                     const DataImport* shown) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoScrollWithMouse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (!ImGui::Begin("Canvas: the data and f(x)", nullptr, flags)) {
    ImGui::End();
    return;
  }
  drawNotices(lab, ui);

  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  // The colour bar's strip is kept while the field is shown, so the plot does not move when a
  // model appears.
  const float barWidth = ui.showField && size.x > 300 ? kColourBarWidth : 0.0f;
  size.x = std::max(size.x - barWidth, 50.0f);
  const bool hard = lab.params.hardMargin();
  const std::string positiveWords = importedClassWords(shown, 1),
                    negativeWords = importedClassWords(shown, -1);
  const float legendHeight = ui.showLegend ? legendStrip(nullptr, min, size.x, hard, ui.showKkt,
                                                         positiveWords, negativeWords)
                                           : 0.0f;
  const float readoutHeight = ImGui::GetTextLineHeightWithSpacing();
  size.y = std::max(size.y - legendHeight - readoutHeight, 50.0f);
  ImGui::InvisibleButton("canvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const CanvasView view = CanvasView::fit(lab.view, min, max);
  ui.canvas = view;
  ui.canvasValid = view.valid();

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  draw->AddRectFilled(min, max, IM_COL32(255, 255, 255, 255));

  const bool regionsShown = regions && shown && !regions->classes.empty();
  // The field (a texture rendered for some plot rectangle; it follows pans until redrawn); the
  // multi-class regions take its place while shown.
  if (!regionsShown && ui.showField && lab.model.valid && ui.field.texture != 0) {
    const PlotRect& r = ui.field.rect;
    draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(ui.field.texture)),
                   view.toScreen(r.xMin, r.yMax), view.toScreen(r.xMax, r.yMin), ImVec2(0, 1),
                   ImVec2(1, 0));
  }
  const Matrix& points = lab.data.points;
  const Index n = points.rows();
  const float radius = pointRadius(n);
  if (regionsShown) drawClassRegions(draw, view, *regions, *shown, radius);
  // An import with a header names the axes after the features shown.
  std::string xAxis = "x₁ →", yAxis = "↑ x₂";
  if (shown && !shown->data.featureNames.empty()) {
    xAxis = shown->data.featureNames[static_cast<std::size_t>(shown->featureX)] + " →";
    yAxis = "↑ " + shown->data.featureNames[static_cast<std::size_t>(shown->featureY)];
  }
  drawCanvasAxes(draw, view, xAxis.c_str(), yAxis.c_str());

  const bool haveModel = lab.model.valid;

  // KKT overlay: a yellow halo whose size grows with the point's violation.
  if (ui.showKkt && haveModel && lab.model.kktViolation.size() == n) {
    for (Index i = 0; i < n; ++i) {
      const double v = lab.model.kktViolation(i);
      if (!(v > 1e-9)) continue;
      const ImVec2 s = view.toScreen(points(i, 0), points(i, 1));
      const float halo = radius + 3 + 12 * static_cast<float>(std::min(1.0, std::sqrt(v / 2)));
      draw->AddCircleFilled(s, halo, plot::withAlpha(kKktHalo, 0.55f), 20);
      draw->AddCircle(s, halo, IM_COL32(120, 110, 0, 200), 20, 1.0f);
    }
  }

  // Points: non-SVs first so the support vectors sit on top. Many points are drawn without
  // ImGui's anti-aliasing fringes and with fewer segments: on a software rasterizer each point's
  // triangles cost (web/bench/frame_time.mjs), and at that density the fringe is not seen.
  const ImDrawListFlags savedFlags = draw->Flags;
  if (n > kCheapPointsAbove)
    draw->Flags &= ~(ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AntiAliasedLines);
  for (int pass = 0; pass < 2; ++pass) {
    for (Index i = 0; i < n; ++i) {
      const SupportCategory category = categoryOf(lab, i);
      const bool support = category != SupportCategory::NotSupport;
      if (support != (pass == 1)) continue;
      const ImVec2 s = view.toScreen(points(i, 0), points(i, 1));
      const ImU32 fill = plot::classColour(lab.data.labels(i));
      if (support) {
        plot::marker(draw, s, markerOf(category), radius + 1, fill, plot::kInk, 1.8f);
      } else if (n > kCheapPointsAbove) {
        draw->AddCircleFilled(s, radius - 0.5f, fill, 8);
      } else {
        plot::marker(draw, s, plot::Marker::Circle, radius - 1, fill, IM_COL32(255, 255, 255, 255),
                     1.2f);
      }
    }
  }
  draw->Flags = savedFlags;

  // The current pair (the step that led here): i and j ringed in the pair colours.
  if (lab.history && lab.history->lastStep() && lab.history->lastStep()->updated) {
    const SmoStep& step = *lab.history->lastStep();
    const Index pair[2] = {step.i, step.j};
    const ImU32 colours[2] = {plot::kPairI, plot::kPairJ};
    const char* names[2] = {"i", "j"};
    for (int k = 0; k < 2; ++k) {
      if (pair[k] < 0 || pair[k] >= n) continue;
      const ImVec2 s = view.toScreen(points(pair[k], 0), points(pair[k], 1));
      draw->AddCircle(s, radius + 6, colours[k], 24, 3.0f);
      plot::label(draw, ImVec2(s.x + radius + 6, s.y - radius - 18), colours[k], names[k]);
    }
  }

  // Hover and pin highlights.
  if (ui.hoverIndex >= 0 && ui.hoverIndex < n) {
    const ImVec2 s = view.toScreen(points(ui.hoverIndex, 0), points(ui.hoverIndex, 1));
    draw->AddCircle(s, radius + 10, plot::kAccent, 24, 2.5f);
  }
  if (ui.pinnedIndex >= 0 && ui.pinnedIndex < n) {
    const ImVec2 s = view.toScreen(points(ui.pinnedIndex, 0), points(ui.pinnedIndex, 1));
    draw->AddCircle(s, radius + 10, plot::kInk, 24, 1.5f);
  }

  if (regionsShown) drawClassKey(draw, view, *regions, *shown);
  if (!lab.model.valid && lab.problemError) {
    const std::string text = "No solver yet: " + lab.problemError->message;
    plot::label(draw, ImVec2(min.x + 12, min.y + 28), IM_COL32(150, 30, 30, 255), text.c_str());
  }
  if (!ui.fieldError.empty()) {
    plot::label(draw, ImVec2(min.x + 12, min.y + 48), IM_COL32(150, 30, 30, 255),
                ui.fieldError.c_str());
  }
  draw->PopClipRect();
  // The bar is f(x)'s: not shown while the multi-class regions replace the field.
  ui.colourBarShown = barWidth > 0 && lab.model.valid && !regionsShown;
  if (ui.colourBarShown) {
    drawColourBar(draw, ImVec2(max.x, min.y), ImVec2(max.x + barWidth, max.y));
  }
  readoutLine(draw, ImVec2(min.x + 2, max.y + 2), lab, ui, view, hovered);
  if (ui.showLegend) {
    legendStrip(draw, ImVec2(min.x, max.y + readoutHeight), size.x, hard, ui.showKkt, positiveWords,
                negativeWords);
  }

  handleCanvasInput(lab, ui, view, hovered);

  // Tooltip for the point under the pointer (or the pinned one).
  if (hovered && !ui.gesture.active) {
    const Index under = hitTest(lab, view, ImGui::GetIO().MousePos, kHitRadius);
    if (under >= 0) ui.hoverNext = under;
  }
  const Index tip = ui.gesture.draggingPoint ? ui.gesture.pointIndex
                    : ui.hoverIndex >= 0     ? ui.hoverIndex
                                             : ui.pinnedIndex;
  if (tip >= 0 && tip < n && (hovered || tip == ui.pinnedIndex)) drawTooltip(lab, ui, tip);
  if (ui.pinnedIndex >= n) ui.pinnedIndex = -1;
  ImGui::End();
}

}  // namespace kpg::app
