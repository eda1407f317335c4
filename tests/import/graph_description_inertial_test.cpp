// The "inertial" transition mode in graph descriptions: a cross-fade node
// and a state machine transition that use it load into the same graph as
// one built by hand, and run as inertializations (not fades).
#include <cmath>

#include <gtest/gtest.h>

#include "anim/graph/animation_graph.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "graph_description_test_util.h"
#include "tests/support/graph_pose.h"

namespace {

using namespace anim;
using graph_test::ClipNamed;
using graph_test::Mannequin;

constexpr const char* kDescription = R"({
  "parameters": [{"name": "pick", "type": "float"}, {"name": "go", "type": "bool"}],
  "nodes": {
    "idle": {"type": "clip", "clip": "Idle"},
    "walk": {"type": "clip", "clip": "Walk"},
    "switch": {"type": "cross_fade", "inputs": ["idle", "walk"], "selector": "pick",
               "duration": 0.3, "mode": "inertial"},
    "run": {"type": "clip", "clip": "Run"},
    "fsm": {"type": "state_machine",
            "states": [{"name": "move", "node": "switch"}, {"name": "run", "node": "run"}],
            "transitions": [{"from": "move", "to": "run", "when": "go", "duration": 0.4,
                             "mode": "inertial"},
                            {"from": "run", "to": "move", "when": "!go", "duration": 0.2,
                             "mode": "inertial"}]}
  },
  "root": "fsm"
})";

std::unique_ptr<AnimationGraph> HandBuilt() {
  const Skeleton& sk = Mannequin().skeleton;
  auto g = std::make_unique<AnimationGraph>(sk);
  const int pick = g->Params().Add("pick", ParamType::kFloat);
  const int go = g->Params().Add("go", ParamType::kBool);
  Node* idle = g->Add<ClipNode>("idle", sk, ClipNamed("Idle"));
  Node* walk = g->Add<ClipNode>("walk", sk, ClipNamed("Walk"));
  CrossFadeNodeOptions fade;
  fade.duration = 0.3f;
  fade.mode = TransitionMode::kInertial;
  Node* sw =
      g->Add<CrossFadeNode>("switch", sk, std::vector<Node*>{idle, walk}, FloatInput{pick}, fade);
  Node* run = g->Add<ClipNode>("run", sk, ClipNamed("Run"));
  Transition to_run = graph_test::MakeTransition(0, 1, {{go, CompareOp::kIsTrue}}, 0.4f);
  to_run.mode = TransitionMode::kInertial;
  Transition to_move = graph_test::MakeTransition(1, 0, {{go, CompareOp::kIsFalse}}, 0.2f);
  to_move.mode = TransitionMode::kInertial;
  Node* fsm = g->Add<StateMachineNode>("fsm", sk, std::vector<State>{{"move", sw}, {"run", run}},
                                       std::vector<Transition>{to_run, to_move}, 0);
  g->SetRoot(fsm);
  return g;
}

TEST(GraphDescriptionInertial, LoadsAndRunsLikeTheGraphBuiltByHand) {
  std::string error;
  auto loaded = LoadAnimationGraphFromText(kDescription, "inertial.json", Mannequin(), &error);
  ASSERT_NE(loaded, nullptr) << error;
  auto hand = HandBuilt();
  auto* fsm = dynamic_cast<StateMachineNode*>(loaded->FindNode("fsm"));
  auto* sw = dynamic_cast<CrossFadeNode*>(loaded->FindNode("switch"));
  ASSERT_TRUE(fsm && sw);
  EXPECT_EQ(fsm->Transitions()[0].mode, TransitionMode::kInertial);
  EXPECT_EQ(fsm->Transitions()[1].mode, TransitionMode::kInertial);
  float worst = 0.0f;
  bool switch_inertialized = false, machine_inertialized = false, faded = false;
  for (int frame = 0; frame < 300; ++frame) {
    for (AnimationGraph* g : {loaded.get(), hand.get()}) {
      g->Params().Set("pick", static_cast<float>((frame / 40) % 2));
      g->Params().Set("go", (frame / 70) % 2 == 1 ? 1.0f : 0.0f);
      g->Update(1.0f / 60.0f);
    }
    worst = std::max(worst, graph_test::PoseDifference(test_support::GraphPose(*loaded),
                                                       test_support::GraphPose(*hand)));
    switch_inertialized |= sw->Inertializing(loaded->Context());
    machine_inertialized |= fsm->Inertializing(loaded->Context());
    faded |= sw->Fading(loaded->Context()) || fsm->Fading(loaded->Context());
  }
  EXPECT_EQ(worst, 0.0f);
  EXPECT_TRUE(switch_inertialized);
  EXPECT_TRUE(machine_inertialized);
  EXPECT_FALSE(faded) << "an inertial transition is not a fade";
}

}  // namespace
