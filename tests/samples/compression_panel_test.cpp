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
  const anim::Clip& Walk() const { return model_.clips[model_.FindClip("Walk")]; }

  // Walk compressed here with the sample's defaults but `segment_length`.
  anim::CompressedClip WalkWithSegments(int segment_length) const {
    anim::CompressionSettings settings;
    // As the sample sets it: its tolerance control is in millimetres.
    settings.tolerance = anim::CompressionSettings().tolerance * 1e3f * 1e-3f;
    settings.segment_length = segment_length;
    return anim::BuildCompressedClip(Walk(), model_.skeleton, settings);
  }

  void ExpectMemoryOfWalkWithSegments(int segment_length) {
    const anim::Clip& walk = Walk();
    const anim::CompressedClip clip = WalkWithSegments(segment_length);
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

// The size line states raw bytes, compressed bytes and how many times
// smaller the compressed clip is: raw / compressed, to one decimal. The
// bytes are Walk's raw key data and the ByteSize of Walk compressed here
// with the same settings; the ratio is worked out here from those two.
TEST_F(CompressionPanel, StatesTheSizeRatioAsRawBytesOverCompressedBytes) {
  Select("15 Compression");
  sample_->Update(1.0f / 60.0f);
  for (int segment_length : {anim::CompressionSettings().segment_length, 8}) {
    SCOPED_TRACE("segment_length " + std::to_string(segment_length));
    if (segment_length == 8) {
      Set("segment_length=8");
      sample_->Update(1.0f / 60.0f);
    }
    const double raw = static_cast<double>(anim::RawClipBytes(Walk()));
    const double compressed = static_cast<double>(WalkWithSegments(segment_length).ByteSize());
    ASSERT_GT(compressed, 0.0);
    const std::vector<double> size = Numbers(PanelText("size"));
    ASSERT_EQ(size.size(), 3u) << PanelText("size");
    EXPECT_EQ(size[0], raw) << PanelText("size");
    EXPECT_EQ(size[1], compressed) << PanelText("size");
    // Shown with one decimal: within half of its last digit.
    EXPECT_NEAR(size[2], raw / compressed, 0.05 + 1e-9) << PanelText("size");
    EXPECT_GT(size[2], 1.0) << "the compressed clip is the smaller";
  }
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
