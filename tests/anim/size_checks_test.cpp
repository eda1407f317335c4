// The runtime's jobs that take poses and spans check their sizes in release
// builds too: a pose of another skeleton or a span of the wrong length gets
// `false` back and nothing written, never a read or write out of bounds.
// (A 3-joint and a 4-joint pose pad to the same SoA width, so these also
// show that the checks compare joints, not padded lanes.)
#include <gtest/gtest.h>

#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/pose.h"
#include "test_rig.h"

namespace {

const glm::mat4 kMarker(7.0f);

struct Rigs {
  anim::Skeleton four = anim_test::MakeTestSkeleton();     // 4 joints
  anim::Skeleton three = anim_test::MakeTwoLegSkeleton();  // 3 joints
  anim::Pose pose4 = anim::RestPoseOf(four), pose3 = anim::RestPoseOf(three);
  anim::SoaPose soa4{pose4}, soa3{pose3};
};

std::vector<float> Channels(const anim::SoaPose& p) {
  std::vector<float> v;
  for (int c = 0; c < anim::kSoaChannels; ++c) {
    v.insert(v.end(), p.Channel(c), p.Channel(c) + p.PaddedCount());
  }
  return v;
}

bool SameLocals(const anim::Pose& a, const anim::Pose& b) {
  if (a.JointCount() != b.JointCount()) return false;
  for (int j = 0; j < a.JointCount(); ++j) {
    const anim::Transform x = a.Local(j), y = b.Local(j);
    if (x.translation != y.translation || x.rotation != y.rotation || x.scale != y.scale)
      return false;
  }
  return true;
}

anim::Pose Moved(anim::Pose pose) {  // every joint off its rest
  for (int j = 0; j < pose.JointCount(); ++j) {
    anim::Transform t = pose.Local(j);
    t.translation += glm::vec3(0.5f, 0.0f, 0.25f);
    pose.SetLocal(j, t);
  }
  return pose;
}

TEST(SizeChecks, SoaPoseStoreAndCopyFrom) {
  Rigs r;
  anim::Pose out = r.pose3;
  EXPECT_FALSE(r.soa4.Store(out));
  EXPECT_TRUE(SameLocals(out, r.pose3));
  anim::Pose same = Moved(r.pose4);
  EXPECT_TRUE(r.soa4.Store(same));
  EXPECT_TRUE(SameLocals(same, r.pose4));
  // CopyFrom takes the other's size along: nothing is left half-copied.
  anim::SoaPose copy = r.soa3;
  copy.CopyFrom(r.soa4);
  EXPECT_EQ(copy.JointCount(), 4);
  EXPECT_EQ(Channels(copy), Channels(r.soa4));
}

TEST(SizeChecks, SoaBlendAndAdd) {
  Rigs r;
  anim::SoaPose out = r.soa4;
  const std::vector<float> before = Channels(out);
  EXPECT_FALSE(anim::Blend(out, r.soa4, r.soa3, 0.5f));
  EXPECT_FALSE(anim::Blend(out, r.soa3, r.soa4, 0.0f));
  EXPECT_FALSE(anim::Add(out, r.soa4, r.soa3, r.soa4));
  EXPECT_FALSE(anim::Add(out, r.soa4, r.soa4, r.soa3, 0.0f));
  EXPECT_EQ(Channels(out), before);
  const anim::SoaPose moved(Moved(r.pose4));
  EXPECT_TRUE(anim::Blend(out, r.soa4, moved, 1.0f));
  EXPECT_EQ(Channels(out), Channels(moved));
  EXPECT_TRUE(anim::Add(out, r.soa4, moved, r.soa4));
}

TEST(SizeChecks, SoaModelMatricesAndPalette) {
  Rigs r;
  std::vector<glm::mat4> model(4, kMarker), palette(4, kMarker), short_span(3, kMarker);
  EXPECT_FALSE(anim::ComputeModelMatrices(r.four, r.soa4, short_span));
  EXPECT_FALSE(anim::ComputeModelMatrices(r.four, r.soa3, model));
  EXPECT_FALSE(anim::ComputePalette(r.four, r.soa4, model, short_span));
  EXPECT_FALSE(anim::ComputePalette(r.four, r.soa4, short_span, palette));
  EXPECT_FALSE(anim::ComputePalette(r.four, r.soa3, model, palette));
  for (const auto* v : {&model, &palette, &short_span}) {
    for (const glm::mat4& m : *v) EXPECT_EQ(m, kMarker);
  }
  EXPECT_TRUE(anim::ComputePalette(r.four, r.soa4, model, palette));
  EXPECT_EQ(palette[3], glm::mat4(1.0f));  // rest pose times inverse bind
  // The leg: one unit above the hips, which are one unit above the origin.
  EXPECT_EQ(model[3], glm::translate(glm::mat4(1.0f), glm::vec3(0, 2, 0)));
}

TEST(SizeChecks, SoaWeightedBlendAndDifferences) {
  Rigs r;
  anim::SoaPose out = r.soa4;
  const std::vector<float> three_weights(3, 1.0f), four_weights(4, 1.0f);
  EXPECT_FALSE(anim::BlendWeighted(out, r.soa4, r.soa4, 0.5f, three_weights));
  EXPECT_FALSE(anim::BlendWeighted(out, r.soa4, r.soa3, 0.5f, four_weights));
  EXPECT_FALSE(anim::Subtract(out, r.soa4, r.soa3));
  EXPECT_FALSE(anim::AddDifference(out, r.soa3, r.soa4));
  EXPECT_EQ(Channels(out), Channels(r.soa4));
  const anim::SoaPose moved(Moved(r.pose4));
  EXPECT_TRUE(anim::BlendWeighted(out, r.soa4, moved, 0.5f, four_weights));
  EXPECT_TRUE(anim::Subtract(out, moved, r.soa4));
  EXPECT_TRUE(anim::AddDifference(out, r.soa4, out));
}

TEST(SizeChecks, PoseModelMatricesAndPalette) {
  Rigs r;
  std::vector<glm::mat4> model(4, kMarker), palette(4, kMarker), short_span(3, kMarker);
  EXPECT_FALSE(r.pose4.ComputeModelMatrices(short_span));
  EXPECT_FALSE(anim::ComputePalette(model, r.four.InverseBindMatrices(), short_span));
  EXPECT_FALSE(anim::ComputePalette(short_span, r.four.InverseBindMatrices(), palette));
  for (const auto* v : {&model, &palette, &short_span}) {
    for (const glm::mat4& m : *v) EXPECT_EQ(m, kMarker);
  }
  EXPECT_TRUE(r.pose4.ComputeModelMatrices(model));
  EXPECT_TRUE(anim::ComputePalette(model, r.four.InverseBindMatrices(), palette));
  for (const glm::mat4& m : palette) EXPECT_EQ(m, glm::mat4(1.0f));  // rest times inverse bind
}

}  // namespace
