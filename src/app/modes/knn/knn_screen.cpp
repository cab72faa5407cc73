// Kernel k-NN's screen (course-notes 000 "Kernelizing k-NN"): the decision regions over the plane;
// hovering shows lines to the K neighbours of the pointer's location in feature space and the
// vote.

#include "modes/mode_screen.hpp"

#include <vector>

namespace kpg::app {
namespace {

std::vector<LegendItem> legend(const ModesState&) {
  const ImU32 pos = plot::kPositive, neg = plot::kNegative;
  return {
      {pos, LegendShape::Dot, "class +1"},
      {neg, LegendShape::Dot, "class −1"},
      {plot::withAlpha(pos, 0.3f), LegendShape::Patch, "predicted +1"},
      {plot::withAlpha(neg, 0.3f), LegendShape::Patch, "predicted −1"},
      {plot::kAccent, LegendShape::Line, "hover: lines to the K nearest (feature-space distance)"}};
}

void underAxes(const ModeCanvas& c) {
  if (c.grid) drawCells(c.draw, c.view, *c.grid, signRegion);
}

void overAxes(const ModeCanvas& c) {
  if (c.grid) drawContour(c.draw, c.view, *c.grid, 0.0, plot::kInk, 2.5f);
  drawClassPoints(c);
}

bool hover(const ModeCanvas& c, ModesView& view, double qx, double qy) {
  const KnnMode& m = c.modes->knn;
  view.hoverValid = true;
  view.hoverX = qx;
  view.hoverY = qy;
  if (!m.knn.fitted()) return true;
  Vector q(2);
  q << qx, qy;
  const KnnQuery r = m.knn.query(q);
  const ImVec2 s = c.view.toScreen(qx, qy);
  const LabState& lab = *c.lab;
  for (const KnnNeighbor& nb : r.neighbors) {
    if (nb.index < 0 || nb.index >= lab.pointCount()) continue;
    const ImVec2 p = c.view.toScreen(lab.data.points(nb.index, 0), lab.data.points(nb.index, 1));
    c.draw->AddLine(s, p, plot::kAccent, 2.0f);
    c.draw->AddCircle(p, 10, plot::kAccent, 20, 2.5f);
  }
  c.draw->AddCircleFilled(s, 5, plot::classColour(r.prediction), 12);
  c.draw->AddCircle(s, 6, plot::kInk, 12, 1.5f);
  ImGui::BeginTooltip();
  ImGui::Text("query (%s, %s)", formatShort(qx).c_str(), formatShort(qy).c_str());
  for (const KnnVote& v : r.votes)
    ImGui::Text("class %s: %d vote%s", v.label > 0 ? "+1" : "−1", v.votes, v.votes == 1 ? "" : "s");
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot::classColour(r.prediction)),
                     "prediction %s%s", r.prediction > 0 ? "+1" : "−1",
                     r.voteTie ? " (vote tie → nearest neighbour's class)" : "");
  ImGui::EndTooltip();
  return true;
}

void tooltip(const ModeCanvas& c, Index i) {
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, true);
  ImGui::EndTooltip();
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  sectionTitle("k-NN");
  double k = modes.knn.k;
  if (paramSlider(lab, ui, ParamId::KnnK, k)) {
    JsonValue params = JsonValue::object();
    json::put(params, "K", json::num(k));
    sendModeParams(modes, lab, Mode::Knn, std::move(params));
  }
  ImGui::TextWrapped("d²(x, xᵢ) = k(x,x) − 2k(x,xᵢ) + k(xᵢ,xᵢ); majority vote of the K nearest.");
}

void numbers(const LabState& lab, const ModesState& modes, const ModesView& view) {
  const KnnMode& m = modes.knn;
  if (!m.error.empty()) ImGui::TextWrapped("%s", m.error.c_str());
  ImGui::Text("K = %d, N = %d", m.knn.fitted() ? m.knn.k() : m.k,
              static_cast<int>(lab.pointCount()));
  ImGui::TextWrapped(
      "Hover the canvas: the orange lines join the pointer's location to its K nearest training "
      "points in feature space; the region colour is their majority vote. With the linear kernel "
      "this is ordinary k-NN.");
  if (!view.hoverValid || !m.knn.fitted()) return;
  Vector q(2);
  q << view.hoverX, view.hoverY;
  const KnnQuery r = m.knn.query(q);
  ImGui::Separator();
  ImGui::Text("neighbours of (%s, %s):", formatShort(view.hoverX).c_str(),
              formatShort(view.hoverY).c_str());
  for (const KnnNeighbor& nb : r.neighbors)
    ImGui::Text("  point %lld  class %s  d = %s", pointNumber(nb.index), nb.label > 0 ? "+1" : "−1",
                formatShort(nb.distance()).c_str());
}

void plots(LabState&, ModesState&, ModesView&, ImDrawList*, ImVec2, ImVec2) {
  ImGui::TextWrapped(
      "k-NN has no training: every prediction is a vote among the K nearest training points. Try "
      "K = 1 (regions follow every point) versus a large K (smooth regions), and an RBF kernel "
      "versus linear (with RBF, d² = 2 − 2k(x, xᵢ) ranks neighbours exactly as the Euclidean "
      "distance).");
}

constexpr const char* kPlotsTitle = "Votes###modeplots";
constexpr ModeScreen kScreen{kPlotsTitle, "x₁ →",  "↑ x₂",   legend,  underAxes, overAxes,
                             hover,       tooltip, controls, numbers, plots,     nullptr};

}  // namespace

const ModeScreen& knnScreen() {
  return kScreen;
}

}  // namespace kpg::app
