#include "samples/graph_driver.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "samples/sample_factories.h"

namespace samples {
namespace {

constexpr float kQuarterPi = 0.785398163f;

glm::mat4 PlacementMatrix(const anim::GroundPlacement& at) {
  return glm::rotate(glm::translate(glm::mat4(1.0f), {at.position.x, 0.0f, at.position.y}), at.yaw,
                     glm::vec3(0, 1, 0));
}

}  // namespace

LocomotionGraphDriver::LocomotionGraphDriver() : graph_(MakeLocomotionSample()) {
  speed_ = graph_->Params().Find("speed")->float_value;
  turn_ = graph_->Params().Find("turn")->float_value;
}

bool LocomotionGraphDriver::Load(const anim::Model& model, std::string* error) {
  if (!graph_->Load(model, error)) return false;
  Reset({});
  return true;
}

const std::string& LocomotionGraphDriver::Notice() const { return graph_->Notice(); }

anim::GroundPlacement LocomotionGraphDriver::Placement() const {
  const glm::mat4 world = World();
  // A turn of yaw about +Y carries +Z to (sin yaw, 0, cos yaw).
  return {{world[3].x, world[3].z}, std::atan2(world[2].x, world[2].z)};
}

void LocomotionGraphDriver::Reset(const anim::GroundPlacement& at) {
  *speed_ = 0.0f;
  *turn_ = 0.0f;
  anchor_ = PlacementMatrix(at) * glm::inverse(graph_->View().character_world);
  simulation_ = anim::GroundMotion{};
  simulation_.position = at.position;
  simulation_.yaw = at.yaw;
  trajectory_.fill(at);
}

void LocomotionGraphDriver::Update(float dt, const anim::DesiredMotion& desired,
                                   float units_per_metre) {
  if (!(dt >= 0.0f) || !std::isfinite(dt)) return;
  const anim::SpringHalflives halflives;
  anim::StepGroundMotion(simulation_, desired, halflives, dt);
  trajectory_ = anim::PredictTrajectory(simulation_, desired, halflives);
  *speed_ = glm::length(desired.velocity) / std::max(units_per_metre, 1e-6f);
  // Full steering from 45 degrees off the facing asked; positive yaw turns
  // left, and 05 steers right for a positive turn.
  const float off = anim::WrapAngle(desired.yaw - Placement().yaw);
  *turn_ = std::clamp(-off / kQuarterPi, -1.0f, 1.0f);
  graph_->Update(dt);
}

}  // namespace samples
