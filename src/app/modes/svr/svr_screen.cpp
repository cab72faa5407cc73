// ε-SVR's screen (course-notes 000, "regression case"): the points read as (x, t), the fitted
// curve f(x), the ε-tube, α versus α* by colour, support vectors by shape, the last SMO pair
// ringed, and the dual objective over the SMO steps below. Step back and the scrubber rewind the
// solver (timeline/history.hpp).

#include "modes/mode_screen.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

constexpr ImU32 kAlphaColour = IM_COL32(213, 94, 0, 255);       // αᵢ > 0: point above the tube
constexpr ImU32 kAlphaStarColour = IM_COL32(0, 114, 178, 255);  // αᵢ* > 0: below the tube
constexpr ImU32 kInsideTube = IM_COL32(160, 160, 160, 255);

double fitted(const SvrMode& m, double x) {
  Vector p(1);
  p(0) = x;
  const Vector f = decisionValues(m.model, p);
  return f.size() > 0 && std::isfinite(f(0)) ? f(0) : 0.0;
}

std::vector<LegendItem> legend(const ModesState&) {
  return {{plot::kInk, LegendShape::Line, "f(x)"},
          {plot::kMuted, LegendShape::Dashed, "ε-tube f ± ε"},
          {kAlphaColour, LegendShape::Dot, "α > 0 (above)"},
          {kAlphaStarColour, LegendShape::Dot, "α* > 0 (below)"},
          {kInsideTube, LegendShape::Dot, "α = α* = 0"},
          {plot::kMuted, LegendShape::Diamond, "0 < α < C (on the tube's edge once converged)"},
          {plot::kMuted, LegendShape::Square, "α = C (outside the tube once converged)"},
          {plot::kPairI, LegendShape::Ring, "last SMO pair"}};
}

// The tube, shaded, its edges dashed, and the curve.
void drawTube(const ModeCanvas& c, const SvrMode& m) {
  const PlotRect r = c.view.visible();
  const int samples = 240;
  std::vector<ImVec2> curve, upper, lower;
  for (int s = 0; s <= samples; ++s) {
    const double x = r.xMin + (r.xMax - r.xMin) * s / samples;
    const double v = fitted(m, x);
    curve.push_back(c.view.toScreen(x, v));
    upper.push_back(c.view.toScreen(x, v + m.epsilon));
    lower.push_back(c.view.toScreen(x, v - m.epsilon));
  }
  for (std::size_t s = 0; s + 1 < curve.size(); ++s) {
    c.draw->AddQuadFilled(upper[s], upper[s + 1], lower[s + 1], lower[s], IM_COL32(0, 0, 0, 18));
    if (s % 2 == 0) {
      c.draw->AddLine(upper[s], upper[s + 1], plot::kMuted, 1.3f);
      c.draw->AddLine(lower[s], lower[s + 1], plot::kMuted, 1.3f);
    }
  }
  c.draw->AddPolyline(curve.data(), static_cast<int>(curve.size()), plot::kInk, 0, 2.5f);
}

void overAxes(const ModeCanvas& c) {
  const SvrMode& m = c.modes->svr;
  const LabState& lab = *c.lab;
  const Index n = lab.pointCount();
  const SmoSolver* solver = m.solver();
  if (solver) drawTube(c, m);
  const Index vars = solver ? solver->alpha().size() / 2 : 0;
  // The last SMO pair: variable v is αᵥ (v < n) or αᵥ₋ₙ* (v ≥ n), both belong to point v mod n.
  if (const SmoStep* last = m.last(); last && last->updated && vars > 0) {
    const Index pair[2] = {last->i, last->j};
    const ImU32 colours[2] = {plot::kPairI, plot::kPairJ};
    for (int k = 0; k < 2; ++k) {
      if (pair[k] < 0 || pair[k] % vars >= n) continue;
      const Index i = pair[k] % vars;
      c.draw->AddCircle(c.view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1)), c.radius + 7,
                        colours[k], 24, 3.0f);
    }
  }
  for (Index i = 0; i < n; ++i) {
    const ImVec2 s = c.view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1));
    if (solver && i < vars) {
      const double a = solver->alpha()(i), as = solver->alpha()(i + vars);
      if (a > 0 || as > 0) {
        const bool atC = a >= m.c || as >= m.c;
        plot::marker(c.draw, s, atC ? plot::Marker::Square : plot::Marker::Diamond, c.radius + 1,
                     as > 0 ? kAlphaStarColour : kAlphaColour, plot::kInk, 1.8f);
        continue;
      }
    }
    plot::marker(c.draw, s, plot::Marker::Circle, c.radius - 1, kInsideTube, IM_COL32_WHITE, 1.2f);
  }
}

void tooltip(const ModeCanvas& c, Index i) {
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, false);
  const SvrMode& m = c.modes->svr;
  if (const SmoSolver* solver = m.solver()) {
    const double x = c.lab->data.points(i, 0), t = c.lab->data.points(i, 1);
    const double fx = fitted(m, x);
    ImGui::Text("f(x) = %s,  residual t − f(x) = %s", formatShort(fx).c_str(),
                formatShort(t - fx).c_str());
    const Index n = solver->alpha().size() / 2;
    if (i < n)
      ImGui::Text("α = %s,  α* = %s", formatShort(solver->alpha()(i)).c_str(),
                  formatShort(solver->alpha()(i + n)).c_str());
  }
  ImGui::EndTooltip();
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  sectionTitle("ε-SVR");
  ImGui::TextWrapped(
      "Each point is a pair (x, t): x₁ is the input, x₂ the target. Labels are ignored. Load "
      "\"Sine\" above.");
  double c = modes.svr.c, epsilon = modes.svr.epsilon;
  const bool a = paramSlider(lab, ui, ParamId::SvrC, c);
  const bool b = paramSlider(lab, ui, ParamId::SvrEpsilon, epsilon);
  if (a || b) {
    JsonValue params = JsonValue::object();
    json::put(params, "C", json::num(c));
    json::put(params, "epsilon", json::num(epsilon));
    sendModeParams(modes, lab, Mode::Svr, std::move(params));
  }
}

void numbers(const LabState& lab, const ModesState& modes, const ModesView&) {
  const SvrMode& m = modes.svr;
  if (!m.error.empty()) {
    ImGui::TextWrapped("%s", m.error.c_str());
    return;
  }
  ImGui::TextWrapped(
      "f(x) = Σᵢ (αᵢ − αᵢ*) k(xᵢ, x) + b. Points outside the tube |t − f(x)| > ε get αᵢ = C "
      "(above) or αᵢ* = C (below); on its edge 0 < α < C; inside α = α* = 0.");
  const SmoSolver* solver = m.solver();
  if (!solver) return;
  ImGui::Text("SMO step %lld", static_cast<long long>(solver->iteration()));
  numberLine("dual objective", solver->objective());
  numberLine("violation m(α) − M(α)", solver->violation());
  numberLine("b = −ρ", -m.rho);
  ImGui::Text("support vectors: %d of %d", static_cast<int>(m.supportCount),
              static_cast<int>(lab.pointCount()));
  numberLine("ε", m.epsilon);
  numberLine("C", m.c);
  if (const SmoStep* last = m.last(); last && last->updated) {
    const Index n = solver->alpha().size() / 2;
    auto name = [n](Index v) {
      return v < n ? "α" + plot::subscript(pointNumber(v))
                   : "α*" + plot::subscript(pointNumber(v - n));
    };
    ImGui::Text("last pair: %s, %s", name(last->i).c_str(), name(last->j).c_str());
  }
}

void plots(LabState&, ModesState& modes, ModesView&, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  const SvrMode& m = modes.svr;
  const std::size_t shown =
      m.history ? std::min(m.objectives.size(), static_cast<std::size_t>(m.history->position()) + 1)
                : 0;
  if (shown <= 1) {
    ImGui::TextDisabled(
        "Press Step or Run: the dual objective appears here, one point per pair update.");
    return;
  }
  plot::linePlot(draw, a, b,
                 std::vector<double>(m.objectives.begin(),
                                     m.objectives.begin() + static_cast<std::ptrdiff_t>(shown)),
                 "SMO step", "dual objective f(α)", plot::kPairJ);
}

constexpr const char* kPlotsTitle = "Dual objective over the SMO steps###modeplots";
constexpr ModeScreen kScreen{kPlotsTitle, "x →",   "↑ t",
                             legend,      nullptr, overAxes,
                             nullptr,     tooltip, controls,
                             numbers,     plots,   "One SMO pair update on the 2N-variable dual"};

}  // namespace

const ModeScreen& svrScreen() {
  return kScreen;
}

}  // namespace kpg::app
