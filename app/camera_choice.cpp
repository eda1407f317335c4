#include "app/camera_choice.h"

#include "app/parse_number.h"
#include "render/file_camera.h"

namespace animviewer {

int FindFileCamera(const anim::Model& model, const std::string& wanted, std::string* error) {
  const int count = static_cast<int>(model.cameras.size());
  for (int i = 0; i < count; ++i) {
    if (model.cameras[i].name == wanted) return i;
  }
  int index = -1;
  if (ParseInt(wanted, &index) && index >= 0 && index < count) return index;
  std::string list;
  for (const anim::FileCamera& camera : model.cameras) {
    list += (list.empty() ? "" : ", ") + ("'" + camera.name + "'");
  }
  *error = "no camera '" + wanted + "' in " + model.source_path +
           (list.empty() ? "; the file has no cameras" : "; its cameras: " + list);
  return -1;
}

bool LookThroughFileCamera(const anim::Model& model, int camera,
                           std::span<const glm::mat4> joint_model_matrices,
                           std::span<const float> animated_values, float aspect, glm::mat4* view,
                           glm::mat4* projection) {
  if (camera < 0 || camera >= static_cast<int>(model.cameras.size())) return false;
  const anim::FileCamera chosen = anim::AnimatedFileCamera(
      model.cameras[camera], model.animated_camera_values, animated_values);
  *view = render::FileCameraView(chosen, joint_model_matrices);
  *projection = render::FileCameraProjection(chosen, aspect);
  return true;
}

std::string FileCameraLabel(const anim::FileCamera& camera) {
  return camera.name + " (" + render::FileCameraSummary(camera) + ")";
}

}  // namespace animviewer
