// Drawing order for glTF's BLEND materials: blended primitives are drawn
// after every opaque one, the farthest first, so each is composited over
// what lies behind it (as three.js and the Khronos Sample Viewer sort:
// per primitive, not per triangle). Plain math on the CPU, no GL.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"

namespace render {

// Where a primitive is, cheaply, in any pose: the centroid of its rest
// vertices, carried by the joint that holds most of its skin weight (-1:
// not skinned, the centroid moves with the world matrix alone).
struct PrimitiveAnchor {
  glm::vec3 centroid{0.0f};
  int joint = -1;
};
PrimitiveAnchor AnchorOf(const anim::MeshPrimitive& primitive);

// The eye in homogeneous world coordinates, from a view-projection matrix:
// the point that projects to clip w = 0 on the axis, i.e. the camera's
// position (w = 1) for a perspective view, or (w = 0) the direction towards
// the viewer for an orthographic one.
glm::vec4 EyeOf(const glm::mat4& view_projection);

// `meshes` (indices into `anchors`) sorted farthest from `eye` first; the
// anchors are placed by `world` x palette[joint] (a joint outside the
// palette counts as not skinned). Ties keep the model's order.
void SortBackToFront(std::span<const PrimitiveAnchor> anchors, std::span<const glm::mat4> palette,
                     const glm::mat4& world, const glm::vec4& eye, std::vector<int>* meshes);

}  // namespace render
