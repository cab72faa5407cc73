// The canvas modes' screens: the windows every method shares, in the lab's layout. The method's own
// parts come from its ModeScreen (one file per method, mode_screen.hpp). Grids are computed on the
// CPU at ≤ 96×96 only when the model or the view changed (SwiftShader is slow) and drawn as
// run-length cells and marching-squares contour lines.

#include "modes/mode_screen.hpp"

#include "exercises/exercise_panel.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_panels.hpp"
#include "panels/canvas_input.hpp"
#include "panels/lock_ui.hpp"
#include "panels/start_card.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

namespace kpg::app {
namespace {

constexpr ImU32 kClusterColours[] = {
    IM_COL32(230, 159, 0, 255),   IM_COL32(86, 180, 233, 255), IM_COL32(0, 158, 115, 255),
    IM_COL32(204, 121, 167, 255), IM_COL32(0, 114, 178, 255),  IM_COL32(213, 94, 0, 255),
    IM_COL32(240, 228, 66, 255),  IM_COL32(90, 90, 90, 255),
};
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

double nowMs() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

float pointRadius(Index n) {
  return n > 1000 ? 3.5f : n > 300 ? 4.5f : 6.0f;
}

// A row of legend items under the canvas: coloured symbol + words, wrapping at `width`. Returns
// its height; draws only when `draw`.
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
        case LegendShape::Dot:
          draw->AddCircleFilled(c, 5, it.colour, 12);
          break;
        case LegendShape::Line:
          draw->AddLine(ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), it.colour, 2.5f);
          break;
        case LegendShape::Ring:
          draw->AddCircle(c, 6, it.colour, 16, 2.5f);
          break;
        case LegendShape::Dashed:
          plot::dashedLine(draw, ImVec2(c.x - 9, c.y), ImVec2(c.x + 9, c.y), it.colour, 1.6f, 4, 3);
          break;
        case LegendShape::Diamond:
          plot::marker(draw, c, plot::Marker::Diamond, 6, it.colour, plot::kInk, 1.8f);
          break;
        case LegendShape::Square:
          plot::marker(draw, c, plot::Marker::Square, 6, it.colour, plot::kInk, 1.8f);
          break;
        case LegendShape::Patch:
          draw->AddRectFilled(ImVec2(c.x - 8, c.y - 6), ImVec2(c.x + 8, c.y + 6), it.colour);
          break;
      }
      draw->AddText(ImVec2(x + 22, y), plot::kInk, it.text.c_str());
    }
    x += w;
  }
  return y + lh + 4 - origin.y;
}

// The field under the canvas: recomputed only when the model or the view changed.
void refreshGrid(const ModesState& modes, ModesView& mv, const CanvasView& view, Index n) {
  const MethodSpec& spec = methodSpec(modes.mode);
  if (!view.valid() || !spec.field) {
    mv.canvasGridValid = false;
    return;
  }
  GridKey key;
  key.mode = modes.mode;
  key.revision = modes.revision;
  key.rect = view.visible();
  key.component = spec.fieldVariant ? spec.fieldVariant(modes) : -1;
  key.side = gridSide(n);
  if (key == mv.canvasKey) return;
  const double t0 = nowMs();
  mv.canvasGridValid = computeField(modes, key.rect, key.side, mv.canvasGrid);
  mv.gridMs = nowMs() - t0;
  mv.canvasKey = key;
}

void drawModeCanvas(AppState& app, UiState& ui, const ModeScreen& screen, const PanelRect& rect) {
  LabState& lab = app.lab;
  ModesState& modes = app.modes;
  ModesView& mv = app.modesView;
  const std::string title =
      std::string("Canvas: ") + std::string(modeTitle(modes.mode)) + "###modecanvas";
  beginPanel(title.c_str(), rect,
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const std::string status = modeStatusText(modes);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.1f, 0.2f, 0.5f, 1));
  ImGui::TextWrapped("%s", status.c_str());
  ImGui::PopStyleColor();

  const ImVec2 min = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  const std::vector<LegendItem> legend = screen.legend(modes);
  size.y = std::max(size.y - legendRow(nullptr, min, size.x, legend), 50.0f);
  ImGui::InvisibleButton("modecanvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  const ImVec2 max(min.x + size.x, min.y + size.y);
  const CanvasView view = CanvasView::fit(lab.view, min, max);
  // The transform is published for window.kpg's view (tests map plot points to the page), but
  // canvasValid stays false so the hidden SVM field is not rendered while a mode is shown
  // (SwiftShader: every field costs real CPU).
  ui.canvas = view;
  ui.canvasValid = false;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  draw->AddRectFilled(min, max, IM_COL32_WHITE);
  const Index n = lab.pointCount();
  refreshGrid(modes, mv, view, n);
  ModeCanvas canvas;
  canvas.draw = draw;
  canvas.view = view;
  canvas.lab = &lab;
  canvas.modes = &modes;
  canvas.grid = mv.canvasGridValid ? &mv.canvasGrid : nullptr;
  canvas.radius = pointRadius(n);
  if (screen.underAxes) screen.underAxes(canvas);
  drawCanvasAxes(draw, view, screen.xAxis, screen.yAxis);
  if (screen.overAxes) screen.overAxes(canvas);
  if (n == 0) {
    plot::label(draw, ImVec2(min.x + 12, min.y + 12), IM_COL32(150, 30, 30, 255),
                "No points yet: click to add points, or load a preset on the left.");
  }

  // Hover: the screen's own (k-NN's neighbours), else the point under the pointer or the pinned
  // one, ringed, with what the method says about it.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  bool handled = false;
  if (screen.hover && hovered && !ui.gesture.active && view.contains(mouse)) {
    const double x = view.plotX(mouse.x), y = view.plotY(mouse.y);
    if (std::isfinite(x) && std::isfinite(y)) handled = screen.hover(canvas, mv, x, y);
  }
  if (!handled) {
    const Index under = hovered && !ui.gesture.active ? hitTest(lab, view, mouse) : -1;
    if (under >= 0) ui.hoverNext = under;  // for a linked view (the feature space's 3-D view)
    // The pointer's point, else the pinned one, else one hovered in a linked view.
    const Index tip = under >= 0 ? under : ui.pinnedIndex >= 0 ? ui.pinnedIndex : ui.hoverIndex;
    if (tip >= 0 && tip < n) {
      const ImVec2 s = view.toScreen(lab.data.points(tip, 0), lab.data.points(tip, 1));
      draw->AddCircle(s, canvas.radius + 10, tip == under ? plot::kAccent : plot::kInk, 24,
                      tip == under ? 2.5f : 1.5f);
      if (screen.tooltip) screen.tooltip(canvas, tip);
    }
  }
  draw->PopClipRect();
  legendRow(draw, ImVec2(min.x, max.y), size.x, legend);
  handleCanvasInput(lab, ui, view, hovered);
  if (ui.pinnedIndex >= lab.pointCount()) ui.pinnedIndex = -1;
  ImGui::End();
}

// The lab's presets and the regression set of the ε-SVR mode.
std::vector<PresetEntry> modePresets() {
  std::vector<PresetEntry> all = labPresets();
  all.push_back(sinePreset());
  return all;
}

void dataControls(LabState& lab, UiState& ui, ModesView& mv) {
  sectionTitle("Data (shared with the SVM lab)");
  const LockedItems dataLock(ui, LockedControl::Data);  // a course page's lock (lock_ui.hpp)
  const std::vector<PresetEntry> presets = modePresets();
  const int presetCount = static_cast<int>(presets.size());
  for (int k = 0; k < presetCount; ++k)
    if (lab.presetName == presets[k].name) mv.presetIndex = k;
  mv.presetIndex = std::clamp(mv.presetIndex, 0, presetCount - 1);
  ImGui::SetNextItemWidth(-1);
  const std::string shown = canvasDataName(lab, presets);
  const bool presetOpen = ImGui::BeginCombo("##modepreset", shown.c_str());
  comboTabStop("data");
  dataLock.explain("preset");
  if (presetOpen) {
    for (int k = 0; k < presetCount; ++k) {
      if (!ImGui::Selectable(presets[k].label, lab.presetName == presets[k].name)) continue;
      mv.presetIndex = k;
      if (std::string(presets[k].name) == "sine") {
        (void)loadSinePreset(lab, 40, 0.15, 1, true);
      } else {
        dispatchUi(lab, ui, action::LoadPreset{presets[k].name});
      }
    }
    ImGui::EndCombo();
  }
  tip(ui, "The points every method works on; the SVM lab shows the same points.");
  // The lab's class chips and tools: one way of adding points everywhere.
  drawClassChips(ui, true);
  drawEditRow(lab, ui);
}

void handleModeShortcuts(ModesState& modes, LabState& lab, const UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || io.KeyCtrl || io.KeySuper || io.KeyAlt) return;
  if (ui.focus.tookKey) return;  // Space pressed the control Tab reached (keyboard_focus.hpp)
  constexpr int kSpace = 32, kLeft = 37, kRight = 39;  // DOM keyCodes, as the lab's handleShortcuts
  constexpr int kR = 82;
  const bool space = ImGui::IsKeyPressed(kSpace, false);
  // ←/→ step, unless a 3-D view has the keyboard (it turns on the arrows).
  const bool arrows = !ui.viewTakesArrows;
  const bool back = (space && io.KeyShift) || (arrows && ImGui::IsKeyPressed(kLeft, true));
  const bool forward = (space && !io.KeyShift) || (arrows && ImGui::IsKeyPressed(kRight, true));
  if ((back || forward) && !uiLocked(ui, LockedControl::Step))
    sendModeAction(modes, lab, back ? "modeStepBack" : "modeStep", "n", 1);
  if (ImGui::IsKeyPressed(kR, false) && !uiLocked(ui, LockedControl::Step) &&
      (modes.playback.running || modeCanStep(modes)))
    sendModeAction(modes, lab, modes.playback.running ? "modePause" : "modePlay");
}

}  // namespace

void beginPanel(const char* title, const PanelRect& rect, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  ImGui::Begin(title, nullptr, kPanelFlags | extra);
}

ImU32 clusterColour(int c) {
  const int count = static_cast<int>(sizeof(kClusterColours) / sizeof(kClusterColours[0]));
  return kClusterColours[((c % count) + count) % count];
}

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
  for (const ContourSegment& s : contourSegments(g, level))
    draw->AddLine(view.toScreen(s.x0, s.y0), view.toScreen(s.x1, s.y1), colour, thickness);
}

ImU32 signRegion(double v) {
  return plot::withAlpha(v > 0 ? plot::kPositive : plot::kNegative, 0.16f);
}

void drawClassPoints(const ModeCanvas& c) {
  const Matrix& pts = c.lab->data.points;
  for (Index i = 0; i < pts.rows(); ++i) {
    plot::marker(c.draw, c.view.toScreen(pts(i, 0), pts(i, 1)), plot::Marker::Circle, c.radius,
                 plot::classColour(c.lab->data.labels(i)), IM_COL32_WHITE, 1.2f);
  }
}

void pointTooltipHeader(const LabState& lab, Index i, bool showClass) {
  ImGui::Text("Point %lld  (%s, %s)%s", pointNumber(i), formatShort(lab.data.points(i, 0)).c_str(),
              formatShort(lab.data.points(i, 1)).c_str(),
              !showClass ? "" : (lab.data.labels(i) > 0 ? "  class +1" : "  class −1"));
}

void numberLine(const char* name, double value) {
  ImGui::Text("%s = %s", name, formatShort(value).c_str());
}

bool sendModeAction(ModesState& modes, LabState& lab, const JsonValue& action) {
  const ActionReply reply = runModeAction(modes, lab, action);
  if (!reply.ok()) postNotice(lab, NoticeKind::Error, reply.error);
  return reply.ok();
}

bool sendModeAction(ModesState& modes, LabState& lab, const char* type, const char* key,
                    long long value) {
  JsonValue action = JsonValue::object();
  json::put(action, "type", json::str(type));
  if (key) json::put(action, key, json::integer(value));
  return sendModeAction(modes, lab, action);
}

bool sendModeParams(ModesState& modes, LabState& lab, Mode mode, JsonValue members) {
  json::put(members, "type", json::str("setModeParams"));
  json::put(members, "mode", json::str(modeName(mode)));
  return sendModeAction(modes, lab, members);
}

void steppingControls(ModesState& modes, LabState& lab, UiState& ui, const char* stepTip) {
  sectionTitle("Run");
  const LockedItems stepLock(ui, LockedControl::Step);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  const std::int64_t position = modePosition(modes);
  ImGui::BeginDisabled(position == 0);
  if (ImGui::Button("◀ Step back", ImVec2(half, 0)))
    sendModeAction(modes, lab, "modeStepBack", "n", 1);
  tip(ui, "Undo the last step (Shift+Space or ←).");
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool can = modeCanStep(modes);
  ImGui::BeginDisabled(!can);
  if (ImGui::Button("Step ▶", ImVec2(half, 0))) sendModeAction(modes, lab, "modeStep", "n", 1);
  markItem(ui, "step");
  tip(ui, (std::string(stepTip) + " (Space or →).").c_str());
  stepLock.explain("Step");
  if (ImGui::Button(modes.playback.running ? "Pause" : "Run", ImVec2(half, 0)))
    sendModeAction(modes, lab, modes.playback.running ? "modePause" : "modePlay");
  tip(ui, "Run / pause the steps at the speed below (R).");
  ImGui::SameLine();
  if (ImGui::Button("Run to the end", ImVec2(half, 0)))
    sendModeAction(modes, lab, "modeRun", "budgetMs", 300);
  tip(ui, "Step until the method converges or reaches its cap.");
  ImGui::EndDisabled();
  if (ImGui::Button("Reset", ImVec2(-1, 0))) sendModeAction(modes, lab, "modeReset");
  tip(ui, "Back to step 0.");
  double speed = modes.playback.stepsPerSecond;
  if (paramSlider(lab, ui, ParamId::StepsPerSecond, speed)) {
    JsonValue action = JsonValue::object();
    json::put(action, "type", json::str("setModeSpeed"));
    json::put(action, "stepsPerSecond", json::num(speed));
    sendModeAction(modes, lab, action);
  }
  const std::int64_t furthest = modeFurthest(modes);
  int shown = static_cast<int>(std::min<std::int64_t>(position, 1 << 30));
  ImGui::BeginDisabled(furthest == 0);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##modescrub", &shown, 0,
                       static_cast<int>(std::clamp<std::int64_t>(furthest, 1, 1 << 30)),
                       "step %d (scrub the recorded steps)"))
    sendModeAction(modes, lab, "modeSeek", "step", shown);
  tip(ui, "Drag to any recorded step.");
  ImGui::EndDisabled();
}

void drawModeSelector(ModesState& modes, LabState& lab, UiState& ui) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.15f, 0.25f, 0.45f, 1));
  ImGui::TextUnformatted("Method");
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  const std::string current(modeTitle(modes.mode));
  const LockedItems methodLock(ui, LockedControl::Method);
  const bool open = ImGui::BeginCombo("##mode", current.c_str());
  comboTabStop("method");
  methodLock.explain("method");
  if (open) {
    for (int k = 0; k < kModeCount; ++k) {
      const Mode m = static_cast<Mode>(k);
      const std::string title(modeTitle(m));
      if (ImGui::Selectable(title.c_str(), m == modes.mode)) {
        JsonValue action = JsonValue::object();
        json::put(action, "type", json::str("setMode"));
        json::put(action, "mode", json::str(modeName(m)));
        sendModeAction(modes, lab, action);
      }
    }
    ImGui::EndCombo();
  }
  tip(ui,
      "The kernel method on the canvas: the SVM lab (SMO), the perceptron, k-NN, k-means, kernel "
      "PCA, Fisher's discriminant (LDA / KFD) and ε-SVR, all on the same points and kernel.");
}

void drawModeScreen(AppState& state, UiState& ui, const Layout& layout) {
  const ModeScreen& screen = methodScreen(state.modes.mode);
  if (screen.drawScreen)
    screen.drawScreen(state, ui, layout);
  else
    drawPlaneScreen(state, ui, layout, screen);
}

void drawPlaneScreen(AppState& state, UiState& ui, const Layout& layout, const ModeScreen& screen) {
  ModesState& modes = state.modes;
  LabState& lab = state.lab;
  advanceModes(modes, lab, static_cast<double>(ImGui::GetIO().DeltaTime));
  if (!screen.sideView) ui.viewTakesArrows = false;  // only a side view takes the arrows
  handleModeShortcuts(modes, lab, ui);
  state.modesView.hoverValid = false;

  const PageSettings& page = state.page;  // a course page's panels (page_settings.hpp)
  if (page.showsPanel(Panel::Controls) && sectionShown(layout, ui, PhoneSection::Controls)) {
    // Always a scrollbar: one that came and went would move the controls sideways.
    beginPanel(titleBesideHelp("Kernel Playground · kernel methods###modecontrols",
                               "Kernel methods###modecontrols", layout.controls.size.x),
               layout.controls, ImGuiWindowFlags_AlwaysVerticalScrollbar);
    drawModeSelector(modes, lab, ui);
    // Step / Run / Reset first, at the lab's place.
    if (screen.stepTip) steppingControls(modes, lab, ui, screen.stepTip);
    dataControls(lab, ui, state.modesView);
    const MethodSpec& spec = methodSpec(modes.mode);
    const bool kernelUsed = !spec.usesKernel || spec.usesKernel(modes);
    sectionTitle(kernelUsed ? "Kernel" : "Kernel (not used by this form)");
    drawKernelControls(lab, ui);
    ensureBuilt(modes, lab);  // the kernel or the data may have changed
    if (screen.controls) {
      const LockedItems methodLock(ui, LockedControl::Method);  // the method's own parameters
      screen.controls(modes, lab, ui);
    }
    ImGui::End();
  }

  // With a side view, the canvas and the plots' place side by side (a laptop), or the side view in
  // the plots' section (a phone).
  PanelRect bottom = layout.dual;
  if (layout.phone)
    bottom.size.y = layout.dual.size.y + layout.convergence.size.y;
  else
    bottom.size.x = layout.dual.size.x + layout.convergence.size.x;
  PanelRect canvasRect = layout.canvas, sideRect = bottom;
  if (screen.sideView && !layout.phone) {
    const float top = layout.canvas.pos.y;
    const float height = bottom.pos.y + bottom.size.y - top;
    const float width = layout.canvas.size.x;  // the middle column: the numbers keep theirs
    canvasRect = PanelRect{ImVec2(layout.canvas.pos.x, top), ImVec2(width * 0.45f, height)};
    sideRect =
        PanelRect{ImVec2(layout.canvas.pos.x + width * 0.45f, top), ImVec2(width * 0.55f, height)};
  }
  drawModeCanvas(state, ui, screen, canvasRect);
  ensureBuilt(modes, lab);  // the canvas may have changed the points

  // An open exercise (exercises/exercise_panel.hpp) takes the numbers' place.
  if (sectionShown(layout, ui, PhoneSection::Pair) && !drawExercisePanel(state, ui, layout.pair) &&
      page.showsPanel(Panel::Pair)) {
    beginPanel("What the method computed###modenumbers", layout.pair, 0);
    if (screen.numbers) screen.numbers(lab, modes, state.modesView);
    ImGui::End();
  }
  if (!page.showsPanel(Panel::Dual) && !page.showsPanel(Panel::Convergence)) return;

  // The plots take the dual's and the convergence's places together: side by side on a screen,
  // stacked (the whole section) on a phone; a side view takes them instead.
  if (screen.sideView) {
    if (!layout.phone || sectionShown(layout, ui, PhoneSection::Plots))
      screen.sideView(state, ui, sideRect);
  } else if (sectionShown(layout, ui, PhoneSection::Plots)) {
    beginPanel(screen.plotsTitle, bottom, ImGuiWindowFlags_NoScrollbar);
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (screen.plots)
      screen.plots(lab, modes, state.modesView, ImGui::GetWindowDrawList(), a,
                   ImVec2(a.x + avail.x, a.y + avail.y));
    ImGui::End();
  }

  ImGui::SetNextWindowPos(layout.status.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(layout.status.size, ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.90f, 0.91f, 0.94f, 1));
  if (ImGui::Begin("##modestatus", nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                       ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::Text("%s │ %d points │ %s │ field grid %.0f ms",
                std::string(modeTitle(modes.mode)).c_str(), static_cast<int>(lab.pointCount()),
                modeStatusText(modes).c_str(), state.modesView.gridMs);
  }
  ImGui::End();
  ImGui::PopStyleColor();
}

}  // namespace kpg::app
