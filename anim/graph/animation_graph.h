// AnimationGraph: everything one character's animation logic needs, built
// once: the parameters, the nodes (owned here, referenced by pointer from
// their parents), the layers, and the event buffer. Each frame: set
// parameters, Update(dt), read Output(), Motion() and Events().
#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "anim/clip_events.h"
#include "anim/graph/layer_stack.h"
#include "anim/graph/node.h"
#include "anim/graph/parameters.h"

namespace anim {

class AnimationGraph {
 public:
  // The skeleton must outlive the graph.
  explicit AnimationGraph(const Skeleton& skeleton, int event_capacity = 256);

  ParameterSet& Params() { return params_; }
  const ParameterSet& Params() const { return params_; }

  // Creates a node owned by the graph; T's constructor gets the arguments.
  template <typename T, typename... Args>
  T* Add(Args&&... args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    return raw;
  }
  int NodeCount() const { return static_cast<int>(nodes_.size()); }
  Node* NodeAt(int i) const { return nodes_[i].get(); }
  Node* FindNode(std::string_view name) const;

  // The output: one node, or layers (which replace the single root).
  void SetRoot(Node* root);
  void SetLayers(std::vector<Layer> layers);
  Node* Root() const { return root_; }  // null when the graph has layers (or nothing)
  const LayerStack* Layers() const { return layers_ ? &*layers_ : nullptr; }

  // Advances by dt (non-finite or negative: no time passes) and rebuilds the
  // output. Events of this update replace the previous ones. Triggers are
  // cleared at the end (see ParameterSet::Fire). Allocates nothing.
  void Update(float dt);
  // Restarts every clock and machine, as when the character spawns.
  void Reset();

  // Event callbacks: called once per fired event (key, state enter and
  // exit, loop, complete), in firing order, at the end of each Update. The
  // same events stay readable through Events() until the next Update.
  // Setting a callback may allocate; calling it does not.
  void SetEventCallback(std::function<void(const FiredEvent&)> callback) {
    callback_ = std::move(callback);
  }

  // The output pose, as the graph computes it (structure of arrays: what
  // SoaSkeleton's ComputePalette takes), and as a Pose for tools, tests and
  // the pose dump: converted on the first call after each Update (so not
  // to be called from two threads at once).
  const SoaPose& SoaOutput() const { return soa_output_; }
  const Pose& Output() const;
  const MotionDelta& Motion() const { return motion_; }
  std::span<const FiredEvent> Events() const { return events_.Events(); }
  int DroppedEvents() const { return events_.Dropped(); }
  GraphContext& Context() { return ctx_; }

 private:
  const Skeleton* skeleton_;
  ParameterSet params_;
  std::vector<std::unique_ptr<Node>> nodes_;
  Node* root_ = nullptr;
  std::optional<LayerStack> layers_;
  EventBuffer events_;
  GraphContext ctx_;
  std::function<void(const FiredEvent&)> callback_;
  SoaPose rest_;  // the skeleton's rest pose, ctx_.rest
  SoaPose soa_output_;
  mutable Pose output_;
  mutable bool output_stale_ = false;
  MotionDelta motion_;
};

}  // namespace anim
