// The bit-rate search (anim/offline/bit_rate_search.h) keeps each
// segment's poses, matrices and errors current trial after trial, and undoes
// a failed trial by putting back what it changed: its result must be what a
// search from scratch of the same choice finds.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/offline/bit_rate_search.h"
#include "anim/offline/clip_error.h"
#include "tests/anim/compression_fixture.h"

namespace {

constexpr int kJoints = 6;
constexpr int kSamples = 24;
constexpr float kBone = 0.5f;
// Track 0 is joint 1's translation, so the search (leaves first, then in
// track order) tries it before joint 1's rotation: its trials move the
// joints below after the trials on them, without compensating them.
constexpr int kSlide = 0;
constexpr int RotationTrack(int joint) { return joint + 1; }

// Every joint of a chain turning about its own axis, a different rate each,
// as the builder's inputs: per sample the reference pose and the base
// (rest) pose, and one rotation track per joint with its clip range
// widened as compensation needs.
struct ChainInput {
  anim::Skeleton skeleton = compression_test::ChainSkeleton(kJoints, kBone);
  std::vector<std::vector<anim::Transform>> reference, base;
  std::vector<anim::TrackSamples> tracks;
  std::vector<float> times, sensitivity;

  ChainInput() {
    anim::Transform rest;
    std::vector<anim::Transform> pose(kJoints, rest);
    for (int j = 1; j < kJoints; ++j) pose[j].translation = glm::vec3(0.0f, kBone, 0.0f);
    tracks.resize(kJoints + 1);
    for (int i = 0; i < kSamples; ++i) {
      times.push_back(static_cast<float>(i) / 30.0f);
      base.push_back(pose);
      std::vector<anim::Transform> turned = pose;
      for (int j = 0; j < kJoints; ++j) {
        const float wave = std::sin(0.3f * static_cast<float>(i * (j + 1)));
        const glm::vec3 axis = glm::normalize(glm::vec3(j % 2, 1.0f, (j + 1) % 3));
        turned[j].rotation = glm::angleAxis(0.6f * wave, axis);
        // Joint 3 about x by nearly a right angle: x and w nearly equal, so
        // which one a sample drops moves with its parent's error; joint 4
        // nearly still, so the search gives it one value (step 0), refitted
        // whenever its parent's error changes.
        if (j == 3)
          turned[j].rotation = glm::angleAxis(1.5708f + 0.002f * wave, glm::vec3(1, 0, 0));
        if (j == 4) turned[j].rotation = glm::angleAxis(1e-5f * wave, axis);
        std::array<float, 3> stored{};
        std::uint8_t largest = 0;
        anim::EncodeSmallestThree(turned[j].rotation, anim::kPerKeyLargest, stored.data(),
                                  &largest);
        tracks[RotationTrack(j)].stored.push_back(stored);
        tracks[RotationTrack(j)].largest.push_back(largest);
      }
      // Joint 1 slides along its bone.
      turned[1].translation.y = kBone + 0.05f * std::sin(0.2f * static_cast<float>(i));
      const glm::vec3 slide = turned[1].translation;
      tracks[kSlide].stored.push_back({slide.x, slide.y, slide.z});
      tracks[kSlide].largest.push_back(0);
      reference.push_back(turned);
    }
    anim::CompressedTrack& slide = tracks[kSlide].header;
    slide.joint = 1;
    slide.channel = anim::CompressedChannel::kTranslation;
    for (int c = 0; c < 3; ++c) {
      float lo = 1e9f, hi = -1e9f;
      for (const auto& s : tracks[kSlide].stored) lo = std::min(lo, s[c]), hi = std::max(hi, s[c]);
      slide.range_min[c] = lo;
      slide.range_exponent[c] = anim::ExtentExponent(hi - lo);
    }
    for (int j = 0; j < kJoints; ++j) {
      anim::CompressedTrack& h = tracks[RotationTrack(j)].header;
      h.joint = static_cast<std::uint16_t>(j);
      h.channel = anim::CompressedChannel::kRotation;
      h.largest = anim::kPerKeyLargest;
      for (int c = 0; c < 3; ++c) {
        float lo = 1.0f, hi = -1.0f;
        for (const auto& s : tracks[RotationTrack(j)].stored)
          lo = std::min(lo, s[c]), hi = std::max(hi, s[c]);
        h.range_min[c] = anim::RotationRangeMin(lo - 0.05f);
        h.range_exponent[c] = anim::ExtentExponent(hi + 0.05f - h.range_min[c]);
      }
    }
    // Per track, metres per unit of a stored component (the search's
    // equal-share start).
    sensitivity.assign(tracks.size(), kBone);
    sensitivity[kSlide] = 1.0f;
  }

  anim::BitRateSearchInput Input(std::vector<anim::TrackSamples>* samples) const {
    anim::BitRateSearchInput in;
    in.skeleton = &skeleton;
    in.point_distance = anim::kVirtualPointDistance;
    in.reference = &reference;
    in.base = &base;
    in.tracks = samples;
    in.times = &times;
    in.compensate = true;
    in.sensitivity = &sensitivity;
    return in;
  }
};

TEST(BitRateSearchTest, ItsErrorIsTheErrorOfItsChoiceWorkedOutFromScratch) {
  const ChainInput chain;
  int one_values = 0, flips = 0;  // over every target
  for (const float target : {1e-4f, 1e-3f, 1e-2f}) {
    SCOPED_TRACE(target);
    std::vector<anim::TrackSamples> searched = chain.tracks;
    float error = -1.0f;
    const std::vector<anim::TrackSegment> choice =
        anim::SearchSegmentBits(chain.Input(&searched), 0, kSamples, target, &error);
    std::vector<anim::TrackSamples> fresh = chain.tracks;
    std::vector<anim::TrackSegment> refitted = choice;
    const float from_scratch = anim::SegmentError(chain.Input(&fresh), 0, kSamples, &refitted);
    EXPECT_LE(error, target);
    EXPECT_NEAR(error, from_scratch, 1e-3f * target);
    // The search made real choices: some track coarser than the start.
    int coarse = 0;
    for (const anim::TrackSegment& t : choice) coarse += t.stride_code > 0 || t.c[0].step < 60;
    EXPECT_GT(coarse, 0);
    // And the compensated samples and one values it left are the ones a
    // fresh pass writes.
    for (std::size_t t = 0; t < choice.size(); ++t) {
      for (int c = 0; c < 3; ++c) {
        one_values += choice[t].c[c].step == 0;
        EXPECT_EQ(choice[t].c[c].step, refitted[t].c[c].step) << t;
        EXPECT_EQ(choice[t].c[c].value, refitted[t].c[c].value) << t;
      }
      for (int i = 0; i < kSamples; ++i) {
        ASSERT_EQ(searched[t].largest[i], fresh[t].largest[i]) << t << " " << i;
        flips += i > 0 && searched[t].largest[i] != searched[t].largest[i - 1];
        for (int c = 0; c < 3; ++c) {
          ASSERT_NEAR(searched[t].stored[i][c], fresh[t].stored[i][c], 1e-6f) << t << " " << i;
        }
      }
    }
  }
  EXPECT_GT(one_values, 0);
  EXPECT_GT(flips, 0);
}

}  // namespace
