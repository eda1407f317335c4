#include "render/orbit_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace render {

void OrbitCamera::Frame(const Bounds& bounds, float aspect) {
  yaw_ = glm::radians(kDefaultYawDegrees);
  pitch_ = glm::radians(kDefaultPitchDegrees);
  if (bounds.Empty()) {
    target_ = glm::vec3(0.0f);
    scene_radius_ = 1.0f;
    distance_ = 4.0f;
    return;
  }
  target_ = bounds.Center();
  scene_radius_ = std::max(bounds.Radius(), 1e-6f);
  // Fit the box itself (not its bounding sphere, which wastes most of a
  // portrait view on a T-posed character): in camera coordinates, a corner
  // at (x, y, z) relative to the target is inside the frustum when
  // |x| <= (d - z) tan(half_fov_x), likewise for y, so d must be at least
  // z + |x| / tan(half_fov_x) for every corner.
  const float tan_y = std::tan(glm::radians(kFieldOfViewYDegrees) * 0.5f);
  const float tan_x = tan_y * std::max(aspect, 1e-3f);
  // Only the rotation of the view is used; it does not depend on distance_.
  const glm::mat4 rotation = View();
  distance_ = 1e-6f;
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? bounds.max.x : bounds.min.x,
                           (i & 2) ? bounds.max.y : bounds.min.y,
                           (i & 4) ? bounds.max.z : bounds.min.z);
    const glm::vec3 c = glm::mat3(rotation) * (corner - target_);
    // View space looks down -Z: a corner nearer the camera has c.z > 0.
    distance_ = std::max({distance_, c.z + std::abs(c.x) / tan_x, c.z + std::abs(c.y) / tan_y});
  }
  // Margin: a clip's poses reach a little past the rest pose.
  distance_ *= 1.18f;
}

void OrbitCamera::Orbit(float delta_yaw, float delta_pitch) {
  yaw_ = std::remainder(yaw_ + delta_yaw, 2.0f * glm::pi<float>());
  const float limit = glm::radians(89.0f);
  pitch_ = std::clamp(pitch_ + delta_pitch, -limit, limit);
}

void OrbitCamera::Zoom(float factor) {
  if (!(factor > 0.0f) || !std::isfinite(factor)) return;
  distance_ = std::clamp(distance_ * factor, scene_radius_ * 0.05f, scene_radius_ * 200.0f);
}

void OrbitCamera::Pan(float right_fraction, float up_fraction) {
  const glm::mat4 view = View();
  // Rows of the view rotation are the camera axes in world space.
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]);
  const glm::vec3 up(view[0][1], view[1][1], view[2][1]);
  const float visible_height =
      2.0f * distance_ * std::tan(glm::radians(kFieldOfViewYDegrees) * 0.5f);
  target_ += (right * right_fraction + up * up_fraction) * visible_height;
}

glm::vec3 OrbitCamera::Eye() const {
  const glm::vec3 direction(std::sin(yaw_) * std::cos(pitch_), std::sin(pitch_),
                            std::cos(yaw_) * std::cos(pitch_));
  return target_ + direction * distance_;
}

glm::mat4 OrbitCamera::View() const {
  return glm::lookAt(Eye(), target_, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::Projection(float aspect) const {
  // Near and far follow the distance so zooming never clips the model, and
  // keep a depth range ratio that 24-bit depth resolves well.
  const float near_plane = std::max(distance_ - 2.0f * scene_radius_, distance_ * 0.02f);
  const float far_plane = distance_ + 30.0f * scene_radius_;
  return glm::perspective(glm::radians(kFieldOfViewYDegrees), std::max(aspect, 1e-3f), near_plane,
                          far_plane);
}

}  // namespace render
