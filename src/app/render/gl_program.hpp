#pragma once
// A compiled and linked GL program, with the compile/link log kept as an error message instead of
// an exception or an abort (the browser build has no exceptions; a driver that rejects a shader
// must leave the rest of the app running).

#include <GLES3/gl3.h>

#include <string>

namespace kpg::app {

struct GlProgram {
  GLuint id = 0;
  std::string error;  // empty on success

  bool ok() const { return id != 0; }
  GLint uniform(const char* name) const { return glGetUniformLocation(id, name); }
};

GlProgram linkProgram(const char* vertexSource, const char* fragmentSource, const char* name);

}  // namespace kpg::app
