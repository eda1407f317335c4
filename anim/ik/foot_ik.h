// Feet on uneven ground: after the blended pose, each foot is put on the
// ground that is actually under it. For each leg a ray cast down through
// the ankle finds the ground's height and normal; the pelvis lowers so the
// lower foot can reach; each leg solves two-bone IK so the ankle stands at
// its height above the ground; each ankle turns so the sole lies along the
// ground's normal. A leg's share follows its foot's contact (1 planted, 0
// swinging), so a foot in the air keeps its animated path.
//
// A plain job over the caller's spans: the ground is the caller's query (a
// function pointer and a context), so anim/ knows no meshes, and nothing is
// allocated. It reads the character's placement in the world (root motion
// included) and writes the result into the local pose, so later layers and
// the skinning palette see it. As in ozz-animation's foot_ik sample and
// "Hands-On C++ Game Animation Programming" (ch. 13, walking on uneven
// terrain).
#pragma once

#include <limits>
#include <span>
#include <string>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"
#include "anim/ik/ik_pose.h"

namespace anim::ik {

// Where a ray met the ground, in world space.
struct GroundContact {
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit
};

// The caller's ground: the nearest hit of a world-space ray within
// `max_distance` along the unit `direction`; false when it hits nothing.
struct GroundQuery {
  bool (*raycast)(const void* context, const glm::vec3& origin, const glm::vec3& direction,
                  float max_distance, GroundContact* contact) = nullptr;
  const void* context = nullptr;
};

struct FootIkLeg {
  int hip = -1;    // the thigh's joint
  int knee = -1;   // the shin's joint, a descendant of hip
  int ankle = -1;  // the foot's joint, a descendant of knee
  // Height of the ankle above the sole when the foot stands flat, in model
  // units (along the model's up axis).
  float ankle_height = 0.0f;
  // How planted this foot is, 0 (swinging) to 1 (on the ground): from the
  // clip's footstep events or FootContactFromHeight.
  float contact = 1.0f;
};

struct FootIkLegResult {
  bool hit = false;           // the ray found ground under this foot
  GroundContact ground;       // world
  glm::vec3 ankle_target{0};  // world: where the solve placed the ankle
  float weight = 0.0f;        // contact x the job's weight: this leg's share
  float remaining_error = 0;  // world distance from the ankle to its target after solving
  // Scratch the job fills: the ankle's model-space rotation as animated.
  glm::quat animated_ankle_rotation{1.0f, 0.0f, 0.0f, 0.0f};
};

struct FootIkJob {
  std::span<const FootIkLeg> legs;
  std::span<FootIkLegResult> results;  // one per leg, written by the job
  int pelvis = -1;                     // the joint that carries the legs (hips)
  glm::mat4 world{1.0f};               // model space -> world (the character's placement)
  glm::vec3 up{0.0f, 1.0f, 0.0f};      // world up, unit
  GroundQuery ground;
  // The ray starts this far above the ankle and reaches this far below
  // its sole (world units): steps up and down within these are followed.
  float probe_above = 0.5f;
  float probe_below = 0.5f;
  // The pelvis never lowers more than this (world units).
  float max_pelvis_drop = 0.3f;
  // Smoothing over frames, with the state kept by the caller: the pelvis
  // offset moves at most max_pelvis_step (world units) from
  // previous_pelvis_offset (the last call's FootIkResult::pelvis_offset),
  // so it does not jump as a foot lands. The default: no limit.
  float previous_pelvis_offset = 0.0f;
  float max_pelvis_step = std::numeric_limits<float>::infinity();
  // Two-bone IK's soft reach (see TwoBoneIkJob::soften); 1 reaches exactly.
  float soften = 1.0f;
  // 0 returns the animated pose untouched, 1 the corrected one. Clamped to
  // [0, 1], not refused; only a weight that is not finite is refused.
  float weight = 1.0f;

  // "" when the job fits `pose`, else the first problem naming the field
  // and its value ("legs[1].knee 7 does not descend from legs[1].hip 9",
  // "results has size 1, less than the size of legs (2)", "up (0, 2, 0) is not of unit length
  // (2)"). SolveFootIk refuses what this refuses.
  std::string Validate(const IkPose& pose) const;
};

struct FootIkResult {
  bool valid = false;          // false: job.Validate(pose) names the problem; pose untouched
  float pelvis_offset = 0.0f;  // world units along up (negative: lowered)
};

FootIkResult SolveFootIk(IkPose& pose, const FootIkJob& job);

// Setting up (allocates; once per character, not per frame):
// The leg ending at `ankle`: its parent is the knee, the knee's parent the
// hip. False when the ankle has no grandparent. ankle_height is left 0.
bool LegFromAnkle(const Skeleton& skeleton, int ankle, FootIkLeg* leg);
// FootIkLeg::ankle_height is measured once, offline, from a walk:
// LowestJointHeight (anim/offline/joint_height.h).

// A foot's contact from the height of its sole above the character's own
// ground plane: 1 at or below `planted`, 0 at or above `lifted`, a
// smoothstep between, so the IK fades in as the foot comes down.
float FootContactFromHeight(float sole_height, float planted, float lifted);

}  // namespace anim::ik
