// Making an additive clip offline: the difference D = S - R between a
// source clip and a reference (an idle, a pose), which the runtime then adds
// onto any pose (anim/blending/additive.h). Built once when a model loads,
// never per frame, so it lives with the other offline builders.
#pragma once

#include <string>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"

namespace anim {

// D = S - R, resampled at `sample_rate` Hz over the common duration (a fixed
// rate keeps D's size predictable whatever keys S and R have). Fails, with
// `error` set, when the durations differ by more than 1 ms. Only joints
// animated by S or R get tracks; D starts at time 0.
bool MakeDifferenceClip(const Skeleton& skeleton, const Clip& source, const Clip& reference,
                        Clip* difference, std::string* error, float sample_rate = 30.0f);

}  // namespace anim
