#include "samples/motion_clips.h"

#include <algorithm>
#include <utility>

#include "anim/offline/mirror_clip.h"
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

// The full-body clips that last (a T-pose held for no time, as Mixamo
// exports add, is no motion).
std::vector<int> LastingFullBodyClips(const anim::Model& model) {
  std::vector<int> clips;
  for (int c : FullBodyClips(model))
    if (model.clips[static_cast<std::size_t>(c)].Duration() > 0.0f) clips.push_back(c);
  return clips;
}

// Whether each clip is jumped to: by role (every clip where no role says
// so), never where excluded. False, with the reason, for an excluded name
// that is none of the model's clips.
bool PickJumpedTo(const anim::Model& model, const std::vector<int>& clips,
                  const std::vector<std::string>& excluded, std::vector<bool>* jumped,
                  std::string* error) {
  for (const std::string& name : excluded) {
    if (model.FindClip(name) < 0) {
      *error = "no clip named '" + name + "' to exclude from the motion database; " +
               DescribeClips(model, AllClips(model));
      return false;
    }
  }
  bool any = false;
  for (int c : clips) {
    jumped->push_back(JumpedTo(model, c));
    any = any || jumped->back();
  }
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const std::string& name = model.clips[static_cast<std::size_t>(clips[i])].Name();
    const bool out = std::find(excluded.begin(), excluded.end(), name) != excluded.end();
    (*jumped)[i] = !out && (!any || (*jumped)[i]);
  }
  return true;
}

// The mirror images of the clips jumped to, into motion->mirrored; the
// index of each one's source in `clips` into *sources. Says in
// motion->mirror_note what has none and why.
void MirrorClips(const anim::Model& model, const std::vector<int>& clips,
                 const std::vector<bool>& jumped, ModelMotion* motion, std::vector<int>* sources) {
  anim::MirrorMap map;
  std::string why;
  if (!BuildSideMirror(model.skeleton, &map, &why)) {
    motion->mirror_note = "no mirrored clips: " + why;
    return;
  }
  // A cycle within 1 cm of its mirror half a cycle on adds nothing.
  const float same = 0.01f * UnitsPerMetre(model);
  std::string symmetric;
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const auto c = static_cast<std::size_t>(clips[i]);
    if (!jumped[i]) continue;
    const bool cycle = RoleOf(model, clips[i]) != anim::ClipRole::kOneShot;
    if (cycle &&
        anim::DistanceToOwnMirrorHalfACycleOn(model.skeleton, map, model.clips[c]) < same) {
      symmetric += (symmetric.empty() ? "" : ", ") + model.clips[c].Name();
      continue;
    }
    auto mirrored = anim::MakeMirroredClip(model.skeleton, map, model.clips[c], &why);
    if (!mirrored) {
      motion->mirror_note += (motion->mirror_note.empty() ? "" : "; ") + why;
      continue;
    }
    motion->mirrored.push_back(std::move(*mirrored));
    sources->push_back(static_cast<int>(i));
  }
  if (!symmetric.empty())
    motion->mirror_note += std::string(motion->mirror_note.empty() ? "" : "; ") +
                           "not mirrored, being their own mirror half a cycle on: " + symmetric;
}

}  // namespace

std::optional<ModelMotion> MotionOf(const anim::Model& model, std::string* error,
                                    const MotionOptions& options) {
  const auto joints = anim::FindMotionJoints(model.skeleton, error);
  if (!joints) return std::nullopt;
  const std::vector<int> clips = LastingFullBodyClips(model);
  if (clips.empty()) {
    if (error != nullptr)
      *error = "motion matching needs a full-body clip that lasts; " +
               DescribeClips(model, AllClips(model));
    return std::nullopt;
  }
  std::vector<bool> jumped;
  if (!PickJumpedTo(model, clips, options.excluded, &jumped, error)) return std::nullopt;
  ModelMotion out;
  out.joints = *joints;
  out.forward_yaw = ForwardYaw(model);
  std::vector<int> mirror_sources;
  if (options.mirrored) MirrorClips(model, clips, jumped, &out, &mirror_sources);
  const float units = UnitsPerMetre(model);
  // Entries point into `motions`: it must not grow past what is reserved.
  out.motions.reserve(clips.size() + mirror_sources.size());
  const auto add = [&](const anim::Clip& clip, std::size_t source) {
    const int c = clips[source];
    out.motions.push_back(anim::RootMotion::FromClip(
        model.skeleton, clip, joints->hips, LocomotionSpeed(model, c) * units, out.forward_yaw));
    const bool one_shot = RoleOf(model, c) == anim::ClipRole::kOneShot;
    out.clips.push_back({&clip, &out.motions.back(),
                         one_shot ? anim::LoopMode::kClamp : anim::LoopMode::kLoop,
                         jumped[source]});
    out.model_clip.push_back(c);
    out.names.push_back(clip.Name());
  };
  for (std::size_t i = 0; i < clips.size(); ++i)
    add(model.clips[static_cast<std::size_t>(clips[i])], i);
  for (std::size_t m = 0; m < mirror_sources.size(); ++m)
    add(out.mirrored[m], static_cast<std::size_t>(mirror_sources[m]));
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
