#include "samples/matching_coverage.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "anim/matching/motion_features.h"

namespace samples {

MatchingCoverage CoverageOf(const anim::MotionRows& rows, float units_per_metre) {
  MatchingCoverage out;
  for (const anim::SearchRange& r : rows.ranges) out.rows += r.end - r.begin;
  if (out.rows == 0) return out;
  const int last = static_cast<int>(anim::kTrajectoryHorizons.size()) - 1;
  const int p = anim::GroupSpan(anim::FeatureGroup::kTrajectoryPositions).first + 2 * last;
  const int f = anim::GroupSpan(anim::FeatureGroup::kTrajectoryFacings).first + 2 * last;
  const int stride =
      std::max(1, (out.rows + MatchingCoverage::kMaxPoints - 1) / MatchingCoverage::kMaxPoints);
  out.min_reach = out.min_turn = 1e30f;
  out.max_reach = out.max_turn = -1e30f;
  int seen = 0;
  for (const anim::SearchRange& r : rows.ranges) {
    for (int row = r.begin; row < r.end; ++row, ++seen) {
      const float* raw = rows.raw.data() + static_cast<std::size_t>(row) * anim::kFeatureCount;
      const glm::vec2 end = glm::vec2(raw[p], raw[p + 1]) / units_per_metre;
      const float turn = glm::degrees(std::atan2(raw[f], raw[f + 1]));
      out.min_reach = std::min(out.min_reach, glm::length(end));
      out.max_reach = std::max(out.max_reach, glm::length(end));
      out.min_turn = std::min(out.min_turn, turn);
      out.max_turn = std::max(out.max_turn, turn);
      out.max_back = std::max(out.max_back, -end.y);
      if (seen % stride == 0) out.ends.push_back(end);
    }
  }
  return out;
}

}  // namespace samples
