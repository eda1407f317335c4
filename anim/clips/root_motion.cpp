#include "anim/clips/root_motion.h"

#include <algorithm>
#include <cmath>

#include "anim/core/local_to_model_jobs.h"

namespace anim {

namespace {

constexpr float kTwoPi = 6.28318530718f;
// Below these, a root that ends where it started is "in place".
constexpr float kMinTravel = 0.01f;                   // model units (1 cm for metre rigs)
constexpr float kMinTurn = 2.0f * 3.14159265f / 180;  // 2 degrees
// Extraction samples the root at least this often (and at every key).
constexpr float kMaxSampleSpacing = 1.0f / 120.0f;

glm::vec3 RotateY(float yaw, const glm::vec3& v) {
  const float c = std::cos(yaw), s = std::sin(yaw);
  return {c * v.x + s * v.z, 0.0f, -s * v.x + c * v.z};
}

MotionDelta InverseMotion(const MotionDelta& a) {
  return {-RotateY(-a.yaw, a.translation), -a.yaw};
}

// a composed with itself `count` times (negative: the inverse's), by
// repeated squaring so a step over a million cycles costs ~20 compositions.
MotionDelta PowerMotion(MotionDelta a, long long count) {
  if (count < 0) {
    a = InverseMotion(a);
    count = -count;
  }
  MotionDelta result;
  while (count > 0) {
    if (count & 1) result = ComposeMotion(result, a);
    a = ComposeMotion(a, a);
    count >>= 1;
  }
  return result;
}

// The matrix of a ground placement: translate(x, 0, z) * rotateY(yaw).
glm::mat4 PlacementMatrix(const glm::vec2& position, float yaw) {
  const float c = std::cos(yaw), s = std::sin(yaw);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(c, 0.0f, -s, 0.0f);
  m[2] = glm::vec4(s, 0.0f, c, 0.0f);
  m[3] = glm::vec4(position.x, 0.0f, position.y, 1.0f);
  return m;
}

// The model matrix above `root`: its parent joint's model matrix (if any)
// times its own offset (the non-joint nodes between them).
glm::mat4 AboveRoot(const Skeleton& skeleton, const SoaPose& pose, int root) {
  const int parent = skeleton.Parent(root);
  const glm::mat4& offset = skeleton.Offsets()[root];
  return parent < 0 ? offset : ModelMatrixOf(skeleton, pose, parent) * offset;
}

float YawOf(const glm::mat3& rotation_and_scale, const glm::vec3& local_forward) {
  const glm::vec3 f = rotation_and_scale * local_forward;
  return std::atan2(f.x, f.z);
}

}  // namespace

MotionDelta BlendMotion(const MotionDelta& a, const MotionDelta& b, float t) {
  return {glm::mix(a.translation, b.translation, t), a.yaw + (b.yaw - a.yaw) * t};
}

void ApplyMotion(const MotionDelta& d, glm::vec3& position, float& yaw) {
  position += RotateY(yaw, d.translation);
  yaw += d.yaw;
}

MotionDelta ComposeMotion(const MotionDelta& a, const MotionDelta& b) {
  return {a.translation + RotateY(a.yaw, b.translation), a.yaw + b.yaw};
}

RootMotion RootMotion::FromClip(const Skeleton& skeleton, const Clip& clip, int root_joint,
                                float ground_speed, float forward_yaw) {
  RootMotion motion;
  motion.start_ = clip.StartTime();
  motion.duration_ = clip.Duration();
  if (root_joint < 0 || root_joint >= skeleton.JointCount() || !(clip.Duration() > 0.0f)) {
    return motion;
  }
  motion.root_joint_ = root_joint;

  // Sample times: every key of the root's tracks, subdivided so no gap is
  // wider than kMaxSampleSpacing, plus both ends.
  std::vector<float> times = {clip.StartTime(), clip.EndTime()};
  for (const JointTracks& jt : clip.Tracks()) {
    if (jt.joint != root_joint) continue;
    for (std::span<const float> keys : {jt.translation.Times(), jt.rotation.Times()}) {
      times.insert(times.end(), keys.begin(), keys.end());
    }
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::vector<float> dense;
  for (std::size_t i = 0; i + 1 < times.size(); ++i) {
    const int pieces =
        std::max(1, static_cast<int>(std::ceil((times[i + 1] - times[i]) / kMaxSampleSpacing)));
    for (int p = 0; p < pieces; ++p)
      dense.push_back(times[i] + (times[i + 1] - times[i]) * p / pieces);
  }
  dense.push_back(times.back());

  SoaPose pose = skeleton.RestPose();
  for (std::size_t i = 0; i < dense.size(); ++i) {
    pose.CopyFrom(skeleton.RestPose());
    clip.Sample(pose, dense[i], LoopMode::kClamp);
    const glm::mat4 root = ModelMatrixOf(skeleton, pose, root_joint);
    const glm::mat3 basis(root);
    if (i == 0) {
      // The local axis that faces model +Z at the start: yaw 0 there.
      motion.local_forward_ = glm::normalize(glm::inverse(basis) * glm::vec3(0.0f, 0.0f, 1.0f));
    }
    float yaw = YawOf(basis, motion.local_forward_);
    if (i > 0) {
      // Unwrap: keep the yaw continuous so a full turn reads 2 pi, not 0.
      const float previous = motion.keys_.back().yaw;
      yaw += kTwoPi * std::round((previous - yaw) / kTwoPi);
    }
    motion.keys_.push_back({dense[i], glm::vec2(root[3].x, root[3].z), yaw});
  }

  const Key& first = motion.keys_.front();
  const Key& last = motion.keys_.back();
  const float speed = ground_speed > 0.0f ? ground_speed : clip.Speed();
  if (glm::length(last.position - first.position) > kMinTravel ||
      std::abs(last.yaw - first.yaw) > kMinTurn) {
    motion.source_ = Source::kExtracted;
  } else if (speed > 0.0f && std::isfinite(speed)) {
    motion.source_ = Source::kSynthesized;
    motion.speed_ = speed;
    if (std::isfinite(forward_yaw))
      motion.direction_ = {std::sin(forward_yaw), std::cos(forward_yaw)};
    motion.keys_.clear();
    motion.keys_.shrink_to_fit();
  } else {
    motion.keys_.clear();
    motion.keys_.shrink_to_fit();
  }
  return motion;
}

void RootMotion::Absolute(float time, glm::vec2* position, float* yaw) const {
  time = std::clamp(time, start_, start_ + duration_);
  if (source_ == Source::kSynthesized) {
    *position = direction_ * (speed_ * (time - start_));
    *yaw = 0.0f;
    return;
  }
  if (keys_.empty()) {
    *position = glm::vec2(0.0f);
    *yaw = 0.0f;
    return;
  }
  // First key after `time`; interpolate with the one before.
  const auto after = std::upper_bound(keys_.begin(), keys_.end(), time,
                                      [](float t, const Key& k) { return t < k.time; });
  if (after == keys_.begin()) {
    *position = after->position;
    *yaw = after->yaw;
    return;
  }
  if (after == keys_.end()) {
    *position = keys_.back().position;
    *yaw = keys_.back().yaw;
    return;
  }
  const Key& a = *(after - 1);
  const Key& b = *after;
  const float s = (time - a.time) / (b.time - a.time);
  *position = glm::mix(a.position, b.position, s);
  *yaw = a.yaw + (b.yaw - a.yaw) * s;
}

MotionDelta RootMotion::At(float sample_time) const {
  glm::vec2 p0, p;
  float y0, y;
  Absolute(start_, &p0, &y0);
  Absolute(sample_time, &p, &y);
  const MotionDelta start{glm::vec3(p0.x, 0.0f, p0.y), y0};
  const MotionDelta now{glm::vec3(p.x, 0.0f, p.y), y};
  return ComposeMotion(InverseMotion(start), now);
}

MotionDelta RootMotion::CycleDelta() const { return At(start_ + duration_); }

MotionDelta RootMotion::Delta(float from_time, double delta, LoopMode mode) const {
  if (source_ == Source::kNone || !(duration_ > 0.0f) || !std::isfinite(from_time) ||
      !std::isfinite(delta)) {
    return {};
  }
  const double period = duration_;
  double from = static_cast<double>(from_time) - start_;
  double to = from + delta;
  switch (mode) {
    case LoopMode::kClamp:
      from = std::clamp(from, 0.0, period);
      to = std::clamp(to, 0.0, period);
      return ComposeMotion(InverseMotion(At(static_cast<float>(start_ + from))),
                           At(static_cast<float>(start_ + to)));
    case LoopMode::kPingPong:
      // Each pass walks the clip's path one way; a whole period comes back
      // to where it began, so only where the step starts and ends counts.
      return ComposeMotion(
          InverseMotion(At(static_cast<float>(
              start_ + SampleClockTime(from, 0.0, period, LoopMode::kPingPong)))),
          At(static_cast<float>(start_ + SampleClockTime(to, 0.0, period, LoopMode::kPingPong))));
    case LoopMode::kLoop: break;
  }
  // Loop: to the end of the cycle the step starts in, k - 1 whole cycles,
  // then from the start of the cycle it ends in: with A the relative
  // placement (At), A(s0)^-1 * C^k * A(s1), C = A(end), k = cycles crossed.
  const CycleSplit split_from = SplitCycles(from, period);
  const CycleSplit split_to = SplitCycles(to, period);
  const double s0 = split_from.within;
  const double s1 = split_to.within;
  const long long wraps =
      static_cast<long long>(std::clamp(split_to.cycle - split_from.cycle, -1e15, 1e15));
  return ComposeMotion(ComposeMotion(InverseMotion(At(static_cast<float>(start_ + s0))),
                                     PowerMotion(CycleDelta(), wraps)),
                       At(static_cast<float>(start_ + s1)));
}

void RootMotion::RemoveFromPose(SoaPose& pose, const Skeleton& skeleton, float sample_time) const {
  if (source_ != Source::kExtracted || root_joint_ < 0 || root_joint_ >= pose.JointCount() ||
      root_joint_ >= skeleton.JointCount()) {
    return;
  }
  Transform local = pose.Local(root_joint_);
  RemoveFromRoot(local, AboveRoot(skeleton, pose, root_joint_), sample_time);
  pose.SetLocal(root_joint_, local);
}

void RootMotion::RemoveFromRoot(Transform& local, const glm::mat4& above, float sample_time) const {
  glm::vec2 position;
  float yaw;
  Absolute(sample_time, &position, &yaw);
  // The root's model transform X = above * local becomes P^-1 * X, P being
  // the root's ground placement; so local becomes above^-1 P^-1 above local.
  const glm::mat4 change =
      glm::inverse(above) * glm::inverse(PlacementMatrix(position, yaw)) * above;
  local.translation = glm::vec3(change * glm::vec4(local.translation, 1.0f));
  // Conjugating a pure rotation by a uniformly scaled one is a pure
  // rotation; normalising the columns removes float noise from the scale.
  const glm::mat3 turn(glm::normalize(glm::vec3(change[0])), glm::normalize(glm::vec3(change[1])),
                       glm::normalize(glm::vec3(change[2])));
  local.rotation = glm::normalize(glm::quat_cast(turn) * local.rotation);
}

namespace {

// The planted foot's velocity at each of `samples` steps over the clip (the
// lower foot, while within `contact_height` of its lowest), model space.
std::vector<glm::vec3> PlantedFootVelocities(const Skeleton& skeleton, const Clip& clip,
                                             int left_foot, int right_foot, float contact_height,
                                             int samples) {
  const int n = skeleton.JointCount();
  if (left_foot < 0 || left_foot >= n || right_foot < 0 || right_foot >= n || samples < 4 ||
      !(clip.Duration() > 0.0f)) {
    return {};
  }
  const float dt = clip.Duration() / static_cast<float>(samples);
  std::vector<glm::vec3> left(samples + 1), right(samples + 1);
  SoaPose pose = skeleton.RestPose();
  for (int i = 0; i <= samples; ++i) {
    pose.CopyFrom(skeleton.RestPose());
    clip.Sample(pose, clip.StartTime() + dt * static_cast<float>(i), LoopMode::kClamp);
    left[i] = glm::vec3(ModelMatrixOf(skeleton, pose, left_foot)[3]);
    right[i] = glm::vec3(ModelMatrixOf(skeleton, pose, right_foot)[3]);
  }
  float lowest_left = left[0].y, lowest_right = right[0].y;
  for (int i = 0; i <= samples; ++i) {
    lowest_left = std::min(lowest_left, left[i].y);
    lowest_right = std::min(lowest_right, right[i].y);
  }
  std::vector<glm::vec3> velocities;
  for (int i = 0; i < samples; ++i) {
    const bool use_left = left[i].y - lowest_left <= right[i].y - lowest_right;
    const std::vector<glm::vec3>& foot = use_left ? left : right;
    const float lowest = use_left ? lowest_left : lowest_right;
    if (foot[i].y - lowest > contact_height || foot[i + 1].y - lowest > contact_height) continue;
    velocities.push_back((foot[i + 1] - foot[i]) / dt);
  }
  return velocities;
}

float Median(std::vector<float> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

}  // namespace

float EstimateGroundSpeed(const Skeleton& skeleton, const Clip& clip, int left_foot, int right_foot,
                          float contact_height, int samples, float forward_yaw) {
  const glm::vec3 forward(std::sin(forward_yaw), 0.0f, std::cos(forward_yaw));
  std::vector<float> backward_speeds;
  for (const glm::vec3& v :
       PlantedFootVelocities(skeleton, clip, left_foot, right_foot, contact_height, samples))
    backward_speeds.push_back(-glm::dot(v, forward));
  if (backward_speeds.empty()) return 0.0f;
  const float median = Median(std::move(backward_speeds));
  return median > 0.0f ? median : 0.0f;
}

glm::vec2 EstimateGroundVelocity(const Skeleton& skeleton, const Clip& clip, int left_foot,
                                 int right_foot, float contact_height, int samples) {
  std::vector<float> x, z;
  for (const glm::vec3& v :
       PlantedFootVelocities(skeleton, clip, left_foot, right_foot, contact_height, samples)) {
    x.push_back(v.x);
    z.push_back(v.z);
  }
  if (x.empty()) return glm::vec2(0.0f);
  return {Median(std::move(x)), Median(std::move(z))};
}

}  // namespace anim
