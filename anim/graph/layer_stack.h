// Layers: several trees or state machines whose outputs combine into one
// pose, by mask, weight and priority (the priority blending of Gamebryo's
// NiBlendInterpolator): per joint, the layers of the highest priority take as much
// of the joint as their weight x mask gives them, the next priority only
// the rest, and so on, so where a higher-priority layer has full weight on
// a joint, lower ones do not contribute there (an upper-body punch replaces
// the walk's arm swing instead of averaging with it). Weight left over at
// the end goes to the rest pose. Additive layers then add their change on
// top, in declaration order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/graph/node.h"
#include "anim/joint_mask.h"
#include "anim/soa_layer_blend.h"

namespace anim {

struct Layer {
  std::string name;
  Node* root = nullptr;
  FloatInput weight{-1, 1.0f};
  std::optional<JointMask> mask;  // none: every joint
  int priority = 0;               // higher wins
  bool additive = false;
  // Additive layers only: the pose the change is measured from (for example
  // the additive clip's first frame); none: the root outputs a difference pose.
  std::optional<SoaPose> reference;
};

class LayerStack {
 public:
  LayerStack(const Skeleton& skeleton, std::vector<Layer> layers);

  void Reset();
  void Update(float dt, GraphContext& ctx);
  // Root motion comes from the layers in proportion to their share of the
  // skeleton's first root joint.
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion);

  int LayerCount() const { return static_cast<int>(layers_.size()); }
  const Layer& LayerAt(int i) const { return layers_[i]; }
  float LayerWeight(int i) const { return weights_[i]; }
  // Share of joint j that layer i got in the last Write (blend layers only).
  float JointShare(int i, int j) const { return shares_[i].weights[j]; }

 private:
  // The one blend layer whose share is 1 on every joint while every other
  // blend layer's is 0 (after the shares are computed); -1 otherwise.
  int WholeLayer() const;

  const Skeleton* skeleton_;
  std::vector<Layer> layers_;
  std::vector<int> by_priority_;  // blend layers, highest priority first
  std::vector<float> weights_;
  std::vector<SoaPose> poses_;
  std::vector<std::optional<SoaPose>> references_;  // each additive layer's reference
  std::vector<MotionDelta> motions_;
  std::vector<JointMask> shares_;
  std::vector<float> remaining_;
  std::vector<SoaBlendLayer> blend_;
  JointMask rest_share_;
  SoaPose scratch_;
};

}  // namespace anim
