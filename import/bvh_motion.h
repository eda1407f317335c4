// Internal to anim_import: the MOTION section of a BVH file (after the word
// MOTION): "Frames: N", "Frame Time: T" and N rows of numbers, one frame a
// line, one number per channel in the order HIERARCHY declared them.
#pragma once

#include <cstddef>
#include <vector>

#include "import/bvh_scanner.h"

namespace anim::bvh {

struct Motion {
  std::size_t frames = 0;
  float frame_time = 0.0f;    // seconds
  std::vector<float> values;  // frames x channels, row by row
};

// Reads the section to the end of the file. `channels`: the numbers in a
// row (Hierarchy::channel_count, at least 1). `file_bytes` and `max_bytes`
// (the load memory limit) bound what Frames may claim, checked before
// anything is allocated. Throws BvhError on a bad count, a Frame Time that
// is not above zero and at most kMaxFrameTime, a row with too few or too
// many numbers, a number that is not finite, missing rows or text after
// the last row.
Motion ReadMotion(Scanner& scanner, std::size_t channels, std::size_t file_bytes,
                  std::size_t max_bytes);

}  // namespace anim::bvh
