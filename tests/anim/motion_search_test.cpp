// The two searches of anim/matching/motion_search.h against a third, written
// here: every searchable row measured in double precision. The rows are a
// smooth random walk (consecutive frames of motion lie close together, so the
// bounding boxes prune as on real clips), the queries rows of it, rows with
// noise, and points far from everything.
#include "anim/matching/motion_search.h"

#include <algorithm>
#include <array>
#include <random>

#include <gtest/gtest.h>

namespace {

using anim::kFeatureCount;
using anim::MatchResult;
using anim::MotionDatabase;
using Query = std::array<float, kFeatureCount>;

// `count` rows of a random walk, restarting every 300 rows (a new clip).
std::vector<float> WalkRows(int count, std::mt19937& random) {
  std::normal_distribution<float> step(0.0f, 0.05f), start(0.0f, 1.0f);
  std::vector<float> raw(static_cast<std::size_t>(count) * kFeatureCount);
  for (int r = 0; r < count; ++r)
    for (int f = 0; f < kFeatureCount; ++f) {
      float& v = raw[static_cast<std::size_t>(r) * kFeatureCount + f];
      v = r % 300 == 0 ? start(random)
                       : raw[static_cast<std::size_t>(r - 1) * kFeatureCount + f] + step(random);
    }
  return raw;
}

MotionDatabase MakeDatabase(const std::vector<float>& raw, std::vector<anim::SearchRange> ranges,
                            const anim::FeatureWeights& weights = anim::kDefaultFeatureWeights) {
  const int count = static_cast<int>(raw.size() / kFeatureCount);
  std::vector<anim::MotionFrame> frames(static_cast<std::size_t>(count));
  for (int r = 0; r < count; ++r)
    frames[static_cast<std::size_t>(r)] = {r / 300, (r % 300) / 30.0f};
  std::string error;
  auto db = MotionDatabase::Create(raw, std::move(frames), std::move(ranges), weights, &error);
  EXPECT_TRUE(db.has_value()) << error;
  return db ? std::move(*db) : MotionDatabase{};
}

// The nearest searchable row (of clip `clip`, or of any when -1), measured
// in double, the first of equals.
MatchResult Nearest(const MotionDatabase& db, const Query& q, int clip = -1) {
  MatchResult best;
  double best_cost = 1e300;
  for (int r = 0; r < db.FrameCount(); ++r) {
    if (!db.Searchable(r) || (clip >= 0 && db.Frame(r).clip != clip)) continue;
    double cost = 0.0;
    for (int f = 0; f < kFeatureCount; ++f) {
      const double d = static_cast<double>(q[f]) - db.Row(r)[f];
      cost += d * d;
    }
    if (cost < best_cost) best = {r, static_cast<float>(best_cost = cost)};
  }
  return best;
}

// Queries: rows, rows with noise of three sizes, and far points.
std::vector<Query> Queries(const MotionDatabase& db, std::mt19937& random) {
  std::vector<Query> out;
  std::uniform_int_distribution<int> row(0, db.FrameCount() - 1);
  for (float noise : {0.0f, 0.01f, 0.2f, 1.0f}) {
    std::normal_distribution<float> n(0.0f, noise);
    for (int i = 0; i < 100; ++i) {
      Query q;
      const int r = row(random);
      for (int f = 0; f < kFeatureCount; ++f)
        q[f] = db.Row(r)[f] + (noise > 0.0f ? n(random) : 0.0f);
      out.push_back(q);
    }
  }
  std::normal_distribution<float> far(0.0f, 10.0f);
  for (int i = 0; i < 50; ++i) {
    Query q;
    for (float& v : q) v = far(random);
    out.push_back(q);
  }
  return out;
}

TEST(MotionSearch, BothSearchesFindTheNearestRowAndTheAcceleratedOneIsBruteForceExactly) {
  std::mt19937 random(7);
  const auto raw = WalkRows(5000, random);
  // Ranges that cut blocks anywhere: rows 0..99, 250..2999, 3001..4999.
  const MotionDatabase db = MakeDatabase(raw, {{0, 100}, {250, 3000}, {3001, 5000}});
  for (const Query& q : Queries(db, random)) {
    const MatchResult expected = Nearest(db, q);
    const MatchResult brute = anim::SearchBruteForce(db, q);
    const MatchResult fast = anim::SearchAccelerated(db, q);
    ASSERT_EQ(brute.row, expected.row);
    ASSERT_NEAR(brute.cost, expected.cost, 1e-4f * (1.0f + expected.cost));
    ASSERT_EQ(fast.row, brute.row);
    ASSERT_EQ(fast.cost, brute.cost);  // the same sum, added in the same order
  }
}

TEST(MotionSearch, TheBoxesSkipMostRowsOfMotion) {
  std::mt19937 random(11);
  const MotionDatabase db = MakeDatabase(WalkRows(20000, random), {{0, 20000}});
  long long measured = 0;
  const auto queries = Queries(db, random);
  for (const Query& q : queries) {
    anim::SearchCounts counts;
    anim::SearchAccelerated(db, q, {}, &counts);
    measured += counts.rows_measured;
  }
  // Brute force measures every row of every query; the boxes leave a
  // fraction of them (on this walk about 1 in 20; a pruning that skips
  // nothing, or a box bound of zero, measures all).
  EXPECT_LT(measured, static_cast<long long>(queries.size()) * db.FrameCount() / 3);
}

TEST(MotionSearch, EqualRowsGiveTheFirstAndRowsOutsideTheRangesAreNeverFound) {
  std::mt19937 random(3);
  auto raw = WalkRows(200, random);
  // Row 150 is row 40 again; row 190, outside the ranges, is row 20 again.
  std::copy_n(raw.begin() + 40 * kFeatureCount, kFeatureCount, raw.begin() + 150 * kFeatureCount);
  std::copy_n(raw.begin() + 20 * kFeatureCount, kFeatureCount, raw.begin() + 190 * kFeatureCount);
  const MotionDatabase db = MakeDatabase(raw, {{30, 180}});
  Query q;
  std::copy_n(db.Row(150).begin(), kFeatureCount, q.begin());
  EXPECT_EQ(anim::SearchBruteForce(db, q).row, 40);
  EXPECT_EQ(anim::SearchAccelerated(db, q).row, 40);
  EXPECT_EQ(anim::SearchAccelerated(db, q).cost, 0.0f);
  std::copy_n(db.Row(20).begin(), kFeatureCount, q.begin());
  const MatchResult found = anim::SearchAccelerated(db, q);
  EXPECT_TRUE(found.row >= 30 && found.row < 180) << found.row;
  EXPECT_GT(found.cost, 0.0f);
  EXPECT_EQ(found.row, Nearest(db, q).row);
}

// What a panel shows beside the row taken: each clip's nearest row (three
// clips of 300 rows, each with rows outside the ranges), and -1 for a slot
// no clip fills. The lowest of them is the search's row.
TEST(MotionSearch, NearestRowPerClipIsEachClipsNearestSearchableRow) {
  std::mt19937 random(5);
  const MotionDatabase db =
      MakeDatabase(WalkRows(900, random), {{10, 280}, {300, 590}, {620, 890}});
  std::array<MatchResult, 4> per_clip;
  for (const Query& q : Queries(db, random)) {
    anim::NearestRowPerClip(db, q, per_clip);
    for (int c = 0; c < 3; ++c) {
      const MatchResult want = Nearest(db, q, c);
      ASSERT_EQ(per_clip[static_cast<std::size_t>(c)].row, want.row) << c;
      EXPECT_NEAR(per_clip[static_cast<std::size_t>(c)].cost, want.cost,
                  1e-4f * (1.0f + want.cost));
    }
    EXPECT_EQ(per_clip[3].row, -1);
    const auto lowest = std::min_element(
        per_clip.begin(), per_clip.begin() + 3,
        [](const MatchResult& a, const MatchResult& b) { return a.cost < b.cost; });
    EXPECT_EQ(lowest->row, anim::SearchBruteForce(db, q).row);
  }
}

TEST(MotionSearch, ARowIsTakenOnlyWhenItBeatsTheStart) {
  std::mt19937 random(5);
  const MotionDatabase db = MakeDatabase(WalkRows(600, random), {{0, 600}});
  Query q;
  std::copy_n(db.Row(77).begin(), kFeatureCount, q.begin());
  // Row 77 now costs 1e-4, far below its neighbours (some 0.05 a feature away).
  q[0] += 0.01f;
  const MatchResult nearest = anim::SearchBruteForce(db, q);
  ASSERT_EQ(nearest.row, 77);
  EXPECT_NEAR(nearest.cost, 1e-4f, 1e-6f);
  // Playing a row that costs exactly as much: nothing beats it.
  const MatchResult playing{500, nearest.cost};
  EXPECT_EQ(anim::SearchBruteForce(db, q, playing).row, 500);
  EXPECT_EQ(anim::SearchAccelerated(db, q, playing).row, 500);
  // A start that costs more is beaten by row 77.
  EXPECT_EQ(anim::SearchAccelerated(db, q, {500, nearest.cost * 1.01f}).row, 77);
}

TEST(MotionSearch, AGroupWeightedToZeroNoLongerSteersTheSearch) {
  std::mt19937 random(9);
  const auto raw = WalkRows(900, random);
  anim::FeatureWeights weights = anim::kDefaultFeatureWeights;
  weights[static_cast<int>(anim::FeatureGroup::kTrajectoryFacings)] = 0.0f;
  const MotionDatabase db = MakeDatabase(raw, {{0, 900}}, weights);
  // A raw query equal to row 600 except for its facings, which are row 100's.
  std::array<float, kFeatureCount> query_raw, query;
  std::copy_n(raw.begin() + 600 * kFeatureCount, kFeatureCount, query_raw.begin());
  const auto& facings = anim::GroupSpan(anim::FeatureGroup::kTrajectoryFacings);
  std::copy_n(raw.begin() + 100 * kFeatureCount + facings.first, facings.width,
              query_raw.begin() + facings.first);
  db.Normalise(query_raw, query);
  const MatchResult found = anim::SearchAccelerated(db, query);
  EXPECT_EQ(found.row, 600);
  EXPECT_EQ(found.cost, 0.0f);
}

}  // namespace
