// 08 Crowd on the mannequin: the frame it hands the viewer (one palette and
// one world matrix per character), palettes that match the poses, the same
// result on one thread or two, and no heap allocation per frame; in graph
// mode, each character its own instance of the shipped locomotion graph at
// its own speed, matching a one-character graph of the same file; with
// compressed on, the graph's clip nodes on compressed clips.
#include <algorithm>
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/core/skeleton.h"
#include "anim/graph/animation_graph.h"
#include "anim/offline/clip_builder.h"
#include "import/graph_description.h"
#include "mannequin_samples.h"
#include "samples/crowd_compression.h"
#include "samples/crowd_graphs.h"
#include "tests/anim/compression_fixture.h"
#include "tests/import/morph_file.h"
#include "tests/import/test_util.h"

namespace {

// Several crowds side by side (Make), so each test holds its own.
class CrowdSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    crowd_ = Make();
    ASSERT_NE(crowd_, nullptr) << "no sample titled '08 Crowd'";
  }
  std::unique_ptr<samples::Sample> Make() {
    for (auto& sample : samples::MakeAllSamples()) {
      if (sample->Title() == "08 Crowd") {
        std::string error;
        EXPECT_TRUE(sample->Load(model_, &error)) << error;
        return std::move(sample);
      }
    }
    return nullptr;
  }
  static void Set(samples::Sample& s, const std::string& assignment) {
    std::string error;
    ASSERT_TRUE(s.Params().SetAssignment(assignment, &error)) << error;
  }
  // Runs both crowds over the same frames.
  static void UpdateBoth(samples::Sample& a, samples::Sample& b, int frames) {
    for (int frame = 0; frame < frames; ++frame) {
      a.Update(1.0f / 60);
      b.Update(1.0f / 60);
    }
  }
  // Whether both crowds' palettes are equal to the bit after `frames` frames
  // of both (ExpectSamePalettes: they must be).
  static bool SamePalettes(samples::Sample& a, samples::Sample& b, int frames) {
    UpdateBoth(a, b, frames);
    const auto pa = a.View().crowd->palettes;
    const auto pb = b.View().crowd->palettes;
    return pa.size() == pb.size() && std::equal(pa.begin(), pa.end(), pb.begin());
  }
  static void ExpectSamePalettes(samples::Sample& a, samples::Sample& b, int frames) {
    EXPECT_TRUE(SamePalettes(a, b, frames));
  }
  // Or equal within `tolerance` per matrix element.
  static void ExpectNearPalettes(samples::Sample& a, samples::Sample& b, int frames,
                                 float tolerance) {
    UpdateBoth(a, b, frames);
    const auto pa = a.View().crowd->palettes;
    const auto pb = b.View().crowd->palettes;
    EXPECT_EQ(pa.size(), pb.size());
    float largest = 0.0f;
    for (std::size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
          largest = std::max(largest, std::abs(pa[i][c][r] - pb[i][c][r]));
        }
      }
    }
    EXPECT_LE(largest, tolerance);
  }
  // The first Update builds the crowd (and compresses clips, makes the
  // instances and the thread pool); the frames after it allocate nothing.
  static void ExpectFramesAllocateNothing(samples::Sample& s) {
    s.Update(1.0f / 60);
    const long before = test_support::AllocationCount();
    // Thirty frames are plenty to see an allocation and keep the sanitizer run short.
    for (int frame = 0; frame < 30; ++frame) s.Update(1.0f / 60);
    EXPECT_EQ(test_support::AllocationCount(), before);
  }
  std::unique_ptr<samples::Sample> crowd_;
};

TEST_F(CrowdSampleTest, HandsOnePaletteAndOneWorldMatrixPerCharacter) {
  Set(*crowd_, "count=37");
  crowd_->Update(1.0f / 60);
  const samples::CrowdFrame* frame = crowd_->View().crowd;
  ASSERT_NE(frame, nullptr);
  const int joints = model_.skeleton.JointCount();
  EXPECT_EQ(frame->joint_count, joints);
  ASSERT_EQ(frame->worlds.size(), 37u);
  EXPECT_EQ(frame->palettes.size(), 37u * joints);
  EXPECT_FALSE(frame->cpu_skinning);
  // On a grid: no two characters closer than half the spacing (0.8 heights
  // of a ~1.7 m joint span, jitter at most 0.3 of it), all inside the box.
  float closest = 1e30f;
  for (std::size_t a = 0; a < frame->worlds.size(); ++a) {
    const glm::vec3 p(frame->worlds[a][3]);
    EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, frame->bounds_min)) &&
                glm::all(glm::lessThanEqual(p, frame->bounds_max)));
    for (std::size_t b = a + 1; b < frame->worlds.size(); ++b) {
      closest = std::min(closest, glm::length(p - glm::vec3(frame->worlds[b][3])));
    }
  }
  EXPECT_GT(closest, 0.5f);
  Set(*crowd_, "skinning=cpu");
  crowd_->Update(1.0f / 60);
  EXPECT_TRUE(crowd_->View().crowd->cpu_skinning);
}

TEST_F(CrowdSampleTest, FirstCharactersPaletteIsThatOfItsPose) {
  for (int frame = 0; frame < 40; ++frame) crowd_->Update(1.0f / 60);
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  std::vector<glm::mat4> scratch(joints), expected(joints);
  anim::ComputePalette(model_.skeleton, crowd_->CurrentPose(), scratch, expected);
  const auto palettes = crowd_->View().crowd->palettes;
  for (std::size_t j = 0; j < joints; ++j) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(palettes[j][c][r], expected[j][c][r], 1e-5f) << j;
    }
  }
  // And the characters differ: each has its own phase, weight or clip.
  int differing = 0;
  for (std::size_t k = 1; k < crowd_->View().crowd->worlds.size(); ++k) {
    differing +=
        !std::equal(palettes.begin(), palettes.begin() + joints, palettes.begin() + k * joints);
  }
  EXPECT_EQ(differing, static_cast<int>(crowd_->View().crowd->worlds.size()) - 1);
}

TEST_F(CrowdSampleTest, OneThreadAndTwoThreadsGiveTheSamePalettes) {
  auto other = Make();
  Set(*crowd_, "threads=1");
  Set(*other, "threads=2");
  ExpectSamePalettes(*crowd_, *other, 30);
}

// A crowd larger than the room made when the model loaded (1,000) makes
// room for itself: its first characters play as in a small crowd (the same
// seed draws the same phases, weights and clips for each), on 8 threads
// too, and shrinking back keeps them; its frames then allocate nothing.
TEST_F(CrowdSampleTest, ACrowdOfTenThousandMakesRoomAndItsFirstCharactersPlayAsInASmallOne) {
  auto small = Make();
  Set(*small, "count=37");
  Set(*crowd_, "count=10000");
  Set(*crowd_, "threads=8");
  for (int frame = 0; frame < 10; ++frame) {
    small->Update(1.0f / 60);
    crowd_->Update(1.0f / 60);
  }
  ASSERT_EQ(crowd_->View().crowd->worlds.size(), 10000u);
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  ASSERT_EQ(crowd_->View().crowd->palettes.size(), 10000u * joints);
  const auto first = crowd_->View().crowd->palettes.first(37 * joints);
  const auto expected = small->View().crowd->palettes;
  ASSERT_EQ(expected.size(), first.size());
  EXPECT_TRUE(std::equal(first.begin(), first.end(), expected.begin()));
  // Back to 37 on the room made: the same again, from a fresh start.
  auto again = Make();
  Set(*again, "count=37");
  Set(*crowd_, "count=37");
  for (int frame = 0; frame < 5; ++frame) {
    again->Update(1.0f / 60);
    crowd_->Update(1.0f / 60);
  }
  const auto after = crowd_->View().crowd->palettes;
  const auto fresh = again->View().crowd->palettes;
  ASSERT_EQ(after.size(), fresh.size());
  EXPECT_TRUE(std::equal(after.begin(), after.end(), fresh.begin()));
  Set(*crowd_, "count=2500");
  ExpectFramesAllocateNothing(*crowd_);
}

TEST_F(CrowdSampleTest, PerFrameUpdateAllocatesNothing) {
  Set(*crowd_, "count=1000");
  ExpectFramesAllocateNothing(*crowd_);
}

// The palette of character `k` in the crowd's frame.
std::vector<glm::mat4> PaletteOf(const samples::CrowdFrame& frame, int k) {
  const auto joints = static_cast<std::size_t>(frame.joint_count);
  const auto begin = frame.palettes.begin() + static_cast<std::ptrdiff_t>(k * joints);
  return {begin, begin + static_cast<std::ptrdiff_t>(joints)};
}

float LargestDifference(const std::vector<glm::mat4>& a, const std::vector<glm::mat4>& b) {
  float largest = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) largest = std::max(largest, std::abs(a[j][c][r] - b[j][c][r]));
    }
  }
  return largest;
}

// Two characters in step: character 0 at speed_min = 0.5 m/s (walking
// slowly), character 1 at 0.5 + (3.5 - 0.5) * frac(1 * 0.618) = 2.354 m/s
// (a run). Each must match a one-character graph loaded from the same file
// with that speed and run over the same frames.
TEST_F(CrowdSampleTest, GraphModeRunsEachCharactersOwnInstanceAtItsOwnSpeed) {
  Set(*crowd_, "play=graph");
  Set(*crowd_, "count=2");
  Set(*crowd_, "in_step=true");
  Set(*crowd_, "speed_min=0.5");
  Set(*crowd_, "speed_max=3.5");
  const std::string file =
      std::string(ANIM_SOURCE_DIR) + "/assets/graphs/mannequin_locomotion.json";
  std::string error;
  std::vector<std::unique_ptr<anim::AnimationGraph>> references;
  for (float speed : {0.5f, 0.5f + 3.0f * 0.618034f}) {
    references.push_back(anim::LoadAnimationGraph(file, model_, &error));
    ASSERT_NE(references.back(), nullptr) << error;
    ASSERT_TRUE(references.back()->Params().Set("speed", speed));
  }
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  std::vector<glm::mat4> scratch(joints);
  std::vector<std::vector<glm::mat4>> first_frames;
  for (int frame = 0; frame < 45; ++frame) {
    crowd_->Update(1.0f / 60);
    const samples::CrowdFrame* crowd = crowd_->View().crowd;
    ASSERT_NE(crowd, nullptr);
    ASSERT_EQ(crowd->worlds.size(), 2u);
    for (int k = 0; k < 2; ++k) {
      references[k]->Update(1.0f / 60);
      if (frame % 15 != 14) continue;
      std::vector<glm::mat4> expected(joints);
      anim::ComputePalette(model_.skeleton, references[k]->SoaOutput(), scratch, expected);
      EXPECT_LT(LargestDifference(PaletteOf(*crowd, k), expected), 1e-4f)
          << "character " << k << " at frame " << frame;
    }
    if (frame == 14) first_frames = {PaletteOf(*crowd, 0), PaletteOf(*crowd, 1)};
  }
  // It animates (a quarter second later the poses are others), and the two
  // speeds give two poses (in step, nothing else tells them apart).
  const samples::CrowdFrame& last = *crowd_->View().crowd;
  EXPECT_GT(LargestDifference(PaletteOf(last, 0), first_frames[0]), 1e-2f);
  EXPECT_GT(LargestDifference(PaletteOf(last, 1), first_frames[1]), 1e-2f);
  EXPECT_GT(LargestDifference(PaletteOf(last, 0), PaletteOf(last, 1)), 1e-2f);
}

// A model no graph ships for (the mannequin under another file name):
// graph mode says so and the crowd plays the same clips as in clip mode.
TEST_F(CrowdSampleTest, GraphModeWithoutAShippedGraphSaysSoAndPlaysClips) {
  anim::Model renamed = model_;
  renamed.source_path = "somewhere/robot.gltf";
  std::unique_ptr<samples::Sample> graph_mode, clip_mode;
  for (auto* sample : {&graph_mode, &clip_mode}) {
    for (auto& s : samples::MakeAllSamples()) {
      if (s->Title() == "08 Crowd") *sample = std::move(s);
    }
    ASSERT_NE(*sample, nullptr);
    std::string error;
    ASSERT_TRUE((*sample)->Load(renamed, &error)) << error;
  }
  Set(*graph_mode, "play=graph");
  EXPECT_NE(graph_mode->View().problem.find("robot_locomotion.json"), std::string::npos)
      << graph_mode->View().problem;
  EXPECT_EQ(clip_mode->View().problem, "");
  ExpectSamePalettes(*graph_mode, *clip_mode, 20);
}

TEST_F(CrowdSampleTest, GraphModeFramesAllocateNothing) {
  Set(*crowd_, "play=graph");
  Set(*crowd_, "count=200");
  ExpectFramesAllocateNothing(*crowd_);
}

// Model-space matrices of character `k`: its palette times the bind
// matrices (the inverse of the inverse binds).
std::vector<glm::mat4> ModelOf(const samples::CrowdFrame& frame, int k,
                               const anim::Skeleton& skeleton) {
  std::vector<glm::mat4> model = PaletteOf(frame, k);
  for (std::size_t j = 0; j < model.size(); ++j) {
    model[j] = model[j] * glm::inverse(skeleton.InverseBindMatrices()[j]);
  }
  return model;
}

// Runs `raw` and `compressed` (the same crowd of `count`, compressed on)
// side by side for two seconds: every tenth frame, each character's
// model-space pose must be within `bound` of its raw one, and every
// character must show compressed clips (differ from raw at some frame).
void ExpectWithinTolerance(samples::Sample& raw, samples::Sample& compressed, int count,
                           float bound, const anim::Skeleton& skeleton) {
  std::vector<float> worst(static_cast<std::size_t>(count), 0.0f);
  for (int frame = 0; frame < 120; ++frame) {
    raw.Update(1.0f / 60);
    compressed.Update(1.0f / 60);
    if (frame % 10 != 9) continue;
    for (int k = 0; k < count; ++k) {
      const float error = compression_test::VirtualPointError(
          ModelOf(*raw.View().crowd, k, skeleton), ModelOf(*compressed.View().crowd, k, skeleton));
      EXPECT_LE(error, bound) << "character " << k << " at frame " << frame;
      worst[static_cast<std::size_t>(k)] = std::max(worst[static_cast<std::size_t>(k)], error);
    }
  }
  for (int k = 0; k < count; ++k) {
    EXPECT_GT(worst[static_cast<std::size_t>(k)], 0.0f) << "character " << k << " plays raw";
  }
}

// compressed=true shows the crowd of compressed=false: the same clips at the
// same places in their cycles, solo and blended in step (a SyncedBlend
// there, rates kept in step here), each clip within the builder's default
// tolerance of its raw form, so a blend of two within twice that.
TEST_F(CrowdSampleTest, CompressedModeShowsTheRawCrowdWithinTheTolerance) {
  auto compressed = Make();
  for (auto* s : {crowd_.get(), compressed.get()}) Set(*s, "count=37");
  Set(*compressed, "compressed=true");
  ExpectWithinTolerance(*crowd_, *compressed, 37, 2.0f * anim::CompressionSettings().tolerance,
                        model_.skeleton);
}

TEST_F(CrowdSampleTest, CompressedModeOnOneThreadAndTwoGivesTheSamePalettes) {
  for (const char* keys : {"decoded_keys=true", "decoded_keys=false"}) {
    SCOPED_TRACE(keys);
    auto one = Make();
    auto two = Make();
    Set(*one, "threads=1");
    Set(*two, "threads=2");
    for (auto* s : {one.get(), two.get()}) {
      Set(*s, "compressed=true");
      Set(*s, keys);
    }
    ExpectSamePalettes(*one, *two, 30);
  }
}

// Compressed crowds play every sample decoded unless told otherwise: the
// fast form (bench/README.md), to the bit what decoded_keys=true plays, and
// not what the coded keys give (they differ within float rounding where a
// track keeps fewer keys than samples).
TEST_F(CrowdSampleTest, CompressedModePlaysDecodedKeysByDefault) {
  auto decoded = Make();
  auto coded = Make();
  for (auto* s : {crowd_.get(), decoded.get(), coded.get()}) {
    Set(*s, "count=60");
    Set(*s, "compressed=true");
  }
  Set(*decoded, "decoded_keys=true");
  Set(*coded, "decoded_keys=false");
  EXPECT_TRUE(SamePalettes(*crowd_, *decoded, 45));
  auto fresh = Make();
  Set(*fresh, "count=60");
  Set(*fresh, "compressed=true");
  EXPECT_FALSE(SamePalettes(*fresh, *coded, 45));
}

TEST_F(CrowdSampleTest, CompressedModeOnCodedKeysPerFrameUpdateAllocatesNothing) {
  Set(*crowd_, "count=1000");
  Set(*crowd_, "compressed=true");
  Set(*crowd_, "decoded_keys=false");
  ExpectFramesAllocateNothing(*crowd_);
}

// Every sample decoded once: rows of the keys the characters would decode
// (or of the line or arc between them, where a track keeps fewer), so the
// same crowd within float rounding; switched back off, the crowd plays the
// coded clips again, to the bit.
TEST_F(CrowdSampleTest, CompressedModeWithDecodedKeysGivesTheSamePalettes) {
  auto decoded = Make();
  for (auto* s : {crowd_.get(), decoded.get()}) {
    Set(*s, "count=60");
    Set(*s, "compressed=true");
  }
  Set(*crowd_, "decoded_keys=false");
  Set(*decoded, "decoded_keys=true");
  ExpectNearPalettes(*crowd_, *decoded, 45, 1e-5f);
  Set(*decoded, "decoded_keys=false");
  auto fresh = Make();
  Set(*fresh, "count=60");
  Set(*fresh, "compressed=true");
  Set(*fresh, "decoded_keys=false");
  ExpectSamePalettes(*decoded, *fresh, 1);
}

TEST_F(CrowdSampleTest, CompressedModeWithDecodedKeysFramesAllocateNothing) {
  Set(*crowd_, "count=1000");
  Set(*crowd_, "compressed=true");
  Set(*crowd_, "decoded_keys=true");
  ExpectFramesAllocateNothing(*crowd_);
}

// With decoded keys the panel counts each played clip's table of every
// sample decoded, made once per clip however many characters play it.
TEST_F(CrowdSampleTest, DecodedKeysMemoryCountsEachClipsDecodedTableOnce) {
  ASSERT_GE(model_.clips.size(), 2u);
  samples::CrowdCompression compression;
  compression.Load(model_, 4);
  compression.SetKeys(anim::CompressedKeys::kSampled);
  std::vector<anim::CrowdCharacter> characters(3);
  compression.PlaySolo(characters[0], 0, 0, 0.3f);
  compression.PlaySolo(characters[1], 1, 1, 0.6f);
  compression.PlaySolo(characters[2], 2, 1, 0.1f);
  std::size_t coded = 0, decoded = 0;
  for (int c = 0; c < 2; ++c) {
    const anim::CompressedClip clip = anim::BuildCompressedClip(model_.clips[c], model_.skeleton);
    coded += anim::CompressedClipDecodings(clip).ByteSize();
    decoded += anim::CompressedClipDecodings(clip, anim::CompressedKeys::kSampled).ByteSize();
  }
  EXPECT_GT(decoded, 2 * coded);
  EXPECT_EQ(compression.Measure(3).decodings_bytes, decoded);
  // One table per clip, whichever characters play it.
  for (int c = 0; c < 2; ++c) {
    const anim::CompressedClipRef ref =
        compression.Clips().Built(c, anim::CompressedKeys::kSampled);
    ASSERT_NE(ref.decodings, nullptr);
    EXPECT_TRUE(ref.decodings->HasSampledKeys());
    EXPECT_EQ(compression.Clips().Get(c, anim::CompressedKeys::kSampled).decodings, ref.decodings);
  }
}

// The panel's figures, worked out here from the clips: each clip played
// compressed once with the default settings, its decodings, its raw keys,
// and per character the contexts of the clips it plays (bound to decodings
// of their own clip, as the crowd's are).
TEST_F(CrowdSampleTest, CompressionMemoryCountsEachClipOnceAndEachCharactersContexts) {
  ASSERT_GE(model_.clips.size(), 3u);
  samples::CrowdCompression compression;
  compression.Load(model_, 4);
  std::vector<anim::CrowdCharacter> characters(3);
  characters[1].weight = 0.4f;
  compression.PlaySolo(characters[0], 0, 0, 0.3f);
  compression.PlaySynced(characters[1], 1, 1, 2, 0.6f);
  compression.PlaySolo(characters[2], 2, 1, 0.1f);
  std::size_t compressed = 0, decodings = 0, raw = 0, raw_soa = 0, contexts = 0;
  std::vector<anim::CompressedClip> clips;
  clips.reserve(3);  // the tables point to them
  for (int c = 0; c < 3; ++c) {
    clips.push_back(anim::BuildCompressedClip(model_.clips[c], model_.skeleton));
  }
  std::vector<std::unique_ptr<anim::CompressedClipDecodings>> tables;
  tables.reserve(3);
  for (int c = 0; c < 3; ++c) {
    tables.push_back(std::make_unique<anim::CompressedClipDecodings>(clips[c]));
    compressed += clips[c].ByteSize();
    decodings += tables[c]->ByteSize();
    raw += anim::RawClipBytes(model_.clips[c]);
    raw_soa += model_.clips[c].SoaKeyBytes();
  }
  for (int c : {0, 1, 2, 1})
    contexts += anim::CompressedClipContext(clips[c], tables[c].get()).ByteSize();
  const samples::CrowdCompression::Memory m = compression.Measure(3);
  EXPECT_EQ(m.clips, 3);
  EXPECT_EQ(m.compressed_bytes, compressed);
  EXPECT_EQ(m.decodings_bytes, decodings);
  EXPECT_EQ(m.raw_bytes, raw);
  EXPECT_EQ(m.raw_soa_bytes, raw_soa);
  EXPECT_GT(raw_soa, 0u);  // the mannequin's clips sample from their tables
  EXPECT_DOUBLE_EQ(m.context_per_character, static_cast<double>(contexts) / 3.0);
  // The crowd's characters play these clips, bound to their shared decodings.
  EXPECT_EQ(characters[0].a->compressed->Name(), model_.clips[0].Name());
  EXPECT_EQ(characters[1].b->compressed->Name(), model_.clips[2].Name());
  EXPECT_EQ(characters[2].b, nullptr);
  // In step: both clips' phases advance alike, the blended cycle lasting
  // l1 * (1 - w) + l2 * w.
  const float l1 = model_.clips[1].Duration(), l2 = model_.clips[2].Duration();
  const float cycle = l1 * 0.6f + l2 * 0.4f;
  EXPECT_NEAR(characters[1].a->rate, l1 / cycle, 1e-6f);
  EXPECT_NEAR(characters[1].b->rate, l2 / cycle, 1e-6f);
}

// Graph mode with compressed on shows graph mode's crowd with it off: the
// same graphs, speeds and places in their cycles, every clip node sampling
// its clip's compressed form (each clip within the builder's default
// tolerance of its raw form; the locomotion blend, the layers and the
// additive lean over the raw clip's first frame combine up to three).
TEST_F(CrowdSampleTest, GraphModeOnCompressedClipsShowsTheRawGraphCrowdWithinTheTolerance) {
  auto compressed = Make();
  for (auto* s : {crowd_.get(), compressed.get()}) {
    Set(*s, "play=graph");
    Set(*s, "count=37");
  }
  Set(*compressed, "compressed=true");
  ExpectWithinTolerance(*crowd_, *compressed, 37, 3.0f * anim::CompressionSettings().tolerance,
                        model_.skeleton);
  EXPECT_EQ(compressed->View().problem, "");
  // Switched back off, the crowd is rebuilt: graph mode's raw crowd from its start.
  Set(*compressed, "compressed=false");
  auto fresh = Make();
  Set(*fresh, "play=graph");
  Set(*fresh, "count=37");
  ExpectSamePalettes(*compressed, *fresh, 1);
}

TEST_F(CrowdSampleTest, GraphModeOnCompressedClipsFramesAllocateNothing) {
  Set(*crowd_, "play=graph");
  Set(*crowd_, "count=200");
  Set(*crowd_, "compressed=true");
  ExpectFramesAllocateNothing(*crowd_);
}

// Graph mode on compressed clips with decoded keys: the clip nodes
// interpolate rows of the keys their contexts would decode, so the crowd is
// the same within float rounding; and frames allocate nothing.
TEST_F(CrowdSampleTest, GraphModeOnDecodedKeysGivesTheSamePalettesAndAllocatesNothing) {
  auto decoded = Make();
  for (auto* s : {crowd_.get(), decoded.get()}) {
    Set(*s, "play=graph");
    Set(*s, "count=37");
    Set(*s, "compressed=true");
  }
  Set(*crowd_, "decoded_keys=false");
  Set(*decoded, "decoded_keys=true");
  ExpectNearPalettes(*crowd_, *decoded, 45, 1e-5f);
  EXPECT_EQ(decoded->View().problem, "");
  ExpectFramesAllocateNothing(*decoded);
}

TEST_F(CrowdSampleTest, GraphsOnDecodedKeysPlayTheirOwnDefinitionWithSmallerInstances) {
  samples::CrowdGraphs graphs;
  ASSERT_TRUE(graphs.Load(model_));
  samples::CrowdCompression compression;
  compression.Load(model_, 4);
  const std::vector<float> speeds(2, 1.0f), offsets(2, 0.0f);
  ASSERT_TRUE(graphs.Build(2, 4, speeds, offsets, &compression.Clips()));
  const anim::GraphDefinition* coded = &graphs.Definition();
  const std::size_t coded_bytes = graphs.InstanceBytes(0);
  ASSERT_TRUE(
      graphs.Build(2, 4, speeds, offsets, &compression.Clips(), anim::CompressedKeys::kSampled));
  EXPECT_NE(&graphs.Definition(), coded);
  EXPECT_EQ(graphs.CountClipNodes().compressed, 7);
  EXPECT_LT(graphs.InstanceBytes(0), coded_bytes);
  // Every clip the graph plays has its table of samples, in the set the
  // crowd measures.
  int sampled_tables = 0;
  for (int c = 0; c < compression.Clips().ClipCount(); ++c) {
    const anim::CompressedClipRef ref =
        compression.Clips().Built(c, anim::CompressedKeys::kSampled);
    if (ref.decodings != nullptr && ref.decodings->HasSampledKeys()) ++sampled_tables;
  }
  EXPECT_EQ(sampled_tables, 6);  // Punch serves guard and jab
  // Back to coded keys: the first compressed definition again.
  ASSERT_TRUE(graphs.Build(2, 4, speeds, offsets, &compression.Clips()));
  EXPECT_EQ(&graphs.Definition(), coded);
}

// What the panel reports: the clip and single-frame nodes of the graph
// played, and how many sample compressed clips (the mannequin's graph:
// idle, walk, run, jump, guard, jab, lean_clip).
TEST_F(CrowdSampleTest, GraphsCountTheClipNodesPlayingCompressedClips) {
  samples::CrowdGraphs graphs;
  ASSERT_TRUE(graphs.Load(model_));
  samples::CrowdCompression compression;
  compression.Load(model_, 4);
  const std::vector<float> speeds(2, 1.0f), offsets(2, 0.0f);
  ASSERT_TRUE(graphs.Build(2, 4, speeds, offsets));
  EXPECT_EQ(graphs.CountClipNodes().total, 7);
  EXPECT_EQ(graphs.CountClipNodes().compressed, 0);
  const anim::GraphDefinition* raw = &graphs.Definition();
  ASSERT_TRUE(graphs.Build(2, 4, speeds, offsets, &compression.Clips()));
  EXPECT_EQ(graphs.CountClipNodes().total, 7);
  EXPECT_EQ(graphs.CountClipNodes().compressed, 7);
  EXPECT_NE(&graphs.Definition(), raw);
  // The clips it compressed are the crowd's: counted once, in its memory.
  EXPECT_EQ(compression.Measure(0).clips, 6);  // Punch serves guard and jab
  ASSERT_TRUE(graphs.Build(2, 4, speeds, offsets));
  EXPECT_EQ(&graphs.Definition(), raw);
}

// A model with animated morph targets (tests/import/morph_file.h): each
// character's weights reach the frame the renderer draws, character 0's are
// those of the pose it shows, characters at other phases show other
// weights, and the compressed crowd shows the raw crowd's weights (the raw
// clip's tracks at the same times).
TEST(CrowdSampleMorph, EachCharacterHandsItsOwnMorphWeights) {
  const anim::Model model = gltf_test::LoadOk(morph_file::MorphFile().json);
  const std::size_t per_character = model.DefaultMorphWeights().size();
  ASSERT_EQ(per_character, 3u);
  std::unique_ptr<samples::Sample> crowds[2];
  for (int compressed = 0; compressed < 2; ++compressed) {
    for (auto& sample : samples::MakeAllSamples()) {
      if (sample->Title() == "08 Crowd") crowds[compressed] = std::move(sample);
    }
    ASSERT_NE(crowds[compressed], nullptr);
    std::string error;
    ASSERT_TRUE(crowds[compressed]->Load(model, &error)) << error;
    for (const std::string& set : {std::string("count=3"), std::string("threads=1"),
                                   "compressed=" + std::to_string(compressed)}) {
      ASSERT_TRUE(crowds[compressed]->Params().SetAssignment(set, &error)) << error;
    }
    for (int frame = 0; frame < 20; ++frame) crowds[compressed]->Update(1.0f / 60);
  }
  const samples::CrowdFrame& raw = *crowds[0]->View().crowd;
  const samples::CrowdFrame& compressed = *crowds[1]->View().crowd;
  ASSERT_EQ(raw.morph_weights.size(), 3 * per_character);
  ASSERT_EQ(compressed.morph_weights.size(), 3 * per_character);
  const std::span<const float> shown = crowds[0]->CurrentPose().MorphWeights();
  ASSERT_EQ(shown.size(), per_character);
  for (std::size_t i = 0; i < per_character; ++i) EXPECT_EQ(raw.morph_weights[i], shown[i]);
  // Characters start at different phases: the Face's weights differ.
  EXPECT_GT(std::abs(raw.morph_weights[0] - raw.morph_weights[per_character]) +
                std::abs(raw.morph_weights[1] - raw.morph_weights[per_character + 1]),
            1e-3f);
  for (std::size_t i = 0; i < raw.morph_weights.size(); ++i) {
    EXPECT_NEAR(compressed.morph_weights[i], raw.morph_weights[i], 1e-5f) << "weight " << i;
  }
}

}  // namespace
