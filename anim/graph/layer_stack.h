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
#include <span>
#include <string>
#include <vector>

#include "anim/blending/joint_mask.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/graph/node.h"

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

// What each character's layer stack remembers of the last frame: the
// layers' weights and each layer's share of each joint.
struct LayerStackState {
  std::vector<float> weights;  // one per layer
  // Layer l's share of joint j at l * (joints + 1) + j; slot j = joints is
  // the morph weights', a joint that every layer's mask covers in full.
  std::vector<float> shares;
  // The shares are worked out again only when a weight changed, or when no
  // one layer owns every joint (the blend then needs what is left per joint).
  bool shares_stale = true;
  int whole = -1;  // WholeLayer() of the shares
};

// The top of a layered graph: a node whose inputs are the layers' roots.
class LayerStack : public NodeWithState<LayerStackState> {
 public:
  LayerStack(const Skeleton& skeleton, std::vector<Layer> layers);
  const char* Kind() const override { return "layers"; }

  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Update(float dt, GraphContext& ctx) const { Update(dt, 1.0f, ctx); }
  // Root motion comes from the layers in proportion to their share of the
  // skeleton's first root joint.
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  int ChildCount() const override { return LayerCount(); }
  Node* Child(int i) const override { return layers_[i].root; }
  int ScratchDepth() const override;
  int BlendFanIn() const override { return static_cast<int>(by_priority_.size()) + 1; }
  void Validate(GraphCheck& check) const override;

  int LayerCount() const { return static_cast<int>(layers_.size()); }
  const Layer& LayerAt(int i) const { return layers_[i]; }
  // A character's layer weight and share of joint j that layer i got in the
  // last Write (blend layers only).
  float LayerWeight(const GraphContext& ctx, int i) const { return StateIn(ctx).weights[i]; }
  float JointShare(const GraphContext& ctx, int i, int j) const {
    return StateIn(ctx).shares[static_cast<std::size_t>(i) * Slots() + j];
  }

 protected:
  void InitState(LayerStackState& s) const override;
  std::size_t HeapBytes(const LayerStackState& s) const override {
    return (s.weights.capacity() + s.shares.capacity()) * sizeof(float);
  }

 private:
  // The one blend layer whose share is 1 on every joint while every other
  // blend layer's is 0 (after the shares are computed); -1 otherwise.
  int WholeLayer(const LayerStackState& s) const;
  std::span<const float> Shares(const LayerStackState& s, int layer) const {
    return std::span<const float>(s.shares).subspan(static_cast<std::size_t>(layer) * Slots(),
                                                    joints_);
  }
  // The layer's share of the morph weights (slot `joints_`).
  float MorphShare(const LayerStackState& s, int layer) const {
    return s.shares[static_cast<std::size_t>(layer) * Slots() + joints_];
  }
  std::size_t Slots() const { return static_cast<std::size_t>(joints_) + 1; }
  void ComputeShares(LayerStackState& s, std::span<float> remaining) const;
  // target = base + weight * (change against the layer's reference).
  void AddLayer(SoaPose& target, const SoaPose& base, const SoaPose& change, int layer,
                float weight) const;

  int joints_;
  std::vector<Layer> layers_;
  std::vector<int> by_priority_;                    // blend layers, highest priority first
  std::vector<std::optional<SoaPose>> references_;  // each additive layer's reference
};

}  // namespace anim
