#pragma once
// The pieces every canvas mode's screen shares, and the interface of one method's screen.
// As the ImGui demo is split by feature, each method has one file (perceptron_screen.cpp,
// knn_screen.cpp, kmeans_screen.cpp, kpca_screen.cpp, kfd_screen.cpp, svr_screen.cpp) with its
// canvas layers, tooltip, controls, numbers and plots; mode_screen.cpp lays out the windows in the
// lab's layout, draws the axes, points' hover and legend, and routes the canvas input through
// panels/canvas_input.hpp, exactly as the lab does. Screens read the modes' state (ModesState,
// UI-free, in AppState) and change it through mode_state.hpp's functions.

#include "app_state.hpp"
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

// One method's screen. Null members are skipped.
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
  void (*plots)(const LabState& lab, ModesState& modes, ModesView& view, ImDrawList* draw,
                ImVec2 min, ImVec2 max);
  // What Step does, for the methods with steps: the shared frame draws Step back / Step / Run /
  // Reset under the method selector, at the same place on every screen.
  const char* stepTip;
};

const ModeScreen& perceptronScreen();
const ModeScreen& knnScreen();
const ModeScreen& kmeansScreen();
const ModeScreen& kpcaScreen();
const ModeScreen& kfdScreen();
const ModeScreen& svrScreen();

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
// Marks a mode's model for rebuilding after a parameter change and rebuilds it.
void rebuildMode(ModesState& modes, const LabState& lab, Mode mode);

}  // namespace kpg::app
