#include "anim/offline/mirror_clip.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "anim/offline/clip_sample_times.h"
#include "anim/offline/pose.h"

namespace anim {
namespace {

// Which channels each joint's mirror image has: its own and its partner's.
struct MirroredChannels {
  std::vector<bool> translation, rotation, scale;
};

MirroredChannels ChannelsOf(const Clip& source, const MirrorMap& map) {
  const auto n = static_cast<std::size_t>(map.JointCount());
  MirroredChannels own{std::vector<bool>(n), std::vector<bool>(n), std::vector<bool>(n)};
  for (const JointTracks& jt : source.Tracks()) {
    const auto j = static_cast<std::size_t>(jt.joint);
    own.translation[j] = own.translation[j] || !jt.translation.Empty();
    own.rotation[j] = own.rotation[j] || !jt.rotation.Empty();
    own.scale[j] = own.scale[j] || !jt.scale.Empty();
  }
  MirroredChannels out = own;
  for (std::size_t j = 0; j < n; ++j) {
    const auto p = static_cast<std::size_t>(map.partner[j]);
    out.translation[j] = own.translation[j] || own.translation[p];
    out.rotation[j] = own.rotation[j] || own.rotation[p];
    out.scale[j] = own.scale[j] || own.scale[p];
  }
  return out;
}

}  // namespace

std::optional<Clip> MakeMirroredClip(const Skeleton& skeleton, const MirrorMap& map,
                                     const Clip& source, std::string* error) {
  const int n = skeleton.JointCount();
  if (map.JointCount() != n) {
    *error = "mirroring " + source.Name() + ": the mirror map has " +
             std::to_string(map.JointCount()) + " joints, the skeleton " + std::to_string(n);
    return std::nullopt;
  }
  for (const JointTracks& jt : source.Tracks()) {
    if (jt.joint < 0 || jt.joint >= n) {
      *error = "mirroring " + source.Name() + ": a track animates joint " +
               std::to_string(jt.joint) + ", outside the skeleton's " + std::to_string(n);
      return std::nullopt;
    }
  }
  bool all_step = false;
  const std::vector<float> times = ClipSampleTimes(source, &all_step);
  const MirroredChannels channels = ChannelsOf(source, map);
  const auto count = static_cast<std::size_t>(n);
  std::vector<std::vector<glm::vec3>> translations(count), scales(count);
  std::vector<std::vector<glm::quat>> rotations(count);
  SoaPose pose = skeleton.RestPose();
  SoaPose mirrored = skeleton.RestPose();
  ClipCursor cursor = source.MakeCursor();
  for (float time : times) {
    pose.CopyFrom(skeleton.RestPose());
    source.Sample(pose, time, LoopMode::kClamp, &cursor);
    MirrorPose(map, skeleton.Parents(), pose, mirrored);
    for (std::size_t j = 0; j < count; ++j) {
      const Transform local = mirrored.Local(static_cast<int>(j));
      if (channels.translation[j]) translations[j].push_back(local.translation);
      if (channels.scale[j]) scales[j].push_back(local.scale);
      if (!channels.rotation[j]) continue;
      // Neighbouring keys in one hemisphere: LINEAR keys then take the short way.
      glm::quat q = local.rotation;
      if (!rotations[j].empty() && glm::dot(rotations[j].back(), q) < 0.0f) q = -q;
      rotations[j].push_back(q);
    }
  }
  const Interpolation interpolation = all_step ? Interpolation::kStep : Interpolation::kLinear;
  std::vector<JointTracks> tracks;
  for (std::size_t j = 0; j < count; ++j) {
    if (!channels.translation[j] && !channels.rotation[j] && !channels.scale[j]) continue;
    JointTracks jt;
    jt.joint = static_cast<int>(j);
    if (channels.translation[j])
      jt.translation = VectorTrack(interpolation, times, std::move(translations[j]));
    if (channels.rotation[j])
      jt.rotation = QuaternionTrack(interpolation, times, std::move(rotations[j]));
    if (channels.scale[j]) jt.scale = VectorTrack(interpolation, times, std::move(scales[j]));
    tracks.push_back(std::move(jt));
  }
  Clip out(source.Name() + " (mirrored)", std::move(tracks));
  out.SetEvents(std::vector<ClipEvent>(source.Events().begin(), source.Events().end()));
  out.SetSpeed(source.Speed());
  out.StartTimelineAt(source.StartTime());
  return out;
}

float DistanceToOwnMirrorHalfACycleOn(const Skeleton& skeleton, const MirrorMap& map,
                                      const Clip& clip, int phases) {
  const auto n = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> at(n), mirrored_at(n);
  SoaPose soa = skeleton.RestPose();
  Pose pose = RestPoseOf(skeleton);
  float worst = 0.0f;
  for (int k = 0; k < phases; ++k) {
    const float phase = static_cast<float>(k) / static_cast<float>(phases);
    soa.CopyFrom(skeleton.RestPose());
    clip.Sample(soa, clip.TimeAtPhase(phase), LoopMode::kLoop);
    soa.Store(pose);
    pose.ComputeModelMatrices(at);
    soa.CopyFrom(skeleton.RestPose());
    clip.Sample(soa, clip.TimeAtPhase(std::fmod(phase + 0.5f, 1.0f)), LoopMode::kLoop);
    MirrorPose(map, skeleton.Parents(), soa, soa);
    soa.Store(pose);
    pose.ComputeModelMatrices(mirrored_at);
    for (std::size_t j = 0; j < n; ++j)
      worst = std::max(worst, glm::distance(glm::vec3(at[j][3]), glm::vec3(mirrored_at[j][3])));
  }
  return worst;
}

}  // namespace anim
