// A linked GLSL program built from two of the embedded shaders, with
// uniform setters that look locations up by name (a handful of uniforms per
// draw; the lookup cost does not matter next to the draw itself).
#pragma once

#include <string>
#include <string_view>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace render {

// Compiles one embedded shader for `stage`; 0 on failure, with `error`
// naming the shader and holding GL's log.
GLuint CompileEmbeddedShader(GLenum stage, std::string_view name, std::string* error);

class ShaderProgram {
 public:
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;

  // Compiles and links the embedded shaders `vertex_name` and
  // `fragment_name`, plus `vertex_library` and `fragment_library` when
  // given (a second shader object of the stage defining functions the first
  // declares); on failure `error` holds the shader name and GL log.
  bool Build(std::string_view vertex_name, std::string_view fragment_name, std::string* error,
             std::string_view vertex_library = {}, std::string_view fragment_library = {});

  GLuint id() const { return program_; }
  void Use() const { glUseProgram(program_); }

  void Set(const char* name, int value) const;
  void Set(const char* name, bool value) const { Set(name, value ? 1 : 0); }
  void Set(const char* name, float value) const;
  void Set(const char* name, const glm::vec3& value) const;
  void Set(const char* name, const glm::vec4& value) const;
  void Set(const char* name, const glm::mat3& value) const;
  void Set(const char* name, const glm::mat4& value) const;

 private:
  GLuint program_ = 0;
};

}  // namespace render
