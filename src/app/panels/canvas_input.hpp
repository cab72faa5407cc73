#pragma once
// The canvas's gestures, one module for the SMO lab and every canvas mode:
//   - click / tap on empty space adds a point of the current class (the +1 / −1 chip);
//   - press on a point and drag moves it; a drag on empty space (or any drag with the Pan tool)
//     pans; the wheel (or a trackpad pinch, which browsers send as a wheel with Ctrl) zooms about
//     the pointer; two fingers zoom about their centre and pan with it;
//   - the Erase tool deletes the point tapped or dragged across; a long press (≈ 600 ms without
//     moving) on a point deletes it with any tool — no right click or modifier needed on a tablet;
//   - a tap on a point pins its tooltip (ui.pinnedIndex), a second tap unpins it.
// Every change goes through the lab's actions, so undo/redo and autosave work in every mode.

#include "panels/panels.hpp"

namespace kpg::app {

// Pixels from a point's centre within which a press or the pointer is "on" it.
constexpr float kHitRadius = 11.0f;

// The point nearest to the screen position p within `radius` pixels, −1 if none.
Index hitTest(const LabState& lab, const CanvasView& view, ImVec2 p, float radius = kHitRadius);

// Reads this frame's mouse, wheel and pinch for the canvas drawn in `view`; `hovered`: the
// pointer is over the canvas item.
void handleCanvasInput(LabState& lab, UiState& ui, const CanvasView& view, bool hovered);

}  // namespace kpg::app
