// Mirror: the input's pose reflected left/right (anim/mirror.h): a walk that
// leads with the left foot becomes one that leads with the right, a lean
// left becomes a lean right. Root motion is mirrored too (x and yaw negate
// for the default X axis), so a mirrored turn turns the other way.
#pragma once

#include "anim/graph/node.h"
#include "anim/mirror.h"

namespace anim {

class MirrorNode : public Node {
 public:
  // `map` must be built for the graph's skeleton.
  MirrorNode(std::string name, const Skeleton& skeleton, Node* input, MirrorMap map);
  const char* Kind() const override { return "mirror"; }
  void Reset(float phase) override { input_->Reset(phase); }
  void Update(float dt, float weight, GraphContext& ctx) override {
    input_->Update(dt, weight, ctx);
  }
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return input_->CycleDuration(); }
  float Phase() const override { return input_->Phase(); }
  bool IsComplete() const override { return input_->IsComplete(); }
  int ChildCount() const override { return 1; }
  Node* Child(int) const override { return input_; }

 private:
  Node* input_;
  MirrorMap map_;
  SoaPose input_pose_;
};

}  // namespace anim
