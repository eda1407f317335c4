// CompressedPlayback: one playing compressed clip (compression/
// compressed_clip.h), the compressed counterpart of Playback (clip.h) for
// CrowdAnimator's characters, the viewer's character and sample 15: a clock
// over the clip's start and duration (ClipClock, the loop modes as
// Playback's), a rate, and the character's own sampling context.
//
// Ownership: the playback owns its context (each character keeps its own
// decoded keys). The clip and the decodings the context is bound to (one
// CompressedClipDecodings per clip, shared by every character of a crowd)
// are the caller's: the clip must outlive the decodings, and both the
// playback.
//
// What Advance validates (through CompressedSamplingJob, the public
// sampling API; a refusal leaves the clock where it was): a clip is set,
// the pose has the clip's joint count, and the context is bound to this
// clip. A context bound to another clip is refused, not re-bound
// (re-binding allocates, and the context was set up for another clip).
#pragma once

#include <span>
#include <string>

#include "anim/clips/clock.h"
#include "anim/clips/morph_weights.h"
#include "anim/compression/compressed_clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/soa_pose.h"

namespace anim {

struct CompressedPlayback {
  const CompressedClip* clip = nullptr;
  float rate = 1.0f;
  ClipClock clock;  // over the clip's start and duration, in its mode
  CompressedClipContext context;
  // The morph-target weight tracks to sample with the joints (the raw
  // clip's, Clip::MorphWeights: a compressed clip holds the joints only);
  // empty: the pose's weights stay as they are. Set after Start.
  std::span<const MorphWeightTracks> morph_weights;

  // Plays `c` from its start in mode `m` at rate `r`, the context bound to
  // it and reading `shared` (made from `c`; nullptr: the context keeps its
  // own decodings). Allocates only when the clip has more tracks than any
  // this playback was bound to before. Returns "" or Bind's problem (shared
  // decodings of another clip): the clip is then set but the context left
  // unbound, so Advance refuses it.
  std::string Start(const CompressedClip* c, const CompressedClipDecodings* shared = nullptr,
                    LoopMode m = LoopMode::kLoop, float r = 1.0f);
  // Puts the clock at `time` (clip seconds, wrapped by the mode).
  void SetTime(double time) { clock.SetTime(time); }
  // Switches the loop mode, keeping the clock's time wrapped by the new one
  // (as a Playback whose mode changes wraps its time on its next step).
  void SetMode(LoopMode m);
  // Where the clip is sampled for the clock's time: in [start, end].
  float SampleTime() const { return static_cast<float>(clock.SampleTime()); }

  // Advances the clock by dt * rate (either may be negative or zero). With
  // no clip, or a dt or rate that is not finite, nothing changes and it
  // returns false. `step` (optional) gets what the clock covered, for the
  // events and root motion of the raw clip this one was built from
  // (clip_events.h, root_motion.h: from = step.from, delta = step.delta);
  // it is left as it was on a refusal.
  bool Step(float dt, ClockStep* step = nullptr);
  // Step, then samples the clip into `pose` at the new time (channels the
  // clip omits keep what the pose holds: start from the rest pose), and
  // `morph_weights` into its morph weights. False,
  // changing nothing (`step` included), when Step would refuse or the
  // sampling job does not validate (see above). Allocates nothing.
  bool Advance(float dt, SoaPose& pose, ClockStep* step = nullptr);
};

}  // namespace anim
