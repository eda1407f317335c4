// A crowd of graph characters (GraphInstances over one shared definition,
// animated by CrowdAnimator) against the same characters each played by a
// whole AnimationGraph of its own, updated alone: same parameters, same
// steps, so every palette and root motion must match, whatever the number
// of workers and the order the caller's parallel-for runs the ranges in.
// The graph has a synchronised blend space with root motion, a state
// machine with smooth, frozen and inertialized transitions fired by a
// trigger, a cross-fade node, a masked upper-body layer and an additive
// layer; each character gets its own speeds, triggers and weights, so a
// state shared between characters or a worker writing another character
// shows as a difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/blending/additive.h"
#include "anim/blending/joint_mask.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/parallel_for.h"
#include "anim/core/parallel_jobs.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_instance.h"
#include "anim/graph/state_machine.h"
#include "tests/anim/graph_fixture.h"
#include "tests/anim/test_rig.h"

namespace {

constexpr int kCrowd = 11;
constexpr float kDt = 1.0f / 60.0f;

struct Rig {
  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::Clip idle = anim_test::MakeSlideClip("idle", 1.3f, 0.0f, 0.2f);
  anim::Clip walk = anim_test::MakeTreadmillClip("walk", 1.0f, 3.0f, 2.0f);
  anim::Clip run = anim_test::MakeTreadmillClip("run", 0.5f, 7.0f, 6.0f);
  anim::Clip jump = anim_test::MakeSpinClip("jump", 1, 90.0f, 0.8f);
  anim::Clip wave = anim_test::MakeSpinClip("wave", 2, -60.0f, 0.7f);
  anim::Clip lean = anim_test::MakeSpinClip("lean", 1, 30.0f, 1.0f);
};

// The parameters, in the order both kinds of graph declare them.
enum Param { kSpeed, kJump, kPick, kUpper, kLean };

// Builds the graph into an AnimationGraph or a GraphDefinition alike.
template <typename G>
void BuildGraph(G& g, const Rig& r) {
  const anim::Skeleton& s = r.skeleton;
  g.Params().Add("speed", anim::ParamType::kFloat);
  g.Params().Add("jump", anim::ParamType::kTrigger);
  g.Params().Add("pick", anim::ParamType::kFloat);
  g.Params().Add("upper", anim::ParamType::kFloat);
  g.Params().Add("lean", anim::ParamType::kFloat);
  anim::ClipNodeOptions moving;
  moving.root_motion = true;
  auto* idle = g.template Add<anim::ClipNode>("idle", s, r.idle);
  auto* walk = g.template Add<anim::ClipNode>("walk", s, r.walk, moving);
  auto* run = g.template Add<anim::ClipNode>("run", s, r.run, moving);
  anim::BlendSpace1D space;
  const std::vector<float> positions{0.0f, 2.0f, 6.0f};
  EXPECT_TRUE(space.Build(positions, nullptr));
  auto* move = g.template Add<anim::BlendSpace1DNode>(
      "move", s, std::vector<anim::Node*>{idle, walk, run}, space, anim::FloatInput{kSpeed});
  anim::ClipNodeOptions once;
  once.loop = anim::LoopMode::kClamp;
  auto* jump = g.template Add<anim::ClipNode>("jump", s, r.jump, once);
  anim::Transition up;
  up.from = 0;
  up.to = 1;
  up.conditions = {{kJump, anim::CompareOp::kTriggered}};
  up.duration = 0.2f;
  up.interrupt = anim::InterruptRule::kDestination;
  anim::Transition down;
  down.from = 1;
  down.to = 0;
  down.exit_begin = 0.8f;
  down.duration = 0.3f;
  down.mode = anim::TransitionMode::kInertial;
  anim::Transition again = up;  // a jump during a jump: from the pose on screen
  again.from = 1;
  again.mode = anim::TransitionMode::kFrozen;
  auto* body = g.template Add<anim::StateMachineNode>(
      "body", s, std::vector<anim::State>{{"move", move}, {"air", jump}},
      std::vector<anim::Transition>{up, down, again});
  auto* wave = g.template Add<anim::ClipNode>("wave", s, r.wave);
  auto* still = g.template Add<anim::SingleFrameNode>("still", s, r.wave, 0.25f);
  anim::CrossFadeNodeOptions fade;
  fade.duration = 0.3f;
  auto* arms = g.template Add<anim::CrossFadeNode>("arms", s, std::vector<anim::Node*>{still, wave},
                                                   anim::FloatInput{kPick}, fade);
  auto* lean = g.template Add<anim::ClipNode>("lean", s, r.lean);
  anim::Layer upper = anim_test::MakeLayer("upper", arms, {kUpper});
  upper.priority = 1;
  upper.mask = anim::MakeMaskFromRoot(s, 1, 1);
  anim::Layer add = anim_test::MakeLayer("lean", lean, {kLean});
  add.additive = true;
  add.reference = anim::MakeAdditivePose(s, r.lean);
  g.SetLayers({anim_test::MakeLayer("body", body), upper, add});
}

// Character i's inputs at `frame`: its own speed, weights, jumps and picks.
void SetInputs(anim::ParameterSet& p, int i, int frame) {
  p.Set(kSpeed, 0.5f * static_cast<float>(i % 7) + 0.01f * static_cast<float>(frame % 50));
  p.Set(kUpper, 0.25f * static_cast<float>(i % 5));
  p.Set(kLean, 0.2f * static_cast<float>(i % 4));
  p.Set(kPick, ((frame + 5 * i) / 23) % 2 == 0 ? 0.0f : 1.0f);
  if ((frame + 3 * i) % 37 == 0 || (i % 3 == 0 && (frame + i) % 41 == 7)) p.Fire(kJump);
}

// Each character's first step: its own time.
float FirstStep(int i) { return 0.13f * static_cast<float>(i); }

// The reference: one AnimationGraph per character, updated alone.
struct Alone {
  explicit Alone(const Rig& r) {
    for (int i = 0; i < kCrowd; ++i) {
      graphs.push_back(std::make_unique<anim::AnimationGraph>(r.skeleton));
      BuildGraph(*graphs.back(), r);
    }
    palettes.assign(kCrowd, std::vector<glm::mat4>(r.skeleton.JointCount()));
    model.resize(r.skeleton.JointCount());
  }
  void Step(const Rig& r, int frame, float dt) {
    for (int i = 0; i < kCrowd; ++i) {
      SetInputs(graphs[i]->Params(), i, frame);
      graphs[i]->Update(frame == 0 ? FirstStep(i) : dt);
      EXPECT_EQ(graphs[i]->Error(), "");
      anim::ComputePalette(r.skeleton, graphs[i]->SoaOutput(), model, palettes[i]);
    }
  }
  std::vector<std::unique_ptr<anim::AnimationGraph>> graphs;
  std::vector<std::vector<glm::mat4>> palettes;
  std::vector<glm::mat4> model;
};

// The crowd: one definition, an instance per character.
struct Crowd {
  explicit Crowd(const Rig& r) : definition(r.skeleton) {
    BuildGraph(definition, r);
    std::string error;
    for (int i = 0; i < kCrowd; ++i) {
      std::optional<anim::GraphInstance> instance = anim::GraphInstance::Create(definition, &error);
      EXPECT_TRUE(instance.has_value()) << error;
      if (instance) instances.push_back(std::move(*instance));
    }
    palettes.assign(kCrowd, std::vector<glm::mat4>(r.skeleton.JointCount()));
    motions.resize(kCrowd);
    characters.resize(kCrowd);
    for (int i = 0; i < kCrowd; ++i) {
      characters[i].graph = &instances[i];
      characters[i].motion = &motions[i];
      characters[i].palette = palettes[i];
    }
  }
  void SetAll(int frame) {
    for (int i = 0; i < kCrowd; ++i) SetInputs(instances[i].Params(), i, frame);
  }
  anim::GraphDefinition definition;
  std::vector<anim::GraphInstance> instances;
  std::vector<std::vector<glm::mat4>> palettes;
  std::vector<anim::MotionDelta> motions;
  std::vector<anim::CrowdCharacter> characters;
};

// Ranges of three characters, worker = range number modulo `workers`, last
// range first (as crowd_animator_test.cpp): every worker's scratch sees
// another sequence of characters than in order.
struct ReverseRanges {
  int workers;
  void operator()(int count, anim::RangeJob job) const {
    const int ranges = (count + 2) / 3;
    for (int r = ranges - 1; r >= 0; --r) job(3 * r, std::min(count, 3 * r + 3), r % workers);
  }
};

void ExpectSame(const Crowd& crowd, const Alone& alone, const std::string& where) {
  for (int i = 0; i < kCrowd; ++i) {
    for (std::size_t j = 0; j < crowd.palettes[i].size(); ++j) {
      for (int c = 0; c < 4; ++c) {
        for (int k = 0; k < 4; ++k) {
          ASSERT_NEAR(crowd.palettes[i][j][c][k], alone.palettes[i][j][c][k], 1e-6f)
              << where << ", character " << i << ", joint " << j;
        }
      }
    }
    const anim::MotionDelta& m = alone.graphs[i]->Motion();
    ASSERT_NEAR(crowd.motions[i].translation.z, m.translation.z, 1e-6f) << where << ", " << i;
    ASSERT_NEAR(crowd.motions[i].yaw, m.yaw, 1e-6f) << where << ", " << i;
  }
}

TEST(CrowdGraph, MatchesEachCharacterUpdatedAloneWhateverTheWorkersAndOrder) {
  const Rig r;
  for (int workers : {1, 2, 4, 8, 16}) {
    Crowd crowd(r);
    Alone alone(r);
    anim::CrowdAnimator animator(r.skeleton, workers);
    std::string error;
    ASSERT_TRUE(animator.PrepareGraphs(crowd.definition, &error)) << error;
    bool jumped = false, differ = false;
    for (int frame = 0; frame < 240; ++frame) {
      const float dt = frame == 0 ? 0.0f : kDt * (1.0f + 0.25f * static_cast<float>(frame % 3));
      crowd.SetAll(frame);
      // The first step (each character's own start time) one by one.
      if (frame == 0) {
        for (int i = 0; i < kCrowd; ++i) {
          ASSERT_EQ(animator.Update(std::span(crowd.characters).subspan(i, 1), FirstStep(i)), 1);
        }
      } else {
        ASSERT_EQ(animator.Update(crowd.characters, dt, ReverseRanges{workers}), kCrowd);
      }
      alone.Step(r, frame, dt);
      ExpectSame(crowd, alone,
                 std::to_string(workers) + " workers, frame " + std::to_string(frame));
      if (testing::Test::HasFatalFailure()) return;
      const auto* body =
          static_cast<const anim::StateMachineNode*>(crowd.definition.FindNode("body"));
      jumped |= body->ActiveState(crowd.instances[2].Context()) == 1;
      differ |= crowd.palettes[0][2] != crowd.palettes[1][2];
    }
    // The script reaches what it is meant to test.
    EXPECT_TRUE(jumped);
    EXPECT_TRUE(differ) << "characters 0 and 1 should not move alike";
  }
}

TEST(CrowdGraph, RealThreadsMatchTheInlineRun) {
  const Rig r;
  for (int threads : {2, 4, 8, 16}) {
    Crowd crowd(r), reference(r);
    anim::ParallelFor pool(threads);
    anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
    anim::CrowdAnimator animator(r.skeleton, jobs.WorkerCount()), inline_animator(r.skeleton);
    ASSERT_TRUE(animator.PrepareGraphs(crowd.definition));
    ASSERT_TRUE(inline_animator.PrepareGraphs(reference.definition));
    for (int frame = 1; frame < 120; ++frame) {
      crowd.SetAll(frame);
      reference.SetAll(frame);
      EXPECT_EQ(animator.Update(crowd.characters, kDt, jobs), kCrowd);
      EXPECT_EQ(inline_animator.Update(reference.characters, kDt), kCrowd);
    }
    for (int i = 0; i < kCrowd; ++i) {
      EXPECT_EQ(crowd.palettes[i], reference.palettes[i]) << threads << " threads, character " << i;
    }
  }
}

TEST(CrowdGraph, AGraphOfADefinitionNotPreparedIsNotAnimated) {
  const Rig r;
  Crowd crowd(r);
  anim::CrowdAnimator animator(r.skeleton);
  EXPECT_EQ(animator.Update(crowd.characters, kDt), 0);
  ASSERT_TRUE(animator.PrepareGraphs(crowd.definition));
  EXPECT_EQ(animator.Update(crowd.characters, kDt), kCrowd);
  // A graph for another skeleton is refused, with the reason.
  const anim::Skeleton legs = anim_test::MakeTwoLegSkeleton();
  anim::GraphDefinition other(legs);
  other.SetRoot(other.Add<anim::ClipNode>("jump", legs, r.jump));  // joint 1 only: fits both
  std::string error;
  EXPECT_FALSE(animator.PrepareGraphs(other, &error));
  EXPECT_NE(error.find("skeleton of 3 joints, the crowd's has 4"), std::string::npos) << error;
}

}  // namespace

namespace {

// What the benchmark and docs/runtime-api.md do: a crowd of instances made from a
// one-character AnimationGraph's Definition() while that graph plays its own
// character too. Instances i < kCrowd - 1 play characters 0 to kCrowd - 2
// and the graph itself plays the last; each must match its reference.
TEST(CrowdGraph, InstancesOfAnAnimationGraphsDefinitionLeaveItsOwnCharacterAlone) {
  const Rig r;
  anim::AnimationGraph shared(r.skeleton);
  BuildGraph(shared, r);
  const int count = kCrowd - 1;
  std::string error;
  std::vector<anim::GraphInstance> instances;
  for (int i = 0; i < count; ++i) {
    std::optional<anim::GraphInstance> one =
        anim::GraphInstance::Create(shared.Definition(), &error);
    ASSERT_TRUE(one) << error;
    instances.push_back(std::move(*one));
  }
  std::vector<std::vector<glm::mat4>> palettes(count,
                                               std::vector<glm::mat4>(r.skeleton.JointCount()));
  std::vector<anim::CrowdCharacter> characters(count);
  for (int i = 0; i < count; ++i) {
    characters[i].graph = &instances[i];
    characters[i].palette = palettes[i];
  }
  anim::CrowdAnimator animator(r.skeleton, 2);
  ASSERT_TRUE(animator.PrepareGraphs(shared.Definition(), &error)) << error;
  Alone alone(r);
  std::vector<glm::mat4> own(r.skeleton.JointCount()), model(r.skeleton.JointCount());
  for (int frame = 0; frame < 120; ++frame) {
    for (int i = 0; i < count; ++i) SetInputs(instances[i].Params(), i, frame);
    SetInputs(shared.Params(), count, frame);
    if (frame == 0) {
      for (int i = 0; i < count; ++i) {
        ASSERT_EQ(animator.Update(std::span(characters).subspan(i, 1), FirstStep(i)), 1);
      }
    } else {
      ASSERT_EQ(animator.Update(characters, kDt, ReverseRanges{2}), count);
    }
    shared.Update(frame == 0 ? FirstStep(count) : kDt);
    anim::ComputePalette(r.skeleton, shared.SoaOutput(), model, own);
    alone.Step(r, frame, kDt);
    for (int i = 0; i <= count; ++i) {
      const std::vector<glm::mat4>& got = i < count ? palettes[i] : own;
      for (std::size_t j = 0; j < got.size(); ++j) {
        for (int c = 0; c < 4; ++c) {
          for (int k = 0; k < 4; ++k) {
            ASSERT_NEAR(got[j][c][k], alone.palettes[i][j][c][k], 1e-6f)
                << "frame " << frame << ", character " << i << ", joint " << j;
          }
        }
      }
    }
  }
}

}  // namespace
