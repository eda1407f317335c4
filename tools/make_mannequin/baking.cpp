#include "baking.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mannequin {

std::vector<Channel> BakeLinear(const PoseFunction& pose_at, float duration, int keys_per_second,
                                const std::vector<int>& rotated, bool hips_translation) {
  const int intervals =
      static_cast<int>(std::lround(duration * static_cast<float>(keys_per_second)));
  if (std::fabs(static_cast<float>(intervals) - duration * static_cast<float>(keys_per_second)) >
      1e-3f) {
    std::fprintf(stderr, "make_mannequin: duration %g is not a whole number of keys at %d/s\n",
                 duration, keys_per_second);
    std::exit(1);
  }
  std::vector<float> times;
  std::vector<RigPose> poses;
  for (int k = 0; k <= intervals; ++k) {
    // The last key sits exactly at `duration` so loops close on the same value.
    const float t =
        k == intervals ? duration : static_cast<float>(k) / static_cast<float>(keys_per_second);
    times.push_back(t);
    poses.push_back(pose_at(t));
  }
  std::vector<Channel> channels;
  if (hips_translation) {
    Channel c;
    c.joint = kHips;
    c.path = Path::kTranslation;
    c.times = times;
    for (const RigPose& p : poses) c.values.push_back(glm::vec4(p.joints[kHips].translation, 0.0f));
    channels.push_back(std::move(c));
  }
  for (int joint : rotated) {
    Channel c;
    c.joint = joint;
    c.path = Path::kRotation;
    c.times = times;
    glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
    for (const RigPose& p : poses) {
      glm::quat q = glm::normalize(p.joints[joint].rotation);
      if (glm::dot(q, previous) < 0.0f) q = -q;
      previous = q;
      c.values.push_back(glm::vec4(q.x, q.y, q.z, q.w));
    }
    channels.push_back(std::move(c));
  }
  return channels;
}

std::vector<int> AllJoints() {
  std::vector<int> all;
  all.reserve(kJointCount);
  for (int j = 0; j < kJointCount; ++j) all.push_back(j);
  return all;
}

}  // namespace mannequin
