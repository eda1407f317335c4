#include "foot_contacts.h"

#include <glm/gtc/matrix_transform.hpp>

#include "anim/compression/playback.h"
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

float WorstPlantedSlide(const anim::Skeleton& skeleton, const anim::Clip& clip,
                        const anim::RootMotion& motion, int foot, int cycles,
                        float height_tolerance, int* contacts) {
  anim::Playback playback;
  playback.Start(&clip);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  glm::vec3 position(0.0f);
  float yaw = 0.0f;
  std::vector<glm::vec3> world_path;
  const int frames = static_cast<int>(std::round(cycles * clip.Duration() * 60.0f));
  for (int i = 0; i < frames; ++i) {
    const float from = playback.time;
    pose = anim::RestPoseOf(skeleton);
    test_support::AdvanceInto(playback, 1.0f / 60, pose);
    anim::ApplyMotion(motion.Delta(from, 1.0 / 60, playback.mode), position, yaw);
    anim::SoaPose shown(pose);
    motion.RemoveFromPose(shown, skeleton, clip.SampleTime(playback.time, playback.mode));
    shown.Store(pose);
    const glm::mat4 world = glm::rotate(glm::translate(glm::mat4(1.0f), position), yaw, {0, 1, 0});
    world_path.push_back(glm::vec3(world * pose.ModelMatrix(foot)[3]));
  }
  float lowest = world_path[0].y;
  for (const glm::vec3& p : world_path) lowest = std::min(lowest, p.y);
  float worst = 0.0f;
  *contacts = 0;
  glm::vec3 landed(0.0f);
  bool planted_before = false;
  for (const glm::vec3& p : world_path) {
    const bool planted = p.y - lowest <= height_tolerance;
    if (planted && !planted_before) {
      landed = p;
      ++*contacts;
    }
    if (planted) worst = std::max(worst, glm::length(glm::vec2(p.x - landed.x, p.z - landed.z)));
    planted_before = planted;
  }
  return worst;
}

}  // namespace foot_contacts
