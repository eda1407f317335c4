// The error of a compressed clip measured in model space (the metric of
// ACL, Frechette's Animation Compression Library): for every joint, virtual
// points 3 cm from it along each of its local axes and at its origin, taken
// through the whole hierarchy by the raw and by the compressed pose; the
// error is the largest distance between a point's two positions, in metres
// (the model's units, which glTF defines as metres).
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip.h"
#include "anim/core/skeleton.h"

namespace anim {

inline constexpr float kVirtualPointDistance = 0.03f;

// One joint's virtual points in model space, as a reference matrix places
// them: its origin, and per local axis the point `point_distance` from it
// (the column times `scale`; a column of no length has none: scale 0 puts
// it at the origin, which is measured anyway).
struct VirtualPoints {
  glm::vec3 origin;
  glm::vec3 axis[3];
  float scale[3];
};
VirtualPoints VirtualPointsOf(const glm::mat4& reference, float point_distance);
// The largest distance between `points` and where `other` puts them (the
// same local offsets through `other`).
float VirtualPointError(const VirtualPoints& points, const glm::mat4& other);

// Per joint, the largest distance between the virtual points of `reference`
// and `other` (model-space matrices of the same skeleton). The points sit
// `point_distance` from the joint in model space, measured on the reference.
void ModelSpaceError(std::span<const glm::mat4> reference, std::span<const glm::mat4> other,
                     float point_distance, std::span<float> per_joint);

// The times the clip's error is measured at: every key time of every raw
// track and of the compressed clip (where either changes course) and the
// quarter points between each two consecutive ones (a CUBICSPLINE curve
// strays furthest from its chord near, not at, the midpoint), sorted.
std::vector<float> ErrorSampleTimes(const Clip& clip, const CompressedClip& compressed);

struct ClipError {
  float max_error = 0.0f;        // metres
  int joint = -1;                // where it is largest (-1: no joint)
  float time = 0.0f;             // and when (clip-local seconds)
  std::vector<float> joint_max;  // per joint, its largest error over the clip
  std::vector<float> times;      // ErrorSampleTimes
  std::vector<float> time_max;   // per time, the largest error over the joints
};

// Samples `raw` (through Clip::Sample) and `compressed` (through
// SampleCompressedClip, one context played forward) from the rest pose at
// ErrorSampleTimes and compares them with ModelSpaceError.
ClipError MeasureClipError(const Clip& raw, const CompressedClip& compressed,
                           const Skeleton& skeleton, float point_distance = kVirtualPointDistance);

}  // namespace anim
