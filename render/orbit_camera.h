// A camera that circles a target point: yaw around the world Y axis, pitch
// above the ground plane, distance from the target. Framing puts the whole
// bounding sphere of the model in view from a fixed front three-quarter
// angle, so a given model, size and pose always gives the same picture.
// Pure math, no GL.
#pragma once

#include <glm/glm.hpp>

#include "render/skinned_bounds.h"

namespace render {

class OrbitCamera {
 public:
  // glTF characters face +Z: yaw 0 looks at their front. 35 degrees to their
  // left-front and 12 degrees above shows the face and the body's depth.
  static constexpr float kDefaultYawDegrees = 35.0f;
  static constexpr float kDefaultPitchDegrees = 12.0f;
  static constexpr float kFieldOfViewYDegrees = 35.0f;

  // Resets the angles to the default and fits `bounds` into a viewport of
  // this aspect ratio (width / height) with a small margin.
  void Frame(const Bounds& bounds, float aspect);

  // Mouse controls, all relative: angles in radians (pitch stays within
  // +-89 degrees), zoom multiplies the distance, pan moves the target by a
  // fraction of the visible height along the view's right and up axes.
  void Orbit(float delta_yaw, float delta_pitch);
  void Zoom(float factor);
  void Pan(float right_fraction, float up_fraction);
  // Moves the target (and so the eye) by a world offset: following a
  // character keeps the user's angles, distance and pan.
  void MoveTarget(const glm::vec3& offset) { target_ += offset; }

  glm::vec3 Eye() const;
  glm::vec3 Target() const { return target_; }
  float Distance() const { return distance_; }
  glm::mat4 View() const;
  glm::mat4 Projection(float aspect) const;

 private:
  glm::vec3 target_{0.0f, 1.0f, 0.0f};
  float yaw_ = glm::radians(kDefaultYawDegrees);
  float pitch_ = glm::radians(kDefaultPitchDegrees);
  float distance_ = 4.0f;
  float scene_radius_ = 1.0f;  // for near/far planes
};

}  // namespace render
