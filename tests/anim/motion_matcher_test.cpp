// MotionMatcher on a character that can stand or walk
// (motion_matching_fixture.h): what it plays for the input it is given,
// where root motion takes it, and how a switch looks.
#include "anim/matching/motion_matcher.h"

#include <gtest/gtest.h>

#include "motion_matching_fixture.h"

namespace {

using anim_test::StandOrWalk;
constexpr int kIdle = 0, kWalk = 1;

TEST(MotionMatcher, StartsWalkingWhenAskedAndItsRootMotionCarriesTheCharacter) {
  StandOrWalk s;
  s.settings.adjust_halflife = 0.0f;  // root motion alone
  EXPECT_EQ(s.matcher->PlayingClip(), kIdle);
  s.Drive(1, 1.0f);
  // The first update searched, and the walk's trajectory is nearer.
  EXPECT_EQ(s.matcher->Searches(), 1);
  EXPECT_EQ(s.matcher->PlayingClip(), kWalk);
  EXPECT_TRUE(s.matcher->LastSearch().switched);
  // Two seconds of walking at 1 m/s along +Z: 2 m, less the first frame,
  // which still stood; one switch, the later searches keeping the walk
  // (the nearer rows of the same walk are the same place).
  s.Drive(120, 1.0f);
  EXPECT_EQ(s.matcher->PlayingClip(), kWalk);
  EXPECT_EQ(s.matcher->Switches(), 1);
  EXPECT_NEAR(s.matcher->Placement().position.y, 2.0f, 0.02f);
  EXPECT_NEAR(s.matcher->Placement().position.x, 0.0f, 1e-4f);
  // A search every 0.1 s: 121 frames of 1/60 s, about 20.
  EXPECT_NEAR(static_cast<double>(s.matcher->Searches()), 20.0, 2.0);
}

TEST(MotionMatcher, StopsWhenTheInputDoesAtOnceOnASharpChange) {
  StandOrWalk s;
  s.settings.adjust_halflife = 0.0f;  // root motion alone
  s.Drive(60, 1.0f);
  ASSERT_EQ(s.matcher->PlayingClip(), kWalk);
  const long long searches = s.matcher->Searches();
  // Letting go: a change of 1 m/s is sharp, so the very next update searches.
  s.Drive(1, 0.0f);
  EXPECT_EQ(s.matcher->Searches(), searches + 1);
  EXPECT_EQ(s.matcher->PlayingClip(), kIdle);
  const float stopped_at = s.matcher->Placement().position.y;
  s.Drive(60, 0.0f);
  EXPECT_EQ(s.matcher->PlayingClip(), kIdle);
  EXPECT_EQ(s.matcher->Placement().position.y, stopped_at);
}

TEST(MotionMatcher, WhereNoClipTurnsTheCharacterIsPulledTowardsTheSimulation) {
  // Asked to walk along +X: no clip turns, so the walk goes on along the
  // character's +Z; pulled towards the simulation, it turns and follows it.
  StandOrWalk pulled, alone;
  alone.settings.adjust_halflife = 0.0f;
  for (StandOrWalk* s : {&pulled, &alone})
    for (int i = 0; i < 180; ++i)
      s->matcher->Update(1.0f / 60.0f, anim::DesiredMotion{{1.0f, 0.0f}, 1.5707963f}, s->settings);
  EXPECT_NEAR(alone.matcher->Placement().yaw, 0.0f, 1e-5f);
  EXPECT_NEAR(alone.matcher->Placement().position.x, 0.0f, 1e-4f);
  // The simulation turned to face +X at once (halflife 0.1 s) and moved
  // about 3 s at 1 m/s less its start (2 / y = 0.39 m): the character is
  // near it.
  const anim::GroundMotion& sim = pulled.matcher->Simulation();
  EXPECT_NEAR(sim.yaw, 1.5707963f, 1e-3f);
  EXPECT_NEAR(sim.position.x, 3.0f - 0.39f, 0.02f);
  EXPECT_NEAR(pulled.matcher->Placement().yaw, sim.yaw, 0.05f);
  EXPECT_NEAR(pulled.matcher->Placement().position.x, sim.position.x, 0.3f);
}

TEST(MotionMatcher, TheSwitchIsHiddenByInertialization) {
  StandOrWalk s;
  s.Drive(10, 0.0f);  // standing, the left foot 0.5 m ahead
  const float standing = s.matcher->Pose().Local(1).translation.z;
  ASSERT_NEAR(standing, 0.5f, 1e-5f);
  s.Drive(1, 1.0f);
  ASSERT_TRUE(s.matcher->LastSearch().switched);
  // The walk's own foot is at least 0.3 m away (0.2 at most)...
  anim::SoaPose walk_pose(s.skeleton.RestPose());
  s.walk.Sample(walk_pose, s.matcher->Playing().time);
  ASSERT_GT(standing - walk_pose.Local(1).translation.z, 0.29f);
  // ...but the pose shown continues from the one before.
  EXPECT_NEAR(s.matcher->Pose().Local(1).translation.z, standing, 0.02f);
  EXPECT_TRUE(s.matcher->Inertializing());
  // Once the transition is over, the walk shows as it is.
  s.Drive(static_cast<int>(s.settings.transition_seconds * 60.0f) + 2, 1.0f);
  EXPECT_FALSE(s.matcher->Inertializing());
  s.walk.Sample(walk_pose, s.matcher->Playing().time);
  EXPECT_NEAR(s.matcher->Pose().Local(1).translation.z, walk_pose.Local(1).translation.z, 1e-4f);
}

TEST(MotionMatcher, AClipThatStopsIsLeftBeforeItsEnd) {
  // A still clip that does not loop, 1.5 s: its rows look exactly like the
  // idle's, so no search finds a better row while it plays; only running
  // out makes the matcher leave it.
  const anim::Clip hold = anim_test::StillClip("hold", 1.5f, 0.5f);
  StandOrWalk s({{&hold, nullptr, anim::LoopMode::kClamp}});
  const int kHold = 2;
  s.matcher->Reset({}, s.db->Ranges().back().begin);
  ASSERT_EQ(s.matcher->PlayingClip(), kHold);
  bool forced = false;
  for (int i = 0; i < 180; ++i) {
    s.Drive(1, 0.0f);
    forced = forced || s.matcher->LastSearch().forced;
    if (s.matcher->PlayingClip() == kHold) {
      ASSERT_LE(s.matcher->Playing().time, 1.5f - s.settings.search_interval + 1.0f / 60.0f + 1e-4f)
          << i;
    }
  }
  EXPECT_TRUE(forced);
}

// Hips that speed up evenly, from 0 to 2 m/s over 4 s: z = t^2 / 4.
anim::Clip RampClip() {
  anim::JointTracks hips;
  hips.joint = 0;
  std::vector<float> times;
  std::vector<glm::vec3> positions;
  for (int i = 0; i <= 40; ++i) {
    const float t = i / 10.0f;
    times.push_back(t);
    positions.push_back({0.0f, 1.0f, 0.25f * t * t});
  }
  hips.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, positions);
  return anim::Clip("ramp", {hips});
}

TEST(MotionMatcher, NeverSwitchesToTheSamePlaceOfTheClipPlaying) {
  // Only the trajectory counts: asked for 1 m/s, the ramp fits best where
  // it moves at about 1 m/s (near t = 1.8 s). Playing on past it, the search
  // keeps finding rows a little behind; a switch must go back at least
  // same_place_seconds, or it would jump every 0.1 s.
  const anim::Skeleton skeleton = anim_test::Walker();
  const anim::Clip ramp = RampClip();
  const anim::RootMotion motion = anim::RootMotion::FromClip(skeleton, ramp, 0);
  const anim::MotionClip source{&ramp, &motion, anim::LoopMode::kClamp};
  std::string error;
  const auto db = anim::BuildMotionDatabase(skeleton, {&source, 1}, {1, 2, 0}, 30.0f,
                                            {0, 0, 0, 0, 0, 1, 1}, &error);
  ASSERT_TRUE(db) << error;
  const anim::MatchedClip clip{&ramp, &motion, anim::LoopMode::kClamp};
  anim::MotionMatcher matcher(skeleton, *db, {&clip, 1}, 30.0f);
  ASSERT_EQ(matcher.Validate(), "");
  const anim::MotionMatchingSettings settings;
  int switches = 0;
  for (int i = 0; i < 240; ++i) {
    const float before = matcher.Playing().time;
    const long long switched = matcher.Switches();
    matcher.Update(1.0f / 60.0f, {{0.0f, 1.0f}, 0.0f}, settings);
    if (matcher.Switches() == switched || i == 0) continue;
    ++switches;
    EXPECT_GE(std::abs(matcher.Playing().time - (before + 1.0f / 60.0f)),
              settings.same_place_seconds - 1e-4f)
        << "frame " << i;
  }
  EXPECT_GE(switches, 2);
}

TEST(MotionMatcher, ValidateNamesADatabaseRowWithoutItsClip) {
  StandOrWalk s;
  const anim::MatchedClip only{&s.idle, &s.idle_motion, anim::LoopMode::kLoop};
  const anim::MotionMatcher short_of_clips(s.skeleton, *s.db, {&only, 1}, 30.0f);
  EXPECT_NE(short_of_clips.Validate().find("plays clip 1 of 1 given"), std::string::npos)
      << short_of_clips.Validate();
  // Refused, it plays nothing (its rows of clip 1 have no clip to sample).
  anim::MotionMatcher refused(s.skeleton, *s.db, {&only, 1}, 30.0f);
  EXPECT_FALSE(refused.Update(1.0f / 60.0f, {{0.0f, 1.0f}, 0.0f}, s.settings));
  EXPECT_EQ(refused.Searches(), 0);
  EXPECT_FALSE(s.matcher->Update(-1.0f, {}, s.settings));
  EXPECT_TRUE(s.matcher->Update(0.0f, {}, s.settings));
}

}  // namespace
