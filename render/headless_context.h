// An OpenGL context without any window or X server: EGL on Mesa's
// surfaceless platform (falling back to the default EGL display). Rendering
// goes to framebuffer objects (see OffscreenTarget). Used by the screenshot
// path of the viewer and by the GL tests.
#pragma once

#include <memory>
#include <string>

namespace render {

class HeadlessContext {
 public:
  // Creates the context, makes it current on this thread and loads GL.
  // Returns null and says why in `error` if EGL or a suitable GL is missing.
  static std::unique_ptr<HeadlessContext> Create(std::string* error);
  ~HeadlessContext();

  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

 private:
  HeadlessContext() = default;
  // EGL handles kept as void* so this header does not pull in EGL.
  void* display_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace render
