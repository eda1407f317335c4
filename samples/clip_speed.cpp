#include "samples/clip_speed.h"

#include <algorithm>
#include <cmath>

#include "anim/clips/root_motion.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"
#include "samples/clip_roles.h"

namespace samples {

float UnitsPerMetre(const anim::Model& model, bool* read) {
  if (read != nullptr) *read = true;
  for (const anim::Clip& clip : model.clips) {
    if (clip.Speed() > 0.0f) return 1.0f;
  }
  const int head = anim::ReadRig(model.skeleton).Find(anim::BodyPart::kHead);
  const float head_height =
      head >= 0 ? anim::ModelMatrixOf(model.skeleton, model.skeleton.RestPose(), head)[3].y : 0.0f;
  if (head_height > 0.0f) return head_height / 1.58f;
  if (read != nullptr) *read = false;
  return 1.0f;
}

int LeftFoot(const anim::Model& model) {
  return anim::ReadRig(model.skeleton).Find(anim::BodyPart::kFoot, anim::Side::kLeft);
}
int RightFoot(const anim::Model& model) {
  return anim::ReadRig(model.skeleton).Find(anim::BodyPart::kFoot, anim::Side::kRight);
}

float ForwardYaw(const anim::Model& model) {
  const int left = LeftFoot(model), right = RightFoot(model);
  const int hips = anim::ReadRig(model.skeleton).Find(anim::BodyPart::kHips);
  if (left < 0 || right < 0 || hips < 0) return 0.0f;
  const float units = UnitsPerMetre(model);
  constexpr float kQuarter = 1.57079632679f;
  for (int c : ClipsWithRole(model, anim::ClipRole::kLocomotion)) {
    const anim::Clip& clip = model.clips[static_cast<std::size_t>(c)];
    glm::vec2 ahead(0.0f);
    const anim::RootMotion travel = anim::RootMotion::FromClip(model.skeleton, clip, hips);
    if (travel.GetSource() == anim::RootMotion::Source::kExtracted) {
      const glm::vec3 d = travel.CycleDelta().translation;
      ahead = {d.x, d.z};
    } else {
      ahead = -anim::EstimateGroundVelocity(model.skeleton, clip, left, right, 0.02f * units);
    }
    // Under 5 cm a second tells nothing.
    if (glm::length(ahead) * std::max(clip.Duration(), 1.0f) < 0.05f * units) continue;
    return kQuarter * std::round(std::atan2(ahead.x, ahead.y) / kQuarter);
  }
  return 0.0f;
}

float LocomotionSpeed(const anim::Model& model, int clip) {
  if (clip < 0 || clip >= static_cast<int>(model.clips.size())) return 0.0f;
  const anim::Clip& c = model.clips[clip];
  if (c.Speed() > 0.0f) return c.Speed();
  const int left = LeftFoot(model), right = RightFoot(model);
  if (left < 0 || right < 0) return 0.0f;
  const float units = UnitsPerMetre(model);
  const float speed = anim::EstimateGroundSpeed(model.skeleton, c, left, right, 0.02f * units, 240,
                                                ForwardYaw(model));
  return speed > 0.0f ? speed / units : 0.0f;
}

}  // namespace samples
