#include "panels/lock_ui.hpp"

#include "app_state.hpp"

#include <imgui.h>

namespace kpg::app {

const Locks& uiLocks() {
  return mutableState().page.locks;
}

bool uiLocked(LockedControl control) {
  return uiLocks().has(control);
}

LockedItems::LockedItems(LockedControl control) : control_(control), locked_(uiLocked(control)) {
  ImGui::BeginDisabled(locked_);
}

LockedItems::~LockedItems() {
  ImGui::EndDisabled();
}

void LockedItems::explain() const {
  if (locked_ && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", lockReason(control_).c_str());
  }
}

}  // namespace kpg::app
