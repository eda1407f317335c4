// The search of motion matching: the row of a MotionDatabase nearest to a
// normalised query (MotionDatabase::Normalise), by squared distance over
// the kFeatureCount features, among the rows of the database's ranges.
//
// Two searches, kept side by side so that each checks the other and the
// benchmark compares them (bench/matching_bench.cpp):
//   - SearchBruteForce measures every row.
//   - SearchAccelerated walks the same rows in the same order but first
//     measures the query's distance to a block's bounding box (64 rows, then
//     16) and skips the block when that lower bound is already no better
//     than the best row found. As in D. Holden's Motion-Matching demo (2021).
// Both measure a row with the same function (four features at a time) and
// keep the first row of the lowest cost, and a box's bound never exceeds
// the cost of a row inside it, also in floating point (each term is no
// larger, added in the same order), so the accelerated search returns brute
// force's row and cost exactly.
//
// `start` is the result to beat: a row is taken only when its cost is
// strictly lower (the playing row's own cost, so that the character jumps
// only to something better; the default beats nothing). Neither search
// allocates.
#pragma once

#include <limits>
#include <span>

#include "anim/matching/motion_database.h"

namespace anim {

struct MatchResult {
  int row = -1;  // -1: none beat `start`
  float cost = std::numeric_limits<float>::infinity();
};

// What a search did, for the panel and the benchmark.
struct SearchCounts {
  long long rows_measured = 0;   // rows whose cost was started
  long long blocks_skipped = 0;  // small and large boxes that were skipped
};

MatchResult SearchBruteForce(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                             MatchResult start = {});
MatchResult SearchAccelerated(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                              MatchResult start = {}, SearchCounts* counts = nullptr);

// The nearest searchable row of each clip: per_clip[c] for clip c (the
// rows whose MotionFrame::clip is c), the first of equals; a clip with no
// searchable row, or past the span's end, keeps row -1. What the search
// weighed against the row it took, for a panel to show. Measures every
// searchable row; allocates nothing.
void NearestRowPerClip(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                       std::span<MatchResult> per_clip);

// The squared distance of a query to one row, its terms added in the order
// both searches add them.
float MatchCost(const MotionDatabase& db, std::span<const float, kFeatureCount> query, int row);

}  // namespace anim
