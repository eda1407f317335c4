// 13 Inertialization on the mannequin: the two characters differ while a
// transition runs (one blends two clips, the other decays an offset over
// one) and agree once it is over (the same clip from the same moment).
#include <gtest/gtest.h>

#include "mannequin_samples.h"

namespace {

class InertializationSample : public MannequinSamples {
 protected:
  void Run(int frames) {
    for (int i = 0; i < frames; ++i) sample_->Update(1.0f / 60);
  }
  // The largest difference between the two characters' skinning matrices.
  float Difference() const {
    const samples::CrowdFrame* crowd = sample_->View().crowd;
    EXPECT_NE(crowd, nullptr);
    EXPECT_EQ(crowd->palettes.size(), 2u * static_cast<std::size_t>(crowd->joint_count));
    float worst = 0.0f;
    for (int j = 0; j < crowd->joint_count; ++j) {
      const glm::mat4 d = crowd->palettes[j] - crowd->palettes[crowd->joint_count + j];
      for (int c = 0; c < 4; ++c) worst = std::max(worst, glm::length(d[c]));
    }
    return worst;
  }
};

TEST_F(InertializationSample, TheTwoDifferOnlyWhileATransitionRuns) {
  Select("13 Inertialization");
  Set("fade_time=0.5");
  Set("switch_every=1.5");
  Run(60);
  EXPECT_EQ(Difference(), 0.0f) << "one clip, no transition yet: the same pose";
  Run(40);  // the switch to the walk at 1.5 s, 0.17 s in
  EXPECT_GT(Difference(), 1e-2f);
  Run(40);  // 0.83 s after the switch: both show the walk alone
  EXPECT_LT(Difference(), 1e-5f);
}

}  // namespace
