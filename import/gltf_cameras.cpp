#include "import/gltf_cameras.h"

#include <cmath>
#include <numbers>
#include <string>

namespace anim::gltf {

namespace {

bool FiniteNumber(double v) { return std::isfinite(v); }

// The camera's projection from the file, or "" and `camera` filled; else
// what is wrong, for the warning.
std::string ReadProjection(const tinygltf::Camera& in, FileCamera* camera) {
  if (in.type == "perspective") {
    const tinygltf::PerspectiveCamera& p = in.perspective;
    if (!FiniteNumber(p.yfov) || p.yfov <= 0.0 || p.yfov >= std::numbers::pi) {
      return "yfov " + std::to_string(p.yfov) + " is not between 0 and pi";
    }
    if (!FiniteNumber(p.znear) || p.znear <= 0.0) return "znear must be above 0";
    if (!FiniteNumber(p.zfar) || (p.zfar != 0.0 && p.zfar <= p.znear)) {
      return "zfar must be past znear";
    }
    if (!FiniteNumber(p.aspectRatio) || p.aspectRatio < 0.0) return "aspectRatio must be above 0";
    camera->yfov = static_cast<float>(p.yfov);
    camera->aspect_ratio = static_cast<float>(p.aspectRatio);
    camera->znear = static_cast<float>(p.znear);
    camera->zfar = static_cast<float>(p.zfar);
    return {};
  }
  if (in.type == "orthographic") {
    const tinygltf::OrthographicCamera& o = in.orthographic;
    if (!FiniteNumber(o.xmag) || !FiniteNumber(o.ymag) || o.xmag == 0.0 || o.ymag == 0.0) {
      return "xmag and ymag must not be 0";
    }
    if (!FiniteNumber(o.znear) || o.znear < 0.0) return "znear must not be below 0";
    if (!FiniteNumber(o.zfar) || o.zfar <= o.znear) return "zfar must be past znear";
    camera->orthographic = true;
    camera->xmag = static_cast<float>(o.xmag);
    camera->ymag = static_cast<float>(o.ymag);
    camera->znear = static_cast<float>(o.znear);
    camera->zfar = static_cast<float>(o.zfar);
    return {};
  }
  return "type \"" + in.type + "\" is neither perspective nor orthographic";
}

}  // namespace

std::vector<FileCamera> ImportCameras(Context& ctx, const NodeTree& tree,
                                      const SkeletonMapping& mapping) {
  std::vector<FileCamera> cameras;
  const NearestJoint above(tree, mapping);
  const int camera_count = static_cast<int>(ctx.gltf.cameras.size());
  for (int node : SceneNodesInOrder(ctx, tree)) {
    const int index = ctx.gltf.nodes[node].camera;
    if (index < 0) continue;
    const std::string where = "node \"" + tree.names[node] + "\"";
    if (index >= camera_count) {
      ctx.Warn("camera of " + where + " left out: camera " + std::to_string(index) +
               " is not in the file (" + std::to_string(camera_count) + " cameras)");
      continue;
    }
    const tinygltf::Camera& in = ctx.gltf.cameras[index];
    FileCamera camera;
    camera.source_camera = index;
    camera.name = !in.name.empty()                     ? in.name
                  : !ctx.gltf.nodes[node].name.empty() ? ctx.gltf.nodes[node].name
                                                       : "camera " + std::to_string(index);
    const std::string problem = ReadProjection(in, &camera);
    if (!problem.empty()) {
      ctx.Warn("camera \"" + camera.name + "\" of " + where + " left out: " + problem);
      continue;
    }
    const int joint_node = above.joint_node[node];
    camera.joint = joint_node >= 0 ? mapping.joint_of_node[joint_node] : -1;
    camera.node_matrix = above.node_to_joint[node];
    cameras.push_back(std::move(camera));
  }
  return cameras;
}

}  // namespace anim::gltf
