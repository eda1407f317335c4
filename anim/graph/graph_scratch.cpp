#include "anim/graph/graph_scratch.h"

#include <algorithm>

#include "anim/graph/graph_definition.h"

namespace anim {

GraphScratch::GraphScratch(const GraphDefinition& definition) { Reserve(definition); }

bool GraphScratch::Fits(const GraphDefinition& definition) const {
  const SoaPose& rest = definition.RestSoaPose();
  auto same_shape = [&](const SoaPose& p) {
    return p.JointCount() == rest.JointCount() &&
           p.MorphWeights().size() == rest.MorphWeights().size();
  };
  return Capacity() >= definition.ScratchDepth() &&
         static_cast<int>(layers_.size()) >= definition.BlendFanIn() &&
         static_cast<int>(joint_weights_[0].size()) >= rest.JointCount() + 1 &&
         same_shape(spare_) && std::all_of(poses_.begin(), poses_.end(), same_shape);
}

void GraphScratch::Reserve(const GraphDefinition& definition) {
  const SoaPose& rest = definition.RestSoaPose();
  const int joints = rest.JointCount();
  if (spare_.JointCount() != joints || spare_.MorphWeights().size() != rest.MorphWeights().size()) {
    // Another skeleton (or character): nothing sized for the old one is kept.
    poses_.clear();
    spare_ = rest;
  }
  if (Capacity() < definition.ScratchDepth()) {
    poses_.resize(static_cast<std::size_t>(definition.ScratchDepth()), rest);
  }
  if (static_cast<int>(layers_.size()) < definition.BlendFanIn()) {
    layers_.resize(static_cast<std::size_t>(definition.BlendFanIn()));
  }
  for (std::vector<float>& w : joint_weights_) {
    // One more than the joints: the layer stack's morph-weight slot.
    if (static_cast<int>(w.size()) < joints + 1)
      w.resize(static_cast<std::size_t>(joints) + 1, 0.0f);
  }
}

void GraphScratch::BeginFrame() {
  used_ = 0;
  deepest_ = 0;
  overflowed_ = false;
}

SoaPose& GraphScratch::Push() {
  const int index = used_++;
  deepest_ = std::max(deepest_, used_);
  if (index < Capacity()) return poses_[index];
  overflowed_ = true;  // the definition's depth was wrong: the frame is refused
  return spare_;
}

void GraphScratch::Pop() {
  if (used_ > 0) --used_;
}

std::span<SoaBlendLayer> GraphScratch::BlendLayers(int count) {
  if (count > static_cast<int>(layers_.size())) {
    overflowed_ = true;
    count = static_cast<int>(layers_.size());
  }
  return std::span<SoaBlendLayer>(layers_.data(), static_cast<std::size_t>(std::max(count, 0)));
}

std::span<float> GraphScratch::JointWeights(int which) {
  return joint_weights_[static_cast<std::size_t>(which & 1)];
}

}  // namespace anim
