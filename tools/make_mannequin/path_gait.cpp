#include "path_gait.h"

#include <algorithm>
#include <cmath>

#include "leg_ik.h"
#include "rig.h"

namespace mannequin {

namespace {

constexpr float kStep = 1.0f / 1000.0f;  // seconds between integrated placements
constexpr float kMargin = 3.0f;          // seconds integrated before 0 and after the end

// A local offset (x: the character's left, z: ahead) turned by `yaw` degrees.
glm::vec2 Turned(glm::vec2 local, float yaw) {
  const float r = glm::radians(yaw), c = std::cos(r), s = std::sin(r);
  return {local.x * c + local.y * s, -local.x * s + local.y * c};
}

// The travel's velocity in the character's own frame (x: left, z: ahead).
glm::vec2 LocalVelocity(const PathMotion& m) {
  const float r = glm::radians(m.direction);
  return m.speed * glm::vec2(std::sin(r), std::cos(r));
}

// How much the body swings: 0 standing, 1 at the gait's speed or turning
// at 90 degrees a second.
float Amplitude(const GaitParams& p, const PathMotion& m) {
  return std::clamp(std::max(m.speed / p.speed, std::abs(m.turn_rate) / 90.0f), 0.0f, 1.0f);
}

struct Footstep {
  glm::vec2 ankle;  // x, z of the ankle where the foot lands flat
  float yaw;        // degrees the foot points
};

// Where a foot lands at `time`: beside the path by the foot spacing, ahead
// along the travel as the gait's foot lands at full speed; sideways, the
// foot on the side of the travel leads far enough for the other to close in
// beside it without crossing (a side step).
Footstep Landing(const GaitParams& p, const GroundPath& path, float time, bool left) {
  const PathPlacement at = path.At(time);
  const PathMotion m = path.MotionAt(time);
  const glm::vec2 v = LocalVelocity(m);
  const float side = left ? 1.0f : -1.0f;
  // Ahead along the travel as the body faces at landing, aside as it will
  // face half way through the stance (in a turn, a foot placed aside of
  // the landing's facing would end up under the other hip).
  const float mid = path.At(time + 0.5f * p.toe_off * p.period).yaw;
  glm::vec2 aside(side * p.foot_x, 0.0f);
  if (v.x * side > 0.0f)
    aside.x += std::max(0.0f, std::abs(v.x) * p.period * 0.5f - 2.0f * p.foot_x + 0.12f);
  const glm::vec2 ahead(0.0f, v.y * (p.land_z / p.speed));
  return {at.position + Turned(ahead, at.yaw) + Turned(aside, mid), mid};
}

// How high a step lifts, 0 (no step: the foot stays) to 1 (25 cm or more,
// or a third of a right angle's turn): the last short steps of a stop lift
// their feet too, rather than slide them.
float StepScale(const Footstep& from, const Footstep& to) {
  const float stride = glm::distance(from.ankle, to.ankle) / 0.25f;
  return std::clamp(std::max(stride, std::abs(to.yaw - from.yaw) / 30.0f), 0.0f, 1.0f);
}

LegGoal GoalAt(glm::vec3 ankle, float yaw, float pitch, float toe_bend, bool left) {
  LegGoal goal;
  goal.ankle = ankle;
  goal.foot = RotY(yaw) * RotX(pitch);
  goal.toes = goal.foot * RotX(toe_bend);
  goal.knee_direction = RotY(yaw) * glm::normalize(glm::vec3(left ? 0.08f : -0.08f, 0.0f, 1.0f));
  return goal;
}

// The planted foot rolling onto its toes at `roll` (0 flat .. 1 toe off).
LegGoal Planted(const GaitParams& p, const Footstep& step, float roll, float scale, bool left) {
  const float pitch = p.toe_off_pitch * scale * roll * roll;
  const glm::quat yaw = RotY(step.yaw);
  const glm::vec3 flat(step.ankle.x, AnkleHeight(), step.ankle.y);
  const glm::vec3 toe = flat + yaw * ToeOffset();
  return GoalAt(toe - yaw * RotX(pitch) * ToeOffset(), step.yaw, pitch, -pitch, left);
}

LegGoal Foot(const GaitParams& p, const GroundPath& path, float time, bool left) {
  const float offset = left ? 0.0f : 0.5f;
  const float k = std::floor(time / p.period - offset);
  const float lands = (k + offset) * p.period, next = lands + p.period;
  const float lifts = lands + p.toe_off * p.period;
  const Footstep from = Landing(p, path, lands, left), to = Landing(p, path, next, left);
  const float scale = StepScale(from, to);
  const auto roll_at = [&](float t) {
    return std::clamp((t - lands - p.heel_lift * p.period) / ((p.toe_off - p.heel_lift) * p.period),
                      0.0f, 1.0f);
  };
  if (time < lifts) return Planted(p, from, roll_at(time), scale, left);
  // The swing: from the foot as it left the ground to the next landing.
  const LegGoal off = Planted(p, from, 1.0f, scale, left);
  const float s = (time - lifts) / (next - lifts), ease = s * s * (3.0f - 2.0f * s);
  const glm::vec2 ground = glm::mix(glm::vec2(off.ankle.x, off.ankle.z), to.ankle, ease);
  const float swing_time = next - lifts;
  const float early = 0.03f * scale * std::sin(kPi * std::min(1.0f, s / 0.35f));
  const float height =
      Hermite(off.ankle.y, 0.0f, AnkleHeight(), -p.landing_speed * scale * swing_time, s) +
      p.swing_lift * scale * 16.0f * s * s * (1.0f - s) * (1.0f - s) + early;
  const float pitch_off = p.toe_off_pitch * scale;
  float pitch = Hermite(pitch_off, 0.0f, 0.0f, 0.0f, std::min(1.0f, s / 0.7f));
  pitch -= 12.0f * scale * std::pow(std::sin(kPi * s), 2.0f) * s;
  const float toe_bend = -pitch_off * (1.0f - Smoothstep(0.0f, 0.7f, s));
  const float yaw = from.yaw + (to.yaw - from.yaw) * ease;
  return GoalAt({ground.x, height, ground.y}, yaw, pitch, toe_bend, left);
}

// How far the hips must come down for both ankles to lie within 98.5% of
// the leg's length (a long step in a turn or a stop would otherwise
// straighten the knee and leave the foot short of its footstep).
float DropToReach(const RigPose& pose, const LegGoal& left, const LegGoal& right) {
  const float reach = 0.985f * (ThighLength() + ShinLength());
  float drop = 0.0f;
  for (bool is_left : {true, false}) {
    const int up_leg = is_left ? kLeftUpLeg : kRightUpLeg;
    const glm::vec3 hip =
        pose.joints[kHips].translation + pose.joints[kHips].rotation * Joints()[up_leg].offset;
    const glm::vec3 to = (is_left ? left : right).ankle - hip;
    const float across = glm::length(glm::vec2(to.x, to.z));
    if (glm::length(to) <= reach || across >= reach) continue;
    drop = std::max(drop, -to.y - std::sqrt(reach * reach - across * across));
  }
  return drop;
}

}  // namespace

GroundPath::GroundPath(const MotionProfile& profile, float duration)
    : profile_(profile), first_(-kMargin) {
  const int before = static_cast<int>(std::lround(kMargin / kStep));
  const int after = static_cast<int>(std::lround((duration + kMargin) / kStep));
  samples_.assign(static_cast<std::size_t>(before + after + 1), PathPlacement{});
  // Midpoint steps from time 0 outwards, each way.
  const auto advance = [&](PathPlacement at, float t, float dt) {
    const PathMotion mid = profile_(t + 0.5f * dt);
    const float yaw_mid = at.yaw + 0.5f * dt * mid.turn_rate;
    at.position += dt * Turned(LocalVelocity(mid), yaw_mid);
    at.yaw += dt * mid.turn_rate;
    return at;
  };
  for (int i = 1; i <= after; ++i)
    samples_[static_cast<std::size_t>(before + i)] =
        advance(samples_[static_cast<std::size_t>(before + i - 1)], (i - 1) * kStep, kStep);
  for (int i = 1; i <= before; ++i)
    samples_[static_cast<std::size_t>(before - i)] =
        advance(samples_[static_cast<std::size_t>(before - i + 1)], -(i - 1) * kStep, -kStep);
}

PathPlacement GroundPath::At(float time) const {
  const float x =
      std::clamp((time - first_) / kStep, 0.0f, static_cast<float>(samples_.size() - 1));
  const auto i = static_cast<std::size_t>(std::min(x, static_cast<float>(samples_.size() - 2)));
  const float f = x - static_cast<float>(i);
  const PathPlacement& a = samples_[i];
  const PathPlacement& b = samples_[i + 1];
  return {glm::mix(a.position, b.position, f), a.yaw + (b.yaw - a.yaw) * f};
}

RigPose PathGaitPose(const GaitParams& p, const GroundPath& path, float time) {
  const PathPlacement at = path.At(time);
  const float amplitude = Amplitude(p, path.MotionAt(time));
  const float phase = Wrap01(time / p.period);  // 0: the left foot lands
  RigPose pose;
  GaitUpperBody(p, phase, amplitude, pose);
  // The hips over the path, highest twice a cycle, swaying over the stance foot.
  const float sway = p.sway * amplitude * std::cos(kTwoPi * (phase - 0.5f * p.toe_off));
  const glm::vec2 ground = at.position + Turned({sway, 0.0f}, at.yaw);
  const float height =
      p.hip_height + p.bob * amplitude * std::cos(2.0f * kTwoPi * (phase - p.bob_high_phase));
  pose.joints[kHips].translation = {ground.x, height, ground.y};
  pose.joints[kHips].rotation = RotY(at.yaw) * pose.joints[kHips].rotation;
  const LegGoal left = Foot(p, path, time, true), right = Foot(p, path, time, false);
  pose.joints[kHips].translation.y -= DropToReach(pose, left, right);
  SolveLeg(pose, true, left);
  SolveLeg(pose, false, right);
  return pose;
}

}  // namespace mannequin
