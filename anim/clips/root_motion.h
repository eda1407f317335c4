// Root motion: the horizontal travel and turn of a character, taken out of
// its clips and given to its world transform, so the character walks across
// the ground instead of on the spot, and its planted feet stay planted.
//
// Conventions. The motion is a rigid move on the ground plane: a
// translation on X and Z (Y is up and stays in the pose: hips bob, jumps)
// and a yaw, a turn about +Y in radians (positive turns +Z towards +X).
// Both characters of this project face +Z in model space when animated: the
// mannequin is built so (tools/make_mannequin; tests/assets/
// mannequin_structure_test.cpp checks it), and Woman.gltf's clips put its
// toes at larger Z than its ankles (its bind pose alone faces along X, see
// anim/blending/mirror.h).
// A character's world transform is its placement: position on the ground
// and yaw. The model is drawn at translate(position) * rotateY(yaw).
//
// Where the motion comes from (RootMotion::FromClip):
//   - kExtracted: the root joint (the Hips) travels or turns over the clip
//     (more than 1 cm or 2 degrees from start to end): its horizontal
//     position and its yaw, in the space the character is drawn in (after
//     non-joint ancestors such as an "Armature" node's scale), are the
//     motion. RemoveFromPose() then takes them out of the sampled pose so
//     the world transform carries them instead of carrying them twice.
//   - kSynthesized: the root stays over one spot (a treadmill clip) but the
//     clip has a ground speed (Clip::Speed(), glTF extras.speed, or one given
//     by the caller, e.g. from EstimateGroundSpeed): a straight line along
//     the model's forward (+Z unless the caller says otherwise) at that
//     speed. The pose keeps its small in-place sway; nothing is removed
//     from it.
//   - kNone: neither (Idle, Punch...): zero motion.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

struct MotionDelta {
  // Horizontal (y = 0), in the character's frame at the start of the step:
  // +Z is "ahead of where the character faced".
  glm::vec3 translation{0.0f};
  float yaw = 0.0f;  // radians about +Y
};

// Linear blend of two deltas (weight t of b), as poses are blended: a walk
// and a run at 50% move at the average of their speeds.
MotionDelta BlendMotion(const MotionDelta& a, const MotionDelta& b, float t);

// Applies a delta to a placement: position += rotateY(yaw) * d.translation,
// then yaw += d.yaw.
void ApplyMotion(const MotionDelta& d, glm::vec3& position, float& yaw);

// The rigid move that is the composition of two steps: first a, then b
// (b expressed in the frame a ends in).
MotionDelta ComposeMotion(const MotionDelta& a, const MotionDelta& b);

class RootMotion {
 public:
  enum class Source { kNone, kExtracted, kSynthesized };

  RootMotion() = default;

  // Built once per clip (allocates); every other call allocates nothing.
  // root_joint: the joint whose motion is the character's (the Hips; -1 or
  // out of range: no motion). forward_yaw: where the model faces, as a yaw
  // from +Z (pi for a model that faces -Z, as many Mixamo exports do): a
  // synthesised motion goes that way. ground_speed: used instead of Clip::Speed()
  // when > 0 (a clip without extras.speed whose speed was measured).
  static RootMotion FromClip(const Skeleton& skeleton, const Clip& clip, int root_joint,
                             float ground_speed = 0.0f, float forward_yaw = 0.0f);

  Source GetSource() const { return source_; }
  // The speed a synthesised motion moves at (0 otherwise).
  float Speed() const { return speed_; }

  // The motion of one playback step: from_time is the wrapped time the
  // playback held before the step (Playback::time), delta = dt * rate.
  // Like clip events, loop wraps are unrolled: each full cycle crossed adds
  // CycleDelta(); ping-pong walks back on the way down; clamp stops at the
  // ends. Non-finite input gives zero motion.
  MotionDelta Delta(float from_time, double delta, LoopMode mode) const;

  // The motion of one whole cycle, start to end.
  MotionDelta CycleDelta() const;

  // The placement, relative to the clip start, at a clip time (no wrap).
  MotionDelta At(float sample_time) const;

  // Takes the extracted motion at sample_time out of the root joint of a
  // pose sampled at that time: its horizontal position and yaw relative to
  // the character's placement become zero (kExtracted only; other sources
  // leave the pose as it is). With the placement advanced by Delta(), the
  // drawn character is where the clip put it, its root on the placement.
  // `pose` is one of `skeleton`'s.
  void RemoveFromPose(SoaPose& pose, const Skeleton& skeleton, float sample_time) const;

 private:
  // RemoveFromPose on the root's local transform, `above` being the model
  // matrix above it (its parent's, times its own offset).
  void RemoveFromRoot(Transform& local, const glm::mat4& above, float sample_time) const;
  // The root's ground placement (x, z, yaw) at sample i, in model space.
  struct Key {
    float time;
    glm::vec2 position;  // x, z
    float yaw;           // unwrapped: continuous across +-pi
  };
  // Absolute placement in model space at a clip time.
  void Absolute(float time, glm::vec2* position, float* yaw) const;

  Source source_ = Source::kNone;
  int root_joint_ = -1;
  float start_ = 0.0f;
  float duration_ = 0.0f;
  float speed_ = 0.0f;
  glm::vec2 direction_{0.0f, 1.0f};  // (x, z) a synthesised motion goes along
  std::vector<Key> keys_;
  // The root joint's local axis that points +Z in model space at the clip's
  // start: its direction in later frames gives the root's yaw.
  glm::vec3 local_forward_{0.0f, 0.0f, 1.0f};
};

// The treadmill speed of an in-place locomotion clip, measured on the feet:
// at each of `samples` times over one cycle, the lower of the feet is taken
// as planted and its backward velocity (model space, finite difference;
// backward: against the forward that `forward_yaw` turns +Z to) is recorded; the result is the
// median over the frames where that foot is within `contact_height` of its lowest. 0 when the feet
// do not move backward (not a treadmill clip). Offline: allocates.
float EstimateGroundSpeed(const Skeleton& skeleton, const Clip& clip, int left_foot, int right_foot,
                          float contact_height, int samples = 240, float forward_yaw = 0.0f);

// The planted foot's median ground velocity (x, z; each the median over the
// same frames as above) of an in-place locomotion clip: on a treadmill it
// points backward, so its opposite is where the model walks, whichever way
// the file faces it. (0, 0) when no foot is read as planted.
glm::vec2 EstimateGroundVelocity(const Skeleton& skeleton, const Clip& clip, int left_foot,
                                 int right_foot, float contact_height, int samples = 240);

}  // namespace anim
