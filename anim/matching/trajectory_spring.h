// The trajectory a driven character is asked to follow: a critically
// damped spring pulls the character's ground velocity towards the desired
// one and its yaw towards the desired facing, and the same spring, run
// ahead, predicts where it will be and face at the trajectory horizons
// (motion_features.h). After D. Holden, "Spring-It-On: The Game Developer's
// Spring-Roll-Call" (2021), whose closed forms these are: exact for any
// step, so a prediction one second ahead is three calls, not sixty.
//
// Velocity spring: the velocity v moves towards the goal g as
//   v(t) = g + (j0 + j1 t) e^(-y t),  j0 = v0 - g,  j1 = a0 + j0 y,
// y being half the damping (the stiffness is y^2: critical), and the
// position is its integral. The yaw follows the same spring on the angle,
// the goal taken on the side of the nearer turn.
#pragma once

#include <array>

#include <glm/glm.hpp>

#include "anim/matching/motion_features.h"

namespace anim {

// The damping of a spring that halves its distance to the goal in
// `halflife` seconds (4 ln 2 / halflife; critically damped: half of it is
// the y above).
float HalflifeToDamping(float halflife);

// The simulated character on the ground: where it is, how it moves, where
// it faces and how fast it turns.
struct GroundMotion {
  glm::vec2 position{0.0f};  // x, z
  glm::vec2 velocity{0.0f};
  glm::vec2 acceleration{0.0f};
  float yaw = 0.0f;  // radians, positive turns +Z towards +X
  float yaw_rate = 0.0f;
};

// What the driver asks for: a ground velocity (x, z, world) and a facing.
struct DesiredMotion {
  glm::vec2 velocity{0.0f};
  float yaw = 0.0f;
};

struct SpringHalflives {
  float velocity = 0.27f;  // seconds; Holden's demo uses 0.27 and 0.1
  float yaw = 0.1f;
};

// Moves `motion` by `dt` seconds towards `desired` (dt >= 0).
void StepGroundMotion(GroundMotion& motion, const DesiredMotion& desired,
                      const SpringHalflives& halflives, float dt);

// Where `now` will be at each of kTrajectoryHorizons, following `desired`.
std::array<GroundPlacement, 3> PredictTrajectory(const GroundMotion& now,
                                                 const DesiredMotion& desired,
                                                 const SpringHalflives& halflives);

// The angle `a` wrapped into (-pi, pi].
float WrapAngle(float a);

}  // namespace anim
