#include "panels/lock_ui.hpp"

#include "data/json_text.hpp"
#include "panels/panels.hpp"

#include <imgui.h>

#include <string>
#include <vector>

namespace kpg::app {

bool uiLocked(const UiState& ui, LockedControl control) {
  return ui.locks.has(control);
}

LockedItems::LockedItems(UiState& ui, LockedControl control)
    : ui_(ui), control_(control), locked_(uiLocked(ui, control)) {
  ImGui::BeginDisabled(locked_);
}

LockedItems::~LockedItems() {
  ImGui::EndDisabled();
}

void LockedItems::explain(const char* item) const {
  UiState& state = ui_;
  if (state.lockablesFrame != ImGui::GetFrameCount()) {
    state.lockablesFrame = ImGui::GetFrameCount();
    state.lockablesDrawn.clear();
  }
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  state.lockablesDrawn.push_back({item, control_, locked_, {min.x, min.y, max.x, max.y}});
  // A course page that locks controls leaves the student the others: in the compact embed
  // layout the controls panel opens scrolled to the first one left open (two moons with only γ
  // unlocked shows γ, not the locked solver buttons above it), once per page load.
  if (!locked_ && state.embedWithLocks && !state.lockablesScrolled) {
    state.lockablesScrolled = true;
    ImGui::SetScrollHereY(0.5f);
  }
  if (locked_ && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", lockReason(control_).c_str());
  }
}

}  // namespace kpg::app
