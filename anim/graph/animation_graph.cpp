#include "anim/graph/animation_graph.h"

#include <cmath>

namespace anim {

AnimationGraph::AnimationGraph(const Skeleton& skeleton, int event_capacity)
    : skeleton_(&skeleton),
      events_(event_capacity),
      rest_(skeleton.RestPose()),
      soa_output_(skeleton.RestPose()),
      output_(skeleton.RestPose()) {
  ctx_.skeleton = skeleton_;
  ctx_.rest = &rest_;
  ctx_.params = &params_;
  ctx_.events = &events_;
}

const Pose& AnimationGraph::Output() const {
  if (output_stale_) {
    soa_output_.Store(output_);  // same joint count: copies without allocating
    output_stale_ = false;
  }
  return output_;
}

Node* AnimationGraph::FindNode(std::string_view name) const {
  for (const auto& n : nodes_) {
    if (n->Name() == name) return n.get();
  }
  return nullptr;
}

void AnimationGraph::SetRoot(Node* root) {
  root_ = root;
  layers_.reset();
}

void AnimationGraph::SetLayers(std::vector<Layer> layers) {
  root_ = nullptr;
  layers_.emplace(*skeleton_, std::move(layers));
}

void AnimationGraph::Reset() {
  if (root_ != nullptr) root_->Reset(0.0f);
  if (layers_) layers_->Reset();
}

void AnimationGraph::Update(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  events_.Clear();
  motion_ = {};
  if (root_ != nullptr) {
    root_->Update(dt, 1.0f, ctx_);
    root_->Write(ctx_, soa_output_, motion_);
  } else if (layers_) {
    layers_->Update(dt, ctx_);
    layers_->Write(ctx_, soa_output_, motion_);
  } else {
    soa_output_.CopyFrom(rest_);
  }
  output_stale_ = true;
  params_.ClearTriggers();
  if (callback_) {
    for (const FiredEvent& e : events_.Events()) callback_(e);
  }
}

}  // namespace anim
