#pragma once
// The start card: on the first visit a card over the lab says what the screen
// shows, gives three things to try and the way into the tutorials. Dismissing it is remembered in
// the page's localStorage ("kpg.startCard.seen"); a Help button in the controls' title bar
// opens it again. With storage unavailable (private mode, file:// with storage off) the card
// shows on every visit and dismisses for the session.

#include "app_state.hpp"
#include "panels/panels.hpp"

namespace kpg::app {

// The Help button and, when open, the card (drawn last, over the other windows).
void drawStartCard(AppState& state, UiState& ui, const Layout& layout);

// The controls window's title: `full` when it fits in a panel `panelWidth` wide beside the Help
// button, else `brief` (a course page's 600 px frame: "Kernel Playground · SMO lab" ran under the
// button). Both carry the same ### id.
const char* titleBesideHelp(const char* full, const char* brief, float panelWidth);

}  // namespace kpg::app
