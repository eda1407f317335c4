// Clip roles read from motion (model/clip_roles.h), on a humanoid built in
// code: each clip is made to be one role (a lean, a squat held in a T-pose,
// a walk, a walk that travels, a hop, an idle, sitting down, a wave, a spin), so
// the expected role is known by construction, and names never decide it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/rig_naming.h"
#include "anim/offline/pose.h"
#include "model/clip_roles.h"
#include "model/model.h"

namespace {

constexpr float kPi = 3.14159265f;

// Unreal-style names, one unit = one metre (or `unit` units): legs 0.9 below the hips, arms
// along +X (left) and -X (right) in a T-pose, or turned 80 degrees down.
anim::Skeleton MakeHumanoid(bool arms_down, float unit = 1.0f) {
  struct J {
    const char* name;
    int parent;
    glm::vec3 t;
  };
  const std::vector<J> joints = {
      {"pelvis", -1, {0, 1, 0}},          {"spine_01", 0, {0, 0.2f, 0}},
      {"spine_02", 1, {0, 0.2f, 0}},      {"neck_01", 2, {0, 0.2f, 0}},
      {"head", 3, {0, 0.1f, 0}},          {"clavicle_l", 2, {0.1f, 0.15f, 0}},
      {"upperarm_l", 5, {0.1f, 0, 0}},    {"lowerarm_l", 6, {0.3f, 0, 0}},
      {"hand_l", 7, {0.3f, 0, 0}},        {"clavicle_r", 2, {-0.1f, 0.15f, 0}},
      {"upperarm_r", 9, {-0.1f, 0, 0}},   {"lowerarm_r", 10, {-0.3f, 0, 0}},
      {"hand_r", 11, {-0.3f, 0, 0}},      {"thigh_l", 0, {0.1f, -0.05f, 0}},
      {"calf_l", 13, {0, -0.45f, 0}},     {"foot_l", 14, {0, -0.45f, 0}},
      {"thigh_r", 0, {-0.1f, -0.05f, 0}}, {"calf_r", 16, {0, -0.45f, 0}},
      {"foot_r", 17, {0, -0.45f, 0}},
  };
  std::vector<anim::Transform> locals;
  std::vector<int> parents;
  std::vector<std::string> names;
  for (const J& j : joints) {
    anim::Transform t;
    t.translation = j.t * unit;
    locals.push_back(t);
    parents.push_back(j.parent);
    names.push_back(j.name);
  }
  if (arms_down) {
    locals[6].rotation = glm::angleAxis(-80.0f * kPi / 180.0f, glm::vec3(0, 0, 1));
    locals[10].rotation = glm::angleAxis(80.0f * kPi / 180.0f, glm::vec3(0, 0, 1));
  }
  const anim::Pose rest(locals, parents);
  std::vector<glm::mat4> model(locals.size());
  rest.ComputeModelMatrices(model);
  for (glm::mat4& m : model) m = glm::inverse(m);
  return anim::SkeletonOf(names, rest, rest, model);
}

// A rotation track turning `joint` from its rest rotation about `axis` by
// the given (time, degrees) keys, linearly.
anim::JointTracks Turn(const anim::Skeleton& s, int joint, glm::vec3 axis,
                       std::vector<std::pair<float, float>> keys) {
  anim::JointTracks t;
  t.joint = joint;
  std::vector<float> times;
  std::vector<glm::quat> values;
  for (auto [time, degrees] : keys) {
    times.push_back(time);
    values.push_back(s.RestPose().Local(joint).rotation *
                     glm::angleAxis(degrees * kPi / 180.0f, glm::normalize(axis)));
  }
  t.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, values);
  return t;
}

anim::JointTracks Move(int joint, std::vector<float> times, std::vector<glm::vec3> values) {
  anim::JointTracks t;
  t.joint = joint;
  t.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, values);
  return t;
}

enum : int { kPelvis = 0, kSpine = 1, kUpperArmL = 6, kUpperArmR = 10, kThighL = 13, kThighR = 16 };
const glm::vec3 kX(1, 0, 0), kZ(0, 0, 1);

// Both thighs swinging +-30 degrees in antiphase over one looping second.
std::vector<anim::JointTracks> Stride(const anim::Skeleton& s) {
  return {Turn(s, kThighL, kX, {{0, 30}, {0.5f, -30}, {1, 30}}),
          Turn(s, kThighR, kX, {{0, -30}, {0.5f, 30}, {1, -30}}),
          Turn(s, kUpperArmL, kX, {{0, -15}, {0.5f, 15}, {1, -15}}),
          Turn(s, kUpperArmR, kX, {{0, 15}, {0.5f, -15}, {1, 15}})};
}

anim::ClipRoleGuess Guess(const anim::Skeleton& s, const std::string& name,
                          std::vector<anim::JointTracks> tracks) {
  return anim::GuessClipRole(s, anim::ReadRig(s), anim::Clip(name, std::move(tracks)));
}

bool Says(const anim::ClipRoleGuess& g, const std::string& words) {
  return g.reason.find(words) != std::string::npos;
}

TEST(ClipRoles, ALeanOfTheSpineAloneIsALayerWhateverItsName) {
  const anim::Skeleton s = MakeHumanoid(/*arms_down=*/true);
  for (const char* name : {"Lean_Left", "Walk", "Take 001"}) {
    const anim::ClipRoleGuess g = Guess(s, name, {Turn(s, kSpine, kZ, {{0, 0}, {1, 20}})});
    EXPECT_EQ(g.role, anim::ClipRole::kAdditive) << name << ": " << g.reason;
    EXPECT_EQ(g.guessed, g.role);
    EXPECT_TRUE(Says(g, "spine")) << g.reason;
    EXPECT_EQ(g.motion.moved_joints, 1);
    EXPECT_TRUE(g.motion.only_trunk_moves);
  }
}

TEST(ClipRoles, ArmsHeldInATPoseAreNoEvidenceOfALayer) {
  // A squat: played alone on the T-pose rig its arms stay straight out, as
  // a robot idles in a T-pose. The arms say nothing: on both rigs it is a
  // whole pose that loops at constant speed, its feet swinging together
  // 0.9 sin 20 / 0.955 = 0.32 legs (no 0.4 stride, yet not the 0.15 of an
  // idle's still feet).
  const auto squat = [](const anim::Skeleton& s) {
    return std::vector<anim::JointTracks>{Turn(s, kThighL, kX, {{0, 0}, {0.5f, 20}, {1, 0}}),
                                          Turn(s, kThighR, kX, {{0, 0}, {0.5f, 20}, {1, 0}})};
  };
  for (const bool arms_down : {false, true}) {
    const anim::Skeleton s = MakeHumanoid(arms_down);
    const anim::ClipRoleGuess g = Guess(s, "Squat", squat(s));
    EXPECT_EQ(g.role, anim::ClipRole::kFullBody) << arms_down << ": " << g.reason;
    EXPECT_TRUE(g.motion.arms_read);
    // Both feet forward and back together: correlation +1.
    EXPECT_NEAR(g.motion.feet_alternation, 1.0f, 1e-3f);
  }
}

TEST(ClipRoles, StridingFeetAreLocomotionAndTravelIsToo) {
  const anim::Skeleton s = MakeHumanoid(true);
  const anim::ClipRoleGuess walk = Guess(s, "Lean", Stride(s));
  EXPECT_EQ(walk.role, anim::ClipRole::kLocomotion) << walk.reason;
  // Each foot swings 0.9 sin 30 = 0.45 either side: 0.9 over a leg of
  // |(0.1, -0.95)| (hips to foot).
  EXPECT_NEAR(walk.motion.foot_stride, 0.9f / glm::length(glm::vec2(0.1f, 0.95f)), 0.01f);
  EXPECT_NEAR(walk.motion.boundary_speed_ratio, 1.0f, 0.01f);
  EXPECT_NEAR(walk.motion.loop_gap_deg, 0.0f, 0.01f);
  // The thighs swing in antiphase: one foot forward as the other is back.
  EXPECT_NEAR(walk.motion.feet_alternation, -1.0f, 1e-3f);
  EXPECT_TRUE(Says(walk, "stride")) << walk.reason;
  EXPECT_TRUE(Says(walk, "alternating")) << walk.reason;

  std::vector<anim::JointTracks> tracks = Stride(s);
  tracks.push_back(Move(kPelvis, {0, 1}, {{0, 1, 0}, {0, 1, 1}}));
  const anim::ClipRoleGuess travel = Guess(s, "Idle", tracks);
  EXPECT_EQ(travel.role, anim::ClipRole::kLocomotion) << travel.reason;
  EXPECT_NEAR(travel.motion.travel, 1.0f / glm::length(glm::vec2(0.1f, 0.95f)), 0.01f);
  EXPECT_TRUE(Says(travel, "travels")) << travel.reason;
}

// A hop forward: the hips travel a leg and the feet swing as far as a
// walk's, but together. No gait, however far it goes: it loops with
// motion at its ends, so a whole-body loop.
TEST(ClipRoles, FeetThatMoveTogetherAreNoGaitHoweverFarTheyGo) {
  const anim::Skeleton s = MakeHumanoid(true);
  const std::vector<anim::JointTracks> hop = {Turn(s, kThighL, kX, {{0, 30}, {0.5f, -30}, {1, 30}}),
                                              Turn(s, kThighR, kX, {{0, 30}, {0.5f, -30}, {1, 30}}),
                                              Move(kPelvis, {0, 1}, {{0, 1, 0}, {0, 1, 1}})};
  const anim::ClipRoleGuess g = Guess(s, "Walk", hop);
  EXPECT_NEAR(g.motion.feet_alternation, 1.0f, 1e-3f);
  EXPECT_GT(g.motion.travel, 0.5f);
  EXPECT_GT(g.motion.foot_stride, 0.4f);
  EXPECT_NE(g.role, anim::ClipRole::kLocomotion) << g.reason;
}

TEST(ClipRoles, SmallLoopsInPlaceAreIdle) {
  const anim::Skeleton s = MakeHumanoid(true);
  const anim::ClipRoleGuess g = Guess(s, "Dance",
                                      {Turn(s, kSpine, kX, {{0, 0}, {1.5f, 3}, {3, 0}}),
                                       Turn(s, kUpperArmL, kX, {{0, 0}, {1.5f, 4}, {3, 0}})});
  EXPECT_EQ(g.role, anim::ClipRole::kIdle) << g.reason;
  EXPECT_NEAR(g.motion.largest_turn_deg, 4.0f, 0.01f);
  EXPECT_EQ(g.motion.moved_joints, 2);
  EXPECT_FALSE(g.motion.only_trunk_moves);
}

TEST(ClipRoles, AClipThatEndsElsewhereOrStartsAndEndsAtRestIsAOneShot) {
  const anim::Skeleton s = MakeHumanoid(true);
  const anim::ClipRoleGuess sit =
      Guess(s, "Idle",
            {Move(kPelvis, {0, 1}, {{0, 1, 0}, {0, 0.6f, 0}}),
             Turn(s, kThighL, kX, {{0, 0}, {1, 90}}), Turn(s, kThighR, kX, {{0, 0}, {1, 90}})});
  EXPECT_EQ(sit.role, anim::ClipRole::kOneShot) << sit.reason;
  // 90 degrees between its ends, less the largest 30-a-second step (3).
  EXPECT_NEAR(sit.motion.loop_gap_deg, 87.0f, 0.05f);
  EXPECT_TRUE(Says(sit, "does not loop")) << sit.reason;

  // A wave: the arm eases up, waves, eases down, back where it started.
  const anim::ClipRoleGuess wave = Guess(
      s, "Walk", {Turn(s, kUpperArmR, kZ, {{0, 0}, {0.2f, 10}, {0.5f, 150}, {0.8f, 10}, {1, 0}})});
  EXPECT_EQ(wave.role, anim::ClipRole::kOneShot) << wave.reason;
  // First step 10/6 degrees, fastest 140/9: a ratio of 0.107.
  EXPECT_NEAR(wave.motion.boundary_speed_ratio, (10.0f / 6.0f) / (140.0f / 9.0f), 0.01f);
  EXPECT_TRUE(Says(wave, "starts and ends at rest")) << wave.reason;
}

TEST(ClipRoles, ALoopMovingThroughItsEndsWithoutStrideIsFullBody) {
  const anim::Skeleton s = MakeHumanoid(true);
  const anim::ClipRoleGuess spin = Guess(
      s, "Idle", {Turn(s, kUpperArmR, kX, {{0, 0}, {1.0f / 3, 120}, {2.0f / 3, 240}, {1, 360}})});
  EXPECT_EQ(spin.role, anim::ClipRole::kFullBody) << spin.reason;
  EXPECT_NEAR(spin.motion.boundary_speed_ratio, 1.0f, 0.01f);
  EXPECT_NEAR(spin.motion.loop_gap_deg, 0.0f, 0.05f);
}

// The measurements themselves, each against the clip's construction.
TEST(ClipRoles, MeasuredMotionIsWhatTheClipWasMadeOf) {
  const anim::Skeleton s = MakeHumanoid(/*arms_down=*/false);
  const anim::RigMap rig = anim::ReadRig(s);
  const auto measure = [&](std::vector<anim::JointTracks> tracks) {
    return anim::MeasureClipMotion(s, rig, anim::Clip("c", std::move(tracks)));
  };
  // Nothing moves: no joint, so not "only the trunk" either.
  const anim::ClipMotion still = measure({Turn(s, kSpine, kZ, {{0, 0}, {1, 0}})});
  EXPECT_EQ(still.moved_joints, 0);
  EXPECT_FALSE(still.only_trunk_moves);
  // Feet that do not move have no alternation.
  EXPECT_EQ(still.feet_alternation, 0.0f);
  // A head turn of 90 t^2 degrees over 1 s speeds up to its last step: the
  // faster end is the fastest step.
  std::vector<std::pair<float, float>> accelerating;
  for (int i = 0; i <= 30; ++i) {
    const float t = static_cast<float>(i) / 30.0f;
    accelerating.push_back({t, 90.0f * t * t});
  }
  const anim::ClipMotion speeding = measure({Turn(s, 4, kZ, accelerating)});
  EXPECT_NEAR(speeding.boundary_speed_ratio, 1.0f, 1e-3f);
  // 90 degrees at a constant rate over 10 s: measured at 64 steps (the most
  // frames), so the largest step is 90 / 64 and the loop gap 90 - 90 / 64.
  const anim::ClipMotion slow = measure({Turn(s, kSpine, kZ, {{0, 0}, {10, 90}})});
  EXPECT_NEAR(slow.largest_turn_deg, 90.0f, 0.01f);
  EXPECT_NEAR(slow.loop_gap_deg, 90.0f - 90.0f / 64.0f, 0.01f);
}

// "Moved" is measured in leg lengths: on a rig in centimetres (legs 95.5
// units) the head moving 0.5 units (0.5 % of a leg) has not moved, 2 units
// (2 %) has.
TEST(ClipRoles, AJointMovesByAShareOfTheLegWhateverTheUnits) {
  const anim::Skeleton s = MakeHumanoid(/*arms_down=*/false, /*unit=*/100.0f);
  const anim::RigMap rig = anim::ReadRig(s);
  const glm::vec3 head = s.RestPose().Local(4).translation;
  for (const float by : {0.5f, 2.0f}) {
    const anim::ClipMotion m = anim::MeasureClipMotion(
        s, rig, anim::Clip("nod", {Move(4, {0, 1}, {head, head + glm::vec3(by, 0, 0)})}));
    EXPECT_EQ(m.moved_joints, by > 1.0f ? 1 : 0) << by;
  }
}

TEST(ClipRoles, NothingMovingHoldsOnePose) {
  const anim::Skeleton s = MakeHumanoid(false);
  const anim::ClipRoleGuess g = Guess(s, "Lean", {Turn(s, kSpine, kZ, {{0, 0}})});
  EXPECT_EQ(g.role, anim::ClipRole::kFullBody);
  EXPECT_EQ(g.motion.moved_joints, 0);
  EXPECT_TRUE(Says(g, "holds one pose")) << g.reason;
}

// On a rig whose names say nothing, a clip moving one joint from the rest
// pose may be a layer or a whole pose: only the file (extras.role) or the
// user says it is a layer.
TEST(ClipRoles, WithoutNamedArmsAClipIsALayerOnlyWhenTheFileSaysSo) {
  // A chain of 8 joints named nothing rig naming reads.
  std::vector<anim::Transform> locals(8);
  std::vector<int> parents;
  std::vector<std::string> names;
  for (int j = 0; j < 8; ++j) {
    locals[j].translation = {0, 0.25f, 0};
    parents.push_back(j - 1);
    names.push_back("bone" + std::to_string(j));
  }
  const anim::Pose rest(locals, parents);
  anim::Model model;
  model.skeleton = anim::SkeletonOf(names, rest, rest, std::vector<glm::mat4>(8, glm::mat4(1.0f)));
  const anim::Skeleton& s = model.skeleton;
  model.clips.emplace_back("c", std::vector<anim::JointTracks>{Turn(s, 3, kZ, {{0, 0}, {1, 20}})});
  model.clips.emplace_back("d", std::vector<anim::JointTracks>{Turn(s, 3, kZ, {{0, 0}, {1, 20}})});
  const std::vector<std::optional<anim::ClipRole>> file = {std::nullopt, anim::ClipRole::kAdditive};
  anim::GuessClipRoles(model, file);
  ASSERT_EQ(model.clip_roles.size(), 2u);
  EXPECT_FALSE(model.clip_roles[0].motion.arms_read);
  EXPECT_NE(model.clip_roles[0].role, anim::ClipRole::kAdditive) << model.clip_roles[0].reason;
  EXPECT_EQ(model.clip_roles[1].role, anim::ClipRole::kAdditive);
  EXPECT_EQ(model.clip_roles[1].guessed, anim::ClipRole::kAdditive);
  EXPECT_TRUE(Says(model.clip_roles[1], "the file says so")) << model.clip_roles[1].reason;
}

TEST(ClipRoles, TheModelKeepsAGuessPerClip) {
  anim::Model model;
  model.skeleton = MakeHumanoid(true);
  model.clips.emplace_back("a", Stride(model.skeleton));
  model.clips.emplace_back(
      "b", std::vector<anim::JointTracks>{Turn(model.skeleton, kSpine, kZ, {{0, 0}, {1, 20}})});
  anim::GuessClipRoles(model);
  ASSERT_EQ(model.clip_roles.size(), 2u);
  EXPECT_EQ(model.clip_roles[0].role, anim::ClipRole::kLocomotion);
  EXPECT_EQ(model.clip_roles[1].role, anim::ClipRole::kAdditive);
  EXPECT_FALSE(model.clip_roles[0].Overridden());
  model.clip_roles[0].role = anim::ClipRole::kIdle;
  EXPECT_TRUE(model.clip_roles[0].Overridden());
  EXPECT_STREQ(anim::RoleName(anim::ClipRole::kOneShot), "one-shot");
}

}  // namespace
