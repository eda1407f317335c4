// Nodes that mix the poses of several inputs by weight: Blend2 (one factor
// t between two inputs), BlendN (one weight per input, normalised), and the
// blend spaces, which turn one or two parameters into weights. With `sync`
// the inputs share one normalised time: with w_i the weight of input i and
// l_i its cycle length in seconds, the blend's cycle lasts
// bl = sum(w_i * l_i) and input i runs at rate l_i / bl, so feet land
// together whatever the weights.
//
// Each character keeps only its weights; the inputs' poses are taken from the
// thread's scratch while the blend writes. Update and Write allocate
// nothing. Inputs with zero weight keep their clocks running but are not
// sampled.
#pragma once

#include <span>
#include <vector>

#include "anim/blending/soa_layer_blend.h"
#include "anim/clips/clock.h"
#include "anim/control/blend_space_1d.h"
#include "anim/control/blend_space_2d.h"
#include "anim/graph/node.h"

namespace anim {

// Each character's normalised weights of the last Update, one per input.
struct WeightedBlendState {
  std::vector<float> weights;
};

class WeightedBlendNode : public NodeWithState<WeightedBlendState> {
 public:
  WeightedBlendNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                    bool sync);

  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override;
  float PhaseIn(const GraphContext& ctx) const override;
  int ChildCount() const override { return static_cast<int>(inputs_.size()); }
  Node* Child(int i) const override { return inputs_[i]; }
  int ScratchDepth() const override;
  int BlendFanIn() const override { return ChildCount(); }
  void Validate(GraphCheck& check) const override;

  bool Synchronised() const { return sync_; }
  // Normalised weights of the last Update, one per input.
  std::span<const float> Weights(const GraphContext& ctx) const { return StateIn(ctx).weights; }

 protected:
  // Writes one raw weight per input (any scale; normalised afterwards).
  virtual void ComputeWeights(const GraphContext& ctx, std::span<float> weights) const = 0;
  void InitState(WeightedBlendState& s) const override;
  std::size_t HeapBytes(const WeightedBlendState& s) const override {
    return s.weights.capacity() * sizeof(float);
  }

 private:
  int HeaviestInput(std::span<const float> weights) const;

  std::vector<Node*> inputs_;
  bool sync_;
};

// out = mix(a, b, t): t = 0 gives a, t = 1 gives b (clamped to [0, 1]).
class Blend2Node : public WeightedBlendNode {
 public:
  Blend2Node(std::string name, const Skeleton& skeleton, Node* a, Node* b, FloatInput t,
             bool sync = false);
  const char* Kind() const override { return "blend2"; }
  void Validate(GraphCheck& check) const override;

 protected:
  void ComputeWeights(const GraphContext& ctx, std::span<float> weights) const override;

 private:
  FloatInput t_;
};

// Weights are clamped to >= 0 and normalised; all zero gives the first input.
class BlendNNode : public WeightedBlendNode {
 public:
  BlendNNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
             std::vector<FloatInput> weights, bool sync = false);
  const char* Kind() const override { return "blend_n"; }
  void Validate(GraphCheck& check) const override;

 protected:
  void ComputeWeights(const GraphContext& ctx, std::span<float> weights) const override;

 private:
  std::vector<FloatInput> inputs_weights_;
};

// Inputs placed on an axis; `x` picks the two neighbours (BlendSpace1D).
class BlendSpace1DNode : public WeightedBlendNode {
 public:
  // `space` must be built with one position per input.
  BlendSpace1DNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                   BlendSpace1D space, FloatInput x, bool sync = true);
  const char* Kind() const override { return "blend_space_1d"; }
  void Validate(GraphCheck& check) const override;
  const BlendSpace1D& Space() const { return space_; }

 protected:
  void ComputeWeights(const GraphContext& ctx, std::span<float> weights) const override;

 private:
  BlendSpace1D space_;
  FloatInput x_;
};

// Inputs placed in a plane; (x, y) weights by triangulation or grid (BlendSpace2D).
class BlendSpace2DNode : public WeightedBlendNode {
 public:
  BlendSpace2DNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                   BlendSpace2D space, FloatInput x, FloatInput y, bool sync = true);
  const char* Kind() const override { return "blend_space_2d"; }
  void Validate(GraphCheck& check) const override;

 protected:
  void ComputeWeights(const GraphContext& ctx, std::span<float> weights) const override;

 private:
  BlendSpace2D space_;
  FloatInput x_, y_;
};

}  // namespace anim
