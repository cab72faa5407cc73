#pragma once
// The GLSL ES 3.0 sources of /shaders, embedded at build time by shaders/embed_shaders.cmake
// (the generated shader_sources.cpp lives in the build tree). One symbol per file:
// fullscreen.vert → kFullscreenVert.

namespace kpg::app::shaders {

extern const char* const kFullscreenVert;
extern const char* const kDecisionFieldFrag;
extern const char* const kFieldColourFrag;

}  // namespace kpg::app::shaders
