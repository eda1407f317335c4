// A caller's parallel-for for the crowd tests: ranges of three characters,
// worker index = range number modulo `workers`, last range first, so every
// worker's scratch sees a different sequence of characters than in order.
#pragma once

#include <algorithm>

#include "anim/core/parallel_jobs.h"

namespace anim_test {

struct ReverseRanges {
  int workers;
  void operator()(int count, anim::RangeJob job) const {
    const int ranges = (count + 2) / 3;
    for (int r = ranges - 1; r >= 0; --r) job(3 * r, std::min(count, 3 * r + 3), r % workers);
  }
};

}  // namespace anim_test
