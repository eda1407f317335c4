// The temporary poses a graph needs while it writes one character's frame,
// kept per thread (or per crowd worker) instead of per node per character:
// a stack of SoaPoses as deep as the deepest chain of poses a definition's
// nodes hold at once (GraphDefinition::ScratchDepth), plus the arrays the
// blends fill just before they blend. Made once; a frame allocates nothing.
//
// A node takes a pose with ScratchPose (released at the end of its scope,
// last in first out). Asking for more poses than the stack holds does not
// allocate or write out of bounds: it hands out a spare pose and marks the
// frame failed, so the instance shows the rest pose and says so.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "anim/blending/soa_layer_blend.h"
#include "anim/core/soa_pose.h"

namespace anim {

class GraphDefinition;

class GraphScratch {
 public:
  GraphScratch() = default;
  // Sized for `definition`.
  explicit GraphScratch(const GraphDefinition& definition);

  // Grows (allocating) to fit `definition` as well as what it fits already.
  void Reserve(const GraphDefinition& definition);
  bool Fits(const GraphDefinition& definition) const;
  int Capacity() const { return static_cast<int>(poses_.size()); }

  // Starts a frame: an empty stack, no failure.
  void BeginFrame();
  bool Overflowed() const { return overflowed_; }
  int InUse() const { return used_; }
  int Deepest() const { return deepest_; }  // the most poses in use at once this frame

  SoaPose& Push();
  void Pop();
  // The pose `index` places from the bottom of the stack (a pose pushed
  // earlier in the same Write).
  SoaPose& At(int index) { return index < Capacity() ? poses_[index] : spare_; }

  // Filled by a blend right before it blends (never across a child's Write).
  std::span<SoaBlendLayer> BlendLayers(int count);
  // Two arrays of one float per joint and one more (the layer stack's
  // remaining shares, the last for the morph weights).
  std::span<float> JointWeights(int which);

 private:
  std::vector<SoaPose> poses_;
  SoaPose spare_;
  std::vector<SoaBlendLayer> layers_;
  std::array<std::vector<float>, 2> joint_weights_;
  int used_ = 0;
  int deepest_ = 0;
  bool overflowed_ = false;
};

// One scratch pose for the scope it lives in.
class ScratchPose {
 public:
  explicit ScratchPose(GraphScratch& scratch) : scratch_(scratch), pose_(scratch.Push()) {}
  ~ScratchPose() { scratch_.Pop(); }
  ScratchPose(const ScratchPose&) = delete;
  ScratchPose& operator=(const ScratchPose&) = delete;
  SoaPose& operator*() const { return pose_; }
  SoaPose* operator->() const { return &pose_; }

 private:
  GraphScratch& scratch_;
  SoaPose& pose_;
};

}  // namespace anim
