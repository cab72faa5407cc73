#pragma once
// The layout a course page asked for (session/page_settings.hpp): the usual layout
// (computeLayout), or with `embed` the compact one for an iframe about 600 px wide — the controls
// in a narrow column on the left, the canvas filling the rest, the other panels that the page
// shows (`panels=`) in a strip under the canvas. Hidden panels are not drawn (main.cpp and the
// modes' screen ask page.showsPanel).

#include "panels/panels.hpp"
#include "session/page_settings.hpp"

namespace kpg::app {

Layout computePageLayout(ImVec2 display, const PageSettings& page);
// Whether computePageLayout gives the phone's one-column layout (not in an embed: a course page's
// iframe keeps its compact layout).
bool usesPhoneLayout(ImVec2 display, const PageSettings& page);

}  // namespace kpg::app
