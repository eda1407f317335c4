#include "anim/offline/clip_error.h"

#include <algorithm>
#include <cmath>

#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"

namespace anim {

VirtualPoints VirtualPointsOf(const glm::mat4& reference, float point_distance) {
  VirtualPoints p{};
  p.origin = glm::vec3(reference[3]);
  for (int axis = 0; axis < 3; ++axis) {
    // The local offset that lies point_distance away in model space.
    const float length = glm::length(glm::vec3(reference[axis]));
    p.scale[axis] = length > 1e-12f ? point_distance / length : 0.0f;
    // reference * (s e_axis + e_w) written out: glm's product adds the other
    // columns times exact zeros, so this is the same value, without them.
    p.axis[axis] = glm::vec3(reference[axis]) * p.scale[axis] + p.origin;
  }
  return p;
}

float VirtualPointError(const VirtualPoints& points, const glm::mat4& other) {
  const glm::vec3 origin(other[3]);
  const glm::vec3 d = origin - points.origin;
  float largest = glm::dot(d, d);
  for (int axis = 0; axis < 3; ++axis) {
    const glm::vec3 e = glm::vec3(other[axis]) * points.scale[axis] + origin - points.axis[axis];
    largest = std::max(largest, glm::dot(e, e));
  }
  // The largest square's root: the largest distance (the root is monotone).
  return std::sqrt(largest);
}

void ModelSpaceError(std::span<const glm::mat4> reference, std::span<const glm::mat4> other,
                     float point_distance, std::span<float> per_joint) {
  for (std::size_t j = 0; j < reference.size(); ++j) {
    per_joint[j] = VirtualPointError(VirtualPointsOf(reference[j], point_distance), other[j]);
  }
}

std::vector<float> ErrorSampleTimes(const Clip& clip, const CompressedClip& compressed) {
  std::vector<float> keys{clip.StartTime(), clip.EndTime()};
  for (int k = 0; k < compressed.SampleCount(); ++k) keys.push_back(compressed.SampleTime(k));
  for (const JointTracks& jt : clip.Tracks()) {
    for (std::span<const float> times :
         {jt.translation.Times(), jt.rotation.Times(), jt.scale.Times()}) {
      keys.insert(keys.end(), times.begin(), times.end());
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<float> times;
  times.reserve(keys.size() * 4);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) {
      const float a = keys[i - 1], span = keys[i] - a;
      for (float f : {0.25f, 0.5f, 0.75f}) times.push_back(a + f * span);
    }
    times.push_back(keys[i]);
  }
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

ClipError MeasureClipError(const Clip& raw, const CompressedClip& compressed,
                           const Skeleton& skeleton, float point_distance) {
  ClipError result;
  const int joints = skeleton.JointCount();
  result.joint_max.assign(joints, 0.0f);
  result.times = ErrorSampleTimes(raw, compressed);
  result.time_max.assign(result.times.size(), 0.0f);
  const SoaPose& rest = skeleton.RestPose();
  SoaPose raw_pose = rest, compressed_pose = rest;
  CompressedClipContext context(compressed);
  std::vector<glm::mat4> raw_model(joints), compressed_model(joints);
  std::vector<float> errors(joints);
  for (std::size_t i = 0; i < result.times.size(); ++i) {
    const float t = result.times[i];
    raw_pose.CopyFrom(rest);
    raw.Sample(raw_pose, t, LoopMode::kClamp);
    compressed_pose.CopyFrom(rest);
    SampleCompressedClip(compressed, t, context, compressed_pose);
    ComputeModelMatrices(skeleton, raw_pose, raw_model);
    ComputeModelMatrices(skeleton, compressed_pose, compressed_model);
    ModelSpaceError(raw_model, compressed_model, point_distance, errors);
    for (int j = 0; j < joints; ++j) {
      result.joint_max[j] = std::max(result.joint_max[j], errors[j]);
      result.time_max[i] = std::max(result.time_max[i], errors[j]);
      if (errors[j] > result.max_error || result.joint < 0) {
        result.max_error = errors[j];
        result.joint = j;
        result.time = t;
      }
    }
  }
  return result;
}

}  // namespace anim
