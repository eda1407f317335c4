// Playback: the runtime's one playing clip, over either form of a clip: a
// raw Clip (anim/clips/clip.h), or a CompressedClip (compressed_clip.h)
// with the raw clip it was built from. Crowd characters, the graph's clip
// nodes, the controllers of anim/control/,
// the viewer's character, the samples and the benchmarks all play clips
// through it; it lives in the compression layer because it knows both forms.
//
// A playback is a clock (ClipClock, anim/clips/clock.h: the time, its mode
// and its rate), the raw clip's key cursor, and when the clip is compressed
// the character's own sampling context (its decoded keys), bound to the
// compressed clip and reading the decodings shared per clip when given.
// Advance moves the clock and samples whichever form the playback has: one
// branch per playback per frame, no virtual call.
//
// With a compressed form, the pose is sampled from it (within the
// builder's tolerance of the raw clip); the raw clip, when given, still
// supplies everything else: the morph-target weights sampled with the
// joints, and for the caller the events and root motion over the step that
// Advance reports. The clock runs on the sampled form's start and
// duration (a compressed clip spans its raw clip's times).
//
// Ownership: the playback owns its cursor and context; the clips and the
// shared decodings are the caller's and must outlive it.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <string>

#include "anim/clips/clip.h"
#include "anim/clips/clock.h"
#include "anim/clips/morph_weights.h"
#include "anim/compression/compressed_clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/soa_pose.h"

namespace anim {

// What is played: a raw clip, or a compressed clip (with the decodings its
// players share, null: each context keeps its own) and the raw clip it was
// built from (null: no morph weights, events or root motion from it).
// Implicit from a raw clip pointer, so an API that takes a ClipRef takes a
// `const Clip*` as before.
struct ClipRef {
  const Clip* clip = nullptr;
  const CompressedClip* compressed = nullptr;
  const CompressedClipDecodings* decodings = nullptr;

  ClipRef() = default;
  ClipRef(const Clip* raw) : clip(raw) {}  // NOLINT(google-explicit-constructor)
  ClipRef(const Clip* raw, const CompressedClip* form,
          const CompressedClipDecodings* shared = nullptr)
      : clip(raw), compressed(form), decodings(shared) {}
  ClipRef(const Clip* raw, const CompressedClipRef& form)
      : clip(raw), compressed(form.clip), decodings(form.decodings) {}

  // Whether there is anything to play.
  bool Plays() const { return clip != nullptr || compressed != nullptr; }
  bool IsCompressed() const { return compressed != nullptr; }
  // The span of the form that is sampled (0 and 0 without a clip).
  float StartTime() const {
    return compressed != nullptr ? compressed->StartTime()
           : clip != nullptr     ? clip->StartTime()
                                 : 0.0f;
  }
  float Duration() const {
    return compressed != nullptr ? compressed->Duration()
           : clip != nullptr     ? clip->Duration()
                                 : 0.0f;
  }
  // The clip time at `phase` (0 at the start, 1 at the end) of the span above.
  float TimeAtPhase(float phase) const { return StartTime() + phase * Duration(); }
  friend bool operator==(const ClipRef&, const ClipRef&) = default;
  // The raw clip's morph-weight tracks (none without one).
  std::span<const MorphWeightTracks> MorphWeights() const {
    return clip != nullptr ? clip->MorphWeights() : std::span<const MorphWeightTracks>{};
  }
  // The form sampled, as an identity (the crowd resets a pose to rest when
  // a different clip is sampled into it).
  const void* Sampled() const {
    return compressed != nullptr ? static_cast<const void*>(compressed)
                                 : static_cast<const void*>(clip);
  }
};

// Samples `source` at the wrapped time `time` (ClipClock::Time, or
// Playback::time) into `pose`, with the morph-weight tracks of its raw
// clip: the raw clip with `cursor` (Clip::Sample), or the compressed form
// at `sample_time` (where that wrapped time is sampled, ClipClock::
// SampleTime) with `context`, which must be bound to it. Channels the clip
// does not animate keep what the pose holds. False, writing nothing, when
// the compressed sampling job does not validate (the raw clip is not
// checked here: see SamplingJob). The one place a playing clip is sampled.
bool SampleClipRef(const ClipRef& source, float time, float sample_time, LoopMode mode,
                   ClipCursor& cursor, CompressedClipContext& context, SoaPose& pose);

// One playing clip: time, rate and loop mode, over either form (above).
// Advance() moves time by dt * rate (rate may be negative or zero) on the
// clip's ClipClock and keeps it wrapped.
struct Playback {
  // The raw clip: sampled when `compressed` is null, else the clip the
  // compressed form was built from (morph weights; events and root motion
  // are the caller's), or null.
  const Clip* clip = nullptr;
  // The compressed form, sampled instead of `clip` when set.
  const CompressedClip* compressed = nullptr;
  float time = 0.0f;  // wrapped, see Clip::WrapTime
  float rate = 1.0f;
  LoopMode mode = LoopMode::kLoop;
  ClipCursor cursor;  // the raw clip's key search (unused when compressed)
  // The clock that last moved `time` (Advance, Step, SetTime, SetPhase):
  // its exact time in double and the direction of its last step (a clamped
  // clip played backwards is complete at its start). Adding a float dt to a
  // float time rounds every frame, and at 60 Hz those roundings add up to
  // milliseconds of drift per hour, so the clock runs in double and only
  // `time` is rounded. Kept as a member, not rebuilt each step: the next
  // step moves it in place. It is trusted only while `time` is still what
  // it wrote (`clock_time`) and `mode` is still its mode; code that sets
  // either directly restarts it from them (Clock()). The clip and its
  // compressed form change through Start.
  ClipClock clock;
  float clock_time = std::numeric_limits<float>::quiet_NaN();
  // The compressed form's decoded keys, bound to it by Start (kept, unused,
  // while a raw clip plays: its arrays serve the next compressed clip).
  CompressedClipContext context;

  // What it plays.
  ClipRef Source() const {
    return {clip, compressed, compressed != nullptr ? context.SharedDecodings() : nullptr};
  }
  bool Plays() const { return clip != nullptr || compressed != nullptr; }

  // What one playing character keeps for this clip: the playback, its
  // cursors and its context's arrays (for memory reports).
  std::size_t ByteSize() const {
    return sizeof(*this) + cursor.HeapBytes() + context.ByteSize() - sizeof(context);
  }

  // Plays `source` from its start in mode `m` at rate `r`. A compressed
  // form binds the context to it (allocating only when it has more tracks
  // than any this playback was bound to before); a raw clip sizes the cursor
  // (allocating only when it has more tracks than before). Returns "" or the
  // context's Bind problem (decodings of another compressed clip): the clip
  // is then set but the context left unbound, so Advance refuses it.
  std::string Start(const ClipRef& source, LoopMode m = LoopMode::kLoop, float r = 1.0f);
  // Puts the clock at `t` (clip seconds, wrapped by the mode).
  void SetTime(double t);
  // Puts the clock at `phase` of the span (ClipClock::SetPhase: clamped to
  // [0, 1], not wrapped, so a loop at phase 1 sits on its end).
  void SetPhase(float phase);
  // Switches the loop mode, keeping the time wrapped by the new one.
  void SetMode(LoopMode m);
  // Where the playing form is sampled at `time`: in [start, end] (the raw
  // clip reflects its float time, Clip::SampleTime; the compressed form is
  // sampled at the clock's double time, ClipClock::SampleTime).
  float SampleTime() const;

  // Advances the clock only (time and wrap, no sampling). With no clip, or
  // a non-finite dt or rate, nothing changes and it returns false. `step`
  // (optional) gets what the clock covered (ClockStep, clock.h: the
  // interval for the raw clip's events and root motion), left as it was on
  // a refusal.
  bool Step(float dt, ClockStep* step = nullptr);
  // Step, then samples the playing form into pose at the new time
  // (SampleClipRef). False, changing nothing (`step` included), when Step
  // refuses or the sampling job does not validate: a raw clip that animates
  // a joint the pose does not have or a cursor of another clip
  // (SamplingJob), a compressed clip of another joint count or a context
  // not bound to it (CompressedSamplingJob). Allocates nothing.
  bool Advance(float dt, SoaPose& pose, ClockStep* step = nullptr);
  // The phase of the sampled frame in [0, 1]: Clock().Phase().
  float NormalizedTime() const;
  // kClamp only: the end the last step played towards has been reached
  // (Clock().IsComplete()).
  bool IsComplete() const;
  // The clock over the playing form's span and this playback's mode, at its
  // exact time (a clock over nothing without a clip): `clock` while it is
  // current, else one rebuilt from `time` and `mode`.
  ClipClock Clock() const;
  // Whether `clock` still describes `time` and `mode` (see `clock`).
  bool ClockIsCurrent() const { return time == clock_time && mode == clock.Mode(); }
};

}  // namespace anim
