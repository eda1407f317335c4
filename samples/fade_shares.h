// How much each clip shows in a cross-fade controller's pose, for 02's
// weight plot: a target with eased weight w over the pose below it keeps
// (1 - w) of everything below. In a frozen fade the pose below is a held
// snapshot: its share is reported as `frozen`, not dropped, so the plot
// adds up to 1 for as long as the snapshot is still on screen.
#pragma once

#include <span>

#include "anim/clips/clip.h"
#include "anim/control/cross_fade_controller.h"

namespace samples {

struct FadeShares {
  float frozen = 0.0f;  // the held pose of frozen fades
};

// Writes each clip's share into `clip_shares` (indexed like `clips`, the
// model's clip array the controller plays from; zeroed first) and returns
// the frozen pose's share.
FadeShares ComputeFadeShares(const anim::CrossFadeController& controller,
                             std::span<const anim::Clip> clips, std::span<float> clip_shares);

}  // namespace samples
