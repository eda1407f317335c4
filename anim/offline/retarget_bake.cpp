#include "anim/offline/retarget_bake.h"

#include <utility>

#include "anim/offline/clip_sample_times.h"
#include "anim/retarget/retarget_job.h"

namespace anim {
namespace {

// Which target joints get which tracks: a rotation for each mapped joint,
// prop and joint the IK pass turns; a translation for each root of the
// mapping and each prop.
void TrackedJoints(const RetargetMap& map, const RetargetBakeOptions& options,
                   std::vector<bool>& rotates, std::vector<bool>& travels) {
  const Skeleton& target = map.Target();
  const int count = target.JointCount();
  rotates.assign(static_cast<std::size_t>(count), false);
  travels.assign(static_cast<std::size_t>(count), false);
  for (int t = 0; t < count; ++t) {
    const RetargetMap::JointPlan& plan = map.Plan()[t];
    rotates[t] = plan.source >= 0 || plan.follows >= 0;
    travels[t] = plan.moves || plan.follows >= 0;
  }
  auto ik_turns = [&](RetargetLimb which) {
    const RetargetMap::Limb& limb = map.LimbOf(which);
    if (!limb.usable) return;
    for (int j = limb.end; j >= 0 && j != limb.start; j = target.Parent(j)) rotates[j] = true;
    rotates[limb.start] = true;
  };
  if (options.pin_feet) {
    ik_turns(RetargetLimb::kLeftLeg);
    ik_turns(RetargetLimb::kRightLeg);
  }
  if (options.pin_hands) {
    ik_turns(RetargetLimb::kLeftArm);
    ik_turns(RetargetLimb::kRightArm);
  }
}

}  // namespace

Clip BakeRetargetedClip(const Clip& source_clip, const RetargetMap& map,
                        const RetargetBakeOptions& options) {
  if (map.Empty()) return Clip(source_clip.Name(), {});
  const Skeleton& target = map.Target();
  bool all_step = false;
  const std::vector<float> times = ClipSampleTimes(source_clip, &all_step);

  const int count = target.JointCount();
  std::vector<bool> rotates, travels;
  TrackedJoints(map, options, rotates, travels);

  std::vector<std::vector<glm::quat>> rotation_keys(static_cast<std::size_t>(count));
  std::vector<std::vector<glm::vec3>> translation_keys(static_cast<std::size_t>(count));
  SoaPose source_pose;
  source_pose.CopyFrom(map.Source().RestPose());
  SoaPose target_pose;
  target_pose.CopyFrom(map.TargetReference());
  RetargetScratch scratch;
  scratch.Prepare(map);
  RetargetJob job;
  job.map = &map;
  job.source = &source_pose;
  job.target = &target_pose;
  job.scratch = &scratch;
  job.pin_feet = options.pin_feet;
  job.pin_hands = options.pin_hands;
  ClipCursor cursor = source_clip.MakeCursor();
  for (float time : times) {
    source_pose.CopyFrom(map.Source().RestPose());
    source_clip.Sample(source_pose, time, LoopMode::kClamp, &cursor);
    job.Run();
    for (int t = 0; t < count; ++t) {
      const Transform local = target_pose.Local(t);
      if (rotates[t]) {
        std::vector<glm::quat>& keys = rotation_keys[t];
        // Keep neighbouring keys in one hemisphere so LINEAR keys need no
        // sign flip to take the short way.
        glm::quat q = local.rotation;
        if (!keys.empty() && glm::dot(keys.back(), q) < 0.0f) q = -q;
        keys.push_back(q);
      }
      if (travels[t]) translation_keys[t].push_back(local.translation);
    }
  }

  const Interpolation interpolation = all_step ? Interpolation::kStep : Interpolation::kLinear;
  std::vector<JointTracks> tracks;
  for (int t = 0; t < count; ++t) {
    if (!rotates[t] && !travels[t]) continue;
    JointTracks joint;
    joint.joint = t;
    if (rotates[t]) joint.rotation = QuaternionTrack(interpolation, times, rotation_keys[t]);
    if (travels[t]) joint.translation = VectorTrack(interpolation, times, translation_keys[t]);
    tracks.push_back(std::move(joint));
  }
  Clip baked(source_clip.Name(), std::move(tracks));
  std::vector<ClipEvent> events(source_clip.Events().begin(), source_clip.Events().end());
  baked.SetEvents(std::move(events));
  baked.SetSpeed(source_clip.Speed() * map.TranslationScale());
  return baked;
}

}  // namespace anim
