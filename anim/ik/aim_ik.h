// Aim and look-at: turn a joint (a head, a gun hand, a spotlight) so an axis
// of it points at a target, and the chain version that spreads the turn over
// several joints (spine, neck, head) the way a person looks round: each
// joint takes its share, within its own angle limit, and the last joint
// finishes what is left.
//
// Plain jobs over the caller's pose: they write local rotations and allocate
// nothing.
#pragma once

#include <span>
#include <string>

#include <glm/glm.hpp>
#include <glm/gtc/constants.hpp>

#include "anim/ik/ik_pose.h"

namespace anim::ik {

// Which axes of a joint aim, in the joint's local space, and where the up
// axis should lean.
struct AimAxes {
  // The axis that should point at the target, where the aim starts from
  // (the eyes, a muzzle; zero for the joint's origin), and the axis that
  // leans towards the pole.
  glm::vec3 forward{0.0f, 0.0f, 1.0f};
  glm::vec3 offset{0.0f};
  glm::vec3 up{0.0f, 1.0f, 0.0f};
  // Model-space direction `up` leans towards once the forward axis is on
  // target (the joint twists about the aim line). Zero: no twist, the
  // shortest turn.
  glm::vec3 pole{0.0f};
};

struct AimIkJob {
  int joint = -1;
  glm::vec3 target{0.0f};  // model space
  AimAxes axes;
  // Fraction of the turn applied: 0 leaves the pose exactly as it was.
  // Clamped, not refused: 0 or below (or NaN) turns nothing, above 1 acts
  // as 1.
  float weight = 1.0f;
  // Largest turn, in radians, this job may give the joint (0 or below: none).
  float max_angle = glm::pi<float>();

  // "" when the job fits `pose`, else the first problem naming the field
  // and its value ("joint 52 is not one of the pose's 41 joints",
  // "axes.forward (0, 0, 0) has no direction"). SolveAimIk refuses what
  // this refuses.
  std::string Validate(const IkPose& pose) const;
};

struct AimIkResult {
  bool valid = false;    // false: job.Validate(pose) names the problem; pose untouched
  bool clamped = false;  // max_angle cut the turn short
  float turn = 0.0f;     // radians the joint turned
  // Radians between the aim ray and the direction to the target afterwards.
  float angle_error = 0.0f;
};

AimIkResult SolveAimIk(IkPose& pose, const AimIkJob& job);

// One joint of a look-at chain.
struct LookAtJoint {
  int joint = -1;
  // Share of the remaining turn this joint takes (the last joint usually 1;
  // 0 or below, or NaN, skips the joint; above 1 acts as 1).
  float weight = 1.0f;
  // Largest turn, in radians, this joint may make.
  float max_angle = glm::pi<float>();
};

// Chains longer than this are refused (the job keeps per-joint state on
// the stack rather than allocating).
inline constexpr int kMaxLookAtJoints = 16;

struct LookAtJob {
  // Base first (lower spine), the aiming joint last (head); each joint
  // descends from the one before.
  std::span<const LookAtJoint> chain;
  glm::vec3 target{0.0f};  // model space
  // In the LAST joint's local space (the head's eyes), pole in model space.
  AimAxes axes;
  // Blends the chain's local rotations between the input (0, exactly) and
  // the solved pose (1). Not refused out of [0, 1]: 0 or below (or NaN)
  // leaves the pose as it was, 1 or above gives the solved pose.
  float weight = 1.0f;

  // "" when the job fits `pose`, else the first problem naming the field
  // and its value ("chain[2].joint 7 does not descend from chain[1].joint
  // 9", "target (inf, 1, 0) is not finite"). SolveLookAt refuses what this
  // refuses.
  std::string Validate(const IkPose& pose) const;
};

struct LookAtResult {
  bool valid = false;      // false: job.Validate(pose) names the problem; pose untouched
  int clamped_joints = 0;  // joints whose angle limit cut their share short
  float angle_error = 0.0f;
};

LookAtResult SolveLookAt(IkPose& pose, const LookAtJob& job);

}  // namespace anim::ik
