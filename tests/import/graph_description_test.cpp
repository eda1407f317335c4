// The graph description loader builds what the file says: the example file
// for the mannequin gives, frame after frame, exactly the pose and motion of
// the same graph built by hand in C++; small descriptions give the poses the
// anim/ primitives give directly (Blend, Add, BlendWeighted with a mask
// worked out by hand); conditions map to the right comparisons.
#include <gtest/gtest.h>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/state_machine.h"
#include "anim/offline/pose.h"
#include "graph_description_test_util.h"
#include "tests/support/graph_pose.h"
#include "tests/support/pose_sampling.h"

namespace {

using namespace anim;
using graph_test::ClipNamed;
using graph_test::MakeTransition;
using graph_test::Mannequin;
using graph_test::PoseDifference;

constexpr float kDt = 1.0f / 60.0f;

std::unique_ptr<AnimationGraph> LoadOk(const std::string& json) {
  std::string error;
  auto graph = LoadAnimationGraphFromText(json, "test.json", Mannequin(), &error);
  EXPECT_NE(graph, nullptr) << error;
  return graph;
}

TEST(GraphDescription, ExampleLoadsWithWhatItDeclares) {
  std::string error;
  auto graph = LoadAnimationGraph(graph_test::kExamplePath, Mannequin(), &error);
  ASSERT_NE(graph, nullptr) << error;
  EXPECT_TRUE(error.empty());

  const ParameterSet& p = graph->Params();
  ASSERT_EQ(p.Count(), 6);
  EXPECT_EQ(p.Name(0), "speed");
  EXPECT_EQ(p.Type(0), ParamType::kFloat);
  EXPECT_EQ(p.Type(1), ParamType::kTrigger);
  EXPECT_EQ(p.Name(2), "grounded");
  EXPECT_EQ(p.Type(2), ParamType::kBool);
  EXPECT_EQ(p.Get(2), 1.0f);  // "default": true
  EXPECT_EQ(graph->NodeCount(), 10);

  auto* locomotion = dynamic_cast<BlendSpace1DNode*>(graph->FindNode("locomotion"));
  ASSERT_NE(locomotion, nullptr);
  ASSERT_EQ(locomotion->Space().PointCount(), 3);
  EXPECT_EQ(locomotion->Space().Position(0), 0.0f);
  EXPECT_EQ(locomotion->Space().Position(1), 1.4f);  // Walk's extras.speed
  EXPECT_EQ(locomotion->Space().Position(2), 3.5f);  // Run's
  EXPECT_TRUE(locomotion->Synchronised());

  auto* body = dynamic_cast<StateMachineNode*>(graph->FindNode("body"));
  ASSERT_NE(body, nullptr);
  ASSERT_EQ(body->StateCount(), 2);
  EXPECT_EQ(body->StateAt(1).name, "air");
  EXPECT_EQ(body->StateAt(1).node, graph->FindNode("jump"));
  ASSERT_EQ(body->Transitions().size(), 2u);
  const Transition& land = body->Transitions()[1];
  EXPECT_EQ(land.from, 1);
  EXPECT_EQ(land.to, 0);
  EXPECT_EQ(land.exit_begin, 0.85f);
  EXPECT_EQ(land.exit_end, 1.0f);
  EXPECT_EQ(land.duration, 0.3f);
  EXPECT_EQ(land.ease.kind, EaseKind::kBezier);  // ease_in_out: (0, 0, 1, 1)
  EXPECT_EQ(land.ease.b1, 0.0f);
  EXPECT_EQ(land.ease.b2, 1.0f);

  const LayerStack* layers = graph->Layers();
  ASSERT_NE(layers, nullptr);
  ASSERT_EQ(layers->LayerCount(), 3);
  const Layer& upper = layers->LayerAt(1);
  EXPECT_EQ(upper.priority, 1);
  EXPECT_EQ(upper.weight.param, p.Find("punch_weight"));
  ASSERT_TRUE(upper.mask.has_value());
  // "root": "Spine", "falloff": 2: a joint d levels below Spine gets
  // min(1, (d + 1) / 3), joints outside Spine's subtree 0.
  const Skeleton& sk = Mannequin().skeleton;
  EXPECT_FLOAT_EQ(upper.mask->weights[sk.FindJoint("Spine")], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(upper.mask->weights[sk.FindJoint("Spine1")], 2.0f / 3.0f);
  EXPECT_EQ(upper.mask->weights[sk.FindJoint("Spine2")], 1.0f);
  EXPECT_EQ(upper.mask->weights[sk.FindJoint("RightHand")], 1.0f);
  EXPECT_EQ(upper.mask->weights[sk.FindJoint("Hips")], 0.0f);
  EXPECT_EQ(upper.mask->weights[sk.FindJoint("LeftFoot")], 0.0f);
  const Layer& lean = layers->LayerAt(2);
  EXPECT_TRUE(lean.additive);
  ASSERT_TRUE(lean.reference.has_value());
  // "first_frame": Lean_Left sampled at its start over the rest pose.
  Pose first = anim::RestPoseOf(sk);
  test_support::SampleInto(ClipNamed("Lean_Left"), first, ClipNamed("Lean_Left").StartTime(),
                           LoopMode::kClamp);
  EXPECT_EQ(PoseDifference(anim::AsPose(sk, *lean.reference), first), 0.0f);
}

// The example, built by hand with the graph API.
std::unique_ptr<AnimationGraph> HandBuiltExample() {
  const Skeleton& sk = Mannequin().skeleton;
  auto g = std::make_unique<AnimationGraph>(sk);
  ParameterSet& p = g->Params();
  const int speed = p.Add("speed", ParamType::kFloat, 0.0f);
  const int jump_trigger = p.Add("jump", ParamType::kTrigger);
  const int grounded = p.Add("grounded", ParamType::kBool, 1.0f);
  const int punch = p.Add("punch", ParamType::kTrigger);
  const int punch_weight = p.Add("punch_weight", ParamType::kFloat, 0.0f);
  const int lean = p.Add("lean", ParamType::kFloat, 0.0f);

  ClipNodeOptions moving;
  moving.root_motion = true;
  moving.root_joint = sk.FindJoint("Hips");
  ClipNodeOptions clamp;
  clamp.loop = LoopMode::kClamp;
  Node* idle = g->Add<ClipNode>("idle", sk, ClipNamed("Idle"));
  Node* walk = g->Add<ClipNode>("walk", sk, ClipNamed("Walk"), moving);
  Node* run = g->Add<ClipNode>("run", sk, ClipNamed("Run"), moving);
  BlendSpace1D space;
  const float positions[] = {0.0f, 1.4f, 3.5f};
  EXPECT_TRUE(space.Build(positions, nullptr));
  Node* locomotion = g->Add<BlendSpace1DNode>("locomotion", sk, std::vector<Node*>{idle, walk, run},
                                              space, FloatInput{speed}, true);
  Node* jump = g->Add<ClipNode>("jump", sk, ClipNamed("Jump"), clamp);

  const Transition take_off = MakeTransition(
      0, 1, {{jump_trigger, CompareOp::kTriggered}, {grounded, CompareOp::kIsTrue}}, 0.15f);
  Transition land = MakeTransition(1, 0, {{grounded, CompareOp::kIsTrue}}, 0.3f);
  land.exit_begin = 0.85f;
  land.exit_end = 1.0f;
  land.ease = EaseCurve::EaseInOut();
  Node* body = g->Add<StateMachineNode>(
      "body", sk, std::vector<State>{{"locomotion", locomotion}, {"air", jump}},
      std::vector<Transition>{take_off, land}, 0);

  Node* guard = g->Add<SingleFrameNode>("guard", sk, ClipNamed("Punch"), 0.0f);
  Node* jab = g->Add<ClipNode>("jab", sk, ClipNamed("Punch"), clamp);
  const Transition strike = MakeTransition(0, 1, {{punch, CompareOp::kTriggered}}, 0.1f);
  Transition recover = MakeTransition(1, 0, {}, 0.2f);
  recover.exit_begin = 1.0f;
  recover.exit_end = 1.0f;
  Transition again = MakeTransition(1, 1, {{punch, CompareOp::kTriggered}}, 0.1f);
  again.exit_begin = 0.6f;
  again.exit_end = 1.0f;
  again.mode = TransitionMode::kFrozen;
  Node* arms =
      g->Add<StateMachineNode>("arms", sk, std::vector<State>{{"ready", guard}, {"punching", jab}},
                               std::vector<Transition>{strike, recover, again}, 0);
  const Clip& lean_clip = ClipNamed("Lean_Left");
  Node* lean_node = g->Add<ClipNode>("lean_clip", sk, lean_clip, clamp);

  std::vector<Layer> layers(3);
  layers[0].name = "body";
  layers[0].root = body;
  layers[1].name = "upper_body";
  layers[1].root = arms;
  layers[1].priority = 1;
  layers[1].weight = FloatInput{punch_weight};
  layers[1].mask = MakeMaskFromRoot(sk, sk.FindJoint("Spine"), 2);
  layers[2].name = "lean";
  layers[2].root = lean_node;
  layers[2].additive = true;
  layers[2].weight = FloatInput{lean};
  layers[2].reference = MakeAdditivePose(sk, lean_clip);
  g->SetLayers(std::move(layers));
  return g;
}

TEST(GraphDescription, ExampleGivesTheSamePosesAsTheGraphBuiltByHand) {
  std::string error;
  auto loaded = LoadAnimationGraph(graph_test::kExamplePath, Mannequin(), &error);
  ASSERT_NE(loaded, nullptr) << error;
  auto hand = HandBuiltExample();
  auto* hand_body = dynamic_cast<StateMachineNode*>(hand->FindNode("body"));
  auto* hand_arms = dynamic_cast<StateMachineNode*>(hand->FindNode("arms"));
  auto* body = dynamic_cast<StateMachineNode*>(loaded->FindNode("body"));
  auto* arms = dynamic_cast<StateMachineNode*>(loaded->FindNode("arms"));
  ASSERT_TRUE(hand_body && hand_arms && body && arms);

  bool was_in_air = false, was_punching = false, moved = false;
  float worst = 0.0f;
  for (int frame = 0; frame < 360; ++frame) {
    // One input script for both: speed ramps up past Run, a punch at 0.5 s
    // and a second one inside its window, a jump at 2 s with the ground
    // lost for a while, a lean from 1 s.
    for (AnimationGraph* g : {loaded.get(), hand.get()}) {
      ParameterSet& p = g->Params();
      p.Set("speed", std::min(4.0f, frame * kDt * 1.5f));
      p.Set("punch_weight", frame >= 20 ? 1.0f : 0.0f);
      p.Set("lean", frame >= 60 ? 0.5f : 0.0f);
      p.Set("grounded", frame >= 125 && frame < 170 ? 0.0f : 1.0f);
      if (frame == 30 || frame == 72 || frame == 300) p.Fire("punch");
      if (frame == 120) p.Fire("jump");
      g->Update(kDt);
    }
    worst = std::max(
        worst, PoseDifference(test_support::GraphPose(*loaded), test_support::GraphPose(*hand)));
    ASSERT_EQ(body->ActiveState(loaded->Context()), hand_body->ActiveState(hand->Context()))
        << "frame " << frame;
    ASSERT_EQ(arms->ActiveState(loaded->Context()), hand_arms->ActiveState(hand->Context()))
        << "frame " << frame;
    EXPECT_EQ(loaded->Motion().translation, hand->Motion().translation) << "frame " << frame;
    EXPECT_EQ(loaded->Motion().yaw, hand->Motion().yaw) << "frame " << frame;
    was_in_air = was_in_air || body->ActiveState(loaded->Context()) == 1;
    was_punching = was_punching || arms->ActiveState(loaded->Context()) == 1;
    moved = moved || glm::length(loaded->Motion().translation) > 0.0f;
  }
  EXPECT_EQ(worst, 0.0f);
  // The script reached what it was written to reach.
  EXPECT_TRUE(was_in_air);
  EXPECT_TRUE(was_punching);
  EXPECT_TRUE(moved);
}

TEST(GraphDescription, Blend2EqualsBlendOfTheTwoSampledClips) {
  auto graph = LoadOk(R"({
    "parameters": [{"name": "w", "type": "float", "default": 0.3}],
    "nodes": {
      "walk": {"type": "clip", "clip": "Walk"},
      "run": {"type": "clip", "clip": "Run"},
      "mix": {"type": "blend2", "inputs": ["walk", "run"], "weight": "w"}
    },
    "root": "mix"
  })");
  ASSERT_NE(graph, nullptr);
  const Skeleton& sk = Mannequin().skeleton;
  const Clip& walk = ClipNamed("Walk");
  const Clip& run = ClipNamed("Run");
  SoaPose a = sk.RestPose(), b = a, expected = a;
  double time = 0.0;
  float w = 0.3f;
  for (int frame = 1; frame <= 90; ++frame) {  // past Run's wrap at 0.7 s
    if (frame == 45) {
      w = 0.8f;
      graph->Params().Set("w", w);
    }
    graph->Update(kDt);
    time += kDt;
    a.CopyFrom(sk.RestPose());
    b.CopyFrom(sk.RestPose());
    walk.Sample(a, walk.StartTime() + static_cast<float>(time), LoopMode::kLoop);
    run.Sample(b, run.StartTime() + static_cast<float>(time), LoopMode::kLoop);
    Blend(expected, a, b, w);
    ASSERT_LT(PoseDifference(test_support::GraphPose(*graph), AsPose(sk, expected)), 2e-6f)
        << "frame " << frame;
  }
}

TEST(GraphDescription, AdditiveFirstFrameEqualsAddWithTheClipsFirstFrame) {
  auto graph = LoadOk(R"({
    "nodes": {
      "idle": {"type": "clip", "clip": "Idle"},
      "lean": {"type": "clip", "clip": "Lean_Left", "loop": "clamp"},
      "leaning": {"type": "additive", "base": "idle", "additive": "lean",
                  "reference": "first_frame", "weight": 0.6}
    },
    "root": "leaning"
  })");
  ASSERT_NE(graph, nullptr);
  const Skeleton& sk = Mannequin().skeleton;
  const Clip& idle = ClipNamed("Idle");
  const Clip& lean = ClipNamed("Lean_Left");
  SoaPose base = sk.RestPose();  // the first frame, sampled by hand
  lean.Sample(base, lean.StartTime(), LoopMode::kClamp);
  for (int frame = 1; frame <= 80; ++frame) {
    graph->Update(kDt);
    const float t = frame * kDt;
    SoaPose in = sk.RestPose(), add = in, expected = in;
    idle.Sample(in, idle.StartTime() + t, LoopMode::kLoop);
    lean.Sample(add, lean.StartTime() + t, LoopMode::kClamp);
    Add(expected, in, add, base, 0.6f);
    ASSERT_LT(PoseDifference(test_support::GraphPose(*graph), AsPose(sk, expected)), 2e-6f)
        << "frame " << frame;
  }
}

TEST(GraphDescription, FeatherBlendUsesTheMaskOfTheNamedRootAndFalloff) {
  auto graph = LoadOk(R"({
    "nodes": {
      "walk": {"type": "clip", "clip": "Walk"},
      "punch": {"type": "clip", "clip": "Punch"},
      "upper": {"type": "feather_blend", "base": "walk", "over": "punch",
                "mask": {"root": "Spine", "falloff": 2}, "weight": 0.75}
    },
    "root": "upper"
  })");
  ASSERT_NE(graph, nullptr);
  const Skeleton& sk = Mannequin().skeleton;
  // The mask by hand: depth below Spine d gives min(1, (d + 1) / 3).
  const int spine = sk.FindJoint("Spine");
  std::vector<float> mask(sk.JointCount(), 0.0f);
  for (int j = 0; j < sk.JointCount(); ++j) {
    int d = 0;
    for (int k = j; k >= 0; k = sk.Parent(k), ++d) {
      if (k == spine) {
        mask[j] = std::min(1.0f, (d + 1) / 3.0f);
        break;
      }
    }
  }
  for (int frame = 1; frame <= 40; ++frame) {
    graph->Update(kDt);
    const float t = frame * kDt;
    SoaPose a = sk.RestPose(), b = a, expected = a;
    ClipNamed("Walk").Sample(a, t, LoopMode::kLoop);
    ClipNamed("Punch").Sample(b, t, LoopMode::kLoop);
    BlendWeighted(expected, a, b, 0.75f, mask);
    ASSERT_LT(PoseDifference(test_support::GraphPose(*graph), AsPose(sk, expected)), 2e-6f)
        << "frame " << frame;
  }
}

TEST(GraphDescription, ConditionsMapToComparisons) {
  auto graph = LoadOk(R"({
    "parameters": [{"name": "speed", "type": "float"}, {"name": "jump", "type": "trigger"},
                   {"name": "grounded", "type": "bool"}],
    "nodes": {
      "a": {"type": "clip", "clip": "Idle"},
      "b": {"type": "clip", "clip": "Walk"},
      "fsm": {"type": "state_machine", "states": [{"name": "s", "node": "a"}, {"name": "t", "node": "b"}],
              "transitions": [{"from": "*", "to": "t", "allow_self": true, "interrupt": "source",
                               "when": ["speed >= 1.5", " speed!=2 ", "!grounded", "jump", "grounded",
                                        "speed<-0.25", "speed == 3e-1", "speed>4", "speed <= 5"]}]}
    },
    "root": "fsm"
  })");
  ASSERT_NE(graph, nullptr);
  auto* fsm = dynamic_cast<StateMachineNode*>(graph->FindNode("fsm"));
  ASSERT_NE(fsm, nullptr);
  EXPECT_EQ(fsm->DefaultState(), 0);  // no "default": the first state
  ASSERT_EQ(fsm->Transitions().size(), 1u);
  const Transition& t = fsm->Transitions()[0];
  EXPECT_EQ(t.from, Transition::kAnyState);
  EXPECT_EQ(t.to, 1);
  EXPECT_TRUE(t.allow_self);
  EXPECT_EQ(t.interrupt, InterruptRule::kSource);
  EXPECT_EQ(t.duration, 0.2f);  // defaults
  EXPECT_EQ(t.ease.kind, EaseKind::kSmoothStep);
  EXPECT_LT(t.exit_begin, 0.0f);
  struct Expected {
    int param;
    CompareOp op;
    float value;
  };
  const Expected expected[] = {
      {0, CompareOp::kGreaterEqual, 1.5f}, {0, CompareOp::kNotEqual, 2.0f},
      {2, CompareOp::kIsFalse, 0.0f},      {1, CompareOp::kTriggered, 0.0f},
      {2, CompareOp::kIsTrue, 0.0f},       {0, CompareOp::kLess, -0.25f},
      {0, CompareOp::kEqual, 0.3f},        {0, CompareOp::kGreater, 4.0f},
      {0, CompareOp::kLessEqual, 5.0f}};
  ASSERT_EQ(t.conditions.size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    EXPECT_EQ(t.conditions[i].param, expected[i].param) << i;
    EXPECT_EQ(t.conditions[i].op, expected[i].op) << i;
    if (expected[i].op != CompareOp::kIsTrue && expected[i].op != CompareOp::kIsFalse &&
        expected[i].op != CompareOp::kTriggered) {
      EXPECT_EQ(t.conditions[i].value, expected[i].value) << i;
    }
  }
}

TEST(GraphDescription, SingleFrameNodesMayBeSharedButTheyStayOne) {
  auto graph = LoadOk(R"({
    "nodes": {
      "pose": {"type": "single_frame", "clip": "Lean_Left", "phase": 1},
      "walk": {"type": "clip", "clip": "Walk"},
      "run": {"type": "clip", "clip": "Run"},
      "a": {"type": "blend2", "inputs": ["walk", "pose"], "weight": 0.5},
      "b": {"type": "blend2", "inputs": ["pose", "run"], "weight": 0.5},
      "top": {"type": "blend2", "inputs": ["a", "b"], "weight": 0.5}
    },
    "root": "top"
  })");
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(graph->NodeCount(), 6);
}

TEST(GraphDescription, UnreferencedNodesAreBuiltAndChecked) {
  auto graph = LoadOk(R"({
    "nodes": {"idle": {"type": "clip", "clip": "Idle"}, "spare": {"type": "clip", "clip": "Run"}},
    "root": "idle"
  })");
  ASSERT_NE(graph, nullptr);
  EXPECT_NE(graph->FindNode("spare"), nullptr);
}

}  // namespace
