// The trajectory spring against its solution worked by hand, and against the
// spring's differential equation integrated numerically in small steps.
#include "anim/matching/trajectory_spring.h"

#include <cmath>

#include <gtest/gtest.h>

namespace {

using anim::DesiredMotion;
using anim::GroundMotion;
using anim::SpringHalflives;

constexpr float kPi = 3.14159265358979f;

TEST(TrajectorySpring, FromRestTheVelocityAndTravelFollowTheCriticallyDampedSolution) {
  // From rest towards 2 m/s along +Z. With y = damping / 2 the velocity is
  // g (1 - e^-yt (1 + y t)) and its integral g t - g (2/y - e^-yt (2/y + t)).
  const SpringHalflives halflives{0.27f, 0.1f};
  const double y = 2.0 * std::log(2.0) / 0.27;
  GroundMotion motion;
  anim::StepGroundMotion(motion, DesiredMotion{{0.0f, 2.0f}, 0.0f}, halflives, 0.5f);
  const double t = 0.5, e = std::exp(-y * t);
  EXPECT_NEAR(motion.velocity.y, 2.0 * (1.0 - e * (1.0 + y * t)), 1e-4);
  EXPECT_NEAR(motion.position.y, 2.0 * t - 2.0 * (2.0 / y - e * (2.0 / y + t)), 1e-4);
  EXPECT_NEAR(motion.velocity.x, 0.0, 1e-6);
}

// x' = v, v' = a, a' = -2y a - y^2 (v - g): the velocity spring, by RK4.
GroundMotion Integrate(GroundMotion m, glm::vec2 goal, float y, double seconds) {
  const int steps = 20000;
  const float h = static_cast<float>(seconds / steps);
  struct D {
    glm::vec2 x, v, a;
  };
  const auto deriv = [&](const D& s) {
    return D{s.v, s.a, -2.0f * y * s.a - y * y * (s.v - goal)};
  };
  D s{m.position, m.velocity, m.acceleration};
  for (int i = 0; i < steps; ++i) {
    const D k1 = deriv(s);
    const D k2 = deriv({s.x + k1.x * h / 2.0f, s.v + k1.v * h / 2.0f, s.a + k1.a * h / 2.0f});
    const D k3 = deriv({s.x + k2.x * h / 2.0f, s.v + k2.v * h / 2.0f, s.a + k2.a * h / 2.0f});
    const D k4 = deriv({s.x + k3.x * h, s.v + k3.v * h, s.a + k3.a * h});
    s.x += (k1.x + 2.0f * k2.x + 2.0f * k3.x + k4.x) * h / 6.0f;
    s.v += (k1.v + 2.0f * k2.v + 2.0f * k3.v + k4.v) * h / 6.0f;
    s.a += (k1.a + 2.0f * k2.a + 2.0f * k3.a + k4.a) * h / 6.0f;
  }
  m.position = s.x;
  m.velocity = s.v;
  m.acceleration = s.a;
  return m;
}

TEST(TrajectorySpring, OneLongStepIsTheEquationIntegratedFinely) {
  GroundMotion start;
  start.position = {1.0f, -2.0f};
  start.velocity = {0.5f, 3.0f};
  start.acceleration = {-4.0f, 1.0f};
  const glm::vec2 goal{-1.5f, 0.5f};
  const SpringHalflives halflives{0.4f, 0.1f};
  const float y = anim::HalflifeToDamping(0.4f) / 2.0f;
  GroundMotion stepped = start;
  anim::StepGroundMotion(stepped, DesiredMotion{goal, 0.0f}, halflives, 0.8f);
  const GroundMotion integrated = Integrate(start, goal, y, 0.8);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(stepped.position[i], integrated.position[i], 1e-3f) << i;
    EXPECT_NEAR(stepped.velocity[i], integrated.velocity[i], 1e-3f) << i;
    EXPECT_NEAR(stepped.acceleration[i], integrated.acceleration[i], 1e-3f) << i;
  }
}

TEST(TrajectorySpring, TheYawTurnsTheNearerWayRound) {
  // From 170 degrees to -170: 20 degrees through 180, not 340 back.
  GroundMotion motion;
  motion.yaw = 170.0f * kPi / 180.0f;
  for (int i = 0; i < 120; ++i)
    anim::StepGroundMotion(motion, DesiredMotion{{}, -170.0f * kPi / 180.0f}, {}, 1.0f / 60.0f);
  EXPECT_NEAR(motion.yaw, 190.0f * kPi / 180.0f, 1e-3f);
  EXPECT_NEAR(anim::WrapAngle(motion.yaw), -170.0f * kPi / 180.0f, 1e-3f);
  EXPECT_NEAR(anim::WrapAngle(3.0f * kPi / 2.0f), -kPi / 2.0f, 1e-6f);
}

TEST(TrajectorySpring, AtItsGoalThePredictionGoesStraightOn) {
  GroundMotion motion;
  motion.position = {2.0f, 1.0f};
  motion.velocity = {1.0f, 0.0f};  // 1 m/s along +X, facing +X
  motion.yaw = kPi / 2.0f;
  const auto future = anim::PredictTrajectory(motion, {{1.0f, 0.0f}, kPi / 2.0f}, {});
  for (int h = 0; h < 3; ++h) {
    EXPECT_NEAR(future[h].position.x, 2.0f + anim::kTrajectoryHorizons[h], 1e-5f);
    EXPECT_NEAR(future[h].position.y, 1.0f, 1e-6f);
    EXPECT_NEAR(future[h].yaw, kPi / 2.0f, 1e-6f);
  }
  // Seen from the character (facing +X, so +X ahead is its +Z), the
  // trajectory runs straight ahead and faces ahead.
  float row[anim::kFeatureCount] = {};
  anim::WriteTrajectoryFeatures({motion.position, motion.yaw}, future, row);
  const int p = anim::GroupSpan(anim::FeatureGroup::kTrajectoryPositions).first;
  const int f = anim::GroupSpan(anim::FeatureGroup::kTrajectoryFacings).first;
  EXPECT_NEAR(row[p + 4], 0.0f, 1e-5f);
  EXPECT_NEAR(row[p + 5], 1.0f, 1e-5f);
  EXPECT_NEAR(row[f + 4], 0.0f, 1e-5f);
  EXPECT_NEAR(row[f + 5], 1.0f, 1e-5f);
}

TEST(TrajectorySpring, APointIsSeenFromTheCharactersFrame) {
  // Facing +X (yaw 90 degrees), +X is ahead and +Z is on its right: world
  // +Z 2 m away is x = -2 (its left is +X) in its frame.
  const anim::GroundPlacement frame{{1.0f, 1.0f}, kPi / 2.0f};
  const glm::vec2 seen = anim::IntoFrame(frame, {1.0f, 3.0f});
  EXPECT_NEAR(seen.x, -2.0f, 1e-6f);
  EXPECT_NEAR(seen.y, 0.0f, 1e-6f);
  const glm::vec2 ahead = anim::IntoFrame(frame, {4.0f, 1.0f});
  EXPECT_NEAR(ahead.x, 0.0f, 1e-6f);
  EXPECT_NEAR(ahead.y, 3.0f, 1e-6f);
}

}  // namespace
