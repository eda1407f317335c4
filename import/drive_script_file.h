// The scripted input of the command line's --drive (docs/motion_matching.md):
//   { "duration": 20,
//     "keys": [ {"time": 0, "velocity": [0, 1.4]},
//               {"time": 4, "velocity": [1.4, 0], "facing": 90}, ... ] }
// Each key holds from its time to the next, as a player's stick does: a
// ground velocity in metres a second along the world's x and z, and
// optionally a facing in degrees (0: +Z, 90: +X; without it, along the
// velocity, or where the last key left it when standing).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace anim {

struct DriveKey {
  float time = 0.0f;
  glm::vec2 velocity{0.0f};         // m/s, world x and z
  std::optional<float> facing_deg;  // yaw, degrees
};

struct DriveScript {
  float duration = 0.0f;       // seconds
  std::vector<DriveKey> keys;  // times non-decreasing, the first at 0
};

inline constexpr float kMaxDriveSeconds = 3600.0f;
inline constexpr std::size_t kMaxDriveKeys = 100'000;

// The script of `path`; false with "<path>: <problem>" in *error when the
// file is missing, too large, not JSON of that shape, or a key is out of
// order, not finite or past the limits (named by its index).
bool ReadDriveScript(const std::string& path, DriveScript* script, std::string* error);

}  // namespace anim
