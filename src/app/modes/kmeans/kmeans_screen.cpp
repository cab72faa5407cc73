// Kernel k-means' screen (course-notes 000 "Kernel K-Means"): cluster regions (nearest mean in
// feature space) after each step, points coloured by cluster, the k-means++ initial centres
// ringed, the objective over the steps below. Class labels are ignored.

#include "modes/mode_screen.hpp"

#include <vector>

namespace kpg::app {
namespace {

ImU32 clusterRegion(double v) {
  return plot::withAlpha(clusterColour(static_cast<int>(v)), 0.22f);
}

bool stepped(const ModesState& modes) {
  const KernelKmeans* km = modes.kmeans.now();
  return km && km->iteration() > 0;
}

std::vector<LegendItem> legend(const ModesState&) {
  return {{clusterColour(0), LegendShape::Dot, "points by cluster (labels ignored)"},
          {plot::withAlpha(clusterColour(1), 0.4f), LegendShape::Patch,
           "region: nearest mean in feature space"},
          {plot::kInk, LegendShape::Ring, "k-means++ initial centres"}};
}

void underAxes(const ModeCanvas& c) {
  if (c.grid && stepped(*c.modes)) drawCells(c.draw, c.view, *c.grid, clusterRegion);
}

void overAxes(const ModeCanvas& c) {
  const KmeansMode& m = c.modes->kmeans;
  if (c.grid && stepped(*c.modes)) {
    for (int k = 0; k + 1 < m.k; ++k) {
      // Boundaries between cluster k and the others: where its indicator crosses ½.
      FieldGrid indicator = *c.grid;
      for (double& v : indicator.values) v = v == k ? 1.0 : 0.0;
      drawContour(c.draw, c.view, indicator, 0.5, IM_COL32(60, 60, 60, 200), 1.5f);
    }
  }
  const Matrix& pts = c.lab->data.points;
  const Index n = pts.rows();
  const KernelKmeans* km = m.now();
  const bool byCluster = km && km->assignment().size() == static_cast<std::size_t>(n);
  for (Index i = 0; i < n; ++i) {
    const ImU32 fill = byCluster ? clusterColour(km->assignment()[static_cast<std::size_t>(i)])
                                 : IM_COL32(150, 150, 150, 255);
    plot::marker(c.draw, c.view.toScreen(pts(i, 0), pts(i, 1)), plot::Marker::Circle, c.radius,
                 fill, IM_COL32_WHITE, 1.2f);
  }
  if (!km) return;
  const auto& centres = km->initialCenters();
  for (std::size_t k = 0; k < centres.size(); ++k) {
    const Index i = centres[k];
    if (i < 0 || i >= n) continue;
    const ImVec2 s = c.view.toScreen(pts(i, 0), pts(i, 1));
    c.draw->AddCircle(s, c.radius + 6, plot::kInk, 20, 2.0f);
    if (km->iteration() == 0)
      c.draw->AddCircle(s, c.radius + 3, clusterColour(static_cast<int>(k)), 20, 3.0f);
  }
}

void tooltip(const ModeCanvas& c, Index i) {
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, false);
  const KernelKmeans* km = c.modes->kmeans.now();
  if (km && km->iteration() > 0) {
    Vector p(2);
    p << c.lab->data.points(i, 0), c.lab->data.points(i, 1);
    const KmeansAssignment a = km->assign(p);
    for (Index k = 0; k < a.distancesSquared.size(); ++k)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(clusterColour(static_cast<int>(k))),
                         "‖φ(x) − μ%s‖² = %s%s", plot::subscript(k + 1).c_str(),
                         formatShort(a.distancesSquared(k)).c_str(),
                         k == a.cluster ? "  ← nearest" : "");
  }
  ImGui::EndTooltip();
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  sectionTitle("k-means");
  double k = modes.kmeans.k;
  int seed = static_cast<int>(modes.kmeans.seed);
  const bool a = paramSlider(lab, ui, ParamId::KmeansK, k);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const bool b = ImGui::InputInt("seed##k", &seed);
  tip(ui, "seed: the start of the k-means++ choice of the first means.");
  if (a || b) {
    JsonValue params = JsonValue::object();
    json::put(params, "k", json::num(k));
    json::put(params, "seed", json::integer(std::max(0, seed)));
    sendModeParams(modes, lab, Mode::Kmeans, std::move(params));
  }
  ImGui::TextWrapped("Class labels are ignored: k-means finds its own groups.");
}

void numbers(const LabState&, const ModesState& modes, const ModesView&) {
  const KmeansMode& m = modes.kmeans;
  if (!m.error.empty()) {
    ImGui::TextWrapped("%s", m.error.c_str());
    return;
  }
  ImGui::TextWrapped(
      "‖φ(x) − μᵢ‖² = k(x,x) − 2 Σⱼ αᵢⱼ k(xⱼ,x) + Σⱼₖ αᵢⱼ αᵢₖ k(xⱼ,xₖ), with αᵢⱼ = 1/Nᵢ when xⱼ "
      "is in cluster i, else 0.");
  const KernelKmeans* km = m.now();
  if (!km) return;
  ImGui::Text("step %d", km->iteration());
  if (km->iteration() > 0) numberLine("objective Σ‖φ(xₙ) − μ‖²", km->objective());
  const std::vector<int> sizes = km->clusterSizes();
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(clusterColour(static_cast<int>(k))),
                       "cluster %d: %d points", static_cast<int>(k) + 1, sizes[k]);
  }
  if (const KernelKmeansStep* last = m.last()) {
    ImGui::Text("last step: %lld changed", last->changed);
    for (const auto& r : last->reseeds)
      ImGui::Text("cluster %d was empty: reseeded with point %lld", r.first + 1,
                  pointNumber(r.second));
  }
}

void plots(LabState&, ModesState& modes, ModesView&, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  const KernelKmeans* km = modes.kmeans.now();
  const std::size_t shown =
      km ? std::min(modes.kmeans.objectives.size(), static_cast<std::size_t>(km->iteration())) : 0;
  if (shown == 0) {
    ImGui::TextDisabled(
        "Press Step: the objective Σ‖φ(xₙ) − μ_c(n)‖² appears here, one point per step.");
    return;
  }
  const auto& all = modes.kmeans.objectives;
  plot::linePlot(draw, a, b,
                 std::vector<double>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(shown)),
                 "step", "objective", plot::kPairI, false, 1);
}

constexpr const char* kPlotsTitle = "Objective over the steps###modeplots";
constexpr ModeScreen kScreen{
    kPlotsTitle, "x₁ →",    "↑ x₂",
    legend,      underAxes, overAxes,
    nullptr,     tooltip,   controls,
    numbers,     plots,     "Assign every point to its nearest mean, then update the means"};

}  // namespace

const ModeScreen& kmeansScreen() {
  return kScreen;
}

}  // namespace kpg::app
