// Bakes a procedural motion (a function from time to a rig pose) into LINEAR
// glTF channels at a fixed key rate. Consecutive quaternion keys are kept in
// the same hemisphere so interpolation never takes the long way round.
#pragma once

#include <functional>
#include <vector>

#include "clip_data.h"
#include "pose_math.h"

namespace mannequin {

using PoseFunction = std::function<RigPose(float time)>;

// Keys at k / keys_per_second for k = 0 .. duration * keys_per_second
// (duration must be a whole number of key intervals). One rotation channel
// per joint in `rotated`; a Hips translation channel when `hips_translation`.
std::vector<Channel> BakeLinear(const PoseFunction& pose_at, float duration, int keys_per_second,
                                const std::vector<int>& rotated, bool hips_translation);

// Every joint, in order (for clips that drive the whole body).
std::vector<int> AllJoints();

}  // namespace mannequin
