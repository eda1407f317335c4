// Panel pieces shared by the samples that run an anim::AnimationGraph: a
// state machine drawn as a row of states with its transitions, and a log of
// the events the graph fired.
#pragma once

#include <deque>
#include <span>
#include <string>

#include "anim/clips/clip_events.h"
#include "anim/graph/state_machine.h"

namespace samples {

// The states as boxes in a row, transitions as arrows between them; the
// active state is filled, the state fading out is dimmer, and a running
// transition shows its eased progress as a dot along its arrow. `ctx` is
// the character whose machine is drawn (AnimationGraph::Context()).
void DrawStateMachine(const anim::StateMachineNode& sm, const anim::GraphContext& ctx,
                      const char* label);

class EventLog {
 public:
  explicit EventLog(int lines = 14) : lines_(lines) {}
  void Clear() { log_.clear(); }
  // Adds this frame's events. Loops are skipped (one per cycle is noise).
  // Synchronised blend inputs (a walk and a run sharing one phase) cross
  // the same footstep on the same frame: of key events with one name in
  // one frame only the heaviest input's is logged, one line per step.
  void Add(double time, std::span<const anim::FiredEvent> events);
  int Size() const { return static_cast<int>(log_.size()); }
  const std::string& Line(int newest_first) const { return log_[newest_first]; }
  void Draw() const;

 private:
  int lines_;
  std::deque<std::string> log_;
};

}  // namespace samples
