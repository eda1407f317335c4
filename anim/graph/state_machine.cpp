#include "anim/graph/state_machine.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

const char* CompareOpName(CompareOp op) {
  switch (op) {
    case CompareOp::kGreater: return ">";
    case CompareOp::kLess: return "<";
    case CompareOp::kGreaterEqual: return ">=";
    case CompareOp::kLessEqual: return "<=";
    case CompareOp::kEqual: return "==";
    case CompareOp::kNotEqual: return "!=";
    case CompareOp::kIsTrue: return "true";
    case CompareOp::kIsFalse: return "false";
    case CompareOp::kTriggered: return "triggered";
  }
  return "?";
}

const char* InterruptRuleName(InterruptRule rule) {
  switch (rule) {
    case InterruptRule::kNone: return "none";
    case InterruptRule::kSource: return "source";
    case InterruptRule::kDestination: return "destination";
  }
  return "?";
}

bool Condition::Holds(const ParameterSet& params) const {
  const float v = params.Get(param);
  switch (op) {
    case CompareOp::kGreater: return v > value;
    case CompareOp::kLess: return v < value;
    case CompareOp::kGreaterEqual: return v >= value;
    case CompareOp::kLessEqual: return v <= value;
    case CompareOp::kEqual: return v == value;
    case CompareOp::kNotEqual: return v != value;
    case CompareOp::kIsTrue:
    case CompareOp::kTriggered: return v != 0.0f;
    case CompareOp::kIsFalse: return v == 0.0f;
  }
  return false;
}

StateMachineNode::StateMachineNode(std::string name, const Skeleton& skeleton,
                                   std::vector<State> states, std::vector<Transition> transitions,
                                   int default_state)
    : NodeWithState(std::move(name)),
      skeleton_(&skeleton),
      states_(std::move(states)),
      transitions_(std::move(transitions)),
      default_state_(default_state) {
  // A snapshot fade (a frozen transition, an interruption, a fade out of an
  // inertialization) needs the pose shown; an inertialization also the
  // one before it. A machine of plain smooth fades keeps neither.
  // A restart (a transition into the state it leaves) fades from a snapshot
  // too: the state cannot play on as its own source.
  for (const Transition& t : transitions_) {
    keeps_shown_ |= t.mode != TransitionMode::kSmooth || t.interrupt != InterruptRule::kNone ||
                    t.from == t.to || t.allow_self;
    keeps_velocity_ |= t.mode == TransitionMode::kInertial;
  }
}

void StateMachineNode::InitState(StateMachineState& s) const {
  s.fade.shown = ShownPoseHistory(skeleton_->RestPose(),
                                  {.snapshot = keeps_shown_, .velocity = keeps_velocity_});
  s.snapshot_shares.assign(states_.size(), 0.0f);
}

std::string StateMachineNode::Validate(const ParameterSet& params) const {
  const int n = StateCount();
  if (n == 0) return "state machine '" + Name() + "' has no states";
  if (default_state_ < 0 || default_state_ >= n) {
    return "state machine '" + Name() + "' has no default state " + std::to_string(default_state_);
  }
  for (int i = 0; i < n; ++i) {
    if (states_[i].node == nullptr) return "state '" + states_[i].name + "' has no node";
    for (int j = 0; j < i; ++j) {
      if (states_[j].name == states_[i].name)
        return "two states are named '" + states_[i].name + "'";
    }
  }
  for (const Transition& t : transitions_) {
    if (t.from != Transition::kAnyState && (t.from < 0 || t.from >= n)) {
      return "a transition leaves state " + std::to_string(t.from) + ", which does not exist";
    }
    if (t.to < 0 || t.to >= n) {
      return "a transition enters state " + std::to_string(t.to) + ", which does not exist";
    }
    for (const Condition& c : t.conditions) {
      if (c.param < 0 || c.param >= params.Count()) {
        return "a transition into '" + states_[t.to].name + "' tests an unknown parameter";
      }
    }
    if (!std::isfinite(t.duration) || !std::isfinite(t.exit_begin) || !std::isfinite(t.exit_end) ||
        !std::isfinite(t.start_phase)) {
      return "a transition into '" + states_[t.to].name + "' has a non-finite number";
    }
  }
  return {};
}

void StateMachineNode::Validate(GraphCheck& check) const {
  const std::string problem = Validate(check.Params());
  if (!problem.empty()) check.Fail(*this, "states and transitions", problem);
  check.CheckJointCount(*this, "skeleton", skeleton_->JointCount());
}

int StateMachineNode::ScratchDepth() const {
  // The active state writes into the output; a live source into one scratch pose.
  int depth = 0;
  for (const State& st : states_) {
    if (st.node != nullptr) depth = std::max(depth, 1 + st.node->ScratchDepth());
  }
  return depth;
}

int StateMachineNode::SourceState(const GraphContext& ctx) const {
  return StateIn(ctx).fade.source;
}

bool StateMachineNode::Fading(const GraphContext& ctx) const { return StateIn(ctx).fade.fading; }

int StateMachineNode::ActiveTransition(const GraphContext& ctx) const {
  return StateIn(ctx).transition;
}

float StateMachineNode::TimeInState(const GraphContext& ctx) const {
  return StateIn(ctx).time_in_state;
}

bool StateMachineNode::Inertializing(const GraphContext& ctx) const {
  return StateIn(ctx).fade.shown.Inertializing();
}

void StateMachineNode::ResetIn(float, GraphContext& ctx) const {
  // Entering the machine (its parent state was entered) enters its default
  // state on the next update, where events can be pushed.
  StateMachineState& s = StateIn(ctx);
  s.entered = false;
  s.fade.Stop();
  s.transition = -1;
  s.fade.shown.StopInertialization();
}

void StateMachineNode::PushEvent(GraphContext& ctx, EventKind kind, int state, float weight) const {
  ctx.Push(FiredEvent{kind, states_[state].name, nullptr, StateIn(ctx).time_in_state, weight});
}

bool StateMachineNode::MayInterrupt(const StateMachineState& s, int from_state) const {
  if (!s.fade.fading) return from_state == s.active;
  const InterruptRule rule = transitions_[s.transition].interrupt;
  if (rule == InterruptRule::kSource) return from_state == s.fade.source && s.fade.source >= 0;
  if (rule == InterruptRule::kDestination) return from_state == s.active;
  return false;
}

bool StateMachineNode::TransitionHolds(const StateMachineState& s, const Transition& t,
                                       const GraphContext& ctx) const {
  const int from = t.from == Transition::kAnyState ? s.active : t.from;
  if (t.from == Transition::kAnyState && t.to == s.active && !t.allow_self) return false;
  if (t.exit_begin >= 0.0f) {
    const float phase = states_[from].node->PhaseIn(ctx);
    if (phase < t.exit_begin || phase > t.exit_end) return false;
  }
  for (const Condition& c : t.conditions) {
    if (ctx.params == nullptr || !c.Holds(*ctx.params)) return false;
  }
  return true;
}

int StateMachineNode::FindTransition(const StateMachineState& s, const GraphContext& ctx) const {
  if (s.fade.fading && transitions_[s.transition].interrupt == InterruptRule::kNone) return -1;
  // Any-state transitions first: they are the "whatever you are doing" rules
  // (a hit reaction, a fall), which must win over a state's own.
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < static_cast<int>(transitions_.size()); ++i) {
      const Transition& t = transitions_[i];
      const bool any = t.from == Transition::kAnyState;
      if (any != (pass == 0)) continue;
      if (any ? s.fade.fading && transitions_[s.transition].interrupt != InterruptRule::kDestination
              : !MayInterrupt(s, t.from)) {
        continue;
      }
      // Under the source rule, a transition from the state being left into
      // the one being entered (the running one, its condition still held)
      // would restart the fade it belongs to, from a snapshot, every time.
      if (!any && s.fade.fading && t.from == s.fade.source && t.to == s.active) continue;
      if (TransitionHolds(s, t, ctx)) return i;
    }
  }
  return -1;
}

void StateMachineNode::Start(int index, GraphContext& ctx) const {
  StateMachineState& s = StateIn(ctx);
  const Transition& t = transitions_[index];
  const int from = s.active;
  const float phase = t.match_phase ? states_[from].node->PhaseIn(ctx) : t.start_phase;
  if (ctx.params != nullptr) {
    for (const Condition& c : t.conditions) {
      if (c.op == CompareOp::kTriggered) ctx.params->Set(c.param, 0.0f);
    }
  }
  // The shares shown now: what a snapshot taken by Begin holds. Each
  // state's new value needs only its own old one, so in place.
  const float progress = TransitionProgress(ctx);
  for (int k = 0; k < StateCount(); ++k) s.snapshot_shares[k] = Share(s, progress, k);
  const int live_before = s.fade.fading ? s.fade.source : -1;
  // Restarting the active state: its node starts again, so what it showed
  // fades out as a snapshot (a live source would be the restarted node
  // itself, updated twice a frame).
  const TransitionMode mode =
      t.to == from && t.mode == TransitionMode::kSmooth ? TransitionMode::kFrozen : t.mode;
  if (!s.fade.Begin(mode, from, t.duration, t.ease)) {
    // Nothing fades out: the state left (and the live source of a fade this
    // one interrupts) stopped showing now.
    if (live_before >= 0) PushEvent(ctx, EventKind::kStateExit, live_before, 0.0f);
    PushEvent(ctx, EventKind::kStateExit, from, 0.0f);
  }
  s.active = t.to;
  s.transition = s.fade.fading ? index : -1;
  s.time_in_state = 0.0f;
  states_[s.active].node->ResetIn(phase, ctx);
  PushEvent(ctx, EventKind::kStateEnter, s.active, 1.0f);
}

float StateMachineNode::Share(const StateMachineState& s, float progress, int state) const {
  const float destination = s.active == state ? 1.0f : 0.0f;
  if (!s.fade.fading) return destination;
  const float source =
      s.fade.source >= 0 ? (s.fade.source == state ? 1.0f : 0.0f) : s.snapshot_shares[state];
  return progress * destination + (1.0f - progress) * source;
}

float StateMachineNode::StateShare(const GraphContext& ctx, int state) const {
  if (state < 0 || state >= StateCount()) return 0.0f;
  return Share(StateIn(ctx), TransitionProgress(ctx), state);
}

float StateMachineNode::TransitionProgress(const GraphContext& ctx) const {
  return StateIn(ctx).fade.Weight();
}

void StateMachineNode::Update(float dt, float weight, GraphContext& ctx) const {
  if (states_.empty()) return;
  StateMachineState& s = StateIn(ctx);
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  s.fade.shown.BeginFrame(dt);
  if (!s.entered) {
    s.entered = true;
    s.active = default_state_;
    s.time_in_state = 0.0f;
    states_[s.active].node->ResetIn(0.0f, ctx);
    PushEvent(ctx, EventKind::kStateEnter, s.active, weight);
  } else {
    const int t = FindTransition(s, ctx);
    if (t >= 0) {
      Start(t, ctx);
    } else {
      s.fade.Advance(dt);
      s.time_in_state += dt;
    }
  }
  if (s.fade.Done()) {
    if (s.fade.source >= 0) PushEvent(ctx, EventKind::kStateExit, s.fade.source, 0.0f);
    s.fade.Stop();
    s.transition = -1;
  }
  const float w = TransitionProgress(ctx);
  states_[s.active].node->Update(dt, weight * w, ctx);
  if (s.fade.fading && s.fade.source >= 0)
    states_[s.fade.source].node->Update(dt, weight * (1.0f - w), ctx);
}

void StateMachineNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  StateMachineState& s = StateIn(ctx);
  if (states_.empty() || s.active < 0) {
    out.CopyFrom(*ctx.rest);
    motion = {};
    return;
  }
  states_[s.active].node->Write(ctx, out, motion);
  const Node* source = s.fade.source >= 0 ? states_[s.fade.source].node : nullptr;
  s.fade.Write(ctx, source, out, motion);
}

float StateMachineNode::CycleDurationIn(const GraphContext& ctx) const {
  const int active = StateIn(ctx).active;
  return active >= 0 ? states_[active].node->CycleDurationIn(ctx) : 0.0f;
}

float StateMachineNode::PhaseIn(const GraphContext& ctx) const {
  const int active = StateIn(ctx).active;
  return active >= 0 ? states_[active].node->PhaseIn(ctx) : 0.0f;
}

bool StateMachineNode::IsCompleteIn(const GraphContext& ctx) const {
  const StateMachineState& s = StateIn(ctx);
  return s.active >= 0 && !s.fade.fading && states_[s.active].node->IsCompleteIn(ctx);
}

}  // namespace anim
