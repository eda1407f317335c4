// The clock of a Playback of a compressed clip on its own: the step it
// reports (what clip events and root motion of the raw clip are read over),
// a loop mode changed while it plays, phase 1 of a loop and a clamp played
// backwards (both forms), against times worked out by hand for a clip of
// 1.0 s (the test rig's swing).
#include "anim/compression/playback.h"

#include <cmath>

#include <gtest/gtest.h>

#include "anim/offline/clip_builder.h"
#include "tests/anim/test_rig.h"

namespace {

using Loop = anim::LoopMode;

class CompressedClock : public testing::Test {
 protected:
  anim::Skeleton skeleton_ = anim_test::MakeTestSkeleton();
  anim::Clip raw_ = anim_test::MakeSwingClip("swing", 1.0f, 60.0f);
  anim::CompressedClip clip_ = anim::BuildCompressedClip(raw_, skeleton_);
  anim::SoaPose pose_{skeleton_.RestPose()};
};

TEST_F(CompressedClock, StepAndAdvanceReportWhatTheClockCovered) {
  anim::Playback playback;
  ASSERT_EQ(playback.Start({nullptr, &clip_}, Loop::kLoop, -1.0f), "");
  anim::ClockStep step;
  // Backward from the start: over the loop point once, to 0.75.
  ASSERT_TRUE(playback.Step(0.25f, &step));
  anim_test::ExpectClockStep(step, 0.0, -0.25, 0.75, -1);
  // Forward at 2x through three ends: 0.75 + 2.5 = 3.25 -> 0.25.
  playback.rate = 2.0f;
  ASSERT_TRUE(playback.Advance(1.25f, pose_, &step));
  anim_test::ExpectClockStep(step, 0.75, 2.5, 0.25, 3);
  EXPECT_DOUBLE_EQ(playback.Clock().Time(), 0.25);

  // Refusals leave the step (and the clock) as they were.
  EXPECT_FALSE(playback.Step(std::nanf(""), &step));
  anim::SoaPose other(anim_test::MakeTwoLegSkeleton().RestPose());
  EXPECT_FALSE(playback.Advance(0.1f, other, &step));
  anim_test::ExpectClockStep(step, 0.75, 2.5, 0.25, 3);
  EXPECT_DOUBLE_EQ(playback.Clock().Time(), 0.25);

  // Clamp: the end reached in this step.
  ASSERT_EQ(playback.Start({nullptr, &clip_}, Loop::kClamp, 1.0f), "");
  ASSERT_TRUE(playback.Advance(1.5f, pose_, &step));
  EXPECT_DOUBLE_EQ(step.to, 1.0);
  EXPECT_TRUE(step.completed);
}

// A clip whose keys run from 0.5 s to 1.5 s: Step wraps within the clip's
// own span (the clock's), not one starting at 0. A loop stepped 1.2 s from
// its start is at 0.5 + 0.2 = 0.7 s; a clamp stepped 2 s holds its end.
TEST_F(CompressedClock, StepsWrapWithinTheSpanOfAClipThatStartsLate) {
  anim::JointTracks track;
  track.joint = 0;
  track.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.5f, 1.5f},
                                        {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
  const anim::Clip late("late", {track});
  ASSERT_FLOAT_EQ(late.StartTime(), 0.5f);
  const anim::CompressedClip compressed = anim::BuildCompressedClip(late, skeleton_);
  anim::Playback playback;
  ASSERT_EQ(playback.Start({nullptr, &compressed}, Loop::kLoop, 1.0f), "");
  EXPECT_FLOAT_EQ(playback.time, 0.5f);
  ASSERT_TRUE(playback.Step(1.2f));
  EXPECT_NEAR(playback.time, 0.7f, 1e-5f);
  ASSERT_TRUE(playback.Step(0.6f));
  EXPECT_NEAR(playback.time, 1.3f, 1e-5f);
  ASSERT_EQ(playback.Start({nullptr, &compressed}, Loop::kClamp, 1.0f), "");
  ASSERT_TRUE(playback.Step(2.0f));
  EXPECT_NEAR(playback.time, 1.5f, 1e-5f);
}

// A mode changed while playing keeps the time, wrapped by the new mode, as a
// raw Playback's next step wraps it.
TEST_F(CompressedClock, SetModeKeepsTheTimeWrappedByTheNewMode) {
  struct Case {
    Loop from, to;
    double at, time, sampled;
  };
  const Case cases[] = {
      {Loop::kPingPong, Loop::kLoop, 1.5, 0.5, 0.5},     // on the way back
      {Loop::kPingPong, Loop::kClamp, 1.5, 1.0, 1.0},    // past the end: held there
      {Loop::kLoop, Loop::kPingPong, 0.75, 0.75, 0.75},  // the way up: unchanged
      {Loop::kPingPong, Loop::kPingPong, 1.25, 1.25, 0.75},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(anim::LoopModeName(c.from)) + " -> " + anim::LoopModeName(c.to));
    anim::Playback playback;
    ASSERT_EQ(playback.Start({nullptr, &clip_}, c.from), "");
    playback.SetTime(c.at);
    playback.SetMode(c.to);
    EXPECT_EQ(playback.mode, c.to);
    EXPECT_DOUBLE_EQ(playback.Clock().Time(), c.time);
    EXPECT_FLOAT_EQ(playback.SampleTime(), static_cast<float>(c.sampled));
    // The raw Playback of the same clip, its mode changed alike.
    anim::Playback raw;
    raw.Start(&raw_, c.from);
    raw.time = static_cast<float>(c.at);
    raw.mode = c.to;
    ASSERT_TRUE(raw.Step(0.0f));
    EXPECT_FLOAT_EQ(raw.time, static_cast<float>(c.time));
  }
}

// The raw clip's morph-weight tracks, when the playback is given the raw
// clip beside the compressed one, are sampled at the time its joints are
// (weight 0 from 1 to 3 over the clip; ping-pong reflects the time as for
// the joints); without the raw clip the pose keeps its weights.
TEST_F(CompressedClock, MorphWeightTracksAreSampledWithTheJoints) {
  anim::MorphWeightTracks tracks;
  tracks.targets = {anim_test::LinearWeight(1.0f, 3.0f)};
  raw_.SetMorphWeights({tracks});
  anim::SoaPose pose = pose_;
  pose.SetMorphWeights(std::vector<float>{-5.0f, 0.5f});
  anim::Playback playback;
  ASSERT_EQ(playback.Start({nullptr, &clip_}, Loop::kPingPong, 1.0f), "");
  ASSERT_TRUE(playback.Advance(0.25f, pose));
  EXPECT_EQ(pose.MorphWeights()[0], -5.0f);  // no raw clip given: untouched
  playback.clip = &raw_;
  ASSERT_TRUE(playback.Advance(1.0f, pose));  // 1.25 s: back to 0.75 of the clip
  EXPECT_NEAR(pose.MorphWeights()[0], 1.0f + 2.0f * 0.75f, 1e-5f);
  EXPECT_EQ(pose.MorphWeights()[1], 0.5f);
}

// What one playing character keeps for its clip (memory reports): the
// playback itself, three key cursors a track of a raw clip (rotation,
// translation, scale), and the arrays a compressed clip's context decodes
// into.
TEST_F(CompressedClock, ByteSizeCountsThePlaybackItsCursorsAndItsContextsArrays) {
  anim::Playback raw;
  ASSERT_EQ(raw.Start({&raw_, nullptr}, Loop::kLoop, 1.0f), "");
  ASSERT_EQ(raw.context.ByteSize(), sizeof(anim::CompressedClipContext));
  EXPECT_EQ(raw.ByteSize(),
            sizeof(anim::Playback) + 3 * raw_.Tracks().size() * sizeof(anim::TrackCursor));

  anim::Playback compressed;
  ASSERT_EQ(compressed.Start({nullptr, &clip_}, Loop::kLoop, 1.0f), "");
  const std::size_t arrays = compressed.context.ByteSize() - sizeof(anim::CompressedClipContext);
  ASSERT_GT(arrays, 0u);
  EXPECT_EQ(compressed.ByteSize(), sizeof(anim::Playback) + arrays);
}

// A loop put at phase 1 sits on its end (the same instant as its start, as
// a graph state entered at phase 1 is) and steps on from there across the
// loop point; both forms alike.
TEST_F(CompressedClock, ALoopPutAtPhaseOneSitsOnItsEndAndStepsOnAcrossTheLoopPoint) {
  for (const anim::ClipRef& source : {anim::ClipRef(&raw_), anim::ClipRef(nullptr, &clip_)}) {
    SCOPED_TRACE(source.IsCompressed() ? "compressed" : "raw");
    anim::Playback playback;
    ASSERT_EQ(playback.Start(source, Loop::kLoop, 1.0f), "");
    playback.SetPhase(1.0f);
    EXPECT_EQ(playback.time, 1.0f);
    EXPECT_EQ(playback.Clock().Time(), 1.0);
    anim::ClockStep step;
    ASSERT_TRUE(playback.Step(0.25f, &step));
    anim_test::ExpectClockStep(step, 1.0, 0.25, 0.25, 1);
    playback.SetPhase(0.5f);
    EXPECT_EQ(playback.time, 0.5f);
  }
}

// kClamp completes at the end it plays towards: a playback put at its end
// and played backwards is complete at its start, not before; turned
// forward there, it is not.
TEST_F(CompressedClock, AClampPlayedBackwardsCompletesAtItsStart) {
  for (const anim::ClipRef& source : {anim::ClipRef(&raw_), anim::ClipRef(nullptr, &clip_)}) {
    SCOPED_TRACE(source.IsCompressed() ? "compressed" : "raw");
    anim::Playback playback;
    ASSERT_EQ(playback.Start(source, Loop::kClamp, -1.0f), "");
    playback.SetPhase(1.0f);
    ASSERT_TRUE(playback.Step(0.0f));
    EXPECT_FALSE(playback.IsComplete()) << "at the end, playing towards the start";
    ASSERT_TRUE(playback.Step(0.6f));
    EXPECT_FALSE(playback.IsComplete());
    ASSERT_TRUE(playback.Step(0.6f));
    EXPECT_EQ(playback.time, 0.0f);
    EXPECT_TRUE(playback.IsComplete());
    playback.rate = 1.0f;
    ASSERT_TRUE(playback.Step(0.0f));
    EXPECT_FALSE(playback.IsComplete()) << "at the start, playing towards the end";
  }
}

}  // namespace
