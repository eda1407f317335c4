// Key reduction: dropping the keys that interpolating their neighbours
// reproduces within a tolerance, on raw clips (ReduceKeys: each channel
// keeps only the keys it needs, what key-reducing exporters and glTF
// optimisers write). The compressed-clip builder uses its ValueDistance and
// InterpolateKeys (its own key reduction is the key stride, clip_builder.h).
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clip.h"

namespace anim {

// How far apart two values of a channel are: the Euclidean distance for
// translations and scales, the rotation angle (radians, in double precision
// so small angles are not lost to acos's rounding) between two quaternions
// (q and -q are 0 apart).
float ValueDistance(const glm::vec3& a, const glm::vec3& b);
float ValueDistance(const glm::quat& a, const glm::quat& b);

// LINEAR interpolation as Track does it: lerp, or slerp along the shorter arc.
glm::vec3 InterpolateKeys(const glm::vec3& a, const glm::vec3& b, float s);
glm::quat InterpolateKeys(const glm::quat& a, const glm::quat& b, float s);

// The indices of the LINEAR keys (times non-decreasing; two keys at one time
// are a jump, as a STEP key becomes) to keep so that interpolating the kept
// keys reproduces every dropped key's value within `tolerance` (ValueDistance
// units; 0 keeps all but the keys reproduced within float rounding). The
// first and last keys and both keys of a jump are always kept. Greedy: from
// each kept key, the furthest next key that still reproduces everything between.
template <typename T>
std::vector<int> ReduceLinearKeys(std::span<const float> times, std::span<const T> values,
                                  float tolerance);

// A copy of `clip` whose LINEAR channels keep only the keys ReduceLinearKeys
// keeps and whose STEP channels drop keys equal (within `tolerance`) to the
// key before them; CUBICSPLINE channels, the name, events and speed are kept
// as they are. `tolerance` is in each channel's units (metres or the model's
// units for translations, radians for rotations); 0 is lossless.
Clip ReduceKeys(const Clip& clip, float tolerance);

}  // namespace anim
