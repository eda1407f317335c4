#include "anim/graph/layer_stack.h"

#include <algorithm>
#include <cmath>

#include "anim/additive.h"
#include "anim/blending.h"
#include "anim/soa_additive.h"
#include "anim/soa_layer_blend.h"

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
      poses_(layers_.size(), SoaPose(skeleton.RestPose())),
      references_(layers_.size()),
      motions_(layers_.size()),
      shares_(layers_.size(), JointMask{std::vector<float>(skeleton.JointCount(), 0.0f)}),
      remaining_(skeleton.JointCount(), 1.0f),
      blend_(layers_.size() + 1),
      rest_share_{std::vector<float>(skeleton.JointCount(), 0.0f)},
      scratch_(skeleton.RestPose()) {
  for (int i = 0; i < LayerCount(); ++i) {
    if (!layers_[i].additive) by_priority_.push_back(i);
    if (layers_[i].reference) references_[i].emplace(*layers_[i].reference);
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

int LayerStack::WholeLayer() const {
  int whole = -1;
  for (int l : by_priority_) {
    const std::vector<float>& share = shares_[l].weights;
    if (std::all_of(share.begin(), share.end(), [](float w) { return w == 0.0f; })) continue;
    if (whole >= 0) return -1;  // a second layer contributes
    if (!std::all_of(share.begin(), share.end(), [](float w) { return w == 1.0f; })) return -1;
    whole = l;
  }
  return whole;
}

void LayerStack::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
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
  // The common case, one layer owning every joint (the others at weight 0):
  // it writes the output itself, with no blend.
  const int whole = WholeLayer();
  for (int l : by_priority_) {
    const bool contributes = std::any_of(shares_[l].weights.begin(), shares_[l].weights.end(),
                                         [](float w) { return w > 0.0f; });
    if (!contributes) continue;
    if (l == whole) {
      layers_[l].root->Write(ctx, out, motions_[l]);
      motion = motions_[l];
      count = -1;
      break;
    }
    layers_[l].root->Write(ctx, poses_[l], motions_[l]);
    blend_[count++] = SoaBlendLayer{&poses_[l], 1.0f, shares_[l].weights};
    const float share = joints > 0 ? shares_[l].weights[root_joint] : 0.0f;
    motion.translation += motions_[l].translation * share;
    motion.yaw += motions_[l].yaw * share;
  }
  if (count >= 0) {
    for (int j = 0; j < joints; ++j) rest_share_.weights[j] = std::max(remaining_[j], 0.0f);
    blend_[count++] = SoaBlendLayer{ctx.rest, 1.0f, rest_share_.weights};
    BlendLayers(out, std::span<const SoaBlendLayer>(blend_.data(), count), *ctx.rest, 0.0f);
  }

  for (int l = 0; l < LayerCount(); ++l) {
    const Layer& layer = layers_[l];
    if (!layer.additive || layer.root == nullptr || !(weights_[l] > 0.0f)) continue;
    MotionDelta unused;
    layer.root->Write(ctx, poses_[l], unused);
    // With a mask the change is applied in full, then blended in per joint.
    SoaPose& target = layer.mask ? scratch_ : out;
    const float w = layer.mask ? 1.0f : weights_[l];
    if (references_[l]) {
      Add(target, out, poses_[l], *references_[l], w);
    } else {
      AddDifference(target, out, poses_[l], w);
    }
    if (layer.mask) BlendWeighted(out, out, scratch_, weights_[l], layer.mask->weights);
  }
}

}  // namespace anim
