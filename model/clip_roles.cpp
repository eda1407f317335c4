#include "model/clip_roles.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/gtc/quaternion.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "model/model.h"

namespace anim {

namespace {

constexpr float kDegrees = 57.2957795f;
constexpr int kFramesPerSecond = 30;
constexpr int kMostFrames = 64;
constexpr float kMovedDegrees = 2.0f;
constexpr float kMovedLegs = 0.01f;
// Thresholds of GuessClipRole, documented in the header.
constexpr float kTravelLegs = 0.5f;
constexpr float kStrideLegs = 0.4f;
constexpr float kStillStrideLegs = 0.15f;
constexpr float kLoopGapDegrees = 10.0f;
constexpr float kIdleTurnDegrees = 30.0f;
constexpr float kEasedBoundary = 0.3f;
constexpr float kAlternatingFeet = -0.3f;

float AngleDegrees(const glm::quat& a, const glm::quat& b) {
  const float d = std::min(1.0f, std::abs(glm::dot(a, b)));
  return 2.0f * std::acos(d) * kDegrees;
}

glm::vec3 Position(const glm::mat4& m) { return glm::vec3(m[3]); }

bool IsTrunk(BodyPart part) {
  return part == BodyPart::kSpine || part == BodyPart::kChest || part == BodyPart::kNeck ||
         part == BodyPart::kHead;
}

// The rest pose's hips-to-foot distance, else half the rest joints' extent, else 1.
float LegLength(const RigMap& rig, const std::vector<glm::mat4>& rest) {
  const int hips = rig.Find(BodyPart::kHips);
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int foot = rig.Find(BodyPart::kFoot, side);
    if (hips < 0 || foot < 0) continue;
    const float d = glm::length(Position(rest[hips]) - Position(rest[foot]));
    if (d > 0.0f && std::isfinite(d)) return d;
  }
  if (rest.empty()) return 1.0f;
  glm::vec3 low = Position(rest[0]), high = low;
  for (const glm::mat4& m : rest) {
    low = glm::min(low, Position(m));
    high = glm::max(high, Position(m));
  }
  const float extent = 0.5f * glm::length(high - low);
  return extent > 0.0f && std::isfinite(extent) ? extent : 1.0f;
}

// The ground-plane (x, z) range of each foot relative to the hips, and the
// hips' first and last ground positions, accumulated frame by frame.
struct GroundTrack {
  int hips = -1;
  int feet[2] = {-1, -1};
  glm::vec2 low[2], high[2];
  glm::vec2 first_hips{0.0f}, last_hips{0.0f};
  std::vector<glm::vec2> offsets[2];  // each foot from the hips, per frame

  static glm::vec2 Ground(const glm::vec3& p) { return {p.x, p.z}; }

  void Add(const std::vector<glm::mat4>& model, bool first) {
    if (hips < 0) return;
    last_hips = Ground(Position(model[hips]));
    if (first) first_hips = last_hips;
    for (int f = 0; f < 2; ++f) {
      if (feet[f] < 0) continue;
      const glm::vec2 rel = Ground(Position(model[feet[f]])) - last_hips;
      low[f] = first ? rel : glm::min(low[f], rel);
      high[f] = first ? rel : glm::max(high[f], rel);
      offsets[f].push_back(rel);
    }
  }
  float NarrowerStride() const {
    return std::min(glm::length(high[0] - low[0]), glm::length(high[1] - low[1]));
  }

  // How the feet move against each other along the line they stride on
  // (the principal axis of both feet's offsets, each about its own mean):
  // the correlation of the two feet's positions on it, -1 when one is
  // forward as the other is back (a walk, a run), +1 when they move
  // together (a hop, a jump), 0 when they do not move (by a thousandth of
  // `leg` or more, so that rounding alone reads as no motion).
  float Alternation(float leg) const {
    const std::size_t n = std::min(offsets[0].size(), offsets[1].size());
    if (n < 2) return 0.0f;
    glm::vec2 mean[2] = {glm::vec2(0.0f), glm::vec2(0.0f)};
    for (int f = 0; f < 2; ++f) {
      for (std::size_t i = 0; i < n; ++i) mean[f] += offsets[f][i];
      mean[f] /= static_cast<float>(n);
    }
    float xx = 0.0f, xz = 0.0f, zz = 0.0f;  // the pooled covariance
    for (int f = 0; f < 2; ++f) {
      for (std::size_t i = 0; i < n; ++i) {
        const glm::vec2 d = offsets[f][i] - mean[f];
        xx += d.x * d.x;
        xz += d.x * d.y;
        zz += d.y * d.y;
      }
    }
    const float angle = 0.5f * std::atan2(2.0f * xz, xx - zz);
    const glm::vec2 axis(std::cos(angle), std::sin(angle));
    float lr = 0.0f, ll = 0.0f, rr = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
      const float l = glm::dot(offsets[0][i] - mean[0], axis);
      const float r = glm::dot(offsets[1][i] - mean[1], axis);
      lr += l * r;
      ll += l * l;
      rr += r * r;
    }
    const float still = static_cast<float>(n) * (1e-3f * leg) * (1e-3f * leg);
    return ll > still && rr > still ? lr / std::sqrt(ll * rr) : 0.0f;
  }
};

// Each joint's turn from the first frame and per step, and which joints
// moved, accumulated frame by frame into a ClipMotion.
struct JointTurns {
  float leg = 1.0f;
  std::vector<Transform> first, previous;
  std::vector<float> largest_step, step_speed;
  std::vector<char> moved;

  JointTurns(int joints, float leg_length)
      : leg(leg_length), largest_step(joints, 0.0f), moved(joints, 0) {}

  void Add(std::span<const Transform> pose, const SoaPose& rest, bool first_frame, bool last_frame,
           ClipMotion& m) {
    if (first_frame) {
      first.assign(pose.begin(), pose.end());
      for (int j = 0; j < m.joints; ++j) {
        m.first_frame_from_rest_deg = std::max(
            m.first_frame_from_rest_deg, AngleDegrees(first[j].rotation, rest.Local(j).rotation));
      }
    } else {
      float fastest = 0.0f;
      for (int j = 0; j < m.joints; ++j) {
        const Transform& now = pose[j];
        const float turn = AngleDegrees(now.rotation, first[j].rotation);
        const float step = AngleDegrees(now.rotation, previous[j].rotation);
        m.largest_turn_deg = std::max(m.largest_turn_deg, turn);
        largest_step[j] = std::max(largest_step[j], step);
        fastest = std::max(fastest, step);
        if (turn > kMovedDegrees ||
            glm::length(now.translation - first[j].translation) > kMovedLegs * leg) {
          moved[j] = 1;
        }
        if (last_frame) m.loop_gap_deg = std::max(m.loop_gap_deg, turn - largest_step[j]);
      }
      step_speed.push_back(fastest);
    }
    previous.assign(pose.begin(), pose.end());
  }

  // The moved joints, whether only the trunk moved, and how fast the clip
  // moves at its ends against its fastest step.
  void Finish(const Skeleton& skeleton, ClipMotion& m) const {
    m.moved_joints = static_cast<int>(std::count(moved.begin(), moved.end(), 1));
    m.only_trunk_moves = m.moved_joints > 0;
    for (int j = 0; j < m.joints; ++j) {
      if (moved[j] && !IsTrunk(ReadJointName(skeleton.JointName(j)).part)) {
        m.only_trunk_moves = false;
      }
    }
    const float peak = *std::max_element(step_speed.begin(), step_speed.end());
    if (peak > 0.0f) {
      m.boundary_speed_ratio = std::max(step_speed.front(), step_speed.back()) / peak;
    }
  }
};

// Frames measured over the clip, from its duration at 30 per second, at
// least 1 and at most 64; clamped as a float, since a file's duration may
// be huge or not finite.
int FramesToMeasure(const Clip& clip) {
  const float wanted = std::ceil(clip.Duration() * kFramesPerSecond);
  return !(wanted > 1.0f) ? 1 : wanted >= kMostFrames ? kMostFrames : static_cast<int>(wanted);
}

std::string Format(const char* format, double a, double b = 0.0, double c = 0.0) {
  char text[256];
  std::snprintf(text, sizeof text, format, a, b, c);
  return text;
}

}  // namespace

const char* RoleName(ClipRole role) {
  switch (role) {
    case ClipRole::kIdle: return "idle";
    case ClipRole::kLocomotion: return "locomotion";
    case ClipRole::kOneShot: return "one-shot";
    case ClipRole::kAdditive: return "additive";
    case ClipRole::kFullBody: break;
  }
  return "full body";
}

bool ParseRoleName(std::string_view name, ClipRole* role) {
  for (int r = 0; r < kClipRoleCount; ++r) {
    if (name == RoleName(static_cast<ClipRole>(r))) {
      *role = static_cast<ClipRole>(r);
      return true;
    }
  }
  return false;
}

ClipMotion MeasureClipMotion(const Skeleton& skeleton, const RigMap& rig, const Clip& clip) {
  ClipMotion m;
  m.joints = skeleton.JointCount();
  if (m.joints == 0) return m;
  const SoaPose& rest = skeleton.RestPose();
  std::vector<glm::mat4> rest_model(m.joints), model(m.joints);
  ComputeModelMatrices(skeleton, rest, rest_model);
  const float leg = LegLength(rig, rest_model);

  JointTurns turns(m.joints, leg);
  m.arms_read = rig.Find(BodyPart::kUpperArm, Side::kLeft) >= 0 &&
                rig.Find(BodyPart::kUpperArm, Side::kRight) >= 0;
  GroundTrack ground;
  const int hips = rig.Find(BodyPart::kHips);
  ground.hips = hips >= 0 ? hips : 0;
  ground.feet[0] = rig.Find(BodyPart::kFoot, Side::kLeft);
  ground.feet[1] = rig.Find(BodyPart::kFoot, Side::kRight);
  m.feet_read = ground.feet[0] >= 0 && ground.feet[1] >= 0;

  const int frames = FramesToMeasure(clip);
  // The measures below read joints one by one, so each frame's locals are
  // copied out of the runtime's layout.
  SoaPose sampled = rest;
  std::vector<Transform> locals(static_cast<std::size_t>(m.joints));
  for (int i = 0; i <= frames; ++i) {
    sampled.CopyFrom(rest);
    clip.Sample(sampled, clip.TimeAtPhase(static_cast<float>(i) / frames), LoopMode::kClamp);
    sampled.Store(locals);
    ComputeModelMatrices(skeleton, sampled, model);
    turns.Add(locals, rest, i == 0, i == frames, m);
    ground.Add(model, i == 0);
  }
  turns.Finish(skeleton, m);
  m.travel = glm::length(ground.last_hips - ground.first_hips) / leg;
  m.foot_stride = m.feet_read ? ground.NarrowerStride() / leg : 0.0f;
  m.feet_alternation = m.feet_read ? ground.Alternation(leg) : 0.0f;
  return m;
}

ClipRoleGuess GuessClipRole(const Skeleton& skeleton, const RigMap& rig, const Clip& clip) {
  ClipRoleGuess g;
  g.motion = MeasureClipMotion(skeleton, rig, clip);
  const ClipMotion& m = g.motion;
  const auto set = [&](ClipRole role, std::string reason) {
    g.role = g.guessed = role;
    g.reason = std::move(reason);
    return g;
  };
  if (m.moved_joints == 0) {
    return set(ClipRole::kFullBody, clip.MorphWeights().empty()
                                        ? "holds one pose: no joint moves"
                                        : "no joint moves: it animates morph targets or "
                                          "other values (materials, cameras) only");
  }
  if (m.arms_read && m.only_trunk_moves) {
    return set(ClipRole::kAdditive,
               Format("only %.0f spine, neck or head joints move, the hips and limbs still: a "
                      "layer to add (a lean, a look)",
                      m.moved_joints));
  }
  if (m.loop_gap_deg >= kLoopGapDegrees) {
    return set(ClipRole::kOneShot,
               Format("ends %.0f degrees from wrapping to its first frame: it does not loop",
                      m.loop_gap_deg));
  }
  // Locomotion moves the feet against each other; feet that move together
  // (a hop, a jump forward) are no gait, however far they go.
  const bool gait = !m.feet_read || m.feet_alternation <= kAlternatingFeet;
  const std::string feet =
      m.feet_read ? Format(", the feet alternating (correlation %.2f)", m.feet_alternation) : "";
  if (m.travel >= kTravelLegs && gait) {
    return set(ClipRole::kLocomotion, Format("travels %.1f leg lengths", m.travel) + feet);
  }
  if (m.foot_stride >= kStrideLegs && m.boundary_speed_ratio >= kEasedBoundary && gait) {
    return set(ClipRole::kLocomotion,
               Format("both feet stride (the shorter %.2f leg lengths), moving through its ends",
                      m.foot_stride) +
                   feet);
  }
  if ((!m.feet_read || m.foot_stride < kStillStrideLegs) && m.largest_turn_deg < kIdleTurnDegrees) {
    return set(ClipRole::kIdle, Format("loops in place with no joint turning over %.0f degrees "
                                       "(largest %.0f)",
                                       kIdleTurnDegrees, m.largest_turn_deg));
  }
  if (m.boundary_speed_ratio < kEasedBoundary) {
    return set(ClipRole::kOneShot,
               Format("starts and ends at rest (ends moving at %.0f%% of its fastest), a joint "
                      "turning %.0f degrees between: played once",
                      100.0 * m.boundary_speed_ratio, m.largest_turn_deg));
  }
  return set(ClipRole::kFullBody,
             Format("loops with more motion than an idle (a joint turns %.0f degrees), moving "
                    "at its ends (%.0f%% of its fastest), without a stride",
                    m.largest_turn_deg, 100.0 * m.boundary_speed_ratio));
}

void GuessClipRoles(Model& model, std::span<const std::optional<ClipRole>> file_roles) {
  const RigMap rig = ReadRig(model.skeleton);
  model.clip_roles.clear();
  for (std::size_t c = 0; c < model.clips.size(); ++c) {
    ClipRoleGuess g = GuessClipRole(model.skeleton, rig, model.clips[c]);
    if (c < file_roles.size() && file_roles[c]) {
      g.role = g.guessed = *file_roles[c];
      g.from_file = true;
      g.reason = std::string("the file says so (extras.role \"") + RoleName(g.role) + "\")";
    }
    model.clip_roles.push_back(std::move(g));
  }
}

}  // namespace anim
