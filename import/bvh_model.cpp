#include "import/bvh_model.h"

#include <glm/gtc/constants.hpp>

namespace anim::bvh {
namespace {

bool IsRotation(Channel c) { return c >= Channel::kXrot; }

// The axis of a channel: X, Y or Z for both kinds.
int AxisOf(Channel c) { return static_cast<int>(c) % 3; }

std::vector<float> KeyTimes(const Motion& motion) {
  std::vector<float> times(motion.frames);
  for (std::size_t i = 0; i < motion.frames; ++i) {
    times[i] = static_cast<float>(static_cast<double>(i) * motion.frame_time);
    if (i > 0 && !(times[i] > times[i - 1])) {
      throw BvhError(0, "Frame Time " + std::to_string(motion.frame_time) + " is too small for " +
                            std::to_string(motion.frames) + " frames: key times would repeat");
    }
  }
  return times;
}

// The tracks of one joint whose channels start at column `first` of a row.
JointTracks TracksOf(const Joint& joint, int index, std::size_t first, const Motion& motion,
                     std::size_t row_size, const std::vector<float>& times) {
  bool moves = false, turns = false;
  for (Channel c : joint.channels) (IsRotation(c) ? turns : moves) = true;
  std::vector<glm::vec3> positions;
  std::vector<glm::quat> rotations;
  if (moves) positions.reserve(motion.frames);
  if (turns) rotations.reserve(motion.frames);
  for (std::size_t frame = 0; frame < motion.frames; ++frame) {
    const std::span<const float> row(&motion.values[frame * row_size + first],
                                     joint.channels.size());
    if (turns) rotations.push_back(JointRotation(joint.channels, row));
    if (!moves) continue;
    glm::vec3 p = joint.offset;
    for (std::size_t i = 0; i < joint.channels.size(); ++i) {
      if (!IsRotation(joint.channels[i])) p[AxisOf(joint.channels[i])] = row[i];
    }
    positions.push_back(p);
  }
  JointTracks tracks;
  tracks.joint = index;
  if (moves) tracks.translation = VectorTrack(Interpolation::kLinear, times, std::move(positions));
  if (turns) {
    tracks.rotation = QuaternionTrack(Interpolation::kLinear, times, std::move(rotations));
  }
  return tracks;
}

Skeleton SkeletonOf(const Hierarchy& hierarchy) {
  std::vector<std::string> names;
  std::vector<int> parents;
  std::vector<Transform> rest(hierarchy.joints.size());
  for (std::size_t i = 0; i < hierarchy.joints.size(); ++i) {
    names.push_back(hierarchy.joints[i].name);
    parents.push_back(hierarchy.joints[i].parent);
    rest[i].translation = hierarchy.joints[i].offset;
  }
  Skeleton skeleton;
  std::string problem;
  // No mesh binds it: the bind pose is the rest pose, inverse binds identity.
  if (!skeleton.Build(std::move(names), std::move(parents), {}, rest, rest,
                      std::vector<glm::mat4>(rest.size(), glm::mat4(1.0f)), &problem)) {
    throw BvhError(0, "the skeleton is not valid: " + problem);
  }
  return skeleton;
}

}  // namespace

glm::quat JointRotation(std::span<const Channel> channels, std::span<const float> values) {
  static const glm::vec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  glm::quat q(1.0f, 0.0f, 0.0f, 0.0f);
  for (std::size_t i = 0; i < channels.size(); ++i) {
    if (!IsRotation(channels[i])) continue;
    const double radians = static_cast<double>(values[i]) * glm::pi<double>() / 180.0;
    q = q * glm::angleAxis(static_cast<float>(radians), kAxes[AxisOf(channels[i])]);
  }
  return glm::normalize(q);
}

Model BuildModel(const Hierarchy& hierarchy, const Motion& motion, const std::string& clip_name) {
  Model model;
  model.skeleton = SkeletonOf(hierarchy);
  const std::vector<float> times = KeyTimes(motion);
  std::vector<JointTracks> tracks;
  std::size_t column = 0;
  for (std::size_t i = 0; i < hierarchy.joints.size(); ++i) {
    const Joint& joint = hierarchy.joints[i];
    if (!joint.channels.empty()) {
      tracks.push_back(
          TracksOf(joint, static_cast<int>(i), column, motion, hierarchy.channel_count, times));
    }
    column += joint.channels.size();
  }
  model.clips.emplace_back(clip_name, std::move(tracks));
  GuessClipRoles(model);
  return model;
}

}  // namespace anim::bvh
