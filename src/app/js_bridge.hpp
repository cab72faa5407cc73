#pragma once
// The C++ side of `window.kpg` (index.html): the first-frame signal, fatal errors shown on the
// page, and the exported functions the page calls for state() and dispatch().

#include "app_state.hpp"

namespace kpg::app {

// Tells the page the app is running (index.html sets window.kpg.ready and hides the loader).
void notifyFirstFrame();

// Shows a readable message on the page instead of a blank canvas.
void reportFatal(const char* message);

const AppState& currentState();

}  // namespace kpg::app
