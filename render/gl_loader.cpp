#include "render/gl_loader.h"

namespace render {

bool LoadGl(GLADloadfunc loader, std::string* error) {
  const int version = gladLoadGL(loader);
  if (version == 0) {
    *error = "could not load the OpenGL functions (no current context?)";
    return false;
  }
  const int major = GLAD_VERSION_MAJOR(version);
  const int minor = GLAD_VERSION_MINOR(version);
  if (major < 3 || (major == 3 && minor < 3)) {
    *error = "OpenGL 3.3 core or newer is needed, the driver offers " + std::to_string(major) +
             "." + std::to_string(minor);
    return false;
  }
  return true;
}

std::string DescribeGl() {
  auto str = [](GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
  };
  return str(GL_RENDERER) + ", OpenGL " + str(GL_VERSION);
}

}  // namespace render
