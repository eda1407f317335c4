// The window's pointer hook without a window: the ray through a mouse
// position passes through the world point drawn there, and a sample gets
// the drag only after it took the press.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "app/sample_pointer.h"
#include "fake_sample.h"

namespace {

using Phase = samples::Sample::PointerPhase;

TEST(MouseRay, PassesThroughThePointDrawnUnderTheMouse) {
  const glm::mat4 view = glm::lookAt(glm::vec3(0.5f, 1.5f, 5.0f), glm::vec3(0, 1, 0), {0, 1, 0});
  // A lens shift as the viewer applies for its panels.
  const glm::mat4 projection = glm::translate(glm::mat4(1.0f), glm::vec3(0.2f, 0, 0)) *
                               glm::perspective(glm::radians(35.0f), 2.0f, 0.1f, 100.0f);
  const glm::mat4 vp = projection * view;
  const glm::vec2 display(800, 400);
  for (const glm::vec3& p : {glm::vec3(0, 1, 0), glm::vec3(1, 1.5f, -2), glm::vec3(-0.7f, 0, 1)}) {
    // Where p is drawn, in window units from the top left.
    const glm::vec4 clip = vp * glm::vec4(p, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 mouse((ndc.x + 1) * 0.5f * display.x, (1 - ndc.y) * 0.5f * display.y);
    const animviewer::PointerRay ray = animviewer::MouseRay(mouse, display, vp);
    EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-5f);
    const float along = glm::dot(p - ray.origin, ray.direction);
    EXPECT_GT(along, 0.0f);
    EXPECT_LT(glm::length(p - (ray.origin + along * ray.direction)), 1e-4f);
  }
}

using app_test::FakeSample;

TEST(SamplePointer, ADeclinedPressLeavesTheCameraTheDrag) {
  FakeSample sample;
  animviewer::SamplePointer pointer;
  const animviewer::PointerRay ray{{0, 0, 0}, {0, 0, -1}};
  EXPECT_FALSE(pointer.Update(&sample, /*pressed=*/true, /*down=*/true, ray));
  EXPECT_FALSE(pointer.Update(&sample, false, true, ray));
  EXPECT_FALSE(pointer.captured());
  EXPECT_EQ(sample.phases, std::vector<Phase>{Phase::kPress});
}

TEST(SamplePointer, ATakenPressGetsTheDragAndTheRelease) {
  FakeSample sample;
  sample.take_press = true;
  animviewer::SamplePointer pointer;
  const animviewer::PointerRay ray{{0, 0, 0}, {0, 0, -1}};
  EXPECT_TRUE(pointer.Update(&sample, true, true, ray));
  EXPECT_TRUE(pointer.Update(&sample, false, true, ray));
  EXPECT_TRUE(pointer.Update(&sample, false, true, ray));
  EXPECT_TRUE(pointer.Update(&sample, false, false, ray));  // released: still this frame's
  EXPECT_FALSE(pointer.captured());
  EXPECT_EQ(sample.phases,
            (std::vector<Phase>{Phase::kPress, Phase::kDrag, Phase::kDrag, Phase::kRelease}));
  // Without a press nothing more is sent.
  EXPECT_FALSE(pointer.Update(&sample, false, true, ray));
  EXPECT_EQ(sample.phases.size(), 4u);
}

TEST(SamplePointer, SwitchingSamplesMidDragDropsTheGrab) {
  FakeSample first, second;
  first.take_press = true;
  animviewer::SamplePointer pointer;
  const animviewer::PointerRay ray{{0, 0, 0}, {0, 0, -1}};
  EXPECT_TRUE(pointer.Update(&first, true, true, ray));
  EXPECT_FALSE(pointer.Update(&second, false, true, ray));
  EXPECT_FALSE(pointer.Update(nullptr, false, true, ray));
  EXPECT_TRUE(second.phases.empty());
  EXPECT_EQ(first.phases, std::vector<Phase>{Phase::kPress});
}

}  // namespace
