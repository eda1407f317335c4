// GraphDefinition's one error convention: Validate() names the node and the
// field of the first problem, GraphInstance::Create makes nothing from a
// definition that does not validate (and says why), AnimationGraph shows the
// rest pose with the reason in Error(), and CrowdAnimator::PrepareGraphs
// refuses it. One test per kind of error, each built from parts as a user
// would; then the scratch depth, worked out by hand for a tree whose
// deepest chain a frame really reaches, and instances that share nothing.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "anim/blending/additive.h"
#include "anim/blending/joint_mask.h"
#include "anim/blending/mirror.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_instance.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "anim/graph/state_machine.h"
#include "tests/anim/graph_fixture.h"
#include "tests/anim/graph_validation.h"
#include "tests/anim/test_rig.h"

namespace {

::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

// A node type of the user's own whose input is set after construction: the
// only way a graph built from parts can hold a cycle.
class RelayNode : public anim::Node {
 public:
  using Node::Node;
  void SetInput(anim::Node* input) { input_ = input; }
  const char* Kind() const override { return "relay"; }
  void ResetIn(float phase, anim::GraphContext& ctx) const override { input_->ResetIn(phase, ctx); }
  void Update(float dt, float w, anim::GraphContext& ctx) const override {
    input_->Update(dt, w, ctx);
  }
  void Write(anim::GraphContext& ctx, anim::SoaPose& out, anim::MotionDelta& m) const override {
    input_->Write(ctx, out, m);
  }
  int ChildCount() const override { return 1; }
  anim::Node* Child(int) const override { return input_; }

 private:
  anim::Node* input_ = nullptr;
};

class GraphDefinitionTest : public ::testing::Test {
 protected:
  // What every path that makes characters says about `d`.
  static std::string ErrorOf(const anim::GraphDefinition& d) {
    return anim_test::ValidationErrorOf(d);
  }
  anim::ClipNode* Clip(anim::GraphDefinition& d, const std::string& name) {
    return d.Add<anim::ClipNode>(name, skeleton, ramp);
  }

  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::Skeleton legs = anim_test::MakeTwoLegSkeleton();
  anim::Clip ramp = anim_test::MakeSlideClip("ramp", 1.0f, 0.0f, 1.0f);
  // Joint 1 turning: a clip the three-joint rig can play.
  anim::Clip spin = anim_test::MakeSpinClip("spin", 1, 90.0f, 1.0f);
  anim::GraphDefinition d{skeleton};
};

TEST_F(GraphDefinitionTest, AValidDefinitionMakesInstances) {
  d.SetRoot(Clip(d, "a"));
  EXPECT_EQ(ErrorOf(d), "");
}

TEST_F(GraphDefinitionTest, NoRootAndNoLayers) {
  Clip(d, "a");
  EXPECT_EQ(ErrorOf(d), "the graph has no root node and no layers");
}

TEST_F(GraphDefinitionTest, AnInputFromAnotherGraph) {
  anim::GraphDefinition other(skeleton);
  anim::Node* stranger = other.Add<anim::ClipNode>("stranger", skeleton, ramp);
  d.SetRoot(
      d.Add<anim::Blend2Node>("mix", skeleton, Clip(d, "a"), stranger, anim::FloatInput{-1, 0.5f}));
  EXPECT_EQ(ErrorOf(d),
            "node 'mix' (blend2): input 1: is not a node of this graph (made by another graph, or "
            "freed)");
}

TEST_F(GraphDefinitionTest, AMissingInput) {
  d.SetRoot(d.Add<anim::MirrorNode>("mirror", skeleton, nullptr, anim::MirrorMap{}));
  EXPECT_EQ(ErrorOf(d), "node 'mirror' (mirror): input 0: is missing (null)");
}

TEST_F(GraphDefinitionTest, ARootFromAnotherGraph) {
  anim::GraphDefinition other(skeleton);
  Clip(d, "a");
  d.SetRoot(other.Add<anim::ClipNode>("stranger", skeleton, ramp));
  EXPECT_EQ(ErrorOf(d), "the root is not a node of this graph");
}

TEST_F(GraphDefinitionTest, ACycleIsNamedNodeByNode) {
  auto* first = d.Add<RelayNode>("first");
  auto* second = d.Add<RelayNode>("second");
  first->SetInput(second);
  second->SetInput(first);
  d.SetRoot(first);
  EXPECT_EQ(ErrorOf(d),
            "node 'first' (relay): inputs: is its own input through 'first' -> 'second' -> "
            "'first' (a cycle)");
}

TEST_F(GraphDefinitionTest, AChainDeeperThanTheLimit) {
  anim::Node* below = Clip(d, "leaf");
  for (int i = 0; i < 70; ++i) {
    auto* relay = d.Add<RelayNode>("relay" + std::to_string(i));
    relay->SetInput(below);
    below = relay;
  }
  d.SetRoot(below);
  // relay0 heads leaf + itself: 2; relay63 heads 65, one too many.
  EXPECT_EQ(ErrorOf(d),
            "node 'relay63' (relay): inputs: heads a chain of 65 nodes, at most 64 are accepted");
}

// Heights found while descending count too: 60 relays made top-down (each
// before its input, so one descent measures them all: r0 heads 61 nodes
// with the leaf), then relays made bottom-up on top of r0: the fourth of
// those heads 65.
TEST_F(GraphDefinitionTest, AChainMeasuredInOneDescentCountsTowardsTheLimitAbove) {
  std::vector<RelayNode*> relays;
  for (int i = 0; i < 60; ++i) relays.push_back(d.Add<RelayNode>("r" + std::to_string(i)));
  for (int i = 0; i + 1 < 60; ++i) relays[i]->SetInput(relays[i + 1]);
  relays.back()->SetInput(Clip(d, "leaf"));
  anim::Node* below = relays.front();
  for (int i = 0; i < 10; ++i) {
    auto* relay = d.Add<RelayNode>("a" + std::to_string(i));
    relay->SetInput(below);
    below = relay;
  }
  d.SetRoot(below);
  EXPECT_EQ(ErrorOf(d),
            "node 'a3' (relay): inputs: heads a chain of 65 nodes, at most 64 are accepted");
}

TEST_F(GraphDefinitionTest, AChainBuiltTopDownStopsAtTheLimitWithoutRecursingFurther) {
  // Each relay made before its input, so the check meets the whole chain in
  // one descent from the root: 100,000 levels of recursion would overflow
  // the stack; the check stops at the limit.
  std::vector<RelayNode*> relays;
  for (int i = 0; i < 100000; ++i) relays.push_back(d.Add<RelayNode>("r" + std::to_string(i)));
  for (int i = 0; i + 1 < 100000; ++i) relays[i]->SetInput(relays[i + 1]);
  relays.back()->SetInput(Clip(d, "leaf"));
  d.SetRoot(relays.front());
  EXPECT_EQ(ErrorOf(d),
            "node 'r0' (relay): inputs: heads a chain of more than 64 nodes, at most 64 are "
            "accepted");
}

TEST_F(GraphDefinitionTest, AMissingClip) {
  d.SetRoot(d.Add<anim::ClipNode>("walk", skeleton, static_cast<const anim::Clip*>(nullptr)));
  EXPECT_EQ(ErrorOf(d), "node 'walk' (clip): clip: is missing (no clip of that name?)");
}

TEST_F(GraphDefinitionTest, AClipOfAnotherSkeleton) {
  anim::JointTracks far;
  far.joint = 9;
  far.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0, 1}, {{0, 0, 0}, {1, 0, 0}});
  const anim::Clip wide("wide", {far});
  d.SetRoot(d.Add<anim::ClipNode>("wide", skeleton, wide));
  EXPECT_EQ(ErrorOf(d),
            "node 'wide' (clip): clip: 'wide' animates joint 9, the skeleton has 4 joints");
}

TEST_F(GraphDefinitionTest, ANodeMadeForAnotherSkeleton) {
  d.SetRoot(d.Add<anim::ClipNode>("legs", legs, ramp));
  EXPECT_EQ(ErrorOf(d), "node 'legs' (clip): skeleton: made for 3 joints, the skeleton has 4");
}

TEST_F(GraphDefinitionTest, ARootMotionJointOutsideTheSkeleton) {
  anim::ClipNodeOptions o;
  o.root_motion = true;
  o.root_joint = 12;
  d.SetRoot(d.Add<anim::ClipNode>("walk", skeleton, ramp, o));
  EXPECT_EQ(ErrorOf(d),
            "node 'walk' (clip): root_joint: joint 12 is not in the skeleton (4 joints)");
}

TEST_F(GraphDefinitionTest, AnInputReadingAParameterTheGraphDoesNotHave) {
  d.Params().Add("t", anim::ParamType::kFloat);
  d.SetRoot(
      d.Add<anim::Blend2Node>("mix", skeleton, Clip(d, "a"), Clip(d, "b"), anim::FloatInput{3}));
  EXPECT_EQ(ErrorOf(d),
            "node 'mix' (blend2): t: reads parameter 3, but the graph has 1 parameters");
}

TEST_F(GraphDefinitionTest, EachParameterInputIsChecked) {
  anim::ClipNodeOptions o;
  o.rate = {5};
  d.SetRoot(d.Add<anim::ClipNode>("a", skeleton, ramp, o));
  EXPECT_TRUE(Contains(ErrorOf(d), "node 'a' (clip): rate: reads parameter 5"));
  anim::GraphDefinition n(skeleton);
  n.SetRoot(n.Add<anim::BlendNNode>("n", skeleton, std::vector<anim::Node*>{Clip(n, "a")},
                                    std::vector<anim::FloatInput>{{2}}));
  EXPECT_TRUE(Contains(ErrorOf(n), "node 'n' (blend_n): weights[0]: reads parameter 2"));
  anim::GraphDefinition o2(skeleton);
  o2.SetRoot(o2.Add<anim::AdditiveNode>("add", skeleton, Clip(o2, "a"), Clip(o2, "b"), std::nullopt,
                                        anim::FloatInput{1}));
  EXPECT_TRUE(Contains(ErrorOf(o2), "node 'add' (additive): weight: reads parameter 1"));
}

TEST_F(GraphDefinitionTest, AConditionOnAnUnknownParameter) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.conditions = {{4, anim::CompareOp::kIsTrue}};
  d.SetRoot(d.Add<anim::StateMachineNode>(
      "sm", skeleton, std::vector<anim::State>{{"A", Clip(d, "a")}, {"B", Clip(d, "b")}},
      std::vector<anim::Transition>{t}));
  EXPECT_EQ(ErrorOf(d),
            "node 'sm' (state_machine): states and transitions: a transition into 'B' tests an "
            "unknown parameter");
}

TEST_F(GraphDefinitionTest, AStateMachineWithoutItsDefaultState) {
  d.SetRoot(d.Add<anim::StateMachineNode>("sm", skeleton,
                                          std::vector<anim::State>{{"A", Clip(d, "a")}},
                                          std::vector<anim::Transition>{}, 3));
  EXPECT_TRUE(Contains(ErrorOf(d),
                       "node 'sm' (state_machine): states and transitions: "
                       "state machine 'sm' has no default state 3"));
}

TEST_F(GraphDefinitionTest, AMaskOfAnotherSkeleton) {
  d.SetRoot(d.Add<anim::FeatherBlendNode>("upper", skeleton, Clip(d, "a"), Clip(d, "b"),
                                          anim::MakeMaskFromRoot(legs, 1),
                                          anim::FloatInput{-1, 1.0f}));
  EXPECT_EQ(ErrorOf(d),
            "node 'upper' (feather_blend): mask: made for 3 joints, the skeleton has 4");
}

TEST_F(GraphDefinitionTest, AnAdditiveReferenceOfAnotherSkeleton) {
  d.SetRoot(d.Add<anim::AdditiveNode>("add", skeleton, Clip(d, "a"), Clip(d, "b"), legs.RestPose(),
                                      anim::FloatInput{-1, 1.0f}));
  EXPECT_EQ(ErrorOf(d), "node 'add' (additive): reference: made for 3 joints, the skeleton has 4");
}

TEST_F(GraphDefinitionTest, AMirrorMapOfAnotherSkeleton) {
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(legs, &error)) << error;
  d.SetRoot(d.Add<anim::MirrorNode>("mirror", skeleton, Clip(d, "a"), map));
  EXPECT_EQ(ErrorOf(d), "node 'mirror' (mirror): map: made for 3 joints, the skeleton has 4");
}

TEST_F(GraphDefinitionTest, ALayerMaskOrReferenceOfAnotherSkeleton) {
  anim::Layer upper = anim_test::MakeLayer("upper", Clip(d, "a"));
  upper.mask = anim::MakeMaskFromRoot(legs, 1);
  d.SetLayers({anim_test::MakeLayer("base", Clip(d, "b")), upper});
  EXPECT_EQ(ErrorOf(d),
            "node 'layers' (layers): layer 1 'upper' mask: made for 3 joints, the skeleton has 4");
  anim::GraphDefinition r(skeleton);
  anim::Layer lean = anim_test::MakeLayer("lean", Clip(r, "a"));
  lean.additive = true;
  lean.reference = legs.RestPose();
  r.SetLayers({anim_test::MakeLayer("base", Clip(r, "b")), lean});
  EXPECT_EQ(ErrorOf(r),
            "node 'layers' (layers): layer 1 'lean' reference: made for 3 joints, "
            "the skeleton has 4");
  anim::GraphDefinition w(skeleton);
  w.SetLayers({anim_test::MakeLayer("base", Clip(w, "b"), anim::FloatInput{7})});
  EXPECT_TRUE(Contains(ErrorOf(w), "layer 0 'base' weight: reads parameter 7"));
}

TEST_F(GraphDefinitionTest, AnAnimationGraphThatDoesNotValidateShowsTheRestPoseAndSaysWhy) {
  anim::AnimationGraph g(skeleton);
  const int t = g.Params().Add("t", anim::ParamType::kFloat);
  auto* a = g.Add<anim::ClipNode>("a", skeleton, ramp);
  auto* b = g.Add<anim::ClipNode>("b", skeleton, ramp);
  auto* mix = g.Add<anim::Blend2Node>("mix", skeleton, a, b, anim::FloatInput{t + 1});
  g.SetRoot(mix);
  g.Update(0.5f);
  EXPECT_EQ(g.Error(), "node 'mix' (blend2): t: reads parameter 1, but the graph has 1 parameters");
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    EXPECT_EQ(g.SoaOutput().Local(j).translation, skeleton.RestPose().Local(j).translation);
  }
  // Declaring the parameter makes it valid: the next update plays (x = t at 0.25 s).
  g.Params().Add("u", anim::ParamType::kFloat);
  g.Update(0.25f);
  EXPECT_EQ(g.Error(), "");
  EXPECT_NEAR(g.SoaOutput().Local(0).translation.x, 0.25f, 1e-6f);
}

// Inputs 0 and 1 clips, input 2 a mirror of a subtract of two clips, all
// weighted: with three inputs mixed, input i writes into a scratch pose
// with i below it, so input 2's chain holds 3 (the blend's) + 1 (the
// mirror's input) + 2 (the subtract's source and reference) = 6 poses.
TEST_F(GraphDefinitionTest, ScratchDepthIsTheDeepestChainAFrameHolds) {
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(legs, &error)) << error;
  anim::GraphDefinition g(legs);
  auto* a = g.Add<anim::ClipNode>("a", legs, spin);
  auto* b = g.Add<anim::ClipNode>("b", legs, spin);
  auto* source = g.Add<anim::ClipNode>("source", legs, spin);
  auto* reference = g.Add<anim::SingleFrameNode>("reference", legs, spin, 0.0f);
  auto* difference = g.Add<anim::SubtractNode>("difference", legs, source, reference);
  auto* mirror = g.Add<anim::MirrorNode>("mirror", legs, difference, map);
  g.SetRoot(
      g.Add<anim::BlendNNode>("mix", legs, std::vector<anim::Node*>{a, b, mirror},
                              std::vector<anim::FloatInput>{{-1, 1.0f}, {-1, 1.0f}, {-1, 1.0f}}));
  ASSERT_EQ(g.Validate(), "");
  EXPECT_EQ(g.ScratchDepth(), 6);
  EXPECT_EQ(g.BlendFanIn(), 3);
  std::optional<anim::GraphInstance> instance = anim::GraphInstance::Create(g, &error);
  ASSERT_TRUE(instance) << error;
  anim::GraphScratch scratch(g);
  anim::SoaPose out(legs.RestPose());
  anim::MotionDelta motion;
  EXPECT_TRUE(instance->Update(0.1f, scratch, out, motion));
  EXPECT_EQ(scratch.Deepest(), 6) << "the frame reaches the bound";
  EXPECT_EQ(scratch.InUse(), 0) << "every pose taken was given back";
  // One pose short: the frame is refused and shows the rest pose.
  anim::GraphScratch short_scratch;
  anim::GraphDefinition five(legs);
  auto* c = five.Add<anim::ClipNode>("c", legs, spin);
  auto* m = five.Add<anim::MirrorNode>("m", legs, c, map);
  auto* m2 = five.Add<anim::MirrorNode>("m2", legs, m, map);
  five.SetRoot(five.Add<anim::MirrorNode>("m3", legs, m2, map));
  short_scratch.Reserve(five);  // 3 poses
  EXPECT_EQ(five.ScratchDepth(), 3);
  EXPECT_EQ(short_scratch.Capacity(), 3);
  EXPECT_FALSE(instance->Update(0.1f, short_scratch, out, motion));
  EXPECT_TRUE(short_scratch.Overflowed());
  EXPECT_EQ(out.Local(1).translation, legs.RestPose().Local(1).translation);
}

// Two instances of one definition: what one does (its parameters, its
// clock, its state machine) leaves the other as it was.
TEST_F(GraphDefinitionTest, InstancesShareNothingButTheDefinition) {
  const int go = d.Params().Add("go", anim::ParamType::kTrigger);
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.conditions = {{go, anim::CompareOp::kTriggered}};
  t.duration = 0.0f;
  auto* sm = d.Add<anim::StateMachineNode>(
      "sm", skeleton, std::vector<anim::State>{{"A", Clip(d, "a")}, {"B", Clip(d, "b")}},
      std::vector<anim::Transition>{t});
  d.SetRoot(sm);
  std::string error;
  std::optional<anim::GraphInstance> one = anim::GraphInstance::Create(d, &error);
  std::optional<anim::GraphInstance> two = anim::GraphInstance::Create(d, &error);
  ASSERT_TRUE(one && two) << error;
  anim::GraphScratch scratch(d);
  anim::SoaPose out_one(skeleton.RestPose()), out_two(skeleton.RestPose());
  anim::MotionDelta motion;
  ASSERT_TRUE(one->Update(0.25f, scratch, out_one, motion));
  ASSERT_TRUE(two->Update(0.5f, scratch, out_two, motion));
  one->Params().Fire(go);
  ASSERT_TRUE(one->Update(0.125f, scratch, out_one, motion));
  ASSERT_TRUE(two->Update(0.125f, scratch, out_two, motion));
  EXPECT_EQ(sm->ActiveState(one->Context()), 1);
  EXPECT_EQ(sm->ActiveState(two->Context()), 0) << "the trigger was fired on the other one";
  // B entered at 0 and played 0.125 s; A played 0.625 s: x = t on ramp.
  EXPECT_NEAR(out_one.Local(0).translation.x, 0.125f, 1e-6f);
  EXPECT_NEAR(out_two.Local(0).translation.x, 0.625f, 1e-6f);
  EXPECT_EQ(two->Params().Get(go), 0.0f);
}

}  // namespace
