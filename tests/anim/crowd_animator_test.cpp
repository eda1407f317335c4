// CrowdAnimator against the reference path done by hand per character:
// rest pose, Clip::Sample of each playback, anim::Blend, ComputePalette.
#include <gtest/gtest.h>

#include <vector>

#include "anim/blending.h"
#include "anim/crowd_animator.h"
#include "tests/anim/test_rig.h"
#include "tests/anim/test_util.h"

namespace {

struct Fixture {
  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::Clip slide = anim_test::MakeSlideClip("slide", 1.0f, 0.0f, 2.0f);
  anim::Clip slow = anim_test::MakeSlideClip("slow", 2.5f, -1.0f, 3.0f);
  // Animates one joint's rotation only: every other channel must show rest.
  anim::Clip turn =
      anim_test::MakeHoldRotationClip("turn", 1, anim_test::AxisAngle(50.0f, {0, 0, 1}));
};

// Characters mixing one-clip and two-clip cases, and clips that animate
// different channels, in an order that makes a thread's scratch pose switch
// between clips.
std::vector<anim::CrowdCharacter> MakeCrowd(const Fixture& f,
                                            std::vector<std::vector<glm::mat4>>& palettes) {
  const anim::Clip* clips[] = {&f.slide, &f.slow, &f.turn};
  std::vector<anim::CrowdCharacter> crowd(23);
  palettes.assign(crowd.size(), std::vector<glm::mat4>(f.skeleton.JointCount()));
  for (std::size_t i = 0; i < crowd.size(); ++i) {
    crowd[i].a.Start(clips[i % 3]);
    crowd[i].a.time = 0.07f * static_cast<float>(i);
    if (i % 2 == 1) {
      crowd[i].b.Start(clips[(i / 2) % 3], anim::LoopMode::kLoop, 1.3f);
      crowd[i].weight = 0.1f * static_cast<float>(i % 10);
    }
    crowd[i].palette = palettes[i];
  }
  return crowd;
}

void ExpectReferencePalettes(const Fixture& f, std::vector<anim::CrowdCharacter> reference,
                             const std::vector<std::vector<glm::mat4>>& got, float dt) {
  std::vector<glm::mat4> model(f.skeleton.JointCount()), palette(f.skeleton.JointCount());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    anim::Pose pa = f.skeleton.RestPose(), pb = f.skeleton.RestPose(), out = f.skeleton.RestPose();
    reference[i].a.Advance(dt, pa);
    if (reference[i].b.clip != nullptr) {
      reference[i].b.Advance(dt, pb);
      anim::Blend(out, pa, pb, reference[i].weight);
    } else {
      out = pa;
    }
    anim::ComputePalette(f.skeleton, out, model, palette);
    for (std::size_t j = 0; j < palette.size(); ++j)
      anim_test::ExpectMatNear(got[i][j], palette[j], 1e-5f);
  }
}

TEST(CrowdAnimator, MatchesThePerCharacterReferenceOnOneAndTwoThreads) {
  Fixture f;
  for (int threads : {1, 2}) {
    std::vector<std::vector<glm::mat4>> palettes;
    std::vector<anim::CrowdCharacter> crowd = MakeCrowd(f, palettes);
    anim::CrowdAnimator animator(f.skeleton, threads, /*min_per_thread=*/1);
    for (int frame = 0; frame < 5; ++frame) {
      const std::vector<anim::CrowdCharacter> before = crowd;  // playbacks before the step
      animator.Update(crowd, 1.0f / 60.0f);
      ExpectReferencePalettes(f, before, palettes, 1.0f / 60.0f);
    }
  }
}

TEST(CrowdAnimator, SkipsCharactersItCannotAnimate) {
  Fixture f;
  std::vector<glm::mat4> short_palette(2, glm::mat4(7.0f));
  std::vector<glm::mat4> palette(f.skeleton.JointCount(), glm::mat4(7.0f));
  std::vector<anim::CrowdCharacter> crowd(2);
  crowd[0].a.Start(&f.slide);
  crowd[0].palette = short_palette;  // wrong size
  crowd[1].palette = palette;        // no clip
  anim::CrowdAnimator animator(f.skeleton, 1);
  animator.Update(crowd, 0.1f);
  EXPECT_EQ(short_palette[0], glm::mat4(7.0f));
  EXPECT_EQ(palette[0], glm::mat4(7.0f));
}

}  // namespace
