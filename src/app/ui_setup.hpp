#pragma once
// What every ImGui context of the app is set up with, in the browser (platform_web.cpp, main.cpp)
// and in the native frame host (native_host.hpp): the DOM key codes ImGui knows by name, the glyph
// ranges and size of the UI font, and the style.

#include <imgui.h>

namespace kpg::app {

// The UI font's size in CSS pixels (the atlas is rasterised at this × devicePixelRatio).
constexpr float kFontSizeCss = 15.0f;

// DOM keyCodes for the keys ImGui needs by name (KeyMap indexes into KeysDown[512]).
void mapDomKeys(ImGuiIO& io);

// The glyph ranges given to ImGui: Latin, Greek, sub/superscripts, arrows, math operators, the
// notice marks. The embedded font is subset at build time to the characters the sources draw
// (src/app/fonts/subset_font.py reads the list from this file's .cpp), which fails the build if
// one of them lies outside these ranges.
const ImWchar* uiGlyphRanges();

// The app's style (light, square windows, rounded frames); frame padding, item spacing, scrollbar
// and grab sizes are set every frame by applyTouchSizes (panels/panels.hpp).
void applyAppStyle();

}  // namespace kpg::app
