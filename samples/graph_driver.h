// The locomotion graph of sample 05 (a blend space Idle - Walk - Run on
// speed, root motion, a steered path) driven by what motion matching is
// driven by: a desired ground velocity and facing (anim::DesiredMotion). So
// sample 19 and --drive run either controller on the same input and a user
// sees and measures the difference. The graph cannot strafe, walk backwards
// or turn on the spot: it walks at the speed asked and steers its path
// towards the facing asked, at most 90 degrees a second, as 05 does.
#pragma once

#include <array>
#include <memory>
#include <string>

#include <glm/glm.hpp>

#include "anim/matching/trajectory_spring.h"
#include "samples/sample.h"

namespace samples {

class LocomotionGraphDriver {
 public:
  LocomotionGraphDriver();

  // 05 on `model` (its clips picked as 05 picks them). False with 05's
  // reason when it cannot run; Notice() says what it lacks when it runs in
  // a reduced way (a clip in place).
  bool Load(const anim::Model& model, std::string* error);
  const std::string& Notice() const;

  // Starts over standing at `at` (world), asked for nothing.
  void Reset(const anim::GroundPlacement& at);
  // One frame towards `desired` (velocity in model units a second, yaw the
  // placement's, as MotionMatcher takes them); `units_per_metre` turns the
  // speed into 05's metres a second.
  void Update(float dt, const anim::DesiredMotion& desired, float units_per_metre);

  const anim::SoaPose& Pose() const { return graph_->CurrentPose(); }
  // Where the character stands and faces.
  glm::mat4 World() const { return anchor_ * graph_->View().character_world; }
  anim::GroundPlacement Placement() const;
  // The spring's path of what is asked (as MotionMatcher::Simulation), and
  // where it leads at the trajectory horizons.
  const anim::GroundMotion& Simulation() const { return simulation_; }
  const std::array<anim::GroundPlacement, 3>& DesiredTrajectory() const { return trajectory_; }
  // What 05 was last told: its target speed (m/s) and steering (-1 left
  // to 1 right).
  float Speed() const { return *speed_; }
  float Steering() const { return *turn_; }

 private:
  std::unique_ptr<Sample> graph_;
  float* speed_ = nullptr;  // 05's own parameters
  float* turn_ = nullptr;
  glm::mat4 anchor_{1.0f};  // carries 05's placement to where Reset put it
  anim::GroundMotion simulation_;
  std::array<anim::GroundPlacement, 3> trajectory_{};
};

}  // namespace samples
