// Iterative IK for chains of any length: cyclic coordinate descent (CCD,
// Wang and Chen 1991) and FABRIK (Aristidou and Lasenby, "FABRIK: A fast,
// iterative solver for the Inverse Kinematics problem", 2011), both with
// per-joint constraints (joint_constraint.h), an iteration cap and a
// tolerance.
//
// Plain jobs: they write the chain's local rotations in the caller's pose
// (translations, hence bone lengths, never change) and allocate nothing;
// the per-joint working state lives on the stack, which caps the chain at
// kMaxChainJoints.
#pragma once

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "anim/ik/ik_pose.h"
#include "anim/ik/joint_constraint.h"

namespace anim::ik {

inline constexpr int kMaxChainJoints = 32;

struct ChainIkJob {
  // Root first, effector last; each joint descends from the one before
  // (joints in between are carried along unchanged). At least two.
  std::span<const int> joints;
  // Empty, or one per joint (the effector's is not used: it only moves).
  std::span<const JointConstraint> constraints;
  glm::vec3 target{0.0f};  // model space
  int max_iterations = 20;
  // Stop once the effector is this close to the target (model units).
  float tolerance = 1e-3f;
  // Blends the chain's local rotations between the input (0, exactly) and
  // the solved pose (1). Not refused out of [0, 1]: 0 or below (or NaN)
  // leaves the pose as it was, 1 or above gives the solved pose.
  float weight = 1.0f;

  // "" when the job fits `pose`, else the first problem naming the field
  // and its value ("joints[3] 52 is not one of the pose's 41 joints",
  // "constraints has size 3, not 0 or the size of joints (4)"), including a chain joint whose
  // model frame has no inverse (a zero scale: the joints after it cannot be
  // turned towards anything). SolveCcd and SolveFabrik refuse what this
  // refuses.
  std::string Validate(const IkPose& pose) const;
};

struct ChainIkResult {
  bool valid = false;    // false: job.Validate(pose) names the problem; pose untouched
  bool reached = false;  // error <= tolerance
  int iterations = 0;    // passes run (0 when the effector started on target)
  float error = 0.0f;    // effector-target distance after solving (and weighting)
};

ChainIkResult SolveCcd(IkPose& pose, const ChainIkJob& job);
ChainIkResult SolveFabrik(IkPose& pose, const ChainIkJob& job);

}  // namespace anim::ik
