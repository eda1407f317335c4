// Internal to anim_import: a read BVH file (hierarchy and motion) as the
// Model a glTF animation source yields: a skeleton whose rest pose is the
// OFFSETs with no rotation, no mesh, and one clip with a key per frame.
#pragma once

#include <span>
#include <string>

#include <glm/gtc/quaternion.hpp>

#include "import/bvh_hierarchy.h"
#include "import/bvh_motion.h"
#include "model/model.h"

namespace anim::bvh {

// The rotation of one joint in one frame: BVH multiplies the matrices of its
// rotation channels left to right in the order CHANNELS lists them
// ("Zrotation Xrotation Yrotation": R = Rz * Rx * Ry), angles in degrees.
// `values` holds the joint's numbers of the row, one per channel.
glm::quat JointRotation(std::span<const Channel> channels, std::span<const float> values);

// The skeleton (joints in file order, which is parents first) and one clip
// named `clip_name`, keys at 0, T, 2T... (T the Frame Time), so the clip
// lasts (frames - 1) x T, from the first frame's pose to the last's. Joints
// with position channels get a translation track (a coordinate without a
// channel keeps the OFFSET's), joints with rotation channels a rotation
// track. Throws BvhError (line 0) when Frame Time is too small for the key
// times to increase in single precision.
Model BuildModel(const Hierarchy& hierarchy, const Motion& motion, const std::string& clip_name);

}  // namespace anim::bvh
