// The viewer's character and morph targets: the weights start at the
// model's defaults, follow the playing clip's weight tracks at the time its
// joints are sampled (compressed or raw), and carry the panel's offsets on
// top at once, paused or not. A sample's pose shows the sample's weights
// alone: the offsets belong to the clip list's panel, which a running sample
// hides, so they return with clip playback. Expected weights come from the
// file's own keys (tests/import/morph_file.h).
#include <vector>

#include <gtest/gtest.h>

#include "app/animated_character.h"
#include "tests/import/morph_file.h"
#include "tests/import/test_util.h"

namespace {

using morph_file::MorphFile;

anim::Model LoadMorphFile() {
  const MorphFile file;
  return gltf_test::LoadOk(file.json);
}

TEST(AnimatedCharacterMorph, WeightsFollowTheClipAndThePanelOffsets) {
  for (const bool compression : {true, false}) {
    SCOPED_TRACE(compression ? "compressed" : "raw");
    animviewer::AnimatedCharacter character;
    character.SetCompression(compression);
    character.SetModel(LoadMorphFile());
    ASSERT_EQ(character.morph_weights().size(), 3u);
    EXPECT_FLOAT_EQ(character.morph_weights()[0], 0.25f);  // the defaults, no clip
    EXPECT_FLOAT_EQ(character.morph_weights()[2], 1.0f);
    // An offset shows at once, without a new frame.
    character.SetMorphOffset(0, 0.5f);
    EXPECT_FLOAT_EQ(character.morph_weights()[0], 0.75f);
    character.SetMorphOffset(5, 1.0f);  // past the weights: ignored
    character.Play(0, anim::LoopMode::kClamp, 1.0f);
    for (const double t : {0.5, 1.5}) {
      character.Play(0, anim::LoopMode::kClamp, 1.0f);
      character.AdvanceFixedSteps(t);
      const float time = static_cast<float>(t);
      EXPECT_NEAR(character.morph_weights()[0], MorphFile::FaceWeight(0, time) + 0.5f, 1e-4f);
      EXPECT_NEAR(character.morph_weights()[1], MorphFile::FaceWeight(1, time), 1e-4f);
      EXPECT_NEAR(character.morph_weights()[2], MorphFile::BlobWeight(time), 1e-6f);
    }
    // A pose from elsewhere (a sample) shows the defaults, without the offsets...
    character.ShowPose(character.pose());
    EXPECT_FLOAT_EQ(character.morph_weights()[0], 0.25f);
    EXPECT_FLOAT_EQ(character.morph_weights()[1], 0.0f);
    // ...or the sample's own weights as they are; a wrong count keeps the defaults.
    const std::vector<float> own = {-0.5f, 2.0f, 0.125f};
    character.ShowPose(character.pose(), own);
    EXPECT_FLOAT_EQ(character.morph_weights()[0], -0.5f);
    EXPECT_FLOAT_EQ(character.morph_weights()[1], 2.0f);
    EXPECT_FLOAT_EQ(character.morph_weights()[2], 0.125f);
    character.ShowPose(character.pose(), std::vector<float>{9.0f});
    EXPECT_FLOAT_EQ(character.morph_weights()[1], 0.0f);
    // Back to the clip: the panel's offset is on top again.
    character.Play(0, anim::LoopMode::kClamp, 1.0f);
    character.AdvanceFixedSteps(0.5);
    EXPECT_NEAR(character.morph_weights()[0], MorphFile::FaceWeight(0, 0.5f) + 0.5f, 1e-4f);
    // A new model starts without offsets.
    character.SetModel(LoadMorphFile());
    EXPECT_FLOAT_EQ(character.morph_weights()[0], 0.25f);
    EXPECT_FLOAT_EQ(character.morph_offsets()[0], 0.0f);
  }
}

}  // namespace
