#include "foot_contacts.h"
#include "anim/offline/pose.h"
#include "tests/support/pose_sampling.h"

namespace foot_contacts {

std::vector<glm::vec3> JointPath(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                                 int frames) {
  std::vector<glm::vec3> path;
  for (int i = 0; i <= frames; ++i) {
    anim::Pose pose = anim::RestPoseOf(skeleton);
    test_support::SampleInto(clip, pose, clip.TimeAtPhase(static_cast<float>(i) / frames),
                             anim::LoopMode::kClamp);
    path.push_back(glm::vec3(pose.ModelMatrix(joint)[3]));
  }
  return path;
}

std::vector<bool> Planted(const std::vector<glm::vec3>& path, float dt, float ground_speed,
                          float height_tolerance, float speed_tolerance) {
  float lowest = path[0].y;
  for (const glm::vec3& p : path) lowest = std::min(lowest, p.y);
  std::vector<bool> planted(path.size() - 1);
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    glm::vec3 velocity = (path[i + 1] - path[i]) / dt;
    velocity.z += ground_speed;
    planted[i] = path[i].y - lowest <= height_tolerance && glm::length(velocity) < speed_tolerance;
  }
  return planted;
}

std::vector<int> ContactStarts(const std::vector<bool>& planted) {
  std::vector<int> starts;
  const int n = static_cast<int>(planted.size());
  for (int i = 0; i < n; ++i) {
    if (planted[i] && !planted[(i + n - 1) % n]) starts.push_back(i);
  }
  return starts;
}

}  // namespace foot_contacts
