// ClipNode and SingleFrameNode on the analytic clips of graph_fixture.h:
// every loop mode forwards and backwards, rates from a constant, a parameter
// and a synchronising parent, key, loop and complete events with either sign
// of rate, and root motion. Expected values are worked out in the comments
// (ramp: x = t on a 1 s clip; spin: 90 degrees a second about +Z).
#include <gtest/gtest.h>

#include "anim/graph/clip_node.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::EventKind;
using anim::LoopMode;
using anim_test::AxisAngle;
using anim_test::EventsOf;
using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;

using ClipNodeTest = anim_test::GraphFixture;

TEST_F(ClipNodeTest, LoopWrapsForward) {
  auto* n = AddClip("ramp", ramp);
  graph.SetRoot(n);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.0f, 1e-6f);
  graph.Update(0.75f);
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  graph.Update(0.5f);  // 1.25 s wraps to 0.25 s
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  EXPECT_NEAR(n->Time(graph.Context()), 0.25f, 1e-6f);
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 0.25f, 1e-6f);
  EXPECT_FLOAT_EQ(n->CycleDurationIn(graph.Context()), 1.0f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context())) << "a looping clip never completes";
}

TEST_F(ClipNodeTest, LoopPlaysBackwardWithANegativeRate) {
  auto* n = AddClip("ramp", ramp, LoopMode::kLoop, -1.0f);
  graph.SetRoot(n);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.0f, 1e-6f);
  graph.Update(0.25f);  // 0 - 0.25 wraps to 0.75
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 0.75f, 1e-6f);
  graph.Update(0.5f);  // 0.25
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Update(0.5f);  // -0.25 wraps to 0.75
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()));
}

TEST_F(ClipNodeTest, RateComesFromAParameterAndTheSyncScale) {
  const int rate = AddFloat("rate", 2.5f);
  anim::ClipNodeOptions o;
  o.rate = {rate, 0.0f};
  auto* n = graph.Add<anim::ClipNode>("ramp", skeleton, ramp, o);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.1f);  // 0.1 s at 2.5: 0.25
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Params().Set(rate, -0.5f);
  graph.Update(0.1f);  // 0.25 - 0.05
  EXPECT_NEAR(X(), 0.2f, 1e-6f);
  n->SetSyncScale(3.0f);
  graph.Update(0.1f);  // rate -0.5 x 3 = -1.5: 0.2 - 0.15
  EXPECT_NEAR(X(), 0.05f, 1e-6f);
}

TEST_F(ClipNodeTest, ClampHoldsTheEndAndCompletesThere) {
  auto* n = AddClip("ramp", ramp, LoopMode::kClamp);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.6f);
  EXPECT_NEAR(X(), 0.6f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()));
  graph.Update(0.6f);  // 1.2 s clamps to the end
  EXPECT_NEAR(X(), 1.0f, 1e-6f);
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 1.0f, 1e-6f);
  EXPECT_TRUE(n->IsCompleteIn(graph.Context()));
  graph.Update(0.3f);
  EXPECT_NEAR(X(), 1.0f, 1e-6f);
  EXPECT_TRUE(n->IsCompleteIn(graph.Context()));
}

TEST_F(ClipNodeTest, ClampPlayedBackwardCompletesAtTheStartNotTheEnd) {
  const int rate = AddFloat("rate", -1.0f);
  anim::ClipNodeOptions o;
  o.loop = LoopMode::kClamp;
  o.rate = {rate, 0.0f};
  auto* n = graph.Add<anim::ClipNode>("ramp", skeleton, ramp, o);
  graph.SetRoot(n);
  n->ResetIn(1.0f, graph.Context());  // start at the end, as a state with start_phase 1 would
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 1.0f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context())) << "at the end, but playing towards the start";
  graph.Update(0.4f);  // 0.6
  graph.Update(0.4f);  // 0.2
  EXPECT_NEAR(X(), 0.2f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()));
  graph.Update(0.4f);  // -0.2 clamps to the start
  EXPECT_NEAR(X(), 0.0f, 1e-6f);
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 0.0f, 1e-6f);
  EXPECT_TRUE(n->IsCompleteIn(graph.Context()));
  // Turned forward again, the start is where it begins, not where it ends.
  graph.Params().Set(rate, 1.0f);
  graph.Update(0.0f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()));
}

TEST_F(ClipNodeTest, PingPongPlaysForwardThenBackward) {
  auto* n = AddClip("ramp", ramp, LoopMode::kPingPong);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.75f);
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  graph.Update(0.5f);  // 1.25 s: 0.25 into the backward pass, at 1 - 0.25
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  EXPECT_NEAR(n->Time(graph.Context()), 1.25f, 1e-6f)
      << "ping-pong keeps time in [0, 2 * duration)";
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 0.75f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()))
      << "past the end on the way back, but ping-pong never completes";
  graph.Update(0.5f);  // 1.75 s: at 0.25 on the way back
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Update(0.5f);  // 2.25 s: forward again, at 0.25
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  EXPECT_NEAR(n->Time(graph.Context()), 0.25f, 1e-6f);
  EXPECT_FALSE(n->IsCompleteIn(graph.Context()));
}

TEST_F(ClipNodeTest, PingPongPlayedBackwardStartsOnTheWayBack) {
  auto* n = AddClip("ramp", ramp, LoopMode::kPingPong, -1.0f);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.25f);  // -0.25 wraps to 1.75: 0.25 before the start on the way back
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  EXPECT_NEAR(n->Time(graph.Context()), 1.75f, 1e-6f);
  graph.Update(0.5f);  // 1.25: x 0.75
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  graph.Update(0.5f);  // 0.75, on the forward pass, still going down
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  graph.Update(0.5f);  // 0.25
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
}

TEST_F(ClipNodeTest, RotationsFollowTheClipInEveryMode) {
  auto* looped = AddClip("loop", spin, LoopMode::kLoop, -1.0f);
  graph.SetRoot(looped);
  graph.Update(0.0f);
  graph.Update(0.25f);  // backward: 0.75 s, 67.5 degrees
  ExpectSameRotation(Rotation(1), AxisAngle(67.5f, {0, 0, 1}));
  ExpectSameRotation(Rotation(0), glm::quat(1, 0, 0, 0));  // not animated: rest

  graph.SetRoot(AddClip("pp", spin, LoopMode::kPingPong));
  graph.Update(0.0f);
  graph.Update(1.4f);  // 0.4 s into the way back: 0.6 s, 54 degrees
  ExpectSameRotation(Rotation(1), AxisAngle(54.0f, {0, 0, 1}));

  graph.SetRoot(AddClip("clamp", spin, LoopMode::kClamp));
  graph.Update(0.0f);
  graph.Update(3.0f);  // held at the end: 90 degrees
  ExpectSameRotation(Rotation(1), AxisAngle(90.0f, {0, 0, 1}));
}

TEST_F(ClipNodeTest, KeysFireWhenCrossedInTheDirectionOfPlay) {
  ramp.SetEvents({{0.25f, "k"}});
  auto* forward = AddClip("forward", ramp);
  graph.SetRoot(forward);
  // Forward in steps of 0.3: (0, 0.3] holds the key; (0.9, 1.2] holds the wrap.
  graph.Update(0.0f);
  graph.Update(0.3f);
  EXPECT_EQ(EventsOf(graph, EventKind::kKey).size(), 1u);
  graph.Update(0.3f);
  graph.Update(0.3f);
  EXPECT_TRUE(graph.Events().empty());
  graph.Update(0.3f);
  const auto loops = EventsOf(graph, EventKind::kLoop);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].name, "ramp");
  EXPECT_FLOAT_EQ(loops[0].time, 1.0f);

  // Backward from 0 in steps of 0.3: 0.7, 0.4, then [0.1, 0.4) holds the key,
  // then [-0.2, 0.1) holds the wrap at the start.
  graph.SetRoot(AddClip("backward", ramp, LoopMode::kLoop, -1.0f));
  graph.Update(0.0f);
  graph.Update(0.3f);
  graph.Update(0.3f);
  EXPECT_TRUE(graph.Events().empty()) << "the key at 0.25 is not crossed going 0 -> 0.7 -> 0.4";
  graph.Update(0.3f);
  const auto keys = EventsOf(graph, EventKind::kKey);
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_EQ(keys[0].name, "k");
  EXPECT_FLOAT_EQ(keys[0].time, 0.25f);
  EXPECT_FLOAT_EQ(keys[0].weight, 1.0f);
  graph.Update(0.3f);
  EXPECT_EQ(EventsOf(graph, EventKind::kLoop).size(), 1u);
  EXPECT_EQ(EventsOf(graph, EventKind::kKey).size(), 0u);
}

TEST_F(ClipNodeTest, AKeyAtTheStartFiresOnTheFirstUpdateOnly) {
  ramp.SetEvents({{0.0f, "begin"}, {1.0f, "end"}});
  auto* n = AddClip("ramp", ramp, LoopMode::kClamp);
  graph.SetRoot(n);
  graph.Update(0.0f);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "begin"), 1);
  graph.Update(0.1f);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "begin"), 0);
  // Played backward from the end, the start is the end: "end" fires at once.
  graph.SetRoot(AddClip("back", ramp, LoopMode::kClamp, -1.0f));
  graph.Root()->ResetIn(1.0f, graph.Context());
  graph.Update(0.1f);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "end"), 1);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "begin"), 0);
  graph.Update(0.1f);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "end"), 0);
  // A reset plays the start again.
  graph.Root()->ResetIn(1.0f, graph.Context());
  graph.Update(0.1f);
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "end"), 1);
}

TEST_F(ClipNodeTest, CompleteFiresOnceWhereAClampedClipEndsInEitherDirection) {
  ramp.SetEvents({{0.5f, "mid"}});
  graph.SetRoot(AddClip("forward", ramp, LoopMode::kClamp));
  graph.Update(0.0f);
  graph.Update(0.4f);
  graph.Update(0.4f);  // crosses 0.5
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "mid"), 1);
  EXPECT_TRUE(EventsOf(graph, EventKind::kComplete).empty());
  graph.Update(0.4f);  // reaches 1
  auto done = EventsOf(graph, EventKind::kComplete);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].name, "ramp");
  EXPECT_FLOAT_EQ(done[0].time, 1.0f);
  graph.Update(0.4f);
  EXPECT_TRUE(graph.Events().empty()) << "complete fires once";

  auto* back = AddClip("backward", ramp, LoopMode::kClamp, -1.0f);
  graph.SetRoot(back);
  back->ResetIn(1.0f, graph.Context());
  graph.Update(0.4f);  // 0.6
  EXPECT_TRUE(EventsOf(graph, EventKind::kComplete).empty()) << "leaving the end is no completion";
  graph.Update(0.4f);  // 0.2, crossing 0.5 on the way
  EXPECT_EQ(anim_test::CountEvents(graph, EventKind::kKey, "mid"), 1);
  EXPECT_TRUE(EventsOf(graph, EventKind::kComplete).empty());
  graph.Update(0.4f);  // reaches 0
  done = EventsOf(graph, EventKind::kComplete);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_FLOAT_EQ(done[0].time, 0.0f);
  graph.Update(0.4f);
  EXPECT_TRUE(graph.Events().empty());
}

TEST_F(ClipNodeTest, ExtractedRootMotionIsTheRootsTravelAndTheRootStaysInPlace) {
  // ramp moves the hips (the root) 1 m along +X a second: extracted motion.
  auto* n = AddRootMotionClip("ramp", ramp);
  graph.SetRoot(n);
  graph.Update(0.0f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});
  graph.Update(0.25f);
  ExpectVecNear(graph.Motion().translation, {0.25f, 0, 0});
  EXPECT_NEAR(graph.Motion().yaw, 0.0f, 1e-6f);
  // The hips' travel went to the motion; the rest of the pose is the clip's.
  ExpectVecNear(graph.SoaOutput().Local(0).translation, {0, 1, 0});
  EXPECT_NEAR(X(1), 0.25f, 1e-6f);
  graph.Update(0.5f);  // 0.25 -> 0.75
  ExpectVecNear(graph.Motion().translation, {0.5f, 0, 0});
  graph.Update(0.5f);  // 0.75 -> 1 (0.25), wraps, 0 -> 0.25 (0.25)
  ExpectVecNear(graph.Motion().translation, {0.5f, 0, 0});
}

TEST_F(ClipNodeTest, RootMotionFollowsTheLoopModeAndTheSignOfTheRate) {
  auto* back = AddClip("back", ramp, LoopMode::kLoop, -1.0f, true);
  graph.SetRoot(back);
  graph.Update(0.0f);
  graph.Update(0.25f);  // 0 -> -0.25: backward across the wrap
  ExpectVecNear(graph.Motion().translation, {-0.25f, 0, 0});

  auto* clamp = AddClip("clamp", ramp, LoopMode::kClamp, 1.0f, true);
  graph.SetRoot(clamp);
  clamp->ResetIn(0.75f, graph.Context());
  graph.Update(0.5f);  // 0.75 -> 1, held there: only 0.25 travelled
  ExpectVecNear(graph.Motion().translation, {0.25f, 0, 0});
  graph.Update(0.5f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});

  auto* pp = AddClip("pp", ramp, LoopMode::kPingPong, 1.0f, true);
  graph.SetRoot(pp);
  pp->ResetIn(0.75f, graph.Context());
  graph.Update(0.5f);  // up 0.25 to the end, back down 0.25: net 0
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});
  graph.Update(0.5f);  // 1.25 -> 1.75 is 0.75 -> 0.25 on the clip: back 0.5
  ExpectVecNear(graph.Motion().translation, {-0.5f, 0, 0});
}

TEST_F(ClipNodeTest, TreadmillClipMovesAtItsGroundSpeed) {
  auto* n = AddRootMotionClip("walk", walk);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.25f);  // 2 m/s for 0.25 s along +Z
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.5f});
  EXPECT_NEAR(X(0), 3.0f, 1e-6f) << "a treadmill clip's pose keeps its root";
  graph.SetRoot(AddClip("walk_back", walk, LoopMode::kLoop, -0.5f, true));
  graph.Update(0.0f);
  graph.Update(0.5f);  // -0.5 x 0.5 s at 2 m/s
  ExpectVecNear(graph.Motion().translation, {0, 0, -0.5f});
}

TEST_F(ClipNodeTest, WithoutRootMotionTheRootTravelsInThePose) {
  graph.SetRoot(AddClip("ramp", ramp));
  graph.Update(0.0f);
  graph.Update(0.25f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});
  EXPECT_NEAR(X(0), 0.25f, 1e-6f);
}

TEST_F(ClipNodeTest, SingleFrameNodeHoldsOneNormalisedTime) {
  auto* n = graph.Add<anim::SingleFrameNode>("held", skeleton, slow, 0.25f);
  graph.SetRoot(n);
  for (float dt : {0.0f, 0.5f, 1.0f}) {
    graph.Update(dt);
    EXPECT_NEAR(X(), 1.0f, 1e-6f) << "slow at 0.25 x 2 s = 0.5 s: x 1";
  }
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});
  EXPECT_FLOAT_EQ(n->CycleDurationIn(graph.Context()), 0.0f)
      << "a single frame has no cycle to synchronise";
  graph.SetRoot(graph.Add<anim::SingleFrameNode>("spin_end", skeleton, spin, 1.0f));
  graph.Update(0.0f);
  ExpectSameRotation(Rotation(1), AxisAngle(90.0f, {0, 0, 1}));
}

}  // namespace
