// Which camera the picture is seen through: the viewer's orbit camera, or
// one of the file's cameras (Model::cameras, render/file_camera.h), chosen in
// the View panel or with --camera. A file camera shows the framing its
// author chose: no lens shift for the panels, and orbiting, panning or
// zooming goes back to the orbit camera.
#pragma once

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "model/model.h"

namespace animviewer {

// The index of the camera `wanted` names (its name, or its index from 0),
// or -1 with `error` saying which cameras the model has.
int FindFileCamera(const anim::Model& model, const std::string& wanted, std::string* error);

// With `camera` one of the model's: its view and projection this frame (the
// character's joint model matrices carry a camera that rides a joint, its
// animated floats the projection values clips animate) for a viewport of
// `aspect`, and true. Else false, leaving both as they are.
bool LookThroughFileCamera(const anim::Model& model, int camera,
                           std::span<const glm::mat4> joint_model_matrices,
                           std::span<const float> animated_values, float aspect, glm::mat4* view,
                           glm::mat4* projection);

// "Head cam (perspective, 40.1 deg)": a file camera as the View panel and
// --info list it.
std::string FileCameraLabel(const anim::FileCamera& camera);

}  // namespace animviewer
