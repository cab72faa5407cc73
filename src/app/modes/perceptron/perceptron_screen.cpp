// The perceptron's screen (primal, course-notes 002; dual/kernel, 001): the boundary h(x) = 0
// after each update over the class-coloured half planes, the visited sample ringed (orange: no
// update, purple: a mistake and its update), each point's mistake count (the dual α), β/β₀ or α on
// the right, mistakes per point and per epoch below; "stopped at the epoch cap" when the data are
// not separable.

#include "modes/mode_screen.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

constexpr ImU32 kVisitOk = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kVisitMistake = IM_COL32(204, 60, 140, 255);

std::vector<LegendItem> legend(const ModesState& modes) {
  std::vector<LegendItem> items = {
      {plot::kPositive, LegendShape::Dot, "class +1"},
      {plot::kNegative, LegendShape::Dot, "class −1"},
      {plot::kInk, LegendShape::Line, "h(x) = 0"},
      {kVisitOk, LegendShape::Ring, "visited, no update"},
      {kVisitMistake, LegendShape::Ring, "visited: mistake → update"},
      {IM_COL32(255, 255, 255, 0), LegendShape::Patch,
       modes.perceptron.params.kernelForm ? "n = α (mistakes)" : "n = mistakes"}};
  return items;
}

void underAxes(const ModeCanvas& c) {
  if (c.grid) drawCells(c.draw, c.view, *c.grid, signRegion);
}

// β is the boundary's normal, pointing into the half plane h(x) > 0 (class +1).
void drawNormal(const ModeCanvas& c, const Perceptron& primal) {
  const Vector& beta = primal.beta();
  const double norm = beta.norm();
  if (beta.size() != 2 || !(norm > 0) || !std::isfinite(norm)) return;
  const PlotRect r = c.view.visible();
  Vector centre(2);
  centre << (r.xMin + r.xMax) / 2, (r.yMin + r.yMax) / 2;
  // The boundary point nearest the view centre: c − (β·c + β₀) β / ‖β‖².
  const Vector foot = centre - (beta.dot(centre) + primal.bias()) / (norm * norm) * beta;
  const Vector tip = foot + beta / norm * (0.12 * (r.xMax - r.xMin));
  plot::arrow(c.draw, c.view.toScreen(foot(0), foot(1)), c.view.toScreen(tip(0), tip(1)),
              plot::kInk, 2.0f);
  const ImVec2 t = c.view.toScreen(tip(0), tip(1));
  plot::label(c.draw, ImVec2(t.x + 4, t.y - 8), plot::kInk, "β");
}

void overAxes(const ModeCanvas& c) {
  const PerceptronMode& m = c.modes->perceptron;
  if (c.grid) drawContour(c.draw, c.view, *c.grid, 0.0, plot::kInk, 2.5f);
  drawClassPoints(c);
  const Matrix& pts = c.lab->data.points;
  const float radius = c.radius;
  // Small sets: each point's index, as the step record and the bar chart name them.
  if (pts.rows() <= 30) {
    for (Index i = 0; i < pts.rows(); ++i) {
      const ImVec2 s = c.view.toScreen(pts(i, 0), pts(i, 1));
      const std::string t = "x" + plot::subscript(pointNumber(i));
      c.draw->AddText(ImVec2(s.x + radius + 2, s.y - radius - 14), plot::kMuted, t.c_str());
    }
  }
  if (const Perceptron* primal = m.primalNow()) drawNormal(c, *primal);
  const PerceptronBase* b = m.now();
  if (!b) return;
  const std::vector<long long>& mistakes = b->mistakesPerSample();
  for (Index i = 0; i < pts.rows() && static_cast<std::size_t>(i) < mistakes.size(); ++i) {
    const long long count = mistakes[static_cast<std::size_t>(i)];
    if (count <= 0) continue;
    const ImVec2 s = c.view.toScreen(pts(i, 0), pts(i, 1));
    const std::string t = std::to_string(count);
    plot::label(c.draw,
                ImVec2(s.x - radius - 4 - ImGui::CalcTextSize(t.c_str()).x, s.y - radius - 16),
                plot::kInk, t.c_str());
  }
  if (const PerceptronStep* last = m.last(); last && last->index >= 0 && last->index < pts.rows()) {
    const ImVec2 s = c.view.toScreen(pts(last->index, 0), pts(last->index, 1));
    const ImU32 colour = last->mistake ? kVisitMistake : kVisitOk;
    c.draw->AddCircle(s, radius + 7, colour, 24, 3.0f);
    char text[96];
    std::snprintf(text, sizeof text, "%s  y·h = %s", last->mistake ? "update" : "ok",
                  formatShort(last->margin).c_str());
    plot::label(c.draw, ImVec2(s.x + radius + 9, s.y + 2), colour, text);
  }
  const Index next = b->nextIndex();
  if (!b->finished() && next >= 0 && next < pts.rows()) {
    const ImVec2 s = c.view.toScreen(pts(next, 0), pts(next, 1));
    plot::dashedLine(c.draw, ImVec2(s.x - radius - 10, s.y), ImVec2(s.x - radius - 3, s.y),
                     plot::kMuted, 2.0f, 3, 2);
    plot::label(c.draw, ImVec2(s.x - radius - 46, s.y - 8), plot::kMuted, "next");
  }
}

void tooltip(const ModeCanvas& c, Index i) {
  const LabState& lab = *c.lab;
  const PerceptronBase* b = c.modes->perceptron.now();
  Vector p(2);
  p << lab.data.points(i, 0), lab.data.points(i, 1);
  ImGui::BeginTooltip();
  pointTooltipHeader(lab, i, true);
  const PerceptronMode& m = c.modes->perceptron;
  if (b) {
    const double h =
        m.primalNow() ? m.primalNow()->decisionValue(p) : m.dualNow()->decisionValue(p);
    ImGui::Text("h(x) = %s,  y·h(x) = %s", formatShort(h).c_str(),
                formatShort(lab.data.labels(i) * h).c_str());
    const auto k = static_cast<std::size_t>(i);
    ImGui::Text("mistakes on this point: %lld",
                k < b->mistakesPerSample().size() ? b->mistakesPerSample()[k] : 0LL);
  }
  ImGui::EndTooltip();
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  PerceptronMode& m = modes.perceptron;
  PerceptronParams p = m.params;
  sectionTitle("Perceptron");
  int form = p.kernelForm ? 1 : 0;
  ImGui::RadioButton("primal β, β₀ (002)", &form, 0);
  tip(ui, "The primal perceptron of notes 002: h(x) = β·x + β₀, updated β += η yᵢxᵢ on a mistake.");
  ImGui::SameLine();
  ImGui::RadioButton("kernel α (001)", &form, 1);
  tip(ui,
      "The dual (kernel) perceptron of notes 001: h(x) = Σ αᵢyᵢ k(xᵢ, x) (+ b), αᵢ += 1 on a "
      "mistake at point i.");
  p.kernelForm = form == 1;
  int rule = p.rule == MistakeRule::NonPositiveMargin ? 0 : 1;
  ImGui::TextUnformatted("update when");
  ImGui::RadioButton("y·h ≤ 0 (001)", &rule, 0);
  tip(ui, "A point on the boundary (h = 0) counts as a mistake, as in notes 001.");
  ImGui::SameLine();
  ImGui::RadioButton("y·h < 0 (002)", &rule, 1);
  tip(ui, "Only a point strictly on the wrong side counts as a mistake, as in notes 002.");
  p.rule = rule == 0 ? MistakeRule::NonPositiveMargin : MistakeRule::NegativeMargin;
  int order = p.order == VisitOrder::Fixed ? 0 : 1;
  ImGui::TextUnformatted("order");
  ImGui::SameLine();
  ImGui::RadioButton("fixed 1…n", &order, 0);
  tip(ui, "Visit the points in their order 1, 2, …, n every epoch.");
  ImGui::SameLine();
  ImGui::RadioButton("seeded shuffle", &order, 1);
  tip(ui, "Visit the points in a random order, the same for the same seed.");
  p.order = order == 0 ? VisitOrder::Fixed : VisitOrder::SeededShuffle;
  const float w = ImGui::GetFontSize() * 7;
  if (p.order == VisitOrder::SeededShuffle) {
    int seed = static_cast<int>(p.seed);
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputInt("seed##p", &seed)) p.seed = static_cast<std::uint64_t>(std::max(0, seed));
    tip(ui, "seed: the shuffle's random start.");
  }
  ImGui::Checkbox("bias β₀ / b", &p.useBias);
  tip(ui, "Learn the offset β₀ (b) too; without it the boundary passes through the origin.");
  if (!p.kernelForm) {
    paramSlider(lab, ui, ParamId::PerceptronLearningRate, p.learningRate);
    ImGui::Checkbox("start from β, β₀:", &p.useStart);
    tip(ui, "Start from the given β₁, β₂, β₀ instead of 0 (the notes' worked start).");
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
      tip(ui, "β₁, β₂, β₀ at the start");
    }
  }
  double epochs = p.maxEpochs;
  if (paramSlider(lab, ui, ParamId::PerceptronMaxEpochs, epochs))
    p.maxEpochs = static_cast<int>(epochs);
  const PerceptronParams& o = m.params;
  const bool changed = p.kernelForm != o.kernelForm || p.rule != o.rule || p.order != o.order ||
                       p.seed != o.seed || p.useBias != o.useBias ||
                       p.learningRate != o.learningRate || p.useStart != o.useStart ||
                       p.startBeta[0] != o.startBeta[0] || p.startBeta[1] != o.startBeta[1] ||
                       p.startBias != o.startBias || p.maxEpochs != o.maxEpochs;
  if (changed) {
    JsonValue params = JsonValue::object();
    json::put(params, "form", json::str(p.kernelForm ? "kernel" : "primal"));
    json::put(params, "rule", json::str(p.rule == MistakeRule::NonPositiveMargin ? "<=0" : "<0"));
    json::put(params, "order", json::str(p.order == VisitOrder::Fixed ? "fixed" : "shuffle"));
    json::put(params, "seed", json::integer(static_cast<long long>(p.seed)));
    json::put(params, "bias", JsonValue::boolean(p.useBias));
    json::put(params, "learningRate", json::num(p.learningRate));
    json::put(params, "maxEpochs", json::integer(p.maxEpochs));
    json::put(params, "startBeta",
              p.useStart ? json::list(std::vector<double>{p.startBeta[0], p.startBeta[1]})
                         : JsonValue::null());
    json::put(params, "startBias", json::num(p.startBias));
    sendModeParams(modes, lab, Mode::Perceptron, std::move(params));
  }
}

void lastVisit(const PerceptronMode& m, const PerceptronStep& s) {
  ImGui::Separator();
  ImGui::Text("Last visit: sample %lld (epoch %d)", pointNumber(s.index), s.epoch + 1);
  numberLine("h(xᵢ)", s.score);
  numberLine("yᵢ·h(xᵢ)", s.margin);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.mistake ? kVisitMistake : kVisitOk), "%s",
                     s.mistake ? "mistake → update" : "correct → no update");
  if (s.mistake && m.primal && s.betaBefore.size() >= 2 && s.betaAfter.size() >= 2) {
    ImGui::Text("β: (%s, %s) → (%s, %s)", formatShort(s.betaBefore(0)).c_str(),
                formatShort(s.betaBefore(1)).c_str(), formatShort(s.betaAfter(0)).c_str(),
                formatShort(s.betaAfter(1)).c_str());
    ImGui::Text("β₀: %s → %s", formatShort(s.biasBefore).c_str(), formatShort(s.biasAfter).c_str());
  }
  if (s.mistake && m.dual) {
    ImGui::Text("α%s: %s → %s", plot::subscript(pointNumber(s.index)).c_str(),
                formatShort(s.alphaBefore).c_str(), formatShort(s.alphaAfter).c_str());
  }
}

void numbers(const LabState&, const ModesState& modes, const ModesView&) {
  const PerceptronMode& m = modes.perceptron;
  if (!m.error.empty()) {
    ImGui::TextWrapped("%s", m.error.c_str());
    return;
  }
  ImGui::TextWrapped(m.params.kernelForm
                         ? "h(x) = Σⱼ αⱼ yⱼ k(xⱼ, x) + b; a mistake at i: αᵢ ← αᵢ + 1, b ← b + yᵢ"
                         : "h(x) = β·x + β₀; a mistake at i: β ← β + η yᵢ xᵢ, β₀ ← β₀ + η yᵢ");
  ImGui::TextWrapped("mistake: y·h(x) %s 0",
                     m.params.rule == MistakeRule::NonPositiveMargin ? "≤" : "<");
  ImGui::Separator();
  if (const Perceptron* primal = m.primalNow()) {
    const Vector& b = primal->beta();
    ImGui::Text("β = (%s, %s)", formatShort(b.size() > 0 ? b(0) : 0).c_str(),
                formatShort(b.size() > 1 ? b(1) : 0).c_str());
    numberLine("β₀", primal->bias());
  } else if (const KernelPerceptron* dual = m.dualNow()) {
    numberLine("b", dual->bias());
    ImGui::Text("Σ αⱼ = %s mistakes", formatShort(dual->alpha().sum()).c_str());
  }
  if (const PerceptronBase* b = m.now()) {
    ImGui::Text("epoch %d · visits %lld · updates %lld", b->epoch() + 1, b->visits(),
                b->mistakes());
    ImGui::Text("mistakes this epoch: %d", b->mistakesThisEpoch());
  }
  if (const PerceptronStep* s = m.last()) lastVisit(m, *s);
}

void plots(LabState& lab, ModesState& modes, ModesView&, ImDrawList* draw, ImVec2 a, ImVec2 b) {
  const PerceptronBase* base = modes.perceptron.now();
  if (!base) return;
  std::vector<double> counts;
  std::vector<ImU32> colours;
  const std::vector<long long>& mistakes = base->mistakesPerSample();
  for (std::size_t i = 0; i < mistakes.size(); ++i) {
    counts.push_back(static_cast<double>(mistakes[i]));
    const auto row = static_cast<Index>(i);
    colours.push_back(plot::classColour(row < lab.data.labels.size() ? lab.data.labels(row) : 1));
  }
  const std::vector<int>& epochs = base->mistakesPerEpoch();
  const float split = epochs.empty() ? b.x : a.x + (b.x - a.x) * 0.6f;
  plot::barChart(draw, a, ImVec2(split - 8, b.y), counts, colours, "point i (from 1)", "mistakes",
                 1);
  if (!epochs.empty()) {
    plot::linePlot(draw, ImVec2(split, a.y), b, std::vector<double>(epochs.begin(), epochs.end()),
                   "epoch", "mistakes per epoch", plot::kAccent, true, 1);
  }
}

constexpr const char* kPlotsTitle = "Mistakes per point (the dual α)###modeplots";
constexpr ModeScreen kScreen{kPlotsTitle, "x₁ →",   "↑ x₂",  legend,
                             underAxes,   overAxes, nullptr, tooltip,
                             controls,    numbers,  plots,   "Visit one sample"};

}  // namespace

const ModeScreen& perceptronScreen() {
  return kScreen;
}

}  // namespace kpg::app
