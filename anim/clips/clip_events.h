// Events fired while clips play: the text keys authored on a clip (named
// markers on its timeline, e.g. a footstep sound when a foot lands) and the
// playback notifications an animation system sends (Gamebryo's actor manager
// calls them activation, deactivation and end of sequence): a state was
// entered or left, a cycle reached its last frame (kLoop) and a non-looping
// clip finished (kComplete).
//
// The per-frame path writes into an EventBuffer the caller owns and clears
// each frame; nothing is allocated after the buffer is built.
//
// When does a key fire? Exactly once each time playback time crosses it:
// a step from time `from` by `delta` covers the half-open interval
// (from, from + delta] going forward and [from + delta, from) going
// backward, so a key that a step lands on fires in that step and not again
// in the next, whose interval starts there. Wraps are unrolled: a loop step
// longer than the clip fires every key once per cycle covered.
//
// The start of a playback: the first step's interval excludes the start
// time, so a key exactly at the time a playback starts (say footstep_left
// at 0) would only fire one cycle later. Call CollectEventsAt() when a
// playback starts (Playback::Start) to fire those keys on the first frame;
// a looping key at the start time then fires again on every wrap, which
// lands on it.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "anim/clips/clip.h"

namespace anim {

enum class EventKind {
  kKey,         // a ClipEvent crossed; name is the event's name
  kStateEnter,  // a state machine entered a state (an activation); name is the state's
  kStateExit,   // ... and left it (deactivation)
  kLoop,        // a cycle reached its last frame and wrapped (an end of sequence);
                // ping-pong reports each turn, at the end and back at the start
  kComplete,    // a clamped clip reached the end it plays towards;
                // name is the clip's name
};

const char* EventKindName(EventKind kind);

struct FiredEvent {
  EventKind kind = EventKind::kKey;
  // Views the clip's event name, the clip's name or a state's name: they
  // outlive the buffer's use within a frame (the clip and state machine are
  // not modified while events are read).
  std::string_view name;
  const Clip* clip = nullptr;  // nullptr for state events without a clip
  float time = 0.0f;           // clip time of the key or boundary
  float weight = 1.0f;         // the blend weight of the clip that fired it
};

// A fixed-capacity list of the events fired in one frame. Push() never
// allocates: when full, the event is counted in Dropped() instead.
class EventBuffer {
 public:
  explicit EventBuffer(int capacity = 256);

  void Clear();                        // empties the list and the dropped count; keeps the storage
  bool Push(const FiredEvent& event);  // false (and counted) when full
  std::span<const FiredEvent> Events() const { return events_; }
  int Capacity() const { return capacity_; }
  int Dropped() const { return dropped_; }
  // For producers that know how many events they could not push.
  void AddDropped(int count) { dropped_ += count; }

 private:
  std::vector<FiredEvent> events_;
  int capacity_ = 0;
  int dropped_ = 0;
};

// Fires every key of `clip` crossed by one playback step, in the order they
// are crossed, with kLoop at each wrap (or ping-pong turn) and kComplete when
// a clamped clip reaches its end (the end time going forward, the start time
// going backward; once: a step starting there crosses nothing).
//   from_time: the wrapped time the playback held before the step
//              (Playback::time, see Clip::WrapTime).
//   delta:     dt * rate, signed; zero or non-finite fires nothing.
// The step ends where Playback::Advance puts it (the wrapped time rounded to
// float), so the next step, which starts from that stored time, neither
// repeats nor skips a key that lies on the boundary. Ping-pong fires each
// key on both passes (a key at the start or the end once per turn). A clip
// of zero duration fires nothing.
void CollectCrossedEvents(const Clip& clip, LoopMode mode, float from_time, double delta,
                          float weight, EventBuffer& out);

// Fires the keys lying exactly at `time` (a clip time, e.g. StartTime()):
// called when a playback starts there, see the comment at the top.
void CollectEventsAt(const Clip& clip, float time, float weight, EventBuffer& out);

}  // namespace anim
