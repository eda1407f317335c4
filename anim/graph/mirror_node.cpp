#include "anim/graph/mirror_node.h"

namespace anim {

MirrorNode::MirrorNode(std::string name, const Skeleton& skeleton, Node* input, MirrorMap map)
    : Node(std::move(name)),
      input_(input),
      map_(std::move(map)),
      input_pose_(skeleton.RestPose()) {}

void MirrorNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  input_->Write(ctx, input_pose_, motion);
  MirrorPose(map_, ctx.skeleton->RestPose().Parents(), input_pose_, out);
  // Motion is horizontal (x, z) with yaw about +Y: reflecting the axis the
  // map negates flips that component, and any reflection reverses turns.
  if (map_.axis == MirrorAxis::kX) motion.translation.x = -motion.translation.x;
  if (map_.axis == MirrorAxis::kZ) motion.translation.z = -motion.translation.z;
  if (map_.axis != MirrorAxis::kY) motion.yaw = -motion.yaw;
}

}  // namespace anim
