// The headless EGL context must come up without any display server.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "render/gl_loader.h"
#include "render/headless_context.h"
#include "render/palette_buffer.h"

namespace {

TEST(HeadlessContext, CreatesCoreContextWithoutDisplay) {
  // Prove that no X server is involved: the context must work with DISPLAY unset.
  unsetenv("DISPLAY");
  unsetenv("WAYLAND_DISPLAY");
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_TRUE(major > 3 || (major == 3 && minor >= 3)) << major << "." << minor;
  EXPECT_NE(profile & GL_CONTEXT_CORE_PROFILE_BIT, 0);
  EXPECT_FALSE(render::DescribeGl().empty());
}

TEST(HeadlessContext, CanBeCreatedAgainAfterDestruction) {
  std::string error;
  {
    auto first = render::HeadlessContext::Create(&error);
    ASSERT_NE(first, nullptr) << error;
  }
  auto second = render::HeadlessContext::Create(&error);
  ASSERT_NE(second, nullptr) << error;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(HeadlessContext, PaletteLimitAllowsLargeSkeletons) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  // GL 3.3 guarantees 65536 texels, i.e. 16384 joints; we promise at least 256.
  EXPECT_GE(render::PaletteBuffer::MaxJoints(), 16384);
}

}  // namespace
