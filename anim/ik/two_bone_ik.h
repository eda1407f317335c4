// Analytic two-bone IK (hip-knee-ankle, shoulder-elbow-wrist): turns the
// start and mid joints of a pose so the end joint reaches a target, keeping
// both bone lengths. The mid joint bends like a hinge about the chain's own
// bend plane, then the whole chain swings onto the target and twists about
// the start-target line so the mid joint lies on the pole's side.
//
// A plain job: it reads and writes the caller's pose (local transforms, so
// later layers and the skinning palette see the result) and allocates
// nothing. Soft reach follows Andy Nicholas' "Soft IK" (2012): past a
// fraction of the full reach the end approaches the target asymptotically,
// so the knee never snaps straight.
#pragma once

#include <string>

#include <glm/glm.hpp>

#include "anim/ik/ik_pose.h"

namespace anim::ik {

struct TwoBoneIkJob {
  // The chain: mid_joint descends from start_joint, end_joint from
  // mid_joint (joints in between, such as twist bones, are carried along).
  int start_joint = -1;
  int mid_joint = -1;
  int end_joint = -1;
  glm::vec3 target{0.0f};  // model space
  // Model-space direction the mid joint bends towards (a knee's forward,
  // an elbow's back). Zero keeps the chain's current bend plane.
  glm::vec3 pole{0.0f};
  // 0 leaves the pose exactly as it was, 1 applies the full solve; between,
  // both joints turn by that fraction of their correction. Clamped, not
  // refused: 0 or below (or NaN) changes nothing, above 1 acts as 1.
  float weight = 1.0f;
  // Fraction of the full reach (upper + lower length) where soft reach
  // starts, in (0, 1]. 1 turns it off: targets within reach are reached
  // exactly and the chain snaps straight at full extension.
  float soften = 1.0f;
  // The end joint counts as having reached the target within this distance.
  float tolerance = 1e-3f;

  // "" when the job fits `pose`, else the first problem naming the field
  // and its value ("end_joint 52 is not one of the pose's 41 joints",
  // "mid_joint 7 does not descend from start_joint 9", "target (nan, 0, 0)
  // is not finite"). SolveTwoBoneIk refuses what this refuses.
  std::string Validate(const IkPose& pose) const;
};

struct TwoBoneIkResult {
  bool valid = false;    // false: job.Validate(pose) names the problem; pose untouched
  bool reached = false;  // the end joint is within tolerance of the target
  float error = 0.0f;    // distance from the end joint to the target after solving
};

TwoBoneIkResult SolveTwoBoneIk(IkPose& pose, const TwoBoneIkJob& job);

// Where the end joint aims for a target at distance `distance` from the
// start joint, given the chain's full reach: `distance` itself below
// soften * reach, then an exponential approach that never reaches `reach`.
float SoftenedReach(float distance, float reach, float soften);

}  // namespace anim::ik
