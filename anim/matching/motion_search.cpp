#include "anim/matching/motion_search.h"

#include <algorithm>

#include "anim/core/soa_vector.h"

namespace anim {
namespace {

using soa::F32x4;
constexpr int kStride = MotionDatabase::kRowStride;
constexpr int kChunks = kStride / 4;

// The query padded with zeros to a row's stride.
struct PaddedQuery {
  float v[kStride] = {};
  explicit PaddedQuery(std::span<const float, kFeatureCount> q) {
    std::copy(q.begin(), q.end(), v);
  }
};

// The four lanes' sums added in one fixed order.
ANIM_SOA_ALWAYS_INLINE float SumLanes(const F32x4& acc) {
  return (acc[0] + acc[1]) + (acc[2] + acc[3]);
}

// A row's cost: four features at a time, each lane adding its features'
// squares in row order, then the lanes in SumLanes' order. The one place a
// cost is computed, so both searches get the same float for a row.
ANIM_SOA_ALWAYS_INLINE float RowCost(const float* row, const PaddedQuery& q) {
  F32x4 acc = soa::Splat4(0.0f);
  for (int c = 0; c < kChunks; ++c) {
    const F32x4 d = soa::Load4(q.v + 4 * c) - soa::Load4(row + 4 * c);
    acc += d * d;
  }
  return SumLanes(acc);
}

// The squared distance from the query to a box (minima, then maxima), its
// terms added as RowCost adds a row's: each term is no larger than the one
// of any row inside the box (float subtraction and squaring keep order),
// and float addition keeps order too, so the bound never exceeds a row's
// cost, also after rounding.
ANIM_SOA_ALWAYS_INLINE float BoxCost(const float* box, const PaddedQuery& q) {
  F32x4 acc = soa::Splat4(0.0f);
  const F32x4 zero = soa::Splat4(0.0f);
  for (int c = 0; c < kChunks; ++c) {
    const F32x4 v = soa::Load4(q.v + 4 * c);
    const F32x4 lo = soa::Load4(box + 4 * c), hi = soa::Load4(box + kStride + 4 * c);
    const F32x4 d = soa::Select(v < lo, lo - v, soa::Select(v > hi, v - hi, zero));
    acc += d * d;
  }
  return SumLanes(acc);
}

// The rows [begin, end), each measured.
void MeasureRows(const MotionDatabase& db, const PaddedQuery& q, int begin, int end,
                 MatchResult& best, SearchCounts& counts) {
  counts.rows_measured += end - begin;
  for (int r = begin; r < end; ++r) {
    const float cost = RowCost(db.RowData(r), q);
    if (cost < best.cost) best = {r, cost};
  }
}

// The rows [begin, end) in blocks of `size` aligned rows: each block
// skipped when its box (in `boxes`) is no closer than the best row so far,
// else handed to `inner` as its part of [begin, end).
template <typename Inner>
void VisitBlocks(int begin, int end, int size, const float* boxes, const PaddedQuery& q,
                 const MatchResult& best, SearchCounts& counts, Inner inner) {
  for (int r = begin; r < end;) {
    const int block = r / size;
    const int block_end = std::min(end, (block + 1) * size);
    if (BoxCost(boxes + static_cast<std::size_t>(block) * 2 * kStride, q) >= best.cost)
      ++counts.blocks_skipped;
    else
      inner(r, block_end);
    r = block_end;
  }
}

}  // namespace

float MatchCost(const MotionDatabase& db, std::span<const float, kFeatureCount> query, int row) {
  return RowCost(db.RowData(row), PaddedQuery(query));
}

void NearestRowPerClip(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                       std::span<MatchResult> per_clip) {
  std::fill(per_clip.begin(), per_clip.end(), MatchResult{});
  const PaddedQuery q(query);
  for (const SearchRange& range : db.Ranges()) {
    for (int r = range.begin; r < range.end; ++r) {
      const auto clip = static_cast<std::size_t>(db.Frame(r).clip);
      if (clip >= per_clip.size()) continue;
      const float cost = RowCost(db.RowData(r), q);
      if (cost < per_clip[clip].cost) per_clip[clip] = {r, cost};
    }
  }
}

MatchResult SearchBruteForce(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                             MatchResult start) {
  const PaddedQuery q(query);
  MatchResult best = start;
  SearchCounts counts;
  for (const SearchRange& range : db.Ranges())
    MeasureRows(db, q, range.begin, range.end, best, counts);
  return best;
}

MatchResult SearchAccelerated(const MotionDatabase& db, std::span<const float, kFeatureCount> query,
                              MatchResult start, SearchCounts* counts) {
  SearchCounts local;
  SearchCounts& count = counts != nullptr ? *counts : local;
  const PaddedQuery q(query);
  MatchResult best = start;
  const float* large = db.LargeBoxes().data();
  const float* small = db.SmallBoxes().data();
  for (const SearchRange& range : db.Ranges())
    VisitBlocks(range.begin, range.end, MotionDatabase::kLargeBlock, large, q, best, count,
                [&](int large_begin, int large_end) {
                  VisitBlocks(large_begin, large_end, MotionDatabase::kSmallBlock, small, q, best,
                              count, [&](int rows_begin, int rows_end) {
                                MeasureRows(db, q, rows_begin, rows_end, best, count);
                              });
                });
  return best;
}

}  // namespace anim
