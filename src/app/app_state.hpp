#pragma once
// Everything the application shows, in one value. Panels are free functions over it
// (../shared/STYLE.md, item 8): they read it and change it only through its own or the core's
// methods.

#include <cstdint>

namespace kpg::app {

struct AppState {
  std::uint64_t frameCount = 0;
  float devicePixelRatio = 1;
  int framebufferWidth = 0;
  int framebufferHeight = 0;
  bool showAbout = true;
};

}  // namespace kpg::app
