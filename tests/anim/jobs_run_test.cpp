// What each job writes when it validates, against values worked out
// independently: glm matrix products for local to model and palettes,
// weighted averages and quaternion products written out by hand for the
// blends, additive layers and mirror, the clip's own keys for sampling.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/blending/additive_jobs.h"
#include "anim/blending/blending_jobs.h"
#include "anim/blending/mirror_job.h"
#include "anim/clips/sampling_job.h"
#include "anim/compression/compressed_sampling_job.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/clip_builder.h"
#include "jobs_fixture.h"
#include "test_rig.h"

namespace {

using namespace jobs_test;
using anim::SoaPose;
using anim::Transform;

const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat AboutZ(float degrees) {
  const float half = glm::radians(degrees) / 2.0f;
  return {std::cos(half), 0.0f, 0.0f, std::sin(half)};
}

glm::quat AboutX(float radians) {
  return {std::cos(radians / 2.0f), std::sin(radians / 2.0f), 0.0f, 0.0f};
}

glm::mat4 LocalMatrix(const Transform& t) {
  return glm::translate(glm::mat4(1.0f), t.translation) * glm::mat4_cast(t.rotation) *
         glm::scale(glm::mat4(1.0f), t.scale);
}

// A moved pose of the 4-joint test rig (0 hips -> 1 spine -> 2 head,
// 0 hips -> 3 leg): every joint translated, turned and scaled.
std::vector<Transform> MovedLocals() {
  return {
      {glm::vec3(1, 2, 3), glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 1, 0))), glm::vec3(1)},
      {glm::vec3(0, 1, 0), AboutZ(30.0f), glm::vec3(2)},
      {glm::vec3(0.5f, 1, 0), AboutX(-0.7f), glm::vec3(1)},
      {glm::vec3(0, -1, 0.2f), glm::angleAxis(1.1f, glm::vec3(0, 1, 0)), glm::vec3(1, 0.5f, 1)},
  };
}

// model[j] = model[parent] * T * R * S, the parents written out.
std::vector<glm::mat4> ExpectedModel(const std::vector<Transform>& locals) {
  const int parents[] = {-1, 0, 1, 0};
  std::vector<glm::mat4> model(locals.size());
  for (std::size_t j = 0; j < locals.size(); ++j) {
    const glm::mat4 local = LocalMatrix(locals[j]);
    model[j] = parents[j] < 0 ? local : model[static_cast<std::size_t>(parents[j])] * local;
  }
  return model;
}

TEST(LocalToModelJobRun, ChainsGlmProductsThroughTheParents) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  const std::vector<Transform> locals = MovedLocals();
  const SoaPose pose = MakePose(locals);
  std::vector<glm::mat4> out = SentinelMatrices(4);
  const anim::LocalToModelJob job{&skeleton, &pose, out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  const std::vector<glm::mat4> want = ExpectedModel(locals);
  for (int j = 0; j < 4; ++j) ExpectMatrixNear(out[j], want[j], 1e-5f);
}

TEST(PaletteJobRun, IsModelTimesTheInverseOfTheBindPose) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  const std::vector<Transform> locals = MovedLocals();
  const SoaPose pose = MakePose(locals);
  std::vector<glm::mat4> model = SentinelMatrices(4), palette = SentinelMatrices(4);
  const anim::PaletteJob job{&skeleton, &pose, model, palette};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  // The rig's bind pose: each joint one unit above its parent, no turn, so
  // the bind model matrices are translations by the joints' heights.
  const float heights[] = {1.0f, 2.0f, 3.0f, 2.0f};
  const std::vector<glm::mat4> want = ExpectedModel(locals);
  for (int j = 0; j < 4; ++j) {
    ExpectMatrixNear(model[j], want[j], 1e-5f);
    const glm::mat4 inverse_bind = glm::translate(glm::mat4(1.0f), glm::vec3(0, -heights[j], 0));
    ExpectMatrixNear(palette[j], want[j] * inverse_bind, 1e-5f);
  }
}

const Transform kA{glm::vec3(1, 0, 0), kIdentity, glm::vec3(1)};
const Transform kB{glm::vec3(0, 2, 0), AboutZ(90.0f), glm::vec3(3)};
const Transform kRest{glm::vec3(0, 0, 4), kIdentity, glm::vec3(1)};

// mix(A, B, t) written out: lerp, and nlerp of identity and a turn about Z
// (same hemisphere): normalize((1 - t) * (1, 0, 0, 0) + t * (c, 0, 0, s)).
Transform MixAB(float t) {
  const float w = (1.0f - t) + t * std::sqrt(0.5f), z = t * std::sqrt(0.5f);
  const float len = std::sqrt(w * w + z * z);
  return {glm::vec3(1.0f - t, 2.0f * t, 0.0f), glm::quat(w / len, 0.0f, 0.0f, z / len),
          glm::vec3(1.0f + 2.0f * t)};
}

TEST(BlendJobRun, WholePoseIsTheHandWrittenMix) {
  const SoaPose a = MakePose({kA, kA, kA, kA}), b = MakePose({kB, kB, kB, kB});
  SoaPose out = SentinelPose(4);
  const anim::BlendJob job{&a, &b, 0.25f, {}, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  for (int j = 0; j < 4; ++j) ExpectTransformNear(out.Local(j), MixAB(0.25f), 1e-6f);
}

TEST(BlendJobRun, PerJointWeightsScaleTheWeight) {
  const SoaPose a = MakePose({kA, kA, kA, kA}), b = MakePose({kB, kB, kB, kB});
  SoaPose out = SentinelPose(4);
  const float joint_weights[] = {1.0f, 0.5f, 0.0f, 2.0f};
  ASSERT_TRUE((anim::BlendJob{&a, &b, 0.5f, joint_weights, &out}.Run()));
  ExpectTransformNear(out.Local(0), MixAB(0.5f), 1e-6f);
  ExpectTransformNear(out.Local(1), MixAB(0.25f), 1e-6f);
  ExpectTransformNear(out.Local(2), kA, 0.0f);
  ExpectTransformNear(out.Local(3), kB, 1e-6f);
}

TEST(LayerBlendJobRun, WeightsAreNormalisedPerJoint) {
  const SoaPose a = MakePose({kA, kA}), b = MakePose({kB, kB}), rest = MakePose({kRest, kRest});
  SoaPose out = SentinelPose(2);
  const anim::SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 3.0f, {}}};
  const anim::LayerBlendJob job{layers, &rest, 0.0f, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  // (1 * A + 3 * B) / 4 is mix(A, B, 3/4): the rotation normalize(1/4 *
  // identity + 3/4 * turn) is normalize(identity + 3 * turn) scaled.
  for (int j = 0; j < 2; ++j) ExpectTransformNear(out.Local(j), MixAB(0.75f), 1e-6f);
}

TEST(LayerBlendJobRun, RestFillsInBelowTheThreshold) {
  const SoaPose a = MakePose({kA, kA, kA}), rest = MakePose({kRest, kRest, kRest});
  SoaPose out = SentinelPose(3);
  const float joint_weights[] = {1.0f, 0.05f, 0.0f};
  const anim::SoaBlendLayer layers[] = {{&a, 1.0f, joint_weights}};
  ASSERT_TRUE((anim::LayerBlendJob{layers, &rest, 0.1f, &out}.Run()));
  ExpectTransformNear(out.Local(0), kA, 1e-6f);
  // 0.05 of A and the missing 0.05 from the rest pose: half of each.
  ExpectTransformNear(out.Local(1), Transform{glm::vec3(0.5f, 0, 2), kIdentity, glm::vec3(1)},
                      1e-6f);
  ExpectTransformNear(out.Local(2), kRest, 1e-6f);
}

TEST(AdditiveJobRun, AddsTheDifferenceTimesTheWeight) {
  const Transform in{glm::vec3(1, 2, 3), AboutX(0.4f), glm::vec3(1)};
  const Transform add{glm::vec3(0.5f, 0, 0), AboutZ(90.0f), glm::vec3(2)};
  const Transform base{glm::vec3(0), AboutZ(30.0f), glm::vec3(1)};
  const SoaPose pin = MakePose({in, in}), padd = MakePose({add, add}),
                pbase = MakePose({base, base});
  SoaPose out = SentinelPose(2);
  const anim::AdditiveJob job{&pin, &padd, &pbase, 0.5f, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  // delta = inverse(base) * add = 60 degrees about Z; half of it by nlerp
  // from the identity is exactly 30 degrees (the midpoint of the arc).
  const Transform want{glm::vec3(1.25f, 2, 3), AboutX(0.4f) * AboutZ(30.0f), glm::vec3(1.5f)};
  for (int j = 0; j < 2; ++j) ExpectTransformNear(out.Local(j), want, 1e-6f);
}

TEST(SubtractJobRun, IsSourceMinusReference) {
  // The source turns as the reference and then 60 degrees about Z, so the
  // difference inverse(reference) * source is that last turn (the two do not
  // commute: source * inverse(reference) would be another rotation).
  const SoaPose source =
      MakePose({{glm::vec3(1, 2, 3), AboutX(0.4f) * AboutZ(60.0f), glm::vec3(2)}});
  const SoaPose reference = MakePose({{glm::vec3(0.5f, 0, 1), AboutX(0.4f), glm::vec3(1.5f)}});
  SoaPose out = SentinelPose(1);
  const anim::SubtractJob job{&source, &reference, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  ExpectTransformNear(out.Local(0), {glm::vec3(0.5f, 2, 2), AboutZ(60.0f), glm::vec3(0.5f)}, 1e-6f);
}

TEST(AddDifferenceJobRun, AddsTheWeightedDifference) {
  const SoaPose in = MakePose({{glm::vec3(1, 1, 1), AboutX(0.4f), glm::vec3(1)}});
  const SoaPose difference = MakePose({{glm::vec3(0.2f, 0, -1), AboutZ(60.0f), glm::vec3(0.5f)}});
  SoaPose out = SentinelPose(1);
  const anim::AddDifferenceJob job{&in, &difference, 0.5f, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  ExpectTransformNear(out.Local(0),
                      {glm::vec3(1.1f, 1, 0.5f), AboutX(0.4f) * AboutZ(30.0f), glm::vec3(1.25f)},
                      1e-6f);
}

// The reflection across the YZ plane written out: x of the translation and
// y, z of the rotation change sign.
Transform ReflectX(const Transform& t) {
  return {glm::vec3(-t.translation.x, t.translation.y, t.translation.z),
          glm::quat(t.rotation.w, t.rotation.x, -t.rotation.y, -t.rotation.z), t.scale};
}

TEST(MirrorJobRun, SwapsTheLegsAndReflectsEveryJoint) {
  const anim::Skeleton skeleton = anim_test::MakeTwoLegSkeleton();  // hips, leg_L, leg_R
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(skeleton, &error)) << error;
  const std::vector<Transform> locals = {
      {glm::vec3(0.1f, 1, 0.2f), glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 2, 3))),
       glm::vec3(1)},
      {glm::vec3(1, 0.1f, 0), AboutZ(20.0f), glm::vec3(1)},
      {glm::vec3(-1, 0, 0.3f), glm::angleAxis(0.5f, glm::vec3(0, 1, 0)), glm::vec3(1)},
  };
  const SoaPose in = MakePose(locals);
  SoaPose out = SentinelPose(3);
  const anim::MirrorJob job{&map, skeleton.Parents(), &in, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  ExpectTransformNear(out.Local(0), ReflectX(locals[0]), 1e-6f);
  ExpectTransformNear(out.Local(1), ReflectX(locals[2]), 1e-6f);
  ExpectTransformNear(out.Local(2), ReflectX(locals[1]), 1e-6f);
}

// Joint 1 moves from the origin to (1, 2, 3) and turns 90 degrees about Z
// over one second, LINEAR.
anim::Clip MovingClip() {
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                     {glm::vec3(0.0f), glm::vec3(1, 2, 3)});
  jt.rotation =
      anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f}, {kIdentity, AboutZ(90.0f)});
  return anim::Clip("move", {jt});
}

TEST(SamplingJobRun, WritesTheInterpolatedKeysAtTheWrappedTime) {
  const anim::Clip clip = MovingClip();
  anim::ClipCursor cursor = clip.MakeCursor();
  SoaPose out = MakePose({kRest, kRest, kRest});
  // 1.25 s loops to 0.25 s: a quarter of the way, a quarter of the turn.
  const anim::SamplingJob job{&clip, 1.25f, anim::LoopMode::kLoop, &cursor, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  ExpectTransformNear(out.Local(1), {glm::vec3(0.25f, 0.5f, 0.75f), AboutZ(22.5f), glm::vec3(1)},
                      1e-6f);
  ExpectTransformNear(out.Local(0), kRest, 0.0f);  // not animated: kept
  ExpectTransformNear(out.Local(2), kRest, 0.0f);
}

TEST(CompressedSamplingJobRun, WritesTheClipWithinTheTolerance) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  const anim::CompressedClip clip = anim::BuildCompressedClip(MovingClip(), skeleton);
  anim::CompressedClipContext context(clip);
  SoaPose out = skeleton.RestPose();
  const anim::CompressedSamplingJob job{&clip, 0.25f, &context, &out};
  EXPECT_EQ(job.Validate(), "");
  ASSERT_TRUE(job.Run());
  // The builder keeps points 3 cm from the joint within 0.1 mm.
  ExpectTransformNear(out.Local(1), {glm::vec3(0.25f, 0.5f, 0.75f), AboutZ(22.5f), glm::vec3(1)},
                      2e-3f);
}

// The one-call forms keep what they always did: SampleCompressedClip
// re-binds a context bound to another clip, BlendWeighted without weights
// is the whole blend.
TEST(JobConvenienceForms, SampleCompressedClipRebindsTheContext) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  const anim::CompressedClip clip = anim::BuildCompressedClip(MovingClip(), skeleton);
  anim::CompressedClipContext context;
  SoaPose out = skeleton.RestPose();
  EXPECT_TRUE(anim::SampleCompressedClip(clip, 1.0f, context, out));
  EXPECT_TRUE(context.BoundTo(clip));
  ExpectTransformNear(out.Local(1), {glm::vec3(1, 2, 3), AboutZ(90.0f), glm::vec3(1)}, 2e-3f);
  SoaPose small = SentinelPose(3);
  EXPECT_FALSE(anim::SampleCompressedClip(clip, 1.0f, context, small));
  EXPECT_TRUE(AllSentinel(small));
}

TEST(JobConvenienceForms, BlendWeightedWithoutWeightsIsTheWholeBlend) {
  const SoaPose a = MakePose({kA, kA}), b = MakePose({kB, kB});
  SoaPose out = SentinelPose(2);
  ASSERT_TRUE(anim::BlendWeighted(out, a, b, 0.25f, {}));
  for (int j = 0; j < 2; ++j) ExpectTransformNear(out.Local(j), MixAB(0.25f), 1e-6f);
}

// docs/runtime-api.md's example ("Jobs: Validate() then Run()"), as written there.
TEST(JobsReadmeExample, ValidateThenRun) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();  // 4 joints
  anim::SoaPose walk = skeleton.RestPose(), lean = walk, pose = walk;
  std::vector<glm::mat4> model(4), palette(3);  // one matrix short

  anim::BlendJob blend;  // plain fields: set what the job reads and writes
  blend.a = &walk;
  blend.b = &lean;
  blend.weight = 0.25f;
  blend.output = &pose;
  const anim::PaletteJob skin{&skeleton, &pose, model, palette};

  EXPECT_EQ(blend.Validate(), "");  // "" when the job can run
  EXPECT_EQ(skin.Validate(), "palette has 3 matrices, the skeleton 4 joints");
  EXPECT_TRUE(blend.Run());
  EXPECT_FALSE(skin.Run());  // refused: nothing written
  palette.resize(4);
  EXPECT_TRUE((anim::PaletteJob{&skeleton, &pose, model, palette}.Run()));
}

}  // namespace
