#include "samples/target_drag.h"

#include <cmath>

namespace samples {

bool TargetDrag::Press(const glm::vec3& origin, const glm::vec3& direction, const glm::vec3& target,
                       float radius) {
  const float along = glm::dot(target - origin, direction);
  if (along <= 0.0f) return false;
  const glm::vec3 closest = origin + along * direction;
  if (glm::length(target - closest) > radius) return false;
  grabbing_ = true;
  plane_point_ = target;
  plane_normal_ = direction;
  grab_offset_ = target - closest;
  return true;
}

glm::vec3 TargetDrag::Drag(const glm::vec3& origin, const glm::vec3& direction,
                           const glm::vec3& current) const {
  if (!grabbing_) return current;
  const float denominator = glm::dot(direction, plane_normal_);
  if (std::abs(denominator) < 1e-4f) return current;
  const float t = glm::dot(plane_point_ - origin, plane_normal_) / denominator;
  if (t <= 0.0f) return current;
  return origin + t * direction + grab_offset_;
}

bool TargetDrag::Handle(Sample::PointerPhase phase, const glm::vec3& origin,
                        const glm::vec3& direction, float radius, const glm::vec3& low,
                        const glm::vec3& high, glm::vec3* target) {
  switch (phase) {
    case Sample::PointerPhase::kPress: return Press(origin, direction, *target, radius);
    case Sample::PointerPhase::kDrag:
      *target = glm::clamp(Drag(origin, direction, *target), low, high);
      return true;
    case Sample::PointerPhase::kRelease: Release(); return true;
  }
  return false;
}

void AddTargetSliders(ParamList& params, glm::vec3* target) {
  params.AddFloat("target_x", &target->x, -1.0f, 1.0f, "the target's x (the model's x axis)");
  params.AddFloat("target_y", &target->y, 0.0f, 2.0f, "the target's height");
  params.AddFloat("target_z", &target->z, -1.0f, 1.0f, "the target's z (the model's z axis)");
}

void SetTargetSliderRanges(ParamList& params, const glm::vec3& low, const glm::vec3& high) {
  params.SetRange("target_x", low.x, high.x);
  params.SetRange("target_y", low.y, high.y);
  params.SetRange("target_z", low.z, high.z);
}

}  // namespace samples
