// Time keeping over a simulated hour at 60 Hz: Playback stores its time
// wrapped into the clip (a float that never grows), so adding dt each frame
// must keep the loop phase equal to fmod(elapsed, duration) computed in
// double from the same dts, without float error piling up into a drift or a
// snap after hours. The full hour runs in ctest (about a second).
#include <cmath>

#include <gtest/gtest.h>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "tests/support/pose_sampling.h"

namespace {

// Distance between two times on a loop of length `period`.
double LoopDistance(double a, double b, double period) {
  const double d = std::fmod(std::abs(a - b), period);
  return std::min(d, period - d);
}

// Plays `clip` for `seconds` at 60 Hz and `rate`, returning the largest
// difference seen between the wrapped time and the double reference.
double WorstPhaseError(const anim::Clip& clip, anim::Pose pose, float rate, double seconds) {
  anim::Playback playback;
  playback.Start(&clip, anim::LoopMode::kLoop, rate);
  const float dt = 1.0f / 60.0f;
  const double duration = clip.Duration();
  double elapsed = 0.0;  // clip time advanced: the sum of dt * rate, in double
  double worst = 0.0;
  const long frames = static_cast<long>(seconds * 60.0);
  for (long frame = 0; frame < frames; ++frame) {
    test_support::AdvanceInto(playback, dt, pose);
    elapsed += static_cast<double>(dt) * static_cast<double>(rate);
    double expected = std::fmod(elapsed, duration);
    if (expected < 0.0) expected += duration;
    worst = std::max(worst, LoopDistance(playback.time - clip.StartTime(), expected, duration));
  }
  return worst;
}

TEST(TimeKeeping, LoopPhaseMatchesDoubleReferenceAfterOneHour) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  ASSERT_FALSE(model.clips.empty());
  for (const anim::Clip& clip : model.clips) {
    if (!(clip.Duration() > 0.0f)) continue;
    for (float rate : {1.0f, -0.73f, 1.37f}) {
      const double worst = WorstPhaseError(clip, anim::RestPoseOf(model.skeleton), rate, 3600.0);
      // 10 us: a few float ulps of the stored time. Accumulating in float
      // (before anim::Playback kept a double) drifted by up to 4.4 ms here.
      EXPECT_LT(worst, 1e-5) << clip.Name() << " rate " << rate << ": " << worst << " s";
      std::printf("time keeping: %s (%.3f s) rate %.2f: worst phase error %.2e s over 1 h\n",
                  clip.Name().c_str(), clip.Duration(), rate, worst);
    }
  }
}

}  // namespace
