#pragma once
// The colour bar of the decision field f(x): the map of shaders/field_colour.frag (pale tints
// towards the class colour of sign f, saturating with |f|), f from −3 to 3 with the boundary f = 0
// and the margins f = ±1 marked as on the canvas. Drawn beside the canvas on screen and in the
// exported figure.

#include <imgui.h>

namespace kpg::app {

// shaders/field_colour.frag's tint of f.
ImU32 fieldColour(double f);

// The bar with its ticks and the label f(x), in the rectangle [min, max] (about 58 px wide).
void drawColourBar(ImDrawList* draw, ImVec2 min, ImVec2 max);

}  // namespace kpg::app
