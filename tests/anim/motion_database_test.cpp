// MotionDatabase's normalisation on rows small enough to work by hand, and
// what Create refuses.
#include "anim/matching/motion_database.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/matching/motion_search.h"

namespace {

using anim::FeatureGroup;
using anim::kFeatureCount;
using anim::MotionDatabase;

constexpr int Index(FeatureGroup g, int i = 0) { return anim::GroupSpan(g).first + i; }

// Two rows: left foot x is 1 then 3, hips velocity z is 0 then 4, the
// trajectory positions' first x is 5 then 5; everything else 0.
std::vector<float> TwoRows() {
  std::vector<float> raw(2 * kFeatureCount, 0.0f);
  raw[Index(FeatureGroup::kLeftFootPosition)] = 1.0f;
  raw[kFeatureCount + Index(FeatureGroup::kLeftFootPosition)] = 3.0f;
  raw[kFeatureCount + Index(FeatureGroup::kHipsVelocity, 2)] = 4.0f;
  raw[Index(FeatureGroup::kTrajectoryPositions)] = 5.0f;
  raw[kFeatureCount + Index(FeatureGroup::kTrajectoryPositions)] = 5.0f;
  return raw;
}

MotionDatabase Create(const std::vector<float>& raw, const anim::FeatureWeights& weights,
                      std::vector<anim::SearchRange> ranges = {{0, 2}}) {
  std::string error;
  auto db = MotionDatabase::Create(raw, {{0, 0.0f}, {0, 0.5f}}, std::move(ranges), weights, &error);
  EXPECT_TRUE(db.has_value()) << error;
  return db ? std::move(*db) : MotionDatabase{};
}

TEST(MotionDatabase, EachGroupIsDividedByTheMeanDeviationOfItsFeaturesAndWeighted) {
  anim::FeatureWeights weights = anim::kDefaultFeatureWeights;
  weights[static_cast<int>(FeatureGroup::kHipsVelocity)] = 2.0f;
  const MotionDatabase db = Create(TwoRows(), weights);
  // Left foot x: mean 2, deviation 1; y and z do not vary, so the group's
  // deviation is (1 + 0 + 0) / 3 and row 0's x is (1 - 2) * 3 = -3.
  EXPECT_FLOAT_EQ(db.Means()[Index(FeatureGroup::kLeftFootPosition)], 2.0f);
  EXPECT_FLOAT_EQ(db.Deviations()[Index(FeatureGroup::kLeftFootPosition, 2)], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(db.Row(0)[Index(FeatureGroup::kLeftFootPosition)], -3.0f);
  EXPECT_FLOAT_EQ(db.Row(1)[Index(FeatureGroup::kLeftFootPosition)], 3.0f);
  // Hips velocity z: mean 2, deviation 2, group deviation 2/3, weight 2:
  // row 1 is (4 - 2) / (2/3) * 2 = 6.
  EXPECT_FLOAT_EQ(db.Row(1)[Index(FeatureGroup::kHipsVelocity, 2)], 6.0f);
  // The trajectory does not vary: its deviation is 1 (not 0), its rows 0.
  EXPECT_FLOAT_EQ(db.Deviations()[Index(FeatureGroup::kTrajectoryPositions)], 1.0f);
  EXPECT_FLOAT_EQ(db.Row(0)[Index(FeatureGroup::kTrajectoryPositions)], 0.0f);
  // A query is normalised the same way, and its cost splits by group.
  std::array<float, kFeatureCount> raw_query{}, query{};
  raw_query[Index(FeatureGroup::kLeftFootPosition)] = 2.0f;  // -> 0
  raw_query[Index(FeatureGroup::kHipsVelocity, 2)] = 2.0f;   // -> 0
  raw_query[Index(FeatureGroup::kTrajectoryPositions)] = 5.0f;
  db.Normalise(raw_query, query);
  const auto costs = db.GroupCosts(query, 1);
  EXPECT_FLOAT_EQ(costs[static_cast<int>(FeatureGroup::kLeftFootPosition)], 9.0f);
  EXPECT_FLOAT_EQ(costs[static_cast<int>(FeatureGroup::kHipsVelocity)], 36.0f);
  EXPECT_FLOAT_EQ(costs[static_cast<int>(FeatureGroup::kTrajectoryPositions)], 0.0f);
  EXPECT_FLOAT_EQ(anim::MatchCost(db, query, 1), 45.0f);
  // Back to the features' units: row 1's own values.
  std::array<float, kFeatureCount> back{};
  db.Denormalise(db.Row(1), back);
  EXPECT_FLOAT_EQ(back[Index(FeatureGroup::kLeftFootPosition)], 3.0f);
  EXPECT_FLOAT_EQ(back[Index(FeatureGroup::kHipsVelocity, 2)], 4.0f);
  EXPECT_FLOAT_EQ(back[Index(FeatureGroup::kTrajectoryPositions)], 5.0f);
}

TEST(MotionDatabase, TheBoxesHoldTheirBlocksRows) {
  std::vector<float> raw(40 * kFeatureCount);
  for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = std::sin(0.37f * static_cast<float>(i));
  std::vector<anim::MotionFrame> frames(40);
  std::string error;
  auto db = MotionDatabase::Create(raw, frames, {{0, 40}}, anim::kDefaultFeatureWeights, &error);
  ASSERT_TRUE(db) << error;
  // 40 rows: small blocks 0-15, 16-31, 32-39; one large block.
  constexpr int kStride = MotionDatabase::kRowStride;
  ASSERT_EQ(db->SmallBoxes().size(), 3u * 2 * kStride);
  ASSERT_EQ(db->LargeBoxes().size(), 1u * 2 * kStride);
  for (int f = 0; f < kFeatureCount; ++f) {
    float lo = 1e9f, hi = -1e9f;
    for (int r = 32; r < 40; ++r) {
      lo = std::min(lo, db->Row(r)[f]);
      hi = std::max(hi, db->Row(r)[f]);
    }
    EXPECT_EQ(db->SmallBoxes()[2 * 2 * kStride + f], lo);
    EXPECT_EQ(db->SmallBoxes()[2 * 2 * kStride + kStride + f], hi);
  }
  // What it holds, at least: the padded rows, where each comes from, its
  // range and both levels of boxes.
  EXPECT_GE(db->Bytes(), sizeof(MotionDatabase) + 40u * kStride * sizeof(float) +
                             40u * sizeof(anim::MotionFrame) + sizeof(anim::SearchRange) +
                             (db->SmallBoxes().size() + db->LargeBoxes().size()) * sizeof(float));
}

TEST(MotionDatabase, CreateRefusesWhatItCannotSearchAndSaysWhy) {
  const std::vector<float> raw = TwoRows();
  const std::vector<anim::MotionFrame> two{{0, 0.0f}, {0, 0.5f}};
  std::string error;
  const auto create = [&](std::span<const float> rows, std::vector<anim::SearchRange> ranges,
                          anim::FeatureWeights weights = anim::kDefaultFeatureWeights) {
    error.clear();
    return MotionDatabase::Create(rows, two, std::move(ranges), weights, &error).has_value();
  };
  EXPECT_FALSE(create(std::span(raw).first(kFeatureCount), {}));
  EXPECT_NE(error.find("27 floats, not 2 frames x 27"), std::string::npos) << error;
  EXPECT_FALSE(create(raw, {{0, 3}}));
  EXPECT_NE(error.find("[0, 3)"), std::string::npos) << error;
  EXPECT_FALSE(create(raw, {{0, 2}, {1, 2}}));  // overlapping
  EXPECT_NE(error.find("[1, 2)"), std::string::npos) << error;
  std::vector<float> bad = raw;
  bad[kFeatureCount + 4] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(create(bad, {}));
  EXPECT_NE(error.find("feature 4 of frame 1 is not finite"), std::string::npos) << error;
  anim::FeatureWeights negative = anim::kDefaultFeatureWeights;
  negative[2] = -1.0f;
  EXPECT_FALSE(create(raw, {}, negative));
  EXPECT_NE(error.find("left_foot_velocity"), std::string::npos) << error;
  EXPECT_TRUE(create(raw, {{0, 1}, {1, 2}}));
}

}  // namespace
