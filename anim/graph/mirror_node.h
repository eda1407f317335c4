// Mirror: the input's pose reflected left/right (anim/blending/mirror.h): a walk that
// leads with the left foot becomes one that leads with the right, a lean
// left becomes a lean right. Root motion is mirrored too (x and yaw negate
// for the default X axis), so a mirrored turn turns the other way.
#pragma once

#include "anim/blending/mirror.h"
#include "anim/graph/node.h"

namespace anim {

class MirrorNode : public Node {
 public:
  // `map` must be built for the graph's skeleton.
  MirrorNode(std::string name, const Skeleton& skeleton, Node* input, MirrorMap map);
  const char* Kind() const override { return "mirror"; }
  void ResetIn(float phase, GraphContext& ctx) const override { input_->ResetIn(phase, ctx); }
  void Update(float dt, float weight, GraphContext& ctx) const override {
    input_->Update(dt, weight, ctx);
  }
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override {
    return input_->CycleDurationIn(ctx);
  }
  float PhaseIn(const GraphContext& ctx) const override { return input_->PhaseIn(ctx); }
  bool IsCompleteIn(const GraphContext& ctx) const override { return input_->IsCompleteIn(ctx); }
  int ChildCount() const override { return 1; }
  Node* Child(int) const override { return input_; }
  int ScratchDepth() const override { return 1 + input_->ScratchDepth(); }
  void Validate(GraphCheck& check) const override;

 private:
  Node* input_;
  MirrorMap map_;
};

}  // namespace anim
