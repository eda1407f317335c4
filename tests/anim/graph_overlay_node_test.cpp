// FeatherBlend, Additive, Subtract and Mirror nodes on the analytic clips of
// graph_fixture.h: per-joint factors, weights clamped to [0, 1], changes
// added with and without a reference pose, root motion taken from the base
// only (and reflected by a mirror), and the clocks and events of inputs
// that are not shown. Expected values are worked out in the comments.
#include <gtest/gtest.h>

#include <string>

#include "anim/blending/additive.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim_test::AxisAngle;
using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;

using OverlayNodeTest = anim_test::GraphFixture;

TEST_F(OverlayNodeTest, FeatherBlendGivesEachJointWeightTimesMask) {
  const int w = AddFloat("w", 0.8f);
  const anim::JointMask mask{{0.0f, 1.0f, 0.5f, 0.25f}};
  graph.SetRoot(graph.Add<anim::FeatherBlendNode>("f", skeleton, AddClip("ramp", ramp),
                                                  AddClip("still", still), mask, FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // mix(0.5, 10, 0.8 * mask): 0.5 + 9.5 * {0, 0.8, 0.4, 0.2}.
  EXPECT_NEAR(X(0), 0.5f, 1e-6f);
  EXPECT_NEAR(X(1), 8.1f, 1e-5f);
  EXPECT_NEAR(X(2), 4.3f, 1e-5f);
  EXPECT_NEAR(X(3), 2.4f, 1e-5f);
  graph.Params().Set(w, 3.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(1), 10.0f, 1e-5f) << "the weight clamps to 1";
  EXPECT_NEAR(X(2), 5.25f, 1e-5f);
  graph.Params().Set(w, 0.0f);
  graph.Update(0.0f);
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(X(j), 0.5f, 1e-6f) << "weight 0: the base alone";
}

TEST_F(OverlayNodeTest, FeatherBlendTakesRootMotionFromTheBaseOnly) {
  const anim::JointMask all{{1.0f, 1.0f, 1.0f, 1.0f}};
  graph.SetRoot(graph.Add<anim::FeatherBlendNode>("f", skeleton, AddRootMotionClip("walk", walk),
                                                  AddRootMotionClip("run", run), all,
                                                  FloatInput{-1, 1.0f}));
  graph.Update(0.0f);
  graph.Update(0.1f);
  // The pose is all run (x 7) but the travel is walk's 2 m/s x 0.1 s.
  EXPECT_NEAR(X(0), 7.0f, 1e-6f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.2f});
}

TEST_F(OverlayNodeTest, OverlayClockRunsAtWeightZeroAndItsEventsCarryItsWeight) {
  slow.SetEvents({{0.5f, "over_key"}});
  ramp.SetEvents({{0.5f, "base_key"}});
  const int w = AddFloat("w", 0.0f);
  const anim::JointMask spine_only{{0.0f, 1.0f, 0.0f, 0.0f}};
  auto* over = AddClip("slow", slow);
  graph.SetRoot(graph.Add<anim::FeatherBlendNode>("f", skeleton, AddClip("ramp", ramp), over,
                                                  spine_only, FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.3f);
  EXPECT_NEAR(over->Time(graph.Context()), 0.3f, 1e-6f);
  graph.Params().Set(w, 0.4f);
  graph.Update(0.3f);  // both cross their key at 0.5
  // Spine: mix(ramp 0.6, slow 1.2, 0.4) = 0.84.
  EXPECT_NEAR(X(1), 0.84f, 1e-5f);
  for (const auto& e : anim_test::EventsOf(graph, anim::EventKind::kKey)) {
    EXPECT_NEAR(e.weight, e.name == "over_key" ? 0.4f : 1.0f, 1e-6f) << e.name;
  }
  EXPECT_EQ(anim_test::EventsOf(graph, anim::EventKind::kKey).size(), 2u);
}

TEST_F(OverlayNodeTest, AdditiveAddsWeightTimesTheChangeFromTheReference) {
  const int w = AddFloat("w", 0.5f);
  const anim::SoaPose reference = anim::MakeAdditivePose(skeleton, slow);  // x 0
  graph.SetRoot(graph.Add<anim::AdditiveNode>("add", skeleton, AddClip("still", still),
                                              AddClip("slow", slow), reference, FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // still x 10 + 0.5 * (slow at 0.5 s: x 1 - 0).
  EXPECT_NEAR(X(), 10.5f, 1e-5f);
  graph.Params().Set(w, 2.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 11.0f, 1e-5f) << "the weight clamps to 1";
  EXPECT_NEAR(graph.SoaOutput().Local(0).translation.y, 1.0f, 1e-6f)
      << "y: 1 + (1 - 1), the reference's own offset is not added";
}

TEST_F(OverlayNodeTest, AdditiveRotationsComposeOnTheBase) {
  // Base: spin at 0.5 s, 45 degrees. Additive: a 30 degree/s spin from its
  // first frame (identity) at 0.5 s: 15 degrees, halved by weight 0.5 to
  // 7.5 (nlerp from identity at 0.5 halves an angle exactly).
  const anim::Clip turn = anim_test::MakeSpinClip("turn", 1, 30.0f, 1.0f);
  const int w = AddFloat("w", 1.0f);
  graph.SetRoot(
      graph.Add<anim::AdditiveNode>("add", skeleton, AddClip("spin", spin), AddClip("turn", turn),
                                    anim::MakeAdditivePose(skeleton, turn), FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  ExpectSameRotation(Rotation(1), AxisAngle(60.0f, {0, 0, 1}));
  graph.Params().Set(w, 0.5f);
  graph.Update(0.0f);
  ExpectSameRotation(Rotation(1), AxisAngle(52.5f, {0, 0, 1}));
}

TEST_F(OverlayNodeTest, SubtractThenAddWithoutReferenceAddsTheDifference) {
  // slow - ramp is x 2t - t = t; spin - its first frame is the spine's turn
  // of 90t degrees and no translation.
  auto* source_slow = AddClip("slow", slow);
  auto* reference_ramp = AddClip("ramp", ramp);
  auto* diff = graph.Add<anim::SubtractNode>("d", skeleton, source_slow, reference_ramp);
  auto* turn_diff = graph.Add<anim::SubtractNode>(
      "td", skeleton, AddClip("spin", spin),
      graph.Add<anim::SingleFrameNode>("rest", skeleton, spin, 0.0f));  // spin's first frame
  auto* moved = graph.Add<anim::AdditiveNode>("add", skeleton, AddClip("still", still), diff,
                                              std::nullopt, FloatInput{-1, 0.5f});
  graph.SetRoot(graph.Add<anim::AdditiveNode>("add2", skeleton, moved, turn_diff, std::nullopt,
                                              FloatInput{-1, 1.0f}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // still x 10 + 0.5 * 0.5; spine turned by spin's 45 degrees.
  EXPECT_NEAR(X(0), 10.25f, 1e-5f);
  EXPECT_NEAR(graph.SoaOutput().Local(0).translation.y, 1.0f, 1e-6f) << "y difference 1 - 1 = 0";
  ExpectSameRotation(Rotation(1), AxisAngle(45.0f, {0, 0, 1}));
  EXPECT_FLOAT_EQ(diff->CycleDurationIn(graph.Context()), 2.0f) << "the source's cycle";
}

TEST_F(OverlayNodeTest, SubtractCarriesNoMotionAndItsReferenceFiresNoEvents) {
  ramp.SetEvents({{0.25f, "reference_key"}});
  walk.SetEvents({{0.25f, "source_key"}});
  auto* diff = graph.Add<anim::SubtractNode>("d", skeleton, AddRootMotionClip("walk", walk),
                                             AddClip("ramp", ramp));
  graph.SetRoot(graph.Add<anim::AdditiveNode>("add", skeleton, AddRootMotionClip("run", run), diff,
                                              std::nullopt, FloatInput{-1, 1.0f}));
  graph.Update(0.0f);
  graph.Update(0.3f);
  // Only the base (run, 6 m/s) travels: 1.8 m.
  ExpectVecNear(graph.Motion().translation, {0, 0, 1.8f});
  EXPECT_EQ(anim_test::CountEvents(graph, anim::EventKind::kKey, "source_key"), 1);
  EXPECT_EQ(anim_test::CountEvents(graph, anim::EventKind::kKey, "reference_key"), 0);
  graph.SetRoot(diff);  // on its own too: the source's travel is not the difference's
  graph.Update(0.3f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0});
}

TEST(GraphMirrorNode, ReflectsTheRootMotionAcrossItsAxis) {
  const anim::Skeleton s = anim_test::MakeTwoLegSkeleton();
  // The hips go 1 m along +X and turn 90 degrees about +Y a second.
  anim::JointTracks hips;
  hips.joint = 0;
  hips.translation =
      anim::VectorTrack(anim::Interpolation::kLinear, {0, 1}, {{0, 0, 0}, {1, 0, 0}});
  hips.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, 1},
                                        {glm::quat(1, 0, 0, 0), AxisAngle(90, {0, 1, 0})});
  const anim::Clip clip("turn", {hips});
  anim::ClipNodeOptions o;
  o.root_motion = true;
  // Over the first 0.25 s: 0.25 m along +X, yaw pi/8 (22.5 degrees).
  const float yaw = glm::radians(22.5f);
  struct Case {
    anim::MirrorAxis axis;
    glm::vec3 translation;
    float yaw;
  };
  for (const Case& c : {Case{anim::MirrorAxis::kX, {-0.25f, 0, 0}, -yaw},
                        Case{anim::MirrorAxis::kZ, {0.25f, 0, 0}, -yaw},
                        Case{anim::MirrorAxis::kY, {0.25f, 0, 0}, yaw}}) {
    anim::MirrorMap map;
    std::string error;
    ASSERT_TRUE(map.Build(s, &error, c.axis)) << error;
    anim::AnimationGraph g(s);
    auto* in = g.Add<anim::ClipNode>("in", s, clip, o);
    g.SetRoot(g.Add<anim::MirrorNode>("mirror", s, in, map));
    g.Update(0.0f);
    g.Update(0.25f);
    SCOPED_TRACE(static_cast<int>(c.axis));
    ExpectVecNear(g.Motion().translation, c.translation);
    EXPECT_NEAR(g.Motion().yaw, c.yaw, 1e-5f);
  }
}

TEST(GraphMirrorNode, ForwardsClockPhaseAndCompletion) {
  const anim::Skeleton s = anim_test::MakeTwoLegSkeleton();
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  anim::JointTracks leg;
  leg.joint = 1;
  leg.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0, 2}, {{1, 0, 0}, {1, 2, 0}});
  const anim::Clip lift("lift", {leg});  // leg_L rises 1 unit a second for 2 s
  anim::ClipNodeOptions o;
  o.loop = anim::LoopMode::kClamp;
  anim::AnimationGraph g(s);
  auto* mirror = g.Add<anim::MirrorNode>("mirror", s, g.Add<anim::ClipNode>("in", s, lift, o), map);
  g.SetRoot(mirror);
  g.Update(0.0f);
  g.Update(0.5f);
  EXPECT_FLOAT_EQ(mirror->CycleDurationIn(g.Context()), 2.0f);
  EXPECT_NEAR(mirror->PhaseIn(g.Context()), 0.25f, 1e-6f);
  EXPECT_FALSE(mirror->IsCompleteIn(g.Context()));
  // The right leg now rises (reflected across X: (1, 0.5, 0) -> (-1, 0.5, 0)).
  ExpectVecNear(g.SoaOutput().Local(2).translation, {-1, 0.5f, 0});
  ExpectVecNear(g.SoaOutput().Local(1).translation, {1, 0, 0});
  g.Update(2.0f);
  EXPECT_TRUE(mirror->IsCompleteIn(g.Context()));
}

}  // namespace
