// Graph clip nodes on compressed clips (anim/graph/clip_node.h): a clip
// node samples the compressed clip at the time its clock gives, worked out
// here by hand for every loop mode and for backward play; a whole graph (a
// state machine's transitions, blends, a ping-pong clip played backward,
// root motion, a single frame) on compressed clips shows the raw graph's
// poses within the builder's tolerance, its clocks, events and root motion
// unchanged; each character's compressed context is its own, and its
// memory is counted.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/graph/graph_instance.h"
#include "anim/graph/graph_scratch.h"
#include "tests/anim/compression_fixture.h"
#include "tests/anim/graph_compressed_fixture.h"
#include "tests/support/graph_pose.h"

namespace {

using graph_compressed_test::Clips;
using graph_compressed_test::kFast;
using graph_compressed_test::kSwing;
using graph_compressed_test::kTolerance;

constexpr float kDt = 1.0f / 60.0f;

// Largest difference between two poses' channels (translations, rotation
// components, scales).
float ChannelDifference(const anim::SoaPose& a, const anim::SoaPose& b) {
  float worst = 0.0f;
  for (int j = 0; j < a.JointCount(); ++j) {
    const anim::Transform x = a.Local(j), y = b.Local(j);
    for (int k = 0; k < 3; ++k) {
      worst = std::max({worst, std::abs(x.translation[k] - y.translation[k]),
                        std::abs(x.scale[k] - y.scale[k])});
    }
    for (int k = 0; k < 4; ++k) worst = std::max(worst, std::abs(x.rotation[k] - y.rotation[k]));
  }
  return worst;
}

// Where a clock of `duration` from 0 samples after playing `elapsed`
// seconds (anim/clips/clock.h's modes, by hand).
float SampleTimeAfter(double elapsed, double duration, anim::LoopMode mode) {
  switch (mode) {
    case anim::LoopMode::kLoop: {
      const double t = std::fmod(elapsed, duration);
      return static_cast<float>(t < 0.0 ? t + duration : t);
    }
    case anim::LoopMode::kPingPong: {
      double u = std::fmod(elapsed, 2.0 * duration);
      if (u < 0.0) u += 2.0 * duration;
      return static_cast<float>(u <= duration ? u : 2.0 * duration - u);
    }
    case anim::LoopMode::kClamp: return static_cast<float>(std::clamp(elapsed, 0.0, duration));
  }
  return 0.0f;
}

// The rest pose with `clip` sampled over it at `time` (a fresh context).
anim::SoaPose CompressedPoseAt(const Clips& c, int clip, float time) {
  anim::SoaPose pose(c.skeleton.RestPose());
  anim::CompressedClipContext context(c.compressed[clip], c.decodings[clip].get());
  EXPECT_TRUE(anim::SampleCompressedClip(c.compressed[clip], time, context, pose));
  return pose;
}

anim::SoaPose RawPoseAt(const Clips& c, int clip, float time) {
  anim::SoaPose pose(c.skeleton.RestPose());
  c.clips[clip].Sample(pose, time, anim::LoopMode::kClamp);
  return pose;
}

struct PlayCase {
  anim::LoopMode mode;
  float rate;
};

TEST(GraphCompressed, ClipNodeSamplesTheCompressedClipAtItsClocksTime) {
  const Clips c;
  const double duration = c.clips[kSwing].Duration();
  for (const PlayCase& play :
       {PlayCase{anim::LoopMode::kLoop, 1.3f}, PlayCase{anim::LoopMode::kLoop, -0.9f},
        PlayCase{anim::LoopMode::kPingPong, 1.7f}, PlayCase{anim::LoopMode::kPingPong, -1.1f},
        PlayCase{anim::LoopMode::kClamp, 1.0f}}) {
    SCOPED_TRACE(std::string(anim::LoopModeName(play.mode)) + " at rate " +
                 std::to_string(play.rate));
    anim::AnimationGraph graph(c.skeleton);
    anim::ClipNodeOptions options;
    options.loop = play.mode;
    options.rate = {-1, play.rate};
    graph.SetRoot(graph_compressed_test::AddClipNode(graph, c, "swing", kSwing, true, options));
    float from_raw = 0.0f;  // how far the compressed poses are from the raw ones
    for (int frame = 1; frame <= 240; ++frame) {  // 4 s: several wraps of the 1.3 s clip
      graph.Update(kDt);
      ASSERT_EQ(graph.Error(), "");
      const float t =
          SampleTimeAfter(frame * static_cast<double>(kDt) * play.rate, duration, play.mode);
      EXPECT_LT(ChannelDifference(graph.SoaOutput(), CompressedPoseAt(c, kSwing, t)), 2e-5f)
          << "frame " << frame << ", sample time " << t;
      from_raw = std::max(from_raw, ChannelDifference(graph.SoaOutput(), RawPoseAt(c, kSwing, t)));
    }
    // The comparison above tells compressed from raw: they differ by far more.
    EXPECT_GT(from_raw, 1e-4f);
  }
}

TEST(GraphCompressed, SingleFrameNodeHoldsTheCompressedClipsFrame) {
  const Clips c;
  anim::AnimationGraph graph(c.skeleton);
  graph.SetRoot(
      graph.Add<anim::SingleFrameNode>("held", c.skeleton, c.clips[kSwing], 0.4f, c.Form(kSwing)));
  const float t = 0.4f * c.clips[kSwing].Duration();
  for (int frame = 0; frame < 3; ++frame) {
    graph.Update(kDt);
    EXPECT_LT(ChannelDifference(graph.SoaOutput(), CompressedPoseAt(c, kSwing, t)), 1e-6f);
  }
  EXPECT_GT(ChannelDifference(graph.SoaOutput(), RawPoseAt(c, kSwing, t)), 1e-4f);
}

// Every clip node of `graph` by name, for comparing clocks.
std::vector<const anim::ClipNode*> ClipNodesOf(const anim::AnimationGraph& graph) {
  std::vector<const anim::ClipNode*> nodes;
  for (int i = 0; i < graph.NodeCount(); ++i) {
    if (const auto* n = dynamic_cast<const anim::ClipNode*>(graph.NodeAt(i))) nodes.push_back(n);
  }
  return nodes;
}

// The same graph on raw and on compressed clips, run side by side over 8 s:
// idle, a transition into the move blend (its mix swept), the move with
// its clips wrapping (swing forward, fast backward ping-ponging), back to
// idle, and into move again.
TEST(GraphCompressed, GraphOnCompressedClipsShowsTheRawGraphWithinTheTolerance) {
  const Clips c;
  anim::AnimationGraph raw(c.skeleton), compressed(c.skeleton);
  const graph_compressed_test::LocomotionParams p =
      graph_compressed_test::BuildLocomotionGraph(raw, c, false);
  graph_compressed_test::BuildLocomotionGraph(compressed, c, true);
  const auto* machine = dynamic_cast<const anim::StateMachineNode*>(compressed.FindNode("machine"));
  ASSERT_NE(machine, nullptr);
  const std::vector<const anim::ClipNode*> raw_nodes = ClipNodesOf(raw);
  const std::vector<const anim::ClipNode*> compressed_nodes = ClipNodesOf(compressed);
  ASSERT_EQ(raw_nodes.size(), 4u);
  ASSERT_EQ(compressed_nodes.size(), 4u);
  for (const anim::ClipNode* n : compressed_nodes) EXPECT_NE(n->Compressed().clip, nullptr);
  // A blend of poses each within the tolerance stays within it, but the
  // transition's and the blends' normalised rotations can add a little.
  const float bound = 2.0f * kTolerance;
  float worst = 0.0f;
  int fading_frames = 0, moving_frames = 0;
  for (int frame = 0; frame < 480; ++frame) {
    const bool moving = (frame >= 60 && frame < 260) || frame >= 400;
    const float mix = 0.5f + 0.5f * std::sin(0.05f * static_cast<float>(frame));
    for (anim::AnimationGraph* g : {&raw, &compressed}) {
      g->Params().Set(p.moving, moving ? 1.0f : 0.0f);
      g->Params().Set(p.mix, mix);
      g->Update(kDt);
      ASSERT_EQ(g->Error(), "");
    }
    fading_frames += machine->Fading(compressed.Context());
    moving_frames += machine->ActiveState(compressed.Context()) == 1;
    const float error = compression_test::VirtualPointError(
        compression_test::ModelMatrices(test_support::GraphPose(raw)),
        compression_test::ModelMatrices(test_support::GraphPose(compressed)));
    EXPECT_LE(error, bound) << "frame " << frame;
    worst = std::max(worst, error);
    // Clocks, root motion and events read the raw clip: exactly the raw graph's.
    for (std::size_t i = 0; i < raw_nodes.size(); ++i) {
      EXPECT_EQ(compressed_nodes[i]->Time(compressed.Context()), raw_nodes[i]->Time(raw.Context()))
          << raw_nodes[i]->Name();
    }
    EXPECT_EQ(compressed.Motion().translation, raw.Motion().translation) << "frame " << frame;
    EXPECT_EQ(compressed.Motion().yaw, raw.Motion().yaw);
    ASSERT_EQ(compressed.Events().size(), raw.Events().size()) << "frame " << frame;
    for (std::size_t e = 0; e < raw.Events().size(); ++e) {
      EXPECT_EQ(compressed.Events()[e].name, raw.Events()[e].name);
      EXPECT_EQ(compressed.Events()[e].time, raw.Events()[e].time);
      EXPECT_EQ(compressed.Events()[e].weight, raw.Events()[e].weight);
    }
  }
  EXPECT_GT(worst, 0.0f);  // the compressed clips are what played
  // The run went through both states and three transitions (0.3 s each).
  EXPECT_GE(fading_frames, 3 * 17);
  EXPECT_GT(moving_frames, 200);
  EXPECT_GT(raw.Motion().translation.x, 0.0f);  // slide's root motion was there
}

// Three instances of one definition: A and B at different times (B 0.55 s
// ahead), updated in turn every frame, and R, a character of a definition
// of its own, played as A. A must show R's poses exactly, its context
// decoding exactly the keys R's decodes (B's sampling never touches it),
// and B the compressed clip at its own time.
TEST(GraphCompressed, EachCharacterKeepsItsOwnCompressedContext) {
  const Clips c;
  anim::GraphDefinition shared(c.skeleton), alone(c.skeleton);
  anim::ClipNode* node = graph_compressed_test::AddClipNode(shared, c, "swing", kSwing, true);
  shared.SetRoot(node);
  anim::ClipNode* alone_node = graph_compressed_test::AddClipNode(alone, c, "swing", kSwing, true);
  alone.SetRoot(alone_node);
  std::string error;
  std::optional<anim::GraphInstance> a = anim::GraphInstance::Create(shared, &error);
  std::optional<anim::GraphInstance> b = anim::GraphInstance::Create(shared, &error);
  std::optional<anim::GraphInstance> r = anim::GraphInstance::Create(alone, &error);
  ASSERT_TRUE(a && b && r) << error;
  anim::GraphScratch scratch(shared);
  anim::SoaPose pose_a(c.skeleton.RestPose()), pose_b = pose_a, pose_r = pose_a;
  anim::MotionDelta motion;
  ASSERT_TRUE(b->Update(0.55f, scratch, pose_b, motion));
  const double duration = c.clips[kSwing].Duration();
  for (int frame = 1; frame <= 200; ++frame) {
    ASSERT_TRUE(a->Update(kDt, scratch, pose_a, motion));
    ASSERT_TRUE(b->Update(kDt, scratch, pose_b, motion));
    ASSERT_TRUE(r->Update(kDt, scratch, pose_r, motion));
    EXPECT_EQ(ChannelDifference(pose_a, pose_r), 0.0f) << "frame " << frame;
    const float tb =
        SampleTimeAfter(0.55 + frame * static_cast<double>(kDt), duration, anim::LoopMode::kLoop);
    EXPECT_LT(ChannelDifference(pose_b, CompressedPoseAt(c, kSwing, tb)), 2e-5f);
  }
  const anim::CompressedClipContext& ca = node->StateIn(a->Context()).playback.context;
  const anim::CompressedClipContext& cb = node->StateIn(b->Context()).playback.context;
  const anim::CompressedClipContext& cr = alone_node->StateIn(r->Context()).playback.context;
  EXPECT_NE(&ca, &cb);
  EXPECT_TRUE(ca.BoundTo(c.compressed[kSwing]) && cb.BoundTo(c.compressed[kSwing]));
  EXPECT_EQ(ca.DecodedKeys(), cr.DecodedKeys());
  // Forward play decodes a key only when a track crosses one: far fewer
  // than two per track per frame, which a context sampled at two times in
  // turn would decode.
  const long reseeking = 200L * 2 * static_cast<long>(c.compressed[kSwing].TrackCount());
  EXPECT_LT(ca.DecodedKeys(), reseeking / 4);
}

// GraphInstance::MemoryBytes counts what the compressed context holds
// besides the state block: its arrays (fewer with shared decodings), in
// place of the raw clip's cursors.
TEST(GraphCompressed, InstanceMemoryCountsTheCompressedContext) {
  const Clips c;
  auto bytes_of = [&](anim::CompressedClipRef form) {
    anim::GraphDefinition d(c.skeleton);
    anim::ClipNodeOptions options;
    options.compressed = form;
    d.SetRoot(d.Add<anim::ClipNode>("swing", c.skeleton, c.clips[kSwing], options));
    std::string error;
    std::optional<anim::GraphInstance> i = anim::GraphInstance::Create(d, &error);
    EXPECT_TRUE(i) << error;
    return i ? i->MemoryBytes() : 0;
  };
  const std::size_t raw = bytes_of({});
  const std::size_t cursors = c.clips[kSwing].MakeCursor().keys.size() * sizeof(anim::TrackCursor);
  const std::size_t shared_context =
      anim::CompressedClipContext(c.compressed[kSwing], c.decodings[kSwing].get()).ByteSize() -
      sizeof(anim::CompressedClipContext);
  const std::size_t own_context = anim::CompressedClipContext(c.compressed[kSwing]).ByteSize() -
                                  sizeof(anim::CompressedClipContext);
  ASSERT_GT(cursors, 0u);
  ASSERT_GT(own_context, shared_context);
  EXPECT_EQ(bytes_of(c.Form(kSwing)) + cursors, raw + shared_context);
  EXPECT_EQ(bytes_of({&c.compressed[kSwing], nullptr}) + cursors, raw + own_context);
}

// A clip node's form with no shared decodings plays too (its context keeps
// its own).
TEST(GraphCompressed, CompressedClipWithoutSharedDecodingsPlays) {
  const Clips c;
  anim::AnimationGraph graph(c.skeleton);
  anim::ClipNodeOptions options;
  options.compressed = {&c.compressed[kFast], nullptr};
  graph.SetRoot(graph.Add<anim::ClipNode>("fast", c.skeleton, c.clips[kFast], options));
  for (int frame = 1; frame <= 60; ++frame) {
    graph.Update(kDt);
    const float t = SampleTimeAfter(frame * static_cast<double>(kDt), c.clips[kFast].Duration(),
                                    anim::LoopMode::kLoop);
    EXPECT_LT(ChannelDifference(graph.SoaOutput(), CompressedPoseAt(c, kFast, t)), 2e-5f);
  }
  EXPECT_EQ(graph.Error(), "");
}

// Morph weights: the compressed form holds the joints, so clip nodes and
// single frames playing it sample the clip's own weight tracks (weight 0
// from 1 to 3 over the clip, linear; weight 1 untouched at its default).
TEST(GraphCompressed, CompressedClipNodesCarryTheClipsMorphWeights) {
  Clips c;
  c.skeleton.SetDefaultMorphWeights(std::vector<float>{0.5f, -2.0f});
  anim::Clip clip = c.clips[graph_compressed_test::kSlide];
  const float duration = clip.Duration();
  anim::MorphWeightTracks tracks;
  tracks.targets.emplace_back(anim::Interpolation::kLinear, std::vector<float>{0, duration},
                              std::vector<float>{1, 3});
  clip.SetMorphWeights({tracks});
  const anim::CompressedClip compressed = anim::BuildCompressedClip(clip, c.skeleton, {});
  anim::AnimationGraph graph(c.skeleton);
  anim::ClipNodeOptions options;
  options.compressed = {&compressed, nullptr};
  options.loop = anim::LoopMode::kClamp;
  graph.SetRoot(graph.Add<anim::ClipNode>("slide", c.skeleton, clip, options));
  graph.Update(0.0f);
  graph.Update(0.25f * duration);
  ASSERT_EQ(graph.Error(), "");
  ASSERT_EQ(graph.SoaOutput().MorphWeights().size(), 2u);
  EXPECT_NEAR(graph.SoaOutput().MorphWeights()[0], 1.5f, 1e-5f);
  EXPECT_EQ(graph.SoaOutput().MorphWeights()[1], -2.0f);
  anim::AnimationGraph held(c.skeleton);
  held.SetRoot(held.Add<anim::SingleFrameNode>("held", c.skeleton, clip, 0.75f,
                                               anim::CompressedClipRef{&compressed, nullptr}));
  held.Update(0.0f);
  ASSERT_EQ(held.SoaOutput().MorphWeights().size(), 2u);
  EXPECT_NEAR(held.SoaOutput().MorphWeights()[0], 2.5f, 1e-5f);
}

}  // namespace
