#include "samples/clip_speed.h"

#include "anim/clips/root_motion.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"
#include "samples/clip_roles.h"

namespace samples {

float UnitsPerMetre(const anim::Model& model) {
  for (const anim::Clip& clip : model.clips) {
    if (clip.Speed() > 0.0f) return 1.0f;
  }
  const int head = anim::ReadRig(model.skeleton).Find(anim::BodyPart::kHead);
  const float head_height =
      head >= 0 ? anim::ModelMatrixOf(model.skeleton, model.skeleton.RestPose(), head)[3].y : 0.0f;
  return head_height > 0.0f ? head_height / 1.58f : 1.0f;
}

int LeftFoot(const anim::Model& model) {
  return anim::ReadRig(model.skeleton).Find(anim::BodyPart::kFoot, anim::Side::kLeft);
}
int RightFoot(const anim::Model& model) {
  return anim::ReadRig(model.skeleton).Find(anim::BodyPart::kFoot, anim::Side::kRight);
}

float LocomotionSpeed(const anim::Model& model, int clip) {
  if (clip < 0 || clip >= static_cast<int>(model.clips.size())) return 0.0f;
  const anim::Clip& c = model.clips[clip];
  if (c.Speed() > 0.0f) return c.Speed();
  const int left = LeftFoot(model), right = RightFoot(model);
  if (left < 0 || right < 0) return 0.0f;
  const float units = UnitsPerMetre(model);
  const float speed = anim::EstimateGroundSpeed(model.skeleton, c, left, right, 0.02f * units);
  return speed > 0.0f ? speed / units : 0.0f;
}

}  // namespace samples
