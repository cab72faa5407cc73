#include "panels/lock_ui.hpp"

#include "app_state.hpp"
#include "data/json_text.hpp"

#include <emscripten.h>
#include <imgui.h>

#include <string>
#include <vector>

namespace kpg::app {
namespace {

struct DrawnItem {
  std::string item;
  LockedControl control;
  bool locked;
  ImVec2 min, max;  // CSS pixels of the page
};

// The lockable items drawn in the last frame that drew any (cleared at the first of a new frame).
struct DrawnItems {
  int frame = -1;
  std::vector<DrawnItem> items;
};

DrawnItems& drawn() {
  static DrawnItems d;
  return d;
}

}  // namespace

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

void LockedItems::explain(const char* item) const {
  DrawnItems& d = drawn();
  if (d.frame != ImGui::GetFrameCount()) {
    d.frame = ImGui::GetFrameCount();
    d.items.clear();
  }
  d.items.push_back({item, control_, locked_, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
  if (locked_ && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", lockReason(control_).c_str());
  }
}

}  // namespace kpg::app

// [{"item": "C", "control": "C", "locked": true, "rect": [left, top, right, bottom]}, ...]: the
// lockable controls drawn in the last frame, in CSS pixels of the page.
extern "C" EMSCRIPTEN_KEEPALIVE const char* kpg_lockable_items_json() {
  using kpg::jsonNumber;
  static std::string out;
  out = "[";
  for (const auto& d : kpg::app::drawn().items) {
    if (out.size() > 1) out += ",";
    out += "{\"item\":" + kpg::jsonQuote(d.item) +
           ",\"control\":" + kpg::jsonQuote(std::string(kpg::app::lockedControlName(d.control))) +
           ",\"locked\":" + (d.locked ? "true" : "false") + ",\"rect\":[" + jsonNumber(d.min.x) +
           "," + jsonNumber(d.min.y) + "," + jsonNumber(d.max.x) + "," + jsonNumber(d.max.y) + "]}";
  }
  out += "]";
  return out.c_str();
}
