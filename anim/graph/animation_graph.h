// AnimationGraph: one character's animation logic in one object, for a
// character that plays its graph alone (samples, tools, tests): it owns a
// GraphDefinition (the parameters, the nodes, the layers), the one
// GraphInstance playing it, a GraphScratch and the output pose. Each frame:
// set parameters, Update(dt), read SoaOutput(), Motion() and Events().
//
// Crowds share one definition among many small instances instead
// (graph_definition.h, graph_instance.h, CrowdAnimator): Definition() is the
// definition built here, from which any number of instances can be made.
//
// The nodes hold no character (the definition is shared): their queries
// take one, and Context() is this graph's (machine->ActiveState(
// graph.Context()), clip->Time(graph.Context()), node->PhaseIn(
// graph.Context())...). The instance grows as nodes are added, so a graph
// may be built piece by piece; each Update first validates what changed
// (GraphDefinition::Validate) and, while the graph is not valid, shows the
// rest pose and says why in Error().
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/clips/clip_events.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_instance.h"
#include "anim/graph/graph_scratch.h"
#include "anim/graph/layer_stack.h"
#include "anim/graph/node.h"
#include "anim/graph/parameters.h"

namespace anim {

class AnimationGraph {
 public:
  // The skeleton must outlive the graph.
  explicit AnimationGraph(const Skeleton& skeleton, int event_capacity = 256);
  AnimationGraph(const AnimationGraph&) = delete;  // its context points into its instance
  AnimationGraph& operator=(const AnimationGraph&) = delete;

  ParameterSet& Params() { return definition_.Params(); }
  const ParameterSet& Params() const { return definition_.Params(); }

  // Creates a node owned by the graph; T's constructor gets the arguments.
  template <typename T, typename... Args>
  T* Add(Args&&... args) {
    T* node = definition_.Add<T>(std::forward<Args>(args)...);
    Grown();
    return node;
  }
  int NodeCount() const { return definition_.NodeCount(); }
  Node* NodeAt(int i) const { return definition_.NodeAt(i); }
  Node* FindNode(std::string_view name) const { return definition_.FindNode(name); }

  // The output: one node, or layers (which replace the single root).
  void SetRoot(Node* root);
  void SetLayers(std::vector<Layer> layers);
  Node* Root() const { return definition_.Root(); }  // null when the graph has layers (or nothing)
  const LayerStack* Layers() const { return definition_.Layers(); }

  // Advances by dt (non-finite or negative: no time passes) and rebuilds the
  // output. Events of this update replace the previous ones. Triggers are
  // cleared at the end (see ParameterSet::Fire). Allocates nothing (once
  // the graph is built: the first Update after a change validates it).
  void Update(float dt);
  // Restarts every clock and machine, as when the character spawns.
  void Reset();
  // Why the last Update showed the rest pose (the graph does not validate),
  // or empty.
  const std::string& Error() const { return error_; }

  // Event callbacks: called once per fired event (key, state enter and
  // exit, loop, complete), in firing order, at the end of each Update. The
  // same events stay readable through Events() until the next Update.
  // Setting a callback may allocate; calling it does not.
  void SetEventCallback(std::function<void(const FiredEvent&)> callback) {
    callback_ = std::move(callback);
  }

  // The output pose, as the graph computes it (structure of arrays: what
  // ComputePalette (core/local_to_model_jobs.h) takes; AsPose in
  // offline/pose.h converts it for tools).
  const SoaPose& SoaOutput() const { return soa_output_; }
  const MotionDelta& Motion() const { return motion_; }
  std::span<const FiredEvent> Events() const { return instance_.Events(); }
  int DroppedEvents() const { return instance_.DroppedEvents(); }
  // This graph's one character, as the nodes' queries take it
  // (machine->ActiveState(graph.Context()), node->PhaseIn(graph.Context()));
  // event_weight_threshold is settable. The reference stays current as the
  // graph grows (Add, SetRoot, SetLayers lay the instance out again); a copy
  // does not.
  GraphContext& Context() { return ctx_; }
  const GraphContext& Context() const { return ctx_; }

  // The definition built here (for a crowd's instances) and this graph's own
  // character.
  const GraphDefinition& Definition() const { return definition_; }
  const GraphInstance& Instance() const { return instance_; }

 private:
  void Grown();  // after the definition changed: lay out the instance, refresh ctx_

  GraphDefinition definition_;
  GraphInstance instance_;
  GraphScratch scratch_;
  GraphContext ctx_;
  int validated_version_ = -1;
  int validated_params_ = -1;
  std::string error_;
  std::function<void(const FiredEvent&)> callback_;
  SoaPose soa_output_;
  MotionDelta motion_;
};

}  // namespace anim
