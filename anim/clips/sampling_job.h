// Sampling a raw clip as a job (after ozz-animation's SamplingJob): the
// clip with its playback's cursor into a SoaPose. Plain fields in;
// Validate() names the first field that does not fit; Run() writes nothing
// unless Validate() passes. Channels the clip does not animate keep what the
// output holds (start it from the rest pose). Playback::Advance into a
// SoaPose is this job with the playback's clock.
#pragma once

#include <string>
#include <string_view>

#include "anim/clips/clip.h"
#include "anim/core/soa_pose.h"

namespace anim {

// Clip::Sample into a SoaPose: the clip at `time` wrapped by `mode`
// (Clip::WrapTime gives the wrapped time the playback stores).
struct SamplingJob {
  const Clip* clip = nullptr;
  float time = 0.0f;
  LoopMode mode = LoopMode::kLoop;
  // Optional: the playback's cursor (Playback::cursor or Clip::MakeCursor()),
  // made for this clip.
  ClipCursor* cursor = nullptr;
  SoaPose* output = nullptr;  // holds every joint the clip animates

  std::string Validate() const;
  bool Run() const;
};

// Whether every joint `clip` animates is one of `joint_count` joints: the
// check SamplingJob, Playback::Advance and the graph's ClipNode make.
// A clip without joint tracks (morph weights or material values alone)
// fits any pose.
inline bool ClipFitsJoints(const Clip& clip, int joint_count) {
  return clip.Tracks().empty() || (clip.LowestJoint() >= 0 && clip.HighestJoint() < joint_count);
}

// Why it does not: "'<clip name>' animates joint <j>, <holder> has
// <joint_count> joints" (the lowest joint when it is negative, else the
// highest).
std::string ClipJointsMismatch(const Clip& clip, int joint_count, std::string_view holder);

}  // namespace anim
