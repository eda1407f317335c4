#include "anim/matching/motion_features.h"

#include <cmath>

namespace anim {

glm::vec2 IntoFrame(const GroundPlacement& frame, glm::vec2 world) {
  const glm::vec2 d = world - frame.position;
  // rotateY(-yaw) on (x, z): x' = x cos - z sin, z' = x sin + z cos.
  const float c = std::cos(frame.yaw), s = std::sin(frame.yaw);
  return {d.x * c - d.y * s, d.x * s + d.y * c};
}

glm::vec2 FacingOf(float yaw) { return {std::sin(yaw), std::cos(yaw)}; }

void WriteTrajectoryFeatures(const GroundPlacement& now,
                             const std::array<GroundPlacement, 3>& future, float* row) {
  const FeatureGroupSpan& positions = GroupSpan(FeatureGroup::kTrajectoryPositions);
  const FeatureGroupSpan& facings = GroupSpan(FeatureGroup::kTrajectoryFacings);
  for (int h = 0; h < 3; ++h) {
    const glm::vec2 p = IntoFrame(now, future[h].position);
    const glm::vec2 f = FacingOf(future[h].yaw - now.yaw);
    row[positions.first + 2 * h] = p.x;
    row[positions.first + 2 * h + 1] = p.y;
    row[facings.first + 2 * h] = f.x;
    row[facings.first + 2 * h + 1] = f.y;
  }
}

}  // namespace anim
