#include "samples/motion_clips.h"

#include "samples/clip_roles.h"
#include "samples/clip_speed.h"

namespace samples {

namespace {

// Idle and locomotion clips, and a take that does not loop but travels (a
// motion-capture walk: half a leg or more from its first frame to its last).
bool JumpedTo(const anim::Model& model, int clip) {
  const anim::ClipRole role = RoleOf(model, clip);
  if (role == anim::ClipRole::kIdle || role == anim::ClipRole::kLocomotion) return true;
  const auto c = static_cast<std::size_t>(clip);
  return role == anim::ClipRole::kOneShot && c < model.clip_roles.size() &&
         model.clip_roles[c].motion.travel >= 0.5f;
}

}  // namespace

std::optional<ModelMotion> MotionOf(const anim::Model& model, std::string* error) {
  const auto joints = anim::FindMotionJoints(model.skeleton, error);
  if (!joints) return std::nullopt;
  // A clip of no length (a T-pose held, as Mixamo exports add) is no motion.
  std::vector<int> clips;
  for (int c : FullBodyClips(model))
    if (model.clips[static_cast<std::size_t>(c)].Duration() > 0.0f) clips.push_back(c);
  if (clips.empty()) {
    if (error != nullptr)
      *error = "motion matching needs a full-body clip that lasts; " +
               DescribeClips(model, AllClips(model));
    return std::nullopt;
  }
  ModelMotion out;
  out.joints = *joints;
  const float units = UnitsPerMetre(model);
  out.forward_yaw = ForwardYaw(model);
  out.motions.reserve(clips.size());  // `clips` below points into it
  for (int c : clips) {
    const anim::Clip& clip = model.clips[static_cast<std::size_t>(c)];
    out.motions.push_back(anim::RootMotion::FromClip(
        model.skeleton, clip, joints->hips, LocomotionSpeed(model, c) * units, out.forward_yaw));
    const bool one_shot = RoleOf(model, c) == anim::ClipRole::kOneShot;
    out.clips.push_back(
        {&clip, &out.motions.back(), one_shot ? anim::LoopMode::kClamp : anim::LoopMode::kLoop});
    out.model_clip.push_back(c);
  }
  bool any = false;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    out.clips[i].searchable = JumpedTo(model, clips[i]);
    any = any || out.clips[i].searchable;
  }
  if (!any)
    for (anim::MotionClip& c : out.clips) c.searchable = true;
  return out;
}

std::optional<anim::MotionDatabase> BuildModelDatabase(const anim::Model& model,
                                                       const ModelMotion& motion,
                                                       const anim::FeatureWeights& weights,
                                                       std::string* error) {
  return anim::BuildMotionDatabase(model.skeleton, motion.clips, motion.joints, kMotionFrameRate,
                                   weights, error);
}

}  // namespace samples
