#include "samples/fade_shares.h"

#include <algorithm>

namespace samples {

FadeShares ComputeFadeShares(const anim::CrossFadeController& controller,
                             std::span<const anim::Clip> clips, std::span<float> clip_shares) {
  std::fill(clip_shares.begin(), clip_shares.end(), 0.0f);
  FadeShares shares;
  float above = 1.0f;  // what the targets above leave to the pose below them
  for (int i = controller.TargetCount() - 1; i >= 0; --i) {
    const anim::CrossFadeTarget& t = controller.Target(i);
    clip_shares[t.playback.clip - clips.data()] += above * t.Weight();
    above *= 1.0f - t.Weight();
    if (t.mode == anim::TransitionMode::kFrozen) {
      // Below this target only its held snapshot shows.
      shares.frozen += above;
      return shares;
    }
  }
  if (controller.CurrentClip() != nullptr)
    clip_shares[controller.CurrentClip() - clips.data()] += above;
  return shares;
}

}  // namespace samples
