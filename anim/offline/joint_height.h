// Measurements of a clip made once when a character is set up, not per frame.
#pragma once

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"

namespace anim {

// The lowest model-space height (along +Y) `joint` reaches over `clip`,
// sampled at 60 Hz: for a walk, the ankle's height above the floor when the
// foot is planted, i.e. FootIkLeg::ankle_height (anim/ik/foot_ik.h).
float LowestJointHeight(const Skeleton& skeleton, const Clip& clip, int joint);

}  // namespace anim
