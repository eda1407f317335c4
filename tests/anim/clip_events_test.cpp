// Clip events: every key fires exactly once per crossing, in the order it is
// crossed, whatever the step, the direction or the loop mode. Expected
// sequences are worked out by hand on a timeline.
#include "anim/clips/clip_events.h"
#include "anim/compression/playback.h"
#include "anim/offline/pose.h"
#include "tests/support/pose_sampling.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

using anim::Clip;
using anim::ClipEvent;
using anim::EventBuffer;
using anim::EventKind;
using anim::LoopMode;

// A clip over [start, start + duration] whose one track is irrelevant here.
Clip TimelineClip(float start, float duration, std::vector<ClipEvent> events) {
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {start, start + duration},
                                     {glm::vec3(0.0f), glm::vec3(1.0f)});
  Clip clip("timeline", {jt});
  clip.SetEvents(std::move(events));
  return clip;
}

// "key@0.25", "loop", "complete": what fired, in order.
std::vector<std::string> Fired(const EventBuffer& buffer) {
  std::vector<std::string> out;
  for (const anim::FiredEvent& e : buffer.Events()) {
    if (e.kind == EventKind::kKey) {
      char text[64];
      std::snprintf(text, sizeof text, "%s@%g", std::string(e.name).c_str(), e.time);
      out.push_back(text);
    } else {
      out.push_back(anim::EventKindName(e.kind));
    }
  }
  return out;
}

std::vector<std::string> Step(const Clip& clip, LoopMode mode, float from, double delta) {
  EventBuffer buffer;
  anim::CollectCrossedEvents(clip, mode, from, delta, 1.0f, buffer);
  EXPECT_EQ(buffer.Dropped(), 0);
  return Fired(buffer);
}

using Names = std::vector<std::string>;

TEST(ClipEvents, SetEventsSortsByTimeKeepingTheOrderOfEqualTimes) {
  const Clip clip = TimelineClip(0, 1, {{0.5f, "b"}, {0.25f, "a"}, {0.5f, "c"}});
  ASSERT_EQ(clip.Events().size(), 3u);
  EXPECT_EQ(clip.Events()[0].name, "a");
  EXPECT_EQ(clip.Events()[1].name, "b");
  EXPECT_EQ(clip.Events()[2].name, "c");
}

TEST(ClipEvents, ForwardStepCoversFromExclusiveToInclusive) {
  const Clip clip = TimelineClip(0, 1, {{0.25f, "a"}, {0.5f, "b"}});
  // (0, 0.25] holds a; (0.25, 0.5] holds b, not a again.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.0f, 0.25), Names{"a@0.25"});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.25f, 0.25), Names{"b@0.5"});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.5f, 0.1), Names{});
}

TEST(ClipEvents, AKeyAcrossTheLoopWrapFiresOnceWithTheLoopBetween) {
  const Clip clip = TimelineClip(0, 1, {{0.05f, "early"}, {0.5f, "mid"}, {0.95f, "late"}});
  // 0.9 -> 1.1: late at 0.95, the wrap at 1.0, early at 1.05.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.9f, 0.2), (Names{"late@0.95", "loop", "early@0.05"}));
  // The next step starts at the wrapped time 0.1 and sees none of them again.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.1f, 0.3), Names{});
}

TEST(ClipEvents, OneBigStepCrossesEveryKeyOncePerCycle) {
  // A clip that starts at 2 s: keys are clip times, not offsets.
  const Clip clip = TimelineClip(2.0f, 1.0f, {{2.25f, "a"}, {2.75f, "b"}});
  // From 2.5 by 3 s: 2.75, wrap, 2.25, 2.75, wrap, 2.25, 2.75, wrap, 2.25 (ends at 2.5).
  EXPECT_EQ(
      Step(clip, LoopMode::kLoop, 2.5f, 3.0),
      (Names{"b@2.75", "loop", "a@2.25", "b@2.75", "loop", "a@2.25", "b@2.75", "loop", "a@2.25"}));
}

TEST(ClipEvents, NegativeRateCoversToInclusiveFromExclusiveInReverseOrder) {
  const Clip clip = TimelineClip(0, 1, {{0.1f, "a"}, {0.2f, "b"}, {0.3f, "c"}, {0.9f, "d"}});
  // 0.3 -> -0.2: c is where we start (excluded), b, a, the wrap at 0, d at -0.1.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.3f, -0.5), (Names{"b@0.2", "a@0.1", "loop", "d@0.9"}));
  // Landing exactly on a key fires it; the next backward step starts there and does not.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.25f, -0.05), Names{"b@0.2"});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.2f, -0.05), Names{});
}

TEST(ClipEvents, PingPongFiresKeysOnTheWayUpAndDownAndReportsEachTurn) {
  const Clip clip = TimelineClip(0, 1, {{0.0f, "start"}, {0.25f, "a"}, {1.0f, "end"}});
  // One whole period from 0: up through a and end, turn at the end, down
  // through a (at u = 2 - 0.25), turn back at the start (u = 2). Keys at
  // the ends belong to the way up, so the key at the start fires once, as
  // the next way up begins, after the turn.
  EXPECT_EQ(Step(clip, LoopMode::kPingPong, 0.0f, 2.0),
            (Names{"a@0.25", "end@1", "loop", "a@0.25", "loop", "start@0"}));
  // Ping-pong's wrapped time u runs over [0, 2). From u = 1.5 (sampled at
  // 0.5 on the way down) a step of -1 goes back to u = 0.5: it crosses the
  // turn at u = 1, then the end key met on the way up (also at u = 1).
  EXPECT_EQ(Step(clip, LoopMode::kPingPong, 1.5f, -1.0), (Names{"loop", "end@1"}));
}

TEST(ClipEvents, ClampFiresCompleteOnceAtTheEndItPlaysTowards) {
  const Clip clip = TimelineClip(0, 1, {{0.1f, "a"}, {0.9f, "b"}, {1.0f, "end"}});
  EXPECT_EQ(Step(clip, LoopMode::kClamp, 0.8f, 0.5), (Names{"b@0.9", "end@1", "complete"}));
  // Held at the end: nothing fires again.
  EXPECT_EQ(Step(clip, LoopMode::kClamp, 1.0f, 0.5), Names{});
  // Backward, the start is the end it plays towards.
  EXPECT_EQ(Step(clip, LoopMode::kClamp, 0.2f, -1.0), (Names{"a@0.1", "complete"}));
  EXPECT_EQ(Step(clip, LoopMode::kClamp, 0.0f, -1.0), Names{});
}

TEST(ClipEvents, ZeroOrNonFiniteDeltaFiresNothing) {
  const Clip clip = TimelineClip(0, 1, {{0.0f, "start"}, {0.5f, "mid"}});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.5f, 0.0), Names{});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.0f, 0.0), Names{});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.25f, std::nan("")), Names{});
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.25f, INFINITY), Names{});
}

TEST(ClipEvents, KeysAtTheStartAndEndOfALoopFireOncePerWrap) {
  const Clip clip = TimelineClip(0, 1, {{0.0f, "start"}, {1.0f, "end"}});
  // The end key and the wrap and the start key of the next cycle are the
  // same instant: all three fire, once, in that order.
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.5f, 1.0), (Names{"end@1", "loop", "start@0"}));
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.0f, 0.5), Names{});
}

TEST(ClipEvents, AStepThatPlaybackRoundsOntoTheWrapCountsAsReachingIt) {
  const Clip clip = TimelineClip(0, 1.1f, {{0.0f, "start"}, {1.1f, "end"}});
  // A step ending 1e-9 s short of the end: Playback rounds the time to the
  // float 1.1f, which wraps to 0, and the next step starts there. So this
  // step must fire the end, the wrap and the start key, or nothing would.
  const double delta = static_cast<double>(1.1f) - 1.0 - 1e-9;
  anim::Pose pose({anim::Transform{}}, {-1});
  anim::Playback playback;
  playback.Start(&clip);
  playback.time = 1.0f;
  test_support::AdvanceInto(playback, static_cast<float>(delta), pose);
  ASSERT_EQ(playback.time, 0.0f);
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 1.0f, delta), (Names{"end@1.1", "loop", "start@0"}));
  EXPECT_EQ(Step(clip, LoopMode::kLoop, 0.0f, 0.1), Names{});
}

TEST(ClipEvents, StartingAPlaybackFiresTheKeysAtItsStartTimeOnce) {
  const Clip clip = TimelineClip(0, 1, {{0.0f, "footstep"}, {0.5f, "mid"}});
  EventBuffer buffer;
  anim::Playback playback;
  playback.Start(&clip);
  anim::CollectEventsAt(clip, playback.time, 1.0f, buffer);
  EXPECT_EQ(Fired(buffer), Names{"footstep@0"});
  // The first step does not repeat it.
  buffer.Clear();
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, playback.time, 1.0 / 60, 1.0f, buffer);
  EXPECT_EQ(Fired(buffer), Names{});
}

TEST(ClipEvents, TheWeightAndClipArePassedAlong) {
  const Clip clip = TimelineClip(0, 1, {{0.5f, "mid"}});
  EventBuffer buffer;
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, 0.4f, 0.2, 0.3f, buffer);
  ASSERT_EQ(buffer.Events().size(), 1u);
  EXPECT_EQ(buffer.Events()[0].weight, 0.3f);
  EXPECT_EQ(buffer.Events()[0].clip, &clip);
  EXPECT_EQ(buffer.Events()[0].name.data(), clip.Events()[0].name.data());  // a view, not a copy
  // A clip that stops at its end passes them along too.
  buffer.Clear();
  anim::CollectCrossedEvents(clip, LoopMode::kClamp, 0.4f, 0.2, 0.7f, buffer);
  ASSERT_EQ(buffer.Events().size(), 1u);
  EXPECT_EQ(buffer.Events()[0].weight, 0.7f);
  EXPECT_EQ(buffer.Events()[0].clip, &clip);
}

// Plays `loops` whole cycles (plus 1 ms, so a key at the start of the next
// cycle is reached but nothing else) through Playback::Advance in steps of
// `dt`, the last shortened, and counts what fired.
std::map<std::string, int> Simulate(const Clip& clip, LoopMode mode, float rate, float dt,
                                    int loops) {
  anim::Pose pose({anim::Transform{}}, {-1});
  anim::Playback playback;
  playback.Start(&clip, mode, rate);
  EventBuffer buffer;
  std::map<std::string, int> counts;
  const double total = loops * static_cast<double>(clip.Duration()) / std::abs(rate) + 1e-3;
  double elapsed = 0.0;
  while (elapsed < total) {
    const float step = static_cast<float>(std::min<double>(dt, total - elapsed));
    elapsed += step;
    buffer.Clear();
    const float from = playback.time;
    test_support::AdvanceInto(playback, step, pose);
    anim::CollectCrossedEvents(clip, mode, from, static_cast<double>(step) * rate, 1.0f, buffer);
    EXPECT_EQ(buffer.Dropped(), 0);
    for (const std::string& name : Fired(buffer)) ++counts[name];
  }
  return counts;
}

TEST(ClipEvents, TenLoopsFireEveryKeyTenTimesWhateverTheStep) {
  // Walk-like timing: 1.1 s, keys on the frames where feet land, plus the
  // ends of the clip.
  const Clip clip =
      TimelineClip(0, 1.1f, {{0.0f, "left"}, {0.55f, "right"}, {0.3f, "x"}, {1.1f, "end"}});
  for (float dt : {1.0f / 60, 1.0f / 7, 0.37f}) {
    for (float rate : {1.0f, -1.0f, 1.7f}) {
      SCOPED_TRACE("dt " + std::to_string(dt) + " rate " + std::to_string(rate));
      const std::map<std::string, int> counts = Simulate(clip, LoopMode::kLoop, rate, dt, 10);
      for (const char* name : {"left@0", "right@0.55", "x@0.3", "end@1.1", "loop"}) {
        EXPECT_EQ(counts.count(name) ? counts.at(name) : 0, 10) << name;
      }
    }
  }
}

TEST(ClipEvents, TenPingPongPeriodsFireInnerKeysTwicePerPeriod) {
  const Clip clip = TimelineClip(0, 1.1f, {{0.0f, "start"}, {0.3f, "x"}, {1.1f, "end"}});
  for (float dt : {1.0f / 60, 1.0f / 7, 0.37f}) {
    SCOPED_TRACE("dt " + std::to_string(dt));
    // 10 periods of ping-pong = 20 passes.
    const std::map<std::string, int> counts = Simulate(clip, LoopMode::kPingPong, 1.0f, dt, 20);
    EXPECT_EQ(counts.at("x@0.3"), 20);
    EXPECT_EQ(counts.at("end@1.1"), 10);
    EXPECT_EQ(counts.at("start@0"), 10);
    EXPECT_EQ(counts.at("loop"), 20);
  }
}

TEST(ClipEvents, AFullBufferCountsWhatItDrops) {
  const Clip clip = TimelineClip(0, 1, {{0.25f, "a"}, {0.75f, "b"}});
  EventBuffer buffer(4);
  // 0 -> 3: a, b, loop per cycle = 9 marks; 4 kept.
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, 0.0f, 3.0, 1.0f, buffer);
  EXPECT_EQ(Fired(buffer), (Names{"a@0.25", "b@0.75", "loop", "a@0.25"}));
  EXPECT_EQ(buffer.Dropped(), 5);
  EXPECT_FALSE(buffer.Push(anim::FiredEvent{}));
  EXPECT_EQ(buffer.Dropped(), 6);
  buffer.Clear();
  EXPECT_EQ(buffer.Dropped(), 0);
  EXPECT_TRUE(buffer.Events().empty());
  // A million cycles in one step returns at once, with the count: 3 per cycle.
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, 0.0f, 1e6, 1.0f, buffer);
  EXPECT_EQ(static_cast<int>(buffer.Events().size()) + buffer.Dropped(), 3000000);
}

}  // namespace
