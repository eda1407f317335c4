// The synchronised blend (anim/control/synced_blend.h) on real data: Walk (1.1 s)
// and Run (0.7 s) blended across a weight sweep keep their feet in phase,
// because both advance by one normalised time; played each at its own rate
// they drift apart. "In phase" is read off the poses themselves: which foot
// is ahead (model-space z of LeftFoot minus RightFoot) must agree between
// the two clips' poses. The mannequin's Run starts a little later in its
// stride than Walk, so the blend is given a sync offset o (clip B runs at
// phase + o), found here from the data: the difference between the phases at which each clip has
// its left foot furthest ahead.
#include <cmath>

#include <gtest/gtest.h>

#include "anim/compression/playback.h"
#include "anim/control/synced_blend.h"
#include "anim/offline/pose.h"
#include "mannequin_fixture.h"
#include "tests/support/pose_sampling.h"

namespace {

using namespace mannequin_test;

// Which foot leads, +1 left, -1 right, 0 while they pass each other (within
// 15 cm, a fifth of the stride: the two gaits pass their feet at slightly
// different moments of the cycle, the run having a flight phase).
int LeadingFoot(const anim::SoaPose& soa, int left, int right) {
  const anim::Pose pose = anim::AsPose(Model()->skeleton, soa);
  std::vector<glm::mat4> m(pose.JointCount());
  pose.ComputeModelMatrices(m);
  const float dz = m[left][3].z - m[right][3].z;
  return std::abs(dz) < 0.15f ? 0 : (dz > 0.0f ? 1 : -1);
}

// Normalised time at which the left foot is furthest ahead of the right.
float LeftLeadPhase(const anim::Clip& clip, int left, int right) {
  float best = -1e9f, best_phase = 0.0f;
  for (int i = 0; i < 400; ++i) {
    const float phase = i / 400.0f;
    anim::Pose pose = anim::RestPoseOf(Model()->skeleton);
    test_support::SampleInto(clip, pose, clip.TimeAtPhase(phase));
    std::vector<glm::mat4> m(pose.JointCount());
    pose.ComputeModelMatrices(m);
    const float dz = m[left][3].z - m[right][3].z;
    if (dz > best) best = dz, best_phase = phase;
  }
  return best_phase;
}

// Frames, out of those where both clips have a leading foot, in which the
// same foot leads in both.
double AgreementOverSweep(bool synced) {
  const anim::Model& model = *Model();
  const anim::Clip* walk = Clip("Walk");
  const anim::Clip* run = Clip("Run");
  const int left = Joint("LeftFoot"), right = Joint("RightFoot");
  anim::SyncedBlend blend(model.skeleton);
  blend.Start(walk, run, 0.0f,
              LeftLeadPhase(*run, left, right) - LeftLeadPhase(*walk, left, right));
  anim::SoaPose out = model.skeleton.RestPose(), a = out, b = out;
  anim::Playback pa, pb;
  pa.Start(walk);
  pb.Start(run);
  int agree = 0, counted = 0;
  for (int frame = 0; frame < 1200; ++frame) {  // 20 s, weight sweeping 0..1..0 every 4 s
    const float w = 0.5f - 0.5f * std::cos(6.2831853f * frame / 240.0f);
    const anim::SoaPose* pose_a = &a;
    const anim::SoaPose* pose_b = &b;
    if (synced) {
      blend.Update(1.0f / 60, w, out);
      pose_a = &blend.PoseA();
      pose_b = &blend.PoseB();
    } else {
      a.CopyFrom(model.skeleton.RestPose());
      b.CopyFrom(model.skeleton.RestPose());
      pa.Advance(1.0f / 60, a);
      pb.Advance(1.0f / 60, b);
    }
    const int la = LeadingFoot(*pose_a, left, right), lb = LeadingFoot(*pose_b, left, right);
    if (la == 0 || lb == 0) continue;
    ++counted;
    agree += la == lb;
  }
  return counted > 0 ? double(agree) / counted : 0.0;
}

TEST(MannequinSyncedBlend, WalkAndRunFeetStayInPhaseAcrossAWeightSweep) {
  ASSERT_NE(Model(), nullptr);
  EXPECT_EQ(AgreementOverSweep(true), 1.0);
}

TEST(MannequinSyncedBlend, WithoutSyncTheFeetDriftOutOfPhase) {
  ASSERT_NE(Model(), nullptr);
  // Different cycle lengths: over 20 s the clips spend a large share of
  // the time with opposite feet forward.
  EXPECT_LT(AgreementOverSweep(false), 0.8);
}

}  // namespace
