// Compressed clips (anim/compression/) against the raw clip's own sampler
// through glm matrix products (compression_fixture.h):
//   - a busy clip (every channel kind, keys of different layouts per
//     channel, channels starting and ending at different times) within the
//     tolerance at every key time and midpoint, over a looping forward play
//     with wraps, backward play, random seeks and the clip's ends;
//   - analytic clips (constant, linear translation, slow rotation) at the
//     size worked out by hand;
//   - STEP's jumps at their key times, CUBICSPLINE, one key, one joint and
//     10,000 keys; key-reduced and uniform layouts; unit quaternions;
//   - ReduceKeys on raw clips: what goes and what stays.
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/compression/compressed_sampling_job.h"
#include "anim/offline/clip_batch_builder.h"
#include "anim/offline/clip_builder.h"
#include "anim/offline/key_reduction.h"
#include "anim/offline/pose.h"
#include "compression_fixture.h"

namespace {

using namespace compression_test;
using anim::Interpolation;

constexpr float kTolerance = 1e-4f;
constexpr float kPi = 3.14159265f;

std::vector<float> Uniform(float start, float end, int count) {
  std::vector<float> times;
  times.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    times.push_back(start + (end - start) * static_cast<float>(i) / static_cast<float>(count - 1));
  }
  return times;
}

glm::quat AboutAxis(float radians, const glm::vec3& axis) {
  return glm::angleAxis(radians, glm::normalize(axis));
}

// A LINEAR rotation track with the rotation `at(t)` at each of `times`.
template <typename At>
anim::QuaternionTrack LinearRotations(const std::vector<float>& times, At at) {
  std::vector<glm::quat> q;
  q.reserve(times.size());
  for (float t : times) q.push_back(at(t));
  return anim::QuaternionTrack(Interpolation::kLinear, times, q);
}

// `count` random seeks over the clip, one context: each within the tolerance.
void ExpectWithinToleranceAtRandomTimes(const anim::Clip& raw, const anim::CompressedClip& clip,
                                        const anim::Skeleton& skeleton, int count, unsigned seed) {
  anim::CompressedClipContext context(clip);
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> any(raw.StartTime(), raw.EndTime());
  for (int i = 0; i < count; ++i) {
    const float t = any(random);
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << t;
  }
}

// Six joints, every kind of channel: sinusoidal rotations at 30 keys a
// second, a root translation, a STEP scale, a CUBICSPLINE rotation, a
// rotation on its own sparse key times, a channel that starts late and one
// that ends early, and a joint held at its rest pose by many keys.
anim::Clip BusyClip() {
  std::vector<anim::JointTracks> tracks;
  const std::vector<float> dense = Uniform(0.0f, 2.0f, 61);
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = LinearRotations(dense, [j](float t) {
      return AboutAxis(0.6f * std::sin(2.0f * kPi * t * (0.5f + 0.25f * j) + j),
                       glm::vec3(1.0f, 0.3f * j, 0.5f));
    });
    tracks.push_back(jt);
  }
  {
    std::vector<glm::vec3> p;
    p.reserve(dense.size());
    for (float t : dense) p.push_back(glm::vec3(std::sin(t * 3.0f), 0.1f * t * t, 2.0f * t));
    tracks[0].translation = anim::VectorTrack(Interpolation::kLinear, dense, p);
  }
  {  // STEP scale on joint 2 at irregular times
    const std::vector<float> times{0.0f, 0.3f, 0.55f, 1.2f, 1.9f};
    const std::vector<glm::vec3> s{glm::vec3(1.0f), glm::vec3(1.2f), glm::vec3(0.8f, 1.0f, 1.0f),
                                   glm::vec3(0.8f, 1.0f, 1.0f), glm::vec3(1.1f)};
    tracks[2].scale = anim::VectorTrack(Interpolation::kStep, times, s);
  }
  {  // CUBICSPLINE rotation on joint 4: in-tangent, value, out-tangent per key
    anim::JointTracks jt;
    jt.joint = 4;
    const std::vector<float> times{0.0f, 0.7f, 1.4f, 2.0f};
    std::vector<glm::quat> v;
    for (int k = 0; k < 4; ++k) {
      const glm::quat value =
          AboutAxis(0.5f * static_cast<float>(k % 2) - 0.2f, glm::vec3(0, 0, 1));
      const glm::quat tangent(0.0f, 0.0f, 0.0f, 0.3f * (k % 2 == 0 ? 1.0f : -1.0f));
      v.insert(v.end(), {tangent, value, tangent});
    }
    jt.rotation = anim::QuaternionTrack(Interpolation::kCubicSpline, times, v);
    // A translation that starts late and ends early on its own sparse times.
    jt.translation = anim::VectorTrack(
        Interpolation::kLinear, {0.4f, 0.9f, 1.5f},
        {glm::vec3(0.0f, 0.5f, 0.0f), glm::vec3(0.2f, 0.5f, 0.1f), glm::vec3(0.0f, 0.6f, 0.0f)});
    tracks.push_back(jt);
  }
  {  // Joint 5 held at its rest pose by many keys: omitted
    anim::JointTracks jt;
    jt.joint = 5;
    jt.translation = anim::VectorTrack(Interpolation::kLinear, dense,
                                       std::vector<glm::vec3>(61, glm::vec3(0.0f, 0.5f, 0.0f)));
    tracks.push_back(jt);
  }
  return anim::Clip("busy", tracks);
}

TEST(CompressionTest, BusyClipStaysWithinToleranceEverywherePlaybackGoes) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip raw = BusyClip();
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_LE(report.error.max_error, kTolerance);
  // Smaller than raw, although every track takes a value at every channel's
  // key times and this clip's channels have unrelated ones: its CUBICSPLINE
  // rotation is sampled at a fixed rate rather than subdivided to 1e-5.
  EXPECT_LT(report.compressed_bytes, report.raw_bytes);
  EXPECT_GT(report.cubic_rate, 0.0f);
  EXPECT_EQ(report.omitted_channels, 1);  // joint 5's translation
  anim::CompressedClipContext context(clip);
  float worst = 0.0f;
  // Forward looping play at 60 Hz through three wraps.
  for (int frame = 0; frame < 400; ++frame) {
    const float t = std::fmod(static_cast<float>(frame) / 60.0f * 1.03f, raw.Duration());
    worst = std::max(worst, ErrorAt(raw, clip, skeleton, t, context));
  }
  // Backward play from the end.
  for (int frame = 0; frame < 150; ++frame) {
    const float t = raw.EndTime() - static_cast<float>(frame) / 70.0f;
    worst = std::max(worst, ErrorAt(raw, clip, skeleton, std::max(t, 0.0f), context));
  }
  // Random seeks, the ends and past them.
  std::mt19937 random(7);
  std::uniform_real_distribution<float> any(-0.5f, 2.5f);
  for (int i = 0; i < 300; ++i)
    worst = std::max(worst, ErrorAt(raw, clip, skeleton, any(random), context));
  for (float t : {0.0f, raw.EndTime(), 1e-6f, raw.EndTime() - 1e-6f}) {
    worst = std::max(worst, ErrorAt(raw, clip, skeleton, t, context));
  }
  EXPECT_LE(worst, kTolerance);
  // The error reported is what this reference measures at the same time.
  anim::CompressedClipContext fresh(clip);
  EXPECT_NEAR(ErrorAt(raw, clip, skeleton, report.error.time, fresh), report.error.max_error,
              1e-6f);
}

// The builder keeps the smallest of its candidates within the tolerance:
// built here one by one (subdivided, then each CUBICSPLINE rate), none that
// is within the tolerance is smaller than what it chose.
TEST(CompressionTest, BuilderKeepsTheSmallestCandidateWithinTolerance) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip raw = BusyClip();
  anim::CompressionReport chosen;
  anim::BuildCompressedClip(raw, skeleton, {}, &chosen);
  ASSERT_LE(chosen.error.max_error, kTolerance);
  int within = 0;
  for (float rate : {-1.0f, 30.0f, 60.0f, 120.0f, 240.0f}) {
    anim::CompressionSettings s;
    s.cubic_rate = rate;  // -1: subdivided, no other candidate
    anim::CompressionReport r;
    anim::BuildCompressedClip(raw, skeleton, s, &r);
    if (r.error.max_error > kTolerance) continue;
    ++within;
    EXPECT_LE(chosen.compressed_bytes, r.compressed_bytes) << rate;
  }
  EXPECT_GE(within, 2);
}

TEST(CompressionTest, ReportedErrorIsTheLargestOverTheSampleTimes) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip raw = BusyClip();
  anim::CompressionSettings coarse;
  coarse.bits = 5;  // far over the tolerance, so the error is clearly visible
  coarse.max_passes = 1;
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, coarse, &report);
  anim::CompressedClipContext context(clip);
  float worst = 0.0f;
  for (float t : anim::ErrorSampleTimes(raw, clip)) {
    worst = std::max(worst, ErrorAt(raw, clip, skeleton, t, context));
  }
  EXPECT_GT(worst, kTolerance);
  EXPECT_NEAR(report.error.max_error, worst, 1e-6f);
}

// Bytes a clip holds besides its tracks, constants, times and stream.
std::size_t Overhead(const std::string& name) {
  return sizeof(anim::CompressedClip) + name.size() + 8;  // 8: the stream's read padding
}

TEST(CompressionTest, ConstantClipIsOneConstantChannel) {
  const anim::Skeleton skeleton = ChainSkeleton(3);
  const std::vector<float> times = Uniform(0.0f, 1.0f, 31);
  anim::JointTracks turned, rest;
  turned.joint = 1;
  turned.rotation = anim::QuaternionTrack(
      Interpolation::kLinear, times,
      std::vector<glm::quat>(31, AboutAxis(0.4f, glm::vec3(0.0f, 0.0f, 1.0f))));
  rest.joint = 2;
  rest.translation = anim::VectorTrack(Interpolation::kLinear, times,
                                       std::vector<glm::vec3>(31, glm::vec3(0.0f, 0.5f, 0.0f)));
  rest.rotation = anim::QuaternionTrack(Interpolation::kLinear, times,
                                        std::vector<glm::quat>(31, glm::quat(1, 0, 0, 0)));
  const anim::Clip raw("held", {turned, rest});
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_EQ(report.animated_tracks, 0);
  EXPECT_EQ(report.constant_channels, 1);
  EXPECT_EQ(report.omitted_channels, 2);
  EXPECT_EQ(clip.ByteSize(), Overhead("held") + anim::CompressedClip::kRotationConstantBytes);
  anim::CompressedClipContext context(clip);
  EXPECT_LE(ErrorAt(raw, clip, skeleton, 0.37f, context), 1e-6f);
}

// A constant rotation is kept as its four components: each of x, y, z and
// w largest in turn comes back as it was (up to sign), as does a constant
// translation.
TEST(CompressionTest, ConstantChannelsComeBackWhicheverComponentIsLargest) {
  const anim::Skeleton skeleton = ChainSkeleton(5);
  const std::vector<float> times = Uniform(0.0f, 1.0f, 11);
  // Half-turns and less about axes near x, y, z, and a small turn (w largest).
  const glm::quat held[4] = {AboutAxis(2.9f, glm::normalize(glm::vec3(1.0f, 0.2f, 0.1f))),
                             AboutAxis(2.7f, glm::normalize(glm::vec3(0.3f, 1.0f, -0.2f))),
                             AboutAxis(3.0f, glm::normalize(glm::vec3(-0.1f, 0.4f, 1.0f))),
                             AboutAxis(0.3f, glm::normalize(glm::vec3(0.5f, -0.6f, 0.7f)))};
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, times,
                                        std::vector<glm::quat>(times.size(), held[j]));
    tracks.push_back(jt);
  }
  const glm::vec3 moved(0.1f, 0.7f, -0.3f);
  tracks[3].translation =
      anim::VectorTrack(Interpolation::kLinear, times, std::vector<glm::vec3>(times.size(), moved));
  const anim::Clip raw("held", tracks);
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  ASSERT_EQ(report.animated_tracks, 0);
  ASSERT_EQ(report.constant_channels, 5);
  EXPECT_EQ(clip.ByteSize(), Overhead("held") + 4 * anim::CompressedClip::kRotationConstantBytes +
                                 anim::CompressedClip::kVectorConstantBytes);
  EXPECT_EQ(clip.RotationConstantCount(), 4);
  anim::CompressedClipContext context(clip);
  const anim::Pose pose = CompressedPose(clip, skeleton, 0.4f, context);
  for (int j = 0; j < 4; ++j) {
    EXPECT_NEAR(std::abs(glm::dot(pose.Local(j).rotation, held[j])), 1.0f, 1e-6f) << j;
  }
  EXPECT_EQ(pose.Local(3).translation, moved);
}

// Bytes of a clip with one animated track and uniform times, besides its
// segments: the object, name, padding, the track's record and one offset
// per segment.
std::size_t OneTrackBytes(const std::string& name, std::size_t track_bytes, int segments) {
  return Overhead(name) + track_bytes + 4u * static_cast<std::size_t>(segments);
}

// The bits of one component's keys in a segment, worked out here from the
// format's description (key_coding.h): `codes` on the grid of step code
// `step` of a clip range `extent` at the keys' `values` (from `min`), the
// first key in the bits its grid needs, the others as differences from a
// straight line through the two keys before (the key before for the
// second), each folded to unsigned (2r, or -2r - 1 below 0) and Rice coded
// with the parameter k that gives the fewest bits: (z >> k) ones, a zero,
// k bits.
int HandCodedBits(int step, float min, float extent, const std::vector<float>& values) {
  const double fraction = std::pow(2.0, -step / 4.0);
  const double levels = std::ceil(1.0 / fraction - 1e-9);
  int first_bits = 0;
  while (std::pow(2.0, first_bits) <= levels) ++first_bits;
  std::vector<long> codes;
  for (float v : values) {
    const double scale = static_cast<double>(extent * static_cast<float>(fraction));
    codes.push_back(std::lround(std::clamp(std::round((v - min) / scale), 0.0, levels)));
  }
  int best = 1 << 30;
  for (int k = 0; k <= 14; ++k) {
    int bits = 0;
    for (std::size_t i = 1; i < codes.size(); ++i) {
      const long prediction = i == 1 ? codes[0] : 2 * codes[i - 1] - codes[i - 2];
      const long r = codes[i] - prediction;
      const long z = r >= 0 ? 2 * r : -2 * r - 1;
      bits += static_cast<int>(z >> k) + 1 + k;
    }
    best = std::min(best, bits);
  }
  bool repeats = true;
  for (long c : codes) repeats = repeats && c == codes[0];
  return first_bits + (repeats ? 0 : best);
}

TEST(CompressionTest, LinearTranslationIsOneKeyPerSegment) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  const std::vector<float> times = Uniform(0.0f, 2.0f, 61);
  std::vector<glm::vec3> p;
  p.reserve(times.size());
  for (float t : times) p.push_back(glm::vec3(t, 0.0f, 0.0f));  // x = t metres
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, times, p);
  const anim::Clip raw("slide", {jt});
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  ASSERT_EQ(clip.TrackCount(), 1);
  // 61 samples in segments of 32: 32 and 29. A straight line needs only
  // each segment's first sample (the next segment's first closes it), and
  // the clip's last sample: 1 + 2 keys.
  ASSERT_EQ(clip.SegmentCount(), 2);
  EXPECT_EQ(report.stored_keys, 3);
  // A segment of one key holds its value as step code 0's 16 bits (x = 0,
  // the clip's minimum); y and z never change over the clip: step code 0
  // and no bits. So 36 header bits and 16 (7 bytes). The last segment's two
  // keys, 32/30 and 2 m, take the bits HandCodedBits works out at the step
  // the search chose.
  EXPECT_EQ(clip.StepCode(0, 0, 0), 0);
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ(clip.StepCode(s, 0, 1), 0);
    EXPECT_EQ(clip.StepCode(s, 0, 2), 0);
  }
  const int step = clip.StepCode(1, 0, 0);
  ASSERT_GT(step, 0);
  // (The clip range 0..2 m is a power of 2^(1/4) as it is.)
  EXPECT_FLOAT_EQ(clip.Track(0).RangeExtent(0), 2.0f);
  const int last_bits = anim::kTrackHeaderBits + HandCodedBits(step, 0.0f, 2.0f, {times[32], 2.0f});
  EXPECT_EQ(clip.ByteSize(), OneTrackBytes("slide", anim::CompressedClip::kVectorTrackBytes, 2) +
                                 7 + (last_bits + 7) / 8);
  anim::CompressedClipContext context(clip);
  for (float t : {0.0f, 0.25f, 1.0f, 1.77f, 2.0f}) {
    const anim::Pose pose = CompressedPose(clip, skeleton, t, context);
    EXPECT_NEAR(pose.Local(0).translation.x, t, 1e-4f);
  }
}

// Joint 0 sliding along x, x(t) at each key time, linearly between.
template <typename X>
anim::JointTracks SlideX(const std::vector<float>& times, X x) {
  std::vector<glm::vec3> p;
  p.reserve(times.size());
  for (float t : times) p.push_back(glm::vec3(x(t), 0.0f, 0.0f));
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, times, p);
  return jt;
}

// A straight line over four samples needs only its two end keys: the key
// stride may reach past the last sample's index (a stride of 4 over samples
// 0..3, the clip's last sample closing it), not stop at 2 (keys 0, 2, 3).
TEST(CompressionTest, FourSampleLineKeepsOnlyItsEndKeys) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(
      anim::Clip("short", {SlideX(Uniform(0.0f, 0.1f, 4), [](float t) { return t; })}), skeleton,
      {}, &report);
  ASSERT_EQ(clip.TrackCount(), 1);
  ASSERT_EQ(report.samples, 4);
  EXPECT_EQ(report.stored_keys, 2);
}

// Keys at uneven times are the sample times, stored as one float each (the
// report's time bytes); even ones are worked out from the clip's ends.
TEST(CompressionTest, UnevenSampleTimesAreStoredOneFloatEach) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  for (const bool even : {false, true}) {
    const std::vector<float> times =
        even ? Uniform(0.0f, 1.0f, 5) : std::vector<float>{0.0f, 0.1f, 0.35f, 0.5f, 1.0f};
    anim::CompressionReport report;
    const anim::CompressedClip clip = anim::BuildCompressedClip(
        anim::Clip("wave", {SlideX(times, [](float t) { return std::sin(7.0f * t); })}), skeleton,
        {}, &report);
    EXPECT_EQ(clip.UniformTimes(), even);
    EXPECT_EQ(report.time_bytes, even ? 0u : 5 * sizeof(float)) << (even ? "even" : "uneven");
  }
}

TEST(CompressionTest, SlowRotationKeepsOnlySegmentEnds) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  const std::vector<float> times = Uniform(0.0f, 1.0f, 31);
  std::vector<glm::quat> q;
  q.reserve(times.size());
  // 30 degrees about z over a second at constant speed: slerp between the ends.
  for (float t : times) q.push_back(AboutAxis(t * kPi / 6.0f, glm::vec3(0.0f, 0.0f, 1.0f)));
  anim::JointTracks jt;
  jt.joint = 0;
  jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, times, q);
  const anim::Clip raw("turn", {jt});
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  ASSERT_EQ(clip.TrackCount(), 1);
  EXPECT_EQ(clip.Track(0).largest, 3);  // w stays largest: dropped for every key
  // One segment of 31 samples: sample 0 and the last: 2 keys.
  ASSERT_EQ(clip.SegmentCount(), 1);
  EXPECT_EQ(report.stored_keys, 2);
  // Stored x and y are always 0: no bits.
  EXPECT_EQ(clip.StepCode(0, 0, 0), 0);
  EXPECT_EQ(clip.StepCode(0, 0, 1), 0);
  // z, sin(angle / 2), from 0 to sin(15 degrees), in a clip range rounded
  // up to a power of 2^(1/4): the header and the two keys.
  const int step = clip.StepCode(0, 0, 2);
  ASSERT_GT(step, 0);
  const float z_end = q.back().z;
  const auto extent = static_cast<float>(std::pow(2.0, std::ceil(4.0 * std::log2(z_end)) / 4.0));
  EXPECT_NEAR(clip.Track(0).RangeExtent(2), extent, 1e-6f * extent);
  EXPECT_EQ(
      clip.ByteSize(),
      OneTrackBytes("turn", anim::CompressedClip::kRotationTrackBytes, 1) +
          (anim::kTrackHeaderBits + HandCodedBits(step, 0.0f, extent, {0.0f, z_end}) + 7) / 8);
  anim::CompressedClipContext context(clip);
  for (float t : {0.1f, 0.5f, 0.93f}) {
    const anim::Pose pose = CompressedPose(clip, skeleton, t, context);
    EXPECT_LT(std::abs(glm::angle(pose.Local(0).rotation) - t * kPi / 6.0f), 2e-4f);
  }
}

// Four rotation tracks are sampled as one group of lanes: three that keep
// a key every sample share the clip's interval, the fourth (a constant-speed
// turn, keys at its segment's ends) must interpolate over its own keys.
TEST(CompressionTest, StridedTrackAmongEveryKeyTracksKeepsItsOwnInterval) {
  const anim::Skeleton skeleton = ChainSkeleton(4);
  const std::vector<float> times = Uniform(0.0f, 1.0f, 31);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = LinearRotations(times, [j](float t) {
      return j < 3 ? AboutAxis(0.7f * std::sin(2.0f * kPi * t * (1.0f + 0.5f * j)),
                               glm::vec3(1.0f, 0.2f * j, 0.4f))
                   : AboutAxis(t * kPi / 6.0f, glm::vec3(0.0f, 0.0f, 1.0f));
    });
    tracks.push_back(jt);
  }
  const anim::Clip raw("strided", tracks);
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  // The layout this test is about: joints 0 to 3 in one group of lanes,
  // the first three at a key every sample, the fourth strided.
  ASSERT_EQ(clip.RotationTrackCount(), 4);
  for (int t = 0; t < 4; ++t) ASSERT_EQ(clip.Track(t).joint, t);
  for (int t = 0; t < 3; ++t) ASSERT_EQ(clip.SegmentStride(0, t), 1);
  ASSERT_GT(clip.SegmentStride(0, 3), 1);
  anim::CompressedClipContext context(clip);
  for (int step = 0; step <= 60; ++step) {  // forward at 60 Hz over 30 Hz samples
    const float t = static_cast<float>(step) / 60.0f;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << t;
  }
}

TEST(CompressionTest, StepJumpsAtItsKeyTimes) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  const std::vector<float> times{0.0f, 0.25f, 0.5f, 1.0f};
  const std::vector<glm::vec3> values{glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f),
                                      glm::vec3(0.3f, 0.2f, 0.0f), glm::vec3(-0.1f, 0.0f, 0.4f)};
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(Interpolation::kStep, times, values);
  const anim::Clip raw("steps", {jt});
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  anim::CompressedClipContext context(clip);
  for (int k = 0; k < 4; ++k) {
    // At the key time itself the new value holds (STEP: the last key at or before t)...
    const glm::vec3 at = CompressedPose(clip, skeleton, times[k], context).Local(1).translation;
    EXPECT_LE(glm::distance(at, values[k]), kTolerance) << "key " << k;
    // The same when the key time is reached by a seek (a fresh cursor searches).
    anim::CompressedClipContext seek(clip);
    const glm::vec3 sought = CompressedPose(clip, skeleton, times[k], seek).Local(1).translation;
    EXPECT_LE(glm::distance(sought, values[k]), kTolerance) << "seek to key " << k;
    if (k == 0) continue;
    // ...just before it the previous one, and half way between keys too.
    const float before = std::nextafter(times[k], 0.0f);
    const glm::vec3 prev = CompressedPose(clip, skeleton, before, context).Local(1).translation;
    EXPECT_LE(glm::distance(prev, values[k - 1]), kTolerance) << "before key " << k;
    const float mid = 0.5f * (times[k - 1] + times[k]);
    const glm::vec3 half = CompressedPose(clip, skeleton, mid, context).Local(1).translation;
    EXPECT_LE(glm::distance(half, values[k - 1]), kTolerance) << "between keys " << k;
  }
}

TEST(CompressionTest, CubicSplineWithinTolerance) {
  const anim::Skeleton skeleton = ChainSkeleton(3);
  const std::vector<float> times{0.0f, 0.5f, 1.2f, 1.5f};
  std::vector<glm::vec3> v;
  for (int k = 0; k < 4; ++k) {
    const glm::vec3 tangent(1.5f * (k % 2 ? -1.0f : 1.0f), 0.7f, 0.0f);
    v.insert(v.end(), {tangent, glm::vec3(0.1f * k, 0.5f + 0.05f * k, 0.0f), tangent});
  }
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(Interpolation::kCubicSpline, times, v);
  const anim::Clip raw("curve", {jt});
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  anim::CompressedClipContext context(clip);
  for (int i = 0; i <= 600; ++i) {
    const float t = 1.5f * static_cast<float>(i) / 600.0f;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << "t = " << t;
  }
}

TEST(CompressionTest, SingleKeyAndSingleJointClips) {
  const anim::Skeleton one = ChainSkeleton(1);
  anim::JointTracks jt;
  jt.joint = 0;
  jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, {0.5f},
                                      {AboutAxis(1.0f, glm::vec3(0.0f, 1.0f, 0.0f))});
  const anim::Clip single("single", {jt});
  const anim::CompressedClip clip = anim::BuildCompressedClip(single, one);
  EXPECT_EQ(clip.TrackCount(), 0);
  EXPECT_EQ(clip.ConstantCount(), 1);
  anim::CompressedClipContext context(clip);
  for (float t : {0.0f, 0.5f, 3.0f}) EXPECT_LE(ErrorAt(single, clip, one, t, context), 1e-6f);

  jt.rotation = anim::QuaternionTrack(
      Interpolation::kLinear, Uniform(0.0f, 1.0f, 5),
      {AboutAxis(0.0f, glm::vec3(0, 1, 0)), AboutAxis(0.9f, glm::vec3(0, 1, 0)),
       AboutAxis(0.1f, glm::vec3(1, 0, 0)), AboutAxis(2.0f, glm::vec3(0, 0, 1)),
       AboutAxis(-2.5f, glm::vec3(1, 1, 0))});
  const anim::Clip wild("wild", {jt});
  const anim::CompressedClip wild_clip = anim::BuildCompressedClip(wild, one);
  anim::CompressedClipContext wild_context(wild_clip);
  for (int i = 0; i <= 200; ++i) {
    const float t = static_cast<float>(i) / 200.0f;
    ASSERT_LE(ErrorAt(wild, wild_clip, one, t, wild_context), kTolerance) << t;
  }
}

TEST(CompressionTest, TenThousandKeys) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  const std::vector<float> times = Uniform(0.0f, 100.0f, 10000);
  std::vector<glm::vec3> p;
  std::vector<glm::quat> q;
  for (float t : times) {
    p.push_back(glm::vec3(std::sin(t), 0.3f * std::cos(2.7f * t), 0.01f * t));
    q.push_back(AboutAxis(std::sin(0.5f * t), glm::vec3(0.2f, 1.0f, 0.1f)));
  }
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, times, p);
  jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, times, q);
  const anim::Clip raw("long", {jt});
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_LE(report.error.max_error, kTolerance);
  ExpectWithinToleranceAtRandomTimes(raw, clip, skeleton, 500, 3);
}

TEST(CompressionTest, KeyReducedAndUniformLayoutsGiveTheSamePoses) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip uniform = BusyClip();
  const anim::Clip reduced = anim::ReduceKeys(uniform, 0.0f);
  const anim::CompressedClip a = anim::BuildCompressedClip(uniform, skeleton);
  const anim::CompressedClip b = anim::BuildCompressedClip(reduced, skeleton);
  anim::CompressedClipContext ca(a), cb(b);
  for (int i = 0; i <= 500; ++i) {
    const float t = 2.0f * static_cast<float>(i) / 500.0f;
    const float d = VirtualPointError(ModelMatrices(CompressedPose(a, skeleton, t, ca)),
                                      ModelMatrices(CompressedPose(b, skeleton, t, cb)));
    // Each is within the tolerance of the raw clip, so within twice of each other.
    ASSERT_LE(d, 2.0f * kTolerance) << t;
    ASSERT_LE(ErrorAt(uniform, b, skeleton, t, cb), kTolerance) << t;
  }
}

TEST(CompressionTest, SampledQuaternionsAreUnitLength) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  anim::CompressionSettings coarse;
  coarse.bits = 3;  // far from the keys' values: normalisation must still hold
  const anim::CompressedClip clip = anim::BuildCompressedClip(BusyClip(), skeleton, coarse);
  anim::CompressedClipContext context(clip);
  for (int i = 0; i <= 100; ++i) {
    const anim::Pose pose =
        CompressedPose(clip, skeleton, 2.0f * static_cast<float>(i) / 100.0f, context);
    for (int j = 0; j < pose.JointCount(); ++j) {
      ASSERT_NEAR(glm::length(pose.Local(j).rotation), 1.0f, 1e-6f) << j;
    }
  }
}

TEST(CompressionTest, EachTechniqueCanBeTurnedOffAndStaysWithinTolerance) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip raw = BusyClip();
  anim::CompressionReport all, no_omit, no_reduce, fixed;
  anim::BuildCompressedClip(raw, skeleton, {}, &all);
  anim::CompressionSettings s;
  s.omit_channels = false;
  anim::BuildCompressedClip(raw, skeleton, s, &no_omit);
  s = {};
  s.key_strides = false;
  anim::BuildCompressedClip(raw, skeleton, s, &no_reduce);
  s = {};
  s.bits = anim::kMaxComponentBits;  // the most any track may take
  anim::BuildCompressedClip(raw, skeleton, s, &fixed);
  EXPECT_EQ(no_omit.omitted_channels, 0);
  EXPECT_GT(no_omit.compressed_bytes, all.compressed_bytes);
  EXPECT_GT(no_reduce.stored_keys, all.stored_keys);
  EXPECT_GT(no_reduce.compressed_bytes, all.compressed_bytes);
  EXPECT_GT(fixed.compressed_bytes, all.compressed_bytes);
  for (const auto* r : {&no_omit, &no_reduce, &fixed}) {
    EXPECT_LE(r->error.max_error, kTolerance);
  }
}

// Twelve joints waving at different speeds, keys at 30 a second for 3 s.
anim::Clip WaveClip(int joints) {
  std::vector<float> times = Uniform(0.0f, 3.0f, 91);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < joints; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::quat> q;
    q.reserve(times.size());
    for (float t : times) {
      q.push_back(
          AboutAxis(0.5f * std::sin((1.0f + 0.3f * j) * t + j), glm::vec3(0.2f, 1.0f, 0.1f * j)));
    }
    jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, times, q);
    tracks.push_back(jt);
  }
  return anim::Clip("wave", tracks);
}

TEST(CompressionTest, ForwardPlayDecodesOneKeyPerTrackPerSampleCrossed) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  anim::CompressionSettings settings;
  settings.key_strides = false;  // a key at every sample: every track crosses together
  const anim::CompressedClip clip = anim::BuildCompressedClip(WaveClip(12), skeleton, settings);
  const auto tracks = static_cast<long>(clip.TrackCount());
  ASSERT_EQ(tracks, 12);
  anim::CompressedClipContext context(clip);
  anim::SoaPose pose(skeleton.RestPose());
  // From t = 0.001 s forward at 60 Hz up to 2.5 s: the first call finds its
  // interval (two keys per track); then each of the 74 samples crossed on
  // the way (1/30 s to 74/30 s) costs one key per track, nothing else.
  long expected = 2 * tracks;
  for (int frame = 0; frame <= 149; ++frame) {
    const float t = 0.001f + static_cast<float>(frame) / 60.0f;
    anim::SampleCompressedClip(clip, t, context, pose);
  }
  expected += 74 * tracks;
  EXPECT_EQ(context.DecodedKeys(), expected);
  // A seek backwards decodes both keys of every track again.
  anim::SampleCompressedClip(clip, 0.5f, context, pose);
  EXPECT_EQ(context.DecodedKeys(), expected + 2 * tracks);
}

// The sampler finds each track's keys in a segment from the clip's headers
// (where they start, their bits and decoding); CompressedClip::DecodeKey
// works the same key out on its own, walking the headers of every track
// before it. At a sample time the pose is the key itself. Two contexts on
// one clip, one playing forward and one backward, interleaved, across
// segments of 4 samples: each must give every track's own key.
// Plays `forward` from the first sample to the last and `backward` the
// other way, both on a WaveClip(12) compressed as `clip`: each sample gives
// each track the key DecodeKey decodes there, and between samples both stay
// within the tolerance of the raw clip.
void ExpectEachSampleItsDecodedKey(const anim::CompressedClip& clip, const anim::Skeleton& skeleton,
                                   anim::CompressedClipContext& forward,
                                   anim::CompressedClipContext& backward) {
  anim::SoaPose pose_f(skeleton.RestPose()), pose_b(skeleton.RestPose());
  const int samples = clip.SampleCount();
  int compared = 0;
  for (int i = 0; i < samples; ++i) {
    const int kf = i, kb = samples - 1 - i;
    anim::SampleCompressedClip(clip, clip.SampleTime(kf), forward, pose_f);
    anim::SampleCompressedClip(clip, clip.SampleTime(kb), backward, pose_b);
    for (int t = 0; t < clip.TrackCount(); ++t) {
      const int joint = clip.Track(t).joint;
      for (const auto& [k, pose] : {std::pair{kf, &pose_f}, std::pair{kb, &pose_b}}) {
        const int segment = std::min(k / clip.SegmentLength(), clip.SegmentCount() - 1);
        const int local = k - segment * clip.SegmentLength();
        const int stride = clip.SegmentStride(segment, t);
        const bool last = segment + 1 == clip.SegmentCount();
        if (local % stride != 0 && !(last && local == clip.SegmentSamples(segment) - 1)) continue;
        float key[4];
        clip.DecodeKey(t, k, key);
        const float sign = key[3] * pose->Channel(anim::kQw)[joint] < 0.0f ? -1.0f : 1.0f;
        for (int c = 0; c < 4; ++c) {
          ASSERT_NEAR(pose->Channel(anim::kQx + c)[joint], sign * key[c], 2e-6f)
              << "track " << t << " sample " << k << " component " << c;
        }
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, samples * 2);
  // Each context stays within the tolerance of the raw clip between samples.
  const anim::Clip raw = WaveClip(12);
  for (int i = 0; i + 1 < samples; ++i) {
    const float tf = 0.5f * (clip.SampleTime(i) + clip.SampleTime(i + 1));
    const float tb = raw.EndTime() - tf;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, tf, forward), kTolerance) << tf;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, tb, backward), kTolerance) << tb;
  }
}

// WaveClip(12) in segments of 4 samples (more than 10 of them).
anim::CompressedClip ShortSegmentWaveClip(const anim::Skeleton& skeleton) {
  anim::CompressionSettings settings;
  settings.segment_length = 4;
  return anim::BuildCompressedClip(WaveClip(12), skeleton, settings);
}

TEST(CompressionTest, TwoContextsOnOneClipGiveEachSampleItsDecodedKey) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::CompressedClip clip = ShortSegmentWaveClip(skeleton);
  ASSERT_GT(clip.SegmentCount(), 10);
  anim::CompressedClipContext forward(clip), backward(clip);
  ExpectEachSampleItsDecodedKey(clip, skeleton, forward, backward);
}

// Contexts reading each segment's decodings from one table made for the
// clip sample the same keys as contexts that work them out themselves, and
// keep less: their keys only.
TEST(CompressionTest, ContextsSharingTheClipsDecodingsGiveEachSampleItsDecodedKey) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::CompressedClip clip = ShortSegmentWaveClip(skeleton);
  ASSERT_GT(clip.SegmentCount(), 10);
  const anim::CompressedClipDecodings decodings(clip);
  anim::CompressedClipContext forward(clip, &decodings), backward(clip, &decodings);
  ExpectEachSampleItsDecodedKey(clip, skeleton, forward, backward);
  // Per lane (rotation tracks, then the other tracks, each padded to 4) 6
  // floats of decodings and 3 ints (first key bit, first residual bit,
  // layout) fewer, and per four rotation lanes the int saying whether their
  // joints follow one another (the table holds it).
  const anim::CompressedClipContext own(clip);
  const int rotation_lanes = (clip.RotationTrackCount() + 3) / 4 * 4;
  const int lanes = rotation_lanes + (clip.TrackCount() - clip.RotationTrackCount() + 3) / 4 * 4;
  EXPECT_EQ(own.ByteSize() - forward.ByteSize(),
            static_cast<std::size_t>(lanes * 9 + rotation_lanes / 4) * 4);
}

// Decodings holding every sample decoded: contexts bound to them
// interpolate rows instead of decoding Rice codes, and still give each
// sample its key.
TEST(CompressionTest, ContextsOnSampledKeysGiveEachSampleItsDecodedKey) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::CompressedClip clip = ShortSegmentWaveClip(skeleton);
  ASSERT_GT(clip.SegmentCount(), 10);
  const anim::CompressedClipDecodings decodings(clip, anim::CompressedKeys::kSampled);
  ASSERT_TRUE(decodings.HasSampledKeys());
  anim::CompressedClipContext forward(clip, &decodings), backward(clip, &decodings);
  ExpectEachSampleItsDecodedKey(clip, skeleton, forward, backward);
  // Such a context keeps nothing per track: no allocation of its own for a
  // crowd's frame to miss on.
  EXPECT_EQ(forward.ByteSize(), sizeof(anim::CompressedClipContext));
}

// Four joints turned near half a turn about x, y and z (so a component
// other than w is the largest: the clip stores which) and one near rest,
// slow enough for keys a stride apart, 38 samples at 30 a second: in
// segments of 8 the last has 6 samples, so a stride of 2 or 4 leaves it a
// last key off its stride.
anim::Clip TurnedClip() {
  const std::vector<float> times = Uniform(0.0f, 37.0f / 30.0f, 38);
  const glm::vec3 axes[4] = {{1, 0, 0}, {0, 1, 0}, {0, 0.2f, 1}, {0.3f, 1, 0}};
  const float base[4] = {0.95f * kPi, 1.05f * kPi, 0.9f * kPi, 0.1f};
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = LinearRotations(times, [&](float t) {
      return AboutAxis(base[j] + 0.3f * std::sin((0.7f + 0.4f * j) * t), axes[j]);
    });
    tracks.push_back(jt);
  }
  return anim::Clip("turned", tracks);
}

// 854 times through `raw`'s clip: forward play looping through wraps,
// backward play, random seeks before, in and past the clip, and its ends.
template <typename At>
void ForEachPlayTime(const anim::Clip& raw, At&& at) {
  for (int frame = 0; frame < 400; ++frame) {
    at(std::fmod(static_cast<float>(frame) / 60.0f * 1.03f, raw.Duration()));
  }
  for (int frame = 0; frame < 150; ++frame) {
    at(std::max(raw.EndTime() - static_cast<float>(frame) / 70.0f, 0.0f));
  }
  std::mt19937 random(11);
  std::uniform_real_distribution<float> any(-0.5f, 2.5f);
  for (int i = 0; i < 300; ++i) at(any(random));
  for (float t : {0.0f, raw.EndTime(), 1e-6f, raw.EndTime() - 1e-6f}) at(t);
}

// The same play through a context that decodes its keys and one bound to
// sampled keys (every track at every sample, CompressedKeys::kSampled). With
// every track keyed at every sample (`bitwise`) the rows are the keys and
// the poses are the same to the bit; with tracks keyed every 2, 4...
// samples, the rows between keys lie on the same line or arc and the poses
// agree within float rounding. Either way each pose is within the
// tolerance of the raw clip. The table holds a row of every track's lanes
// (rotations four floats, translations and scales three, each kind padded
// to four lanes) per sample; the context keeps no keys.
void ExpectSampledKeysSampleTheCodedPoses(const anim::Clip& raw, const anim::CompressedClip& clip,
                                          const anim::Skeleton& skeleton, bool bitwise) {
  const anim::CompressedClipDecodings coded(clip);
  const anim::CompressedClipDecodings sampled(clip, anim::CompressedKeys::kSampled);
  EXPECT_FALSE(coded.HasSampledKeys());
  ASSERT_TRUE(sampled.HasSampledKeys());
  const long rotation_lanes = (clip.RotationTrackCount() + 3) / 4 * 4;
  const long vector_lanes = (clip.TrackCount() - clip.RotationTrackCount() + 3) / 4 * 4;
  // The coded decodings: per segment three ints (first bits, residual bits,
  // layouts) and six floats (offsets, scales) a lane, and one int per four
  // rotation lanes (whether their joints follow one another).
  const long per_segment = 9 * (rotation_lanes + vector_lanes) * 4;
  EXPECT_EQ(coded.ByteSize(), sizeof(anim::CompressedClipDecodings) +
                                  static_cast<std::size_t>(clip.SegmentCount() * per_segment +
                                                           rotation_lanes / 4 * 4));
  EXPECT_EQ(
      sampled.ByteSize() - coded.ByteSize(),
      static_cast<std::size_t>(clip.SampleCount() * (4 * rotation_lanes + 3 * vector_lanes) * 4));

  anim::CompressedClipContext own(clip), on_coded(clip, &coded), on_rows(clip, &sampled);
  EXPECT_LT(on_rows.ByteSize(), on_coded.ByteSize());
  anim::SoaPose a(skeleton.RestPose()), b(skeleton.RestPose());
  int compared = 0;
  float largest_difference = 0.0f;
  const auto same_at = [&](float t) {
    anim::SampleCompressedClip(clip, t, own, a);
    anim::SampleCompressedClip(clip, t, on_rows, b);
    for (int c = 0; c < anim::kSoaChannels; ++c) {
      for (int j = 0; j < a.JointCount(); ++j) {
        const float x = a.Channel(c)[j], y = b.Channel(c)[j];
        if (bitwise) {
          ASSERT_EQ(std::bit_cast<std::uint32_t>(x), std::bit_cast<std::uint32_t>(y))
              << raw.Name() << " t " << t << " channel " << c << " joint " << j << ": " << x
              << " against " << y;
        }
        ASSERT_NEAR(x, y, 2e-6f * std::max(1.0f, std::abs(x)))
            << raw.Name() << " t " << t << " channel " << c << " joint " << j;
        largest_difference = std::max(largest_difference, std::abs(x - y));
      }
    }
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, on_rows), kTolerance) << raw.Name() << " t " << t;
    ++compared;
  };
  ForEachPlayTime(raw, same_at);
  EXPECT_EQ(compared, 854);
  EXPECT_EQ(on_rows.DecodedKeys(), 0);  // it reads rows, never a key
  // Strided tracks are interpolated between rows of their own line, not
  // copied: not to the bit.
  if (!bitwise) {
    EXPECT_GT(largest_difference, 0.0f) << raw.Name();
  }
}

// Whether any track of the clip is keyed less often than every sample.
bool HasStridedTracks(const anim::CompressedClip& clip) {
  for (int s = 0; s < clip.SegmentCount(); ++s) {
    for (int t = 0; t < clip.TrackCount(); ++t) {
      if (clip.SegmentStride(s, t) > 1) return true;
    }
  }
  return false;
}

TEST(CompressionTest, SampledKeysSampleTheCodedPoses) {
  anim::CompressionSettings settings;
  settings.segment_length = 8;
  // Every channel kind (STEP jumps: two samples at one time), uneven times.
  const anim::Skeleton busy_skeleton = ChainSkeleton(6);
  const anim::Clip busy = BusyClip();
  const anim::CompressedClip busy_clip = anim::BuildCompressedClip(busy, busy_skeleton, settings);
  ASSERT_FALSE(busy_clip.UniformTimes());
  ASSERT_TRUE(HasStridedTracks(busy_clip));
  ExpectSampledKeysSampleTheCodedPoses(busy, busy_clip, busy_skeleton, false);
  // Largest components other than w, last keys off their stride.
  const anim::Skeleton turned_skeleton = ChainSkeleton(4);
  const anim::Clip turned = TurnedClip();
  const anim::CompressedClip turned_clip =
      anim::BuildCompressedClip(turned, turned_skeleton, settings);
  ASSERT_TRUE(HasStridedTracks(turned_clip));
  const int last = turned_clip.SegmentCount() - 1;
  ASSERT_EQ(turned_clip.SegmentSamples(last), 6);
  std::set<int> largest;
  bool off_stride = false;
  for (int t = 0; t < turned_clip.TrackCount(); ++t) {
    largest.insert(turned_clip.Track(t).largest);
    off_stride = off_stride || 5 % turned_clip.SegmentStride(last, t) != 0;
  }
  EXPECT_GE(largest.size(), 3u);
  EXPECT_TRUE(off_stride);
  ExpectSampledKeysSampleTheCodedPoses(turned, turned_clip, turned_skeleton, false);
  // A key at every sample: the rows are the keys.
  settings.key_strides = false;
  const anim::CompressedClip every_busy = anim::BuildCompressedClip(busy, busy_skeleton, settings);
  ASSERT_FALSE(HasStridedTracks(every_busy));
  ExpectSampledKeysSampleTheCodedPoses(busy, every_busy, busy_skeleton, true);
  const anim::CompressedClip every_turned =
      anim::BuildCompressedClip(turned, turned_skeleton, settings);
  ExpectSampledKeysSampleTheCodedPoses(turned, every_turned, turned_skeleton, true);
}

TEST(CompressionTest, DecodingsOfAnotherClipAreRefusedNamingBothClips) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::CompressedClip a = anim::BuildCompressedClip(WaveClip(12), skeleton);
  const anim::CompressedClip b = anim::BuildCompressedClip(BusyClip(), ChainSkeleton(6));
  ASSERT_NE(a.Name(), b.Name());
  const anim::CompressedClipDecodings of_a(a);
  anim::CompressedClipContext context;
  anim::SoaPose pose = ChainSkeleton(6).RestPose();
  const anim::CompressedSamplingJob job{&b, 0.0f, &context, &pose};
  EXPECT_EQ(context.Bind(b), "");
  EXPECT_TRUE(job.Run());
  EXPECT_EQ(context.Bind(b, &of_a), "the shared decodings of clip '" + std::string(a.Name()) +
                                        "' given for clip '" + std::string(b.Name()) + "'");
  // Left unbound (not bound to b as before), the sampling job refuses the
  // context instead of reading another clip's decodings.
  EXPECT_FALSE(context.BoundTo(b));
  EXPECT_FALSE(job.Run());
  EXPECT_EQ(context.Bind(a, &of_a), "");
  EXPECT_TRUE(context.BoundTo(a));
}

// The context holds per track its keys, never anything per segment: its
// size is the same for a clip of 4 segments and one of 46.
TEST(CompressionTest, ContextSizeDoesNotGrowWithSegments) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  anim::CompressionSettings few, many;
  few.segment_length = 30;
  many.segment_length = 2;
  const anim::CompressedClip a = anim::BuildCompressedClip(WaveClip(12), skeleton, few);
  const anim::CompressedClip b = anim::BuildCompressedClip(WaveClip(12), skeleton, many);
  ASSERT_EQ(a.SegmentCount(), 4);
  ASSERT_EQ(b.SegmentCount(), 46);
  anim::CompressedClipContext ca(a), cb(b);
  anim::SoaPose pose(skeleton.RestPose());
  anim::SampleCompressedClip(a, 1.5f, ca, pose);
  anim::SampleCompressedClip(b, 1.5f, cb, pose);
  EXPECT_EQ(ca.ByteSize(), cb.ByteSize());
}

// A fixed precision of b bits comes back from the packed headers as step
// code 4 * b (steps of 2^-b of the clip range; components that never
// change: 0), with stride 1, and the clip stays within what that allows.
TEST(CompressionTest, FixedPrecisionsComeBackFromThePackedHeaders) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  for (int b = 1; b <= anim::kMaxComponentBits; ++b) {
    anim::CompressionSettings settings;
    settings.bits = b;
    settings.segment_length = 8;
    const anim::CompressedClip clip = anim::BuildCompressedClip(WaveClip(12), skeleton, settings);
    int changing = 0;
    for (int s = 0; s < clip.SegmentCount(); ++s) {
      for (int t = 0; t < clip.TrackCount(); ++t) {
        EXPECT_EQ(clip.SegmentStride(s, t), 1) << b;
        for (int c = 0; c < 3; ++c) {
          const int step = clip.StepCode(s, t, c);
          if (clip.Track(t).RangeExtent(c) > 0.0f) {
            ASSERT_EQ(step, 4 * b) << "bits " << b << " segment " << s << " track " << t;
            ++changing;
          } else {
            ASSERT_EQ(step, 0);
          }
        }
      }
    }
    EXPECT_GT(changing, 0);
    if (b >= 16) ExpectWithinToleranceAtRandomTimes(WaveClip(12), clip, skeleton, 50, b);
  }
}

TEST(CompressionTest, EverySegmentLengthStaysWithinToleranceAtItsBoundaries) {
  const anim::Skeleton skeleton = ChainSkeleton(6);
  const anim::Clip raw = BusyClip();
  for (int length : {0, 1, 2, 3, 5, 16, 64}) {
    anim::CompressionSettings settings;
    settings.segment_length = length;
    anim::CompressionReport report;
    const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, settings, &report);
    ASSERT_LE(report.error.max_error, kTolerance) << length;
    // Every sample time, the midpoints, and a hair either side of each, in
    // forward play, then the same backwards, then each on its own (a seek).
    std::vector<float> times;
    for (int k = 0; k < clip.SampleCount(); ++k) {
      const float t = clip.SampleTime(k);
      times.insert(times.end(), {std::nextafter(t, -1.0f), t, std::nextafter(t, 10.0f)});
      if (k + 1 < clip.SampleCount()) times.push_back(0.5f * (t + clip.SampleTime(k + 1)));
    }
    anim::CompressedClipContext forward(clip), backward(clip);
    float worst = 0.0f;
    for (float t : times) worst = std::max(worst, ErrorAt(raw, clip, skeleton, t, forward));
    for (auto it = times.rbegin(); it != times.rend(); ++it)
      worst = std::max(worst, ErrorAt(raw, clip, skeleton, *it, backward));
    for (std::size_t i = 0; i < times.size(); ++i) {
      anim::CompressedClipContext seek(clip);
      worst = std::max(worst, ErrorAt(raw, clip, skeleton, times[i], seek));
    }
    EXPECT_LE(worst, kTolerance) << "segment length " << length;
  }
}

TEST(CompressionTest, UniformWaveClipIsSmallerThanRawAndWithinTolerance) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::Clip raw = WaveClip(12);
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_TRUE(clip.UniformTimes());  // 91 keys a 30th of a second apart: two floats
  EXPECT_EQ(report.time_bytes, 0u);
  EXPECT_LE(report.error.max_error, kTolerance);
  // Raw: 160 bits a key (a time and four floats). Compressed: at most 16
  // bits for each of three components (where the search starts) and a
  // 9-byte header per 16 keys, 52.5 bits a key: under a third.
  EXPECT_LT(report.compressed_bytes * 3, report.raw_bytes);
  ExpectWithinToleranceAtRandomTimes(raw, clip, skeleton, 300, 9);
}

// The build asks `cancelled` before each segment's search and each
// measurement, and stops at the first that says so with an empty clip; a
// callback that never does changes nothing.
// Segments are searched on several threads at once; each search touches
// only its own samples, so the clip is the same whatever the count: the
// same bytes, the same precision and stride per track per segment, and the
// same pose to the bit at every time.
TEST(CompressionTest, TheClipIsTheSameOnAnyNumberOfThreads) {
  struct Case {
    anim::Skeleton skeleton;
    anim::Clip raw;
  };
  const Case cases[] = {{ChainSkeleton(12), WaveClip(12)}, {ChainSkeleton(6), BusyClip()}};
  for (const Case& c : cases) {
    anim::CompressionReport one_report;
    const anim::CompressedClip one = anim::BuildCompressedClip(c.raw, c.skeleton, {}, &one_report);
    ASSERT_GE(one_report.segments, 2) << c.raw.Name();
    for (const int threads : {2, 3, 8, 0}) {
      SCOPED_TRACE(c.raw.Name() + ", " + std::to_string(threads) + " threads");
      anim::CompressionSettings settings;
      settings.threads = threads;
      anim::CompressionReport report;
      const anim::CompressedClip many =
          anim::BuildCompressedClip(c.raw, c.skeleton, settings, &report);
      EXPECT_EQ(report.compressed_bytes, one_report.compressed_bytes);
      EXPECT_EQ(report.passes, one_report.passes);
      ASSERT_EQ(many.SegmentCount(), one.SegmentCount());
      ASSERT_EQ(many.TrackCount(), one.TrackCount());
      for (int s = 0; s < one.SegmentCount(); ++s) {
        for (int t = 0; t < one.TrackCount(); ++t) {
          EXPECT_EQ(many.SegmentStride(s, t), one.SegmentStride(s, t)) << s << " " << t;
          for (int k = 0; k < 3; ++k) EXPECT_EQ(many.StepCode(s, t, k), one.StepCode(s, t, k));
        }
      }
      anim::CompressedClipContext one_context(one), many_context(many);
      for (int i = 0; i <= 200; ++i) {
        const float t = c.raw.StartTime() + c.raw.Duration() * static_cast<float>(i) / 200.0f;
        const anim::Pose a = CompressedPose(one, c.skeleton, t, one_context);
        const anim::Pose b = CompressedPose(many, c.skeleton, t, many_context);
        for (int j = 0; j < a.JointCount(); ++j) {
          ASSERT_EQ(a.Local(j).translation, b.Local(j).translation) << t << " joint " << j;
          ASSERT_EQ(a.Local(j).rotation, b.Local(j).rotation) << t << " joint " << j;
          ASSERT_EQ(a.Local(j).scale, b.Local(j).scale) << t << " joint " << j;
        }
      }
    }
  }
}

// Many clips built at once, whole clips on the threads (costliest first):
// each result is the clip BuildCompressedClip makes of the clip at its
// index, whatever the threads and the memory allowed (1 byte: one clip at
// a time).
TEST(CompressionTest, ClipsBuiltAtOnceAreEachTheClipBuiltAlone) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::Clip clips[] = {WaveClip(5), WaveClip(8), WaveClip(12)};
  const std::vector<const anim::Clip*> pointers = {&clips[0], &clips[1], &clips[2]};
  std::vector<anim::CompressedClip> alone;
  std::vector<std::size_t> alone_bytes;
  for (const anim::Clip& clip : clips) {
    anim::CompressionReport report;
    alone.push_back(anim::BuildCompressedClip(clip, skeleton, {}, &report));
    alone_bytes.push_back(report.compressed_bytes);
  }
  const std::pair<int, std::size_t> runs[] = {{1, 0}, {3, 0}, {3, 1}};
  for (const auto& [threads, max_bytes] : runs) {
    SCOPED_TRACE(std::to_string(threads) + " threads, limit " + std::to_string(max_bytes));
    anim::CompressionSettings settings;
    settings.threads = threads;
    const std::vector<anim::BatchBuildResult> built =
        anim::BuildCompressedClips(pointers, skeleton, settings, max_bytes);
    ASSERT_EQ(built.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(built[i].report.compressed_bytes, alone_bytes[i]) << i;
      EXPECT_EQ(built[i].clip.TrackCount(), alone[i].TrackCount()) << i;
      EXPECT_GT(built[i].seconds, 0.0);
      anim::CompressedClipContext a(alone[i]), b(built[i].clip);
      for (int k = 0; k <= 40; ++k) {
        const float t = clips[i].TimeAtPhase(static_cast<float>(k) / 40.0f);
        const anim::Pose pa = CompressedPose(alone[i], skeleton, t, a);
        const anim::Pose pb = CompressedPose(built[i].clip, skeleton, t, b);
        for (int j = 0; j < pa.JointCount(); ++j) {
          ASSERT_EQ(pa.Local(j).rotation, pb.Local(j).rotation) << i << " " << t << " " << j;
          ASSERT_EQ(pa.Local(j).translation, pb.Local(j).translation) << i << " " << t;
        }
      }
    }
  }
  EXPECT_TRUE(anim::BuildCompressedClips({}, skeleton, {}).empty());
}

// Cancelled on several threads: each thread asks before each segment it
// takes, and none takes another once one was told to stop.
TEST(CompressionTest, ACancelledBuildOnSeveralThreadsStops) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::Clip raw = WaveClip(12);  // 3 segments
  std::atomic<int> calls{0};
  anim::CompressionSettings settings;
  settings.threads = 4;
  settings.cancelled = [&calls] { return ++calls > 0; };
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, settings, &report);
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(clip.JointCount(), 0);
  EXPECT_GE(calls.load(), 1);
  EXPECT_LE(calls.load(), 3);  // at most one check per thread that found a segment
}

TEST(CompressionTest, ACancelledBuildStopsAtTheCheckThatSaysSo) {
  const anim::Skeleton skeleton = ChainSkeleton(12);
  const anim::Clip raw = WaveClip(12);  // 91 samples: 3 segments of 32
  anim::CompressionReport plain_report;
  const anim::CompressedClip plain = anim::BuildCompressedClip(raw, skeleton, {}, &plain_report);
  ASSERT_EQ(plain_report.segments, 3);

  int calls = 0;
  anim::CompressionSettings settings;
  settings.cancelled = [&calls] { return ++calls == 3; };  // before the third segment
  anim::CompressionReport report;
  const anim::CompressedClip cancelled =
      anim::BuildCompressedClip(raw, skeleton, settings, &report);
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(cancelled.JointCount(), 0);

  calls = 0;
  settings.cancelled = [&calls] { return ++calls < 0; };
  const anim::CompressedClip kept = anim::BuildCompressedClip(raw, skeleton, settings, &report);
  EXPECT_FALSE(report.cancelled);
  EXPECT_GE(calls, 3 + report.passes);  // three segments, then a measurement a pass
  EXPECT_EQ(report.compressed_bytes, plain_report.compressed_bytes);
  EXPECT_EQ(kept.ByteSize(), plain.ByteSize());

  // A clip with a CUBICSPLINE channel, whose build would try other sample
  // rates after the first: cancelled at the first check, it tries none.
  calls = 0;
  settings.cancelled = [&calls] { return ++calls > 0; };
  anim::BuildCompressedClip(BusyClip(), ChainSkeleton(6), settings, &report);
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(calls, 1);
  // Cancelled at the first check of the second rate tried: none after it.
  anim::CompressionReport first;
  anim::CompressionSettings subdivided = settings;
  subdivided.cubic_rate = -1.0f;  // the first build BuildCompressedClip makes
  int first_calls = 0;
  subdivided.cancelled = [&first_calls] { return ++first_calls < 0; };
  anim::BuildCompressedClip(BusyClip(), ChainSkeleton(6), subdivided, &first);
  calls = 0;
  settings.cancelled = [&calls, first_calls] { return ++calls > first_calls; };
  anim::BuildCompressedClip(BusyClip(), ChainSkeleton(6), settings, &report);
  EXPECT_TRUE(report.cancelled);
  EXPECT_EQ(calls, first_calls + 1);
}

TEST(ReduceKeysTest, LosslessDropsOnlyWhatInterpolationReproduces) {
  // x: a ramp with a kink at t = 1 (keys every 0.1 s); rotation: constant
  // speed then a stop; STEP: repeats of one value.
  const std::vector<float> times = Uniform(0.0f, 2.0f, 21);
  std::vector<glm::vec3> p;
  std::vector<glm::quat> q;
  for (float t : times) {
    p.push_back(glm::vec3(t < 1.0f ? t : 1.0f + 3.0f * (t - 1.0f), 0.0f, 0.0f));
    q.push_back(AboutAxis(0.5f * std::min(t, 1.5f), glm::vec3(0.0f, 1.0f, 0.0f)));
  }
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, times, p);
  jt.rotation = anim::QuaternionTrack(Interpolation::kLinear, times, q);
  jt.scale =
      anim::VectorTrack(Interpolation::kStep, {0.0f, 0.5f, 1.0f, 1.5f},
                        {glm::vec3(1.0f), glm::vec3(1.0f), glm::vec3(2.0f), glm::vec3(2.0f)});
  const anim::Clip raw("ramp", {jt});
  const anim::Clip reduced = anim::ReduceKeys(raw, 0.0f);
  const anim::JointTracks& r = reduced.Tracks()[0];
  // Ends and the kink stay; every key on a straight stretch goes.
  ASSERT_EQ(r.translation.KeyCount(), 3);
  EXPECT_FLOAT_EQ(r.translation.Times()[1], times[10]);
  ASSERT_EQ(r.rotation.KeyCount(), 3);
  EXPECT_FLOAT_EQ(r.rotation.Times()[1], times[15]);
  ASSERT_EQ(r.scale.KeyCount(), 3);  // 0.0, 1.0 and the last key
  EXPECT_FLOAT_EQ(r.scale.Times()[1], 1.0f);
  EXPECT_EQ(reduced.Duration(), raw.Duration());
  const anim::Skeleton skeleton = ChainSkeleton(1);
  for (int i = 0; i <= 400; ++i) {
    const float t = 2.0f * static_cast<float>(i) / 400.0f;
    ASSERT_LE(VirtualPointError(ModelMatrices(RawPose(raw, skeleton, t)),
                                ModelMatrices(RawPose(reduced, skeleton, t))),
              1e-5f)
        << t;
  }
}

TEST(ReduceKeysTest, ToleranceDropsKeysWithinIt) {
  const std::vector<float> times = Uniform(0.0f, 1.0f, 11);
  std::vector<glm::vec3> p;
  p.reserve(11);
  for (int i = 0; i < 11; ++i) p.push_back(glm::vec3(0.0f, i == 5 ? 0.01f : 0.0f, 0.0f));
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, times, p);
  const anim::Clip raw("bump", {jt});
  EXPECT_EQ(anim::ReduceKeys(raw, 0.0f).Tracks()[0].translation.KeyCount(), 5);  // 0, 4, 5, 6, 10
  EXPECT_EQ(anim::ReduceKeys(raw, 0.011f).Tracks()[0].translation.KeyCount(), 2);
}

}  // namespace
