#include "anim/control/blend_space_1d.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace {

// Idle 0, Walk 1.4, Run 3.5 given out of order on purpose: caller order is
// Run, Idle, Walk.
const std::vector<float> kSpeeds = {3.5f, 0.0f, 1.4f};

std::vector<float> WeightsAt(const anim::BlendSpace1D& space, float x) {
  std::vector<float> w(space.PointCount(), -1.0f);
  space.Weights(x, w);
  return w;
}

TEST(BlendSpace1D, KeepsCallerOrder) {
  anim::BlendSpace1D space;
  std::string error;
  ASSERT_TRUE(space.Build(kSpeeds, &error)) << error;
  ASSERT_EQ(space.PointCount(), 3);
  EXPECT_EQ(space.Position(0), 3.5f);
  EXPECT_EQ(space.Position(1), 0.0f);
  EXPECT_EQ(space.Position(2), 1.4f);
}

TEST(BlendSpace1D, EachPointGetsWeightExactlyOneAtItsOwnPosition) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(kSpeeds, nullptr));
  for (int i = 0; i < 3; ++i) {
    const std::vector<float> w = WeightsAt(space, kSpeeds[i]);
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(w[j], i == j ? 1.0f : 0.0f) << "point " << i << " weight " << j;
  }
}

TEST(BlendSpace1D, LinearBetweenNeighbours) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(kSpeeds, nullptr));
  // x = 0.35 between Idle (0) and Walk (1.4): beta = 0.35 / 1.4 = 0.25.
  std::vector<float> w = WeightsAt(space, 0.35f);
  EXPECT_EQ(w[0], 0.0f);
  EXPECT_NEAR(w[1], 0.75f, 1e-6f);
  EXPECT_NEAR(w[2], 0.25f, 1e-6f);
  // x = 2.8 between Walk (1.4) and Run (3.5): beta = 1.4 / 2.1 = 2/3.
  w = WeightsAt(space, 2.8f);
  EXPECT_NEAR(w[0], 2.0f / 3.0f, 1e-6f);
  EXPECT_EQ(w[1], 0.0f);
  EXPECT_NEAR(w[2], 1.0f / 3.0f, 1e-6f);

  const anim::BlendSpace1D::Segment s = space.Locate(2.8f);
  EXPECT_EQ(s.a, 2);  // Walk
  EXPECT_EQ(s.b, 0);  // Run
  EXPECT_NEAR(s.t, 2.0f / 3.0f, 1e-6f);
}

TEST(BlendSpace1D, WeightsSumToExactlyOne) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(std::vector<float>{-2.0f, 0.1f, 0.3f, 7.0f, 1.0f / 3.0f}, nullptr));
  for (int k = 0; k <= 10000; ++k) {
    const float x = -3.0f + 11.0f * static_cast<float>(k) / 10000.0f;
    const std::vector<float> w = WeightsAt(space, x);
    float sum = 0.0f;
    int nonzero = 0;
    for (float v : w) {
      EXPECT_GE(v, 0.0f);
      sum += v;
      nonzero += v != 0.0f;
    }
    EXPECT_EQ(sum, 1.0f) << "x = " << x;
    EXPECT_LE(nonzero, 2);
  }
}

TEST(BlendSpace1D, ClampsOutsideTheRange) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(kSpeeds, nullptr));
  EXPECT_EQ(WeightsAt(space, -5.0f), (std::vector<float>{0.0f, 1.0f, 0.0f}));
  EXPECT_EQ(WeightsAt(space, 100.0f), (std::vector<float>{1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(WeightsAt(space, -std::numeric_limits<float>::infinity()),
            (std::vector<float>{0.0f, 1.0f, 0.0f}));
  EXPECT_EQ(WeightsAt(space, std::numeric_limits<float>::infinity()),
            (std::vector<float>{1.0f, 0.0f, 0.0f}));
}

TEST(BlendSpace1D, NanIsTheCallersFirstPoint) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(kSpeeds, nullptr));
  EXPECT_EQ(WeightsAt(space, std::nanf("")), (std::vector<float>{1.0f, 0.0f, 0.0f}));
}

TEST(BlendSpace1D, OnePointAlwaysHasWeightOne) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(std::vector<float>{2.0f}, nullptr));
  for (float x : {-10.0f, 2.0f, 5.0f, std::nanf("")})
    EXPECT_EQ(WeightsAt(space, x), std::vector<float>{1.0f});
  const anim::BlendSpace1D::Segment s = space.Locate(3.0f);
  EXPECT_EQ(s.a, 0);
  EXPECT_EQ(s.b, 0);
  EXPECT_EQ(s.t, 0.0f);
}

TEST(BlendSpace1D, RejectsBadPositionsNamingTheIndex) {
  anim::BlendSpace1D space;
  std::string error;
  EXPECT_FALSE(space.Build(std::vector<float>{}, &error));
  EXPECT_NE(error.find("no positions"), std::string::npos) << error;

  EXPECT_FALSE(space.Build(std::vector<float>{0.0f, 1.0f, 0.0f}, &error));
  EXPECT_NE(error.find("positions 0 and 2 are equal"), std::string::npos) << error;
  EXPECT_EQ(space.PointCount(), 0);

  EXPECT_FALSE(space.Build(std::vector<float>{0.0f, std::nanf(""), 1.0f}, &error));
  EXPECT_NE(error.find("position 1 is not finite"), std::string::npos) << error;
  EXPECT_FALSE(space.Build(std::vector<float>{std::numeric_limits<float>::infinity()}, &error));
  EXPECT_NE(error.find("position 0 is not finite"), std::string::npos) << error;
}

TEST(BlendSpace1D, WrongSizedSpanIsZeroFilled) {
  anim::BlendSpace1D space;
  ASSERT_TRUE(space.Build(kSpeeds, nullptr));
  std::vector<float> w(2, -1.0f);
  space.Weights(1.0f, w);
  EXPECT_EQ(w, (std::vector<float>{0.0f, 0.0f}));
  anim::BlendSpace1D empty;
  EXPECT_EQ(empty.Locate(1.0f).a, -1);
}

}  // namespace
