#include "panels/page_layout.hpp"

#include <algorithm>

namespace kpg::app {

bool usesPhoneLayout(ImVec2 display, const PageSettings& page) {
  return !page.embed && display.x < kPhoneLayoutBelow;
}

Layout computePageLayout(ImVec2 display, const PageSettings& page) {
  if (!page.embed)
    return display.x < kPhoneLayoutBelow ? computePhoneLayout(display) : computeLayout(display);
  const float w = std::max(display.x, 240.0f);
  const float h = std::max(display.y, 200.0f);
  const bool status = page.showsPanel(Panel::Status);
  const float statusHeight = status ? ImGui::GetFrameHeight() + 8 : 0;
  // 600 px: a 210 px column keeps the kernel's and C's sliders readable; the canvas gets 390.
  const float left = page.showsPanel(Panel::Controls) ? std::clamp(w * 0.35f, 180.0f, 260.0f) : 0;
  const int below = (page.showsPanel(Panel::Pair) ? 1 : 0) +
                    (page.showsPanel(Panel::Dual) ? 1 : 0) +
                    (page.showsPanel(Panel::Convergence) ? 1 : 0);
  const float stripHeight = below > 0 ? std::clamp((h - statusHeight) * 0.38f, 120.0f, 220.0f) : 0;
  const float top = h - statusHeight - stripHeight;
  Layout layout;
  layout.controls = {ImVec2(0, 0), ImVec2(left, h - statusHeight)};
  layout.canvas = {ImVec2(left, 0), ImVec2(w - left, top)};
  const float cell = below > 0 ? (w - left) / static_cast<float>(below) : 0;
  float x = left;
  const auto next = [&](Panel panel) -> PanelRect {
    if (!page.showsPanel(panel)) return {ImVec2(left, top), ImVec2(0, 0)};
    const PanelRect rect{ImVec2(x, top), ImVec2(cell, stripHeight)};
    x += cell;
    return rect;
  };
  layout.pair = next(Panel::Pair);
  layout.dual = next(Panel::Dual);
  layout.convergence = next(Panel::Convergence);
  layout.status = {ImVec2(0, h - statusHeight), ImVec2(w, statusHeight)};
  layout.helpAnchor = ImVec2(left, 0);
  return layout;
}

}  // namespace kpg::app
