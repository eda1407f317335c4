// The features motion matching compares, one row of kFeatureCount floats
// per frame of motion, after D. Holden's open-source Motion-Matching demo
// (2021) and S. Clavet, "Motion Matching and The Road to Next-Gen
// Animation" (GDC 2016): where the feet are and how they move, how the hips
// move, and where the character will be and face over the next second.
//
// Everything is in the character's frame: its placement on the ground (root
// motion's position and yaw, anim/clips/root_motion.h) at the frame: +Z
// ahead, +X to its left (glTF's front is +Z), yaw as root motion turns it
// (positive turns +Z towards +X). Velocities are world velocities (the character's own travel
// included, so a planted foot is still) expressed in that frame.
#pragma once

#include <array>
#include <string_view>

#include <glm/glm.hpp>

namespace anim {

// The groups, in the order their features sit in a row. Each group is
// normalised as one (one deviation for all its features, so a group's
// shape is kept) and weighted as one.
enum class FeatureGroup : int {
  kLeftFootPosition,
  kRightFootPosition,
  kLeftFootVelocity,
  kRightFootVelocity,
  kHipsVelocity,
  kTrajectoryPositions,  // x, z at each horizon
  kTrajectoryFacings,    // the facing's x, z at each horizon
};
inline constexpr int kFeatureGroupCount = 7;

struct FeatureGroupSpan {
  std::string_view name;
  int first = 0;  // its first feature in a row
  int width = 0;
};

inline constexpr std::array<FeatureGroupSpan, kFeatureGroupCount> kFeatureGroups{{
    {"left_foot_position", 0, 3},
    {"right_foot_position", 3, 3},
    {"left_foot_velocity", 6, 3},
    {"right_foot_velocity", 9, 3},
    {"hips_velocity", 12, 3},
    {"trajectory_positions", 15, 6},
    {"trajectory_facings", 21, 6},
}};
inline constexpr int kFeatureCount = 27;

// How far ahead the trajectory features look, in seconds.
inline constexpr std::array<float, 3> kTrajectoryHorizons{1.0f / 3.0f, 2.0f / 3.0f, 1.0f};

inline constexpr const FeatureGroupSpan& GroupSpan(FeatureGroup g) {
  return kFeatureGroups[static_cast<int>(g)];
}

// A placement on the ground: position (x, z) and yaw about +Y (radians).
struct GroundPlacement {
  glm::vec2 position{0.0f};
  float yaw = 0.0f;
};

// `world` (x, z) seen from `frame`: rotated by -frame.yaw about +Y after
// the frame's position is taken off.
glm::vec2 IntoFrame(const GroundPlacement& frame, glm::vec2 world);
// The unit facing of a yaw, as (x, z): (sin yaw, cos yaw).
glm::vec2 FacingOf(float yaw);

// Writes the two trajectory groups of a row: the placements at the three
// horizons, seen from `now`. `row` holds kFeatureCount floats.
void WriteTrajectoryFeatures(const GroundPlacement& now,
                             const std::array<GroundPlacement, 3>& future, float* row);

}  // namespace anim
