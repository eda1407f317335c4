// What motion a motion-matching database can answer with: where each row
// that may be jumped to takes the character a second on (the trajectory
// feature's last horizon) and how far it turns meanwhile. Sample 19 draws
// the places as a cloud seen from above; a query outside the cloud asks for
// motion no clip holds (a database without a backward step cannot back up,
// whatever the weights).
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "anim/offline/motion_database_builder.h"

namespace samples {

struct MatchingCoverage {
  int rows = 0;  // rows that may be jumped to
  // Their places 1 s on, in metres in the character's frame (x: its left,
  // y: ahead); at most kMaxPoints, evenly spaced over the rows.
  std::vector<glm::vec2> ends;
  float min_reach = 0.0f, max_reach = 0.0f;  // metres from where it stands
  float min_turn = 0.0f, max_turn = 0.0f;    // degrees over that second (+: towards +X)
  float max_back = 0.0f;                     // metres behind where it stands, at most
  static constexpr int kMaxPoints = 2048;
};

// From the unnormalised rows (ExtractMotionRows); `units_per_metre` turns
// the model's units into metres.
MatchingCoverage CoverageOf(const anim::MotionRows& rows, float units_per_metre);

}  // namespace samples
