// The builder judges every choice by the error in model space, so one motion
// written at two scales compresses alike: a chain in metres, and the same
// chain under an armature that scales it by 0.01 with every translation 100
// times longer (what exporters working in centimetres write; Woman.gltf's
// armature carries that 0.01). What the builder must get right for that is
// the size in model space of a unit of each joint's translation, which for
// the root comes from its offset alone.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/offline/clip_builder.h"
#include "anim/offline/pose.h"
#include "compression_fixture.h"

namespace {

using namespace compression_test;

constexpr int kJoints = 6;
constexpr float kBone = 0.4f;

// Every joint swings; the root walks 2 m along x with a bob and a little
// noise, or with `still` stays where it is but for float noise of 2 um (a
// tenth of what the builder may leave out as constant). `unit` scales every
// translation (the rest pose's and the clip's).
anim::Clip ChainClip(float unit, bool still) {
  std::mt19937 random(3);
  std::normal_distribution<float> noise(0.0f, 0.002f);
  std::vector<float> times;
  for (int i = 0; i <= 60; ++i) times.push_back(static_cast<float>(i) / 30.0f);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < kJoints; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::quat> q;
    for (float t : times) {
      q.push_back(glm::angleAxis(0.5f * std::sin(3.0f * t + j) + noise(random),
                                 glm::normalize(glm::vec3(0.3f, 1.0f, 0.2f * j))));
    }
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    if (j == 0) {
      std::vector<glm::vec3> p;
      for (float t : times) {
        const glm::vec3 walk(t, 0.05f * std::sin(6.0f * t) + noise(random), 0.0f);
        const glm::vec3 jitter(2e-6f * std::sin(40.0f * t), 0.0f, 2e-6f * std::cos(30.0f * t));
        p.push_back(unit * (still ? jitter : walk));
      }
      jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, p);
    }
    tracks.push_back(jt);
  }
  return anim::Clip("walking chain", tracks);
}

// The chain with each bone `unit` long times kBone, under `armature`.
anim::Skeleton Chain(float unit, const glm::mat4& armature) {
  std::vector<anim::Transform> locals(kJoints);
  std::vector<int> parents;
  std::vector<glm::mat4> offsets(kJoints, glm::mat4(1.0f));
  offsets[0] = armature;
  std::vector<std::string> names;
  for (int j = 0; j < kJoints; ++j) {
    names.push_back("joint" + std::to_string(j));
    parents.push_back(j - 1);
    if (j > 0) locals[j].translation = glm::vec3(0.0f, unit * kBone, 0.0f);
  }
  const anim::Pose rest(locals, parents, offsets);
  return anim::SkeletonOf(names, rest, rest, std::vector<glm::mat4>(kJoints, glm::mat4(1.0f)));
}

void ExpectSameCompressionAtBothScales(bool still) {
  const anim::Skeleton metres = Chain(1.0f, glm::mat4(1.0f));
  const anim::Skeleton centimetres = Chain(100.0f, glm::scale(glm::mat4(1.0f), glm::vec3(0.01f)));
  const anim::Clip raw_metres = ChainClip(1.0f, still);
  const anim::Clip raw_centimetres = ChainClip(100.0f, still);

  // The same motion in model space (glm's products, not the runtime's):
  // each joint at the same place, turned the same way (its axes 0.01 long).
  for (float t : {0.0f, 0.7f, 1.3f, 2.0f}) {
    const std::vector<glm::mat4> m = ModelMatrices(RawPose(raw_metres, metres, t));
    const std::vector<glm::mat4> c = ModelMatrices(RawPose(raw_centimetres, centimetres, t));
    for (int j = 0; j < kJoints; ++j) {
      EXPECT_LT(glm::distance(glm::vec3(m[j][3]), glm::vec3(c[j][3])), 1e-5f) << "t " << t;
      for (int axis = 0; axis < 3; ++axis) {
        EXPECT_LT(glm::distance(glm::vec3(m[j][axis]), 100.0f * glm::vec3(c[j][axis])), 1e-5f)
            << "t " << t << ", joint " << j;
      }
    }
  }

  anim::CompressionReport in_metres, in_centimetres;
  const anim::CompressedClip a = anim::BuildCompressedClip(raw_metres, metres, {}, &in_metres);
  const anim::CompressedClip b =
      anim::BuildCompressedClip(raw_centimetres, centimetres, {}, &in_centimetres);
  const float tolerance = anim::CompressionSettings{}.tolerance;
  EXPECT_LE(in_metres.error.max_error, tolerance);
  EXPECT_LE(in_centimetres.error.max_error, tolerance);
  anim::CompressedClipContext context(b);
  for (int i = 0; i <= 120; ++i) {
    const float t = raw_centimetres.Duration() * static_cast<float>(i) / 120.0f;
    ASSERT_LE(ErrorAt(raw_centimetres, b, centimetres, t, context), tolerance) << "t = " << t;
  }
  // The same tracks animated (the still root's translation is one of the
  // constant channels in both), and the same bytes, give or take a few bits
  // where rounding tips a choice.
  EXPECT_EQ(in_centimetres.animated_tracks, in_metres.animated_tracks);
  EXPECT_EQ(in_centimetres.animated_tracks, still ? kJoints : kJoints + 1);
  EXPECT_NEAR(static_cast<double>(in_centimetres.compressed_bytes),
              static_cast<double>(in_metres.compressed_bytes),
              0.05 * static_cast<double>(in_metres.compressed_bytes))
      << "metres " << in_metres.compressed_bytes << " bytes, centimetres "
      << in_centimetres.compressed_bytes;
}

TEST(CompressionScale, AWalkUnderACentimetreArmatureCompressesAsInMetres) {
  ExpectSameCompressionAtBothScales(/*still=*/false);
}

// The root's translation is stored once at either scale: its noise is within
// what may be left out, measured in model space through the armature.
TEST(CompressionScale, ARootStillButForNoiseIsConstantAtEitherScale) {
  ExpectSameCompressionAtBothScales(/*still=*/true);
}

}  // namespace
