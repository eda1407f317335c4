// The compressed-clip builder's measure-and-tighten passes where the error
// falls on a segment boundary (issue #59). Between the last sample of one
// segment and the first of the next, the sampler interpolates from the one
// segment's last key to the next segment's first key, so an error at the
// last sample of a segment comes from both: the pass after it must search
// both again, tighter. The clips below were picked (from a scan over
// frequencies, segment lengths and tolerances) because their first pass's
// worst error is at the last sample of a segment; the test checks that
// here, by its own measurement. The expected pass count is the fewest there
// can be for such a clip: the first pass is over the tolerance, so one more
// pass, and that pass must be enough. Errors are measured here: the raw clip
// (Clip::Sample) against the compressed one (SampleCompressedClip) at every
// sample time and midpoint, through glm matrix products and virtual points
// 3 cm out (compression_fixture.h), not through clip_error.h.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/clip.h"
#include "anim/offline/clip_builder.h"
#include "compression_fixture.h"

namespace {

using compression_test::ChainSkeleton;
using compression_test::ErrorAt;

constexpr float kFrame = 1.0f / 30.0f;
constexpr int kSamples = 48;

// Two joints, each turning back and forth about a tilted axis at
// `frequency` (radians a second) and up to `angle` radians, the root also
// travelling: kSamples uniform LINEAR keys.
anim::Clip SwingClip(float frequency, float angle) {
  std::vector<float> times;
  for (int i = 0; i < kSamples; ++i) times.push_back(static_cast<float>(i) * kFrame);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 2; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::quat> q;
    q.reserve(times.size());
    for (float t : times) {
      const float a = angle * std::sin(frequency * (1.0f + 0.37f * static_cast<float>(j)) * t +
                                       static_cast<float>(j));
      q.push_back(glm::angleAxis(a, glm::normalize(glm::vec3(1.0f, 0.3f * j, 0.5f))));
    }
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    if (j == 0) {
      std::vector<glm::vec3> p;
      p.reserve(times.size());
      for (float t : times) p.push_back(glm::vec3(std::sin(frequency * t), 0.1f * t * t, 2.0f * t));
      jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, p);
    }
    tracks.push_back(std::move(jt));
  }
  return anim::Clip("Swing", std::move(tracks));
}

struct Worst {
  float error = 0.0f;
  float at = 0.0f;  // in samples: 7 is the eighth sample, 7.5 the midpoint after it
};

// The largest error over every sample time and every midpoint, played
// forward from the start.
Worst MeasureWorst(const anim::Clip& raw, const anim::CompressedClip& compressed,
                   const anim::Skeleton& skeleton) {
  Worst worst;
  anim::CompressedClipContext context(compressed);
  for (int half = 0; half <= 2 * (kSamples - 1); ++half) {
    const float at = 0.5f * static_cast<float>(half);
    const float e = ErrorAt(raw, compressed, skeleton, at * kFrame, context);
    if (e > worst.error) worst = {e, at};
  }
  return worst;
}

TEST(CompressionBoundary, AnErrorAtASegmentsLastSampleTightensBothSegmentsInOnePass) {
  const anim::Skeleton skeleton = ChainSkeleton(2);
  constexpr int kSegmentLength = 4;
  constexpr float kTolerance = 3e-4f;
  struct Case {
    float frequency, angle;
  };
  for (const Case& c : {Case{3.0f, 0.3f}, Case{1.0f, 0.3f}}) {
    SCOPED_TRACE("frequency " + std::to_string(c.frequency));
    const anim::Clip raw = SwingClip(c.frequency, c.angle);
    anim::CompressionSettings settings;
    settings.tolerance = kTolerance;
    settings.segment_length = kSegmentLength;

    // One pass: over the tolerance, worst at the last sample of a segment
    // (the sampler reads the next segment's first key right after it).
    settings.max_passes = 1;
    const anim::CompressedClip first = anim::BuildCompressedClip(raw, skeleton, settings);
    const Worst before = MeasureWorst(raw, first, skeleton);
    ASSERT_GT(before.error, kTolerance);
    ASSERT_EQ(before.at, std::floor(before.at)) << "worst between samples, at " << before.at;
    const int sample = static_cast<int>(before.at);
    ASSERT_EQ(sample % kSegmentLength, kSegmentLength - 1) << "worst at sample " << sample;
    ASSERT_LT(sample + 1, kSamples);

    // As many passes as it takes: within the tolerance after the second.
    settings.max_passes = 16;
    anim::CompressionReport report;
    const anim::CompressedClip built = anim::BuildCompressedClip(raw, skeleton, settings, &report);
    const Worst after = MeasureWorst(raw, built, skeleton);
    EXPECT_LE(after.error, kTolerance) << "at sample " << after.at;
    EXPECT_EQ(report.passes, 2);
  }
}

}  // namespace
