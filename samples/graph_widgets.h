// Panel pieces shared by the samples that run an anim::AnimationGraph: a
// state machine drawn as a row of states with its transitions, and a log of
// the events the graph fired.
#pragma once

#include <deque>
#include <span>
#include <string>

#include "anim/clip_events.h"
#include "anim/graph/state_machine.h"

namespace samples {

// The states as boxes in a row, transitions as arrows between them; the
// active state is filled, the state fading out is dimmer, and a running
// transition shows its eased progress as a dot along its arrow.
void DrawStateMachine(const anim::StateMachineNode& sm, const char* label);

class EventLog {
 public:
  explicit EventLog(int lines = 14) : lines_(lines) {}
  void Clear() { log_.clear(); }
  // Adds this frame's events (loops are skipped: one per cycle is noise).
  void Add(double time, std::span<const anim::FiredEvent> events);
  void Draw() const;

 private:
  int lines_;
  std::deque<std::string> log_;
};

}  // namespace samples
