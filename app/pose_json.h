// Writes the pose a character shows as JSON, for tests and golden checks:
// every joint's name, parent index, local translation / rotation (x, y, z, w)
// / scale, and model-space 4x4 matrix (column-major, the model's own units,
// including the transforms of non-joint ancestors such as an armature node),
// and the playback: clip_time, the time sampled in the clip's timeline
// (wrapped; ping-pong's way back reflected), and playback_time, the player's.
#pragma once

#include <string>

#include "app/animated_character.h"

namespace animviewer {

struct PoseDumpInfo {
  std::string clip;  // empty: rest pose
  double requested_time = 0.0;
};

std::string PoseToJson(const AnimatedCharacter& character, const PoseDumpInfo& info);

// PoseToJson into a file; false with a message naming the file on failure.
bool WritePoseJson(const std::string& path, const AnimatedCharacter& character,
                   const PoseDumpInfo& info, std::string* error);

}  // namespace animviewer
