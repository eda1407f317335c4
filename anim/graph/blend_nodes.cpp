#include "anim/graph/blend_nodes.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "anim/blending/blending.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

WeightedBlendNode::WeightedBlendNode(std::string name, const Skeleton&, std::vector<Node*> inputs,
                                     bool sync)
    : NodeWithState(std::move(name)), inputs_(std::move(inputs)), sync_(sync) {}

void WeightedBlendNode::InitState(WeightedBlendState& s) const {
  s.weights.assign(inputs_.size(), 0.0f);
  if (!s.weights.empty()) s.weights[0] = 1.0f;
}

void WeightedBlendNode::Validate(GraphCheck& check) const {
  if (inputs_.empty()) check.Fail(*this, "inputs", "there are none");
}

void WeightedBlendNode::ResetIn(float phase, GraphContext& ctx) const {
  for (Node* n : inputs_) n->ResetIn(phase, ctx);
}

void WeightedBlendNode::Update(float dt, float weight, GraphContext& ctx) const {
  if (inputs_.empty()) return;
  std::vector<float>& weights = StateIn(ctx).weights;
  ComputeWeights(ctx, weights);
  float sum = 0.0f;
  for (float& w : weights) {
    if (!(w > 0.0f) || !std::isfinite(w)) w = 0.0f;  // also NaN
    sum += w;
  }
  if (sum > 0.0f) {
    for (float& w : weights) w /= sum;
  } else {
    std::fill(weights.begin(), weights.end(), 0.0f);
    weights[0] = 1.0f;
  }
  // bl = sum(w_i * l_i) (weights w_i, cycle lengths l_i); input i plays at rate l_i / bl, so every
  // input advances its normalised time by dt / bl.
  float blended_cycle = 0.0f;
  if (sync_) blended_cycle = CycleDurationIn(ctx);
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const float scale = sync_ ? SyncedRate(inputs_[i]->CycleDurationIn(ctx), blended_cycle) : 1.0f;
    inputs_[i]->Update(dt * scale, weight * weights[i], ctx);
  }
}

void WeightedBlendNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  const std::vector<float>& weights = StateIn(ctx).weights;
  motion = {};
  int count = 0;
  for (float w : weights) count += w > 0.0f ? 1 : 0;
  // One input: it writes the output itself. Two (a 1D blend space's
  // neighbours, say): the two-pose blend. More: the N-layer blend. The
  // weights sum to 1, so no rest pose fills in (threshold 0). The inputs'
  // poses are the scratch poses from `base` up, in input order.
  GraphScratch& scratch = *ctx.scratch;
  const int base = scratch.InUse();
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    if (!(weights[i] > 0.0f)) continue;
    MotionDelta m;
    inputs_[i]->Write(ctx, count == 1 ? out : scratch.Push(), m);
    motion.translation += m.translation * weights[i];
    motion.yaw += m.yaw * weights[i];
  }
  if (count < 2) return;
  if (count == 2) {
    float w[2];
    int k = 0;
    for (float wi : weights) {
      if (wi > 0.0f) w[k++] = wi;
    }
    Blend(out, scratch.At(base), scratch.At(base + 1), w[1] / (w[0] + w[1]));
  } else {
    std::span<SoaBlendLayer> layers = scratch.BlendLayers(count);
    int k = 0;
    for (float wi : weights) {
      if (wi > 0.0f && k < static_cast<int>(layers.size())) {
        layers[k] = SoaBlendLayer{&scratch.At(base + k), wi, {}};
        ++k;
      }
    }
    BlendLayers(out, layers.first(static_cast<std::size_t>(k)), *ctx.rest, 0.0f);
  }
  for (int k = 0; k < count; ++k) scratch.Pop();
}

int WeightedBlendNode::ScratchDepth() const {
  // With two inputs or more, input i writes into a scratch pose with at
  // most i others below it (the weighted inputs before it).
  int depth = 0;
  const int n = ChildCount();
  for (int i = 0; i < n; ++i) {
    if (inputs_[i] == nullptr) continue;
    depth = std::max(depth, (n > 1 ? i + 1 : 0) + inputs_[i]->ScratchDepth());
  }
  return depth;
}

float WeightedBlendNode::CycleDurationIn(const GraphContext& ctx) const {
  const std::vector<float>& weights = StateIn(ctx).weights;
  if (!sync_) return inputs_.empty() ? 0.0f : inputs_[HeaviestInput(weights)]->CycleDurationIn(ctx);
  // Inputs without a cycle (single frames) do not stretch the blended one.
  BlendedCycle cycle;
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    cycle.Add(inputs_[i]->CycleDurationIn(ctx), weights[i]);
  }
  return cycle.Length();
}

float WeightedBlendNode::PhaseIn(const GraphContext& ctx) const {
  return inputs_.empty() ? 0.0f : inputs_[HeaviestInput(StateIn(ctx).weights)]->PhaseIn(ctx);
}

int WeightedBlendNode::HeaviestInput(std::span<const float> weights) const {
  return static_cast<int>(std::max_element(weights.begin(), weights.end()) - weights.begin());
}

Blend2Node::Blend2Node(std::string name, const Skeleton& skeleton, Node* a, Node* b, FloatInput t,
                       bool sync)
    : WeightedBlendNode(std::move(name), skeleton, {a, b}, sync), t_(t) {}

void Blend2Node::Validate(GraphCheck& check) const {
  WeightedBlendNode::Validate(check);
  check.CheckInput(*this, "t", t_);
}

void Blend2Node::ComputeWeights(const GraphContext& ctx, std::span<float> weights) const {
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

void BlendNNode::Validate(GraphCheck& check) const {
  WeightedBlendNode::Validate(check);
  for (std::size_t i = 0; i < inputs_weights_.size(); ++i) {
    check.CheckInput(*this, "weights[" + std::to_string(i) + "]", inputs_weights_[i]);
  }
}

void BlendNNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) const {
  for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = ctx.Param(inputs_weights_[i]);
}

BlendSpace1DNode::BlendSpace1DNode(std::string name, const Skeleton& skeleton,
                                   std::vector<Node*> inputs, BlendSpace1D space, FloatInput x,
                                   bool sync)
    : WeightedBlendNode(std::move(name), skeleton, std::move(inputs), sync),
      space_(std::move(space)),
      x_(x) {}

void BlendSpace1DNode::Validate(GraphCheck& check) const {
  WeightedBlendNode::Validate(check);
  // A space with another number of positions is not refused: it shows the
  // first input (its documented fallback).
  check.CheckInput(*this, "x", x_);
}

void BlendSpace1DNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) const {
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

void BlendSpace2DNode::Validate(GraphCheck& check) const {
  WeightedBlendNode::Validate(check);
  // A space with another number of positions is not refused: it shows the
  // first input (its documented fallback).
  check.CheckInput(*this, "x", x_);
  check.CheckInput(*this, "y", y_);
}

void BlendSpace2DNode::ComputeWeights(const GraphContext& ctx, std::span<float> weights) const {
  if (space_.PointCount() != static_cast<int>(weights.size())) {
    std::fill(weights.begin(), weights.end(), 0.0f);
    return;
  }
  space_.Weights(glm::vec2(ctx.Param(x_), ctx.Param(y_)), weights);
}

}  // namespace anim
