// Building a motion-matching database (anim/matching/motion_database.h)
// from clips: each clip sampled at a fixed rate, and at each frame the
// features of anim/matching/motion_features.h measured on the pose with its
// root motion taken out (RootMotion::RemoveFromPose), so that positions are
// in the character's frame:
//   - the feet's positions: their model-space positions in that frame;
//   - the feet's and the hips' velocities: central differences over
//     kVelocityStep of their positions carried into the frame of the
//     middle time by the root motion between (a planted foot reads still
//     while the character walks past it);
//   - the trajectory: the root motion from the frame to each horizon.
// A clip that loops continues past its end (root motion unrolls the wrap);
// one that does not cannot be jumped to in its last second, the longest
// horizon, so its rows past that are left out of the search ranges.
// Offline: allocates.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/clips/root_motion.h"
#include "anim/core/skeleton.h"
#include "anim/matching/motion_database.h"

namespace anim {

// One clip of the database.
struct MotionClip {
  const Clip* clip = nullptr;
  // Its root motion (null: the character stays where it is).
  const RootMotion* motion = nullptr;
  // kLoop: it continues past its end; any other mode: it stops there.
  LoopMode mode = LoopMode::kLoop;
  // False: its rows are in the database (it may be playing) but never
  // jumped to (a clip tagged "exclude").
  bool searchable = true;
};

// The joints the features read.
struct MotionJoints {
  int left_foot = -1;
  int right_foot = -1;
  int hips = -1;
};

// The feet and hips of a skeleton by their names (anim/core/rig_naming.h),
// or nothing, with the missing parts named in *error.
std::optional<MotionJoints> FindMotionJoints(const Skeleton& skeleton, std::string* error);

// The unnormalised rows (kFeatureCount each), where each comes from, and the
// ranges that may be jumped to.
struct MotionRows {
  std::vector<float> raw;
  std::vector<MotionFrame> frames;  // clip: the index in the span given
  std::vector<SearchRange> ranges;
};

inline constexpr float kVelocityStep = 1.0f / 60.0f;  // seconds, each side

// Every clip sampled `frame_rate` times a second. False, with the reason in
// *error, on a joint outside the skeleton, a clip without duration, or a
// frame rate that is not positive.
bool ExtractMotionRows(const Skeleton& skeleton, std::span<const MotionClip> clips,
                       const MotionJoints& joints, float frame_rate, MotionRows* rows,
                       std::string* error);

// ExtractMotionRows, then MotionDatabase::Create with `weights`.
std::optional<MotionDatabase> BuildMotionDatabase(const Skeleton& skeleton,
                                                  std::span<const MotionClip> clips,
                                                  const MotionJoints& joints, float frame_rate,
                                                  const FeatureWeights& weights,
                                                  std::string* error);

}  // namespace anim
