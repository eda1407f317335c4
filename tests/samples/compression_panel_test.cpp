// 15 Compression's panel on the mannequin: the run-time bytes of each way
// of playing the clip (coded keys with a context of their own or with the
// decodings a crowd shares, the table of every sample decoded, the raw
// clip), against the same clip built here and measured through the
// runtime's own ByteSize calls, before and after a rebuild; and the three
// sampling times it shows. The panel is drawn in an ImGui frame without a
// renderer and its texts read back through ui_probe.
#include <cctype>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/playback.h"
#include "anim/offline/clip_builder.h"
#include "mannequin_panels.h"

namespace {

// The numbers of a line, in order ("1.25" is one number).
std::vector<double> Numbers(const std::string& text) {
  std::vector<double> out;
  for (std::size_t i = 0; i < text.size();) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t used = 0;
    out.push_back(std::stod(text.substr(i), &used));
    i += used;
  }
  return out;
}

class CompressionPanel : public MannequinPanels {
 protected:
  // The panel's three memory lines against Walk compressed here with the
  // sample's defaults but `segment_length`.
  void ExpectMemoryOfWalkWithSegments(int segment_length) {
    const anim::Clip& walk = model_.clips[model_.FindClip("Walk")];
    anim::CompressionSettings settings;
    // As the sample sets it: its tolerance control is in millimetres.
    settings.tolerance = anim::CompressionSettings().tolerance * 1e3f * 1e-3f;
    settings.segment_length = segment_length;
    const anim::CompressedClip clip = anim::BuildCompressedClip(walk, model_.skeleton, settings);
    const auto bytes = static_cast<double>(clip.ByteSize());
    const anim::CompressedClipContext own(clip);
    const anim::CompressedClipDecodings coded(clip);
    const anim::CompressedClipContext coded_context(clip, &coded);
    const anim::CompressedClipDecodings sampled(clip, anim::CompressedKeys::kSampled);
    const anim::CompressedClipContext sampled_context(clip, &sampled);
    const anim::ClipCursor cursor = walk.MakeCursor();

    EXPECT_EQ(Numbers(PanelText("memory coded")),
              (std::vector<double>{bytes, static_cast<double>(own.ByteSize()), bytes,
                                   static_cast<double>(coded.ByteSize()),
                                   static_cast<double>(coded_context.ByteSize())}));
    EXPECT_EQ(Numbers(PanelText("memory sampled")),
              (std::vector<double>{bytes, static_cast<double>(sampled.ByteSize()),
                                   static_cast<double>(sampled_context.ByteSize())}));
    EXPECT_EQ(
        Numbers(PanelText("memory raw")),
        (std::vector<double>{static_cast<double>(anim::RawClipBytes(walk)),
                             static_cast<double>(walk.SoaKeyBytes()),
                             static_cast<double>(sizeof(anim::Playback) +
                                                 cursor.keys.size() * sizeof(anim::TrackCursor))}));
    // The table of every sample is the largest shared form, the coded
    // context the largest per character (its keys' cursors).
    EXPECT_GT(sampled.ByteSize(), coded.ByteSize());
    EXPECT_GT(own.ByteSize(), sampled_context.ByteSize());
  }
};

TEST_F(CompressionPanel, GivesEachWayOfPlayingTheClipsBytesAndFollowsARebuild) {
  Select("15 Compression");
  sample_->Update(1.0f / 60.0f);
  ExpectMemoryOfWalkWithSegments(anim::CompressionSettings().segment_length);
  // Shorter segments: another clip, more decodings (headless: built at once).
  Set("segment_length=8");
  sample_->Update(1.0f / 60.0f);
  ExpectMemoryOfWalkWithSegments(8);
}

TEST_F(CompressionPanel, TimesTheCodedKeysTheTableOfEverySampleAndTheRawClip) {
  Select("15 Compression");
  for (int frame = 0; frame < 10; ++frame) sample_->Update(1.0f / 60.0f);
  const std::vector<double> times = Numbers(PanelText("sampling"));
  ASSERT_EQ(times.size(), 4u) << PanelText("sampling");  // three times and the frames
  for (int i = 0; i < 3; ++i) EXPECT_GT(times[i], 0.0) << PanelText("sampling");
  EXPECT_EQ(times[3], 60.0);
}

}  // namespace
