#pragma once
// The pieces every method's screen shares, and the interface of one method's screen.
// As the ImGui demo is split by feature, each method has one screen file in its folder
// (modes/perceptron/perceptron_screen.cpp, …) with its canvas layers, tooltip, controls, numbers
// and plots; mode_screen.cpp lays out the windows in the lab's layout, draws the axes, points'
// hover and legend, and routes the canvas input through panels/canvas_input.hpp, exactly as the
// lab does. Screens read the methods' state (ModesState, UI-free, in AppState) and change it only
// by the validated actions window.kpg sends (sendModeAction: setModeParams, modeStep, …).

#include "app_state.hpp"
#include "io/json.hpp"
#include "modes/mode_field.hpp"
#include "panels/canvas_view.hpp"
#include "panels/panels.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"

#include <string>
#include <vector>

namespace kpg::app {

// Okabe–Ito colours for clusters (k ≤ 8).
ImU32 clusterColour(int cluster);

enum class LegendShape { Dot, Line, Ring, Dashed, Patch, Diamond, Square };
struct LegendItem {
  ImU32 colour;
  LegendShape shape;
  std::string text;
};

// What a screen's canvas layers draw with (the field grid is computed by the shared frame from
// mode_field.hpp's computeField, only when the model or the view changed).
struct ModeCanvas {
  ImDrawList* draw = nullptr;
  CanvasView view;
  const LabState* lab = nullptr;
  const ModesState* modes = nullptr;
  const FieldGrid* grid = nullptr;  // the mode's field over the visible rectangle, or nullptr
  float radius = 6;                 // the points' radius in pixels
};

// One method's screen (its folder's <method>_screen.cpp; screen_registry.cpp lists them by Mode).
// Null members are skipped.
struct ModeScreen {
  const char* plotsTitle;  // the window below the canvas ("…###modeplots")
  const char* xAxis;       // axis names in the canvas corners
  const char* yAxis;
  std::vector<LegendItem> (*legend)(const ModesState& modes);
  void (*underAxes)(const ModeCanvas& canvas);  // regions from the grid
  void (*overAxes)(const ModeCanvas& canvas);   // contours, points, highlights
  // The pointer over the canvas at plot point (x, y): true when the screen showed its own hover
  // (k-NN's neighbours) instead of the point tooltip.
  bool (*hover)(const ModeCanvas& canvas, ModesView& view, double x, double y);
  void (*tooltip)(const ModeCanvas& canvas, Index point);  // what the method says about a point
  // The method's parameters (under the shared data and kernel controls); a typed value out of
  // range posts a notice in the lab (panels/param_widgets.hpp).
  void (*controls)(ModesState& modes, LabState& lab, UiState& ui);
  void (*numbers)(const LabState& lab, const ModesState& modes, const ModesView& view);
  void (*plots)(LabState& lab, ModesState& modes, ModesView& view, ImDrawList* draw, ImVec2 min,
                ImVec2 max);
  // What Step does, for the methods with steps: the shared frame draws Step back / Step / Run /
  // Reset under the method selector, at the same place on every screen.
  const char* stepTip;
  // A screen that owns its canvas and panels (its own camera, input and drawing: the SVM lab)
  // draws the whole screen here; null: the shared 2-D plane (drawPlaneScreen) with the members
  // above.
  void (*drawScreen)(AppState& state, UiState& ui, const Layout& layout) = nullptr;
  // A second view linked to the canvas (the feature space's 3-D view), drawn in `rect`: on a
  // laptop the canvas and the plots' place become two columns, the canvas on the left and this
  // on the right (no plots); on a phone it takes the plots' section. Null: none.
  void (*sideView)(AppState& state, UiState& ui, const PanelRect& rect) = nullptr;
};

// A fixed window of the screen's layout at `rect` (no move, resize or collapse); end it with
// ImGui::End().
void beginPanel(const char* title, const PanelRect& rect, ImGuiWindowFlags extra);

// The screens by Mode (screen_registry.cpp).
const ModeScreen& methodScreen(Mode mode);
// The shared 2-D plane's screen (mode_screen.cpp): controls, canvas, numbers, plots and status in
// the lab's layout, drawn from a screen's members.
void drawPlaneScreen(AppState& state, UiState& ui, const Layout& layout, const ModeScreen& screen);

// Each method's screen, in its folder's <folder>_screen.cpp: svmScreen(), knnScreen(), ….
#define KPG_METHOD(Enumerator, folder, State) const ModeScreen& folder##Screen();
#include "modes/methods.def"
#undef KPG_METHOD

// Field cells (run-length rows of equal value) coloured by colourOf, and contour lines.
void drawCells(ImDrawList* draw, const CanvasView& view, const FieldGrid& grid,
               ImU32 (*colourOf)(double));
void drawContour(ImDrawList* draw, const CanvasView& view, const FieldGrid& grid, double level,
                 ImU32 colour, float thickness);
// Translucent class colour by the sign of v (predicted regions).
ImU32 signRegion(double v);
// The lab's points as class-coloured circles.
void drawClassPoints(const ModeCanvas& canvas);
// The first line of a point's tooltip: "Point i  (x₁, x₂)", with its class when it has one.
void pointTooltipHeader(const LabState& lab, Index point, bool showClass);
// "name = value" with the panels' number format.
void numberLine(const char* name, double value);
// Step back / Step / Run / Run to the end / Reset, the scrubber and the speed, for the methods
// with steps (Shift+Space, Space and R on the keyboard).
void steppingControls(ModesState& modes, LabState& lab, UiState& ui, const char* stepTip);
// The screens' one way to change the methods' state: the mode actions window.kpg sends
// (modes/mode_json.hpp), run by the same handlers; a refusal is posted as the lab's error notice.
// Returns whether the action was applied.
bool sendModeAction(ModesState& modes, LabState& lab, const JsonValue& action);
// {"type": type} or {"type": type, key: value}: modeStep, modeSeek, modePlay, modeReset, ….
bool sendModeAction(ModesState& modes, LabState& lab, const char* type, const char* key = nullptr,
                    long long value = 0);
// setModeParams for `mode` with the given members ({"k": 4}).
bool sendModeParams(ModesState& modes, LabState& lab, Mode mode, JsonValue members);

}  // namespace kpg::app
