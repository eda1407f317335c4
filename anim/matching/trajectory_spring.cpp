#include "anim/matching/trajectory_spring.h"

#include <cmath>

#include <glm/gtc/constants.hpp>

namespace anim {

float HalflifeToDamping(float halflife) {
  constexpr float kLn2 = 0.69314718056f;
  return 4.0f * kLn2 / (halflife + 1e-5f);
}

float WrapAngle(float a) {
  const float two_pi = glm::two_pi<float>();
  a = std::fmod(a + glm::pi<float>(), two_pi);
  if (a <= 0.0f) a += two_pi;
  return a - glm::pi<float>();
}

void StepGroundMotion(GroundMotion& motion, const DesiredMotion& desired,
                      const SpringHalflives& halflives, float dt) {
  // The velocity spring, integrated exactly for the position.
  const float y = HalflifeToDamping(halflives.velocity) / 2.0f;
  const glm::vec2 j0 = motion.velocity - desired.velocity;
  const glm::vec2 j1 = motion.acceleration + j0 * y;
  const float eydt = std::exp(-y * dt);
  motion.position = eydt * (-j1 / (y * y) + (-j0 - j1 * dt) / y) + j1 / (y * y) + j0 / y +
                    desired.velocity * dt + motion.position;
  motion.velocity = eydt * (j0 + j1 * dt) + desired.velocity;
  motion.acceleration = eydt * (motion.acceleration - j1 * y * dt);

  // The yaw spring, towards the goal by the nearer way round.
  const float yy = HalflifeToDamping(halflives.yaw) / 2.0f;
  const float k0 = WrapAngle(motion.yaw - desired.yaw);
  const float k1 = motion.yaw_rate + k0 * yy;
  const float e = std::exp(-yy * dt);
  const float goal = motion.yaw - k0;
  motion.yaw = e * (k0 + k1 * dt) + goal;
  motion.yaw_rate = e * (motion.yaw_rate - k1 * yy * dt);
}

std::array<GroundPlacement, 3> PredictTrajectory(const GroundMotion& now,
                                                 const DesiredMotion& desired,
                                                 const SpringHalflives& halflives) {
  std::array<GroundPlacement, 3> out;
  GroundMotion ahead = now;
  float t = 0.0f;
  for (int h = 0; h < 3; ++h) {
    StepGroundMotion(ahead, desired, halflives, kTrajectoryHorizons[h] - t);
    t = kTrajectoryHorizons[h];
    out[h] = {ahead.position, ahead.yaw};
  }
  return out;
}

}  // namespace anim
