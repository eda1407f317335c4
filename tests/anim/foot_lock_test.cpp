// Foot locking (anim/ik/foot_lock.h) on a hand-built pair of legs whose
// character is carried across the ground by the world matrix while its pose
// stands still: a locked ankle stays at its world position (checked with
// the Pose's own matrix products, not through IkPose), lets go past its
// stretch or when the pose lifts it, and then fades back to the pose.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/soa_pose.h"
#include "anim/ik/foot_lock.h"
#include "anim/offline/pose.h"
#include "test_util.h"

namespace {

using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;

constexpr float kDt = 1.0f / 60.0f;

// pelvis (0) at 0.9 m; per side a hip (1, 4) 0.1 m aside, a knee (2, 5)
// and an ankle (3, 6), each bone 0.418 m, bent forward: the ankle stands
// 0.10 m above the ground.
anim::Pose Legs(float pelvis_height = 0.9f) {
  std::vector<anim::Transform> locals(7);
  locals[0].translation = {0.0f, pelvis_height, 0.0f};
  for (int side = 0; side < 2; ++side) {
    const int hip = 1 + 3 * side;
    locals[hip].translation = {side == 0 ? 0.1f : -0.1f, 0.0f, 0.0f};
    locals[hip + 1].translation = {0.0f, -0.4f, 0.12f};
    locals[hip + 2].translation = {0.0f, -0.4f, -0.12f};
  }
  return anim::Pose(locals, {-1, 0, 1, 2, 0, 4, 5});
}

const std::array<anim::ik::FootLockLeg, 2> kLegs{{{1, 2, 3, 0.1f}, {4, 5, 6, 0.1f}}};

struct Frame {
  anim::Pose pose;
  anim::ik::FootLockResult result;
};

// One frame: the pose as the controller gives it, locked, drawn at x.
Frame Step(anim::ik::FootLock& lock, const anim::Pose& posed, float x,
           const anim::ik::FootLockSettings& settings = {}) {
  const anim::Skeleton skeleton = anim::SkeletonOf(posed);
  anim::SoaPose locals(posed);
  anim::ik::IkPose view(skeleton, locals);
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), {x, 0.0f, 0.0f});
  Frame f{posed, lock.Apply(view, kLegs, world, kDt, settings)};
  locals.Store(f.pose);
  return f;
}

glm::vec3 AnkleWorld(const anim::Pose& pose, int ankle, float x) {
  return glm::vec3(pose.ModelMatrix(ankle)[3]) + glm::vec3(x, 0.0f, 0.0f);
}

// Carried 1 cm a frame (0.6 m/s) for 20 cm: both ankles stay where they
// were first seen, the feet keeping the pose's orientation.
TEST(FootLock, ALockedAnkleStaysWhereItCameDownAsTheBodyMoves) {
  anim::ik::FootLock lock;
  const anim::Pose posed = Legs();
  const glm::vec3 left = AnkleWorld(posed, 3, 0.0f), right = AnkleWorld(posed, 6, 0.0f);
  for (int i = 0; i <= 20; ++i) {
    const float x = 0.01f * static_cast<float>(i);
    const Frame f = Step(lock, posed, x);
    ASSERT_TRUE(f.result.valid);
    EXPECT_TRUE(f.result.locked[0] && f.result.locked[1]) << i;
    // Within the legs' soft reach (97%: 10 cm of travel) the ankles are
    // held exactly; past it the soft reach keeps them a few mm short, as
    // the result reports.
    const float off_left = glm::distance(AnkleWorld(f.pose, 3, x), left);
    const float off_right = glm::distance(AnkleWorld(f.pose, 6, x), right);
    EXPECT_NEAR(off_left, f.result.error[0], 1e-4f) << i;
    EXPECT_NEAR(off_right, f.result.error[1], 1e-4f) << i;
    EXPECT_LT(std::max(off_left, off_right), i <= 10 ? 1e-4f : 5e-3f) << i;
    ExpectSameRotation(glm::quat_cast(glm::mat3(f.pose.ModelMatrix(3))), glm::quat(1, 0, 0, 0),
                       1e-4f);
  }
}

// Past 25 cm the lock lets go; the offset it held (about 26 cm) fades out
// with a smoothstep over 0.2 s: half of it at 0.1 s, none at 0.2 s.
TEST(FootLock, PastItsStretchALockLetsGoAndFadesBackToThePose) {
  anim::ik::FootLock lock;
  anim::ik::FootLockSettings settings;
  settings.contact_speed = 100.0f;  // no relock while fading: the pose keeps standing
  const anim::Pose posed = Legs();
  const glm::vec3 held = AnkleWorld(posed, 3, 0.0f);
  int released = -1;
  for (int i = 0; i <= 30 && released < 0; ++i) {
    const Frame f = Step(lock, posed, 0.01f * static_cast<float>(i), settings);
    if (!f.result.locked[0]) released = i;
  }
  ASSERT_EQ(released, 26);  // 0.26 m > 0.25 m
  // The frame it let go shows the lock; j frames later, the offset's share
  // 1 - smoothstep(j / 60 s / 0.2 s) is left: 0.84 at 0.05 s, 0.5 at 0.1 s,
  // 0.16 at 0.15 s, none from 0.2 s (within the few mm the soft reach
  // keeps a stretched leg short).
  const float x = 0.26f;
  const float offset = held.x - AnkleWorld(posed, 3, x).x;  // -0.26
  for (int j = 1; j <= 14; ++j) {
    const Frame f = Step(lock, posed, x, settings);
    const float s = std::min(1.0f, static_cast<float>(j) * kDt / 0.2f);
    const float share = 1.0f - s * s * (3.0f - 2.0f * s);
    EXPECT_NEAR(AnkleWorld(f.pose, 3, x).x - AnkleWorld(posed, 3, x).x, share * offset, 6e-3f) << j;
  }
}

// A pose that lifts its feet 5 cm (over the 2 cm of contact) locks
// nothing and is left as it is; a foot carried at 1.8 m/s is no contact.
TEST(FootLock, ALiftedOrFastFootIsNotLocked) {
  anim::ik::FootLock lifted;
  const anim::Pose up = Legs(0.95f);
  for (int i = 0; i < 5; ++i) {
    const Frame f = Step(lifted, up, 0.01f * static_cast<float>(i));
    EXPECT_FALSE(f.result.locked[0] || f.result.locked[1]);
    ExpectVecNear(AnkleWorld(f.pose, 3, 0.0f), AnkleWorld(up, 3, 0.0f), 1e-6f);
  }
  anim::ik::FootLock fast;
  const anim::Pose posed = Legs();
  Step(fast, posed, 0.0f);  // first seen: no speed yet, locked
  for (int i = 1; i < 5; ++i) {
    const Frame f = Step(fast, posed, 0.03f * static_cast<float>(i));
    EXPECT_FALSE(f.result.locked[0]) << i;
  }
}

TEST(FootLock, BadLegsOrNumbersAreRefusedByName) {
  const anim::Pose posed = Legs();
  const anim::Skeleton skeleton = anim::SkeletonOf(posed);
  anim::SoaPose locals(posed);
  anim::ik::IkPose view(skeleton, locals);
  const glm::mat4 world(1.0f);
  std::array<anim::ik::FootLockLeg, 2> legs = kLegs;
  legs[1].knee = 40;
  EXPECT_EQ(anim::ik::FootLock::Validate(view, legs, world, kDt, {}),
            "legs[1].knee 40 is not one of the pose's 7 joints");
  legs = kLegs;
  legs[0].ankle = 6;
  EXPECT_EQ(anim::ik::FootLock::Validate(view, legs, world, kDt, {}),
            "legs[0].ankle 6 does not descend from legs[0].knee 2");
  EXPECT_EQ(anim::ik::FootLock::Validate(view, kLegs, world, -1.0f, {}),
            "dt -1 is not finite and >= 0");
  anim::ik::FootLockSettings settings;
  settings.max_stretch = std::nanf("");
  EXPECT_EQ(anim::ik::FootLock::Validate(view, kLegs, world, kDt, settings),
            "max_stretch nan is not finite and >= 0");
  anim::ik::FootLock lock;
  EXPECT_FALSE(lock.Apply(view, legs, world, kDt, {}).valid);
}

}  // namespace
