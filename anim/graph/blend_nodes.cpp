#include "anim/graph/blend_nodes.h"

#include <algorithm>
#include <cmath>

namespace anim {

WeightedBlendNode::WeightedBlendNode(std::string name, const Skeleton& skeleton,
                                     std::vector<Node*> inputs, bool sync)
    : Node(std::move(name)),
      inputs_(std::move(inputs)),
      sync_(sync),
      weights_(inputs_.size(), 0.0f),
      lengths_(inputs_.size(), 0.0f),
      poses_(inputs_.size(), SoaPose(skeleton.RestPose())),
      layers_(inputs_.size()) {
  if (!weights_.empty()) weights_[0] = 1.0f;
}

void WeightedBlendNode::Reset(float phase) {
  for (Node* n : inputs_) n->Reset(phase);
}

void WeightedBlendNode::Update(float dt, float weight, GraphContext& ctx) {
  if (inputs_.empty()) return;
  ComputeWeights(ctx, weights_);
  float sum = 0.0f;
  for (float& w : weights_) {
    if (!(w > 0.0f) || !std::isfinite(w)) w = 0.0f;  // also NaN
    sum += w;
  }
  if (sum > 0.0f) {
    for (float& w : weights_) w /= sum;
  } else {
    std::fill(weights_.begin(), weights_.end(), 0.0f);
    weights_[0] = 1.0f;
  }
  // bl = sum(w_i * l_i) (weights w_i, cycle lengths l_i); input i plays at rate l_i / bl, so every
  // input advances its normalised time by dt / bl.
  float blended_cycle = 0.0f;
  if (sync_) blended_cycle = CycleDuration();
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const float scale = sync_ ? SyncedRate(inputs_[i]->CycleDuration(), blended_cycle) : 1.0f;
    inputs_[i]->Update(dt * scale, weight * weights_[i], ctx);
  }
}

void WeightedBlendNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  motion = {};
  int count = 0;
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    if (weights_[i] > 0.0f) layers_[count++] = SoaBlendLayer{&poses_[i], weights_[i], {}};
  }
  // One input: it writes the output itself. Two (a 1D blend space's
  // neighbours, say): the two-pose blend. More: the N-layer blend. The
  // weights sum to 1, so no rest pose fills in (threshold 0).
  for (int k = 0; k < count; ++k) {
    const std::size_t i = static_cast<std::size_t>(layers_[k].pose - poses_.data());
    MotionDelta m;
    inputs_[i]->Write(ctx, count == 1 ? out : poses_[i], m);
    motion.translation += m.translation * weights_[i];
    motion.yaw += m.yaw * weights_[i];
  }
  if (count == 2) {
    const float t = layers_[1].weight / (layers_[0].weight + layers_[1].weight);
    Blend(out, *layers_[0].pose, *layers_[1].pose, t);
  } else if (count > 2) {
    BlendLayers(out, std::span<const SoaBlendLayer>(layers_.data(), count), *ctx.rest, 0.0f);
  }
}

float WeightedBlendNode::CycleDuration() const {
  if (!sync_) return inputs_.empty() ? 0.0f : inputs_[HeaviestInput()]->CycleDuration();
  // Inputs without a cycle (single frames) do not stretch the blended one.
  for (std::size_t i = 0; i < inputs_.size(); ++i) lengths_[i] = inputs_[i]->CycleDuration();
  return BlendedCycleLength(lengths_, weights_);
}

float WeightedBlendNode::Phase() const {
  return inputs_.empty() ? 0.0f : inputs_[HeaviestInput()]->Phase();
}

int WeightedBlendNode::HeaviestInput() const {
  return static_cast<int>(std::max_element(weights_.begin(), weights_.end()) - weights_.begin());
}

Blend2Node::Blend2Node(std::string name, const Skeleton& skeleton, Node* a, Node* b, FloatInput t,
                       bool sync)
    : WeightedBlendNode(std::move(name), skeleton, {a, b}, sync), t_(t) {}

void Blend2Node::ComputeWeights(const GraphContext& ctx, std::span<float> weights) {
  float t = ctx.Param(t_);
  t = std::isfinite(t) ? std::clamp(t, 0.0f, 1.0f) : 0.0f;
  weights[0] = 1.0f - t;
  weights[1] = t;
}

BlendNNode::BlendNNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                       std::vector<FloatInput> weights, bool sync)
    : WeightedBlendNode(std::move(name), skeleton, std::move(inputs), sync),
      inputs_weights_(std::move(weights)) {
  inputs_weights_.resize(ChildCount(), FloatInput{-1, 0.0f});
}

void BlendNNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) {
  for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = ctx.Param(inputs_weights_[i]);
}

BlendSpace1DNode::BlendSpace1DNode(std::string name, const Skeleton& skeleton,
                                   std::vector<Node*> inputs, BlendSpace1D space, FloatInput x,
                                   bool sync)
    : WeightedBlendNode(std::move(name), skeleton, std::move(inputs), sync),
      space_(std::move(space)),
      x_(x) {}

void BlendSpace1DNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) {
  if (space_.PointCount() != static_cast<int>(weights.size())) {
    std::fill(weights.begin(), weights.end(), 0.0f);
    return;
  }
  space_.Weights(ctx.Param(x_), weights);
}

BlendSpace2DNode::BlendSpace2DNode(std::string name, const Skeleton& skeleton,
                                   std::vector<Node*> inputs, BlendSpace2D space, FloatInput x,
                                   FloatInput y, bool sync)
    : WeightedBlendNode(std::move(name), skeleton, std::move(inputs), sync),
      space_(std::move(space)),
      x_(x),
      y_(y) {}

void BlendSpace2DNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) {
  if (space_.PointCount() != static_cast<int>(weights.size())) {
    std::fill(weights.begin(), weights.end(), 0.0f);
    return;
  }
  space_.Weights(glm::vec2(ctx.Param(x_), ctx.Param(y_)), weights);
}

}  // namespace anim
