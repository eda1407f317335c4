// A blend-tree node: something that owns its clocks
// and outputs a pose and a root-motion delta each frame. Trees are built once
// from nodes that own their scratch poses, so a frame allocates nothing.
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

#include <string>

#include "anim/clip_events.h"
#include "anim/graph/parameters.h"
#include "anim/pose.h"
#include "anim/root_motion.h"
#include "anim/skeleton.h"
#include "anim/soa_pose.h"

namespace anim {

struct GraphContext {
  const Skeleton* skeleton = nullptr;
  const SoaPose* rest = nullptr;  // the skeleton's rest pose as a SoaPose
  ParameterSet* params = nullptr;
  EventBuffer* events = nullptr;  // optional
  // Events of clips whose share of the output is below this are not fired
  // (a walk at weight 0.001 in a run blend does not make footstep sounds).
  float event_weight_threshold = 0.05f;

  float Param(const FloatInput& in) const { return params ? in.Get(*params) : in.constant; }
  void Push(const FiredEvent& e) const {
    if (events != nullptr) events->Push(e);
  }
};

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
  virtual void Reset(float phase) = 0;
  virtual void Update(float dt, float weight, GraphContext& ctx) = 0;
  // `out` must be a pose of ctx.skeleton; every joint is written.
  virtual void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) = 0;

  // One cycle in seconds at rate 1 (0 when the node has no cycle, like a
  // single frame): what synchronised blends scale rates by.
  virtual float CycleDuration() const { return 0.0f; }
  // Normalised time of the current cycle in [0, 1]: what exit windows test.
  virtual float Phase() const { return 0.0f; }
  // True once a clamped (non-looping) clip has reached its end.
  virtual bool IsComplete() const { return false; }

  // The inputs, for tools that draw or walk the tree.
  virtual int ChildCount() const { return 0; }
  virtual Node* Child(int) const { return nullptr; }

 private:
  std::string name_;
};

}  // namespace anim
