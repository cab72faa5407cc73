#pragma once
// Panels: free functions over the application state, one per window.

#include "app_state.hpp"

namespace kpg::app {

void drawAboutPanel(AppState& state);

}  // namespace kpg::app
