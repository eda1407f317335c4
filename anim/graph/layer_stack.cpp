#include "anim/graph/layer_stack.h"

#include <algorithm>
#include <cmath>

#include "anim/additive.h"
#include "anim/blending.h"

namespace anim {

namespace {

float MaskAt(const Layer& layer, int joint) {
  if (!layer.mask) return 1.0f;
  const auto& w = layer.mask->weights;
  return joint < static_cast<int>(w.size()) ? w[joint] : 0.0f;
}

}  // namespace

LayerStack::LayerStack(const Skeleton& skeleton, std::vector<Layer> layers)
    : skeleton_(&skeleton),
      layers_(std::move(layers)),
      weights_(layers_.size(), 0.0f),
      poses_(layers_.size(), skeleton.RestPose()),
      motions_(layers_.size()),
      shares_(layers_.size(), JointMask{std::vector<float>(skeleton.JointCount(), 0.0f)}),
      remaining_(skeleton.JointCount(), 1.0f),
      blend_(layers_.size() + 1),
      rest_share_{std::vector<float>(skeleton.JointCount(), 0.0f)},
      scratch_(skeleton.RestPose()) {
  for (int i = 0; i < LayerCount(); ++i) {
    if (!layers_[i].additive) by_priority_.push_back(i);
  }
  // Stable: layers of equal priority keep their declaration order.
  std::stable_sort(by_priority_.begin(), by_priority_.end(),
                   [&](int a, int b) { return layers_[a].priority > layers_[b].priority; });
}

void LayerStack::Reset() {
  for (Layer& l : layers_) {
    if (l.root != nullptr) l.root->Reset(0.0f);
  }
}

void LayerStack::Update(float dt, GraphContext& ctx) {
  for (int i = 0; i < LayerCount(); ++i) {
    float w = ctx.Param(layers_[i].weight);
    w = std::isfinite(w) ? std::clamp(w, 0.0f, 1.0f) : 0.0f;
    weights_[i] = w;
    // Layers at weight 0 keep their clocks (and state machines) running.
    if (layers_[i].root != nullptr) layers_[i].root->Update(dt, w, ctx);
  }
}

void LayerStack::Write(GraphContext& ctx, Pose& out, MotionDelta& motion) {
  const int joints = skeleton_->JointCount();
  std::fill(remaining_.begin(), remaining_.end(), 1.0f);
  // Walk the priority groups from the top; each group takes what its
  // weights ask for, up to what higher groups left.
  for (std::size_t g = 0; g < by_priority_.size();) {
    std::size_t end = g;
    while (end < by_priority_.size() &&
           layers_[by_priority_[end]].priority == layers_[by_priority_[g]].priority) {
      ++end;
    }
    for (int j = 0; j < joints; ++j) {
      float asked = 0.0f;
      for (std::size_t k = g; k < end; ++k) {
        const int l = by_priority_[k];
        asked += layers_[l].root != nullptr ? weights_[l] * MaskAt(layers_[l], j) : 0.0f;
      }
      const float taken = std::min(asked, remaining_[j]);
      const float scale = asked > 0.0f ? taken / asked : 0.0f;
      for (std::size_t k = g; k < end; ++k) {
        const int l = by_priority_[k];
        shares_[l].weights[j] =
            layers_[l].root != nullptr ? weights_[l] * MaskAt(layers_[l], j) * scale : 0.0f;
      }
      remaining_[j] -= taken;
    }
    g = end;
  }
  int count = 0;
  motion = {};
  const int root_joint = 0;
  for (int l : by_priority_) {
    const bool contributes = std::any_of(shares_[l].weights.begin(), shares_[l].weights.end(),
                                         [](float w) { return w > 0.0f; });
    if (!contributes) continue;
    layers_[l].root->Write(ctx, poses_[l], motions_[l]);
    blend_[count++] = BlendLayer{&poses_[l], 1.0f, &shares_[l]};
    const float share = joints > 0 ? shares_[l].weights[root_joint] : 0.0f;
    motion.translation += motions_[l].translation * share;
    motion.yaw += motions_[l].yaw * share;
  }
  for (int j = 0; j < joints; ++j) rest_share_.weights[j] = std::max(remaining_[j], 0.0f);
  blend_[count++] = BlendLayer{&skeleton_->RestPose(), 1.0f, &rest_share_};
  BlendLayers(out, std::span<const BlendLayer>(blend_.data(), count), skeleton_->RestPose(), 0.0f);

  for (int l = 0; l < LayerCount(); ++l) {
    const Layer& layer = layers_[l];
    if (!layer.additive || layer.root == nullptr || !(weights_[l] > 0.0f)) continue;
    MotionDelta unused;
    layer.root->Write(ctx, poses_[l], unused);
    // With a mask the change is applied in full, then blended in per joint.
    Pose& target = layer.mask ? scratch_ : out;
    const float w = layer.mask ? 1.0f : weights_[l];
    if (layer.reference) {
      Add(target, out, poses_[l], *layer.reference, -1, w);
    } else {
      AddDifference(target, out, poses_[l], -1, w);
    }
    if (layer.mask) BlendWeighted(out, out, scratch_, weights_[l], layer.mask->weights);
  }
}

}  // namespace anim
