#include "anim/clips/clip_events.h"

#include <algorithm>
#include <cmath>

namespace anim {

// Clip's member, defined here so that clip.cpp stays about sampling.
void Clip::SetEvents(std::vector<ClipEvent> events) {
  std::stable_sort(events.begin(), events.end(),
                   [](const ClipEvent& a, const ClipEvent& b) { return a.time < b.time; });
  events_ = std::move(events);
}

const char* EventKindName(EventKind kind) {
  switch (kind) {
    case EventKind::kKey: return "key";
    case EventKind::kStateEnter: return "state enter";
    case EventKind::kStateExit: return "state exit";
    case EventKind::kLoop: return "loop";
    case EventKind::kComplete: return "complete";
  }
  return "?";
}

EventBuffer::EventBuffer(int capacity) : capacity_(std::max(0, capacity)) {
  events_.reserve(static_cast<std::size_t>(capacity_));
}

void EventBuffer::Clear() {
  events_.clear();  // keeps the capacity: no allocation on the next Push
  dropped_ = 0;
}

bool EventBuffer::Push(const FiredEvent& event) {
  if (static_cast<int>(events_.size()) >= capacity_) {
    ++dropped_;
    return false;
  }
  events_.push_back(event);
  return true;
}

namespace {

// The marks one period of a looping or ping-pong playback crosses, in the
// order a forward step meets them, at positions relative to the clip start:
//   loop:      each key at its time, then the wrap at P = duration;
//   ping-pong: each key going up, the turn at the end (duration), each key
//              again coming down at 2 * duration - time (keys at the start
//              or the end are met once per turn, on the way up), then the
//              turn back at the start (P = 2 * duration).
// Keys outside [start, end] are never met.
class PeriodMarks {
 public:
  PeriodMarks(const Clip& clip, LoopMode mode)
      : clip_(clip),
        events_(clip.Events()),
        duration_(clip.Duration()),
        ping_pong_(mode == LoopMode::kPingPong) {}

  double Period() const { return ping_pong_ ? 2.0 * duration_ : duration_; }
  int Count() const {
    const int n = static_cast<int>(events_.size());
    return ping_pong_ ? 2 * n + 2 : n + 1;
  }

  // False when mark i is not met (a key outside the clip, or a key at the
  // start or end on the way down).
  bool At(int i, double* position, FiredEvent* event) const {
    const int n = static_cast<int>(events_.size());
    if (i == n || i == 2 * n + 1) {
      // A wrap (loop) or a turn (ping-pong): the end of a pass.
      const bool at_end = i == n;
      *position = at_end ? duration_ : 2.0 * duration_;
      event->kind = EventKind::kLoop;
      event->name = clip_.Name();
      event->time = at_end || !ping_pong_ ? clip_.EndTime() : clip_.StartTime();
      return true;
    }
    const bool down = i > n;
    const ClipEvent& key = events_[down ? 2 * n - i : i];
    const double t = static_cast<double>(key.time) - clip_.StartTime();
    if (t < 0.0 || t > duration_) return false;
    if (down && (t <= 0.0 || t >= duration_)) return false;
    *position = down ? 2.0 * duration_ - t : t;
    event->kind = EventKind::kKey;
    event->name = key.name;
    event->time = key.time;
    return true;
  }

 private:
  const Clip& clip_;
  std::span<const ClipEvent> events_;
  double duration_;
  bool ping_pong_;
};

// Where Playback::Advance leaves a step that ends at `to` (relative to the
// clip start, unwrapped): it stores the wrapped time rounded to float. The
// end is moved onto that stored value, in the same period, so this step's
// interval ends exactly where the next step's begins.
double StoredEnd(const Clip& clip, LoopMode mode, double to, double period) {
  const double start = clip.StartTime();
  const auto [cycle, r] = SplitCycles(to, period);
  const double stored =
      static_cast<double>(clip.WrapTime(static_cast<float>(start + r), mode)) - start;
  // Rounding up to the period wraps the stored time to 0 of the next cycle.
  const double next_cycle = stored < r - 0.5 * period ? cycle + 1.0 : cycle;
  return next_cycle * period + stored;
}

// How many times the marks are crossed in (lo, hi] (forward) or [lo, hi)
// (backward): used only for counting what a full buffer drops.
long long CountCrossings(const PeriodMarks& marks, double lo, double hi, bool forward) {
  const double period = marks.Period();
  long long total = 0;
  FiredEvent unused;
  for (int i = 0; i < marks.Count(); ++i) {
    double position;
    if (!marks.At(i, &position, &unused)) continue;
    if (forward) {
      total += static_cast<long long>(std::floor((hi - position) / period) -
                                      std::floor((lo - position) / period));
    } else {
      total += static_cast<long long>(std::ceil((hi - position) / period) -
                                      std::ceil((lo - position) / period));
    }
  }
  return total;
}

void CollectCyclic(const Clip& clip, LoopMode mode, double from, double delta, float weight,
                   EventBuffer& out) {
  const PeriodMarks marks(clip, mode);
  const double period = marks.Period();
  const double to = StoredEnd(clip, mode, from + delta, period);
  const bool forward = delta > 0.0;
  const double lo = forward ? from : to, hi = forward ? to : from;
  // A cycle's marks lie in [c * P, (c + 1) * P]: one whose end mark sits
  // exactly at `to` (backward) or `from` (forward) starts a cycle earlier
  // than floor() says, so one more cycle is visited on that side.
  const int first_cycle = static_cast<int>(std::floor(from / period)) - (forward ? 1 : 0);
  const int last_cycle_clamped = static_cast<int>(
      std::clamp(std::floor(to / period) - (forward ? 0.0 : 1.0),
                 static_cast<double>(first_cycle) - 1e9, static_cast<double>(first_cycle) + 1e9));
  long long pushed = 0;
  FiredEvent event;
  event.clip = &clip;
  event.weight = weight;
  const int step = forward ? 1 : -1;
  for (int cycle = first_cycle;; cycle += step) {
    for (int k = 0; k < marks.Count(); ++k) {
      const int i = forward ? k : marks.Count() - 1 - k;
      double position;
      if (!marks.At(i, &position, &event)) continue;
      position += cycle * period;
      // Forward: (from, to]; backward: [to, from).
      const bool inside =
          forward ? (position > lo && position <= hi) : (position >= lo && position < hi);
      if (!inside) continue;
      if (!out.Push(event)) {
        // Full: count the rest of the step instead of walking it (a huge
        // step over a short clip would cross millions of marks).
        out.AddDropped(static_cast<int>(
            std::min<long long>(CountCrossings(marks, lo, hi, forward) - pushed - 1, 1 << 30)));
        return;
      }
      ++pushed;
    }
    if (cycle == last_cycle_clamped) break;
  }
}

void CollectClamped(const Clip& clip, double from, double delta, float weight, EventBuffer& out) {
  const double duration = clip.Duration();
  const double start = clip.StartTime();
  from = std::clamp(from, 0.0, duration);
  double to = std::clamp(from + delta, 0.0, duration);
  to = static_cast<double>(static_cast<float>(start + to)) - start;
  const std::span<const ClipEvent> keys = clip.Events();
  FiredEvent event;
  event.clip = &clip;
  event.weight = weight;
  event.kind = EventKind::kKey;
  const int n = static_cast<int>(keys.size());
  const bool forward = delta > 0.0;
  for (int k = 0; k < n; ++k) {
    const ClipEvent& key = keys[forward ? k : n - 1 - k];
    const double t = static_cast<double>(key.time) - start;
    const bool inside = forward ? (t > from && t <= to) : (t >= to && t < from);
    if (!inside) continue;
    event.name = key.name;
    event.time = key.time;
    out.Push(event);
  }
  const bool reached_end =
      forward ? (from < duration && to >= duration) : (from > 0.0 && to <= 0.0);
  if (reached_end) {
    event.kind = EventKind::kComplete;
    event.name = clip.Name();
    event.time = forward ? clip.EndTime() : clip.StartTime();
    out.Push(event);
  }
}

}  // namespace

void CollectCrossedEvents(const Clip& clip, LoopMode mode, float from_time, double delta,
                          float weight, EventBuffer& out) {
  if (!(clip.Duration() > 0.0f) || !std::isfinite(delta) || delta == 0.0 ||
      !std::isfinite(from_time)) {
    return;
  }
  // Relative to the clip start, in the wrapped range of the mode.
  const double from = static_cast<double>(clip.WrapTime(from_time, mode)) - clip.StartTime();
  if (mode == LoopMode::kClamp) {
    CollectClamped(clip, from, delta, weight, out);
  } else {
    CollectCyclic(clip, mode, from, delta, weight, out);
  }
}

void CollectEventsAt(const Clip& clip, float time, float weight, EventBuffer& out) {
  FiredEvent event;
  event.kind = EventKind::kKey;
  event.clip = &clip;
  event.weight = weight;
  for (const ClipEvent& key : clip.Events()) {
    if (key.time != time) continue;
    event.name = key.name;
    event.time = key.time;
    out.Push(event);
  }
}

}  // namespace anim
