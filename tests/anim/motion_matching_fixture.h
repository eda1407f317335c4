// A character that can stand or walk (tests/anim/walker_rig.h), its
// database and a matcher over it, for the matcher's tests. The pose groups
// weigh a tenth of the trajectory's: with two clips and no clip that starts
// or stops, the pose of standing is far from any pose of walking, and only
// the trajectory asked for should decide.
#pragma once

#include <memory>

#include <gtest/gtest.h>

#include "anim/matching/motion_matcher.h"
#include "anim/offline/motion_database_builder.h"
#include "walker_rig.h"

namespace anim_test {

struct StandOrWalk {
  anim::Skeleton skeleton = Walker();
  // Standing with the left foot 0.5 m ahead, so that no row of the walk
  // (left foot from 0.2 back to -1.8) has the same pose.
  anim::Clip idle = StillClip("idle", 2.0f, 0.5f);
  anim::Clip walk = WalkClip();
  anim::RootMotion idle_motion = anim::RootMotion::FromClip(skeleton, idle, 0);
  anim::RootMotion walk_motion = anim::RootMotion::FromClip(skeleton, walk, 0);
  std::unique_ptr<anim::MotionDatabase> db;
  std::unique_ptr<anim::MotionMatcher> matcher;
  anim::MotionMatchingSettings settings;

  explicit StandOrWalk(std::vector<anim::MotionClip> extra = {}) {
    std::vector<anim::MotionClip> sources = {{&idle, &idle_motion, anim::LoopMode::kLoop},
                                             {&walk, &walk_motion, anim::LoopMode::kLoop}};
    sources.insert(sources.end(), extra.begin(), extra.end());
    anim::FeatureWeights weights{0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 1.0f, 1.0f};
    std::string error;
    auto built = anim::BuildMotionDatabase(skeleton, sources, {1, 2, 0}, 30.0f, weights, &error);
    EXPECT_TRUE(built) << error;
    db = std::make_unique<anim::MotionDatabase>(std::move(*built));
    std::vector<anim::MatchedClip> clips;
    for (const anim::MotionClip& s : sources) clips.push_back({s.clip, s.motion, s.mode});
    matcher = std::make_unique<anim::MotionMatcher>(skeleton, *db, clips, 30.0f);
    EXPECT_EQ(matcher->Validate(), "");
  }

  // `frames` updates of 1/60 s asking for `velocity` (m/s) along +Z.
  void Drive(int frames, float velocity) {
    for (int i = 0; i < frames; ++i)
      matcher->Update(1.0f / 60.0f, anim::DesiredMotion{{0.0f, velocity}, 0.0f}, settings);
  }
};

}  // namespace anim_test
