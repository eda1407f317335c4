// Action state machine: states that each own a node
// (a blend tree, or a nested StateMachineNode for hierarchical states),
// transitions that fire on conditions over parameters and cross-fade from
// one state's output to the next.
//
// Semantics, in the order they apply each Update:
//  - A machine that has just been entered (first update, or its parent
//    state was entered) enters its default state. Entering a state whose
//    node is a machine enters that machine's default state: a transition
//    into a parent state enters its default child (a hierarchical state
//    machine: the child machine holds no state of its own between visits).
//  - Transitions are checked only when no fade runs, or when the running
//    transition's interrupt rule allows it: kSource lets transitions out of
//    the state being left interrupt, kDestination transitions out of the
//    state being entered. Any-state transitions are checked first, then the
//    state's own, each list in declaration order; the first that holds wins.
//  - A transition holds when every condition holds and, if it has an exit
//    window, the source state's normalised time lies within it. Triggers it
//    tested are consumed when it fires.
//  - A fade blends the source's live output into the destination with the
//    transition's ease curve. A frozen transition or an
//    interrupting one fades from the pose on screen when it fired instead.
//    An inertial transition shows only the destination at once, with the
//    offset from the pose on screen decaying over the duration
//    (shown_pose_history.h); it is not a fade, so any transition may fire
//    during it, and it starts from the pose on screen too.
//  - Events: kStateEnter when a transition (or the machine's entry) starts
//    a state, kStateExit when the state it leaves stops contributing: at the
//    end of its fade-out, or at once when the fade starts from a snapshot.
#pragma once

#include <string>
#include <vector>

#include "anim/control/fade.h"
#include "anim/core/ease_curve.h"
#include "anim/graph/node.h"
#include "anim/graph/node_fade.h"

namespace anim {

enum class CompareOp {
  kGreater,
  kLess,
  kGreaterEqual,
  kLessEqual,
  kEqual,
  kNotEqual,
  kIsTrue,
  kIsFalse,
  kTriggered
};
const char* CompareOpName(CompareOp op);

struct Condition {
  int param = -1;
  CompareOp op = CompareOp::kIsTrue;
  float value = 0.0f;
  bool Holds(const ParameterSet& params) const;
};

enum class InterruptRule { kNone, kSource, kDestination };
const char* InterruptRuleName(InterruptRule rule);

struct Transition {
  static constexpr int kAnyState = -1;
  int from = kAnyState;
  int to = 0;
  std::vector<Condition> conditions;  // all must hold; none: always
  float duration = 0.2f;              // seconds; <= 0 switches at once
  EaseCurve ease = EaseCurve::SmoothStep();
  TransitionMode mode = TransitionMode::kSmooth;
  // Normalised time of the source in which the transition may fire; a
  // negative begin means "any time". [1, 1] fires when a clamped clip ends.
  float exit_begin = -1.0f;
  float exit_end = 1.0f;
  InterruptRule interrupt = InterruptRule::kNone;
  // The destination starts at this normalised time, or at the source's
  // current one with match_phase (walk to run keeps the feet in step).
  float start_phase = 0.0f;
  bool match_phase = false;
  bool allow_self = false;  // an any-state transition may re-enter the active state
};

struct State {
  std::string name;
  Node* node = nullptr;
};

// What each character's machine remembers.
struct StateMachineState {
  bool entered = false;
  int active = -1;
  int transition = -1;  // the transition fading, or -1
  float time_in_state = 0.0f;
  NodeFade fade;  // its source is a state index; a snapshot kept when a transition can ask
  // Each state's share of the snapshot a fade starts from (StateShare).
  std::vector<float> snapshot_shares;
};

class StateMachineNode : public NodeWithState<StateMachineState> {
 public:
  // The constructor does not validate: the definition's Validate() (and
  // the description loader) report bad indices before anything runs.
  StateMachineNode(std::string name, const Skeleton& skeleton, std::vector<State> states,
                   std::vector<Transition> transitions, int default_state = 0);
  const char* Kind() const override { return "state_machine"; }

  // Empty when the states and transitions are consistent, else the problem.
  std::string Validate(const ParameterSet& params) const;
  void Validate(GraphCheck& check) const override;

  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override;
  float PhaseIn(const GraphContext& ctx) const override;
  bool IsCompleteIn(const GraphContext& ctx) const override;
  int ChildCount() const override { return static_cast<int>(states_.size()); }
  Node* Child(int i) const override { return states_[i].node; }
  int ScratchDepth() const override;

  int StateCount() const { return static_cast<int>(states_.size()); }
  const State& StateAt(int i) const { return states_[i]; }
  int DefaultState() const { return default_state_; }
  const std::vector<Transition>& Transitions() const { return transitions_; }

  // A character's machine, read through its context (its GraphInstance's
  // Context(), or an AnimationGraph's Context()). The active state is the
  // destination while fading.
  int ActiveState(const GraphContext& ctx) const { return StateIn(ctx).active; }
  int SourceState(const GraphContext& ctx) const;  // -1 when none or frozen
  bool Fading(const GraphContext& ctx) const;
  int ActiveTransition(const GraphContext& ctx) const;      // -1 when not fading
  float TransitionProgress(const GraphContext& ctx) const;  // eased weight of the destination
  float TimeInState(const GraphContext& ctx) const;
  bool Inertializing(const GraphContext& ctx) const;
  // How much of the machine's pose is state `state`'s own: 1 for the active
  // state when no fade runs; while fading, the destination's eased weight
  // plus the rest times the source's share (1 for a live source state, and
  // a snapshot's shares as they were when it was taken), so a restart
  // (Punch into Punch) keeps Punch at 1 and an interrupted fade hands on
  // what each state still shows. A layer weighted by a state's share (07's
  // punch) follows the pose exactly.
  float StateShare(const GraphContext& ctx, int state) const;

 protected:
  void InitState(StateMachineState& s) const override;
  std::size_t HeapBytes(const StateMachineState& s) const override {
    return s.fade.shown.HeapBytes() + s.snapshot_shares.capacity() * sizeof(float);
  }

 private:
  bool MayInterrupt(const StateMachineState& s, int from_state) const;
  int FindTransition(const StateMachineState& s, const GraphContext& ctx) const;
  bool TransitionHolds(const StateMachineState& s, const Transition& t,
                       const GraphContext& ctx) const;
  void Start(int index, GraphContext& ctx) const;  // index into transitions_
  float Share(const StateMachineState& s, float progress, int state) const;
  void PushEvent(GraphContext& ctx, EventKind kind, int state, float weight) const;

  const Skeleton* skeleton_;
  std::vector<State> states_;
  std::vector<Transition> transitions_;
  int default_state_;
  // What the transitions can ask of the shown poses (ShownPoseHistory).
  bool keeps_shown_ = false;
  bool keeps_velocity_ = false;
};

}  // namespace anim
