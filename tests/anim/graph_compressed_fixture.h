// Graphs whose clip nodes play compressed clips, for the tests of
// ClipNode's and SingleFrameNode's compressed form: the test rig's clips,
// raw and compressed (one CompressedClipDecodings each, as a crowd shares
// them), and one graph built twice, on the raw clips and on the compressed
// ones, so the two can be run side by side.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "anim/compression/compressed_clip_sampler.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/state_machine.h"
#include "anim/offline/clip_builder.h"
#include "tests/anim/test_rig.h"

namespace graph_compressed_test {

// The builder's tolerance for these clips (metres at points 3 cm from each
// joint): coarser than the default, so compressed and raw poses differ
// measurably on this small rig.
constexpr float kTolerance = 1e-3f;

// Clips by index.
enum ClipId { kSwing, kFast, kSlide, kTurn, kClipCount };

struct Clips {
  Clips() {
    clips[kSwing].SetEvents({{0.0f, "start"}, {0.5f, "step"}, {1.1f, "late"}});
    anim::CompressionSettings settings;
    settings.tolerance = kTolerance;
    for (int i = 0; i < kClipCount; ++i) {
      compressed[i] = anim::BuildCompressedClip(clips[i], skeleton, settings);
      decodings[i] = std::make_unique<anim::CompressedClipDecodings>(compressed[i]);
    }
  }
  Clips(const Clips&) = delete;  // the decodings point at its compressed clips
  Clips& operator=(const Clips&) = delete;

  // Clip `i`'s compressed form, with its shared decodings.
  anim::CompressedClipRef Form(int i) const { return {&compressed[i], decodings[i].get()}; }

  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  std::array<anim::Clip, kClipCount> clips = {
      anim_test::MakeSwingClip("swing", 1.3f, 60.0f),
      // Less than half a turn from swing at every joint: blends of the two
      // stay clear of opposite rotations (where nlerp's hemisphere flips).
      anim_test::MakeSwingClip("fast", 0.7f, -30.0f),
      // Every joint's x from 0 to 2: the root travels (root motion).
      anim_test::MakeSlideClip("slide", 1.0f, 0.0f, 2.0f),
      // One joint's rotation held: every other channel omitted.
      anim_test::MakeHoldRotationClip("turn", 1, anim_test::AxisAngle(50.0f, {0, 0, 1}))};
  std::array<anim::CompressedClip, kClipCount> compressed;
  std::array<std::unique_ptr<anim::CompressedClipDecodings>, kClipCount> decodings;
};

// A clip node of `g` (an AnimationGraph or a GraphDefinition) playing clip
// `i` of `c`, compressed or raw.
template <typename Graph>
anim::ClipNode* AddClipNode(Graph& g, const Clips& c, const char* name, int i, bool compressed,
                            anim::ClipNodeOptions options = {}) {
  if (compressed) options.compressed = c.Form(i);
  return g.template Add<anim::ClipNode>(name, c.skeleton, c.clips[i], options);
}

// The parameters of LocomotionGraph.
struct LocomotionParams {
  int moving = -1;  // bool: idle -> move while set
  int mix = -1;     // float: swing 0 .. fast 1 in the move blend
};

// A state machine: "idle" (turn, held) and "move", a blend of swing
// forward, looping, and fast backward at rate -0.8, ping-ponging, by the
// parameter mix. moving switches between them over 0.3 s; a single-frame
// node (slide at 0.4) and the root-motion slide sit in an additive-free
// blend on top, so every kind of clip node runs.
template <typename Graph>
LocomotionParams BuildLocomotionGraph(Graph& g, const Clips& c, bool compressed) {
  LocomotionParams p;
  p.moving = g.Params().Add("moving", anim::ParamType::kBool, 0.0f);
  p.mix = g.Params().Add("mix", anim::ParamType::kFloat, 0.25f);
  anim::Node* idle = AddClipNode(g, c, "idle", kTurn, compressed);
  anim::ClipNodeOptions backward;
  backward.loop = anim::LoopMode::kPingPong;
  backward.rate = {-1, -0.8f};
  anim::Node* move = g.template Add<anim::Blend2Node>(
      "move", c.skeleton, AddClipNode(g, c, "swing", kSwing, compressed),
      AddClipNode(g, c, "fast", kFast, compressed, backward), anim::FloatInput{p.mix, 0.0f});
  anim::Transition start;
  start.from = 0;
  start.to = 1;
  start.conditions = {{p.moving, anim::CompareOp::kIsTrue, 0.0f}};
  start.duration = 0.3f;
  anim::Transition stop = start;
  stop.from = 1;
  stop.to = 0;
  stop.conditions = {{p.moving, anim::CompareOp::kIsFalse, 0.0f}};
  auto* machine = g.template Add<anim::StateMachineNode>(
      "machine", c.skeleton, std::vector<anim::State>{{"idle", idle}, {"move", move}},
      std::vector<anim::Transition>{start, stop});
  anim::ClipNodeOptions travel;
  travel.root_motion = true;
  auto* slide = AddClipNode(g, c, "slide", kSlide, compressed, travel);
  auto* held = g.template Add<anim::SingleFrameNode>(
      "held", c.skeleton, c.clips[kSlide], 0.4f,
      compressed ? c.Form(kSlide) : anim::CompressedClipRef{});
  auto* sliding = g.template Add<anim::Blend2Node>("sliding", c.skeleton, slide, held,
                                                   anim::FloatInput{-1, 0.5f});
  g.SetRoot(g.template Add<anim::Blend2Node>("root", c.skeleton, machine, sliding,
                                             anim::FloatInput{-1, 0.3f}));
  return p;
}

}  // namespace graph_compressed_test
