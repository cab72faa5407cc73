#pragma once
// A course page's locks on screen (session/page_settings.hpp): a locked control is
// drawn disabled and says why in its tooltip. Use around one or more ImGui items:
//   LockedItems lock(ui, LockedControl::C);
//   ImGui::SliderFloat("C", ...);
//   lock.explain("C");   // after each item: the tooltip when the pointer is over it
// dispatchUi (lab_layout.cpp) refuses a locked action in any case (keyboard shortcuts, canvas).
//
// explain() also records where the item was drawn this frame; the page reads the list with
// kpg_lockable_items_json() (web/tests/embed.test.mjs clicks each control with the real mouse to
// check that a locked one changes nothing and an unlocked one works).

#include "session/page_settings.hpp"

namespace kpg::app {

struct UiState;

// Whether the page locks `control` (ui.locks, which buildFrameUi copies from AppState::page).
bool uiLocked(const UiState& ui, LockedControl control);

class LockedItems {
 public:
  LockedItems(UiState& ui, LockedControl control);
  ~LockedItems();
  LockedItems(const LockedItems&) = delete;
  LockedItems& operator=(const LockedItems&) = delete;
  bool locked() const { return locked_; }
  // The reason as the last item's tooltip (ImGui shows none for a disabled item by itself), and
  // the item's rectangle recorded under `item` ("C", "Step", …).
  void explain(const char* item) const;

 private:
  UiState& ui_;
  LockedControl control_;
  bool locked_;
};

}  // namespace kpg::app
