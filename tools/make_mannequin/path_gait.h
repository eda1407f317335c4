// Locomotion along a path: the character travels over the ground (its hips
// carry the travel and the turn, so the runtime reads root motion from
// them), and each foot is planted where it lands until it lifts. Where the
// treadmill clips (gait.h) slide the ground under fixed hips, these move the
// hips over a fixed ground: starts, stops, turns, strafes, backing up and
// turning on the spot, the "dance card" motion matching searches.
//
// The path is given as a motion profile (speed, the direction of travel
// relative to the facing, and the turn rate, over time), integrated into
// placements. Footsteps follow the gait's clock (the left foot lands at
// phase 0, the right half a cycle later): a foot lands ahead of the hips
// along the travel, as the treadmill gait's does at full speed, beside the
// path by the gait's foot spacing, and stays there, rolling onto its toes
// before it lifts; its swing carries it to the next landing. A step of no
// length lifts nothing, so a character standing still keeps its feet down.
// Every swing of the body (bob, sway, arm swing) scales with how fast the
// character moves or turns.
#pragma once

#include <functional>

#include <glm/glm.hpp>

#include "gait.h"

namespace mannequin {

struct PathMotion {
  float speed = 0.0f;      // m/s over the ground
  float direction = 0.0f;  // degrees of the travel from the facing (+: towards +X, the left)
  float turn_rate = 0.0f;  // degrees a second the facing turns (+: towards +X)
};
using MotionProfile = std::function<PathMotion(float time)>;

struct PathPlacement {
  glm::vec2 position{0.0f};  // x, z
  float yaw = 0.0f;          // degrees from +Z towards +X
};

// Placements along `profile` integrated from time 0 (at the origin, facing
// +Z) backwards and forwards, so footsteps before 0 and after the end land
// where the motion would have put them.
class GroundPath {
 public:
  GroundPath(const MotionProfile& profile, float duration);
  PathPlacement At(float time) const;
  PathMotion MotionAt(float time) const { return profile_(time); }

 private:
  MotionProfile profile_;
  float first_ = 0.0f;                  // the time of samples_[0]
  std::vector<PathPlacement> samples_;  // every kStep seconds
};

// The pose at `time`: hips on the path, feet on their footsteps.
RigPose PathGaitPose(const GaitParams& p, const GroundPath& path, float time);

}  // namespace mannequin
