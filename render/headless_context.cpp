#include "render/headless_context.h"

#include <cstring>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "render/gl_loader.h"

namespace render {
namespace {

bool HasExtension(const char* list, const char* name) {
  if (list == nullptr) return false;
  const std::size_t length = std::strlen(name);
  for (const char* p = std::strstr(list, name); p != nullptr; p = std::strstr(p + 1, name)) {
    const bool starts = p == list || p[-1] == ' ';
    const bool ends = p[length] == ' ' || p[length] == '\0';
    if (starts && ends) return true;
  }
  return false;
}

// Mesa's surfaceless platform needs neither X nor a GPU device node; the
// default display is the fallback for other EGL implementations.
EGLDisplay OpenDisplay() {
  const char* client_extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (HasExtension(client_extensions, "EGL_MESA_platform_surfaceless")) {
    auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (get_platform_display != nullptr) {
      EGLDisplay display =
          get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) return display;
    }
  }
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) return display;
  return EGL_NO_DISPLAY;
}

EGLContext CreateCoreContext(EGLDisplay display, EGLConfig config) {
  // Newest first: 4.5 core gives the best debug output, 3.3 is all we need.
  const EGLint versions[][2] = {{4, 5}, {4, 1}, {3, 3}};
  for (const auto& v : versions) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 v[0],
                                 EGL_CONTEXT_MINOR_VERSION,
                                 v[1],
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
    if (context != EGL_NO_CONTEXT) return context;
  }
  return EGL_NO_CONTEXT;
}

}  // namespace

std::unique_ptr<HeadlessContext> HeadlessContext::Create(std::string* error) {
  EGLDisplay display = OpenDisplay();
  if (display == EGL_NO_DISPLAY) {
    *error = "headless OpenGL unavailable: no EGL display (is Mesa's libEGL installed?)";
    return nullptr;
  }
  std::unique_ptr<HeadlessContext> result(new HeadlessContext());
  result->display_ = display;

  if (!eglBindAPI(EGL_OPENGL_API)) {
    *error = "headless OpenGL unavailable: EGL does not offer desktop OpenGL";
    return nullptr;
  }
  // We never draw to an EGL surface, so any config (or none at all, with
  // EGL_KHR_no_config_context) will do.
  EGLConfig config = nullptr;
  const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLint config_count = 0;
  if (!eglChooseConfig(display, config_attributes, &config, 1, &config_count) ||
      config_count == 0) {
    const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
    if (!HasExtension(extensions, "EGL_KHR_no_config_context") &&
        !HasExtension(extensions, "EGL_MESA_configless_context")) {
      *error = "headless OpenGL unavailable: no EGL config for desktop OpenGL";
      return nullptr;
    }
    config = nullptr;  // EGL_NO_CONFIG_KHR
  }
  EGLContext context = CreateCoreContext(display, config);
  if (context == EGL_NO_CONTEXT) {
    *error = "headless OpenGL unavailable: could not create an OpenGL 3.3+ core context";
    return nullptr;
  }
  result->context_ = context;
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    *error = "headless OpenGL unavailable: surfaceless contexts not supported";
    return nullptr;
  }
  std::string gl_error;
  if (!LoadGl(reinterpret_cast<GLADloadfunc>(eglGetProcAddress), &gl_error)) {
    *error = "headless OpenGL unavailable: " + gl_error;
    return nullptr;
  }
  return result;
}

HeadlessContext::~HeadlessContext() {
  EGLDisplay display = static_cast<EGLDisplay>(display_);
  if (display == EGL_NO_DISPLAY) return;
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_ != nullptr) eglDestroyContext(display, static_cast<EGLContext>(context_));
  eglReleaseThread();
  // No eglTerminate: the display is process-wide (the next Create() gets the
  // same one back), and terminating it unloads Mesa's driver while the driver
  // still holds a few allocations, which LeakSanitizer then reports as leaks
  // it cannot attribute or suppress.
}

}  // namespace render
