#include "anim/offline/joint_height.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"

namespace anim {

float LowestJointHeight(const Skeleton& skeleton, const Clip& clip, int joint) {
  SoaPose pose = skeleton.RestPose();
  const int steps = std::max(1, static_cast<int>(std::ceil(clip.Duration() * 60.0f)));
  float lowest = std::numeric_limits<float>::max();
  for (int i = 0; i <= steps; ++i) {
    pose.CopyFrom(skeleton.RestPose());
    clip.Sample(pose, clip.TimeAtPhase(static_cast<float>(i) / steps), LoopMode::kClamp);
    lowest = std::min(lowest, ModelMatrixOf(skeleton, pose, joint)[3].y);
  }
  return lowest;
}

}  // namespace anim
