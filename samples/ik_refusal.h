// How the IK samples (10 IK, 11 Look-at, 12 Feet on uneven ground) show a
// job their solver refused: the job's name and the first problem its
// Validate(pose) names, in a warning colour. Their sliders keep values in
// range, but Ctrl+click lets a typed number through, and one such as 1e39
// is infinite as a float: the panel then says why the pose stopped
// following instead of going quiet.
#pragma once

#include <string>

namespace samples {

// "<job> refused: <problem>"; nothing when `problem` is empty.
void DrawIkRefusal(const char* job, const std::string& problem);

}  // namespace samples
