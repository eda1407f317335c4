// Foot IK per frame allocates nothing: a walk sampled and solved on a slope
// for many frames under a counting global operator new.
#include <array>
#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "allocation_counter.h"
#include "anim/core/local_to_model_jobs.h"
#include "foot_ik_character.h"

namespace {

TEST(FootIkAllocation, PerFrameSolveAllocatesNothing) {
  foot_ik_test::Character c = foot_ik_test::LoadCharacter(
      std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", "Walk", 0.0f);
  ASSERT_TRUE(c.error.empty()) << c.error;
  const anim::Clip& walk = c.model.clips[c.model.FindClip("Walk")];
  const foot_ik_test::Plane plane =
      foot_ik_test::TiltedPlane(glm::vec3(0), glm::vec3(0, 0, 1), 12.0f);
  anim::SoaPose locals(c.animated);
  const anim::Skeleton& skeleton = c.model.skeleton;
  anim::ik::IkPose view(c.model.skeleton, locals);
  foot_ik_test::Job setup(c, plane);
  auto& legs = setup.legs;
  anim::ik::FootIkJob& job = setup.job;
  float pelvis_sum = 0.0f;
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 600; ++frame) {
    const float t = frame / 60.0f;
    locals.CopyFrom(skeleton.RestPose());  // same size: copies into the existing storage
    walk.Sample(locals, std::fmod(t, walk.Duration()));
    for (int i = 0; i < 2; ++i) {
      const float sole =
          anim::ModelMatrixOf(skeleton, locals, legs[i].ankle)[3].y - legs[i].ankle_height;
      legs[i].contact = anim::ik::FootContactFromHeight(sole, 0.02f, 0.08f);
    }
    job.world =
        glm::translate(glm::mat4(1.0f), glm::vec3(0.1f * t, plane.HeightAt(0.1f * t, 0), 0));
    pelvis_sum += anim::ik::SolveFootIk(view, job).pelvis_offset;
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_LT(pelvis_sum, 0.0f);  // the solves did lower the pelvis
}

}  // namespace
