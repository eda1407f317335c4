#include "anim/graph/state_machine.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"

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
    : Node(std::move(name)),
      states_(std::move(states)),
      transitions_(std::move(transitions)),
      default_state_(default_state),
      source_pose_(skeleton.RestPose()),
      frozen_(skeleton.RestPose()),
      shown_(skeleton) {}

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

void StateMachineNode::Reset(float) {
  // Entering the machine (its parent state was entered) enters its default
  // state on the next update, where events can be pushed.
  entered_ = false;
  fading_ = false;
  source_ = -1;
  transition_ = -1;
  shown_.StopInertialization();
}

void StateMachineNode::PushEvent(GraphContext& ctx, EventKind kind, int state, float weight) const {
  ctx.Push(FiredEvent{kind, states_[state].name, nullptr, time_in_state_, weight});
}

bool StateMachineNode::MayInterrupt(int from_state) const {
  if (!fading_) return from_state == active_;
  const InterruptRule rule = transitions_[transition_].interrupt;
  if (rule == InterruptRule::kSource) return from_state == source_ && source_ >= 0;
  if (rule == InterruptRule::kDestination) return from_state == active_;
  return false;
}

bool StateMachineNode::TransitionHolds(const Transition& t, const GraphContext& ctx) const {
  const int from = t.from == Transition::kAnyState ? active_ : t.from;
  if (t.from == Transition::kAnyState && t.to == active_ && !t.allow_self) return false;
  if (t.exit_begin >= 0.0f) {
    const float phase = states_[from].node->Phase();
    if (phase < t.exit_begin || phase > t.exit_end) return false;
  }
  for (const Condition& c : t.conditions) {
    if (ctx.params == nullptr || !c.Holds(*ctx.params)) return false;
  }
  return true;
}

int StateMachineNode::FindTransition(const GraphContext& ctx) const {
  if (fading_ && transitions_[transition_].interrupt == InterruptRule::kNone) return -1;
  // Any-state transitions first: they are the "whatever you are doing" rules
  // (a hit reaction, a fall), which must win over a state's own.
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < static_cast<int>(transitions_.size()); ++i) {
      const Transition& t = transitions_[i];
      const bool any = t.from == Transition::kAnyState;
      if (any != (pass == 0)) continue;
      if (any ? fading_ && transitions_[transition_].interrupt != InterruptRule::kDestination
              : !MayInterrupt(t.from)) {
        continue;
      }
      // Under the source rule, a transition from the state being left into
      // the one being entered (the running one, its condition still held)
      // would restart the fade it belongs to, from a snapshot, every time.
      if (!any && fading_ && t.from == source_ && t.to == active_) continue;
      if (TransitionHolds(t, ctx)) return i;
    }
  }
  return -1;
}

void StateMachineNode::Start(int index, GraphContext& ctx) {
  const Transition& t = transitions_[index];
  const int from = active_;
  const float phase = t.match_phase ? states_[from].node->Phase() : t.start_phase;
  if (ctx.params != nullptr) {
    for (const Condition& c : t.conditions) {
      if (c.op == CompareOp::kTriggered) ctx.params->Set(c.param, 0.0f);
    }
  }
  const bool inertial = t.mode == TransitionMode::kInertial;
  const bool snapshot =
      !inertial && (fading_ || shown_.Inertializing() || t.mode == TransitionMode::kFrozen);
  if (inertial) {
    // The destination shows at once over what is on screen: nothing fades out.
    if (fading_ && source_ >= 0) PushEvent(ctx, EventKind::kStateExit, source_, 0.0f);
    PushEvent(ctx, EventKind::kStateExit, from, 0.0f);
    shown_.RequestInertialization(t.duration);
    source_ = -1;
  } else if (snapshot) {
    frozen_.CopyFrom(shown_.LastShown());  // what is on screen now
    shown_.StopInertialization();
    if (fading_ && source_ >= 0) PushEvent(ctx, EventKind::kStateExit, source_, 0.0f);
    PushEvent(ctx, EventKind::kStateExit, from, 0.0f);
    source_ = -1;
  } else {
    source_ = from;
  }
  active_ = t.to;
  transition_ = index;
  fading_ = !inertial && t.duration > 0.0f;
  elapsed_ = 0.0f;
  time_in_state_ = 0.0f;
  states_[active_].node->Reset(phase);
  PushEvent(ctx, EventKind::kStateEnter, active_, 1.0f);
  if (!fading_) {
    if (source_ >= 0) PushEvent(ctx, EventKind::kStateExit, source_, 0.0f);
    source_ = -1;
    transition_ = -1;
  }
}

float StateMachineNode::TransitionProgress() const {
  if (!fading_) return 1.0f;
  const Transition& t = transitions_[transition_];
  return t.ease.Evaluate(t.duration > 0.0f ? elapsed_ / t.duration : 1.0f);
}

void StateMachineNode::Update(float dt, float weight, GraphContext& ctx) {
  if (states_.empty()) return;
  if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
  shown_.BeginFrame(dt);
  if (!entered_) {
    entered_ = true;
    active_ = default_state_;
    time_in_state_ = 0.0f;
    states_[active_].node->Reset(0.0f);
    PushEvent(ctx, EventKind::kStateEnter, active_, weight);
  } else {
    const int t = FindTransition(ctx);
    if (t >= 0) {
      Start(t, ctx);
    } else {
      if (fading_) elapsed_ += dt;
      time_in_state_ += dt;
    }
  }
  if (fading_ && elapsed_ >= transitions_[transition_].duration) {
    if (source_ >= 0) PushEvent(ctx, EventKind::kStateExit, source_, 0.0f);
    fading_ = false;
    source_ = -1;
    transition_ = -1;
  }
  const float w = TransitionProgress();
  states_[active_].node->Update(dt, weight * w, ctx);
  if (fading_ && source_ >= 0) states_[source_].node->Update(dt, weight * (1.0f - w), ctx);
}

void StateMachineNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  if (states_.empty() || active_ < 0) {
    out.CopyFrom(*ctx.rest);
    motion = {};
    return;
  }
  states_[active_].node->Write(ctx, out, motion);
  shown_.ApplyInertialization(out);
  if (fading_) {
    const float w = TransitionProgress();
    MotionDelta source_motion;
    if (source_ >= 0) {
      states_[source_].node->Write(ctx, source_pose_, source_motion);
      Blend(out, source_pose_, out, w);
    } else {
      Blend(out, frozen_, out, w);
    }
    motion = BlendMotion(source_motion, motion, w);
  }
  shown_.Remember(out);
}

float StateMachineNode::CycleDuration() const {
  return active_ >= 0 ? states_[active_].node->CycleDuration() : 0.0f;
}

float StateMachineNode::Phase() const {
  return active_ >= 0 ? states_[active_].node->Phase() : 0.0f;
}

bool StateMachineNode::IsComplete() const {
  return active_ >= 0 && !fading_ && states_[active_].node->IsComplete();
}

}  // namespace anim
