// The per-frame fast paths against the reference code they replace:
//   - Clip::Sample's shared-key-times path (one interval search per clip,
//     LINEAR channels mixed inline) against Track::Sample of each track;
//   - Pose::ComputeModelMatrices' affine products and skipped identity
//     offsets against plain glm mat4 products of ToMatrix;
//   - ComputePalette's affine product against glm's mat4 product.
// Results must agree within 1e-6, for times inside, on and outside the keys,
// with and without cursors, and forward and backward.
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/core/interpolation.h"
#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "random_values.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using namespace anim_test;

constexpr float kTol = 1e-6f;

// A clip over `joints` joints whose tracks all share `times`; joint 0's
// scale is CUBICSPLINE and joint 1's translation STEP, the rest LINEAR, and
// the last joint has no scale track.
anim::Clip MakeSharedTimesClip(int joints, const std::vector<float>& times, std::mt19937& random) {
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < joints; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::vec3> t, s;
    std::vector<glm::quat> r;
    for (std::size_t k = 0; k < times.size(); ++k) {
      t.push_back(RandomVec(random, -2.0f, 2.0f));
      // Neighbouring keys sometimes on opposite hemispheres (the flip) and
      // sometimes nearly equal (slerp's lerp fallback).
      glm::quat q = RandomRotation(random);
      if (k > 0 && k % 3 == 1) q = -r.back();
      if (k > 0 && k % 3 == 2) q = glm::normalize(r.back() + glm::quat(0.0f, 1e-5f, 0.0f, 0.0f));
      r.push_back(q);
      s.push_back(RandomVec(random, 0.5f, 1.5f));
      if (j == 0) {  // cubic: in-tangent, value, out-tangent
        s.back() = RandomVec(random, -1.0f, 1.0f);
        s.push_back(RandomVec(random, 0.5f, 1.5f));
        s.push_back(RandomVec(random, -1.0f, 1.0f));
      }
    }
    jt.translation = anim::VectorTrack(
        j == 1 ? anim::Interpolation::kStep : anim::Interpolation::kLinear, times, t);
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, r);
    if (j + 1 < joints) {
      jt.scale = anim::VectorTrack(
          j == 0 ? anim::Interpolation::kCubicSpline : anim::Interpolation::kLinear, times, s);
    }
    EXPECT_TRUE(jt.translation.Valid() && jt.rotation.Valid() &&
                (jt.scale.Empty() || jt.scale.Valid()));
    tracks.push_back(std::move(jt));
  }
  return anim::Clip("shared", std::move(tracks));
}

anim::Pose RestPose(int joints) {
  std::vector<anim::Transform> locals(joints);
  for (int j = 0; j < joints; ++j)
    locals[j].scale = glm::vec3(0.25f + j);  // visible if overwritten
  std::vector<int> parents(joints);
  for (int j = 0; j < joints; ++j) parents[j] = j - 1;
  return anim::Pose(std::move(locals), std::move(parents));
}

// What Clip::Sample must produce: each track sampled on its own.
void ExpectMatchesTracks(const anim::Clip& clip, const anim::Pose& rest, const anim::Pose& pose,
                         float clip_time) {
  for (const anim::JointTracks& jt : clip.Tracks()) {
    const anim::Transform& got = pose.Local(jt.joint);
    const anim::Transform& before = rest.Local(jt.joint);
    const glm::vec3 t =
        jt.translation.Empty() ? before.translation : jt.translation.Sample(clip_time);
    const glm::quat r = jt.rotation.Empty() ? before.rotation : jt.rotation.Sample(clip_time);
    const glm::vec3 s = jt.scale.Empty() ? before.scale : jt.scale.Sample(clip_time);
    ExpectVecNear(got.translation, t, kTol);
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(got.rotation[c], r[c], kTol) << "time " << clip_time;
    ExpectVecNear(got.scale, s, kTol);
  }
}

TEST(FastPath, SharedKeyTimesClipMatchesPerTrackSampling) {
  std::mt19937 random(11);
  const std::vector<float> times = {0.0f, 0.1f, 0.25f, 0.3f, 0.55f, 0.8f, 1.0f};
  const int joints = 6;
  const anim::Clip clip = MakeSharedTimesClip(joints, times, random);
  const anim::Pose rest = RestPose(joints);
  anim::Pose pose = rest;

  // Exactly on every key, just beside them, and past both ends (clamped).
  std::vector<float> probe = {-1.0f, 1.0f, 2.5f};
  for (float k : times) {
    probe.push_back(k);
    probe.push_back(std::nextafter(k, 2.0f));
    probe.push_back(std::nextafter(k, -2.0f));
  }
  for (float t : probe) {
    pose = rest;
    test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
    ExpectMatchesTracks(clip, rest, pose, clip.SampleTime(t, anim::LoopMode::kClamp));
  }

  // Playback with a cursor, forward then backward over several loops, with
  // steps small (neighbouring keys) and large (jumps).
  for (const float step : {1.0f / 60.0f, 0.37f, -1.0f / 60.0f, -0.61f}) {
    anim::Playback playback;
    playback.Start(&clip, anim::LoopMode::kLoop, 1.0f);
    pose = rest;
    for (int frame = 0; frame < 200; ++frame) {
      ASSERT_TRUE(test_support::AdvanceInto(playback, step, pose));
      ExpectMatchesTracks(clip, rest, pose, clip.SampleTime(playback.time, anim::LoopMode::kLoop));
    }
  }
}

TEST(FastPath, TracksWithDifferentKeyTimesStillSampleEachTrack) {
  std::mt19937 random(5);
  anim::Clip a = MakeSharedTimesClip(3, {0.0f, 0.5f, 1.0f}, random);
  anim::Clip b = MakeSharedTimesClip(1, {0.0f, 0.2f, 0.4f, 0.9f}, random);
  std::vector<anim::JointTracks> tracks(a.Tracks().begin(), a.Tracks().end());
  tracks.push_back(b.Tracks()[0]);
  tracks.back().joint = 3;
  const anim::Clip mixed("mixed", std::move(tracks));
  const anim::Pose rest = RestPose(4);
  anim::Pose pose = rest;
  anim::Playback playback;
  playback.Start(&mixed);
  for (int frame = 0; frame < 120; ++frame) {
    test_support::AdvanceInto(playback, 1.0f / 60.0f, pose);
    ExpectMatchesTracks(mixed, rest, pose, playback.time);
  }
}

TEST(FastPath, ModelMatricesMatchPlainMatrixProducts) {
  std::mt19937 random(3);
  const int joints = 7;
  std::vector<anim::Transform> locals(joints);
  for (anim::Transform& t : locals) {
    t.translation = RandomVec(random, -1.0f, 1.0f);
    t.rotation = RandomRotation(random);
    t.scale = RandomVec(random, 0.5f, 2.0f);
  }
  const std::vector<int> parents = {-1, 0, 1, 1, -1, 4, 2};
  // Identity, affine (an armature's scale and turn) and projective offsets.
  std::vector<glm::mat4> offsets(joints, glm::mat4(1.0f));
  offsets[0] = glm::mat4(glm::mat3(0.01f)) *
               anim::ToMatrix({glm::vec3(1, 2, 3), RandomRotation(random), glm::vec3(1)});
  offsets[3] = anim::ToMatrix({glm::vec3(0, 1, 0), RandomRotation(random), glm::vec3(2, 1, 1)});
  offsets[5][0][3] = 0.25f;  // not affine: the general product must be used
  const anim::Pose pose(locals, parents, offsets);

  std::vector<glm::mat4> expected(joints);
  for (int i = 0; i < joints; ++i) {
    const glm::mat4 local = offsets[i] * anim::ToMatrix(locals[i]);
    expected[i] = parents[i] >= 0 ? expected[parents[i]] * local : local;
  }
  std::vector<glm::mat4> got(joints);
  pose.ComputeModelMatrices(got);
  for (int i = 0; i < joints; ++i) ExpectMatNear(got[i], expected[i], kTol);
  // The one-joint walk agrees too.
  for (int i = 0; i < joints; ++i) ExpectMatNear(pose.ModelMatrix(i), expected[i], kTol);
}

TEST(FastPath, PaletteMatchesPlainMatrixProducts) {
  std::mt19937 random(9);
  const int joints = 4;
  std::vector<glm::mat4> model(joints), inverse_bind(joints), palette(joints);
  for (int i = 0; i < joints; ++i) {
    model[i] = anim::ToMatrix(
        {RandomVec(random, -1, 1), RandomRotation(random), RandomVec(random, 0.5f, 2)});
    inverse_bind[i] = glm::inverse(
        anim::ToMatrix({RandomVec(random, -1, 1), RandomRotation(random), glm::vec3(1)}));
  }
  inverse_bind[2][1][3] = -0.5f;  // not affine
  model[1][2][3] = 0.125f;        // a non-affine model matrix is used as it is
  anim::ComputePalette(model, inverse_bind, palette);
  for (int i = 0; i < joints; ++i) ExpectMatNear(palette[i], model[i] * inverse_bind[i], kTol);
}

}  // namespace

namespace {

// Track's rotation LINEAR (interpolation::SlerpKeys, a series instead of
// trigonometry for near keys) against glm::slerp on the shorter arc.
TEST(FastPath, KeySlerpMatchesGlmSlerp) {
  std::mt19937 random(21);
  std::uniform_real_distribution<float> angle(0.0f, 3.14159f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  int near_pairs = 0;
  for (int i = 0; i < 20000; ++i) {
    const glm::quat a = RandomRotation(random);
    // Turns from 0 to 180 degrees (as many small ones as large), either sign.
    const float turn = i % 2 == 0 ? angle(random) * 0.3f : angle(random);
    glm::quat b = a * glm::angleAxis(turn, glm::normalize(RandomVec(random, -1.0f, 1.0f)));
    if (i % 3 == 0) b = -b;
    const float s = i % 10 == 0 ? float(i % 20 == 0) : unit(random);
    const glm::quat near_b = glm::dot(a, b) < 0.0f ? -b : b;
    near_pairs += std::abs(glm::dot(a, b)) > 0.9f;
    const glm::quat expected = glm::normalize(glm::slerp(a, near_b, s));
    const glm::quat got = anim::interpolation::SlerpKeys(a, b, s);
    for (int c = 0; c < 4; ++c)
      ASSERT_NEAR(got[c], expected[c], kTol) << "turn " << turn << " s " << s;
  }
  EXPECT_GT(near_pairs, 5000);  // the series path was exercised
}

}  // namespace
