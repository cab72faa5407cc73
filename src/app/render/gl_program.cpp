#include "render/gl_program.hpp"

#include <vector>

namespace kpg::app {
namespace {

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> text(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(text.size()), nullptr, text.data());
  return text.data();
}

GLuint compile(GLenum type, const char* source, std::string& error) {
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint compiled = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
  if (!compiled) {
    error = shaderLog(shader);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

GlProgram linkProgram(const char* vertexSource, const char* fragmentSource, const char* name) {
  GlProgram program;
  std::string error;
  const GLuint vertex = compile(GL_VERTEX_SHADER, vertexSource, error);
  if (vertex == 0) {
    program.error = std::string(name) + ": vertex shader: " + error;
    return program;
  }
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragmentSource, error);
  if (fragment == 0) {
    glDeleteShader(vertex);
    program.error = std::string(name) + ": fragment shader: " + error;
    return program;
  }
  const GLuint id = glCreateProgram();
  glAttachShader(id, vertex);
  glAttachShader(id, fragment);
  glLinkProgram(id);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint linked = 0;
  glGetProgramiv(id, GL_LINK_STATUS, &linked);
  if (!linked) {
    GLint length = 0;
    glGetProgramiv(id, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> text(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetProgramInfoLog(id, static_cast<GLsizei>(text.size()), nullptr, text.data());
    program.error = std::string(name) + ": link: " + text.data();
    glDeleteProgram(id);
    return program;
  }
  program.id = id;
  return program;
}

}  // namespace kpg::app
