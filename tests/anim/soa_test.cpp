// The structure-of-arrays path (soa_pose.h, soa_clip.h, jobs/local_to_model_jobs.h)
// against the reference code, within 1e-6:
//   - Clip::Sample into a Pose or a SoaPose (SoaClipKeys' vectorised lerp
//     and series slerp) against Track::Sample of every track on its own, for
//     clips mixing STEP, LINEAR and CUBICSPLINE tracks, rotation keys near
//     and far apart and on opposite hemispheres, unanimated joints, more
//     joints than one vector block, and clips whose tracks' key times differ
//     (each its own, or each a subset of one grid, as key reduction leaves
//     them: the vectorised path over every time any channel has a key);
//   - the table refused where it would outweigh the tracks many times (one
//     joint of a thousand animated), sampling still exact;
//   - far-apart rotation keys on a thousand-joint rig (past the sampler's
//     record of where they are);
//   - a lane whose mix has no length in float, keeping its first key;
//   - Playback::Advance into a SoaPose against Advance into a Pose;
//   - Blend of SoaPoses against anim::Mix per joint;
//   - model-space matrices and palette from a SoaPose against plain glm
//     products of ToMatrix with identity, affine and projective offsets.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/blending/blending.h"
#include "anim/clips/clip.h"
#include "anim/clips/soa_clip.h"
#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/pose.h"
#include "random_values.h"
#include "test_rig.h"
#include "test_util.h"

namespace {

using namespace anim_test;

constexpr float kTol = 1e-6f;
constexpr int kJoints = 19;  // three vector blocks, the last one partial

std::vector<float> RandomTimes(std::mt19937& random, int count) {
  std::uniform_real_distribution<float> step(0.02f, 0.3f);
  std::vector<float> times = {0.0f};
  while (static_cast<int>(times.size()) < count) times.push_back(times.back() + step(random));
  return times;
}

// Rotation keys: mostly small turns from the previous key (the series
// path), some large jumps (the trigonometric fallback), some sign flips
// (the shorter-arc check) and some repeats (slerp between equal keys).
std::vector<glm::quat> RotationKeys(std::mt19937& random, int count) {
  std::uniform_real_distribution<float> small(0.0f, 0.4f);
  std::vector<glm::quat> keys = {RandomRotation(random)};
  for (int k = 1; k < count; ++k) {
    glm::quat q =
        keys.back() * glm::angleAxis(small(random), glm::normalize(RandomVec(random, -1, 1)));
    if (k % 5 == 2) q = RandomRotation(random);
    if (k % 4 == 3) q = -q;
    if (k % 7 == 6) q = keys.back();
    keys.push_back(glm::normalize(q));
  }
  return keys;
}

template <typename T>
std::vector<T> CubicValues(const std::vector<T>& values, std::mt19937& random) {
  std::vector<T> out;
  for (const T& v : values) {
    T in = v, tangent = v;
    if constexpr (std::is_same_v<T, glm::quat>) {
      in = RandomRotation(random);
      tangent = RandomRotation(random);
    } else {
      in = RandomVec(random, -1, 1);
      tangent = RandomVec(random, -1, 1);
    }
    out.insert(out.end(), {in, v, tangent});
  }
  return out;
}

// How a test clip's tracks are keyed: all on the same times; each on its
// own random times; each on its own subset of one grid of times (the first
// and last always kept), which is what per-channel key reduction leaves.
enum class KeyLayout { kShared, kOwnTimes, kGridSubsets };

// A clip over kJoints joints, tracks listed in shuffled joint order; joints
// 3 and 10 unanimated, joint 12 without scale, and STEP or CUBICSPLINE
// channels on joints 0, 1, 5, 7 and 16, keyed as `layout` says.
anim::Clip MakeClip(KeyLayout layout, std::mt19937& random) {
  const bool shared = layout == KeyLayout::kShared;
  const int keys = layout == KeyLayout::kGridSubsets ? 30 : 9;
  const std::vector<float> clip_times = RandomTimes(random, keys);
  std::bernoulli_distribution keep(0.4);
  auto grid_subset = [&] {
    std::vector<float> t = {clip_times.front()};
    for (int k = 1; k + 1 < keys; ++k) {
      if (keep(random)) t.push_back(clip_times[k]);
    }
    t.push_back(clip_times.back());
    return t;
  };
  std::vector<int> joints;
  for (int j = 0; j < kJoints; ++j) {
    if (j != 3 && j != 10) joints.push_back(j);
  }
  std::shuffle(joints.begin(), joints.end(), random);
  std::vector<anim::JointTracks> tracks;
  for (int j : joints) {
    auto times = [&] {
      return shared                              ? clip_times
             : layout == KeyLayout::kGridSubsets ? grid_subset()
                                                 : RandomTimes(random, keys - j % 3);
    };
    anim::JointTracks jt;
    jt.joint = j;
    {
      std::vector<float> t = times();
      std::vector<glm::vec3> v;
      for (std::size_t k = 0; k < t.size(); ++k) v.push_back(RandomVec(random, -2, 2));
      const auto mode = j == 1    ? anim::Interpolation::kStep
                        : j == 16 ? anim::Interpolation::kCubicSpline
                                  : anim::Interpolation::kLinear;
      if (mode == anim::Interpolation::kCubicSpline) v = CubicValues(v, random);
      jt.translation = anim::VectorTrack(mode, t, v);
    }
    {
      std::vector<float> t = times();
      std::vector<glm::quat> v = RotationKeys(random, static_cast<int>(t.size()));
      const auto mode = j == 5   ? anim::Interpolation::kStep
                        : j == 7 ? anim::Interpolation::kCubicSpline
                                 : anim::Interpolation::kLinear;
      if (mode == anim::Interpolation::kCubicSpline) v = CubicValues(v, random);
      jt.rotation = anim::QuaternionTrack(mode, t, v);
    }
    if (j != 12) {
      std::vector<float> t = times();
      std::vector<glm::vec3> v;
      for (std::size_t k = 0; k < t.size(); ++k) v.push_back(RandomVec(random, 0.5f, 1.5f));
      const auto mode = j == 0 ? anim::Interpolation::kCubicSpline : anim::Interpolation::kLinear;
      if (mode == anim::Interpolation::kCubicSpline) v = CubicValues(v, random);
      jt.scale = anim::VectorTrack(mode, t, v);
    }
    EXPECT_TRUE(jt.translation.Valid() && jt.rotation.Valid() &&
                (jt.scale.Empty() || jt.scale.Valid()));
    tracks.push_back(std::move(jt));
  }
  return anim::Clip(shared ? "shared" : "own_times", std::move(tracks));
}

anim::Pose MakeRest(std::mt19937& random) {
  std::vector<anim::Transform> locals(kJoints);
  for (anim::Transform& t : locals) {
    t.translation = RandomVec(random, -1, 1);
    t.rotation = RandomRotation(random);
    t.scale = RandomVec(random, 0.5f, 2.0f);
  }
  std::vector<int> parents(kJoints);
  for (int j = 0; j < kJoints; ++j)
    parents[j] = j == 0 ? -1 : (j * 5 + 3) % j;  // branches, depth 5
  return anim::Pose(locals, parents);
}

// Matrices compared with a tolerance relative to their entries' size: the
// products of scales along a chain reach values where 1e-6 is a few ulps.
void ExpectMatRelNear(const glm::mat4& got, const glm::mat4& want, float tol) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      EXPECT_NEAR(got[c][r], want[c][r], tol * std::max(1.0f, std::abs(want[c][r])))
          << "at column " << c << " row " << r;
    }
  }
}

void ExpectTransformNear(const anim::Transform& got, const anim::Transform& want, float tol,
                         const std::string& where) {
  SCOPED_TRACE(where);
  ExpectVecNear(got.translation, want.translation, tol);
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(got.rotation[c], want.rotation[c], tol);
  ExpectVecNear(got.scale, want.scale, tol);
}

// Each track sampled on its own at clip time t over `rest`: the reference.
anim::Pose ReferenceSample(const anim::Clip& clip, const anim::Pose& rest, float t) {
  anim::Pose pose = rest;
  for (const anim::JointTracks& jt : clip.Tracks()) {
    anim::Transform local = pose.Local(jt.joint);
    if (!jt.translation.Empty()) local.translation = jt.translation.Sample(t);
    if (!jt.rotation.Empty()) local.rotation = jt.rotation.Sample(t);
    if (!jt.scale.Empty()) local.scale = jt.scale.Sample(t);
    pose.SetLocal(jt.joint, local);
  }
  return pose;
}

void ExpectSoaNear(const anim::SoaPose& got, const anim::Pose& want, float tol,
                   const std::string& what) {
  ASSERT_EQ(got.JointCount(), want.JointCount());
  for (int j = 0; j < want.JointCount(); ++j) {
    ExpectTransformNear(got.Local(j), want.Local(j), tol, what + ", joint " + std::to_string(j));
  }
}

class SoaSampling : public ::testing::TestWithParam<KeyLayout> {};

TEST_P(SoaSampling, ClipSampleMatchesEachTrack) {
  std::mt19937 random(5 + static_cast<int>(GetParam()));
  const anim::Clip clip = MakeClip(GetParam(), random);
  // Shared times and grid subsets take the vectorised path; own random
  // times make a table of every track's times (17 x 3 x ~8 of them) too
  // large for what it would save, so they take the per-track one.
  EXPECT_EQ(clip.SoaKeyBytes() > 0, GetParam() != KeyLayout::kOwnTimes);
  const anim::Pose rest = MakeRest(random);
  std::uniform_real_distribution<float> any(clip.StartTime() - 0.5f, clip.EndTime() + 0.5f);
  std::vector<float> probes;
  probes.reserve(400);
  for (int i = 0; i < 400; ++i) probes.push_back(any(random));
  // Exactly on the keys and beside them, where intervals change.
  for (const anim::JointTracks& jt : clip.Tracks()) {
    for (float k : jt.rotation.Times()) {
      probes.insert(probes.end(), {k, std::nextafter(k, 1e9f), std::nextafter(k, -1e9f)});
    }
  }
  for (float time : probes) {
    const float t = clip.SampleTime(time, anim::LoopMode::kClamp);
    const anim::Pose want = ReferenceSample(clip, rest, t);
    anim::SoaPose soa(rest);
    clip.Sample(soa, time, anim::LoopMode::kClamp);
    ExpectSoaNear(soa, want, kTol, "SoaPose at " + std::to_string(time));
    if (HasFailure()) return;
  }
}

TEST_P(SoaSampling, PlaybackMatchesTheReferenceAtItsTime) {
  std::mt19937 random(8 + static_cast<int>(GetParam()));
  const anim::Clip clip = MakeClip(GetParam(), random);
  const anim::Pose rest = MakeRest(random);
  for (const anim::LoopMode mode :
       {anim::LoopMode::kLoop, anim::LoopMode::kPingPong, anim::LoopMode::kClamp}) {
    for (const float rate : {1.0f, -1.3f, 7.0f}) {
      anim::Playback playback;
      playback.Start(&clip, mode, rate);
      anim::SoaPose soa(rest);
      for (int frame = 0; frame < 300; ++frame) {
        ASSERT_TRUE(playback.Advance(1.0f / 60.0f, soa));
        ExpectSoaNear(soa, ReferenceSample(clip, rest, clip.SampleTime(playback.time, mode)), kTol,
                      "reference, frame " + std::to_string(frame));
        if (HasFailure()) return;
      }
    }
  }
}

// A rig far larger than the sampler's record of which groups of lanes had
// keys too far apart for the series (64 groups of four joints): far keys
// before and past that record are both redone exactly.
TEST(SoaSampling, FarKeysAreExactOnAThousandJoints) {
  constexpr int kMany = 1000;
  std::mt19937 random(12);
  std::uniform_real_distribution<float> small(0.0f, 0.3f);
  const std::vector<float> times = {0.0f, 0.5f, 1.0f};
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < kMany; ++j) {
    std::vector<glm::quat> keys = {RandomRotation(random)};
    for (int k = 1; k < 3; ++k) {
      // Joints 5, 290 and 777 turn by two radians between keys; the others a little.
      const float angle = j == 5 || j == 290 || j == 777 ? 2.0f : small(random);
      keys.push_back(glm::normalize(
          keys.back() * glm::angleAxis(angle, glm::normalize(RandomVec(random, -1, 1)))));
    }
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, keys);
    tracks.push_back(std::move(jt));
  }
  const anim::Clip clip("many", std::move(tracks));
  std::vector<anim::Transform> locals(kMany);
  std::vector<int> parents(kMany);
  for (int j = 0; j < kMany; ++j) parents[j] = j - 1;
  const anim::Pose rest(locals, parents);
  for (const float t : {0.1f, 0.37f, 0.5f, 0.81f}) {
    const anim::Pose want = ReferenceSample(clip, rest, t);
    anim::SoaPose soa(rest);
    clip.Sample(soa, t, anim::LoopMode::kClamp);
    ExpectSoaNear(soa, want, kTol, "t " + std::to_string(t));
    if (HasFailure()) return;
  }
}

// The table's times: every key time of every LINEAR channel (translation,
// rotation and scale alike), each once, in order; STEP and CUBICSPLINE
// channels keep their own sampling, so their times are not among them.
TEST(SoaSampling, MergedTimesAreEveryLinearChannelsKeys) {
  auto vec_track = [](anim::Interpolation mode, std::vector<float> times) {
    std::vector<glm::vec3> values(times.size() *
                                  (mode == anim::Interpolation::kCubicSpline ? 3 : 1));
    return anim::VectorTrack(mode, std::move(times), std::move(values));
  };
  std::vector<anim::JointTracks> tracks(2);
  tracks[0].joint = 0;
  tracks[0].translation = vec_track(anim::Interpolation::kLinear, {0.0f, 1.0f});
  tracks[0].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 0.5f, 1.0f},
                                             std::vector<glm::quat>(3, glm::quat(1, 0, 0, 0)));
  tracks[0].scale = vec_track(anim::Interpolation::kLinear, {0.25f, 1.0f, 1.5f});
  tracks[1].joint = 1;
  tracks[1].translation = vec_track(anim::Interpolation::kStep, {0.1f, 2.0f});
  tracks[1].scale = vec_track(anim::Interpolation::kCubicSpline, {0.2f, 3.0f});
  EXPECT_EQ(anim::SoaClipKeys::MergedLinearTimes(tracks),
            (std::vector<float>{0.0f, 0.25f, 0.5f, 1.0f, 1.5f}));
  EXPECT_TRUE(anim::SoaClipKeys::SharedTimes(tracks).empty());
  tracks.resize(1);
  tracks[0].scale = vec_track(anim::Interpolation::kLinear, {0.0f, 0.5f, 1.0f});
  tracks[0].translation = vec_track(anim::Interpolation::kStep, {0.0f, 0.5f, 1.0f});
  EXPECT_EQ(anim::SoaClipKeys::SharedTimes(tracks), (std::vector<float>{0.0f, 0.5f, 1.0f}));
}

// One joint of a thousand animated: a table of every channel of every joint
// up to it would be 2,000 times the track's own bytes, so the clip keeps the
// per-track route, and samples the same.
TEST(SoaSampling, ATableFarLargerThanTheTracksIsNotBuilt) {
  constexpr int kMany = 1000;
  std::mt19937 random(13);
  const std::vector<float> times = RandomTimes(random, 40);
  std::vector<anim::JointTracks> tracks(1);
  tracks[0].joint = kMany - 1;
  tracks[0].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times,
                                             RotationKeys(random, static_cast<int>(times.size())));
  const anim::Clip clip("one_of_many", std::move(tracks));
  EXPECT_EQ(clip.SoaKeyBytes(), 0u);
  std::vector<anim::Transform> locals(kMany);
  std::vector<int> parents(kMany);
  for (int j = 0; j < kMany; ++j) parents[j] = j - 1;
  const anim::Pose rest(locals, parents);
  std::uniform_real_distribution<float> any(clip.StartTime(), clip.EndTime());
  for (int i = 0; i < 50; ++i) {
    const float t = any(random);
    anim::SoaPose soa(rest);
    clip.Sample(soa, t, anim::LoopMode::kClamp);
    ExpectSoaNear(soa, ReferenceSample(clip, rest, t), kTol, "t " + std::to_string(t));
    if (HasFailure()) return;
  }
}

// Keys whose mix has no length in float: at the time of a key of length
// 1e-30 whose next key points the same way (so the series path takes the
// interval), that key alone, squared below the smallest float. SlerpKeys
// keeps the first key there; so must the vectorised loop, in a group whose
// other lanes have a length (each lane chosen on its own).
TEST(SoaSampling, AMixWithoutLengthKeepsTheFirstKeyInItsLaneAlone) {
  const std::vector<float> times = {0.0f, 1.0f, 2.0f};
  std::vector<anim::JointTracks> tracks(4);
  for (int j = 0; j < 4; ++j) {
    tracks[j].joint = j;
    std::vector<glm::quat> keys;
    keys.reserve(3);
    for (int k = 0; k < 3; ++k) {
      keys.push_back(glm::angleAxis(0.1f * float(j + k), glm::vec3(0, 0, 1)));
    }
    if (j == 2) keys[1] = glm::quat(1e-30f, 0.0f, 0.0f, 0.0f), keys[2] = glm::quat(1e30f, 0, 0, 0);
    tracks[j].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, keys);
  }
  const anim::Clip clip("lengthless", std::move(tracks));
  ASSERT_GT(clip.SoaKeyBytes(), 0u);
  std::vector<anim::Transform> locals(4);
  const anim::Pose rest(locals, {-1, 0, 1, 2});
  anim::SoaPose soa(rest);
  clip.Sample(soa, 1.0f, anim::LoopMode::kClamp);
  const anim::Pose want = ReferenceSample(clip, rest, 1.0f);
  for (int j = 0; j < 4; ++j) {
    const glm::quat got = soa.Local(j).rotation;
    const glm::quat expected = want.Local(j).rotation;
    EXPECT_EQ(got.x, expected.x) << "joint " << j;
    EXPECT_EQ(got.y, expected.y) << "joint " << j;
    EXPECT_EQ(got.z, expected.z) << "joint " << j;
    EXPECT_EQ(got.w, expected.w) << "joint " << j;
  }
  EXPECT_EQ(want.Local(2).rotation.w, 1e-30f);  // the case it is meant to be
}

INSTANTIATE_TEST_SUITE_P(KeyTimes, SoaSampling,
                         ::testing::Values(KeyLayout::kShared, KeyLayout::kOwnTimes,
                                           KeyLayout::kGridSubsets),
                         [](const auto& info) {
                           switch (info.param) {
                             case KeyLayout::kShared: return "Shared";
                             case KeyLayout::kOwnTimes: return "PerTrack";
                             case KeyLayout::kGridSubsets: return "GridSubsets";
                           }
                           return "";
                         });

TEST(SoaPose, SkeletonRestPoseAndThePoseViewHoldTheSameJoints) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();  // hips, spine, head; leg on hips
  ASSERT_EQ(s.RestPose().JointCount(), 4);
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(s.RestPose().Local(j).translation, glm::vec3(0, 1, 0));
    EXPECT_EQ(s.RestPose().Local(j).rotation, glm::quat(1, 0, 0, 0));
  }
  EXPECT_EQ(std::vector<int>(s.Parents().begin(), s.Parents().end()),
            (std::vector<int>{-1, 0, 1, 0}));
  // The spine turned 90 degrees about Z: the head, one unit above it in its
  // frame, lands one unit along -X from the spine at (0, 2, 0).
  anim::SoaPose turned = s.RestPose();
  turned.SetLocal(1, {glm::vec3(0, 1, 0), glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1)),
                      glm::vec3(1)});
  const anim::Pose view = anim::AsPose(s, turned);
  EXPECT_EQ(std::vector<int>(view.Parents().begin(), view.Parents().end()),
            (std::vector<int>{-1, 0, 1, 0}));
  ExpectVecNear(glm::vec3(view.ModelMatrix(2)[3]), {-1, 2, 0}, 1e-6f);
  ExpectVecNear(glm::vec3(view.ModelMatrix(3)[3]), {0, 2, 0},
                1e-6f);  // the leg: not below the spine
  // A pose of another joint count is not this skeleton's: the rest pose.
  const anim::Pose other = anim::AsPose(s, anim::SoaPose(anim::Pose({{}, {}}, {-1, 0})));
  ExpectVecNear(glm::vec3(other.ModelMatrix(2)[3]), {0, 3, 0}, 1e-6f);
}

TEST(SoaPose, LoadStoreRoundTripsExactlyAndPadsWithIdentity) {
  std::mt19937 random(3);
  const anim::Pose rest = MakeRest(random);
  const anim::SoaPose soa(rest);
  EXPECT_EQ(soa.JointCount(), kJoints);
  EXPECT_EQ(soa.PaddedCount() % anim::kSoaLanes, 0);
  EXPECT_GE(soa.PaddedCount(), kJoints);
  anim::Pose back = MakeRest(random);
  soa.Store(back);
  for (int j = 0; j < kJoints; ++j) {
    EXPECT_EQ(back.Local(j).translation, rest.Local(j).translation);
    EXPECT_EQ(back.Local(j).rotation, rest.Local(j).rotation);
    EXPECT_EQ(back.Local(j).scale, rest.Local(j).scale);
  }
  for (int j = kJoints; j < soa.PaddedCount(); ++j) {
    const anim::Transform t = soa.Local(j);
    EXPECT_EQ(t.translation, glm::vec3(0.0f));
    EXPECT_EQ(t.rotation, glm::quat(1, 0, 0, 0));
    EXPECT_EQ(t.scale, glm::vec3(1.0f));
  }
}

TEST(SoaPose, BlendMatchesMixPerJointIncludingAliasing) {
  std::mt19937 random(4);
  anim::Pose a = MakeRest(random);
  anim::Pose b = MakeRest(random);
  // Joint 2 on the opposite hemisphere (the neighbourhood flip), joint 4
  // exactly opposite to a (flipped onto a itself), joint 6 zero in both (a
  // mix without length, which keeps a's).
  anim::Transform t2 = b.Local(2);
  t2.rotation = -a.Local(2).rotation * glm::angleAxis(0.3f, glm::vec3(0, 1, 0));
  b.SetLocal(2, t2);
  anim::Transform t4 = b.Local(4);
  t4.rotation = -a.Local(4).rotation;
  b.SetLocal(4, t4);
  for (anim::Pose* pose : {&a, &b}) {
    anim::Transform t6 = pose->Local(6);
    t6.rotation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
    pose->SetLocal(6, t6);
  }
  const anim::SoaPose sa(a), sb(b);
  for (const float t : {0.0f, 0.3f, 0.7f, 1.0f, 0.5f}) {
    anim::Pose want = a;
    for (int j = 0; j < kJoints; ++j) want.SetLocal(j, anim::Mix(a.Local(j), b.Local(j), t));
    anim::SoaPose out(MakeRest(random));
    anim::Blend(out, sa, sb, t);
    ExpectSoaNear(out, want, kTol, "t " + std::to_string(t));
    anim::SoaPose alias_a = sa;
    anim::Blend(alias_a, alias_a, sb, t);
    ExpectSoaNear(alias_a, want, kTol, "out = a, t " + std::to_string(t));
    anim::SoaPose alias_b = sb;
    anim::Blend(alias_b, sa, alias_b, t);
    ExpectSoaNear(alias_b, want, kTol, "out = b, t " + std::to_string(t));
  }
}

TEST(Skeleton, ModelMatricesAndPaletteMatchPlainMatrixProducts) {
  std::mt19937 random(10);
  const anim::Pose shape = MakeRest(random);
  std::vector<int> parents(shape.Parents().begin(), shape.Parents().end());
  std::vector<anim::Transform> locals(shape.Locals().begin(), shape.Locals().end());
  // Identity, affine (an armature's scale and turn) and projective offsets.
  std::vector<glm::mat4> offsets(kJoints, glm::mat4(1.0f));
  offsets[0] = glm::mat4(glm::mat3(0.01f)) *
               anim::ToMatrix({glm::vec3(1, 2, 3), RandomRotation(random), glm::vec3(1)});
  offsets[9] = anim::ToMatrix({glm::vec3(0, 1, 0), RandomRotation(random), glm::vec3(2, 1, 1)});
  offsets[17][0][3] = 0.25f;  // not affine: the general product must be used
  const anim::Pose rest(locals, parents, offsets);
  std::vector<glm::mat4> inverse_bind(kJoints);
  for (int j = 0; j < kJoints; ++j) {
    inverse_bind[j] = glm::inverse(
        anim::ToMatrix({RandomVec(random, -1, 1), RandomRotation(random), glm::vec3(1)}));
  }
  inverse_bind[6][1][3] = -0.5f;  // not affine
  std::vector<std::string> names;
  names.reserve(kJoints);
  for (int j = 0; j < kJoints; ++j) names.push_back("j" + std::to_string(j));
  std::string error;
  const anim::Skeleton skeleton = anim::SkeletonOf(names, rest, rest, inverse_bind, &error);
  ASSERT_EQ(error, "");

  // A pose that differs from the rest pose, in SoA form.
  anim::Pose pose = rest;
  for (int j = 0; j < kJoints; ++j) {
    pose.SetLocal(
        j, {RandomVec(random, -1, 1), RandomRotation(random), RandomVec(random, 0.5f, 2.0f)});
  }
  anim::SoaPose soa = skeleton.RestPose();
  soa.Load(pose);

  std::vector<glm::mat4> expected(kJoints);
  for (int j = 0; j < kJoints; ++j) {
    const glm::mat4 local = offsets[j] * anim::ToMatrix(pose.Local(j));
    expected[j] = parents[j] >= 0 ? expected[parents[j]] * local : local;
  }
  std::vector<glm::mat4> model(kJoints), palette(kJoints);
  anim::ComputeModelMatrices(skeleton, soa, model);
  for (int j = 0; j < kJoints; ++j) {
    SCOPED_TRACE("joint " + std::to_string(j));
    ExpectMatRelNear(model[j], expected[j], kTol);
    // One joint alone, as root motion and foot IK ask for it.
    const glm::mat4 alone = anim::ModelMatrixOf(skeleton, soa, j);
    ExpectMatRelNear(alone, expected[j], kTol);
    // The root under its affine offset: the same sums in vectors as in
    // glm's scalars (JointModelMatrix), so the same bits.
    if (j == 0) {
      EXPECT_EQ(alone, model[j]);
    }
  }
  std::fill(model.begin(), model.end(), glm::mat4(0.0f));
  anim::ComputePalette(skeleton, soa, model, palette);
  for (int j = 0; j < kJoints; ++j) {
    SCOPED_TRACE("joint " + std::to_string(j));
    ExpectMatRelNear(palette[j], expected[j] * inverse_bind[j], kTol);
  }
}

// A hierarchy built in code has no skin: its palette is its model matrices
// (identity inverse binds), its bind pose its rest pose, and its joints get
// numbered names a user can find.
TEST(Skeleton, FromAPoseAloneIsItsOwnBindPoseWithNumberedJoints) {
  std::mt19937 random(11);
  const anim::Pose rest = MakeRest(random);
  std::string error;
  const anim::Skeleton skeleton = anim::SkeletonOf(rest, &error);
  ASSERT_EQ(error, "");
  ASSERT_EQ(skeleton.JointCount(), kJoints);
  EXPECT_EQ(skeleton.JointName(0), "joint0");
  EXPECT_EQ(skeleton.FindJoint("joint" + std::to_string(kJoints - 1)), kJoints - 1);
  for (int j = 0; j < kJoints; ++j) {
    EXPECT_EQ(skeleton.Parent(j), rest.Parent(j));
    EXPECT_EQ(skeleton.BindPose().Local(j).translation, rest.Local(j).translation);
  }
  std::vector<glm::mat4> model(kJoints), palette(kJoints), expected(kJoints);
  ASSERT_TRUE(rest.ComputeModelMatrices(expected));
  ASSERT_TRUE(anim::ComputePalette(skeleton, skeleton.RestPose(), model, palette));
  for (int j = 0; j < kJoints; ++j) {
    SCOPED_TRACE("joint " + std::to_string(j));
    ExpectMatRelNear(palette[j], expected[j], kTol);
  }
}

}  // namespace
