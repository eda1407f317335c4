// Looking through a camera of the file (model/model.h, FileCamera): its view
// and projection matrices as the glTF specification defines them (section
// 3.10, "Cameras", and its projection-matrix formulas). Pure math, no GL.
#pragma once

#include <span>
#include <string>

#include <glm/glm.hpp>

#include "model/model.h"

namespace render {

// The camera node's model-space matrix this frame: the joint it rides on
// (its model matrix from `joint_model_matrices`) times its node matrix; the
// node matrix alone without a joint, or when the joint is not in the span.
glm::mat4 FileCameraPlacement(const anim::FileCamera& camera,
                              std::span<const glm::mat4> joint_model_matrices);

// The view matrix: the inverse of the placement with its scale taken out
// (glTF: a camera node's scale must not change what it sees), looking down
// the node's -Z with its +Y up.
glm::mat4 FileCameraView(const anim::FileCamera& camera,
                         std::span<const glm::mat4> joint_model_matrices);

// The projection for a viewport of `aspect` (width / height): the
// specification's matrices, with the file's vertical extent (yfov, ymag) and
// the viewport's shape for the horizontal one, so the picture is never
// stretched (the file's aspectRatio, and xmag's size, apply only where the
// window has that shape; xmag's sign still mirrors). Perspective is infinite
// without zfar.
glm::mat4 FileCameraProjection(const anim::FileCamera& camera, float aspect);

// "perspective, 40.1 deg" or "orthographic, 2 x 1.5 m": what the camera is,
// for lists.
std::string FileCameraSummary(const anim::FileCamera& camera);

}  // namespace render
