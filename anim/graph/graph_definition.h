// GraphDefinition: what every character playing one animation graph shares,
// built once and then only read: the skeleton, the parameters (names, types,
// defaults), the nodes with their inputs, clips and settings, and the root or
// the layers. Each character is a GraphInstance (graph_instance.h): its
// parameter values and each node's small state, laid out by this definition
// (every node that has state gets an offset in the instance's block as it is
// added). Temporary poses come from a per-thread GraphScratch sized by
// ScratchDepth(). This is how engines run one graph for a crowd (ozz
// animation's runtime split, Unreal's anim instances over a shared graph).
//
// Construction follows one convention, as ozz's jobs do: build from parts,
// Validate() (the first problem, naming the node and its field: an input
// that is not a node of this definition, a cycle, a missing clip, a
// parameter id the set does not have, a mask, reference pose, mirror map or
// clip made for another skeleton, a state machine's bad indices), and only a
// valid definition makes instances (GraphInstance::Create). Nothing asserts
// or aborts on a bad definition.
//
// A definition must not change (Add, SetRoot, SetLayers) while instances
// made from it play: they notice (Version) and refuse to update. The
// one-character AnimationGraph, which owns its definition, grows its one
// instance as nodes are added instead. The definition holds nothing of any
// character, not even which one is "current": a node's queries take the
// character's GraphContext (GraphInstance::Context()).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/graph_check.h"
#include "anim/graph/layer_stack.h"
#include "anim/graph/node.h"
#include "anim/graph/parameters.h"

namespace anim {

class GraphDefinition {
 public:
  // The skeleton must outlive the definition.
  explicit GraphDefinition(const Skeleton& skeleton);
  ~GraphDefinition();
  GraphDefinition(const GraphDefinition&) = delete;  // it owns its nodes
  GraphDefinition& operator=(const GraphDefinition&) = delete;

  const Skeleton& GetSkeleton() const { return *skeleton_; }
  const SoaPose& RestSoaPose() const { return rest_; }
  // Names, types and the values instances start with.
  ParameterSet& Params() { return params_; }
  const ParameterSet& Params() const { return params_; }

  // Creates a node owned by the definition; T's constructor gets the arguments.
  template <typename T, typename... Args>
  T* Add(Args&&... args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    LayOut(*raw);
    return raw;
  }
  int NodeCount() const { return static_cast<int>(nodes_.size()); }
  Node* NodeAt(int i) const { return nodes_[i].get(); }
  Node* FindNode(std::string_view name) const;
  bool Owns(const Node* node) const;

  // The output: one node, or layers (which replace the single root).
  void SetRoot(Node* root);
  void SetLayers(std::vector<Layer> layers);
  Node* Root() const { return root_; }  // null when the definition has layers (or nothing)
  const LayerStack* Layers() const { return layers_; }
  // Where a frame starts: the root, the layer stack, or null.
  const Node* Top() const;

  // Empty when instances can be made, else the first problem.
  std::string Validate() const;

  // Sizes, meaningful once Validate() passes (0 before: nothing to run).
  int ScratchDepth() const;  // scratch poses a frame holds at once
  int BlendFanIn() const;    // blend layers one blend takes at most
  std::size_t StateBytes() const { return state_bytes_; }
  // Nodes (and layer stacks) with state, in the order they were laid out.
  const std::vector<const Node*>& Stateful() const { return stateful_; }
  // Changes with every Add, SetRoot and SetLayers.
  int Version() const { return version_; }

 private:
  void LayOut(Node& node);
  void CheckLinks(GraphCheck& check) const;

  const Skeleton* skeleton_;
  SoaPose rest_;
  ParameterSet params_;
  std::vector<std::unique_ptr<Node>> nodes_;
  // Every layer stack set so far; the last is current. Earlier ones keep
  // their slots in the instances' state (an instance never shrinks).
  std::vector<std::unique_ptr<LayerStack>> layer_stacks_;
  Node* root_ = nullptr;
  LayerStack* layers_ = nullptr;
  std::vector<const Node*> stateful_;
  std::size_t state_bytes_ = 0;
  int version_ = 0;
};

}  // namespace anim
