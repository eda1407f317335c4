// The times at which an offline builder samples a clip it rewrites (a
// retargeted bake, a mirrored clip): every key time of every track, so the
// rewritten LINEAR keys pass through the poses the clip's own keys hold,
// and, where a track is CUBICSPLINE, 60 times a second between them too,
// since the curve bends between its keys.
#pragma once

#include <vector>

#include "anim/clips/clip.h"

namespace anim {

// Sorted, without repeats (times within 1 us are one). `all_step` is set
// when every track is STEP (a rewrite then keeps held poses held). A clip
// without keys gives its start time alone.
std::vector<float> ClipSampleTimes(const Clip& clip, bool* all_step);

}  // namespace anim
