#include "anim/graph/animation_graph.h"

namespace anim {

AnimationGraph::AnimationGraph(const Skeleton& skeleton, int event_capacity)
    : definition_(skeleton),
      instance_(definition_, event_capacity),
      soa_output_(skeleton.RestPose()) {
  instance_.ShareParams(&definition_.Params());
  Grown();
}

void AnimationGraph::Grown() {
  instance_.Extend();
  const float threshold = ctx_.event_weight_threshold;
  ctx_ = instance_.Context();
  ctx_.event_weight_threshold = threshold;
}

void AnimationGraph::SetRoot(Node* root) {
  definition_.SetRoot(root);
  Grown();
}

void AnimationGraph::SetLayers(std::vector<Layer> layers) {
  definition_.SetLayers(std::move(layers));
  Grown();
}

void AnimationGraph::Reset() { instance_.Reset(); }

void AnimationGraph::Update(float dt) {
  if (validated_version_ != definition_.Version() || validated_params_ != Params().Count()) {
    // Built or changed since the last frame: check it once, and size the
    // scratch for it (the only allocations, and only after a change).
    error_ = definition_.Validate();
    if (error_.empty()) scratch_.Reserve(definition_);
    validated_version_ = definition_.Version();
    validated_params_ = Params().Count();
  }
  instance_.SetEventWeightThreshold(ctx_.event_weight_threshold);
  bool shown = false;
  if (error_.empty()) shown = instance_.Update(dt, scratch_, soa_output_, motion_);
  if (!shown) {
    soa_output_.CopyFrom(definition_.RestSoaPose());
    motion_ = {};
    Params().ClearTriggers();
  }
  if (callback_) {
    for (const FiredEvent& e : instance_.Events()) callback_(e);
  }
}

}  // namespace anim
