// Proves the per-frame path allocates nothing: global operator new is
// replaced in this executable to count every allocation, and the count must
// not move while many frames of playback, cross-fades, synced blends,
// additive layers and palette updates run.
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "allocation_counter.h"

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/joint_mask.h"
#include "anim/blending/mirror.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/compression/playback.h"
#include "anim/control/clip_mixer.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/control/synced_blend.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/parallel_for.h"
#include "anim/core/parallel_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_instance.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "anim/graph/state_machine.h"
#include "test_rig.h"
#include "test_util.h"

namespace {

using namespace anim_test;

TEST(NoHeapAllocation, PerFramePathAllocatesNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.7f, 0, 2);
  const anim::Clip lean = MakeHoldRotationClip("lean", 1, AxisAngle(20, {0, 0, 1}));

  // Set-up may allocate.
  anim::CrossFadeController cf(s);
  anim::SyncedBlend synced(s);
  anim::SoaPose synced_pose = s.RestPose(), layered = s.RestPose(), additive = s.RestPose(),
                lean_pose = s.RestPose();
  const anim::SoaPose lean_base = anim::MakeAdditivePose(s, lean);
  anim::Playback lean_playback;
  lean_playback.Start(&lean);
  std::vector<glm::mat4> model(s.JointCount()), palette(s.JointCount());
  cf.Play(&walk);
  synced.Start(&walk, &run);
  anim::FadeOptions fade;
  fade.duration = 0.3f;

  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 2000; ++frame) {
    if (frame % 50 == 0) cf.FadeTo(frame % 100 == 0 ? &run : &walk, fade);
    cf.Update(1.0f / 60);
    synced.Update(1.0f / 60, 0.5f + 0.5f * std::sin(frame * 0.01f), synced_pose);
    const anim::SoaBlendLayer layers[] = {{&cf.CurrentPose(), 0.7f, {}}, {&synced_pose, 0.3f, {}}};
    anim::BlendLayers(layered, layers, s.RestPose());
    lean_playback.Advance(1.0f / 60, lean_pose);
    anim::Add(additive, layered, lean_pose, lean_base, 0.5f);
    anim::ComputePalette(s, additive, model, palette);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
}

// Morph-target weights fading with the joints, in every transition mode.
TEST(NoHeapAllocation, MorphWeightsThroughFadesAllocateNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1), run = MakeSlideClip("run", 0.7f, 0, 2);
  for (anim::Clip* clip : {&walk, &run}) {
    anim::MorphWeightTracks tracks;
    tracks.first_weight = 1;
    tracks.targets.emplace_back(anim::Interpolation::kLinear, std::vector<float>{0, 0.5f},
                                std::vector<float>{0, 1});
    clip->SetMorphWeights({tracks});
  }
  const std::vector<float> defaults = {0.5f, 0, 0.25f};
  anim::CrossFadeController cf(s, 4, defaults);
  cf.Play(&walk);
  anim::FadeOptions fade;
  fade.duration = 0.3f;
  const anim::TransitionMode modes[] = {anim::TransitionMode::kSmooth,
                                        anim::TransitionMode::kFrozen,
                                        anim::TransitionMode::kInertial};
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 600; ++frame) {
    if (frame % 20 == 0) {
      fade.mode = modes[(frame / 20) % 3];
      cf.FadeTo(frame % 40 == 0 ? &run : &walk, fade);
    }
    cf.Update(1.0f / 60);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_GT(cf.CurrentMorphWeights()[1], 0.0f);  // the tracks did drive weight 1
}

// The mixer: every action sampled, faded, cross-faded, added and mixed
// with morph weights, while actions start and stop.
TEST(NoHeapAllocation, TheClipMixerAllocatesNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  std::vector<anim::Clip> clips = {MakeSlideClip("walk", 1.1f, 0, 1),
                                   MakeSlideClip("run", 0.7f, 0, 2),
                                   MakeHoldRotationClip("lean", 1, AxisAngle(20, {0, 0, 1}))};
  anim::MorphWeightTracks tracks;
  tracks.targets.emplace_back(anim::Interpolation::kLinear, std::vector<float>{0, 0.5f},
                              std::vector<float>{0, 1});
  clips[0].SetMorphWeights({tracks});
  const std::vector<float> defaults = {0.5f, 0.25f};
  anim::ClipMixer mixer(s, clips, defaults);
  mixer.SetAdditive(2, true);
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 600; ++frame) {
    switch (frame % 120) {
      case 0: mixer.PlayAll(); break;
      case 20: mixer.CrossFade(0, 1, 0.3f); break;
      case 50: mixer.FadeIn(0, 0.2f); break;
      case 70: mixer.FadeOut(2, 0.1f); break;
      case 90: mixer.StopAll(); break;
      case 100: mixer.Play(1); break;
    }
    mixer.SetWeight(0, 0.5f + 0.5f * std::sin(frame * 0.05f));
    mixer.Update(1.0f / 60);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
}

// Inertialized transitions, in the controller and in the graph (a
// cross-fade node inside a state machine, both inertial), interrupting one
// another and ordinary fades: recording and decaying offsets allocates
// nothing.
TEST(NoHeapAllocation, InertialTransitionsAllocateNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.7f, 0, 2);
  const anim::Clip lean = MakeHoldRotationClip("lean", 1, AxisAngle(120, {0, 0, 1}));
  anim::CrossFadeController cf(s);
  cf.Play(&walk);
  anim::FadeOptions inertial, smooth;
  inertial.duration = 0.4f;
  inertial.mode = anim::TransitionMode::kInertial;
  smooth.duration = 0.3f;

  anim::AnimationGraph g(s);
  const int pick = g.Params().Add("pick", anim::ParamType::kFloat);
  const int go = g.Params().Add("go", anim::ParamType::kBool);
  auto* nw = g.Add<anim::ClipNode>("walk", s, walk);
  auto* nr = g.Add<anim::ClipNode>("run", s, run);
  auto* nl = g.Add<anim::ClipNode>("lean", s, lean);
  anim::CrossFadeNodeOptions fade;
  fade.mode = anim::TransitionMode::kInertial;
  auto* sw = g.Add<anim::CrossFadeNode>("switch", s, std::vector<anim::Node*>{nw, nr},
                                        anim::FloatInput{pick}, fade);
  anim::Transition there, back;
  there.to = 1;
  there.mode = anim::TransitionMode::kInertial;
  there.conditions = {{go, anim::CompareOp::kIsTrue}};
  back = there;
  back.from = 1;
  back.to = 0;
  back.conditions = {{go, anim::CompareOp::kIsFalse}};
  there.from = 0;
  auto* sm =
      g.Add<anim::StateMachineNode>("sm", s, std::vector<anim::State>{{"move", sw}, {"lean", nl}},
                                    std::vector<anim::Transition>{there, back}, 0);
  g.SetRoot(sm);
  g.Update(0.0f);

  const long before = test_support::AllocationCount();
  int inertializing = 0;
  for (int frame = 0; frame < 3000; ++frame) {
    if (frame % 23 == 0) cf.FadeTo(frame % 46 == 0 ? &run : &walk, inertial);
    if (frame % 31 == 0) cf.FadeTo(&lean, smooth);
    cf.Update(1.0f / 60);
    g.Params().Set(pick, static_cast<float>((frame / 17) % 2));
    g.Params().Set(go, (frame / 41) % 2 == 1 ? 1.0f : 0.0f);
    g.Update(1.0f / 60);
    inertializing += cf.Inertialization().Active() + sm->Inertializing(g.Context()) +
                     sw->Inertializing(g.Context());
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_GT(inertializing, 1000);
}

// The structure-of-arrays crowd path (soa_pose.h, soa_clip.h,
// local_to_model_jobs.h): two clips sampled into SoaPoses, blended, local to model
// and palette.
TEST(NoHeapAllocation, SoaCrowdPathAllocatesNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.7f, 0, 2);
  anim::SoaPose walk_pose = s.RestPose(), run_pose = walk_pose, pose = walk_pose;
  anim::Playback walk_playback, run_playback;
  walk_playback.Start(&walk);
  run_playback.Start(&run, anim::LoopMode::kPingPong, -1.3f);
  std::vector<glm::mat4> model(s.JointCount()), palette(s.JointCount());

  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 2000; ++frame) {
    walk_playback.Advance(1.0f / 60, walk_pose);
    run_playback.Advance(1.0f / 60, run_pose);
    anim::Blend(pose, walk_pose, run_pose, 0.5f + 0.5f * std::sin(frame * 0.01f));
    anim::ComputeModelMatrices(s, walk_pose, model);
    anim::ComputePalette(s, pose, model, palette);
    pose.CopyFrom(s.RestPose());
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
  EXPECT_TRUE(std::isfinite(palette.back()[3][0]));
}

TEST(NoHeapAllocation, ParallelForRunAllocatesNothing) {
  anim::ParallelFor pool(2);  // starting the workers may allocate
  std::vector<float> values(1000, 1.0f);
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 500; ++frame) {
    pool.Run(static_cast<int>(values.size()), [&](int begin, int end) {
      for (int i = begin; i < end; ++i) values[i] *= 1.0001f;
    });
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_NEAR(values.front(), std::pow(1.0001f, 500.0f), 1e-3f);
  EXPECT_NEAR(values.back(), std::pow(1.0001f, 500.0f), 1e-3f);
}

}  // namespace

// A whole animation graph: a synced blend space and a clip in a state
// machine with fades and interruptions, an upper-body layer with a higher
// priority, events every cycle. Built once; thousands of frames after that
// allocate nothing, whatever the transitions do.
TEST(NoHeapAllocation, AnimationGraphFramesAllocateNothing) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  anim::Clip walk = anim_test::MakeSlideClip("walk", 1.0f, 0.0f, 1.0f);
  walk.SetEvents({{0.25f, "step_left"}, {0.75f, "step_right"}});
  const anim::Clip run = anim_test::MakeSlideClip("run", 0.6f, 0.0f, 2.0f);
  const anim::Clip punch = anim_test::MakeSlideClip("punch", 0.5f, 3.0f, 5.0f);
  anim::AnimationGraph g(s);
  const int speed = g.Params().Add("speed", anim::ParamType::kFloat);
  const int go = g.Params().Add("go", anim::ParamType::kTrigger);
  auto* nw = g.Add<anim::ClipNode>("walk", s, walk);
  auto* nr = g.Add<anim::ClipNode>("run", s, run);
  anim::BlendSpace1D space;
  const float positions[] = {0.0f, 1.0f};
  ASSERT_TRUE(space.Build(positions, nullptr));
  auto* move = g.Add<anim::BlendSpace1DNode>("move", s, std::vector<anim::Node*>{nw, nr}, space,
                                             anim::FloatInput{speed}, true);
  anim::ClipNodeOptions once;
  once.loop = anim::LoopMode::kClamp;
  auto* np = g.Add<anim::ClipNode>("punch", s, punch, once);
  anim::Transition in, out;
  in.from = 0;
  in.to = 1;
  in.interrupt = anim::InterruptRule::kDestination;
  in.conditions = {{go, anim::CompareOp::kTriggered}};
  out.from = 1;
  out.to = 0;
  out.exit_begin = 0.9f;
  auto* sm = g.Add<anim::StateMachineNode>("sm", s,
                                           std::vector<anim::State>{{"move", move}, {"punch", np}},
                                           std::vector<anim::Transition>{in, out}, 0);
  auto* upper_clip = g.Add<anim::ClipNode>("upper", s, punch);
  anim::Layer base;
  base.root = sm;
  anim::Layer upper;
  upper.root = upper_clip;
  upper.priority = 1;
  upper.weight = {-1, 0.5f};
  upper.mask = anim::MakeMaskFromRoot(s, 1, 1);
  g.SetLayers({base, upper});
  g.Update(0.0f);

  const long before = test_support::AllocationCount();
  int events = 0;
  for (int frame = 0; frame < 5000; ++frame) {
    g.Params().Set(speed, 0.5f + 0.5f * std::sin(frame * 0.01f));
    if (frame % 37 == 0) g.Params().Fire(go);
    g.Update(1.0f / 60.0f);
    events += static_cast<int>(g.Events().size());
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_GT(events, 0);
  EXPECT_EQ(g.DroppedEvents(), 0);
}

// A slide clip that also animates morph weight 1 from 0 to 1.
anim::Clip SlideWithWeight(const char* name, float duration, float x0, float x1) {
  anim::Clip clip = anim_test::MakeSlideClip(name, duration, x0, x1);
  anim::MorphWeightTracks tracks;
  tracks.first_weight = 1;
  tracks.targets = {anim_test::LinearWeight(0, 1, duration)};
  clip.SetMorphWeights({tracks});
  return clip;
}

anim::Skeleton TwoLegsWithMorphWeights() {
  anim::Skeleton s = anim_test::MakeTwoLegSkeleton();
  s.SetDefaultMorphWeights(std::vector<float>{0.1f, 0.2f, 0.3f});
  return s;
}

// Every node type of the graph at once, each with weight, and layers with
// an additive layer by reference, one by difference pose and a masked one,
// the clips animating morph weights too: frames allocate nothing.
TEST(NoHeapAllocation, EveryGraphNodeTypeAllocatesNothing) {
  const anim::Skeleton s = TwoLegsWithMorphWeights();
  const anim::SoaPose& rest = s.RestPose();
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  const anim::Clip walk = SlideWithWeight("walk", 1.0f, 0.0f, 1.0f);
  const anim::Clip run = SlideWithWeight("run", 0.6f, 0.0f, 2.0f);
  const anim::Clip lean = SlideWithWeight("lean", 0.5f, 3.0f, 5.0f);
  anim::AnimationGraph g(s);
  const int t = g.Params().Add("t", anim::ParamType::kFloat);
  anim::ClipNodeOptions moving;
  moving.root_motion = true;
  auto* nw = g.Add<anim::ClipNode>("walk", s, walk, moving);
  auto* nr = g.Add<anim::ClipNode>("run", s, run);
  auto* frame = g.Add<anim::SingleFrameNode>("frame", s, lean, 0.5f);
  auto* blend2 = g.Add<anim::Blend2Node>("blend2", s, nw, nr, anim::FloatInput{t}, true);
  auto* blend_n =
      g.Add<anim::BlendNNode>("blend_n", s, std::vector<anim::Node*>{blend2, frame},
                              std::vector<anim::FloatInput>{{-1, 0.7f}, {-1, 0.3f}}, false);
  anim::BlendSpace2D plane;
  ASSERT_TRUE(plane.Build(std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}}, nullptr));
  auto* nw2 = g.Add<anim::ClipNode>("walk2", s, walk);
  auto* nr2 = g.Add<anim::ClipNode>("run2", s, run);
  auto* nl2 = g.Add<anim::ClipNode>("lean2", s, lean);
  auto* space =
      g.Add<anim::BlendSpace2DNode>("space", s, std::vector<anim::Node*>{nw2, nr2, nl2}, plane,
                                    anim::FloatInput{t}, anim::FloatInput{-1, 0.3f});
  auto* feather = g.Add<anim::FeatherBlendNode>(
      "feather", s, blend_n, space, anim::MakeMaskFromRoot(s, 1, 1), anim::FloatInput{t});
  auto* mirror = g.Add<anim::MirrorNode>("mirror", s, feather, map);
  auto* nl3 = g.Add<anim::ClipNode>("lean3", s, lean);
  auto* additive =
      g.Add<anim::AdditiveNode>("additive", s, mirror, nl3, rest, anim::FloatInput{-1, 0.5f});
  auto* nl4 = g.Add<anim::ClipNode>("lean4", s, lean);
  auto* frame2 = g.Add<anim::SingleFrameNode>("frame2", s, lean, 0.0f);
  auto* difference = g.Add<anim::SubtractNode>("difference", s, nl4, frame2);
  auto* by_difference = g.Add<anim::AdditiveNode>("by_difference", s, additive, difference,
                                                  std::nullopt, anim::FloatInput{-1, 0.5f});
  auto* nl5 = g.Add<anim::ClipNode>("lean5", s, lean);
  auto* nl6 = g.Add<anim::ClipNode>("lean6", s, lean);
  auto* nl7 = g.Add<anim::ClipNode>("lean7", s, lean);
  anim::Layer base;
  base.root = by_difference;
  anim::Layer add_ref;
  add_ref.root = nl5;
  add_ref.additive = true;
  add_ref.reference = rest;
  add_ref.weight = {-1, 0.5f};
  anim::Layer add_masked;
  add_masked.root = nl6;
  add_masked.additive = true;
  add_masked.reference = rest;
  add_masked.mask = anim::MakeMaskFromRoot(s, 2, 1);
  add_masked.weight = {-1, 0.5f};
  anim::Layer add_difference;
  add_difference.root = nl7;
  add_difference.additive = true;
  add_difference.weight = {-1, 0.25f};
  g.SetLayers({base, add_ref, add_masked, add_difference});
  g.Update(0.0f);

  const long before = test_support::AllocationCount();
  float sink = 0.0f;
  for (int k = 0; k < 2000; ++k) {
    g.Params().Set(t, 0.5f + 0.5f * std::sin(k * 0.01f));
    g.Update(1.0f / 60.0f);
    sink += g.SoaOutput().Local(1).translation.x + g.SoaOutput().Local(2).translation.x +
            g.SoaOutput().MorphWeights()[1];
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_TRUE(std::isfinite(sink));
  EXPECT_EQ(g.SoaOutput().MorphWeights().size(), 3u);
}

// The crowd batch API: after construction, animating a crowd of every kind
// of character (one clip, two blended, synced blend, cross-fade, additive
// layer) on two threads through the ParallelFor adapter allocates nothing,
// frame after frame.
TEST(NoHeapAllocation, CrowdAnimatorUpdateAllocatesNothing) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  const anim::Clip walk = anim_test::MakeSlideClip("walk", 1.0f, 0.0f, 1.0f);
  const anim::Clip run = anim_test::MakeSlideClip("run", 0.6f, 0.0f, 2.0f);
  const anim::Clip lean =
      anim_test::MakeHoldRotationClip("lean", 1, anim_test::AxisAngle(20, {0, 0, 1}));
  const anim::SoaPose lean_base(anim::MakeAdditivePose(s, lean));
  constexpr int kCount = 64;
  std::vector<std::vector<glm::mat4>> palettes(kCount, std::vector<glm::mat4>(s.JointCount()));
  std::vector<anim::SyncedBlend> synced(kCount, anim::SyncedBlend(s));
  std::vector<anim::CrossFadeController> fades(kCount, anim::CrossFadeController(s, 2));
  std::vector<anim::CrowdCharacter> crowd(kCount);
  // Per character its a, b and additive playbacks (the characters point to them).
  std::vector<anim::Playback> playbacks(3 * kCount);
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    anim::Playback* own = &playbacks[3 * i];
    own[0].Start(&walk);
    own[1].Start(i % 2 ? &run : nullptr);
    crowd[i].a = &own[0];
    crowd[i].b = &own[1];
    crowd[i].weight = 0.3f;
    if (i % 3 == 1) {
      synced[i].Start(&walk, &run);
      crowd[i].synced = &synced[i];
    } else if (i % 3 == 2) {
      fades[i].Play(&walk);
      crowd[i].fade = &fades[i];
    }
    if (i % 4 == 0) {
      own[2].Start(&lean);
      crowd[i].additive = &own[2];
      crowd[i].additive_reference = &lean_base;
    }
    crowd[i].palette = palettes[i];
  }
  anim::ParallelFor pool(2);
  anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
  anim::CrowdAnimator animator(s, jobs.WorkerCount());
  animator.Update(crowd, 0.0f, jobs);
  anim::FadeOptions fade;
  fade.duration = 0.2f;
  long allocations = 0;
  int animated = 0;
  for (int frame = 0; frame < 200; ++frame) {
    // A fade's first start in a controller's slot sizes its cursor: set-up,
    // not counted here.
    if (frame % 20 == 0) {
      for (anim::CrossFadeController& cf : fades) cf.FadeTo(frame % 40 ? &walk : &run, fade);
    }
    const long before = test_support::AllocationCount();
    animated += animator.Update(crowd, 1.0f / 60.0f, jobs);
    allocations += test_support::AllocationCount() - before;
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(animated, 200 * kCount);
}

// A crowd of graph characters: one definition (a synchronised blend space,
// a state machine with smooth, frozen and inertialized transitions, a
// cross-fade node, a masked layer and an additive one), an instance per
// character, animated by CrowdAnimator on two threads with triggers fired
// and selections changed along the way: after PrepareGraphs, nothing.
TEST(NoHeapAllocation, CrowdOfGraphInstancesAllocatesNothing) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  const anim::Clip walk = anim_test::MakeSlideClip("walk", 1.0f, 0.0f, 1.0f);
  const anim::Clip run = anim_test::MakeSlideClip("run", 0.6f, 0.0f, 2.0f);
  const anim::Clip lean =
      anim_test::MakeHoldRotationClip("lean", 1, anim_test::AxisAngle(20, {0, 0, 1}));
  anim::GraphDefinition d(s);
  const int speed = d.Params().Add("speed", anim::ParamType::kFloat);
  const int go = d.Params().Add("go", anim::ParamType::kTrigger);
  const int pick = d.Params().Add("pick", anim::ParamType::kFloat);
  auto* nw = d.Add<anim::ClipNode>("walk", s, walk);
  auto* nr = d.Add<anim::ClipNode>("run", s, run);
  anim::BlendSpace1D space;
  const std::vector<float> positions{0.0f, 1.0f};
  ASSERT_TRUE(space.Build(positions, nullptr));
  auto* move = d.Add<anim::BlendSpace1DNode>("move", s, std::vector<anim::Node*>{nw, nr}, space,
                                             anim::FloatInput{speed});
  auto* nl = d.Add<anim::ClipNode>("lean", s, lean);
  std::vector<anim::Transition> transitions(3);
  const anim::TransitionMode modes[] = {anim::TransitionMode::kSmooth,
                                        anim::TransitionMode::kFrozen,
                                        anim::TransitionMode::kInertial};
  for (int k = 0; k < 3; ++k) {
    transitions[k].from = k == 0 ? 0 : k == 1 ? 1 : anim::Transition::kAnyState;
    transitions[k].to = k == 0 ? 1 : 0;
    transitions[k].conditions = {{go, anim::CompareOp::kTriggered}};
    transitions[k].mode = modes[k];
    transitions[k].interrupt = anim::InterruptRule::kDestination;
  }
  auto* sm = d.Add<anim::StateMachineNode>(
      "sm", s, std::vector<anim::State>{{"move", move}, {"lean", nl}}, transitions);
  auto* w2 = d.Add<anim::ClipNode>("walk2", s, walk);
  auto* r2 = d.Add<anim::ClipNode>("run2", s, run);
  auto* fade = d.Add<anim::CrossFadeNode>("fade", s, std::vector<anim::Node*>{w2, r2},
                                          anim::FloatInput{pick});
  auto* l2 = d.Add<anim::ClipNode>("lean2", s, lean);
  // Upper body over the machine, half weight, and half an additive lean.
  std::vector<anim::Layer> layers(3);
  for (int k = 0; k < 3; ++k) layers[k].weight = {-1, k == 0 ? 1.0f : 0.5f};
  layers[0].root = sm;
  layers[1].root = fade;
  layers[1].priority = 1;
  layers[1].mask = anim::MakeMaskFromRoot(s, 1, 1);
  layers[2].root = l2;
  layers[2].additive = true;
  layers[2].reference = anim::MakeAdditivePose(s, lean);
  d.SetLayers(std::move(layers));
  constexpr int kCount = 48;
  std::string error;
  std::vector<anim::GraphInstance> instances;
  for (int i = 0; i < kCount; ++i) {
    std::optional<anim::GraphInstance> instance = anim::GraphInstance::Create(d, &error);
    ASSERT_TRUE(instance) << error;
    instances.push_back(std::move(*instance));
  }
  std::vector<std::vector<glm::mat4>> palettes(kCount, std::vector<glm::mat4>(s.JointCount()));
  std::vector<anim::CrowdCharacter> crowd(kCount);
  for (int i = 0; i < kCount; ++i) {
    crowd[i].graph = &instances[i];
    crowd[i].palette = palettes[i];
  }
  anim::ParallelFor pool(2);
  anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
  anim::CrowdAnimator animator(s, jobs.WorkerCount());
  ASSERT_TRUE(animator.PrepareGraphs(d, &error)) << error;
  animator.Update(crowd, 0.0f, jobs);
  long allocations = 0;
  int animated = 0;
  for (int frame = 0; frame < 300; ++frame) {
    const long before = test_support::AllocationCount();
    for (int i = 0; i < kCount; ++i) {
      anim::ParameterSet& p = instances[i].Params();
      p.Set(speed, 0.5f + 0.5f * std::sin(0.05f * static_cast<float>(frame + i)));
      p.Set(pick, static_cast<float>(((frame + i) / 17) % 2));
      if ((frame + i) % 11 == 0) p.Fire(go);
    }
    animated += animator.Update(crowd, 1.0f / 60.0f, jobs);
    allocations += test_support::AllocationCount() - before;
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(animated, 300 * kCount);
}
