// CrowdAnimator against the single-character path, each character animated
// alone: Playback::Advance into the rest pose (Pose), anim::Blend, a
// SyncedBlend or CrossFadeController of its own, anim::Add, then
// Pose::ComputeModelMatrices and ComputePalette. Whatever the worker count
// and whatever order the caller's parallel-for runs the ranges in, every
// character's output must match.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <memory>
#include <vector>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/offline/pose.h"
#include "tests/anim/reverse_ranges.h"
#include "tests/anim/test_rig.h"
#include "tests/anim/test_util.h"

namespace {

using anim_test::AxisAngle;

struct Fixture {
  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::Clip slide = anim_test::MakeSlideClip("slide", 1.0f, 0.0f, 2.0f);
  anim::Clip swing = anim_test::MakeSwingClip("swing", 1.3f, 60.0f);
  anim::Clip fast = anim_test::MakeSwingClip("fast", 0.7f, -45.0f);
  // Animates one joint's rotation only: every other channel must show rest.
  anim::Clip turn = anim_test::MakeHoldRotationClip("turn", 1, AxisAngle(50.0f, {0, 0, 1}));
  // The additive layer: its difference from its first frame grows over the clip.
  anim::Clip lean = anim_test::MakeSwingClip("lean", 0.9f, 35.0f);
  anim::SoaPose lean_base_soa = anim::MakeAdditivePose(skeleton, lean);
};

constexpr int kCrowd = 29;

// A raw playback of `clip` in `playbacks` (which never moves an element),
// set as the slot's: the caller owns a character's playbacks.
anim::Playback& Play(std::deque<anim::Playback>& playbacks, anim::Playback*& slot,
                     const anim::Clip* clip, anim::LoopMode mode = anim::LoopMode::kLoop,
                     float rate = 1.0f) {
  anim::Playback& p = playbacks.emplace_back();
  p.Start(clip, mode, rate);
  slot = &p;
  return p;
}
constexpr float kDt = 1.0f / 60.0f;

// One crowd: the characters, their outputs and their controllers, so two
// crowds built alike (one animated by CrowdAnimator, one character by
// character) hold the same state.
struct Crowd {
  std::vector<anim::CrowdCharacter> characters;
  std::deque<anim::Playback> playbacks;  // the slots point to them: never moved once added
  std::vector<std::vector<glm::mat4>> palettes, models;
  std::vector<anim::SoaPose> locals;
  std::vector<std::unique_ptr<anim::SyncedBlend>> synced;
  std::vector<std::unique_ptr<anim::CrossFadeController>> fades;
};

// Characters of every kind (one clip, two clips blended, synced blend,
// cross-fade, with or without an additive layer; palette, model matrices or
// both) in an order that makes each worker's scratch poses switch between
// clips that animate different channels.
Crowd MakeCrowd(const Fixture& f) {
  const anim::Clip* clips[] = {&f.slide, &f.swing, &f.turn, &f.fast};
  const int joints = f.skeleton.JointCount();
  Crowd crowd;
  crowd.characters.resize(kCrowd);
  crowd.palettes.assign(kCrowd, std::vector<glm::mat4>(joints, glm::mat4(0.0f)));
  crowd.models.assign(kCrowd, std::vector<glm::mat4>(joints, glm::mat4(0.0f)));
  crowd.locals.assign(kCrowd, anim::SoaPose(f.skeleton.RestPose()));
  for (int i = 0; i < kCrowd; ++i) {
    anim::CrowdCharacter& c = crowd.characters[i];
    const float t = 0.07f * static_cast<float>(i);
    switch (i % 5) {
      case 0:  // one clip
        Play(crowd.playbacks, c.a, clips[i % 4], anim::LoopMode::kLoop,
             0.8f + 0.1f * static_cast<float>(i % 3))
            .time = t;
        break;
      case 1:
      case 2:  // two clips blended
        Play(crowd.playbacks, c.a, clips[i % 4]).time = t;
        Play(crowd.playbacks, c.b, clips[(i / 2) % 4],
             i % 2 ? anim::LoopMode::kPingPong : anim::LoopMode::kLoop, 1.3f);
        c.weight = 0.1f * static_cast<float>(i % 11);
        break;
      case 3:  // synchronised blend
        crowd.synced.push_back(std::make_unique<anim::SyncedBlend>(f.skeleton));
        crowd.synced.back()->Start(clips[i % 4], clips[(i + 1) % 4], 0.05f * static_cast<float>(i),
                                   0.25f);
        c.synced = crowd.synced.back().get();
        c.weight = 0.3f + 0.02f * static_cast<float>(i);
        break;
      case 4: {  // cross-fade, a target fading in
        crowd.fades.push_back(std::make_unique<anim::CrossFadeController>(f.skeleton, 2));
        anim::CrossFadeController& cf = *crowd.fades.back();
        cf.Play(clips[i % 4]);
        anim::FadeOptions fade;
        fade.duration = 0.05f * static_cast<float>(i % 4 + 1);
        cf.FadeTo(clips[(i + 1) % 4], fade);
        c.fade = &cf;
        break;
      }
    }
    if (i % 3 == 1) {
      Play(crowd.playbacks, c.additive, &f.lean).time = 0.5f * t;
      c.additive_reference = &f.lean_base_soa;
      c.additive_weight = 0.4f + 0.1f * static_cast<float>(i % 7);
    }
    if (i % 4 != 3) c.palette = crowd.palettes[i];
    if (i % 4 != 0) c.model = crowd.models[i];
    if (i % 6 == 0) c.local_pose = &crowd.locals[i];
  }
  return crowd;
}

// One frame of character i of `reference` by the single-character path
// (the kernels called one by one, no crowd), into its outputs.
void AnimateAlone(const Fixture& f, Crowd& reference, int i, float dt) {
  anim::CrowdCharacter& c = reference.characters[i];
  anim::SoaPose pose = f.skeleton.RestPose();
  if (c.fade != nullptr) {
    ASSERT_TRUE(c.fade->Update(dt));
    pose.CopyFrom(c.fade->CurrentPose());
  } else if (c.synced != nullptr) {
    ASSERT_TRUE(c.synced->Update(dt, c.weight, pose));
  } else {
    ASSERT_TRUE(c.a->Advance(dt, pose));
    if (c.b != nullptr) {
      anim::SoaPose pb = f.skeleton.RestPose();
      ASSERT_TRUE(c.b->Advance(dt, pb));
      anim::Blend(pose, pose, pb, c.weight);
    }
  }
  if (c.additive != nullptr) {
    anim::SoaPose add = f.skeleton.RestPose();
    ASSERT_TRUE(c.additive->Advance(dt, add));
    anim::Add(pose, pose, add, f.lean_base_soa, c.additive_weight);
  }
  const anim::Pose shown = anim::AsPose(f.skeleton, pose);
  std::vector<glm::mat4> model(f.skeleton.JointCount());
  if (!c.palette.empty()) {
    anim::ComputePalette(f.skeleton, anim::SoaPose(shown), model, c.palette);
  } else {
    shown.ComputeModelMatrices(model);
  }
  if (!c.model.empty()) std::copy(model.begin(), model.end(), c.model.begin());
  if (c.local_pose != nullptr) c.local_pose->CopyFrom(pose);
}

// The SoA and the Pose paths do the same arithmetic in the same order
// except where the compiler contracts differently: 1e-6 of the values'
// size (a few units here).
void ExpectSameOutputs(const Crowd& got, const Crowd& want, const std::string& where) {
  constexpr float kTolerance = 1e-6f * 4.0f;
  for (std::size_t i = 0; i < want.characters.size(); ++i) {
    SCOPED_TRACE(where + ", character " + std::to_string(i));
    for (std::size_t j = 0; j < want.palettes[i].size(); ++j) {
      anim_test::ExpectMatNear(got.palettes[i][j], want.palettes[i][j], kTolerance);
      anim_test::ExpectMatNear(got.models[i][j], want.models[i][j], kTolerance);
    }
    for (int j = 0; j < want.locals[i].JointCount(); ++j) {
      const anim::Transform a = got.locals[i].Local(j), b = want.locals[i].Local(j);
      EXPECT_NEAR(glm::length(a.translation - b.translation), 0.0f, kTolerance);
      EXPECT_NEAR(std::abs(glm::dot(a.rotation, b.rotation)), 1.0f, kTolerance);
    }
  }
}

TEST(CrowdAnimator, MatchesEachCharacterAnimatedAloneWhateverTheWorkersAndOrder) {
  const Fixture f;
  for (int workers : {1, 2, 4, 8, 16}) {
    Crowd crowd = MakeCrowd(f), reference = MakeCrowd(f);
    anim::CrowdAnimator animator(f.skeleton, workers);
    ASSERT_EQ(animator.WorkerCount(), workers);
    for (int frame = 0; frame < 40; ++frame) {
      // Uneven steps, a long one past several loop ends, and one standing still.
      const float dt = frame == 17 ? 2.3f : frame == 18 ? 0.0f : kDt * (1.0f + 0.1f * (frame % 3));
      EXPECT_EQ(animator.Update(crowd.characters, dt, anim_test::ReverseRanges{workers}), kCrowd);
      for (int i = 0; i < kCrowd; ++i) AnimateAlone(f, reference, i, dt);
      ExpectSameOutputs(crowd, reference,
                        std::to_string(workers) + " workers, frame " + std::to_string(frame));
    }
  }
}

// An additive layer over one clip must not leak into the next character
// that plays the same clip on the same worker: the channels that clip leaves
// at rest have to stay at rest.
TEST(CrowdAnimator, AnAdditiveLayerLeavesTheNextCharacterAlone) {
  const Fixture f;
  auto make = [&f] {
    Crowd crowd;
    crowd.characters.resize(4);
    crowd.palettes.assign(4, std::vector<glm::mat4>(f.skeleton.JointCount()));
    crowd.models = crowd.palettes;
    crowd.locals.assign(4, anim::SoaPose(f.skeleton.RestPose()));
    for (int i = 0; i < 4; ++i) {
      anim::CrowdCharacter& c = crowd.characters[i];
      Play(crowd.playbacks, c.a, &f.turn);  // one joint's rotation: the rest stays at rest
      if (i % 2 == 0) {
        Play(crowd.playbacks, c.additive, &f.lean).time = 0.6f;
        c.additive_reference = &f.lean_base_soa;
      }
      c.palette = crowd.palettes[i];
      c.model = crowd.models[i];
    }
    return crowd;
  };
  Crowd crowd = make(), reference = make();
  anim::CrowdAnimator animator(f.skeleton);
  for (int frame = 0; frame < 3; ++frame) {
    EXPECT_EQ(animator.Update(crowd.characters, kDt), 4);
    for (int i = 0; i < 4; ++i) AnimateAlone(f, reference, i, kDt);
    ExpectSameOutputs(crowd, reference, "frame " + std::to_string(frame));
  }
}

TEST(CrowdAnimator, ParallelForJobsOnRealThreadsMatchesTheInlineRun) {
  const Fixture f;
  for (int threads : {2, 4, 8, 16}) {
    Crowd crowd = MakeCrowd(f), reference = MakeCrowd(f);
    anim::ParallelFor pool(threads);
    anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
    anim::CrowdAnimator animator(f.skeleton, jobs.WorkerCount()), inline_animator(f.skeleton);
    for (int frame = 0; frame < 20; ++frame) {
      EXPECT_EQ(animator.Update(crowd.characters, kDt, jobs), kCrowd);
      EXPECT_EQ(inline_animator.Update(reference.characters, kDt), kCrowd);
    }
    // The same kernels on the same inputs: bit for bit.
    for (int i = 0; i < kCrowd; ++i) {
      EXPECT_EQ(crowd.palettes[i], reference.palettes[i]) << threads << " threads, character " << i;
      EXPECT_EQ(crowd.models[i], reference.models[i]) << threads << " threads, character " << i;
    }
  }
}

TEST(CrowdAnimator, SkipsCharactersItCannotAnimateAndSaysHowMany) {
  Fixture f;
  const int joints = f.skeleton.JointCount();
  std::vector<glm::mat4> short_palette(2, glm::mat4(7.0f));
  std::vector<std::vector<glm::mat4>> palettes(7, std::vector<glm::mat4>(joints, glm::mat4(7.0f)));
  anim::SoaPose wrong_pose(anim_test::MakeTwoLegSkeleton().RestPose());
  std::vector<anim::CrowdCharacter> crowd(8);
  std::deque<anim::Playback> playbacks;
  Play(playbacks, crowd[0].a, &f.slide);
  crowd[0].palette = short_palette;  // wrong size
  crowd[1].palette = palettes[1];    // nothing to play
  Play(playbacks, crowd[2].a, &f.slide);
  crowd[2].palette = palettes[2];
  Play(playbacks, crowd[2].additive, &f.lean);  // an additive clip without a reference
  Play(playbacks, crowd[3].a, &f.slide);
  crowd[3].palette = palettes[3];
  crowd[3].local_pose = &wrong_pose;  // a pose of another skeleton
  Play(playbacks, crowd[4].a, &f.slide);
  crowd[4].model = std::span(palettes[4]).first(3);  // model matrices of the wrong size
  Play(playbacks, crowd[5].a, &f.slide, anim::LoopMode::kLoop,
       std::nanf(""));  // a rate that is not finite
  crowd[5].palette = palettes[5];
  Play(playbacks, crowd[6].a, &f.slide);  // the one that can be animated
  crowd[6].palette = palettes[0];
  Play(playbacks, crowd[7].a, &f.slide);
  crowd[7].palette = palettes[6];
  Play(playbacks, crowd[7].additive, &f.lean);
  crowd[7].additive_reference = &wrong_pose;  // an additive reference of another skeleton
  anim::CrowdAnimator animator(f.skeleton);
  EXPECT_EQ(animator.Update(crowd, 0.1f), 1);
  EXPECT_EQ(short_palette[0], glm::mat4(7.0f));
  for (int i = 1; i < 7; ++i) EXPECT_EQ(palettes[i][0], glm::mat4(7.0f)) << "character " << i;
  EXPECT_NE(palettes[0][1], glm::mat4(7.0f));
  // A step that is not finite animates nobody and changes nothing.
  const std::vector<glm::mat4> before = palettes[0];
  EXPECT_EQ(animator.Update(crowd, std::nanf("")), 0);
  EXPECT_EQ(palettes[0], before);
}

// A slot whose raw playback has no clip plays nothing, as a slot without a
// playback: such a b leaves a to play alone, such an a leaves the character
// as it was.
TEST(CrowdAnimator, ASlotWhosePlaybackHasNoClipPlaysNothing) {
  Fixture f;
  std::vector<std::vector<glm::mat4>> palettes(
      3, std::vector<glm::mat4>(f.skeleton.JointCount(), glm::mat4(7.0f)));
  std::deque<anim::Playback> playbacks;
  std::vector<anim::CrowdCharacter> crowd(3);
  Play(playbacks, crowd[0].a, &f.swing).time = 0.4f;
  Play(playbacks, crowd[0].b, nullptr);  // a playback without a clip
  crowd[0].weight = 0.5f;
  Play(playbacks, crowd[1].a, &f.swing).time = 0.4f;  // no b at all
  Play(playbacks, crowd[2].a, nullptr);
  for (int i = 0; i < 3; ++i) crowd[i].palette = palettes[i];
  anim::CrowdAnimator animator(f.skeleton);
  EXPECT_EQ(animator.Update(crowd, 0.1f), 2);
  EXPECT_EQ(palettes[0], palettes[1]);
  EXPECT_NE(palettes[0][1], glm::mat4(7.0f));
  EXPECT_EQ(palettes[2][0], glm::mat4(7.0f));
}

TEST(CrowdAnimator, RangesGivenAnUnknownWorkerOrOutOfBoundsAreNotAnimated) {
  Fixture f;
  std::vector<std::vector<glm::mat4>> palettes(
      4, std::vector<glm::mat4>(f.skeleton.JointCount(), glm::mat4(7.0f)));
  std::vector<anim::CrowdCharacter> crowd(4);
  std::deque<anim::Playback> playbacks;
  for (int i = 0; i < 4; ++i) {
    Play(playbacks, crowd[i].a, &f.slide);
    crowd[i].palette = palettes[i];
  }
  anim::CrowdAnimator animator(f.skeleton, 2);
  // Worker 2 of a 2-worker animator, then a range past the end clipped to it.
  const int animated = animator.Update(crowd, 0.1f, [](int count, anim::RangeJob job) {
    job(0, 2, 2);
    job(-5, 0, 0);
    job(2, count + 100, 1);
  });
  EXPECT_EQ(animated, 2);
  EXPECT_EQ(palettes[0][0], glm::mat4(7.0f));
  EXPECT_EQ(palettes[1][0], glm::mat4(7.0f));
  EXPECT_NE(palettes[3][1], glm::mat4(7.0f));
}

}  // namespace
