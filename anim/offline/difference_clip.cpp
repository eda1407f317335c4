#include "anim/offline/difference_clip.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "anim/core/soa_pose.h"
#include "anim/core/transform.h"

namespace anim {

bool MakeDifferenceClip(const Skeleton& skeleton, const Clip& source, const Clip& reference,
                        Clip* difference, std::string* error, float sample_rate) {
  const float duration = source.Duration();
  if (std::abs(duration - reference.Duration()) > 1e-3f) {
    *error = "difference clip needs clips of equal length: " + source.Name() + " lasts " +
             std::to_string(duration) + " s, " + reference.Name() + " " +
             std::to_string(reference.Duration()) + " s";
    return false;
  }
  if (!(sample_rate > 0.0f) || !std::isfinite(sample_rate)) {
    *error = "difference clip needs a positive sample rate";
    return false;
  }
  const int n = skeleton.JointCount();
  std::vector<bool> animated(n, false);
  for (const Clip* clip : {&source, &reference}) {
    for (const JointTracks& jt : clip->Tracks()) {
      if (jt.joint >= 0 && jt.joint < n) animated[jt.joint] = true;
    }
  }
  const int frames = std::max(2, static_cast<int>(std::ceil(duration * sample_rate)) + 1);
  std::vector<float> times(frames);
  for (int f = 0; f < frames; ++f) times[f] = duration * float(f) / float(frames - 1);

  std::vector<std::vector<glm::vec3>> dt(n), ds(n);
  std::vector<std::vector<glm::quat>> dr(n);
  SoaPose s = skeleton.RestPose();
  SoaPose r = skeleton.RestPose();
  for (int f = 0; f < frames; ++f) {
    // Sampling both at the same fraction of their lengths pairs their frames.
    source.Sample(s, source.StartTime() + times[f], LoopMode::kClamp);
    reference.Sample(r, reference.StartTime() + times[f], LoopMode::kClamp);
    for (int j = 0; j < n; ++j) {
      if (!animated[j]) continue;
      dt[j].push_back(s.Local(j).translation - r.Local(j).translation);
      dr[j].push_back(
          NormalizedOrIdentity(glm::inverse(r.Local(j).rotation) * s.Local(j).rotation));
      ds[j].push_back(s.Local(j).scale - r.Local(j).scale);
    }
  }
  std::vector<JointTracks> tracks;
  for (int j = 0; j < n; ++j) {
    if (!animated[j]) continue;
    JointTracks jt;
    jt.joint = j;
    jt.translation = VectorTrack(Interpolation::kLinear, times, std::move(dt[j]));
    jt.rotation = QuaternionTrack(Interpolation::kLinear, times, std::move(dr[j]));
    jt.scale = VectorTrack(Interpolation::kLinear, times, std::move(ds[j]));
    tracks.push_back(std::move(jt));
  }
  *difference = Clip(source.Name() + " - " + reference.Name(), std::move(tracks));
  return true;
}

}  // namespace anim
