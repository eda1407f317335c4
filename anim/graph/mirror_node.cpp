#include "anim/graph/mirror_node.h"

#include <string>

#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

MirrorNode::MirrorNode(std::string name, const Skeleton&, Node* input, MirrorMap map)
    : Node(std::move(name)), input_(input), map_(std::move(map)) {}

void MirrorNode::Validate(GraphCheck& check) const {
  check.CheckJointCount(*this, "map", static_cast<int>(map_.partner.size()));
  for (int p : map_.partner) {
    if (p < 0 || p >= check.Joints()) {
      check.Fail(
          *this, "map",
          "pairs a joint with joint " + std::to_string(p) + ", which is not in the skeleton");
      return;
    }
  }
}

void MirrorNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  const ScratchPose input(*ctx.scratch);
  input_->Write(ctx, *input, motion);
  MirrorPose(map_, ctx.skeleton->Parents(), *input, out);
  // Motion is horizontal (x, z) with yaw about +Y: reflecting the axis the
  // map negates flips that component, and any reflection reverses turns.
  if (map_.axis == MirrorAxis::kX) motion.translation.x = -motion.translation.x;
  if (map_.axis == MirrorAxis::kZ) motion.translation.z = -motion.translation.z;
  if (map_.axis != MirrorAxis::kY) motion.yaw = -motion.yaw;
}

}  // namespace anim
