#include "tutorials/tutorials_panel.hpp"

#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "tutorials/formula_text.hpp"
#include "tutorials/tutorial_state.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

const ImVec4 kTitleColour(0.10f, 0.20f, 0.50f, 1);
const ImVec4 kMutedColour(0.40f, 0.40f, 0.45f, 1);
const ImVec4 kFormulaColour(0.05f, 0.05f, 0.25f, 1);
const ImU32 kFormulaBg = IM_COL32(232, 238, 250, 255);
const ImU32 kCorrectionBg = IM_COL32(255, 240, 205, 255);
const ImU32 kCorrectionEdge = IM_COL32(230, 159, 0, 255);
const ImU32 kWarningBg = IM_COL32(252, 226, 222, 255);
const ImU32 kWarningEdge = IM_COL32(200, 60, 40, 255);
const ImU32 kLiveBg = IM_COL32(224, 244, 236, 255);
const ImU32 kLiveEdge = IM_COL32(0, 158, 115, 255);

// A box with a coloured left edge behind wrapped text: the notes correction, warnings, live step.
void boxedText(const char* heading, const std::string& text, ImU32 background, ImU32 edge) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::Indent(10);
  ImGui::Dummy(ImVec2(0, 1));
  if (heading) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(edge), "%s", heading);
  ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - 6);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Dummy(ImVec2(0, 1));
  ImGui::Unindent(10);
  const ImVec2 end(start.x + ImGui::GetContentRegionAvail().x, ImGui::GetItemRectMax().y + 2);
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, end, background, 3);
  draw->AddRectFilled(start, ImVec2(start.x + 4, end.y), edge);
  draw->ChannelsMerge();
  ImGui::Dummy(ImVec2(0, 2));
}

// "X′X′ᵀ = [[10, 5, −3], …]" as the notes print it: the text, then the entries in aligned
// columns (right-aligned, so digits line up) between tall brackets, then the rest.
void matrixFormula(const MatrixFormula& m) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
  const std::size_t cols = m.rows.front().size();
  std::vector<float> width(cols, 0.0f);
  for (const auto& row : m.rows) {
    for (std::size_t c = 0; c < cols; ++c) {
      width[c] = std::max(width[c], ImGui::CalcTextSize(row[c].c_str()).x);
    }
  }
  const float gap = ImGui::GetFontSize() * 0.9f, line = ImGui::GetTextLineHeight();
  const float height = line * static_cast<float>(m.rows.size());
  // The text before and after sits level with the matrix's middle, as on paper.
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float middle = origin.y + (height - line) / 2;
  float left = origin.x;
  if (!m.before.empty()) {
    draw->AddText(ImVec2(left, middle), ink, m.before.c_str());
    left += ImGui::CalcTextSize(m.before.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
  }
  const float top = origin.y;
  float total = gap / 2;
  for (float w : width) total += w + gap;
  // Brackets: a vertical stroke with short serifs, the height of the rows.
  const float serif = 4;
  const auto bracket = [&](float x, float dir) {
    draw->AddLine(ImVec2(x, top), ImVec2(x, top + height), ink, 1.2f);
    draw->AddLine(ImVec2(x, top), ImVec2(x + dir * serif, top), ink, 1.2f);
    draw->AddLine(ImVec2(x, top + height), ImVec2(x + dir * serif, top + height), ink, 1.2f);
  };
  bracket(left + 2, 1);
  bracket(left + total, -1);
  for (std::size_t r = 0; r < m.rows.size(); ++r) {
    float x = left + gap / 2 + 2;
    for (std::size_t c = 0; c < cols; ++c) {
      const float w = ImGui::CalcTextSize(m.rows[r][c].c_str()).x;
      draw->AddText(ImVec2(x + width[c] - w, top + line * static_cast<float>(r)), ink,
                    m.rows[r][c].c_str());
      x += width[c] + gap;
    }
  }
  float right = left + total + 4;
  if (!m.after.empty()) {
    right += ImGui::GetStyle().ItemSpacing.x;
    draw->AddText(ImVec2(right, middle), ink, m.after.c_str());
    right += ImGui::CalcTextSize(m.after.c_str()).x;
  }
  ImGui::Dummy(ImVec2(right - origin.x, height + 2));
}

void formulaBlock(const std::vector<FormulaLine>& formulas) {
  if (formulas.empty()) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::Indent(12);
  ImGui::Dummy(ImVec2(0, 1));
  ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - 6);
  for (const FormulaLine& f : formulas) {
    ImGui::PushStyleColor(ImGuiCol_Text, kFormulaColour);
    if (const auto matrix = splitMatrix(f.text)) {
      matrixFormula(*matrix);
    } else {
      ImGui::TextWrapped("%s", f.text.c_str());
    }
    ImGui::PopStyleColor();
    if (!f.comment.empty()) {
      ImGui::Indent(18);
      ImGui::PushStyleColor(ImGuiCol_Text, kMutedColour);
      ImGui::TextWrapped("(%s)", f.comment.c_str());
      ImGui::PopStyleColor();
      ImGui::Unindent(18);
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::Dummy(ImVec2(0, 1));
  ImGui::Unindent(12);
  const ImVec2 end(start.x + ImGui::GetContentRegionAvail().x, ImGui::GetItemRectMax().y + 2);
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, end, kFormulaBg, 3);
  draw->ChannelsMerge();
  ImGui::Dummy(ImVec2(0, 2));
}

std::vector<double> valuesWithPrefix(const TutorialPage& page, const std::string& prefix) {
  std::vector<double> out;
  for (const NamedValue& v : page.values) {
    if (v.name.rfind(prefix, 0) == 0) out.push_back(v.value);
  }
  return out;
}

ImU32 heatColour(double value, double maxAbs) {
  const float t = maxAbs > 0 ? static_cast<float>(std::min(1.0, std::fabs(value) / maxAbs)) : 0.f;
  const ImVec4 base =
      ImGui::ColorConvertU32ToFloat4(value >= 0 ? plot::kSignPositive : plot::kSignNegative);
  const ImVec4 c(1 + (base.x - 1) * t, 1 + (base.y - 1) * t, 1 + (base.z - 1) * t, 1);
  return ImGui::ColorConvertFloat4ToU32(c);
}

// The Gram matrix as a heatmap (purple > 0, green < 0, white 0) next to its eigenvalues as bars
// (red below 0: not PSD), from the page's values — the core's numbers (mercer_example.cpp).
void gramHeatmap(const TutorialPage& page, const std::string& prefix) {
  const std::vector<double> k = valuesWithPrefix(page, prefix + "K_");
  const std::vector<double> eig = valuesWithPrefix(page, prefix + "eigenvalue_");
  const auto n = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(k.size()))));
  if (n == 0 || n * n != k.size()) return;
  double maxAbs = 0;
  for (double v : k) maxAbs = std::max(maxAbs, std::fabs(v));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float side = std::min(avail * 0.5f - 10, 230.0f);
  const float cell = side / static_cast<float>(n);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const bool labels = cell >= 30;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const double v = k[i * n + j];
      const ImVec2 a(origin.x + cell * static_cast<float>(j),
                     origin.y + cell * static_cast<float>(i));
      const ImVec2 b(a.x + cell, a.y + cell);
      draw->AddRectFilled(a, b, heatColour(v, maxAbs));
      draw->AddRect(a, b, IM_COL32(255, 255, 255, 255));
      if (labels) {
        const std::string text = formatShort(v);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        const bool dark = maxAbs > 0 && std::fabs(v) / maxAbs > 0.6;
        draw->AddText(ImVec2(a.x + (cell - size.x) / 2, a.y + (cell - size.y) / 2),
                      dark ? IM_COL32(255, 255, 255, 255) : plot::kInk, text.c_str());
      }
    }
  }
  draw->AddRect(origin, ImVec2(origin.x + side, origin.y + side), plot::kMuted);
  if (ImGui::IsMouseHoveringRect(origin, ImVec2(origin.x + side, origin.y + side))) {
    const ImVec2 m = ImGui::GetMousePos();
    const auto j = std::min(n - 1, static_cast<std::size_t>((m.x - origin.x) / cell));
    const auto i = std::min(n - 1, static_cast<std::size_t>((m.y - origin.y) / cell));
    ImGui::SetTooltip(
        "K%s%s = k(x%s, x%s) = %s", plot::subscript(static_cast<long long>(i + 1)).c_str(),
        plot::subscript(static_cast<long long>(j + 1)).c_str(),
        plot::subscript(static_cast<long long>(i + 1)).c_str(),
        plot::subscript(static_cast<long long>(j + 1)).c_str(), formatShort(k[i * n + j]).c_str());
  }
  // Eigenvalues, smallest first, as bars on a shared zero line.
  if (!eig.empty()) {
    double lo = 0, hi = 0;
    for (double e : eig) {
      lo = std::min(lo, e);
      hi = std::max(hi, e);
    }
    const ImVec2 outerMin(origin.x + side + 14, origin.y);
    const ImVec2 outerMax(origin.x + avail, origin.y + side);
    plot::AxesStyle style;
    style.yLabel = "eigenvalues";
    style.xTicks = 0;
    style.yTicks = 4;
    const plot::Frame frame =
        plot::drawAxes(draw, outerMin, outerMax, {0.0, static_cast<double>(eig.size())},
                       {lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo)}, style);
    for (std::size_t e = 0; e < eig.size(); ++e) {
      const float x0 = frame.screenX(static_cast<double>(e) + 0.15);
      const float x1 = frame.screenX(static_cast<double>(e) + 0.85);
      const ImU32 colour = eig[e] < -1e-12 ? IM_COL32(200, 40, 30, 255) : plot::kSignPositive;
      draw->AddRectFilled(ImVec2(x0, std::min(frame.screenY(0), frame.screenY(eig[e]))),
                          ImVec2(x1, std::max(frame.screenY(0), frame.screenY(eig[e]))), colour);
    }
    plot::horizontalLine(draw, frame, 0.0, plot::kInk, false);
  }
  ImGui::Dummy(ImVec2(avail, side + 4));
  ImGui::TextColored(kMutedColour,
                     "K as a heatmap (purple > 0, green < 0); its eigenvalues, red if < 0.");
}

// The lab's last SMO step next to 003's formulas (SmoStep from the core's solver).
void liveStepBox(const LabState& lab) {
  std::string text;
  const auto& last = lab.history ? lab.history->lastStep() : std::optional<SmoStep>();
  if (!lab.model.valid) {
    text = "No solver: the canvas needs points of both classes.";
  } else if (!last || lab.stepCount() == 0) {
    text = "The lab is at step 0. Press Step ▶ (or space) to take SMO steps.";
  } else {
    const std::string i = plot::subscript(static_cast<long long>(last->i + 1));
    const std::string j = plot::subscript(static_cast<long long>(last->j + 1));
    text = "Step " + std::to_string(lab.stepCount()) + ": pair (x" + i + ", x" + j + ")\n";
    text += "violation m(α) − M(α) = " + formatShort(last->violation) + "\n";
    text +=
        "η = k" + i + i + " + k" + j + j + " − 2k" + i + j + " = " + formatShort(last->eta) + "\n";
    text += "unclipped step " + formatShort(last->unclippedStep) + ", box [" +
            formatShort(last->lower) + ", " + formatShort(last->upper) +
            "] → λ = " + formatShort(last->step) +
            (last->step != last->unclippedStep ? "  (clipped)" : "  (not clipped)") + "\n";
    text += "α" + i + ": " + formatShort(last->alphaIBefore) + " → " +
            formatShort(last->alphaIAfter) + ",   α" + j + ": " + formatShort(last->alphaJBefore) +
            " → " + formatShort(last->alphaJAfter);
  }
  boxedText("Live from the lab (the canvas's solver)", text, kLiveBg, kLiveEdge);
}

void valuesTable(const TutorialPage& page) {
  if (page.values.empty()) return;
  // Matrices are already in the heatmap / formulas; the table lists at most 24 rows.
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("values", 3, flags)) return;
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("exact", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("≈ decimal", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  std::size_t shown = 0;
  for (const NamedValue& v : page.values) {
    if (++shown > 24) break;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(mathName(v.name).c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(kFormulaColour, "%s", v.exact.empty() ? "—" : minusSigns(v.exact).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatShort(v.value).c_str());
  }
  ImGui::EndTable();
  if (page.values.size() > 24) {
    ImGui::TextColored(kMutedColour, "… and %d more values (window.kpg.state().tutorial)",
                       static_cast<int>(page.values.size() - 24));
  }
}

}  // namespace

bool tutorialLayout(AppState& state, Layout& layout) {
  if (!state.tutorial.open) return false;
  // On a phone the tutorial is a section of its own (the pair's tab); the plots keep theirs.
  if (layout.phone) return false;
  const float w = layout.status.size.x;
  const float left = layout.controls.size.x;
  const float bottomTop = layout.dual.pos.y;
  const float right = std::clamp(w * 0.40f, 380.0f, 560.0f);
  const float middle = std::max(w - left - right, 200.0f);
  layout.canvas.size.x = middle;
  layout.pair = {ImVec2(left + middle, 0), ImVec2(w - left - middle, layout.status.pos.y)};
  layout.dual = {ImVec2(left, bottomTop), ImVec2(middle, layout.dual.size.y)};
  layout.convergence = {ImVec2(0, 0), ImVec2(0, 0)};
  return true;
}

void drawTutorialsToggle(AppState& state, UiState& ui, const PanelRect& rect) {
  if (state.tutorial.open) return;
  if (titleBarToggle(ui, "tutorials", "##tutorials-toggle", "Tutorials ▸",
                     ImVec2(rect.pos.x + rect.size.x - 6, rect.pos.y + 1),
                     ImVec4(0.85f, 0.55f, 0.0f, 1), ImVec4(0.95f, 0.65f, 0.1f, 1),
                     "The worked examples of the course notes, page by page, on this canvas")) {
    state.tutorial.open = true;
  }
}

bool drawTutorialsPanel(AppState& state, UiState& ui, const PanelRect& rect) {
  TutorialState& t = state.tutorial;
  if (!t.open) return false;
  LabState& lab = state.lab;
  refreshTutorial(t, lab);
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings;
  if (!ImGui::Begin("Tutorials: the course notes' worked examples", nullptr, flags)) {
    ImGui::End();
    return true;
  }
  // Header: which tutorial, and close.
  const auto& entries = tutorialEntries();
  std::string current = t.id;
  for (const auto& e : entries) {
    if (e.id == t.id) current = e.label;
  }
  const float closeWidth = ImGui::CalcTextSize("Close ✕").x + 16;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - closeWidth - 6);
  const bool tutorialListOpen =
      ImGui::BeginCombo("##tutorial", current.c_str(), ImGuiComboFlags_HeightLarge);
  comboTabStop("tutorial");
  if (tutorialListOpen) {
    for (const auto& e : entries) {
      if (ImGui::Selectable(e.label.c_str(), e.id == t.id)) {
        (void)openTutorial(t, lab, e.id, std::nullopt);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button("Close ✕")) closeTutorial(t);
  markItem(ui, "tutorial.close");

  const TutorialPage page = tutorialPage(t, lab);
  const int count = tutorialPageCount(t);
  const int index = t.page();
  if (t.derived) {
    ImGui::PushStyleColor(ImGuiCol_Text, kMutedColour);
    ImGui::TextWrapped("%s — derived on %s", t.derived->source.c_str(), t.dataNote.c_str());
    ImGui::PopStyleColor();
  }
  if (const std::string note = canvasNote(t, lab); !note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kMutedColour);
    ImGui::TextWrapped("%s", note.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(kTitleColour, "Page %d of %d: %s", index + 1, count, page.title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Separator();

  // Body (scrolls); the footer stays put.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2 + 10;
  ImGui::BeginChild("##tutorial-body", ImVec2(0, -footer), false);
  ImGui::PushTextWrapPos(0);
  for (const std::string& p : page.paragraphs) ImGui::TextWrapped("%s", p.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  formulaBlock(page.formulas);
  if (const char* prefix = gramHeatmapPrefix(t)) gramHeatmap(page, prefix);
  if (!page.notesCorrection.empty()) {
    boxedText("Correction to the notes", page.notesCorrection, kCorrectionBg, kCorrectionEdge);
  }
  for (const std::string& w : tutorialWarnings(t, lab)) {
    boxedText("Where the derivation by hand stops", w, kWarningBg, kWarningEdge);
  }
  if (pageShowsLiveStep(t)) liveStepBox(lab);
  valuesTable(page);
  ImGui::EndChild();

  // Footer: Back, page dots, Next; Try it; which data.
  ImGui::Separator();
  ImGui::BeginDisabled(index <= 0);
  if (ImGui::Button("◀ Back")) tutorialBack(t);
  ImGui::EndDisabled();
  ImGui::SameLine();
  {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float dot = 5;
    const float spacing = std::min(
        16.0f, (ImGui::GetContentRegionAvail().x - 90) / static_cast<float>(std::max(count, 1)));
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float cy = start.y + ImGui::GetFrameHeight() / 2;
    for (int p = 0; p < count; ++p) {
      const ImVec2 c(start.x + spacing * (static_cast<float>(p) + 0.5f), cy);
      if (p == index) {
        draw->AddCircleFilled(c, dot, plot::kInk);
      } else {
        draw->AddCircle(c, dot - 1, plot::kMuted, 12, 1.5f);
      }
      ImGui::SetCursorScreenPos(ImVec2(c.x - spacing / 2, start.y));
      ImGui::PushID(p);
      if (ImGui::InvisibleButton("dot", ImVec2(spacing, ImGui::GetFrameHeight()))) {
        setTutorialPage(t, p);
      }
      ImGui::PopID();
      ImGui::SameLine(0, 0);
    }
    ImGui::SetCursorScreenPos(ImVec2(start.x + spacing * static_cast<float>(count) + 6, start.y));
  }
  ImGui::BeginDisabled(index + 1 >= count);
  if (ImGui::Button("Next ▶")) tutorialNext(t);
  markItem(ui, "tutorial.next");
  ImGui::EndDisabled();

  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.0f, 0.45f, 0.70f, 1));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.1f, 0.55f, 0.80f, 1));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  if (ImGui::Button(tryItLabel(t).c_str())) (void)tutorialTryIt(t, lab, state.modes);
  markItem(ui, "tutorial.tryIt");
  ImGui::PopStyleColor(3);
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24);
    ImGui::TextUnformatted(tryItDescription(t).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::SameLine();
  ImGui::TextColored(kMutedColour, "derive on:");
  ImGui::SameLine();
  if (ImGui::RadioButton("notes", t.source == TutorialSource::Notes)) {
    t.source = TutorialSource::Notes;
  }
  ImGui::SameLine();
  if (ImGui::RadioButton("my points", t.source == TutorialSource::Canvas)) {
    t.source = TutorialSource::Canvas;
  }
  markItem(ui, "tutorial.myPoints");
  tip(ui, "Derive on your own points; the canvas shows them again.");
  ImGui::End();
  return true;
}

}  // namespace kpg::app
