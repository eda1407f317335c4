#include "anim/blending/inertialization.h"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Below these an offset is nothing to hide (and its direction is noise).
constexpr float kMinDistance = 1e-7f;
constexpr float kMinAngle = 1e-7f;

bool Finite(float v) { return std::isfinite(v); }

// A vector offset as a unit direction and a decaying length; the velocity
// keeps only its component along the offset (Bollo: the offset moves on a
// line towards zero).
void RecordVector(const glm::vec3& offset, const glm::vec3& velocity, float duration,
                  glm::vec3* dir, InertialDecay* decay) {
  const float length = glm::length(offset);
  if (!(length > kMinDistance) || !Finite(length)) {
    *dir = glm::vec3(0.0f);
    *decay = {};
    return;
  }
  *dir = offset / length;
  *decay = InertialDecay::Make(length, glm::dot(velocity, *dir), duration);
}

}  // namespace

InertialDecay InertialDecay::Make(float x0, float v0, float duration) {
  InertialDecay d;
  if (!Finite(x0) || !Finite(v0) || !Finite(duration) || duration <= 0.0f || x0 == 0.0f) return d;
  if (x0 < 0.0f) {  // the curve is symmetric: decay |x0| and mirror
    d = Make(-x0, -v0, duration);
    d.x0 = -d.x0, d.v0 = -d.v0, d.a0 = -d.a0, d.a = -d.a, d.b = -d.b, d.c = -d.c;
    return d;
  }
  // Moving away from zero would make the curve overshoot past x0 first.
  v0 = std::min(v0, 0.0f);
  float t1 = duration;
  // Closing faster than this would cross zero before t1.
  if (v0 < 0.0f) t1 = std::min(t1, -5.0f * x0 / v0);
  const float t1_2 = t1 * t1, t1_3 = t1_2 * t1, t1_4 = t1_3 * t1, t1_5 = t1_4 * t1;
  // Never accelerate away from zero at the start.
  const float a0 = std::max((-8.0f * v0 * t1 - 20.0f * x0) / t1_2, 0.0f);
  d.x0 = x0;
  d.v0 = v0;
  d.a0 = a0;
  d.t1 = t1;
  d.a = -(a0 * t1_2 + 6.0f * v0 * t1 + 12.0f * x0) / (2.0f * t1_5);
  d.b = (3.0f * a0 * t1_2 + 16.0f * v0 * t1 + 30.0f * x0) / (2.0f * t1_4);
  d.c = -(3.0f * a0 * t1_2 + 12.0f * v0 * t1 + 20.0f * x0) / (2.0f * t1_3);
  return d;
}

float InertialDecay::Value(float t) const {
  if (t >= t1) return 0.0f;
  t = std::max(t, 0.0f);
  return (((((a * t + b) * t + c) * t + 0.5f * a0) * t + v0) * t) + x0;
}

float InertialDecay::Velocity(float t) const {
  if (t >= t1) return 0.0f;
  t = std::max(t, 0.0f);
  return (((5.0f * a * t + 4.0f * b) * t + 3.0f * c) * t + a0) * t + v0;
}

float InertialDecay::Acceleration(float t) const {
  if (t >= t1) return 0.0f;
  t = std::max(t, 0.0f);
  return ((20.0f * a * t + 12.0f * b) * t + 6.0f * c) * t + a0;
}

glm::vec3 ShortestArcRotationVector(const glm::quat& q) {
  // q and -q are one rotation; the one with w >= 0 turns by at most pi.
  const glm::quat s = q.w < 0.0f ? -q : q;
  const glm::vec3 v(s.x, s.y, s.z);
  const float sin_half = glm::length(v);
  if (!(sin_half > 0.0f)) return glm::vec3(0.0f);
  const float angle = 2.0f * std::atan2(sin_half, s.w);
  return v * (angle / sin_half);
}

JointOffset RecordJointOffset(const Transform& shown, const Transform& shown_prev,
                              const Transform& target, const Transform& target_next, float dt,
                              float duration) {
  // Velocities by finite differences over one frame step; the offset's is
  // the shown pose's minus the new clip's.
  const bool moving = Finite(dt) && dt > 0.0f;
  const float inv_dt = moving ? 1.0f / dt : 0.0f;
  JointOffset o;

  const glm::vec3 t_velocity = ((shown.translation - shown_prev.translation) -
                                (target_next.translation - target.translation)) *
                               inv_dt;
  RecordVector(shown.translation - target.translation, t_velocity, duration, &o.translation_dir,
               &o.translation);

  const glm::vec3 s_velocity =
      ((shown.scale - shown_prev.scale) - (target_next.scale - target.scale)) * inv_dt;
  RecordVector(shown.scale - target.scale, s_velocity, duration, &o.scale_dir, &o.scale);

  // The rotation offset q (shown = q * target) as axis and angle. Angular
  // velocities are in the parent's frame, as q is; the angle's rate is the
  // difference of the two along the axis (a rotation about the axis leaves
  // the axis alone, so the offset's own turn drops out).
  const glm::vec3 offset =
      ShortestArcRotationVector(shown.rotation * glm::conjugate(target.rotation));
  const float angle = glm::length(offset);
  if (angle > kMinAngle && Finite(angle)) {
    o.rotation_axis = offset / angle;
    const glm::vec3 shown_spin =
        ShortestArcRotationVector(shown.rotation * glm::conjugate(shown_prev.rotation));
    const glm::vec3 target_spin =
        ShortestArcRotationVector(target_next.rotation * glm::conjugate(target.rotation));
    const float velocity = glm::dot(shown_spin - target_spin, o.rotation_axis) * inv_dt;
    o.rotation = InertialDecay::Make(angle, velocity, duration);
  }
  return o;
}

Transform ApplyJointOffset(const JointOffset& offset, const Transform& target, float elapsed) {
  Transform out = target;
  out.translation += offset.translation_dir * offset.translation.Value(elapsed);
  out.scale += offset.scale_dir * offset.scale.Value(elapsed);
  const float angle = offset.rotation.Value(elapsed);
  if (angle != 0.0f) out.rotation = glm::angleAxis(angle, offset.rotation_axis) * target.rotation;
  return out;
}

bool Inertializer::Begin(float duration) {
  elapsed_ = 0.0f;
  duration_ = Finite(duration) ? std::max(duration, 0.0f) : 0.0f;
  active_ = duration_ > 0.0f;
  return active_;
}

namespace {

void RecordAll(std::vector<JointOffset>& offsets, const SoaPose& shown, const SoaPose& shown_prev,
               const SoaPose& target, const SoaPose& target_next, float dt, float duration) {
  for (int j = 0; j < static_cast<int>(offsets.size()); ++j) {
    offsets[j] = RecordJointOffset(shown.Local(j), shown_prev.Local(j), target.Local(j),
                                   target_next.Local(j), dt, duration);
  }
}

}  // namespace

void Inertializer::Start(const SoaPose& shown, const SoaPose& shown_prev, const SoaPose& target,
                         const SoaPose& target_next, float dt, float duration) {
  if (!Begin(duration)) return;
  RecordAll(offsets_, shown, shown_prev, target, target_next, dt, duration_);
  const std::size_t n = weight_offsets_.size();
  weights_recorded_ = n > 0 && shown.MorphWeights().size() == n &&
                      shown_prev.MorphWeights().size() == n && target.MorphWeights().size() == n &&
                      target_next.MorphWeights().size() == n;
  if (!weights_recorded_) return;
  const bool moving = Finite(dt) && dt > 0.0f;
  for (std::size_t i = 0; i < n; ++i) {
    const float x0 = shown.MorphWeights()[i] - target.MorphWeights()[i];
    const float v0 = moving ? ((shown.MorphWeights()[i] - shown_prev.MorphWeights()[i]) -
                               (target_next.MorphWeights()[i] - target.MorphWeights()[i])) /
                                  dt
                            : 0.0f;
    weight_offsets_[i] = InertialDecay::Make(x0, v0, duration_);
  }
}

void Inertializer::Advance(float dt) {
  if (!active_ || !Finite(dt) || dt < 0.0f) return;
  elapsed_ = std::min(elapsed_ + dt, duration_);
  if (elapsed_ >= duration_) active_ = false;
}

void Inertializer::Apply(SoaPose& pose) const {
  if (!active_) return;
  // ApplyJointOffset on the channel arrays, touching only the channels
  // whose offset is still running (most scale offsets never start, and a
  // curve shortened against overshoot ends early): the per-frame cost of an
  // inertialized transition is this loop.
  float* t[3] = {pose.Channel(kTx), pose.Channel(kTy), pose.Channel(kTz)};
  float* s[3] = {pose.Channel(kSx), pose.Channel(kSy), pose.Channel(kSz)};
  float *qx = pose.Channel(kQx), *qy = pose.Channel(kQy), *qz = pose.Channel(kQz),
        *qw = pose.Channel(kQw);
  for (int j = 0; j < static_cast<int>(offsets_.size()); ++j) {
    const JointOffset& o = offsets_[j];
    if (const float d = o.translation.Value(elapsed_); d != 0.0f) {
      for (int c = 0; c < 3; ++c) t[c][j] += o.translation_dir[c] * d;
    }
    if (const float d = o.scale.Value(elapsed_); d != 0.0f) {
      for (int c = 0; c < 3; ++c) s[c][j] += o.scale_dir[c] * d;
    }
    if (const float angle = o.rotation.Value(elapsed_); angle != 0.0f) {
      const glm::quat q =
          glm::angleAxis(angle, o.rotation_axis) * glm::quat(qw[j], qx[j], qy[j], qz[j]);
      qx[j] = q.x, qy[j] = q.y, qz[j] = q.z, qw[j] = q.w;
    }
  }
  // The morph weights' offsets, each a signed decay.
  if (weights_recorded_ && pose.MorphWeights().size() == weight_offsets_.size()) {
    for (std::size_t i = 0; i < weight_offsets_.size(); ++i) {
      pose.MorphWeights()[i] += weight_offsets_[i].Value(elapsed_);
    }
  }
}

}  // namespace anim
