#include "render/shader_program.h"

#include <utility>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "render/embedded_shaders.h"

namespace render {
namespace {

std::string InfoLog(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program) {
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  } else {
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  }
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  if (is_program) {
    glGetProgramInfoLog(object, length, nullptr, log.data());
  } else {
    glGetShaderInfoLog(object, length, nullptr, log.data());
  }
  return std::string(log.data());
}

}  // namespace

GLuint CompileEmbeddedShader(GLenum stage, std::string_view name, std::string* error) {
  const std::string_view source = EmbeddedShader(name);
  if (source.empty()) {
    *error = "shader '" + std::string(name) + "' is not embedded in the binary";
    return 0;
  }
  GLuint shader = glCreateShader(stage);
  const char* text = source.data();
  const GLint length = static_cast<GLint>(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    *error = "shader '" + std::string(name) + "' does not compile:\n" + InfoLog(shader, false);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

ShaderProgram::~ShaderProgram() {
  if (program_ != 0) glDeleteProgram(program_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : program_(std::exchange(other.program_, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  std::swap(program_, other.program_);
  return *this;
}

bool ShaderProgram::Build(std::string_view vertex_name, std::string_view fragment_name,
                          std::string* error, std::string_view vertex_library,
                          std::string_view fragment_library) {
  const std::pair<GLenum, std::string_view> stages[] = {{GL_VERTEX_SHADER, vertex_name},
                                                        {GL_VERTEX_SHADER, vertex_library},
                                                        {GL_FRAGMENT_SHADER, fragment_name},
                                                        {GL_FRAGMENT_SHADER, fragment_library}};
  std::vector<GLuint> shaders;
  const auto delete_shaders = [&shaders] {
    for (GLuint shader : shaders) glDeleteShader(shader);
  };
  for (const auto& [stage, name] : stages) {
    if (name.empty()) continue;
    const GLuint shader = CompileEmbeddedShader(stage, name, error);
    if (shader == 0) {
      delete_shaders();
      return false;
    }
    shaders.push_back(shader);
  }
  GLuint program = glCreateProgram();
  for (GLuint shader : shaders) glAttachShader(program, shader);
  glLinkProgram(program);
  delete_shaders();
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    *error = "shaders '" + std::string(vertex_name) + "' + '" + std::string(fragment_name) +
             "' do not link:\n" + InfoLog(program, true);
    glDeleteProgram(program);
    return false;
  }
  if (program_ != 0) glDeleteProgram(program_);
  program_ = program;
  return true;
}

void ShaderProgram::Set(const char* name, int value) const {
  glUniform1i(glGetUniformLocation(program_, name), value);
}
void ShaderProgram::Set(const char* name, float value) const {
  glUniform1f(glGetUniformLocation(program_, name), value);
}
void ShaderProgram::Set(const char* name, const glm::vec3& value) const {
  glUniform3fv(glGetUniformLocation(program_, name), 1, glm::value_ptr(value));
}
void ShaderProgram::Set(const char* name, const glm::vec4& value) const {
  glUniform4fv(glGetUniformLocation(program_, name), 1, glm::value_ptr(value));
}
void ShaderProgram::Set(const char* name, const glm::mat3& value) const {
  glUniformMatrix3fv(glGetUniformLocation(program_, name), 1, GL_FALSE, glm::value_ptr(value));
}

void ShaderProgram::Set(const char* name, const glm::mat4& value) const {
  glUniformMatrix4fv(glGetUniformLocation(program_, name), 1, GL_FALSE, glm::value_ptr(value));
}

}  // namespace render
