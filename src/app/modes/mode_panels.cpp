// The canvas modes' screens (issue 6). What each shows a student:
//   Perceptron  the boundary h(x) = 0 after each update over the class-coloured half planes, the
//               visited sample ringed (orange: no update, purple: a mistake and its update), each
//               point's mistake count (the dual α), β/β₀ or α on the right, mistakes per point
//               below; "stopped at the epoch cap" when the data are not separable.
//   k-NN        the decision regions over the plane; hovering shows lines to the K neighbours of
//               the pointer's location and the vote.
//   k-means     cluster regions (nearest mean in feature space) after each step, points coloured
//               by cluster, the objective over the steps below.
//   Kernel PCA  contour lines of the projection onto the selected component over the plane, the
//               first 8 as small multiples below with their eigenvalues (Schölkopf et al. 1998,
//               figure in course-notes 000), the data in the first two components on the right.
//   LDA / KFD   projection contours, the threshold line, the histogram of the projected classes.
//   ε-SVR       points as (x, t), the fitted curve, the ε-tube, α versus α* by colour, SVs ringed.
// Grids are computed on the CPU at ≤ 96×96 only when the model or the view changed (SwiftShader
// is slow, TOOLCHAIN.md), and drawn as run-length cells and marching-squares contour lines.

#include "modes/mode_panels.hpp"

#include "modes/contour.hpp"
#include "panels/canvas_view.hpp"
#include "panels/plot.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

// Okabe–Ito colours for clusters (k ≤ 8), in an order that keeps neighbours distinguishable.
constexpr ImU32 kClusterColours[] = {
    IM_COL32(230, 159, 0, 255),   IM_COL32(86, 180, 233, 255), IM_COL32(0, 158, 115, 255),
    IM_COL32(204, 121, 167, 255), IM_COL32(0, 114, 178, 255),  IM_COL32(213, 94, 0, 255),
    IM_COL32(240, 228, 66, 255),  IM_COL32(90, 90, 90, 255),
};
constexpr ImU32 kVisitOk = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kVisitMistake = IM_COL32(204, 60, 140, 255);
constexpr ImU32 kAlphaColour = IM_COL32(213, 94, 0, 255);       // αᵢ > 0: point above the tube
constexpr ImU32 kAlphaStarColour = IM_COL32(0, 114, 178, 255);  // αᵢ* > 0: below the tube
constexpr ImU32 kInsideTube = IM_COL32(160, 160, 160, 255);

ImU32 clusterColour(int c) {
  const int count = static_cast<int>(sizeof(kClusterColours) / sizeof(kClusterColours[0]));
  return kClusterColours[((c % count) + count) % count];
}

// What the screen keeps between frames.
struct GridKey {
  Mode mode = Mode::Svm;
  std::uint64_t revision = 0;
  PlotRect rect;
  int component = -1;
  int side = 0;
  bool operator==(const GridKey& o) const {
    return mode == o.mode && revision == o.revision && rect == o.rect && component == o.component &&
           side == o.side;
  }
};

struct ModeView {
  GridKey canvasKey;
  FieldGrid canvasGrid;
  bool canvasGridValid = false;
  std::uint64_t multiplesRevision = 0;
  PlotRect multiplesRect;
  std::vector<FieldGrid> multiples;  // kernel PCA, one per component
  bool hoverValid = false;
  double hoverX = 0, hoverY = 0;
  CanvasGesture gesture;
  double gridMs = 0;
  int presetIndex = 0;
};

ModeView& modeView() {
  static ModeView v;
  return v;
}

double nowMs() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

// ---- Grids ----------------------------------------------------------------------------------

// Grid side so that side² · n kernel terms stay near 3·10⁶ (about 20–40 ms in WebAssembly).
int gridSide(Index n) {
  const double side = std::sqrt(3.0e6 / static_cast<double>(std::max<Index>(n, 1)));
  return std::clamp(static_cast<int>(side), 32, 96);
}

Matrix gridRows(const FieldGrid& g) {
  Matrix rows(static_cast<Index>(g.nx) * g.ny, 2);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const Index r = static_cast<Index>(j) * g.nx + i;
      rows(r, 0) = g.x(i);
      rows(r, 1) = g.y(j);
    }
  return rows;
}

double clean(double v) {
  return std::isfinite(v) ? v : std::nan("");
}

// The current mode's field over `rect` (empty when the mode draws none).
bool computeField(const ModesState& modes, const PlotRect& rect, int side, FieldGrid& out) {
  out = makeGrid(rect, side, side);
  Vector p(2);
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& m = modes.perceptron;
      if (!m.primal && !m.dual) return false;
      for (int j = 0; j < out.ny; ++j)
        for (int i = 0; i < out.nx; ++i) {
          p << out.x(i), out.y(j);
          out.at(i, j) = clean(m.primal ? m.primal->decisionValue(p) : m.dual->decisionValue(p));
        }
      return true;
    }
    case Mode::Knn: {
      const KnnMode& m = modes.knn;
      if (!m.knn.fitted()) return false;
      for (int j = 0; j < out.ny; ++j)
        for (int i = 0; i < out.nx; ++i) {
          p << out.x(i), out.y(j);
          out.at(i, j) = m.knn.predict(p) > 0 ? 1.0 : -1.0;
        }
      return true;
    }
    case Mode::Kmeans: {
      const KmeansMode& m = modes.kmeans;
      if (!m.kmeans) return false;
      for (int j = 0; j < out.ny; ++j)
        for (int i = 0; i < out.nx; ++i) {
          p << out.x(i), out.y(j);
          out.at(i, j) = m.kmeans->assign(p).cluster;
        }
      return true;
    }
    case Mode::Kpca: {
      const KpcaMode& m = modes.kpca;
      if (!m.error.empty() || m.pca.info() != KernelPcaStatus::Success) return false;
      if (m.selected >= m.pca.eigenvalues().size()) return false;
      const Matrix proj = m.pca.projectRows(gridRows(out));
      for (Index r = 0; r < proj.rows(); ++r)
        out.values[static_cast<std::size_t>(r)] = clean(proj(r, m.selected));
      return true;
    }
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      if (!m.ok()) return false;
      for (int j = 0; j < out.ny; ++j)
        for (int i = 0; i < out.nx; ++i) out.at(i, j) = clean(m.projection(out.x(i), out.y(j)));
      return true;
    }
    default:
      return false;
  }
}

// ---- Drawing helpers -------------------------------------------------------------------------

void drawCells(ImDrawList* draw, const CanvasView& view, const FieldGrid& g,
               ImU32 (*colourOf)(double)) {
  if (g.empty()) return;
  const double dx = (g.rect.xMax - g.rect.xMin) / (g.nx - 1);
  const double dy = (g.rect.yMax - g.rect.yMin) / (g.ny - 1);
  for (int j = 0; j < g.ny; ++j) {
    int i = 0;
    while (i < g.nx) {
      const double v = g.at(i, j);
      int e = i + 1;
      while (e < g.nx && (g.at(e, j) == v || (std::isnan(v) && std::isnan(g.at(e, j))))) ++e;
      if (std::isfinite(v)) {
        const ImVec2 a = view.toScreen(g.x(i) - dx / 2, g.y(j) + dy / 2);
        const ImVec2 b = view.toScreen(g.x(e - 1) + dx / 2, g.y(j) - dy / 2);
        draw->AddRectFilled(a, b, colourOf(v));
      }
      i = e;
    }
  }
}

void drawContour(ImDrawList* draw, const CanvasView& view, const FieldGrid& g, double level,
                 ImU32 colour, float thickness) {
  for (const ContourSegment& s : contourSegments(g, level)) {
    draw->AddLine(view.toScreen(s.x0, s.y0), view.toScreen(s.x1, s.y1), colour, thickness);
  }
}

ImU32 signRegion(double v) {
  return v > 0 ? plot::withAlpha(plot::kPositive, 0.16f) : plot::withAlpha(plot::kNegative, 0.16f);
}
ImU32 clusterRegion(double v) {
  return plot::withAlpha(clusterColour(static_cast<int>(v)), 0.22f);
}

void drawAxesGrid(ImDrawList* draw, const CanvasView& view, const char* xName, const char* yName) {
  const PlotRect r = view.visible();
  const float width = view.max.x - view.min.x, height = view.max.y - view.min.y;
  const auto xt = plot::niceTicks(r.xMin, r.xMax, std::max(2, static_cast<int>(width / 90)));
  const auto yt = plot::niceTicks(r.yMin, r.yMax, std::max(2, static_cast<int>(height / 70)));
  const double xs = xt.size() > 1 ? xt[1] - xt[0] : 1;
  const double ys = yt.size() > 1 ? yt[1] - yt[0] : 1;
  const float lh = ImGui::GetTextLineHeight();
  for (double v : xt) {
    const float sx = view.toScreen(v, 0).x;
    draw->AddLine(ImVec2(sx, view.min.y), ImVec2(sx, view.max.y),
                  v == 0 ? IM_COL32(0, 0, 0, 70) : plot::kGrid);
    plot::label(draw, ImVec2(sx + 3, view.max.y - lh - 2), plot::kMuted,
                plot::formatTick(v, xs).c_str());
  }
  for (double v : yt) {
    const float sy = view.toScreen(0, v).y;
    draw->AddLine(ImVec2(view.min.x, sy), ImVec2(view.max.x, sy),
                  v == 0 ? IM_COL32(0, 0, 0, 70) : plot::kGrid);
    plot::label(draw, ImVec2(view.min.x + 4, sy - lh - 1), plot::kMuted,
                plot::formatTick(v, ys).c_str());
  }
  plot::label(draw, ImVec2(view.max.x - ImGui::CalcTextSize(xName).x - 6, view.max.y - 2 * lh - 6),
              plot::kInk, xName);
  plot::label(draw, ImVec2(view.min.x + 4, view.min.y + 4), plot::kInk, yName);
}

float pointRadius(Index n) {
  return n > 1000 ? 3.5f : n > 300 ? 4.5f : 6.0f;
}

Index hitTest(const LabState& lab, const CanvasView& view, ImVec2 p, float radius) {
  Index best = -1;
  float bestD = radius * radius;
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const ImVec2 s = view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1));
    const float d = (s.x - p.x) * (s.x - p.x) + (s.y - p.y) * (s.y - p.y);
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

// Click adds (current class), drag a point moves it, drag elsewhere pans, wheel zooms, long
// press deletes — the lab's actions, so undo/redo and autosave work in every mode.
void handleCanvasInput(LabState& lab, UiState& ui, const CanvasView& view, bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  CanvasGesture& g = modeView().gesture;
  const ImVec2 mouse = io.MousePos;
  if (hovered && io.MouseWheel != 0 && std::isfinite(io.MouseWheel)) {
    const double factor =
        std::pow(1.15, static_cast<double>(std::clamp(io.MouseWheel, -10.0f, 10.0f)));
    dispatchUi(lab, action::SetView{zoomedWindow(lab.view, view, mouse, factor)});
  }
  if (hovered && ImGui::IsMouseClicked(0)) {
    g = CanvasGesture{};
    g.active = true;
    g.start = mouse;
    g.startSeconds = ui.nowSeconds;
    g.pointIndex = hitTest(lab, view, mouse, 11.0f);
  }
  if (!g.active) return;
  if (ImGui::IsMouseDown(0)) {
    const float dx = mouse.x - g.start.x, dy = mouse.y - g.start.y;
    if (!g.moved && dx * dx + dy * dy > 36) g.moved = true;
    if (!g.moved && !g.longPressDone && g.pointIndex >= 0 &&
        ui.nowSeconds - g.startSeconds >= 0.6) {
      dispatchUi(lab, action::DeletePoint{g.pointIndex});
      g.longPressDone = true;
    }
    if (g.moved && !g.longPressDone) {
      if (g.pointIndex >= 0 && g.pointIndex < lab.pointCount() && ui.tool != CanvasTool::Pan) {
        const double x = view.plotX(mouse.x), y = view.plotY(mouse.y);
        if (std::isfinite(x) && std::isfinite(y)) {
          dispatchUi(lab, action::MovePoint{g.pointIndex, x, y, true});
          g.draggingPoint = true;
        }
      } else if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) {
        dispatchUi(lab, action::SetView{pannedWindow(lab.view, view, io.MouseDelta)});
      }
    }
    return;
  }
  if (!g.moved && !g.longPressDone) {
    if (ui.tool == CanvasTool::Erase && g.pointIndex >= 0) {
      dispatchUi(lab, action::DeletePoint{g.pointIndex});
    } else if (ui.tool == CanvasTool::AddMove && g.pointIndex < 0) {
      const double x = view.plotX(g.start.x), y = view.plotY(g.start.y);
      if (std::isfinite(x) && std::isfinite(y)) {
        dispatchUi(lab, action::AddPoint{x, y, ui.currentClass});
      }
    }
  }
  if (g.draggingPoint) dispatchUi(lab, action::EndDrag{});
  g = CanvasGesture{};
}

// A row of legend items under the canvas: coloured symbol + words.
struct LegendItem {
  ImU32 colour;
  int shape;  // 0 dot, 1 line, 2 ring, 3 dashed line, 4 patch
  std::string text;
};

float legendRow(ImDrawList* draw, ImVec2 origin, float width,
                const std::vector<LegendItem>& items) {
  const float lh = ImGui::GetTextLineHeight();
  float x = origin.x, y = origin.y + 2;
  for (const LegendItem& it : items) {
    const float w = 22 + ImGui::CalcTextSize(it.text.c_str()).x + 14;
    if (x + w > origin.x + width && x > origin.x) {
      x = origin.x;
      y += lh + 4;
    }
    if (draw) {
      const ImVec2 c(x + 9, y + lh / 2);
      switch (it.shape) {
        case 0:
          draw->AddCircleFilled(c, 5, it.colour, 12);
          break;
        case 1:
          draw->AddLine(ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), it.colour, 2.5f);
          break;
        case 2:
          draw->AddCircle(c, 6, it.colour, 16, 2.5f);
          break;
        case 3:
          plot::dashedLine(draw, ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), it.colour, 1.6f, 4, 3);
          break;
        case 5:
          plot::marker(draw, c, plot::Marker::Diamond, 6, it.colour, plot::kInk, 1.8f);
          break;
        case 6:
          plot::marker(draw, c, plot::Marker::Square, 6, it.colour, plot::kInk, 1.8f);
          break;
        default:
          draw->AddRectFilled(ImVec2(c.x - 8, c.y - 6), ImVec2(c.x + 8, c.y + 6), it.colour);
          break;
      }
      draw->AddText(ImVec2(x + 22, y), plot::kInk, it.text.c_str());
    }
    x += w;
  }
  return y + lh + 4 - origin.y;
}

std::vector<LegendItem> legendFor(const ModesState& modes) {
  std::vector<LegendItem> items;
  const ImU32 pos = plot::kPositive, neg = plot::kNegative;
  switch (modes.mode) {
    case Mode::Perceptron:
      items = {{pos, 0, "class +1"},
               {neg, 0, "class −1"},
               {plot::kInk, 1, "h(x) = 0"},
               {kVisitOk, 2, "visited, no update"},
               {kVisitMistake, 2, "visited: mistake → update"},
               {plot::kInk, 4,
                modes.perceptron.params.kernelForm ? "n = α (mistakes)" : "n = mistakes"}};
      items.back().colour = IM_COL32(255, 255, 255, 0);
      break;
    case Mode::Knn:
      items = {{pos, 0, "class +1"},
               {neg, 0, "class −1"},
               {plot::withAlpha(pos, 0.3f), 4, "predicted +1"},
               {plot::withAlpha(neg, 0.3f), 4, "predicted −1"},
               {plot::kAccent, 1, "hover: lines to the K nearest (feature-space distance)"}};
      break;
    case Mode::Kmeans:
      items = {
          {clusterColour(0), 0, "points by cluster (labels ignored)"},
          {plot::withAlpha(clusterColour(1), 0.4f), 4, "region: nearest mean in feature space"},
          {plot::kInk, 2, "k-means++ initial centres"}};
      break;
    case Mode::Kpca:
      items = {{pos, 1, "projection > 0"},
               {neg, 1, "projection < 0"},
               {plot::kInk, 1, "projection = 0"},
               {plot::kMuted, 0, "data (class colours)"}};
      break;
    case Mode::Kfd:
      items = {{plot::kInk, 1, "threshold: projection = t"},
               {IM_COL32(120, 120, 130, 255), 1, "projection contours"},
               {plot::withAlpha(pos, 0.3f), 4, "predicted +1"},
               {plot::withAlpha(neg, 0.3f), 4, "predicted −1"}};
      break;
    case Mode::Svr:
      items = {{plot::kInk, 1, "f(x)"},
               {plot::kMuted, 3, "ε-tube f ± ε"},
               {kAlphaColour, 0, "α > 0 (above)"},
               {kAlphaStarColour, 0, "α* > 0 (below)"},
               {kInsideTube, 0, "α = α* = 0"},
               {plot::kMuted, 5, "0 < α < C (on the tube's edge once converged)"},
               {plot::kMuted, 6, "α = C (outside the tube once converged)"},
               {plot::kPairI, 2, "last SMO pair"}};
      break;
    default:
      break;
  }
  return items;
}

// ---- The canvas ------------------------------------------------------------------------------

void drawPerceptronOverlay(ImDrawList* draw, const CanvasView& view, const LabState& lab,
                           const PerceptronMode& m, float radius) {
  const Matrix& pts = lab.data.points;
  // Small sets: each point's index, as the step record and the bar chart name them.
  if (pts.rows() <= 30) {
    for (Index i = 0; i < pts.rows(); ++i) {
      const ImVec2 s = view.toScreen(pts(i, 0), pts(i, 1));
      const std::string t = "x" + plot::subscript(i);
      draw->AddText(ImVec2(s.x + radius + 2, s.y - radius - 14), plot::kMuted, t.c_str());
    }
  }
  // Primal: β is the boundary's normal, pointing into the half plane h(x) > 0 (class +1).
  if (m.primal && m.primal->beta().size() == 2) {
    const Vector& beta = m.primal->beta();
    const double norm = beta.norm();
    if (norm > 0 && std::isfinite(norm)) {
      const PlotRect r = view.visible();
      Vector c(2);
      c << (r.xMin + r.xMax) / 2, (r.yMin + r.yMax) / 2;
      // The boundary point nearest the view centre: c − (β·c + β₀) β / ‖β‖².
      const Vector foot = c - (beta.dot(c) + m.primal->bias()) / (norm * norm) * beta;
      const Vector tip = foot + beta / norm * (0.12 * (r.xMax - r.xMin));
      plot::arrow(draw, view.toScreen(foot(0), foot(1)), view.toScreen(tip(0), tip(1)), plot::kInk,
                  2.0f);
      const ImVec2 t = view.toScreen(tip(0), tip(1));
      plot::label(draw, ImVec2(t.x + 4, t.y - 8), plot::kInk, "β");
    }
  }
  for (Index i = 0; i < pts.rows(); ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    const long long count = k < m.mistakes.size() ? m.mistakes[k] : 0;
    if (count <= 0) continue;
    const ImVec2 s = view.toScreen(pts(i, 0), pts(i, 1));
    const std::string t = std::to_string(count);
    plot::label(draw,
                ImVec2(s.x - radius - 4 - ImGui::CalcTextSize(t.c_str()).x, s.y - radius - 16),
                plot::kInk, t.c_str());
  }
  const Index next = m.primal ? m.primal->nextIndex() : m.dual ? m.dual->nextIndex() : -1;
  if (m.last && m.last->index >= 0 && m.last->index < pts.rows()) {
    const ImVec2 s = view.toScreen(pts(m.last->index, 0), pts(m.last->index, 1));
    const ImU32 c = m.last->mistake ? kVisitMistake : kVisitOk;
    draw->AddCircle(s, radius + 7, c, 24, 3.0f);
    char text[96];
    std::snprintf(text, sizeof text, "%s  y·h = %s", m.last->mistake ? "update" : "ok",
                  plot::formatNumber(m.last->margin).c_str());
    plot::label(draw, ImVec2(s.x + radius + 9, s.y + 2), c, text);
  }
  const bool running = m.primal ? !m.primal->finished() : m.dual && !m.dual->finished();
  if (running && next >= 0 && next < pts.rows()) {
    const ImVec2 s = view.toScreen(pts(next, 0), pts(next, 1));
    plot::dashedLine(draw, ImVec2(s.x - radius - 10, s.y), ImVec2(s.x - radius - 3, s.y),
                     plot::kMuted, 2.0f, 3, 2);
    plot::label(draw, ImVec2(s.x - radius - 46, s.y - 8), plot::kMuted, "next");
  }
}

void drawKnnHover(ImDrawList* draw, const CanvasView& view, const LabState& lab, const KnnMode& m,
                  double qx, double qy) {
  if (!m.knn.fitted()) return;
  Vector q(2);
  q << qx, qy;
  const KnnQuery r = m.knn.query(q);
  const ImVec2 s = view.toScreen(qx, qy);
  for (const KnnNeighbor& nb : r.neighbors) {
    if (nb.index < 0 || nb.index >= lab.pointCount()) continue;
    const ImVec2 p = view.toScreen(lab.data.points(nb.index, 0), lab.data.points(nb.index, 1));
    draw->AddLine(s, p, plot::kAccent, 2.0f);
    draw->AddCircle(p, 10, plot::kAccent, 20, 2.5f);
  }
  draw->AddCircleFilled(s, 5, plot::classColour(r.prediction), 12);
  draw->AddCircle(s, 6, plot::kInk, 12, 1.5f);
  ImGui::BeginTooltip();
  ImGui::Text("query (%s, %s)", plot::formatNumber(qx).c_str(), plot::formatNumber(qy).c_str());
  for (const KnnVote& v : r.votes)
    ImGui::Text("class %s: %d vote%s", v.label > 0 ? "+1" : "−1", v.votes, v.votes == 1 ? "" : "s");
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::classColour(r.prediction)),
                     "prediction %s%s", r.prediction > 0 ? "+1" : "−1",
                     r.voteTie ? " (vote tie → nearest neighbour's class)" : "");
  ImGui::EndTooltip();
}

void drawSvr(ImDrawList* draw, const CanvasView& view, const LabState& lab, const SvrMode& m,
             float radius) {
  const Index n = lab.pointCount();
  const bool haveModel = m.solver.has_value();
  if (haveModel) {
    const PlotRect r = view.visible();
    const int samples = 240;
    std::vector<ImVec2> curve, upper, lower;
    Vector p(1);
    for (int s = 0; s <= samples; ++s) {
      const double x = r.xMin + (r.xMax - r.xMin) * s / samples;
      p(0) = x;
      const Vector f = decisionValues(m.model, p);
      const double v = f.size() > 0 && std::isfinite(f(0)) ? f(0) : 0.0;
      curve.push_back(view.toScreen(x, v));
      upper.push_back(view.toScreen(x, v + m.epsilon));
      lower.push_back(view.toScreen(x, v - m.epsilon));
    }
    // The tube, shaded, then its edges dashed and the curve.
    for (int s = 0; s < samples; ++s) {
      draw->AddQuadFilled(upper[static_cast<std::size_t>(s)],
                          upper[static_cast<std::size_t>(s) + 1],
                          lower[static_cast<std::size_t>(s) + 1],
                          lower[static_cast<std::size_t>(s)], IM_COL32(0, 0, 0, 18));
    }
    for (int s = 0; s < samples; ++s) {
      const std::size_t a = static_cast<std::size_t>(s);
      if (s % 2 == 0) {
        draw->AddLine(upper[a], upper[a + 1], plot::kMuted, 1.3f);
        draw->AddLine(lower[a], lower[a + 1], plot::kMuted, 1.3f);
      }
    }
    draw->AddPolyline(curve.data(), static_cast<int>(curve.size()), plot::kInk, 0, 2.5f);
  }
  const Index vars = haveModel ? m.solver->alpha().size() / 2 : 0;
  // The last SMO pair: variable v is αᵥ (v < n) or αᵥ₋ₙ* (v ≥ n), both belong to point v mod n.
  if (haveModel && m.last && m.last->updated && vars > 0) {
    const Index pair[2] = {m.last->i, m.last->j};
    const ImU32 colours[2] = {plot::kPairI, plot::kPairJ};
    for (int k = 0; k < 2; ++k) {
      if (pair[k] < 0) continue;
      const Index i = pair[k] % vars;
      if (i >= n) continue;
      const ImVec2 s = view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1));
      draw->AddCircle(s, radius + 7, colours[k], 24, 3.0f);
    }
  }
  for (Index i = 0; i < n; ++i) {
    const ImVec2 s = view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1));
    ImU32 fill = kInsideTube;
    bool sv = false;
    if (haveModel && i < vars) {
      const double a = m.solver->alpha()(i), as = m.solver->alpha()(i + vars);
      if (a > 0) fill = kAlphaColour;
      if (as > 0) fill = kAlphaStarColour;
      sv = a > 0 || as > 0;
      const bool atC = a >= m.c || as >= m.c;
      if (sv) {
        plot::marker(draw, s, atC ? plot::Marker::Square : plot::Marker::Diamond, radius + 1, fill,
                     plot::kInk, 1.8f);
        continue;
      }
    }
    plot::marker(draw, s, plot::Marker::Circle, radius - 1, fill, IM_COL32_WHITE, 1.2f);
  }
}

// What the current method says about training point i (hover).
void pointTooltip(const LabState& lab, const ModesState& modes, Index i) {
  const double x = lab.data.points(i, 0), y = lab.data.points(i, 1);
  Vector p(2);
  p << x, y;
  ImGui::BeginTooltip();
  ImGui::Text("Point %d  (%s, %s)%s", static_cast<int>(i), plot::formatNumber(x).c_str(),
              plot::formatNumber(y).c_str(),
              modes.mode == Mode::Svr || modes.mode == Mode::Kmeans || modes.mode == Mode::Kpca
                  ? ""
                  : (lab.data.labels(i) > 0 ? "  class +1" : "  class −1"));
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& m = modes.perceptron;
      if (!m.primal && !m.dual) break;
      const double h = m.primal ? m.primal->decisionValue(p) : m.dual->decisionValue(p);
      ImGui::Text("h(x) = %s,  y·h(x) = %s", plot::formatNumber(h).c_str(),
                  plot::formatNumber(lab.data.labels(i) * h).c_str());
      const std::size_t k = static_cast<std::size_t>(i);
      ImGui::Text("mistakes on this point: %lld", k < m.mistakes.size() ? m.mistakes[k] : 0);
      break;
    }
    case Mode::Kmeans: {
      const KmeansMode& m = modes.kmeans;
      if (!m.kmeans || m.kmeans->iteration() == 0) break;
      const KmeansAssignment a = m.kmeans->assign(p);
      for (Index c = 0; c < a.distancesSquared.size(); ++c)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(clusterColour(static_cast<int>(c))),
                           "‖φ(x) − μ%s‖² = %s%s", plot::subscript(c + 1).c_str(),
                           plot::formatNumber(a.distancesSquared(c)).c_str(),
                           c == a.cluster ? "  ← nearest" : "");
      break;
    }
    case Mode::Kpca: {
      const KpcaMode& m = modes.kpca;
      if (m.pca.info() != KernelPcaStatus::Success) break;
      const Vector y2 = m.pca.project(p);
      for (Index c = 0; c < y2.size(); ++c)
        ImGui::Text("y%s(x) = %s", plot::subscript(c + 1).c_str(),
                    plot::formatNumber(y2(c)).c_str());
      break;
    }
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      if (!m.ok()) break;
      const double proj = m.projection(x, y);
      ImGui::Text("projection = %s, threshold t = %s", plot::formatNumber(proj).c_str(),
                  plot::formatNumber(m.threshold()).c_str());
      ImGui::Text("predicted %s", proj > m.threshold() ? "+1" : "−1");
      break;
    }
    case Mode::Svr: {
      const SvrMode& m = modes.svr;
      if (!m.solver) break;
      const Index n = m.solver->alpha().size() / 2;
      Vector q(1);
      q(0) = x;
      const Vector f = decisionValues(m.model, q);
      const double fx = f.size() > 0 ? f(0) : 0.0;
      ImGui::Text("f(x) = %s,  residual t − f(x) = %s", plot::formatNumber(fx).c_str(),
                  plot::formatNumber(y - fx).c_str());
      if (i < n)
        ImGui::Text("α = %s,  α* = %s", plot::formatNumber(m.solver->alpha()(i)).c_str(),
                    plot::formatNumber(m.solver->alpha()(i + n)).c_str());
      break;
    }
    default:
      break;
  }
  ImGui::EndTooltip();
}

void drawModeCanvas(LabState& lab, UiState& ui, ModesState& modes, const PanelRect& rect) {
  ModeView& mv = modeView();
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoScrollWithMouse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  const std::string title =
      std::string("Canvas: ") + std::string(modeTitle(modes.mode)) + "###modecanvas";
  if (!ImGui::Begin(title.c_str(), nullptr, flags)) {
    ImGui::End();
    return;
  }
  const std::string status = modeStatusText(modes);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.1f, 0.2f, 0.5f, 1));
  ImGui::TextWrapped("%s", status.c_str());
  ImGui::PopStyleColor();

  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  const std::vector<LegendItem> legend = legendFor(modes);
  const float legendHeight = legendRow(nullptr, min, size.x, legend);
  size.y = std::max(size.y - legendHeight, 50.0f);
  ImGui::InvisibleButton("modecanvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const CanvasView view = CanvasView::fit(lab.view, min, max);
  // The transform is published for window.kpg's view (tests map plot points to the page), but
  // canvasValid stays false so the hidden SVM field is not rendered while a mode is shown
  // (SwiftShader: every field costs real CPU, TOOLCHAIN.md).
  ui.canvas = view;
  ui.canvasValid = false;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  draw->AddRectFilled(min, max, IM_COL32_WHITE);

  // The field: recomputed only when the model or the view changed.
  const Index n = lab.pointCount();
  if (view.valid() && modes.mode != Mode::Svr) {
    GridKey key;
    key.mode = modes.mode;
    key.revision = modes.revision;
    key.rect = view.visible();
    key.component = modes.mode == Mode::Kpca ? modes.kpca.selected : -1;
    key.side = gridSide(n);
    if (!(key == mv.canvasKey)) {
      const double t0 = nowMs();
      mv.canvasGridValid = computeField(modes, key.rect, key.side, mv.canvasGrid);
      mv.gridMs = nowMs() - t0;
      mv.canvasKey = key;
    }
  } else {
    mv.canvasGridValid = false;
  }
  const FieldGrid& g = mv.canvasGrid;
  if (mv.canvasGridValid) {
    switch (modes.mode) {
      case Mode::Perceptron:
      case Mode::Knn:
        drawCells(draw, view, g, signRegion);
        break;
      case Mode::Kmeans:
        if (modes.kmeans.kmeans && modes.kmeans.kmeans->iteration() > 0)
          drawCells(draw, view, g, clusterRegion);
        break;
      case Mode::Kfd: {
        FieldGrid shifted = g;
        for (double& v : shifted.values) v -= modes.kfd.threshold();
        drawCells(draw, view, shifted, signRegion);
        break;
      }
      default:
        break;
    }
  }
  drawAxesGrid(draw, view, modes.mode == Mode::Svr ? "x →" : "x₁ →",
               modes.mode == Mode::Svr ? "↑ t" : "↑ x₂");
  if (mv.canvasGridValid) {
    switch (modes.mode) {
      case Mode::Perceptron:
      case Mode::Knn:
        drawContour(draw, view, g, 0.0, plot::kInk, 2.5f);
        break;
      case Mode::Kmeans:
        if (modes.kmeans.kmeans && modes.kmeans.kmeans->iteration() > 0) {
          for (int c = 0; c + 1 < modes.kmeans.k; ++c) {
            // Boundaries between cluster c and the others: where the indicator crosses ½.
            FieldGrid ind = g;
            for (double& v : ind.values) v = v == c ? 1.0 : 0.0;
            drawContour(draw, view, ind, 0.5, IM_COL32(60, 60, 60, 200), 1.5f);
          }
        }
        break;
      case Mode::Kpca:
      case Mode::Kfd: {
        for (double level : contourLevels(g, 10)) {
          const bool kpca = modes.mode == Mode::Kpca;
          const ImU32 c =
              kpca ? (level > 0 ? plot::kPositive : plot::kNegative) : IM_COL32(120, 120, 130, 200);
          drawContour(draw, view, g, level, plot::withAlpha(c, 0.8f), 1.3f);
        }
        if (modes.mode == Mode::Kpca) {
          drawContour(draw, view, g, 0.0, plot::kInk, 2.0f);
        } else {
          drawContour(draw, view, g, modes.kfd.threshold(), plot::kInk, 3.0f);
          const KfdMode& f = modes.kfd;
          const Vector& u = f.lda.direction();
          if (!f.kernelForm && u.size() == 2 && u.norm() > 0 && std::isfinite(u.norm())) {
            // LDA's direction u from the midpoint of the class means: projections are read
            // along this arrow, the threshold line is perpendicular to it.
            const Vector mid = (f.lda.positiveMean() + f.lda.negativeMean()) / 2;
            const double len = 0.25 * (view.visible().xMax - view.visible().xMin);
            const Vector tip = mid + u.normalized() * len;
            plot::arrow(draw, view.toScreen(mid(0), mid(1)), view.toScreen(tip(0), tip(1)),
                        plot::kAccent, 3.0f);
            const ImVec2 t = view.toScreen(tip(0), tip(1));
            plot::label(draw, ImVec2(t.x + 4, t.y - 8), plot::kInk, "u = W⁻¹(m₁ − m₂)");
          }
        }
        break;
      }
      default:
        break;
    }
  }

  // Points.
  const float radius = pointRadius(n);
  const Matrix& pts = lab.data.points;
  if (modes.mode == Mode::Svr) {
    drawSvr(draw, view, lab, modes.svr, radius);
  } else {
    const KmeansMode& km = modes.kmeans;
    const bool byCluster = modes.mode == Mode::Kmeans && km.kmeans &&
                           km.kmeans->assignment().size() == static_cast<std::size_t>(n);
    for (Index i = 0; i < n; ++i) {
      const ImVec2 s = view.toScreen(pts(i, 0), pts(i, 1));
      ImU32 fill = plot::classColour(lab.data.labels(i));
      if (modes.mode == Mode::Kmeans)
        fill = byCluster ? clusterColour(km.kmeans->assignment()[static_cast<std::size_t>(i)])
                         : IM_COL32(150, 150, 150, 255);
      plot::marker(draw, s, plot::Marker::Circle, radius, fill, IM_COL32_WHITE, 1.2f);
    }
    if (modes.mode == Mode::Kmeans && km.kmeans) {
      const auto& centres = km.kmeans->initialCenters();
      for (std::size_t c = 0; c < centres.size(); ++c) {
        const Index i = centres[c];
        if (i < 0 || i >= n) continue;
        const ImVec2 s = view.toScreen(pts(i, 0), pts(i, 1));
        draw->AddCircle(s, radius + 6, plot::kInk, 20, 2.0f);
        if (km.kmeans->iteration() == 0) {
          draw->AddCircle(s, radius + 3, clusterColour(static_cast<int>(c)), 20, 3.0f);
        }
      }
    }
    if (modes.mode == Mode::Perceptron)
      drawPerceptronOverlay(draw, view, lab, modes.perceptron, radius);
  }

  // Messages on the canvas: empty data or the mode's error.
  if (n == 0) {
    plot::label(draw, ImVec2(min.x + 12, min.y + 12), IM_COL32(150, 30, 30, 255),
                "No points yet: click to add points, or load a preset on the left.");
  }

  // Hover: k-NN neighbours.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (modes.mode == Mode::Knn && hovered && !modeView().gesture.active && view.contains(mouse)) {
    mv.hoverValid = true;
    mv.hoverX = view.plotX(mouse.x);
    mv.hoverY = view.plotY(mouse.y);
    if (std::isfinite(mv.hoverX) && std::isfinite(mv.hoverY))
      drawKnnHover(draw, view, lab, modes.knn, mv.hoverX, mv.hoverY);
  } else if (hovered && !modeView().gesture.active) {
    const Index under = hitTest(lab, view, mouse, 11.0f);
    if (under >= 0) {
      const ImVec2 s = view.toScreen(pts(under, 0), pts(under, 1));
      draw->AddCircle(s, radius + 10, plot::kAccent, 24, 2.5f);
      pointTooltip(lab, modes, under);
    }
  }
  draw->PopClipRect();
  legendRow(draw, ImVec2(min.x, max.y), size.x, legend);
  handleCanvasInput(lab, ui, view, hovered);
  ImGui::End();
}

// ---- Controls --------------------------------------------------------------------------------

// The lab's presets and the regression set of the ε-SVR mode.
const std::vector<PresetEntry>& modePresets() {
  static const std::vector<PresetEntry> presets = [] {
    std::vector<PresetEntry> all = labPresets();
    all.push_back({"sine", "Sine (regression: x → t)"});
    return all;
  }();
  return presets;
}

void dataControls(LabState& lab, UiState& ui) {
  sectionTitle("Data (shared with the SVM lab)");
  const std::vector<PresetEntry>& presets = modePresets();
  const int presetCount = static_cast<int>(presets.size());
  ModeView& mv = modeView();
  for (int k = 0; k < presetCount; ++k)
    if (lab.presetName == presets[k].name) mv.presetIndex = k;
  mv.presetIndex = std::clamp(mv.presetIndex, 0, presetCount - 1);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##modepreset", presets[mv.presetIndex].label)) {
    for (int k = 0; k < presetCount; ++k) {
      if (ImGui::Selectable(presets[k].label, k == mv.presetIndex)) {
        mv.presetIndex = k;
        if (std::string(presets[k].name) == "sine") {
          (void)loadSinePreset(lab, 40, 0.15, 1, true);
        } else {
          dispatchUi(lab, action::LoadPreset{presets[k].name});
        }
      }
    }
    ImGui::EndCombo();
  }
  ImGui::TextUnformatted("Click adds:");
  ImGui::SameLine();
  if (ImGui::RadioButton("+1", ui.currentClass > 0)) ui.currentClass = 1;
  ImGui::SameLine();
  if (ImGui::RadioButton("−1", ui.currentClass < 0)) ui.currentClass = -1;
  ImGui::SameLine();
  if (ImGui::RadioButton("erase", ui.tool == CanvasTool::Erase))
    ui.tool = ui.tool == CanvasTool::Erase ? CanvasTool::AddMove : CanvasTool::Erase;
  drawEditRow(lab, ui);
}

void kernelControls(LabState& lab, bool used) {
  sectionTitle(used ? "Kernel" : "Kernel (not used by this form)");
  drawKernelControls(lab);
}

void steppingControls(ModesState& modes, const LabState& lab, const char* stepTip) {
  sectionTitle("Run");
  const bool can = modeCanStep(modes);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  ImGui::BeginDisabled(!can);
  if (ImGui::Button("Step ▶", ImVec2(half, 0))) (void)modeStep(modes, lab, 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (Space)", stepTip);
  ImGui::SameLine();
  if (ImGui::Button(modes.running ? "Pause" : "Run", ImVec2(half, 0)))
    modes.running = !modes.running;
  if (ImGui::Button("Run to the end", ImVec2(half, 0))) (void)modeRunToEnd(modes, lab, 300);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(half, 0))) modeReset(modes, lab);
  float speed = static_cast<float>(modes.stepsPerSecond);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##modespeed", &speed, 0.5f, 200.0f, "%.3g steps/s",
                         ImGuiSliderFlags_Logarithmic))
    modes.stepsPerSecond = static_cast<double>(speed);
}

void perceptronControls(ModesState& modes, const LabState& lab) {
  PerceptronMode& m = modes.perceptron;
  PerceptronParams p = m.params;
  sectionTitle("Perceptron");
  int form = p.kernelForm ? 1 : 0;
  ImGui::RadioButton("primal β, β₀ (002)", &form, 0);
  ImGui::SameLine();
  ImGui::RadioButton("kernel α (001)", &form, 1);
  p.kernelForm = form == 1;
  int rule = p.rule == MistakeRule::NonPositiveMargin ? 0 : 1;
  ImGui::TextUnformatted("update when");
  ImGui::RadioButton("y·h ≤ 0 (001)", &rule, 0);
  ImGui::SameLine();
  ImGui::RadioButton("y·h < 0 (002)", &rule, 1);
  p.rule = rule == 0 ? MistakeRule::NonPositiveMargin : MistakeRule::NegativeMargin;
  int order = p.order == VisitOrder::Fixed ? 0 : 1;
  ImGui::TextUnformatted("order");
  ImGui::SameLine();
  ImGui::RadioButton("fixed 1…n", &order, 0);
  ImGui::SameLine();
  ImGui::RadioButton("seeded shuffle", &order, 1);
  p.order = order == 0 ? VisitOrder::Fixed : VisitOrder::SeededShuffle;
  const float w = ImGui::GetFontSize() * 7;
  if (p.order == VisitOrder::SeededShuffle) {
    int seed = static_cast<int>(p.seed);
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputInt("seed##p", &seed)) p.seed = static_cast<std::uint64_t>(std::max(0, seed));
  }
  ImGui::Checkbox("bias β₀ / b", &p.useBias);
  if (!p.kernelForm) {
    float eta = static_cast<float>(p.learningRate);
    ImGui::SetNextItemWidth(w);
    if (ImGui::SliderFloat("learning rate η", &eta, 0.01f, 4.0f, "%.3g",
                           ImGuiSliderFlags_Logarithmic))
      p.learningRate = static_cast<double>(eta);
    ImGui::Checkbox("start from β, β₀:", &p.useStart);
    if (p.useStart) {
      float b[3] = {static_cast<float>(p.startBeta[0]), static_cast<float>(p.startBeta[1]),
                    static_cast<float>(p.startBias)};
      ImGui::SetNextItemWidth(-1);
      if (ImGui::InputFloat3("##start", b, "%.3g")) {
        for (float& v : b)
          if (!std::isfinite(v)) v = 0;
        p.startBeta[0] = b[0];
        p.startBeta[1] = b[1];
        p.startBias = b[2];
      }
    }
  }
  ImGui::SetNextItemWidth(w);
  ImGui::SliderInt("epoch cap", &p.maxEpochs, 1, 1000, "%d", ImGuiSliderFlags_Logarithmic);
  const bool changed = p.kernelForm != m.params.kernelForm || p.rule != m.params.rule ||
                       p.order != m.params.order || p.seed != m.params.seed ||
                       p.useBias != m.params.useBias || p.learningRate != m.params.learningRate ||
                       p.useStart != m.params.useStart || p.startBeta[0] != m.params.startBeta[0] ||
                       p.startBeta[1] != m.params.startBeta[1] ||
                       p.startBias != m.params.startBias || p.maxEpochs != m.params.maxEpochs;
  if (changed) {
    m.params = p;
    invalidateMode(modes, Mode::Perceptron);
    ensureBuilt(modes, lab);
  }
}

void modeParameterControls(ModesState& modes, const LabState& lab) {
  const float w = ImGui::GetFontSize() * 7;
  switch (modes.mode) {
    case Mode::Perceptron:
      perceptronControls(modes, lab);
      steppingControls(modes, lab, "Visit one sample");
      break;
    case Mode::Knn: {
      sectionTitle("k-NN");
      int k = modes.knn.k;
      ImGui::SetNextItemWidth(w);
      if (ImGui::SliderInt("K neighbours", &k, 1, 25)) {
        modes.knn.k = k;
        invalidateMode(modes, Mode::Knn);
        ensureBuilt(modes, lab);
      }
      ImGui::TextWrapped(
          "d²(x, xᵢ) = k(x,x) − 2k(x,xᵢ) + k(xᵢ,xᵢ); majority vote of the K nearest.");
      break;
    }
    case Mode::Kmeans: {
      sectionTitle("k-means");
      int k = modes.kmeans.k;
      int seed = static_cast<int>(modes.kmeans.seed);
      ImGui::SetNextItemWidth(w);
      const bool a = ImGui::SliderInt("clusters k", &k, 1, 8);
      ImGui::SetNextItemWidth(w);
      const bool b = ImGui::InputInt("seed##k", &seed);
      if (a || b) {
        modes.kmeans.k = k;
        modes.kmeans.seed = static_cast<std::uint64_t>(std::max(0, seed));
        invalidateMode(modes, Mode::Kmeans);
        ensureBuilt(modes, lab);
      }
      ImGui::TextWrapped("Class labels are ignored: k-means finds its own groups.");
      steppingControls(modes, lab, "Assign every point to its nearest mean, then update the means");
      break;
    }
    case Mode::Kpca: {
      sectionTitle("Kernel PCA");
      const int count = static_cast<int>(modes.kpca.pca.eigenvalues().size());
      int c = modes.kpca.selected + 1;
      ImGui::SetNextItemWidth(w);
      if (count > 0 && ImGui::SliderInt("component", &c, 1, count)) {
        modes.kpca.selected = c - 1;
        ++modes.revision;
      }
      ImGui::TextWrapped(
          "Click a small multiple below to show it large. Contours: the projection "
          "yᵢ(x) = Σₗ aᵢₗ k_c(x, xₗ) onto component i (k_c: the kernel centred with the training "
          "mean).");
      break;
    }
    case Mode::Kfd: {
      sectionTitle("Fisher discriminant");
      int form = modes.kfd.kernelForm ? 1 : 0;
      ImGui::RadioButton("LDA (linear, 004)", &form, 0);
      ImGui::SameLine();
      ImGui::RadioButton("KFD (kernel)", &form, 1);
      bool changed = (form == 1) != modes.kfd.kernelForm;
      modes.kfd.kernelForm = form == 1;
      if (modes.kfd.kernelForm) {
        float mu = static_cast<float>(modes.kfd.mu);
        ImGui::SetNextItemWidth(w);
        if (ImGui::SliderFloat("μ (N + μI)", &mu, 1e-8f, 10.0f, "%.2e",
                               ImGuiSliderFlags_Logarithmic)) {
          modes.kfd.mu = static_cast<double>(mu);
          changed = true;
        }
      }
      if (changed) {
        invalidateMode(modes, Mode::Kfd);
        ensureBuilt(modes, lab);
      }
      break;
    }
    case Mode::Svr: {
      sectionTitle("ε-SVR");
      ImGui::TextWrapped(
          "Each point is a pair (x, t): x₁ is the input, x₂ the target. Labels are "
          "ignored. Load \"Sine\" above.");
      float c = static_cast<float>(modes.svr.c);
      float e = static_cast<float>(modes.svr.epsilon);
      ImGui::SetNextItemWidth(w);
      const bool a =
          ImGui::SliderFloat("C##svr", &c, 1e-2f, 1e3f, "%.3g", ImGuiSliderFlags_Logarithmic);
      ImGui::SetNextItemWidth(w);
      const bool b = ImGui::SliderFloat("ε (tube)", &e, 0.0f, 1.0f, "%.3f");
      if (a || b) {
        modes.svr.c = static_cast<double>(c);
        modes.svr.epsilon = static_cast<double>(e);
        invalidateMode(modes, Mode::Svr);
        ensureBuilt(modes, lab);
      }
      steppingControls(modes, lab, "One SMO pair update on the 2N-variable dual");
      break;
    }
    default:
      break;
  }
}

void drawModeControls(LabState& lab, UiState& ui, ModesState& modes, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (ImGui::Begin("Kernel Playground · kernel methods###modecontrols", nullptr, flags)) {
    drawModeSelector();
    dataControls(lab, ui);
    const bool kernelUsed =
        !(modes.mode == Mode::Perceptron && !modes.perceptron.params.kernelForm) &&
        !(modes.mode == Mode::Kfd && !modes.kfd.kernelForm);
    kernelControls(lab, kernelUsed);
    modeParameterControls(modes, lab);
  }
  ImGui::End();
}

// ---- The numbers (right) ---------------------------------------------------------------------

void numberLine(const char* name, double value) {
  ImGui::Text("%s = %s", name, plot::formatNumber(value).c_str());
}

void drawModeNumbers(const LabState& lab, ModesState& modes, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (!ImGui::Begin("What the method computed###modenumbers", nullptr, flags)) {
    ImGui::End();
    return;
  }
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& m = modes.perceptron;
      if (!m.error.empty()) {
        ImGui::TextWrapped("%s", m.error.c_str());
        break;
      }
      ImGui::TextWrapped(
          m.params.kernelForm
              ? "h(x) = Σⱼ αⱼ yⱼ k(xⱼ, x) + b; a mistake at i: αᵢ ← αᵢ + 1, b ← b + yᵢ"
              : "h(x) = β·x + β₀; a mistake at i: β ← β + η yᵢ xᵢ, β₀ ← β₀ + η yᵢ");
      ImGui::TextWrapped("mistake: y·h(x) %s 0",
                         m.params.rule == MistakeRule::NonPositiveMargin ? "≤" : "<");
      ImGui::Separator();
      if (m.primal) {
        const Vector& b = m.primal->beta();
        ImGui::Text("β = (%s, %s)", plot::formatNumber(b.size() > 0 ? b(0) : 0).c_str(),
                    plot::formatNumber(b.size() > 1 ? b(1) : 0).c_str());
        numberLine("β₀", m.primal->bias());
      } else if (m.dual) {
        numberLine("b", m.dual->bias());
        ImGui::Text("Σ αⱼ = %s mistakes", plot::formatNumber(m.dual->alpha().sum()).c_str());
      }
      const PerceptronBase* base = m.primal ? static_cast<const PerceptronBase*>(&*m.primal)
                                   : m.dual ? static_cast<const PerceptronBase*>(&*m.dual)
                                            : nullptr;
      if (base) {
        ImGui::Text("epoch %d · visits %lld · updates %lld", base->epoch() + 1, base->visits(),
                    base->mistakes());
        ImGui::Text("mistakes this epoch: %d", base->mistakesThisEpoch());
      }
      if (m.last) {
        ImGui::Separator();
        const PerceptronStep& s = *m.last;
        ImGui::Text("Last visit: sample %d (epoch %d)", static_cast<int>(s.index), s.epoch + 1);
        numberLine("h(xᵢ)", s.score);
        numberLine("yᵢ·h(xᵢ)", s.margin);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.mistake ? kVisitMistake : kVisitOk),
                           "%s", s.mistake ? "mistake → update" : "correct → no update");
        if (s.mistake && m.primal && s.betaBefore.size() >= 2 && s.betaAfter.size() >= 2) {
          ImGui::Text("β: (%s, %s) → (%s, %s)", plot::formatNumber(s.betaBefore(0)).c_str(),
                      plot::formatNumber(s.betaBefore(1)).c_str(),
                      plot::formatNumber(s.betaAfter(0)).c_str(),
                      plot::formatNumber(s.betaAfter(1)).c_str());
          ImGui::Text("β₀: %s → %s", plot::formatNumber(s.biasBefore).c_str(),
                      plot::formatNumber(s.biasAfter).c_str());
        }
        if (s.mistake && m.dual) {
          ImGui::Text("α%s: %s → %s", plot::subscript(s.index).c_str(),
                      plot::formatNumber(s.alphaBefore).c_str(),
                      plot::formatNumber(s.alphaAfter).c_str());
        }
      }
      break;
    }
    case Mode::Knn: {
      const KnnMode& m = modes.knn;
      if (!m.error.empty()) ImGui::TextWrapped("%s", m.error.c_str());
      ImGui::Text("K = %d, N = %d", m.knn.fitted() ? m.knn.k() : m.k,
                  static_cast<int>(lab.pointCount()));
      ImGui::TextWrapped(
          "Hover the canvas: the orange lines join the pointer's location to its K "
          "nearest training points in feature space; the region colour is their "
          "majority vote. With the linear kernel this is ordinary k-NN.");
      const ModeView& mv = modeView();
      if (mv.hoverValid && m.knn.fitted()) {
        Vector q(2);
        q << mv.hoverX, mv.hoverY;
        const KnnQuery r = m.knn.query(q);
        ImGui::Separator();
        ImGui::Text("neighbours of (%s, %s):", plot::formatNumber(mv.hoverX).c_str(),
                    plot::formatNumber(mv.hoverY).c_str());
        for (const KnnNeighbor& nb : r.neighbors)
          ImGui::Text("  #%d  class %s  d = %s", static_cast<int>(nb.index),
                      nb.label > 0 ? "+1" : "−1", plot::formatNumber(nb.distance()).c_str());
      }
      break;
    }
    case Mode::Kmeans: {
      const KmeansMode& m = modes.kmeans;
      if (!m.error.empty()) {
        ImGui::TextWrapped("%s", m.error.c_str());
        break;
      }
      ImGui::TextWrapped(
          "‖φ(x) − μᵢ‖² = k(x,x) − 2 Σⱼ αᵢⱼ k(xⱼ,x) + Σⱼₖ αᵢⱼ αᵢₖ k(xⱼ,xₖ), with αᵢⱼ = 1/Nᵢ when "
          "xⱼ is in cluster i, else 0.");
      if (m.kmeans) {
        ImGui::Text("step %d", m.kmeans->iteration());
        if (m.kmeans->iteration() > 0) numberLine("objective Σ‖φ(xₙ) − μ‖²", m.kmeans->objective());
        const std::vector<int> sizes = m.kmeans->clusterSizes();
        for (std::size_t c = 0; c < sizes.size(); ++c) {
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(clusterColour(static_cast<int>(c))),
                             "cluster %d: %d points", static_cast<int>(c) + 1, sizes[c]);
        }
        if (m.last) {
          ImGui::Text("last step: %lld changed", m.last->changed);
          for (const auto& r : m.last->reseeds)
            ImGui::Text("cluster %d was empty: reseeded with point %d", r.first + 1,
                        static_cast<int>(r.second));
        }
      }
      break;
    }
    case Mode::Kpca: {
      const KpcaMode& m = modes.kpca;
      if (!m.error.empty()) ImGui::TextWrapped("%s", m.error.c_str());
      if (m.pca.info() == KernelPcaStatus::Success && !m.pca.negativeEigenvaluesClamped()) {
        ImGui::TextDisabled("smallest eigenvalue: %s (round-off)",
                            plot::formatNumber(m.pca.mostNegativeEigenvalue()).c_str());
      } else if (m.pca.info() == KernelPcaStatus::NotPositiveSemidefinite ||
                 m.pca.negativeEigenvaluesClamped()) {
        ImGui::TextColored(ImVec4(0.7f, 0.2f, 0.1f, 1), "most negative eigenvalue: %s",
                           plot::formatNumber(m.pca.mostNegativeEigenvalue()).c_str());
        ImGui::TextWrapped(
            "A negative eigenvalue means the kernel is not positive semi-definite on "
            "these points (not a Mercer kernel here).");
      }
      if (m.pca.info() == KernelPcaStatus::Success) {
        // The data in the first two components.
        const Matrix proj = m.pca.trainingProjections();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        const float side =
            std::min(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y - 100);
        if (proj.cols() >= 2 && side > 60) {
          ImGui::TextUnformatted("The data in components 1 and 2:");
          const ImVec2 a = ImGui::GetCursorScreenPos();
          const ImVec2 b(a.x + side, a.y + side);
          double x0 = proj.col(0).minCoeff(), x1 = proj.col(0).maxCoeff();
          double y0 = proj.col(1).minCoeff(), y1 = proj.col(1).maxCoeff();
          const double padX = std::max(1e-9, (x1 - x0) * 0.08),
                       padY = std::max(1e-9, (y1 - y0) * 0.08);
          plot::AxesStyle style;
          style.xLabel = "y₁";
          style.yLabel = "y₂";
          const plot::Frame f =
              plot::drawAxes(draw, a, b, {x0 - padX, x1 + padX}, {y0 - padY, y1 + padY}, style);
          for (Index i = 0; i < proj.rows(); ++i) {
            if (!std::isfinite(proj(i, 0)) || !std::isfinite(proj(i, 1))) continue;
            draw->AddCircleFilled(
                f.toScreen(proj(i, 0), proj(i, 1)), 3.5f,
                plot::classColour(i < lab.data.labels.size() ? lab.data.labels(i) : 1), 10);
          }
          ImGui::Dummy(ImVec2(side, side));
        }
        (void)p0;
        const Vector& ev = m.pca.eigenvalues();
        const Vector ratio = m.pca.explainedVarianceRatio();
        for (Index i = 0; i < ev.size(); ++i)
          ImGui::Text("λ%s = %s  (%.1f%%)", plot::subscript(i + 1).c_str(),
                      plot::formatNumber(ev(i)).c_str(),
                      i < ratio.size() && std::isfinite(ratio(i)) ? 100 * ratio(i) : 0.0);
      }
      break;
    }
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      if (!m.error.empty()) {
        ImGui::TextWrapped("%s", m.error.c_str());
        break;
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
      } else {
        ImGui::TextWrapped(
            "u = W⁻¹(m₁ − m₂) maximizes J(u) = u′Bu / u′Wu; threshold = midpoint of the projected "
            "means.");
        const Vector& u = m.lda.direction();
        if (u.size() >= 2)
          ImGui::Text("u = (%s, %s)", plot::formatNumber(u(0)).c_str(),
                      plot::formatNumber(u(1)).c_str());
        numberLine("J(u)", m.lda.rayleighQuotient());
        numberLine("threshold t", m.lda.threshold());
        if (m.lda.regularized()) numberLine("ridge ε (W singular)", m.lda.ridgeUsed());
      }
      break;
    }
    case Mode::Svr: {
      const SvrMode& m = modes.svr;
      if (!m.error.empty()) {
        ImGui::TextWrapped("%s", m.error.c_str());
        break;
      }
      ImGui::TextWrapped(
          "f(x) = Σᵢ (αᵢ − αᵢ*) k(xᵢ, x) + b. Points outside the tube |t − f(x)| > ε get αᵢ = C "
          "(above) or αᵢ* = C (below); on its edge 0 < α < C; inside α = α* = 0.");
      if (m.solver) {
        ImGui::Text("SMO step %lld", static_cast<long long>(m.solver->iteration()));
        numberLine("dual objective", m.solver->objective());
        numberLine("violation m(α) − M(α)", m.solver->violation());
        numberLine("b = −ρ", -m.rho);
        ImGui::Text("support vectors: %d of %d", static_cast<int>(m.supportCount),
                    static_cast<int>(lab.pointCount()));
        numberLine("ε", m.epsilon);
        numberLine("C", m.c);
        if (m.last && m.last->updated) {
          const Index n = m.solver->alpha().size() / 2;
          auto name = [&](Index v) {
            return v < n ? "α" + plot::subscript(v) : "α*" + plot::subscript(v - n);
          };
          ImGui::Text("last pair: %s, %s", name(m.last->i).c_str(), name(m.last->j).c_str());
        }
      }
      break;
    }
    default:
      break;
  }
  ImGui::End();
}

// ---- The plot below --------------------------------------------------------------------------

void barChart(ImDrawList* draw, ImVec2 a, ImVec2 b, const std::vector<double>& values,
              const std::vector<ImU32>& colours, const char* xLabel, const char* yLabel) {
  double top = 1;
  for (double v : values)
    if (std::isfinite(v)) top = std::max(top, v);
  plot::AxesStyle style;
  style.xLabel = xLabel;
  style.yLabel = yLabel;
  style.integerX = true;
  const plot::Frame f = plot::drawAxes(draw, a, b, {-0.5, static_cast<double>(values.size()) - 0.5},
                                       {0, top * 1.1}, style);
  const float w =
      std::max(1.0f, (f.max.x - f.min.x) /
                         static_cast<float>(std::max<std::size_t>(values.size(), 1)) * 0.7f);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = std::isfinite(values[i]) ? values[i] : 0;
    const float x = f.screenX(static_cast<double>(i));
    draw->AddRectFilled(ImVec2(x - w / 2, f.screenY(v)), ImVec2(x + w / 2, f.screenY(0)),
                        i < colours.size() ? colours[i] : plot::kMuted);
  }
}

void linePlot(ImDrawList* draw, ImVec2 a, ImVec2 b, const std::vector<double>& ys,
              const char* xLabel, const char* yLabel, ImU32 colour, bool includeZero = false,
              double firstX = 0) {
  std::vector<double> xs(ys.size());
  double lo = 0, hi = 1;
  bool first = true;
  for (std::size_t i = 0; i < ys.size(); ++i) {
    xs[i] = firstX + static_cast<double>(i);
    if (!std::isfinite(ys[i])) continue;
    if (first) {
      lo = hi = ys[i];
      first = false;
    }
    lo = std::min(lo, ys[i]);
    hi = std::max(hi, ys[i]);
  }
  plot::AxesStyle style;
  style.xLabel = xLabel;
  style.yLabel = yLabel;
  style.integerX = true;
  if (includeZero) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 1.0);
  }
  const double pad =
      std::max({1e-9, (hi - lo) * 0.08, 0.02 * std::max(std::abs(lo), std::abs(hi))});
  const plot::Frame f = plot::drawAxes(
      draw, a, b, {firstX, firstX + std::max(1.0, static_cast<double>(ys.size()) - 1)},
      {lo - pad, hi + pad}, style);
  plot::polyline(draw, f, xs, ys, colour, 2.0f);
  for (std::size_t i = 0; i < ys.size() && ys.size() < 60; ++i)
    if (std::isfinite(ys[i])) draw->AddCircleFilled(f.toScreen(xs[i], ys[i]), 3, colour, 8);
}

void drawKpcaMultiples(const LabState& lab, ModesState& modes, ImDrawList* draw, ImVec2 a,
                       ImVec2 b) {
  ModeView& mv = modeView();
  const KpcaMode& m = modes.kpca;
  if (m.pca.info() != KernelPcaStatus::Success) return;
  const Index count = m.pca.eigenvalues().size();
  const PlotRect rect = mv.canvasKey.rect;
  if (mv.multiplesRevision != modes.revision || !(mv.multiplesRect == rect) ||
      mv.multiples.size() != static_cast<std::size_t>(count)) {
    const int side = std::clamp(gridSide(lab.pointCount()) / 2, 24, 48);
    FieldGrid base = makeGrid(rect, side, side);
    const Matrix proj = m.pca.projectRows(gridRows(base));
    mv.multiples.assign(static_cast<std::size_t>(count), base);
    for (Index c = 0; c < count; ++c)
      for (Index r = 0; r < proj.rows(); ++r)
        mv.multiples[static_cast<std::size_t>(c)].values[static_cast<std::size_t>(r)] =
            clean(proj(r, c));
    mv.multiplesRevision = modes.revision;
    mv.multiplesRect = rect;
  }
  const float lh = ImGui::GetTextLineHeight();
  const int cols = static_cast<int>(std::min<Index>(count, 8));
  const float gap = 6;
  const float cellW =
      (b.x - a.x - gap * static_cast<float>(cols - 1)) / static_cast<float>(std::max(cols, 1));
  const float cellH = b.y - a.y - lh - 4;
  const float side = std::max(20.0f, std::min(cellW, cellH));
  for (int c = 0; c < cols; ++c) {
    const ImVec2 cmin(a.x + static_cast<float>(c) * (side + gap), a.y + lh + 2);
    const ImVec2 cmax(cmin.x + side, cmin.y + side);
    ViewWindow w{rect.xMin, rect.xMax, rect.yMin, rect.yMax};
    const CanvasView v = CanvasView::fit(w, cmin, cmax);
    const bool selected = c == m.selected;
    draw->AddRectFilled(cmin, cmax, IM_COL32_WHITE);
    draw->PushClipRect(cmin, cmax, true);
    const FieldGrid& g = mv.multiples[static_cast<std::size_t>(c)];
    for (double level : contourLevels(g, 8))
      drawContour(draw, v, g, level,
                  plot::withAlpha(level > 0 ? plot::kPositive : plot::kNegative, 0.85f), 1.0f);
    drawContour(draw, v, g, 0.0, plot::kInk, 1.5f);
    for (Index i = 0; i < lab.pointCount(); ++i)
      draw->AddCircleFilled(v.toScreen(lab.data.points(i, 0), lab.data.points(i, 1)), 1.8f,
                            IM_COL32(40, 40, 40, 200), 6);
    draw->PopClipRect();
    draw->AddRect(cmin, cmax, selected ? plot::kAccent : IM_COL32(0, 0, 0, 60), 0, 0,
                  selected ? 3.0f : 1.0f);
    const std::string t =
        "λ" + plot::subscript(c + 1) + " = " + plot::formatNumber(m.pca.eigenvalues()(c));
    draw->AddText(ImVec2(cmin.x, a.y), plot::kInk, t.c_str());
    if (ImGui::IsMouseHoveringRect(cmin, cmax) && ImGui::IsMouseClicked(0)) {
      modes.kpca.selected = c;
      ++modes.revision;
    }
  }
}

void drawModePlots(const LabState& lab, ModesState& modes, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  const char* titles[] = {"",
                          "Mistakes per point (the dual α)###modeplots",
                          "Votes###modeplots",
                          "Objective over the steps###modeplots",
                          "The first components: projection contours and eigenvalues###modeplots",
                          "Projected training points by class###modeplots",
                          "Dual objective over the SMO steps###modeplots"};
  if (!ImGui::Begin(titles[static_cast<int>(modes.mode)], nullptr, flags)) {
    ImGui::End();
    return;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 b(a.x + avail.x, a.y + avail.y);
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& m = modes.perceptron;
      std::vector<double> v;
      std::vector<ImU32> c;
      for (std::size_t i = 0; i < m.mistakes.size(); ++i) {
        v.push_back(m.dual && static_cast<Index>(i) < m.dual->alpha().size()
                        ? m.dual->alpha()(static_cast<Index>(i))
                        : static_cast<double>(m.mistakes[i]));
        c.push_back(plot::classColour(static_cast<Index>(i) < lab.data.labels.size()
                                          ? lab.data.labels(static_cast<Index>(i))
                                          : 1));
      }
      const float split = m.epochMistakes.empty() ? b.x : a.x + avail.x * 0.6f;
      barChart(draw, a, ImVec2(split - 8, b.y), v, c, "point i", "mistakes");
      if (!m.epochMistakes.empty()) {
        std::vector<double> e(m.epochMistakes.begin(), m.epochMistakes.end());
        linePlot(draw, ImVec2(split, a.y), b, e, "epoch", "mistakes per epoch", plot::kAccent, true,
                 1);
      }
      break;
    }
    case Mode::Knn:
      ImGui::TextWrapped(
          "k-NN has no training: every prediction is a vote among the K nearest training "
          "points. Try K = 1 (regions follow every point) versus a large K (smooth "
          "regions), and an RBF kernel versus linear (with RBF, d² = 2 − 2k(x, xᵢ) ranks "
          "neighbours exactly as the Euclidean distance).");
      break;
    case Mode::Kmeans:
      if (modes.kmeans.objectives.empty()) {
        ImGui::TextDisabled(
            "Press Step: the objective Σ‖φ(xₙ) − μ_c(n)‖² appears here, one point per step.");
      } else {
        linePlot(draw, a, b, modes.kmeans.objectives, "step", "objective", plot::kPairI, false, 1);
      }
      break;
    case Mode::Kpca:
      if (modes.kpca.pca.info() == KernelPcaStatus::Success) {
        drawKpcaMultiples(lab, modes, draw, a, b);
      } else if (modes.kpca.pca.spectrum().size() > 0) {
        // Not PSD: the whole spectrum of the centred Gram matrix, negative eigenvalues in red.
        const Vector& sp = modes.kpca.pca.spectrum();
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
      break;
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      if (!m.ok()) break;
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
        const int k = std::clamp(static_cast<int>((p - lo) / width), 0, bins - 1);
        double& slot = lab.data.labels(i) > 0 ? pos[static_cast<std::size_t>(k)]
                                              : neg[static_cast<std::size_t>(k)];
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
        const std::size_t s = static_cast<std::size_t>(k);
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
      break;
    }
    case Mode::Svr:
      if (modes.svr.objectives.size() > 1) {
        linePlot(draw, a, b, modes.svr.objectives, "SMO step", "dual objective f(α)", plot::kPairJ);
      } else {
        ImGui::TextDisabled(
            "Press Step or Run: the dual objective appears here, one point per pair update.");
      }
      break;
    default:
      break;
  }
  ImGui::End();
}

void drawModeStatus(const LabState& lab, ModesState& modes, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoSavedSettings;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.90f, 0.91f, 0.94f, 1));
  if (ImGui::Begin("##modestatus", nullptr, flags)) {
    ImGui::Text("%s │ %d points │ %s │ field grid %.0f ms",
                std::string(modeTitle(modes.mode)).c_str(), static_cast<int>(lab.pointCount()),
                modeStatusText(modes).c_str(), modeView().gridMs);
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace

ModesState& modesState() {
  static ModesState modes;
  return modes;
}

void drawModeSelector() {
  ModesState& modes = modesState();
  const LabState& lab = mutableState().lab;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.15f, 0.25f, 0.45f, 1));
  ImGui::TextUnformatted("Method");
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  const std::string current(modeTitle(modes.mode));
  if (ImGui::BeginCombo("##mode", current.c_str())) {
    for (int k = 0; k < kModeCount; ++k) {
      const Mode m = static_cast<Mode>(k);
      const std::string title(modeTitle(m));
      if (ImGui::Selectable(title.c_str(), m == modes.mode)) setMode(modes, lab, m);
    }
    ImGui::EndCombo();
  }
}

void drawModeScreen(AppState& state, UiState& ui, const Layout& layout) {
  ModesState& modes = modesState();
  LabState& lab = state.lab;
  advanceModes(modes, lab, static_cast<double>(ImGui::GetIO().DeltaTime));
  // Space = step (as in the lab).
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !io.KeyCtrl && ImGui::IsKeyPressed(32, false))
    (void)modeStep(modes, lab, 1);
  if (!io.WantTextInput && !io.KeyCtrl && ImGui::IsKeyPressed(82, false) && modeCanStep(modes))
    modes.running = !modes.running;  // R = run / pause
  modeView().hoverValid = false;
  drawModeControls(lab, ui, modes, layout.controls);
  drawModeCanvas(lab, ui, modes, layout.canvas);
  ensureBuilt(modes, lab);  // the canvas may have changed the points
  drawModeNumbers(lab, modes, layout.pair);
  PanelRect bottom = layout.dual;
  bottom.size.x = layout.dual.size.x + layout.convergence.size.x;
  drawModePlots(lab, modes, bottom);
  drawModeStatus(lab, modes, layout.status);
}

}  // namespace kpg::app
