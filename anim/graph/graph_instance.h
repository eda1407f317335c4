// GraphInstance: one character playing a GraphDefinition. It holds only
// what must persist from frame to frame for that character: its parameter
// values, every stateful node's state (clocks and cursors, blend weights,
// state-machine and cross-fade states, the shown poses a snapshot or
// inertialized transition starts from, when the node's transitions can ask
// for them) in one block laid out by the definition, and optionally an
// event buffer. Poses that live only while a frame is written come from the
// caller's GraphScratch, one per thread, so a crowd's memory per character
// is the instance (MemoryBytes()) plus its output.
//
// Made only from a definition that validates (Create, as ozz's jobs:
// Validate() then run); Update allocates nothing. Instances of one
// definition may update on different threads at once, each with its own
// scratch: the definition is only read.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "anim/clips/clip_events.h"
#include "anim/clips/root_motion.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"
#include "anim/graph/node.h"
#include "anim/graph/parameters.h"

namespace anim {

class GraphInstance {
 public:
  // A character of `definition` (which must outlive it), its parameters at
  // the definition's values; nothing and `error` set when the definition
  // does not validate. event_capacity 0: no events are collected.
  static std::optional<GraphInstance> Create(const GraphDefinition& definition, std::string* error,
                                             int event_capacity = 0);
  GraphInstance(GraphInstance&& other) noexcept;
  GraphInstance& operator=(GraphInstance&& other) noexcept;
  GraphInstance(const GraphInstance&) = delete;
  GraphInstance& operator=(const GraphInstance&) = delete;
  ~GraphInstance();

  const GraphDefinition& Definition() const { return *definition_; }
  ParameterSet& Params() { return shared_params_ != nullptr ? *shared_params_ : params_; }
  const ParameterSet& Params() const {
    return shared_params_ != nullptr ? *shared_params_ : params_;
  }
  void SetEventWeightThreshold(float threshold) { event_weight_threshold_ = threshold; }

  // Advances by dt (non-finite or negative: no time passes) and writes the
  // pose into `out` (a pose of the definition's skeleton) and the root
  // motion into `motion`, taking temporary poses from `scratch`. Events of
  // this update replace the previous ones; triggers are cleared at the end.
  // False, `out` untouched, when `out` has another joint count or the
  // definition changed since this instance was made; false with the rest
  // pose in `out` when `scratch` was too small for the definition.
  bool Update(float dt, GraphScratch& scratch, SoaPose& out, MotionDelta& motion);
  // Restarts every clock and machine, as when the character spawns.
  void Reset();

  // Asks the memory system for this character's state ahead of its Update
  // (a crowd driver calls it for the next character while animating one:
  // the states of thousands of characters do not stay in cache). A hint
  // only; nothing where the compiler offers no prefetch.
  void Prefetch() const;

  std::span<const FiredEvent> Events() const;
  int DroppedEvents() const { return events_ ? events_->Dropped() : 0; }
  // The character as the nodes' queries read it (node->PhaseIn(ctx),
  // machine->ActiveState(ctx), layers->JointShare(ctx, i, j)).
  GraphContext Context() const;
  // Bytes this character holds: the state block and what its states
  // allocated (cursors, weights, kept poses), parameters and events.
  std::size_t MemoryBytes() const;

 private:
  friend class AnimationGraph;
  GraphInstance(const GraphDefinition& definition, int event_capacity);
  // Lays out the states of nodes the definition gained since (the
  // one-character AnimationGraph grows its instance as nodes are added).
  void Extend();
  // Uses `params` (the definition's own set) instead of a copy.
  void ShareParams(ParameterSet* params) { shared_params_ = params; }
  GraphContext MakeContext(GraphScratch* scratch);
  void DestroyStates();

  const GraphDefinition* definition_;
  std::unique_ptr<std::max_align_t[]> block_;
  std::size_t block_bytes_ = 0;
  int constructed_ = 0;  // states made, a prefix of definition_->Stateful()
  int version_ = -1;     // the definition's Version() when last laid out
  ParameterSet params_;
  ParameterSet* shared_params_ = nullptr;
  std::optional<EventBuffer> events_;
  float event_weight_threshold_ = 0.05f;
};

}  // namespace anim
