// MotionDatabase: the frames motion matching searches, as rows of
// normalised, weighted features (motion_features.h), with where each row
// comes from (a clip and a time) and which rows may be jumped to.
//
// Normalisation, as in Holden's demo: each feature's mean is taken off, and
// each group is divided by one deviation, the mean of its features' standard
// deviations, then multiplied by the group's weight. A squared distance
// between rows is then a weighted sum over groups that no unit (metres
// against metres per second) dominates. A query is normalised the same way
// (Normalise) before it is searched (motion_search.h).
//
// Rows that may be jumped to are given as ranges: a clip that does not loop
// cannot continue from its last second, so those rows are in the database
// (the character may be playing them) but not in a range. Bounding boxes of
// the rows, over blocks of 16 and of 64 aligned rows, let the accelerated
// search skip blocks whose nearest corner is already farther than the best
// row found.
//
// Built once (allocates); searching allocates nothing.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anim/matching/motion_features.h"

namespace anim {

// Where a row comes from: the caller's clip index and the time in it.
struct MotionFrame {
  int clip = 0;
  float time = 0.0f;
};

// Rows [begin, end) that may be jumped to.
struct SearchRange {
  int begin = 0;
  int end = 0;
};

using FeatureWeights = std::array<float, kFeatureGroupCount>;
inline constexpr FeatureWeights kDefaultFeatureWeights{1, 1, 1, 1, 1, 1, 1};

class MotionDatabase {
 public:
  static constexpr int kSmallBlock = 16;
  static constexpr int kLargeBlock = 64;
  // Floats a row (and a box's minima or maxima) takes: the features padded
  // with a zero to whole groups of four, which the search measures at once.
  static constexpr int kRowStride = 28;

  MotionDatabase() = default;

  // `raw` holds frames.size() rows of kFeatureCount features, unnormalised.
  // Ranges must lie within the rows and not overlap; weights must be finite
  // and >= 0. Empty, with the reason in *error, otherwise, or when a
  // feature is not finite.
  static std::optional<MotionDatabase> Create(std::span<const float> raw,
                                              std::vector<MotionFrame> frames,
                                              std::vector<SearchRange> ranges,
                                              const FeatureWeights& weights, std::string* error);

  int FrameCount() const { return static_cast<int>(frames_.size()); }
  const MotionFrame& Frame(int row) const { return frames_[static_cast<std::size_t>(row)]; }
  std::span<const SearchRange> Ranges() const { return ranges_; }
  // Whether a row lies in a range.
  bool Searchable(int row) const;
  // Row `row`, normalised and weighted.
  std::span<const float, kFeatureCount> Row(int row) const {
    return std::span<const float, kFeatureCount>(RowData(row), kFeatureCount);
  }
  // Its kRowStride floats, the padding zero.
  const float* RowData(int row) const {
    return features_.data() + static_cast<std::size_t>(row) * kRowStride;
  }

  // Per feature: the mean taken off, and the deviation divided by (the
  // group's, repeated for each of its features).
  std::span<const float, kFeatureCount> Means() const { return means_; }
  std::span<const float, kFeatureCount> Deviations() const { return deviations_; }
  const FeatureWeights& Weights() const { return weights_; }

  // A raw row into the search's space: (x - mean) / deviation * weight.
  void Normalise(std::span<const float, kFeatureCount> raw,
                 std::span<float, kFeatureCount> out) const;
  // A row back in the features' own units (a group weighted 0 reads as its
  // mean), for drawing what a row stands for.
  void Denormalise(std::span<const float, kFeatureCount> row,
                   std::span<float, kFeatureCount> out) const;
  // The squared distance of a normalised query to a row, group by group
  // (what the search's cost adds up).
  std::array<float, kFeatureGroupCount> GroupCosts(std::span<const float, kFeatureCount> query,
                                                   int row) const;

  // The blocks' boxes: per block, kRowStride minima then maxima.
  std::span<const float> SmallBoxes() const { return small_boxes_; }
  std::span<const float> LargeBoxes() const { return large_boxes_; }

  // Bytes held: rows (with their padding), frames, ranges and boxes.
  std::size_t Bytes() const;

 private:
  void Normalise(std::span<const float> raw);
  void BuildBoxes(int block, std::vector<float>& boxes) const;

  std::vector<float> features_;
  std::vector<MotionFrame> frames_;
  std::vector<SearchRange> ranges_;
  std::array<float, kFeatureCount> means_{};
  std::array<float, kFeatureCount> deviations_{};
  FeatureWeights weights_ = kDefaultFeatureWeights;
  std::vector<float> small_boxes_;
  std::vector<float> large_boxes_;
};

}  // namespace anim
