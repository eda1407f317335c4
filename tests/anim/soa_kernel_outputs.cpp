#include "soa_kernel_outputs.h"

#include <random>

#include <glm/gtc/quaternion.hpp>

#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/core/soa_vector.h"
#include "anim/offline/clip_builder.h"
#include "anim/offline/pose.h"

namespace anim::kernel_check {

namespace {

glm::quat RandomRotation(std::mt19937& random) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat(n(random), n(random), n(random), n(random)));
}

glm::vec3 RandomVec(std::mt19937& random, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  return {u(random), u(random), u(random)};
}

Skeleton MakeSkeleton(std::mt19937& random, int joints) {
  std::vector<Transform> locals(joints);
  for (Transform& t : locals) {
    t.translation = RandomVec(random, -1, 1);
    t.rotation = RandomRotation(random);
    t.scale = RandomVec(random, 0.7f, 1.4f);
  }
  std::vector<int> parents(joints);
  for (int j = 0; j < joints; ++j) parents[j] = j == 0 ? -1 : (j * 5 + 3) % j;
  const Pose rest(locals, parents);
  std::vector<glm::mat4> model(joints), inverse_bind(joints);
  rest.ComputeModelMatrices(model);
  for (int j = 0; j < joints; ++j) inverse_bind[j] = glm::inverse(model[j]);
  std::vector<std::string> names;
  names.reserve(joints);
  for (int j = 0; j < joints; ++j) names.push_back("j" + std::to_string(j));
  return SkeletonOf(names, rest, rest, inverse_bind);
}

// LINEAR keys on shared times (the vectorised sampler): small turns, jumps
// past the series' range, sign flips and repeats; joint 4 unanimated, and
// joints 16 to 19 (four lanes with none animated, before animated ones in
// the same block of eight), joint 9 without scale.
Clip MakeClip(std::mt19937& random, const char* name, int joints) {
  const std::vector<float> times = {0.0f, 0.2f, 0.45f, 0.5f, 0.8f, 1.1f, 1.3f};
  std::vector<JointTracks> tracks;
  for (int j = 0; j < joints; ++j) {
    if (j == 4 || (j >= 16 && j < 20)) continue;
    JointTracks jt;
    jt.joint = j;
    std::vector<glm::vec3> t, s;
    std::vector<glm::quat> r = {RandomRotation(random)};
    for (std::size_t k = 0; k < times.size(); ++k) {
      t.push_back(RandomVec(random, -2, 2));
      s.push_back(RandomVec(random, 0.5f, 1.5f));
      if (k == 0) continue;
      glm::quat q = r.back() * glm::angleAxis(0.3f, glm::normalize(RandomVec(random, -1, 1)));
      if ((k + j) % 5 == 2) q = RandomRotation(random);
      if ((k + j) % 4 == 3) q = -q;
      if ((k + j) % 7 == 6) q = r.back();
      r.push_back(glm::normalize(q));
    }
    jt.translation = VectorTrack(Interpolation::kLinear, times, t);
    jt.rotation = QuaternionTrack(Interpolation::kLinear, times, r);
    if (j != 9) jt.scale = VectorTrack(Interpolation::kLinear, times, s);
    tracks.push_back(std::move(jt));
  }
  return Clip(name, std::move(tracks));
}

void Append(std::vector<float>& out, const SoaPose& pose) {
  for (int c = 0; c < kSoaChannels; ++c) {
    out.insert(out.end(), pose.Channel(c), pose.Channel(c) + pose.PaddedCount());
  }
}

void Append(std::vector<float>& out, const std::vector<glm::mat4>& matrices) {
  for (const glm::mat4& m : matrices) out.insert(out.end(), &m[0][0], &m[0][0] + 16);
}

}  // namespace

bool UsesVectorExtensions() { return ANIM_SOA_VECTOR_EXTENSIONS != 0; }

std::vector<float> SoaKernelOutputs(int joints) {
  std::mt19937 random(11);
  const Skeleton skeleton = MakeSkeleton(random, joints);
  const Clip walk = MakeClip(random, "walk", joints);
  const Clip lean = MakeClip(random, "lean", joints);
  SoaPose a = skeleton.RestPose(), b = a, base = a, out = a;
  lean.Sample(base, 0.0f);
  std::vector<glm::mat4> model(joints), palette(joints);
  std::vector<float> outputs;
  // The compressed sampler (its smallest-three decoding and slerp run four
  // lanes at a time): forward play through a segment boundary, then the
  // random times below (seeks).
  CompressionSettings settings;
  settings.segment_length = 3;
  const CompressedClip compressed = BuildCompressedClip(walk, skeleton, settings);
  CompressedClipContext context(compressed);
  // And one interpolating sampled rows (loaded four lanes at a time).
  const CompressedClipDecodings rows(compressed, CompressedKeys::kSampled);
  CompressedClipContext interpolating(compressed, &rows);
  SoaPose sampled = skeleton.RestPose();
  for (int frame = 0; frame < 80; ++frame) {
    for (CompressedClipContext* c : {&context, &interpolating}) {
      SampleCompressedClip(compressed, static_cast<float>(frame) / 60.0f, *c, sampled);
      Append(outputs, sampled);
    }
  }
  std::uniform_real_distribution<float> time(-0.5f, 3.0f);
  for (int step = 0; step < 40; ++step) {
    const float t = time(random);
    for (CompressedClipContext* c : {&context, &interpolating}) {
      SampleCompressedClip(compressed, t, *c, sampled);
      Append(outputs, sampled);
    }
    walk.Sample(a, t);
    lean.Sample(b, 1.7f * t, LoopMode::kPingPong);
    Append(outputs, a);
    Append(outputs, b);
    const float w = static_cast<float>(step % 6) * 0.2f;  // 0 to 1
    Blend(out, a, b, w);
    Append(outputs, out);
    Blend(out, out, a, 0.5f);  // aliased
    Append(outputs, out);
    Add(out, out, b, base, 1.4f * w);
    Append(outputs, out);
    ComputeModelMatrices(skeleton, out, model);
    Append(outputs, model);
    ComputePalette(skeleton, a, model, palette);
    Append(outputs, palette);
  }
  return outputs;
}

}  // namespace anim::kernel_check
