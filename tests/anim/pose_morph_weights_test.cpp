// Morph-target weights ride on the pose (SoaPose::MorphWeights): a clip
// samples its weight tracks into it, every pose operation treats them as
// the joints' weights say (blends and fades mix them, additive layers add
// their change, a mirror keeps them, the layer stack shares them out by
// priority as a joint every mask covers), and so does every graph node.
// The clips' weights are constant or linear in time, so each expected value
// is the arithmetic written beside it.
#include <vector>

#include <gtest/gtest.h>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/inertialization.h"
#include "anim/blending/mirror.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layer_stack.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim::SoaPose;

// The character's three weights when nothing animates them.
const std::vector<float> kDefaults = {0.5f, 0.25f, 7.0f};

// The test rig's slide clip (every joint's x from x0 to x1 over 1 s) also
// animating weight 0 from w0 to w1 and weight 1 held at `w_one`; weight 2
// is left alone.
anim::Clip WeightClip(const char* name, float x0, float x1, float w0, float w1, float w_one) {
  anim::Clip clip = anim_test::MakeSlideClip(name, 1.0f, x0, x1);
  anim::MorphWeightTracks tracks;
  tracks.first_weight = 0;
  tracks.targets = {anim_test::LinearWeight(w0, w1), anim_test::LinearWeight(w_one, w_one)};
  clip.SetMorphWeights({tracks});
  return clip;
}

SoaPose WithWeights(const anim::Skeleton& skeleton, std::vector<float> weights) {
  SoaPose pose = skeleton.RestPose();
  pose.SetMorphWeights(weights);
  return pose;
}

void ExpectWeights(const SoaPose& pose, const std::vector<float>& expected,
                   const std::string& what = "") {
  ASSERT_EQ(pose.MorphWeights().size(), expected.size()) << what;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(pose.MorphWeights()[i], expected[i], 1e-5f) << what << " weight " << i;
  }
}

class PoseMorphWeights : public anim_test::GraphFixture {
 protected:
  // The fixture's graph is on `skeleton`, which has no weights: tests use
  // `character` (the same rig with kDefaults) and graphs of their own.
  static anim::Skeleton Character() {
    anim::Skeleton s = anim_test::MakeTestSkeleton();
    s.SetDefaultMorphWeights(kDefaults);
    return s;
  }
  anim::Skeleton character = Character();
  // x = t and weight 0 = t (weight 1 held at 2); x = 10 and weight 0 = 4
  // (weight 1 held at -1).
  anim::Clip ramp_w = WeightClip("ramp_w", 0, 1, 0, 1, 2);
  anim::Clip still_w = WeightClip("still_w", 10, 10, 4, 4, -1);
};

TEST_F(PoseMorphWeights, TheRestPoseCarriesTheDefaultsAndClipsSampleTheirTracksIntoIt) {
  SoaPose pose = character.RestPose();
  ExpectWeights(pose, kDefaults);
  ramp_w.Sample(pose, 0.25f);
  ExpectWeights(pose, {0.25f, 2.0f, 7.0f});          // weight 2 keeps its default
  ramp_w.Sample(pose, 1.5f, anim::LoopMode::kLoop);  // wraps to 0.5
  ExpectWeights(pose, {0.5f, 2.0f, 7.0f});
  // A pose without weights (the bare skeleton's) gets none and nothing breaks.
  SoaPose bare = skeleton.RestPose();
  ramp_w.Sample(bare, 0.25f);
  EXPECT_TRUE(bare.MorphWeights().empty());
  EXPECT_NEAR(bare.Local(0).translation.x, 0.25f, 1e-6f);
}

TEST_F(PoseMorphWeights, BlendsMixThemAsTheJointsAreMixed) {
  const SoaPose a = WithWeights(character, {1, 2, 3});
  const SoaPose b = WithWeights(character, {5, 6, -7});
  SoaPose out = character.RestPose();
  ASSERT_TRUE(anim::Blend(out, a, b, 0.25f));
  ExpectWeights(out, {1 * 0.75f + 5 * 0.25f, 2 * 0.75f + 6 * 0.25f, 3 * 0.75f - 7 * 0.25f});
  ASSERT_TRUE(anim::Blend(out, a, b, 1.0f));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(out.MorphWeights()[i], b.MorphWeights()[i]);
  // A per-joint weighted blend mixes them by its overall weight.
  const std::vector<float> mask = {1, 0, 0, 0.5f};
  ASSERT_TRUE(anim::BlendWeighted(out, a, b, 0.5f, mask));
  ExpectWeights(out, {3, 4, -2});
  // Counts that differ: the output keeps its own.
  SoaPose two = WithWeights(character, {9, 9});
  ASSERT_TRUE(anim::Blend(two, a, b, 0.5f));
  ExpectWeights(two, {9, 9});
}

TEST_F(PoseMorphWeights, LayerBlendsWeighThemByLayerWithTheRestFillingBelowTheThreshold) {
  const SoaPose a = WithWeights(character, {1, 0, 0});
  const SoaPose b = WithWeights(character, {0, 1, 0});
  const std::vector<float> joints = {1, 1, 1, 1};
  SoaPose out = character.RestPose();
  // 0.02 and 0.03 under a threshold of 0.1: the rest (defaults) fills 0.05.
  const anim::SoaBlendLayer light[] = {{&a, 0.02f, {}}, {&b, 0.03f, joints}};
  ASSERT_TRUE(anim::BlendLayers(out, light, character.RestPose(), 0.1f));
  ExpectWeights(out, {(0.02f * 1 + 0.05f * 0.5f) / 0.1f, (0.03f * 1 + 0.05f * 0.25f) / 0.1f,
                      (0.05f * 7) / 0.1f});
  // Above it: in proportion; a layer's own morph weight overrides its weight.
  const anim::SoaBlendLayer heavy[] = {{&a, 1.0f, {}}, {&b, 3.0f, {}, 1.0f}};
  ASSERT_TRUE(anim::BlendLayers(out, heavy, character.RestPose(), 0.1f));
  ExpectWeights(out, {0.5f, 0.5f, 0.0f});
}

TEST_F(PoseMorphWeights, AdditiveLayersAddTheirChangeAndAMirrorKeepsThem) {
  const SoaPose in = WithWeights(character, {1, 2, 3});
  const SoaPose add = WithWeights(character, {2, 2, 5});
  const SoaPose base = WithWeights(character, {1, 2, 1});
  SoaPose out = character.RestPose();
  ASSERT_TRUE(anim::Add(out, in, add, base, 0.5f));
  ExpectWeights(out, {1 + 0.5f * 1, 2, 3 + 0.5f * 4});
  SoaPose difference = anim::MakeZeroDifferencePose(character);
  ExpectWeights(difference, {0, 0, 0});
  ASSERT_TRUE(anim::Subtract(difference, add, base));
  ExpectWeights(difference, {1, 0, 4});
  ASSERT_TRUE(anim::AddDifference(out, in, difference, 0.25f));
  ExpectWeights(out, {1.25f, 2, 4});
  anim::Skeleton faced = anim_test::MakeTwoLegSkeleton();
  faced.SetDefaultMorphWeights(std::vector<float>{0.75f, -1});
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(faced, &error)) << error;
  SoaPose mirrored = faced.RestPose();
  mirrored.SetMorphWeights(std::vector<float>{0, 0});
  ASSERT_TRUE(anim::MirrorPose(map, faced.Parents(), faced.RestPose(), mirrored));
  ExpectWeights(mirrored, {0.75f, -1});
}

// The graph's nodes: a blend, a cross-fade and a layer stack, on clips with
// weight tracks, over a character with defaults.
TEST_F(PoseMorphWeights, GraphNodesBlendFadeAndLayerThem) {
  anim::AnimationGraph g(character);
  const int t = g.Params().Add("t", anim::ParamType::kFloat, 0.25f);
  anim::ClipNodeOptions o;
  auto* r = g.Add<anim::ClipNode>("ramp", character, ramp_w, o);
  auto* s = g.Add<anim::ClipNode>("still", character, still_w, o);
  auto* blend = g.Add<anim::Blend2Node>("blend", character, r, s, FloatInput{t});
  g.SetRoot(blend);
  g.Update(0.0f);
  g.Update(0.5f);  // ramp at 0.5: weights (0.5, 2); still (4, -1)
  ASSERT_TRUE(g.Error().empty()) << g.Error();
  ExpectWeights(g.SoaOutput(), {0.5f * 0.75f + 4 * 0.25f, 2 * 0.75f - 1 * 0.25f, 7}, "blend");

  anim::AnimationGraph fade_graph(character);
  const int pick = fade_graph.Params().Add("pick", anim::ParamType::kFloat, 0.0f);
  anim::CrossFadeNodeOptions fo;
  fo.duration = 0.5f;
  fo.ease = anim::EaseCurve::Linear();
  auto* fr = fade_graph.Add<anim::ClipNode>("ramp", character, ramp_w, o);
  auto* fs = fade_graph.Add<anim::ClipNode>("still", character, still_w, o);
  fade_graph.SetRoot(fade_graph.Add<anim::CrossFadeNode>(
      "fade", character, std::vector<anim::Node*>{fr, fs}, FloatInput{pick}, fo));
  fade_graph.Update(0.0f);
  fade_graph.Params().Set(pick, 1.0f);
  fade_graph.Update(0.125f);  // the fade starts: 0
  fade_graph.Update(0.125f);  // a quarter in; ramp (smooth fade plays on) at 0.25
  ExpectWeights(fade_graph.SoaOutput(), {0.25f * 0.75f + 4 * 0.25f, 2 * 0.75f - 0.25f, 7}, "fade");

  // Layers: ramp at weight 0.75 over still at priority 0; ramp's higher
  // priority takes 0.75 of every joint and of the weights, still the rest.
  anim::AnimationGraph layered(character);
  auto* lr = layered.Add<anim::ClipNode>("ramp", character, ramp_w, o);
  auto* ls = layered.Add<anim::ClipNode>("still", character, still_w, o);
  anim::Layer top = anim_test::MakeLayer("top", lr, FloatInput{-1, 0.75f});
  top.priority = 1;
  anim::JointMask upper;
  upper.weights = {0, 1, 1, 0};  // the mask narrows the joints, not the weights
  top.mask = upper;
  layered.SetLayers({anim_test::MakeLayer("bottom", ls), top});
  layered.Update(0.0f);
  layered.Update(0.5f);
  ASSERT_TRUE(layered.Error().empty()) << layered.Error();
  ExpectWeights(layered.SoaOutput(), {0.75f * 0.5f + 0.25f * 4, 0.75f * 2 - 0.25f, 7}, "layers");
  EXPECT_NEAR(layered.SoaOutput().Local(0).translation.x, 10.0f, 1e-5f);  // hips: still only
}

// An inertialized switch decays the weights' offset as it does the
// joints': from the weights shown (ramp's weight 0 at 0.25, rising at 1 a
// second; weight 1 at 2) to still's (4, -1) along Bollo's curve
// (InertialDecay, tested on its own in inertialization_test.cpp), and
// exactly still's once the duration has passed.
TEST_F(PoseMorphWeights, AnInertializedSwitchDecaysTheWeightsOffset) {
  anim::AnimationGraph g(character);
  const int pick = g.Params().Add("pick", anim::ParamType::kFloat, 0.0f);
  anim::CrossFadeNodeOptions fo;
  fo.duration = 0.5f;
  fo.mode = anim::TransitionMode::kInertial;
  anim::ClipNodeOptions o;
  auto* r = g.Add<anim::ClipNode>("ramp", character, ramp_w, o);
  auto* s = g.Add<anim::ClipNode>("still", character, still_w, o);
  g.SetRoot(g.Add<anim::CrossFadeNode>("fade", character, std::vector<anim::Node*>{r, s},
                                       FloatInput{pick}, fo));
  g.Update(0.0f);
  g.Update(0.125f);
  g.Update(0.125f);
  ExpectWeights(g.SoaOutput(), {0.25f, 2, 7}, "before the switch");
  g.Params().Set(pick, 1.0f);
  g.Update(0.125f);  // the switch frame: the offset has run one step
  const float w0 = 4 + anim::InertialDecay::Make(0.25f - 4, 1.0f, 0.5f).Value(0.125f);
  const float w1 = -1 + anim::InertialDecay::Make(2 - (-1), 0.0f, 0.5f).Value(0.125f);
  ExpectWeights(g.SoaOutput(), {w0, w1, 7}, "at the switch");
  EXPECT_LT(g.SoaOutput().MorphWeights()[0], 1.0f);  // no jump to 4
  for (int i = 0; i < 4; ++i) g.Update(0.125f);
  ExpectWeights(g.SoaOutput(), {4, -1, 7}, "after the duration");
}

// A single frame samples them once, with its joints.
TEST_F(PoseMorphWeights, SingleFramesCarryThem) {
  anim::AnimationGraph g(character);
  auto* frame = g.Add<anim::SingleFrameNode>("frame", character, ramp_w, 0.75f);
  g.SetRoot(frame);
  g.Update(0.0f);
  ExpectWeights(g.SoaOutput(), {0.75f, 2, 7}, "single frame");
}

}  // namespace
