// Every node type and option of the format, loaded and built by hand: the
// two graphs must give the same pose every frame under one input script.
// Together with graph_description_test.cpp this covers each field the
// loader maps (a field read into the wrong option shows as a difference).
#include <gtest/gtest.h>

#include "anim/blending/additive.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "anim/graph/state_machine.h"
#include "graph_description_test_util.h"
#include "tests/support/graph_pose.h"

namespace {

using namespace anim;
using graph_test::ClipNamed;
using graph_test::Mannequin;
using graph_test::PoseDifference;

constexpr const char* kEveryNode = R"({
  "parameters": [
    {"name": "rate", "type": "float", "default": 1},
    {"name": "x", "type": "float", "default": 0},
    {"name": "y", "type": "float", "default": 0},
    {"name": "pick", "type": "float", "default": 0},
    {"name": "wa", "type": "float", "default": 1},
    {"name": "go", "type": "trigger"}
  ],
  "nodes": {
    "walk": {"type": "clip", "clip": "Walk", "rate": "rate"},
    "run": {"type": "clip", "clip": "Run", "loop": "ping_pong", "rate": 0.8},
    "idle": {"type": "clip", "clip": "Idle", "loop": "clamp"},
    "jump": {"type": "clip", "clip": "Jump"},
    "grid": {"type": "blend_space_2d", "x": "x", "y": "y", "mode": "grid", "sync": false,
             "inputs": [{"node": "walk", "position": [0, 0]}, {"node": "run", "position": [1, 0]},
                        {"node": "idle", "position": [0, 1]}, {"node": "jump", "position": [1, 1]}]},
    "walk2": {"type": "clip", "clip": "Walk"},
    "run2": {"type": "clip", "clip": "Run"},
    "idle2": {"type": "clip", "clip": "Idle"},
    "tri": {"type": "blend_space_2d", "x": "x", "y": "y",
            "inputs": [{"node": "walk2", "position": [0, "speed"]}, {"node": "run2", "position": [1, "speed"]},
                       {"node": "idle2", "position": [0.5, 0]}]},
    "punch": {"type": "clip", "clip": "Punch"},
    "idle3": {"type": "clip", "clip": "Idle"},
    "mix": {"type": "blend_n", "sync": true,
            "inputs": [{"node": "punch", "weight": "wa"}, {"node": "idle3", "weight": 0.5}]},
    "look": {"type": "clip", "clip": "Look"},
    "look_rest": {"type": "single_frame", "clip": "Look", "phase": 0},
    "look_diff": {"type": "subtract", "source": "look", "reference": "look_rest"},
    "looking": {"type": "additive", "base": "mix", "additive": "look_diff", "reference": "difference",
                "weight": 0.7},
    "switch": {"type": "cross_fade", "inputs": ["grid", "tri", "looking"], "selector": "pick",
               "duration": 0.4, "ease": [0.1, 0.9], "mode": "frozen", "match_phase": true},
    "lean": {"type": "clip", "clip": "Lean_Left", "loop": "clamp"},
    "lean_pose": {"type": "single_frame", "clip": "Lean_Left", "phase": 0},
    "lean_diff": {"type": "subtract", "source": "lean", "reference": "lean_pose"},
    "fsm": {"type": "state_machine", "default": "b",
            "states": [{"name": "a", "node": "switch"}, {"name": "b", "node": "lean_diff"}],
            "transitions": [{"from": "b", "to": "a", "when": "go", "duration": 0.25, "ease": "linear",
                             "interrupt": "destination", "start_phase": 0.5},
                            {"from": "*", "to": "b", "when": ["go", "x > 0.9"], "ease": "ease_out",
                             "mode": "frozen", "match_phase": true}]}
  },
  "layers": [
    {"name": "main", "node": "fsm", "weight": 0.9,
     "mask": {"weights": {"Hips": 1, "Spine": 0.5, "LeftArm": 0.25}}},
    {"name": "extra", "node": "idle_top"},
    {"name": "mirrored", "node": "mirrored", "weight": 0.3, "priority": 2}
  ]
})";

// Nodes listed after their users, to show order does not matter.
std::string Description() {
  std::string text = kEveryNode;
  const std::string marker = R"("lean": {)";
  text.insert(text.find(marker), R"("idle_top": {"type": "clip", "clip": "Idle"},
    "mirrored": {"type": "mirror", "input": "run3", "axis": "x"},
    "run3": {"type": "clip", "clip": "Run"}, )");
  return text;
}

std::unique_ptr<AnimationGraph> HandBuilt() {
  const Skeleton& sk = Mannequin().skeleton;
  auto g = std::make_unique<AnimationGraph>(sk);
  ParameterSet& p = g->Params();
  const int rate = p.Add("rate", ParamType::kFloat, 1.0f);
  const int x = p.Add("x", ParamType::kFloat);
  const int y = p.Add("y", ParamType::kFloat);
  const int pick = p.Add("pick", ParamType::kFloat);
  const int wa = p.Add("wa", ParamType::kFloat, 1.0f);
  const int go = p.Add("go", ParamType::kTrigger);

  ClipNodeOptions walk_opts;
  walk_opts.rate = FloatInput{rate};
  ClipNodeOptions run_opts;
  run_opts.loop = LoopMode::kPingPong;
  run_opts.rate = FloatInput{-1, 0.8f};
  ClipNodeOptions clamp;
  clamp.loop = LoopMode::kClamp;
  Node* walk = g->Add<ClipNode>("walk", sk, ClipNamed("Walk"), walk_opts);
  Node* run = g->Add<ClipNode>("run", sk, ClipNamed("Run"), run_opts);
  Node* idle = g->Add<ClipNode>("idle", sk, ClipNamed("Idle"), clamp);
  Node* jump = g->Add<ClipNode>("jump", sk, ClipNamed("Jump"));
  BlendSpace2D grid_space;
  const glm::vec2 grid_points[] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  EXPECT_TRUE(grid_space.BuildGrid(grid_points, nullptr));
  Node* grid = g->Add<BlendSpace2DNode>("grid", sk, std::vector<Node*>{walk, run, idle, jump},
                                        grid_space, FloatInput{x}, FloatInput{y}, false);
  Node* walk2 = g->Add<ClipNode>("walk2", sk, ClipNamed("Walk"));
  Node* run2 = g->Add<ClipNode>("run2", sk, ClipNamed("Run"));
  Node* idle2 = g->Add<ClipNode>("idle2", sk, ClipNamed("Idle"));
  BlendSpace2D tri_space;
  const glm::vec2 tri_points[] = {{0, 1.4f}, {1, 3.5f}, {0.5f, 0}};
  EXPECT_TRUE(tri_space.Build(tri_points, nullptr));
  Node* tri = g->Add<BlendSpace2DNode>("tri", sk, std::vector<Node*>{walk2, run2, idle2}, tri_space,
                                       FloatInput{x}, FloatInput{y}, true);
  Node* punch = g->Add<ClipNode>("punch", sk, ClipNamed("Punch"));
  Node* idle3 = g->Add<ClipNode>("idle3", sk, ClipNamed("Idle"));
  Node* mix =
      g->Add<BlendNNode>("mix", sk, std::vector<Node*>{punch, idle3},
                         std::vector<FloatInput>{FloatInput{wa}, FloatInput{-1, 0.5f}}, true);
  Node* look = g->Add<ClipNode>("look", sk, ClipNamed("Look"));
  Node* look_rest = g->Add<SingleFrameNode>("look_rest", sk, ClipNamed("Look"), 0.0f);
  Node* look_diff = g->Add<SubtractNode>("look_diff", sk, look, look_rest);
  Node* looking =
      g->Add<AdditiveNode>("looking", sk, mix, look_diff, std::nullopt, FloatInput{-1, 0.7f});
  CrossFadeNodeOptions fade;
  fade.duration = 0.4f;
  fade.ease = EaseCurve::Bezier(0.1f, 0.9f);
  fade.mode = TransitionMode::kFrozen;
  fade.match_phase = true;
  Node* sw = g->Add<CrossFadeNode>("switch", sk, std::vector<Node*>{grid, tri, looking},
                                   FloatInput{pick}, fade);
  Node* idle_top = g->Add<ClipNode>("idle_top", sk, ClipNamed("Idle"));
  Node* lean = g->Add<ClipNode>("lean", sk, ClipNamed("Lean_Left"), clamp);
  Node* lean_pose = g->Add<SingleFrameNode>("lean_pose", sk, ClipNamed("Lean_Left"), 0.0f);
  Node* lean_diff = g->Add<SubtractNode>("lean_diff", sk, lean, lean_pose);
  Transition to_a = graph_test::MakeTransition(1, 0, {{go, CompareOp::kTriggered}}, 0.25f);
  to_a.ease = EaseCurve::Linear();
  to_a.interrupt = InterruptRule::kDestination;
  to_a.start_phase = 0.5f;
  Transition to_b = graph_test::MakeTransition(
      Transition::kAnyState, 1, {{go, CompareOp::kTriggered}, {x, CompareOp::kGreater, 0.9f}},
      Transition{}.duration);
  to_b.ease = EaseCurve::EaseOut();
  to_b.mode = TransitionMode::kFrozen;
  to_b.match_phase = true;
  Node* fsm = g->Add<StateMachineNode>("fsm", sk, std::vector<State>{{"a", sw}, {"b", lean_diff}},
                                       std::vector<Transition>{to_a, to_b}, 1);
  std::vector<float> mask(sk.JointCount(), 0.0f);
  mask[sk.FindJoint("Hips")] = 1.0f;
  mask[sk.FindJoint("Spine")] = 0.5f;
  mask[sk.FindJoint("LeftArm")] = 0.25f;
  std::vector<Layer> layers(3);
  layers[0].name = "main";
  layers[0].root = fsm;
  layers[0].weight = FloatInput{-1, 0.9f};
  layers[0].mask = MakeMaskFromWeights(sk, mask);
  layers[1].name = "extra";
  layers[1].root = idle_top;
  MirrorMap map;
  EXPECT_TRUE(map.Build(sk, nullptr));
  Node* run3 = g->Add<ClipNode>("run3", sk, ClipNamed("Run"));
  layers[2].name = "mirrored";
  layers[2].root = g->Add<MirrorNode>("mirrored", sk, run3, std::move(map));
  layers[2].weight = FloatInput{-1, 0.3f};
  layers[2].priority = 2;
  g->SetLayers(std::move(layers));
  return g;
}

TEST(GraphDescriptionNodes, EveryNodeTypeMatchesTheGraphBuiltByHand) {
  std::string error;
  auto loaded = LoadAnimationGraphFromText(Description(), "every_node.json", Mannequin(), &error);
  ASSERT_NE(loaded, nullptr) << error;
  auto hand = HandBuilt();
  ASSERT_EQ(loaded->NodeCount(), hand->NodeCount());
  auto* fsm = dynamic_cast<StateMachineNode*>(loaded->FindNode("fsm"));
  auto* sw = dynamic_cast<CrossFadeNode*>(loaded->FindNode("switch"));
  ASSERT_TRUE(fsm && sw);
  // Options a short script may not reach, checked field by field.
  ASSERT_EQ(fsm->Transitions().size(), 2u);
  const Transition& to_a = fsm->Transitions()[0];
  EXPECT_EQ(to_a.interrupt, InterruptRule::kDestination);
  EXPECT_EQ(to_a.start_phase, 0.5f);
  EXPECT_EQ(to_a.ease.kind, EaseKind::kLinear);
  const Transition& to_b = fsm->Transitions()[1];
  EXPECT_EQ(to_b.from, Transition::kAnyState);
  EXPECT_EQ(to_b.mode, TransitionMode::kFrozen);
  EXPECT_TRUE(to_b.match_phase);
  EXPECT_EQ(to_b.ease.kind, EaseKind::kBezier);  // ease_out: (0, 1/3, 1, 1)
  EXPECT_FLOAT_EQ(to_b.ease.b1, 1.0f / 3.0f);
  EXPECT_EQ(to_b.ease.b2, 1.0f);
  EXPECT_EQ(fsm->DefaultState(), 1);
  float worst = 0.0f;
  bool visited_a = false, used_any_state = false;
  int targets_seen = 0;
  for (int frame = 0; frame < 400; ++frame) {
    const float t = frame / 60.0f;
    for (AnimationGraph* g : {loaded.get(), hand.get()}) {
      ParameterSet& p = g->Params();
      p.Set("rate", 1.0f + 0.5f * std::sin(t));
      p.Set("x", 0.5f + 0.5f * std::sin(1.3f * t));
      p.Set("y", 1.5f + 1.5f * std::cos(0.7f * t));
      p.Set("pick", static_cast<float>((frame / 60) % 3));
      p.Set("wa", 0.5f + 0.5f * std::cos(t));
      if (frame % 97 == 10 || frame == 72) p.Fire("go");  // at 72, x > 0.9
      g->Update(1.0f / 60.0f);
    }
    worst = std::max(
        worst, PoseDifference(test_support::GraphPose(*loaded), test_support::GraphPose(*hand)));
    visited_a = visited_a || fsm->ActiveState(loaded->Context()) == 0;
    targets_seen |= 1 << sw->Target(loaded->Context());
    used_any_state = used_any_state || fsm->ActiveTransition(loaded->Context()) == 1;
  }
  EXPECT_EQ(worst, 0.0f);
  EXPECT_TRUE(visited_a);
  EXPECT_TRUE(used_any_state);  // the "*" transition (frozen, ease_out, match_phase) ran
  EXPECT_EQ(targets_seen, 7);   // every input of the cross-fade was selected
}

}  // namespace
