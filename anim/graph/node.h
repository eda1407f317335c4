// A blend-tree node: part of a graph DEFINITION (graph_definition.h), shared
// by every character that plays the graph. A node holds only what does not
// change while characters play (its inputs, clips, parameters, masks); what
// each character's copy of it must remember between frames (clocks, cursors,
// machine states, transition history) is its STATE, a small struct kept in
// the character's GraphInstance (graph_instance.h) at the offset the
// definition gave the node. Temporary poses come from the thread's
// GraphScratch (graph_scratch.h), not from the node. So the run-time methods
// are const: a node never writes itself while characters play. Nor does a
// node point at any character: every method that reads or writes one takes
// its GraphContext (a GraphInstance's Context(), or AnimationGraph's), so
// "which character" is always the caller's explicit choice.
//
// A frame runs in two passes over the tree:
//   Update(dt, weight): advance clocks, fire events. `weight` is the node's
//     share of the final output, so events can carry it and children with no
//     weight can keep their clocks running (synchronised blends need that)
//     without being sampled.
//   Write(out, motion): sample and blend into a SoaPose (the skeleton's
//     hierarchy stays in the skeleton); called only for nodes whose weight
//     is above zero.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "anim/clips/clip_events.h"
#include "anim/clips/root_motion.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/parameters.h"

namespace anim {

class GraphScratch;
class GraphCheck;

struct GraphContext {
  const Skeleton* skeleton = nullptr;
  const SoaPose* rest = nullptr;  // the skeleton's rest pose as a SoaPose
  ParameterSet* params = nullptr;
  EventBuffer* events = nullptr;  // optional
  // The character's state block (GraphInstance): every node's state at its offset.
  std::byte* state = nullptr;
  // The thread's temporary poses (only Write uses them).
  GraphScratch* scratch = nullptr;
  // Events of clips whose share of the output is below this are not fired
  // (a walk at weight 0.001 in a run blend does not make footstep sounds).
  float event_weight_threshold = 0.05f;

  float Param(const FloatInput& in) const { return params ? in.Get(*params) : in.constant; }
  void Push(const FiredEvent& e) const {
    if (events != nullptr) events->Push(e);
  }
};

// The bytes a pose's channels take.
inline std::size_t PoseBytes(const SoaPose& pose) {
  return static_cast<std::size_t>(pose.PaddedCount()) * kSoaChannels * sizeof(float);
}

class Node {
 public:
  explicit Node(std::string name) : name_(std::move(name)) {}
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  const std::string& Name() const { return name_; }
  virtual const char* Kind() const = 0;

  // Restarts the node's clocks at normalised time `phase` in [0, 1]
  // (called when a state holding this node is entered).
  virtual void ResetIn(float phase, GraphContext& ctx) const = 0;
  virtual void Update(float dt, float weight, GraphContext& ctx) const = 0;
  // `out` must be a pose of ctx.skeleton; every joint is written.
  virtual void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const = 0;

  // One cycle in seconds at rate 1 (0 when the node has no cycle, like a
  // single frame): what synchronised blends scale rates by.
  virtual float CycleDurationIn(const GraphContext&) const { return 0.0f; }
  // Normalised time of the current cycle in [0, 1]: what exit windows test.
  virtual float PhaseIn(const GraphContext&) const { return 0.0f; }
  // True once a clamped (non-looping) clip has reached its end.
  virtual bool IsCompleteIn(const GraphContext&) const { return false; }

  // The inputs, for tools that draw or walk the tree.
  virtual int ChildCount() const { return 0; }
  virtual Node* Child(int) const { return nullptr; }

  // The per-character state: its size and alignment, and how to make,
  // move (to a bigger block, same offset) and end it. None by default.
  virtual std::size_t StateBytes() const { return 0; }
  virtual std::size_t StateAlign() const { return 1; }
  virtual void ConstructState(std::byte*) const {}
  virtual void MoveState(std::byte* /*to*/, std::byte* /*from*/) const {}
  virtual void DestroyState(std::byte*) const {}
  // What the state at `at` allocated (kept poses, cursors), for MemoryBytes.
  virtual std::size_t StateHeapBytes(const std::byte* /*at*/) const { return 0; }
  // The most scratch poses Write takes at once, its inputs' included.
  virtual int ScratchDepth() const;
  // The most blend layers (one per mixed input) Write passes to one blend.
  virtual int BlendFanIn() const { return 0; }
  // Reports what is wrong with the node's own fields (check.Fail); the
  // definition checks the links between nodes (graph_definition.h); the
  // check itself is graph_check.h.
  virtual void Validate(GraphCheck& check) const;

  // Set by the definition that owns the node.
  void SetStateOffset(std::size_t offset) { state_offset_ = offset; }
  std::size_t StateOffset() const { return state_offset_; }

 private:
  std::string name_;
  std::size_t state_offset_ = 0;
};

// A node whose per-character state is an S: its size, construction and
// access, written once.
template <typename S>
class NodeWithState : public Node {
 public:
  using Node::Node;

  std::size_t StateBytes() const override { return sizeof(S); }
  std::size_t StateAlign() const override { return alignof(S); }
  void ConstructState(std::byte* at) const override { InitState(*new (at) S()); }
  void MoveState(std::byte* to, std::byte* from) const override {
    new (to) S(std::move(At(from)));
    std::destroy_at(&At(from));  // what the move left behind
  }
  void DestroyState(std::byte* at) const override { At(at).~S(); }
  std::size_t StateHeapBytes(const std::byte* at) const override { return HeapBytes(At(at)); }

  S& StateIn(GraphContext& ctx) const { return At(ctx.state + StateOffset()); }
  const S& StateIn(const GraphContext& ctx) const { return At(ctx.state + StateOffset()); }

 protected:
  // Fills a freshly made state (sizes its poses, starts its clocks).
  virtual void InitState(S&) const {}
  virtual std::size_t HeapBytes(const S&) const { return 0; }

 private:
  static S& At(std::byte* p) { return *std::launder(reinterpret_cast<S*>(p)); }
  static const S& At(const std::byte* p) { return *std::launder(reinterpret_cast<const S*>(p)); }
};

}  // namespace anim
