#include "render/file_camera.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

namespace render {

glm::mat4 FileCameraPlacement(const anim::FileCamera& camera,
                              std::span<const glm::mat4> joint_model_matrices) {
  if (camera.joint < 0 || camera.joint >= static_cast<int>(joint_model_matrices.size())) {
    return camera.node_matrix;
  }
  return joint_model_matrices[camera.joint] * camera.node_matrix;
}

glm::mat4 FileCameraView(const anim::FileCamera& camera,
                         std::span<const glm::mat4> joint_model_matrices) {
  const glm::mat4 placement = FileCameraPlacement(camera, joint_model_matrices);
  // Orthonormal axes from the placement: Y and Z normalised, X from them,
  // so a scaled or sheared node still gives a rigid view.
  const glm::vec3 eye(placement[3]);
  glm::vec3 back(placement[2]), up(placement[1]);
  if (!(glm::length(back) > 0.0f)) back = glm::vec3(0.0f, 0.0f, 1.0f);
  back = glm::normalize(back);
  glm::vec3 right = glm::cross(up, back);
  if (!(glm::length(right) > 1e-12f)) right = glm::vec3(placement[0]);
  if (!(glm::length(right) > 1e-12f)) right = glm::vec3(1.0f, 0.0f, 0.0f);
  right = glm::normalize(right);
  up = glm::cross(back, right);
  glm::mat4 rigid(1.0f);
  rigid[0] = glm::vec4(right, 0.0f);
  rigid[1] = glm::vec4(up, 0.0f);
  rigid[2] = glm::vec4(back, 0.0f);
  rigid[3] = glm::vec4(eye, 1.0f);
  return glm::inverse(rigid);
}

glm::mat4 FileCameraProjection(const anim::FileCamera& camera, float aspect) {
  aspect = std::max(aspect, 1e-3f);
  if (camera.orthographic) {
    // xmag's sign mirrors the view; its size gives way to the viewport's shape.
    const float half_width = std::copysign(std::abs(camera.ymag) * aspect, camera.xmag);
    return glm::ortho(-half_width, half_width, -camera.ymag, camera.ymag, camera.znear,
                      camera.zfar);
  }
  if (camera.zfar > 0.0f) return glm::perspective(camera.yfov, aspect, camera.znear, camera.zfar);
  return glm::infinitePerspective(camera.yfov, aspect, camera.znear);
}

std::string FileCameraSummary(const anim::FileCamera& camera) {
  char text[96];
  if (camera.orthographic) {
    std::snprintf(text, sizeof(text), "orthographic, %g x %g m",
                  static_cast<double>(2.0f * camera.xmag), static_cast<double>(2.0f * camera.ymag));
  } else {
    std::snprintf(text, sizeof(text), "perspective, %.1f deg",
                  static_cast<double>(glm::degrees(camera.yfov)));
  }
  return text;
}

}  // namespace render
