#include "anim/graph/layer_stack.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

namespace {

float MaskAt(const Layer& layer, int joint) {
  if (!layer.mask) return 1.0f;
  const auto& w = layer.mask->weights;
  return joint < static_cast<int>(w.size()) ? w[joint] : 0.0f;
}

}  // namespace

LayerStack::LayerStack(const Skeleton& skeleton, std::vector<Layer> layers)
    : NodeWithState("layers"),
      joints_(skeleton.JointCount()),
      layers_(std::move(layers)),
      references_(layers_.size()) {
  for (int i = 0; i < LayerCount(); ++i) {
    if (!layers_[i].additive) by_priority_.push_back(i);
    if (layers_[i].reference) references_[i].emplace(*layers_[i].reference);
  }
  // Stable: layers of equal priority keep their declaration order.
  std::stable_sort(by_priority_.begin(), by_priority_.end(),
                   [&](int a, int b) { return layers_[a].priority > layers_[b].priority; });
}

void LayerStack::InitState(LayerStackState& s) const {
  s.weights.assign(layers_.size(), 0.0f);
  s.shares.assign(layers_.size() * Slots(), 0.0f);
}

void LayerStack::Validate(GraphCheck& check) const {
  check.CheckJointCount(*this, "skeleton", joints_);
  for (int i = 0; i < LayerCount(); ++i) {
    const Layer& l = layers_[i];
    const std::string field = "layer " + std::to_string(i) + " '" + l.name + "'";
    check.CheckInput(*this, field + " weight", l.weight);
    if (l.mask)
      check.CheckJointCount(*this, field + " mask", static_cast<int>(l.mask->weights.size()));
    if (l.reference) check.CheckJointCount(*this, field + " reference", l.reference->JointCount());
  }
}

int LayerStack::ScratchDepth() const {
  int depth = 0;
  // Blend layers: the p-th in priority order writes into a scratch pose with
  // at most p others below it (or, owning every joint, into the output).
  for (std::size_t p = 0; p < by_priority_.size(); ++p) {
    const Node* root = layers_[by_priority_[p]].root;
    if (root != nullptr) depth = std::max(depth, static_cast<int>(p) + 1 + root->ScratchDepth());
  }
  // Additive layers, after the blend: one pose, and one more for a mask.
  for (const Layer& l : layers_) {
    if (!l.additive || l.root == nullptr) continue;
    depth = std::max(depth, 1 + l.root->ScratchDepth());
    if (l.mask) depth = std::max(depth, 2);
  }
  return depth;
}

void LayerStack::ResetIn(float phase, GraphContext& ctx) const {
  for (const Layer& l : layers_) {
    if (l.root != nullptr) l.root->ResetIn(phase, ctx);
  }
}

void LayerStack::Update(float dt, float, GraphContext& ctx) const {
  LayerStackState& s = StateIn(ctx);
  for (int i = 0; i < LayerCount(); ++i) {
    float w = ctx.Param(layers_[i].weight);
    w = std::isfinite(w) ? std::clamp(w, 0.0f, 1.0f) : 0.0f;
    if (w != s.weights[i]) s.shares_stale = true;
    s.weights[i] = w;
    // Layers at weight 0 keep their clocks (and state machines) running.
    if (layers_[i].root != nullptr) layers_[i].root->Update(dt, w, ctx);
  }
}

int LayerStack::WholeLayer(const LayerStackState& s) const {
  int whole = -1;
  for (int l : by_priority_) {
    const std::span<const float> share = Shares(s, l);
    if (std::all_of(share.begin(), share.end(), [](float w) { return w == 0.0f; })) continue;
    if (whole >= 0) return -1;  // a second layer contributes
    if (!std::all_of(share.begin(), share.end(), [](float w) { return w == 1.0f; })) return -1;
    whole = l;
  }
  return whole;
}

void LayerStack::ComputeShares(LayerStackState& s, std::span<float> remaining) const {
  std::fill(remaining.begin(), remaining.end(), 1.0f);
  // Walk the priority groups from the top; each group takes what its
  // weights ask for, up to what higher groups left.
  for (std::size_t g = 0; g < by_priority_.size();) {
    std::size_t end = g;
    while (end < by_priority_.size() &&
           layers_[by_priority_[end]].priority == layers_[by_priority_[g]].priority) {
      ++end;
    }
    // Slot joints_ is the morph weights': no mask narrows it.
    auto mask = [&](int l, int j) { return j < joints_ ? MaskAt(layers_[l], j) : 1.0f; };
    for (int j = 0; j <= joints_; ++j) {
      float asked = 0.0f;
      for (std::size_t k = g; k < end; ++k) {
        const int l = by_priority_[k];
        asked += layers_[l].root != nullptr ? s.weights[l] * mask(l, j) : 0.0f;
      }
      const float taken = std::min(asked, remaining[j]);
      const float scale = asked > 0.0f ? taken / asked : 0.0f;
      for (std::size_t k = g; k < end; ++k) {
        const int l = by_priority_[k];
        s.shares[static_cast<std::size_t>(l) * Slots() + j] =
            layers_[l].root != nullptr ? s.weights[l] * mask(l, j) * scale : 0.0f;
      }
      remaining[j] -= taken;
    }
    g = end;
  }
}

void LayerStack::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  LayerStackState& s = StateIn(ctx);
  GraphScratch& scratch = *ctx.scratch;
  const std::span<float> remaining = scratch.JointWeights(0).first(Slots());
  if (s.shares_stale || s.whole < 0) {
    ComputeShares(s, remaining);
    s.whole = WholeLayer(s);
    s.shares_stale = false;
  }
  motion = {};
  const int root_joint = 0;
  auto contributes = [&](int l) {
    const std::span<const float> share = Shares(s, l);
    return std::any_of(share.begin(), share.end(), [](float w) { return w > 0.0f; });
  };
  // The common case, one layer owning every joint (the others at weight 0):
  // it writes the output itself, with no blend.
  const int whole = s.whole;
  if (whole >= 0) {
    layers_[whole].root->Write(ctx, out, motion);
  } else {
    // Each contributing layer into a scratch pose (from `base` up, in
    // priority order), then one blend with the rest pose taking what is left.
    const int base = scratch.InUse();
    int count = 0;
    for (int l : by_priority_) {
      if (!contributes(l)) continue;
      MotionDelta m;
      layers_[l].root->Write(ctx, scratch.Push(), m);
      ++count;
      const float share =
          joints_ > 0 ? s.shares[static_cast<std::size_t>(l) * Slots() + root_joint] : 0.0f;
      motion.translation += m.translation * share;
      motion.yaw += m.yaw * share;
    }
    const std::span<float> rest_share = scratch.JointWeights(1).first(joints_);
    for (int j = 0; j < joints_; ++j) rest_share[j] = std::max(remaining[j], 0.0f);
    const std::span<SoaBlendLayer> blend = scratch.BlendLayers(count + 1);
    int k = 0;
    for (int l : by_priority_) {
      if (!contributes(l) || k + 1 >= static_cast<int>(blend.size())) continue;
      blend[k] = SoaBlendLayer{&scratch.At(base + k), 1.0f, Shares(s, l), MorphShare(s, l)};
      ++k;
    }
    blend[k++] = SoaBlendLayer{ctx.rest, 1.0f, rest_share, std::max(remaining[joints_], 0.0f)};
    BlendLayers(out, blend.first(static_cast<std::size_t>(k)), *ctx.rest, 0.0f);
    for (int i = 0; i < count; ++i) scratch.Pop();
  }

  for (int l = 0; l < LayerCount(); ++l) {
    const Layer& layer = layers_[l];
    if (!layer.additive || layer.root == nullptr || !(s.weights[l] > 0.0f)) continue;
    MotionDelta unused;
    const ScratchPose change(scratch);
    layer.root->Write(ctx, *change, unused);
    // With a mask the change is applied in full, then blended in per joint.
    if (layer.mask) {
      const ScratchPose full(scratch);
      AddLayer(*full, out, *change, l, 1.0f);
      BlendWeighted(out, out, *full, s.weights[l], layer.mask->weights);
    } else {
      AddLayer(out, out, *change, l, s.weights[l]);
    }
  }
}

void LayerStack::AddLayer(SoaPose& target, const SoaPose& base, const SoaPose& change, int layer,
                          float weight) const {
  if (references_[layer]) {
    Add(target, base, change, *references_[layer], weight);
  } else {
    AddDifference(target, base, change, weight);
  }
}

}  // namespace anim
