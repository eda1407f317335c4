// Inertialization: a transition that switches to the new clip at once and
// hides the switch by decaying, per joint, the offset between the pose
// that was shown and the new clip's pose. After D. Bollo, "Inertialization:
// High-Performance Animation Transitions in Gears of War" (GDC 2018).
//
// At the switch each joint's offset is recorded as a direction (a unit
// vector for translation and scale, a rotation axis for rotation) and a
// magnitude x0 >= 0 (a distance, or the angle of the shortest-arc offset
// quaternion), with the magnitude's velocity v0 taken from the last two
// frames shown minus the new clip's own velocity. The magnitude then
// follows a quintic x(t) that starts at x0 with velocity v0 and reaches 0
// at t1 with zero velocity and zero acceleration; the output is the new
// clip's pose with what is left of the offset put back on. Only the new
// clip is sampled, so a transition costs one clip and a few multiply-adds
// per joint instead of two clips and a blend.
//
// Bollo's two safeguards keep the offset from growing or crossing zero:
// a v0 that points away from zero is clamped to 0 (the output then starts
// from the shown pose with the new clip's velocity), t1 is shortened to
// -5 x0 / v0 when the offset closes fast enough to overshoot, and the
// initial acceleration a0 = (-8 v0 t1 - 20 x0) / t1^2 is clamped to >= 0.
#pragma once

#include <vector>

#include "anim/core/soa_pose.h"

namespace anim {

// Bollo's decay polynomial for one magnitude:
// x(t) = A t^5 + B t^4 + C t^3 + a0/2 t^2 + v0 t + x0 for t < t1, 0 after.
struct InertialDecay {
  float x0 = 0.0f, v0 = 0.0f, a0 = 0.0f;
  float a = 0.0f, b = 0.0f, c = 0.0f;  // A, B, C
  float t1 = 0.0f;

  // x0 >= 0 (a negative one is mirrored), velocity v0, duration in seconds.
  // A non-positive duration or a zero x0 gives the curve that is 0 everywhere.
  static InertialDecay Make(float x0, float v0, float duration);
  float Value(float t) const;
  float Velocity(float t) const;
  float Acceleration(float t) const;
};

// One joint's recorded offsets.
struct JointOffset {
  glm::vec3 translation_dir{0.0f};
  InertialDecay translation;
  glm::vec3 rotation_axis{0.0f, 0.0f, 1.0f};
  InertialDecay rotation;  // radians
  glm::vec3 scale_dir{0.0f};
  InertialDecay scale;
};

// The offset of `shown` over `target` for one joint. `shown_prev` and
// `target_next` are the same joint one frame step `dt` earlier on screen
// and one step later in the new clip; dt <= 0 (or not finite) means no
// velocity is known and the offset starts at rest.
JointOffset RecordJointOffset(const Transform& shown, const Transform& shown_prev,
                              const Transform& target, const Transform& target_next, float dt,
                              float duration);
// `target` with what is left of the offset `elapsed` seconds after the switch.
Transform ApplyJointOffset(const JointOffset& offset, const Transform& target, float elapsed);

// The rotation vector (axis times angle, angle in [0, pi]) of q, taking the
// shorter of q and -q: the axis-angle of the shortest arc.
glm::vec3 ShortestArcRotationVector(const glm::quat& q);

// A running inertialization over a whole skeleton. Sized once; Start and
// Apply allocate nothing.
class Inertializer {
 public:
  Inertializer() = default;
  // `morph_weights`: how many morph-target weights the poses carry
  // (SoaPose::MorphWeights), each decayed like a joint's magnitude.
  explicit Inertializer(int joint_count, int morph_weights = 0)
      : offsets_(joint_count), weight_offsets_(morph_weights) {}

  // Records every joint's offset (all poses of the constructor's joint
  // count), and every morph weight's (x0 the shown weight less the new
  // one, v0 the shown weight's velocity less the new clip's) when the poses
  // carry the constructor's count. A duration <= 0 records nothing and
  // leaves the inertializer inactive: the new clip shows at once.
  void Start(const SoaPose& shown, const SoaPose& shown_prev, const SoaPose& target,
             const SoaPose& target_next, float dt, float duration);
  // Moves the clock on by dt (non-finite or negative: not at all); the
  // inertialization ends when it reaches the duration.
  void Advance(float dt);
  // pose: the new clip's pose in, the shown pose out. Nothing when inactive.
  void Apply(SoaPose& pose) const;

  bool Active() const { return active_; }
  float Elapsed() const { return elapsed_; }
  float Duration() const { return duration_; }
  void Stop() { active_ = false; }
  const JointOffset& Offset(int joint) const { return offsets_[joint]; }

 private:
  bool Begin(float duration);

  std::vector<JointOffset> offsets_;
  std::vector<InertialDecay> weight_offsets_;
  bool weights_recorded_ = false;
  float elapsed_ = 0.0f;
  float duration_ = 0.0f;
  bool active_ = false;
};

}  // namespace anim
