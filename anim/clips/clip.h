// Clip: a named animation, one transform track set per animated joint.
// Sampling writes the animated channels of each joint into a pose; joints and
// channels without a track keep what the pose held (callers start from the
// rest pose, so those joints show their rest transform).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "anim/clips/clock.h"
#include "anim/clips/morph_weights.h"
#include "anim/clips/soa_clip.h"
#include "anim/clips/track.h"
#include "anim/core/soa_pose.h"

namespace anim {

// A named text key on a clip's timeline (also called an event trigger):
// "footstep_left" at the frame the left foot lands. Time is in the
// clip's own seconds. anim/clips/clip_events.h says when playback fires them.
struct ClipEvent {
  float time = 0.0f;
  std::string name;
};

struct JointTracks {
  int joint = -1;
  VectorTrack translation;  // empty: not animated
  QuaternionTrack rotation;
  VectorTrack scale;
};

// Cursors for every track of a clip, owned by one playback.
struct ClipCursor {
  std::vector<TrackCursor> keys;  // 3 per JointTracks entry: T, R, S
  // The one cursor of a clip whose tracks share their key times. Kept here
  // rather than in `keys` so a crowd of playbacks finds it beside the
  // playback's time: behind the vector's pointer it would cost a cache miss
  // per playback per frame.
  TrackCursor shared;

  // What `keys` allocated (for memory reports).
  std::size_t HeapBytes() const { return keys.capacity() * sizeof(TrackCursor); }
};

class Clip {
 public:
  Clip() = default;
  // Start and end are taken from the tracks (earliest first key, latest last key).
  Clip(std::string name, std::vector<JointTracks> tracks);

  const std::string& Name() const { return name_; }
  void SetName(std::string name) { name_ = std::move(name); }
  float StartTime() const { return start_; }
  float EndTime() const { return end_; }
  float Duration() const { return end_ - start_; }
  // Begins the clip's span at `time` when that is earlier than its first
  // key, holding the first keys until they come (a later time changes
  // nothing). glTF clips run on the file's timeline from 0: three.js,
  // Blender and the Khronos Sample Viewer play a clip whose first key is
  // at 0.5 s from 0, and loop it every EndTime() seconds.
  void StartTimelineAt(float time) {
    if (time < start_) start_ = time;
  }
  // The clip time at `phase` (0 at the start, 1 at the end), the one place
  // phases become times: StartTime() + phase * Duration().
  float TimeAtPhase(float phase) const { return start_ + phase * (end_ - start_); }
  std::span<const JointTracks> Tracks() const { return tracks_; }
  // The lowest and highest joint its tracks animate (-1 and -1 without
  // tracks): a pose sampled from it needs more than HighestJoint() joints
  // (SamplingJob checks that without walking the tracks).
  int LowestJoint() const { return lowest_joint_; }
  int HighestJoint() const { return highest_joint_; }

  // The bytes of its key data: every track's key times and values.
  std::size_t KeyBytes() const;
  // The bytes of its structure-of-arrays copy of the LINEAR channels (0
  // without one).
  std::size_t SoaKeyBytes() const { return soa_keys_.Empty() ? 0 : soa_keys_.ByteSize(); }

  // Morph-target weight tracks (anim/clips/morph_weights.h), sampled at the same
  // clip time as the joints by SampleMorphWeights. Setting them extends the
  // clip's start and end to their keys (a morph-only clip has no joints).
  // KeyBytes() counts the joints' tracks only.
  void SetMorphWeights(std::vector<MorphWeightTracks> tracks);
  std::span<const MorphWeightTracks> MorphWeights() const { return morph_weights_; }

  // Text keys, kept sorted by time (stable: equal times keep their order).
  // Defined in clip_events.cpp.
  void SetEvents(std::vector<ClipEvent> events);
  std::span<const ClipEvent> Events() const { return events_; }
  // Ground speed in m/s for locomotion cycles (the glTF animation's
  // extras.speed); 0 when not given. Root motion synthesises a straight-line
  // motion from it for treadmill clips (anim/clips/root_motion.h).
  void SetSpeed(float speed) { speed_ = speed; }
  float Speed() const { return speed_; }

  // Maps any time (negative, or many cycles past the end) into the clip.
  // kLoop: into [start, end); kClamp: into [start, end]; kPingPong: into
  // [start, start + 2 * duration), the second half being the backward pass.
  // This "wrapped time" is what playback stores, so it never grows without bound.
  // The clip's clock (anim/clips/clock.h) in float: WrapClockTime over the clip's range.
  float WrapTime(float time, LoopMode mode) const;

  // The clip-local time that a wrapped (or any) time is sampled at: equal to
  // WrapTime except that the backward half of ping-pong is reflected.
  float SampleTime(float time, LoopMode mode) const;

  // Samples the clip at `time` into `pose` and returns WrapTime(time, mode);
  // the clip's morph-weight tracks are sampled into the pose's morph weights
  // too. The pose must belong to the skeleton the clip was made for (joints
  // past its count are skipped). A cursor made by MakeCursor() speeds up the
  // key search; it is optional.
  float Sample(SoaPose& pose, float time, LoopMode mode = LoopMode::kLoop,
               ClipCursor* cursor = nullptr) const;

  ClipCursor MakeCursor() const;
  // Makes `cursor` this clip's, at its start, reusing its memory: nothing is
  // allocated when it has room for this clip's tracks (3 per JointTracks
  // entry).
  void ResetCursor(ClipCursor& cursor) const;

 private:
  void BuildSoaKeys();

  std::string name_;
  std::vector<JointTracks> tracks_;
  // The key times every track shares, when they all share one array (glTF
  // exporters usually write one input accessor per clip): Sample then finds
  // the key interval once for the whole clip instead of once per track.
  // Empty when the tracks' times differ.
  std::vector<float> shared_times_;
  // The LINEAR channels as structure of arrays, so sampling is a vectorised
  // loop over joints (soa_clip.h), at SoaTimes(): the shared times, or when
  // the channels keep their own keys, merged_times_, every time one of them
  // has a key (empty otherwise: the shared times are not copied). Built here
  // once, unless the table would outweigh the tracks themselves many times
  // over (a few animated joints in a large skeleton).
  std::vector<float> merged_times_;
  SoaClipKeys soa_keys_;
  std::span<const float> SoaTimes() const {
    return shared_times_.empty() ? merged_times_ : shared_times_;
  }
  float start_ = 0.0f;
  float end_ = 0.0f;
  int lowest_joint_ = -1;
  int highest_joint_ = -1;
  std::vector<ClipEvent> events_;
  std::vector<MorphWeightTracks> morph_weights_;
  float speed_ = 0.0f;
};

// The playing clip, Playback, is anim/compression/playback.h (it plays a
// clip's raw or compressed form).

}  // namespace anim
