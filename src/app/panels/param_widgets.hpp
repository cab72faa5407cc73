#pragma once
// The controls' number widgets: a parameter is set by a slider over a
// ladder of nice values (logarithmic where it spans decades) with a typed field beside it, or by
// a typed field with − / + steps (N, noise); a typed value out of range is clamped and one that is
// not a number is refused, each with a notice naming the range (params/param_input.hpp). Every
// control gets its tooltip through tip(), which also records the text for window.kpg (the view's
// "guide" block), so a browser test can hover a control and read what a person sees.

#include "panels/panels.hpp"
#include "params/param_input.hpp"
#include "params/parameter_table.hpp"

#include <string>

namespace kpg::app {

// The tooltip of the item just drawn, when the pointer is over it.
void tip(UiState& ui, const char* text);
// Records the item just drawn under `name` (window.kpg view().guide.items).
void markItem(UiState& ui, const std::string& name);

// A slider over sliderLadder(range) and a typed field, then `label`. Returns true when `value`
// changed (a slider rung, or an accepted typed value).
bool paramSlider(LabState& lab, UiState& ui, const char* label, double& value,
                 const ParamRange& range, const char* tooltip);

// A typed field between − and + buttons (step `step`, kept in the range), then `label`.
bool paramStepper(LabState& lab, UiState& ui, const char* label, double& value,
                  const ParamRange& range, double step, const char* tooltip);

// The same for a row of the parameter table: its label, range, slider span and help.
bool paramSlider(LabState& lab, UiState& ui, ParamId id, double& value);
bool paramStepper(LabState& lab, UiState& ui, ParamId id, double& value, double step);

// The class chips (+1 / −1) and the canvas tools, the one way of adding points that the lab and
// every method share.
void drawClassChips(UiState& ui, bool showPan);

// The width titleBarToggle takes for `label` (the toggles sit side by side; the pair panel's
// title keeps clear of them).
float titleBarToggleWidth(const char* label);
// A coloured button on a panel's title bar, its right edge at `right` (the Tutorials and
// Exercises toggles): its own borderless window kept in front, its rectangle marked as `item`
// (markItem). True when pressed.
bool titleBarToggle(UiState& ui, const char* item, const char* windowId, const char* label,
                    ImVec2 right, ImVec4 colour, ImVec4 hovered, const char* tooltip);

// The start card, the colour bar and cursor readout's state for window.kpg (main.cpp adds it to
// kpg_view_json as "guide").
JsonValue guideJson(const UiState& ui);

}  // namespace kpg::app
