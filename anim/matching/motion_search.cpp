#include "anim/matching/motion_search.h"

#include <algorithm>

namespace anim {
namespace {

// The squared distance from `query` to the box at `box` (minima, then
// maxima), stopping once it reaches `best`.
float BoxCost(const float* box, std::span<const float, kFeatureCount> query, float best) {
  const float* hi = box + kFeatureCount;
  float cost = 0.0f;
  for (int f = 0; f < kFeatureCount; ++f) {
    const float q = query[f];
    const float d = q < box[f] ? box[f] - q : (q > hi[f] ? q - hi[f] : 0.0f);
    cost += d * d;
    if (cost >= best) break;
  }
  return cost;
}

// A row's cost, stopping once it reaches `best` (then only known >= best).
float RowCost(const float* row, std::span<const float, kFeatureCount> query, float best) {
  float cost = 0.0f;
  for (int f = 0; f < kFeatureCount; ++f) {
    const float d = query[f] - row[f];
    cost += d * d;
    if (cost >= best) break;
  }
  return cost;
}

// The rows [begin, end) of one small block, each measured.
void MeasureRows(const MotionDatabase& db, std::span<const float, kFeatureCount> query, int begin,
                 int end, MatchResult& best, SearchCounts& counts) {
  const float* rows = db.Features().data();
  for (int r = begin; r < end; ++r) {
    ++counts.rows_measured;
    const float cost =
        RowCost(rows + static_cast<std::size_t>(r) * kFeatureCount, query, best.cost);
    if (cost < best.cost) best = {r, cost};
  }
}

// The rows [begin, end) in blocks of `size` aligned rows: each block
// skipped when its box (in `boxes`) is no closer than the best row so far,
// else handed to `inner` as its part of [begin, end).
template <typename Inner>
void VisitBlocks(int begin, int end, int size, const float* boxes,
                 std::span<const float, kFeatureCount> query, const MatchResult& best,
                 SearchCounts& counts, Inner inner) {
  for (int r = begin; r < end;) {
    const int block = r / size;
    const int block_end = std::min(end, (block + 1) * size);
    if (BoxCost(boxes + static_cast<std::size_t>(block) * 2 * kFeatureCount, query, best.cost) >=
        best.cost)
      ++counts.blocks_skipped;
    else
      inner(r, block_end);
    r = block_end;
  }
}

}  // namespace

float MatchCost(const MotionDatabase& db, std::span<const float, kFeatureCount> query, int row) {
  const auto features = db.Row(row);
  float cost = 0.0f;
  for (int f = 0; f < kFeatureCount; ++f) {
    const float d = query[f] - features[f];
    cost += d * d;
  }
  return cost;
}

MatchResult SearchBruteForce(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                             MatchResult start) {
  MatchResult best = start;
  for (const SearchRange& range : db.Ranges())
    for (int r = range.begin; r < range.end; ++r) {
      const float cost = MatchCost(db, query, r);
      if (cost < best.cost) best = {r, cost};
    }
  return best;
}

MatchResult SearchAccelerated(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                              MatchResult start, SearchCounts* counts) {
  SearchCounts local;
  SearchCounts& count = counts != nullptr ? *counts : local;
  MatchResult best = start;
  const float* large = db.LargeBoxes().data();
  const float* small = db.SmallBoxes().data();
  for (const SearchRange& range : db.Ranges())
    VisitBlocks(range.begin, range.end, MotionDatabase::kLargeBlock, large, query, best, count,
                [&](int large_begin, int large_end) {
                  VisitBlocks(large_begin, large_end, MotionDatabase::kSmallBlock, small, query,
                              best, count, [&](int rows_begin, int rows_end) {
                                MeasureRows(db, query, rows_begin, rows_end, best, count);
                              });
                });
  return best;
}

}  // namespace anim
