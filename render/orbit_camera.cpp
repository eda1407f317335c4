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
  // The sphere fits when its radius subtends the half field of view, in
  // whichever direction (vertical or horizontal) is narrower.
  const float half_fov_y = glm::radians(kFieldOfViewYDegrees) * 0.5f;
  const float half_fov_x = std::atan(std::tan(half_fov_y) * std::max(aspect, 1e-3f));
  const float half_fov = std::min(half_fov_x, half_fov_y);
  const float kMargin = 1.05f;
  distance_ = kMargin * scene_radius_ / std::sin(half_fov);
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
  return glm::perspective(glm::radians(kFieldOfViewYDegrees), std::max(aspect, 1e-3f),
                          near_plane, far_plane);
}

}  // namespace render
