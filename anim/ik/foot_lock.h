// Foot locking: a foot that comes down stays where it came down while it is
// down, whatever the pose under it does, and rejoins its animation smoothly
// when it lifts. The pose a controller shows slides its feet where it blends
// (an inertialized switch of motion matching, a cross-fade of a graph) or
// where the character is pulled off its clips' root motion; locking holds
// each planted ankle at its world position with two-bone IK (the foot keeps
// the orientation the pose gives it), as Holden's Motion-Matching demo does.
//
// A foot is down while its ankle, in the pose, is within `contact_height` of
// its height when standing (the leg's `ankle_height`, model units above the
// model's ground) and moves slower than `contact_speed` over the ground. A
// lock lets go when the pose lifts the foot, or when it has drifted farther
// than `max_stretch` from where the pose puts the ankle (a turn on the spot
// that the foot must follow); the offset it held then fades out over
// `release_seconds` (smoothstep), so the foot does not pop.
//
// Per frame, after the controller, on the pose about to be drawn. Allocates
// nothing; keeps two legs' state between frames (Reset to forget it, as on a
// teleport).
#pragma once

#include <array>
#include <span>
#include <string>

#include <glm/glm.hpp>

#include "anim/ik/ik_pose.h"

namespace anim::ik {

struct FootLockLeg {
  int hip = -1;
  int knee = -1;
  int ankle = -1;
  float ankle_height = 0.0f;  // model units above the ground when standing
};

struct FootLockSettings {
  float contact_height = 0.02f;  // model units above ankle_height
  float contact_speed = 1.0f;    // model units a second over the ground
  float max_stretch = 0.25f;     // model units between the lock and the pose's ankle
  float release_seconds = 0.2f;
  float soften = 0.97f;  // the legs' soft reach (two_bone_ik.h)
};

struct FootLockLegState {
  bool locked = false;
  glm::vec3 lock{0.0f};            // world: where the ankle is held
  glm::vec3 release_offset{0.0f};  // world: lock - pose at the last release
  float since_release = 1e9f;      // seconds
  glm::vec3 previous{0.0f};        // world: the pose's ankle last frame
  bool seen = false;               // `previous` holds a frame
};

struct FootLockResult {
  bool valid = false;  // false: Validate names the problem; the pose is untouched
  std::array<bool, 2> locked{};
  // World distance from each ankle to where it was held, after solving (0
  // where the leg reached; the soft reach may leave a little).
  std::array<float, 2> error{};
};

class FootLock {
 public:
  // "" when the legs fit the pose and the numbers are finite and usable,
  // else the first problem naming the field ("legs[1].knee 40 is not one of
  // the pose's 22 joints", "dt -1 is not finite and >= 0").
  static std::string Validate(const IkPose& pose, std::span<const FootLockLeg, 2> legs,
                              const glm::mat4& world, float dt, const FootLockSettings& settings);

  // `world` places the pose (model to world), as drawn.
  FootLockResult Apply(IkPose& pose, std::span<const FootLockLeg, 2> legs, const glm::mat4& world,
                       float dt, const FootLockSettings& settings);

  void Reset() { legs_ = {}; }
  const std::array<FootLockLegState, 2>& Legs() const { return legs_; }

 private:
  std::array<FootLockLegState, 2> legs_{};
};

}  // namespace anim::ik
