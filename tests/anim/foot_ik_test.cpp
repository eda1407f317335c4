// Foot IK on real characters standing on analytic planes: after solving,
// each planted foot's sole lies on the plane and along its normal; on flat
// ground nothing changes; swinging feet and weight 0 are left alone.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/offline/pose.h"
#include "foot_ik_character.h"
#include "ik_on_pose.h"

namespace {

using foot_ik_test::Character;
using foot_ik_test::Plane;

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";
const std::string kWoman = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";

struct Placement {
  glm::vec3 root_xz{0.0f};  // where root motion took the character (y ignored)
  float yaw_degrees = 0.0f;
};

// The character's world matrix standing on `plane` above its root, as the
// sample places it.
glm::mat4 WorldOn(const Plane& plane, const Placement& at) {
  const glm::vec3 p(at.root_xz.x, plane.HeightAt(at.root_xz.x, at.root_xz.z), at.root_xz.z);
  return glm::rotate(glm::translate(glm::mat4(1.0f), p), glm::radians(at.yaw_degrees),
                     glm::vec3(0, 1, 0));
}

struct Solved {
  anim::Pose pose;
  anim::ik::FootIkResult result;
  std::array<anim::ik::FootIkLegResult, 2> legs;
};

Solved Solve(const Character& c, const Plane& plane, const glm::mat4& world, float weight = 1.0f,
             float contact = 1.0f, float max_drop_metres = 0.4f) {
  Solved s{c.animated, {}, {}};
  foot_ik_test::Job setup(c, plane);
  for (auto& leg : setup.legs) leg.contact = contact;
  anim::ik::FootIkJob& job = setup.job;
  job.world = world;
  job.probe_above = job.probe_below = 0.5f * c.units_per_metre;
  job.max_pelvis_drop = max_drop_metres * c.units_per_metre;
  job.weight = weight;
  s.result = SolveOnPose(anim::ik::SolveFootIk, s.pose, job);
  s.legs = setup.results;
  return s;
}

// Checks both feet: the sole's heel (straight below the ankle in the
// animated pose) and toe (below the toe joint) on the plane within 5 mm,
// and the foot's up axis (the model's up in the animated pose) along the
// plane's normal within 2 degrees.
void ExpectFeetOnPlane(const Character& c, const Plane& plane, const glm::mat4& world,
                       const anim::Pose& solved, const std::string& what) {
  for (int i = 0; i < 2; ++i) {
    const int ankle = c.legs[i].ankle;
    const glm::mat4 before = c.animated.ModelMatrix(ankle);
    const glm::mat4 after = solved.ModelMatrix(ankle);
    glm::vec3 heel = glm::vec3(before[3]);
    heel.y = 0.0f;
    glm::vec3 toe = glm::vec3(c.animated.ModelMatrix(c.toes[i])[3]);
    toe.y = 0.0f;
    // Rigid with the foot: into the ankle's frame as animated, out of it as solved.
    const glm::mat4 carry = world * after * glm::inverse(before);
    for (const glm::vec3& sole : {heel, toe}) {
      const glm::vec3 on_ground = glm::vec3(carry * glm::vec4(sole, 1.0f));
      EXPECT_LE(std::abs(plane.Distance(on_ground)), 0.005f * c.units_per_metre)
          << what << ": foot " << i << " sole point " << sole.x << "," << sole.z;
    }
    const glm::vec3 foot_up = glm::normalize(glm::mat3(carry) * glm::vec3(0, 1, 0));
    const float angle = glm::degrees(std::acos(std::min(1.0f, glm::dot(foot_up, plane.normal))));
    EXPECT_LE(angle, 2.0f) << what << ": foot " << i;
  }
}

void ExpectSamePose(const anim::Pose& a, const anim::Pose& b, float size, const std::string& what) {
  for (int j = 0; j < a.JointCount(); ++j) {
    const glm::mat4 ma = a.ModelMatrix(j), mb = b.ModelMatrix(j);
    EXPECT_LE(glm::length(glm::vec3(ma[3] - mb[3])), 1e-5f * size) << what << ": joint " << j;
    for (int k = 0; k < 3; ++k)
      EXPECT_LE(glm::length(glm::vec3(ma[k]) - glm::vec3(mb[k])), 1e-5f) << what << ": joint " << j;
  }
}

class FootIkOnCharacter : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    const std::string which = GetParam();
    if (which == "woman") {
      if (!std::ifstream(kWoman)) GTEST_SKIP() << "skipped: " << kWoman << " is absent";
      c_ = foot_ik_test::LoadCharacter(kWoman, "Idle", 0.0f);
    } else {
      c_ = foot_ik_test::LoadCharacter(kMannequin, "Idle", 0.0f);
    }
    ASSERT_TRUE(c_.error.empty()) << c_.error;
  }
  Character c_;
};

TEST_P(FootIkOnCharacter, PlantedFeetStandOnSlopes) {
  const float u = c_.units_per_metre;
  struct Case {
    const char* name;
    glm::vec3 axis;
    float degrees;
    Placement at;
  };
  const Case cases[] = {
      {"15 deg across (left foot higher)", {0, 0, 1}, 15.0f, {}},
      {"12 deg uphill ahead", {1, 0, 0}, -12.0f, {}},
      {"10 deg diagonal, yawed 30 deg, 3 m away",
       {1, 0, 1},
       10.0f,
       {glm::vec3(3.0f * u, 0, -2.0f * u), 30.0f}},
  };
  for (const Case& k : cases) {
    const Plane plane =
        foot_ik_test::TiltedPlane(glm::vec3(0.5f * u, 0.2f * u, 0), k.axis, k.degrees);
    const glm::mat4 world = WorldOn(plane, k.at);
    const Solved s = Solve(c_, plane, world);
    ASSERT_TRUE(s.result.valid) << k.name;
    EXPECT_TRUE(s.legs[0].hit && s.legs[1].hit) << k.name;
    // The pelvis lowers by what the lower foot lacks: the plane's height
    // under its ankle plus the ankle's height over a tilted sole
    // (ankle_height / cos(slope)), less where the animation holds it.
    float expected = 0.0f;
    for (const auto& leg : c_.legs) {
      const glm::vec3 ankle = glm::vec3(world * c_.animated.ModelMatrix(leg.ankle)[3]);
      const float target = plane.HeightAt(ankle.x, ankle.z) + leg.ankle_height / plane.normal.y;
      expected = std::min(expected, target - ankle.y);
    }
    EXPECT_NEAR(s.result.pelvis_offset, expected, 1e-4f * u) << k.name;
    const glm::vec3 hips_moved = glm::vec3(world * s.pose.ModelMatrix(c_.pelvis)[3]) -
                                 glm::vec3(world * c_.animated.ModelMatrix(c_.pelvis)[3]);
    EXPECT_NEAR(glm::length(hips_moved - glm::vec3(0, expected, 0)), 0.0f, 1e-4f * u) << k.name;
    ExpectFeetOnPlane(c_, plane, world, s.pose, k.name);
  }
}

// Where the lower foot lacks more than max_pelvis_drop, the pelvis lowers by
// exactly that much and no further (the feet then reach as far as they can).
TEST_P(FootIkOnCharacter, ThePelvisNeverDropsPastItsLimit) {
  const float u = c_.units_per_metre;
  // Standing 0.2 m above flat ground: the feet lack 0.2 m.
  const Plane flat{{0, 1, 0}, 0.0f};
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(0, 0.2f * u, 0));
  const Solved free = Solve(c_, flat, world, 1.0f, 1.0f, 0.4f);
  ASSERT_TRUE(free.result.valid);
  ASSERT_LT(free.result.pelvis_offset, -0.15f * u);  // the case needs more than the limit below
  const Solved s = Solve(c_, flat, world, 1.0f, 1.0f, 0.1f);
  ASSERT_TRUE(s.result.valid);
  EXPECT_NEAR(s.result.pelvis_offset, -0.1f * u, 1e-4f * u);
  const glm::vec3 hips_moved = glm::vec3(world * s.pose.ModelMatrix(c_.pelvis)[3]) -
                               glm::vec3(world * c_.animated.ModelMatrix(c_.pelvis)[3]);
  EXPECT_NEAR(hips_moved.y, -0.1f * u, 1e-4f * u);
  EXPECT_NEAR(glm::length(glm::vec2(hips_moved.x, hips_moved.z)), 0.0f, 1e-4f * u);
}

TEST_P(FootIkOnCharacter, FlatGroundChangesNothing) {
  const float u = c_.units_per_metre;
  const Plane flat{{0, 1, 0}, 0.3f * u};
  const glm::mat4 world = WorldOn(flat, {glm::vec3(2 * u, 0, 5 * u), 70.0f});
  const Solved s = Solve(c_, flat, world);
  ASSERT_TRUE(s.result.valid);
  EXPECT_TRUE(s.legs[0].hit && s.legs[1].hit);
  EXPECT_NEAR(s.result.pelvis_offset, 0.0f, 1e-5f * u);
  ExpectSamePose(s.pose, c_.animated, u, "flat");
}

TEST_P(FootIkOnCharacter, SwingingFeetAndZeroWeightAreLeftAlone) {
  const float u = c_.units_per_metre;
  const Plane slope = foot_ik_test::TiltedPlane(glm::vec3(0), {0, 0, 1}, 15.0f);
  const glm::mat4 world = WorldOn(slope, {});
  const Solved swinging = Solve(c_, slope, world, 1.0f, /*contact=*/0.0f);
  ASSERT_TRUE(swinging.result.valid);
  EXPECT_EQ(swinging.result.pelvis_offset, 0.0f);
  ExpectSamePose(swinging.pose, c_.animated, u, "contact 0");
  const Solved off = Solve(c_, slope, world, /*weight=*/0.0f);
  ASSERT_TRUE(off.result.valid);
  for (int j = 0; j < c_.animated.JointCount(); ++j) {
    EXPECT_EQ(off.pose.Local(j).translation, c_.animated.Local(j).translation);
    EXPECT_EQ(off.pose.Local(j).rotation, c_.animated.Local(j).rotation);
  }
  // Smoothed over frames: flat ground 5 cm below the character's floor
  // asks for the pelvis 5 cm down; from 1 cm down it moves at most 2 mm.
  {
    const Plane below{{0, 1, 0}, -0.05f * u};
    Solved stepped{c_.animated, {}, {}};
    foot_ik_test::Job setup(c_, below);
    setup.job.world = glm::mat4(1.0f);
    setup.job.probe_above = setup.job.probe_below = 0.5f * u;
    setup.job.max_pelvis_drop = 0.4f * u;
    setup.job.previous_pelvis_offset = -0.01f * u;
    setup.job.max_pelvis_step = 0.002f * u;
    ASSERT_NEAR(Solve(c_, below, glm::mat4(1.0f)).result.pelvis_offset, -0.05f * u, 1e-5f * u);
    EXPECT_NEAR(SolveOnPose(anim::ik::SolveFootIk, stepped.pose, setup.job).pelvis_offset,
                -0.012f * u, 1e-6f * u);
  }
  // Half the weight: the pelvis goes half as far.
  const Solved full = Solve(c_, slope, world, 1.0f);
  const Solved half = Solve(c_, slope, world, 0.5f);
  EXPECT_NEAR(half.result.pelvis_offset, 0.5f * full.result.pelvis_offset, 1e-4f * u);
}

// A leg's share moves its ankle that share of the way to its target: with
// the pelvis held (no drop allowed), half the weight stops each ankle half
// way between where it was animated and where full weight puts it, and the
// solved leg reaches that point.
TEST_P(FootIkOnCharacter, HalfTheWeightTakesEachAnkleHalfWayToItsTarget) {
  const float u = c_.units_per_metre;
  const Plane slope = foot_ik_test::TiltedPlane(glm::vec3(0), {0, 0, 1}, 15.0f);
  const glm::mat4 world = WorldOn(slope, {});
  const Solved full = Solve(c_, slope, world, 1.0f, 1.0f, /*max_drop_metres=*/0.0f);
  const Solved half = Solve(c_, slope, world, 0.5f, 1.0f, /*max_drop_metres=*/0.0f);
  ASSERT_TRUE(full.result.valid && half.result.valid);
  EXPECT_EQ(half.result.pelvis_offset, 0.0f);
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(full.legs[i].hit && half.legs[i].hit) << "leg " << i;
    const int ankle = c_.legs[i].ankle;
    const glm::vec3 animated = glm::vec3(world * c_.animated.ModelMatrix(ankle)[3]);
    const glm::vec3 expected = 0.5f * (animated + full.legs[i].ankle_target);
    ASSERT_GT(glm::distance(animated, full.legs[i].ankle_target), 0.005f * u) << "leg " << i;
    EXPECT_LE(glm::distance(half.legs[i].ankle_target, expected), 1e-4f * u) << "leg " << i;
    EXPECT_LE(glm::distance(glm::vec3(world * half.pose.ModelMatrix(ankle)[3]), expected),
              1e-3f * u)
        << "leg " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Characters, FootIkOnCharacter, ::testing::Values("mannequin", "woman"));

// With a soft reach shorter than the standing legs (soften 0.9 of thigh +
// shin), flat ground still asks each ankle to stay where it is: the pelvis
// must lower until the further leg's target lies exactly at its soft reach
// from the lowered hip, and the other within it.
TEST(FootIk, ThePelvisLowersUntilTheTargetIsAtTheSoftReach) {
  const Character c = foot_ik_test::LoadCharacter(kMannequin, "Idle", 0.0f);
  ASSERT_TRUE(c.error.empty()) << c.error;
  const Plane flat{{0, 1, 0}, 0.0f};
  foot_ik_test::Job setup(c, flat);
  anim::ik::FootIkJob& job = setup.job;
  job.soften = 0.9f;
  job.max_pelvis_drop = 0.4f * c.units_per_metre;
  job.probe_above = job.probe_below = 0.5f * c.units_per_metre;
  anim::Pose pose = c.animated;
  const anim::ik::FootIkResult result = SolveOnPose(anim::ik::SolveFootIk, pose, job);
  ASSERT_TRUE(result.valid);
  ASSERT_LT(result.pelvis_offset, -0.01f * c.units_per_metre);  // the legs reach too far
  float furthest = 0.0f;
  for (int i = 0; i < 2; ++i) {
    const auto at = [&](const anim::Pose& p, int joint) {
      return glm::vec3(p.ModelMatrix(joint)[3]);
    };
    const anim::ik::FootIkLeg& leg = c.legs[i];
    const float reach = 0.9f * (glm::length(at(c.animated, leg.knee) - at(c.animated, leg.hip)) +
                                glm::length(at(c.animated, leg.ankle) - at(c.animated, leg.knee)));
    const float distance = glm::length(setup.results[i].ankle_target - at(pose, leg.hip));
    EXPECT_LE(distance, reach * (1.0f + 1e-4f)) << "leg " << i;
    furthest = std::max(furthest, distance / reach);
  }
  EXPECT_NEAR(furthest, 1.0f, 1e-4f);
}

TEST(FootIk, NoGroundUnderTheFeetLeavesThePose) {
  const Character c = foot_ik_test::LoadCharacter(kMannequin, "Idle", 0.0f);
  ASSERT_TRUE(c.error.empty()) << c.error;
  // A plane far below the probe's reach.
  const Plane deep{{0, 1, 0}, -50.0f};
  const Solved s = Solve(c, deep, glm::mat4(1.0f));
  ASSERT_TRUE(s.result.valid);
  EXPECT_FALSE(s.legs[0].hit || s.legs[1].hit);
  ExpectSamePose(s.pose, c.animated, 1.0f, "no ground");
}

TEST(FootIk, RefusesBadInputWithoutTouchingThePose) {
  const Character c = foot_ik_test::LoadCharacter(kMannequin, "Idle", 0.0f);
  ASSERT_TRUE(c.error.empty()) << c.error;
  const Plane plane = foot_ik_test::TiltedPlane(glm::vec3(0), {0, 0, 1}, 15.0f);
  foot_ik_test::Job setup(c, plane);
  auto& legs = setup.legs;
  anim::ik::FootIkJob& job = setup.job;
  anim::Pose pose = c.animated;
  job.world[3][1] = NAN;
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveFootIk, pose, job).valid);
  job.world = glm::mat4(1.0f);
  legs[0].knee = legs[0].ankle;  // not a chain
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveFootIk, pose, job).valid);
  legs = c.legs;
  job.results = std::span<anim::ik::FootIkLegResult>(setup.results.data(), 1);  // too few
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveFootIk, pose, job).valid);
  ExpectSamePose(pose, c.animated, 1.0f, "refused");
}

TEST(FootIk, ContactFromHeightIsASmoothStep) {
  EXPECT_EQ(anim::ik::FootContactFromHeight(-0.01f, 0.02f, 0.08f), 1.0f);
  EXPECT_EQ(anim::ik::FootContactFromHeight(0.02f, 0.02f, 0.08f), 1.0f);
  EXPECT_FLOAT_EQ(anim::ik::FootContactFromHeight(0.05f, 0.02f, 0.08f), 0.5f);
  // x = 0.25: 1 - (3 x^2 - 2 x^3) = 1 - 0.15625.
  EXPECT_FLOAT_EQ(anim::ik::FootContactFromHeight(0.035f, 0.02f, 0.08f), 0.84375f);
  EXPECT_EQ(anim::ik::FootContactFromHeight(0.2f, 0.02f, 0.08f), 0.0f);
}

}  // namespace
