#include "anim/matching/motion_database.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/core/error_text.h"

namespace anim {
namespace {

// The first problem with the inputs of Create, or empty.
std::string CheckInputs(std::span<const float> raw, const std::vector<MotionFrame>& frames,
                        const std::vector<SearchRange>& ranges, const FeatureWeights& weights) {
  if (raw.size() != frames.size() * kFeatureCount)
    return "the features hold " + std::to_string(raw.size()) + " floats, not " +
           std::to_string(frames.size()) + " frames x " + std::to_string(kFeatureCount);
  for (std::size_t i = 0; i < raw.size(); ++i)
    if (!std::isfinite(raw[i]))
      return "feature " + std::to_string(i % kFeatureCount) + " of frame " +
             std::to_string(i / kFeatureCount) + " is not finite";
  const int count = static_cast<int>(frames.size());
  int previous_end = 0;
  for (const SearchRange& r : ranges) {
    if (r.begin < previous_end || r.end < r.begin || r.end > count)
      return "search range [" + std::to_string(r.begin) + ", " + std::to_string(r.end) +
             ") is out of order or outside the " + std::to_string(count) + " frames";
    previous_end = r.end;
  }
  for (int g = 0; g < kFeatureGroupCount; ++g)
    if (!std::isfinite(weights[g]) || weights[g] < 0.0f)
      return "the weight of " + std::string(kFeatureGroups[g].name) + " is not finite and >= 0";
  return {};
}

}  // namespace

std::optional<MotionDatabase> MotionDatabase::Create(std::span<const float> raw,
                                                     std::vector<MotionFrame> frames,
                                                     std::vector<SearchRange> ranges,
                                                     const FeatureWeights& weights,
                                                     std::string* error) {
  if (std::string problem = CheckInputs(raw, frames, ranges, weights); !problem.empty()) {
    SetError(error, "motion database: " + problem);
    return std::nullopt;
  }
  MotionDatabase db;
  db.frames_ = std::move(frames);
  db.ranges_ = std::move(ranges);
  db.weights_ = weights;
  db.Normalise(raw);
  db.BuildBoxes(kSmallBlock, db.small_boxes_);
  db.BuildBoxes(kLargeBlock, db.large_boxes_);
  return db;
}

// Means per feature, one deviation per group (the mean of its features'
// standard deviations; 1 where the group does not vary, so it adds nothing
// instead of dividing by zero), then the rows normalised and weighted.
void MotionDatabase::Normalise(std::span<const float> raw) {
  const std::size_t rows = frames_.size();
  std::array<double, kFeatureCount> sum{}, sum_sq{};
  for (std::size_t r = 0; r < rows; ++r)
    for (int f = 0; f < kFeatureCount; ++f) sum[f] += raw[r * kFeatureCount + f];
  for (int f = 0; f < kFeatureCount; ++f)
    means_[f] = rows > 0 ? static_cast<float>(sum[f] / static_cast<double>(rows)) : 0.0f;
  for (std::size_t r = 0; r < rows; ++r)
    for (int f = 0; f < kFeatureCount; ++f) {
      const double d = raw[r * kFeatureCount + f] - static_cast<double>(means_[f]);
      sum_sq[f] += d * d;
    }
  for (const FeatureGroupSpan& g : kFeatureGroups) {
    double deviation = 0.0;
    for (int f = g.first; f < g.first + g.width; ++f)
      deviation += rows > 0 ? std::sqrt(sum_sq[f] / static_cast<double>(rows)) : 0.0;
    deviation /= g.width;
    const float kept = deviation > 1e-6 ? static_cast<float>(deviation) : 1.0f;
    for (int f = g.first; f < g.first + g.width; ++f) deviations_[f] = kept;
  }
  features_.assign(rows * kRowStride, 0.0f);
  for (std::size_t r = 0; r < rows; ++r)
    Normalise(std::span<const float, kFeatureCount>(raw.data() + r * kFeatureCount, kFeatureCount),
              std::span<float, kFeatureCount>(features_.data() + r * kRowStride, kFeatureCount));
}

void MotionDatabase::Normalise(std::span<const float, kFeatureCount> raw,
                               std::span<float, kFeatureCount> out) const {
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupSpan& span = kFeatureGroups[g];
    for (int f = span.first; f < span.first + span.width; ++f)
      out[f] = (raw[f] - means_[f]) / deviations_[f] * weights_[g];
  }
}

void MotionDatabase::Denormalise(std::span<const float, kFeatureCount> row,
                                 std::span<float, kFeatureCount> out) const {
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupSpan& span = kFeatureGroups[g];
    for (int f = span.first; f < span.first + span.width; ++f)
      out[f] = weights_[g] > 0.0f ? row[f] / weights_[g] * deviations_[f] + means_[f] : means_[f];
  }
}

void MotionDatabase::BuildBoxes(int block, std::vector<float>& boxes) const {
  const int rows = FrameCount();
  const int blocks = (rows + block - 1) / block;
  // The padding stays 0, as in the rows and the query.
  boxes.assign(static_cast<std::size_t>(blocks) * 2 * kRowStride, 0.0f);
  for (int b = 0; b < blocks; ++b) {
    float* lo = boxes.data() + static_cast<std::size_t>(b) * 2 * kRowStride;
    float* hi = lo + kRowStride;
    std::fill(lo, lo + kFeatureCount, std::numeric_limits<float>::infinity());
    std::fill(hi, hi + kFeatureCount, -std::numeric_limits<float>::infinity());
    for (int r = b * block; r < std::min(rows, (b + 1) * block); ++r) {
      const auto row = Row(r);
      for (int f = 0; f < kFeatureCount; ++f) {
        lo[f] = std::min(lo[f], row[f]);
        hi[f] = std::max(hi[f], row[f]);
      }
    }
  }
}

bool MotionDatabase::Searchable(int row) const {
  for (const SearchRange& r : ranges_)
    if (row >= r.begin && row < r.end) return true;
  return false;
}

std::array<float, kFeatureGroupCount> MotionDatabase::GroupCosts(
    std::span<const float, kFeatureCount> query, int row) const {
  std::array<float, kFeatureGroupCount> costs{};
  const auto features = Row(row);
  for (int g = 0; g < kFeatureGroupCount; ++g) {
    const FeatureGroupSpan& span = kFeatureGroups[g];
    for (int f = span.first; f < span.first + span.width; ++f) {
      const float d = query[f] - features[f];
      costs[g] += d * d;
    }
  }
  return costs;
}

std::size_t MotionDatabase::Bytes() const {
  return sizeof(*this) + features_.capacity() * sizeof(float) +
         frames_.capacity() * sizeof(MotionFrame) + ranges_.capacity() * sizeof(SearchRange) +
         (small_boxes_.capacity() + large_boxes_.capacity()) * sizeof(float);
}

}  // namespace anim
