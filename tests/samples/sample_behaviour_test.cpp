// What the samples' controls do, on the mannequin, checked against values
// worked out independently: 01's weight slider takes over from the timer,
// 02 offers full-body clips only and keeps a frozen fade's held pose in its
// plot, 03 leans both ways, 09 keeps naming the graph that runs after a failed load, the event
// log writes one footstep per step, and 08 spaces the crowd by the model's
// size whatever its units or up axis.
#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/mirror.h"
#include "anim/blending/soa_additive.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "reduced_models.h"
#include "samples/fade_shares.h"
#include "samples/graph_widgets.h"
#include "tests/support/pose_sampling.h"

namespace {

constexpr float kPi = 3.14159265358979f;  // for the Z-up turn

class SampleBehaviour : public MannequinSamples {
 protected:
  void Run(float seconds) {
    for (int i = 0; i < static_cast<int>(std::round(seconds * 60.0f)); ++i)
      sample_->Update(1.0f / 60);
  }
  const samples::Param& P(const std::string& name) const {
    const samples::Param* p = sample_->Params().Find(name);
    EXPECT_NE(p, nullptr) << name;
    return *p;
  }
  anim::Pose Sampled(const std::string& clip, float time) const {
    anim::Pose p = anim::RestPoseOf(model_.skeleton);
    const anim::Clip& c = model_.clips[model_.FindClip(clip)];
    test_support::SampleInto(c, p, c.StartTime() + time);
    return p;
  }
  static void ExpectSamePose(const anim::Pose& a, const anim::Pose& b, float tol) {
    for (int j = 0; j < a.JointCount(); ++j) {
      EXPECT_NEAR(glm::length(a.Local(j).translation - b.Local(j).translation), 0.0f, tol)
          << "joint " << j;
      EXPECT_NEAR(std::abs(glm::dot(a.Local(j).rotation, b.Local(j).rotation)), 1.0f, tol)
          << "joint " << j;
    }
  }
  glm::vec3 HeadPosition(const anim::Pose& pose) const {
    std::vector<glm::mat4> m(static_cast<std::size_t>(pose.JointCount()));
    pose.ComputeModelMatrices(m);
    return glm::vec3(m[model_.skeleton.FindJoint("Head")][3]);
  }
};

TEST_F(SampleBehaviour, MovingTheBlendWeightSwitchesToManual) {
  Select("01 Blend");
  ASSERT_FALSE(*P("manual_weight").bool_value);
  Set("weight=0.7");  // what the slider does
  Run(2.0f);          // the timer would have swept the weight meanwhile
  EXPECT_TRUE(*P("manual_weight").bool_value);
  EXPECT_FLOAT_EQ(*P("weight").float_value, 0.7f);
}

TEST_F(SampleBehaviour, CrossFadeOffersFullBodyClipsOnly) {
  Select("02 Cross-fade");
  const std::vector<std::string> expected{"Idle", "Walk", "Run", "Punch", "Jump"};
  EXPECT_EQ(P("start_clip").choices, expected);
  EXPECT_TRUE(sample_->Notice().empty()) << sample_->Notice();
}

TEST_F(SampleBehaviour, AFrozenFadesHeldPoseKeepsItsShare) {
  anim::CrossFadeController controller(model_.skeleton);
  controller.Play(&model_.clips[model_.FindClip("Walk")]);
  controller.Update(0.2f);
  anim::FadeOptions frozen;
  frozen.duration = 1.0f;
  frozen.ease = anim::EaseCurve::Linear();
  frozen.mode = anim::TransitionMode::kFrozen;
  controller.FadeTo(&model_.clips[model_.FindClip("Run")], frozen);
  controller.Update(0.25f);  // a quarter through a linear fade
  std::vector<float> shares(model_.clips.size());
  const samples::FadeShares s = samples::ComputeFadeShares(controller, model_.clips, shares);
  // By hand: Run has weight 0.25 over the held pose, which keeps 0.75.
  EXPECT_NEAR(shares[model_.FindClip("Run")], 0.25f, 1e-4f);
  EXPECT_NEAR(s.frozen, 0.75f, 1e-4f);
  EXPECT_EQ(shares[model_.FindClip("Walk")], 0.0f);  // only its snapshot shows
}

TEST_F(SampleBehaviour, NegativeLeanIsTheLeanMirrored) {
  Select("03 Additive");
  Set("base_clip=Idle");
  Set("lean_clip=Lean_Left");
  Set("look_clip=none");
  Set("lean_weight=1");
  Set("lean=0");
  sample_->Update(0.0f);
  const glm::vec3 upright = HeadPosition(anim::AsPose(model_.skeleton, sample_->CurrentPose()));
  ExpectSamePose(anim::AsPose(model_.skeleton, sample_->CurrentPose()), Sampled("Idle", 0.0f),
                 1e-5f);  // 0 adds nothing
  Set("lean=1");
  sample_->Update(0.0f);
  const glm::vec3 left = HeadPosition(anim::AsPose(model_.skeleton, sample_->CurrentPose()));
  Set("lean=-1");
  sample_->Update(0.0f);
  const glm::vec3 right = HeadPosition(anim::AsPose(model_.skeleton, sample_->CurrentPose()));
  // The head moves sideways (the mannequin's side axis is X) by the same
  // amount each way; the idle's first frame is nearly symmetric.
  EXPECT_GT(std::abs(left.x - upright.x), 0.05f);
  EXPECT_LT((left.x - upright.x) * (right.x - upright.x), 0.0f);
  EXPECT_NEAR(left.x - upright.x, -(right.x - upright.x), 0.01f);
  EXPECT_NEAR(left.y, right.y, 0.01f);
  // And exactly: the idle plus the mirrored change.
  anim::MirrorMap mirror;
  std::string why;
  ASSERT_TRUE(mirror.Build(model_.skeleton, &why)) << why;
  const anim::Clip& lean = model_.clips[model_.FindClip("Lean_Left")];
  const auto parents = model_.skeleton.Parents();
  anim::SoaPose reference = anim::MakeAdditivePose(model_.skeleton, lean),
                full = model_.skeleton.RestPose();
  lean.Sample(full, lean.EndTime(), anim::LoopMode::kClamp);
  anim::MirrorPose(mirror, parents, reference, reference);
  anim::MirrorPose(mirror, parents, full, full);
  anim::SoaPose expected(Sampled("Idle", 0.0f));
  anim::Add(expected, expected, full, reference, 1.0f);
  ExpectSamePose(anim::AsPose(model_.skeleton, sample_->CurrentPose()),
                 anim::AsPose(model_.skeleton, expected), 1e-5f);
}

TEST_F(SampleBehaviour, AFailedGraphLoadLeavesTheRunningGraphNamed) {
  Select("09 Graph file");
  const samples::Param& graph = P("graph");
  const std::string running = graph.choices[*graph.int_value];
  ASSERT_EQ(running, "mannequin_locomotion.json");
  Set("graph=woman_locomotion.json");  // names the Woman's clips: fails here
  sample_->Update(1.0f / 60);
  const samples::Param& after = P("graph");
  EXPECT_EQ(after.choices[*after.int_value], running);
}

TEST(EventLog, OneLinePerFootstepFromTheHeavierInput) {
  anim::Clip walk, run;
  const anim::FiredEvent events[] = {
      {anim::EventKind::kKey, "footstep_left", &walk, 0.0f, 0.3f},
      {anim::EventKind::kKey, "footstep_left", &run, 0.0f, 0.7f},
      {anim::EventKind::kKey, "footstep_right", &walk, 0.5f, 0.3f},
  };
  samples::EventLog log;
  log.Add(1.0, events);
  ASSERT_EQ(log.Size(), 2);  // one left step, one right step
  EXPECT_NE(log.Line(0).find("footstep_right"), std::string::npos) << log.Line(0);
  EXPECT_NE(log.Line(1).find("footstep_left"), std::string::npos) << log.Line(1);
  log.Add(2.0, std::span(events).first(1));  // the next step: logged again
  EXPECT_EQ(log.Size(), 3);
}

// Column step of the crowd's grid: the mean x distance along its first row.
float CrowdStep(const anim::Model& model) {
  for (auto& sample : samples::MakeAllSamples()) {
    if (sample->Title() != "08 Crowd") continue;
    std::string error;
    EXPECT_TRUE(sample->Load(model, &error)) << error;
    std::string why;
    EXPECT_TRUE(sample->Params().SetAssignment("count=100", &why)) << why;
    EXPECT_TRUE(sample->Params().SetAssignment("spacing=1", &why)) << why;
    sample->Update(1.0f / 60);
    const auto worlds = sample->View().crowd->worlds;
    // 10 columns; each position is jittered by at most 15% of a step.
    return (worlds[9][3].x - worlds[0][3].x) / 9.0f;
  }
  return 0.0f;
}

TEST_F(SampleBehaviour, CrowdSpacingFollowsTheModelsSizeNotItsUpAxis) {
  const float step = CrowdStep(model_);
  // Independently: the longest side of the box around the rest joints.
  std::vector<glm::mat4> m(static_cast<std::size_t>(model_.skeleton.JointCount()));
  anim::RestPoseOf(model_.skeleton).ComputeModelMatrices(m);
  glm::vec3 lo(1e9f), hi(-1e9f);
  for (const glm::mat4& j : m)
    lo = glm::min(lo, glm::vec3(j[3])), hi = glm::max(hi, glm::vec3(j[3]));
  const float size = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
  EXPECT_NEAR(step, size, 0.034f * size);
  anim::Transform z_up;
  z_up.rotation = glm::angleAxis(-0.5f * kPi, glm::vec3(1, 0, 0));
  EXPECT_NEAR(CrowdStep(test_models::WithRootChanged(model_, z_up)), step, 0.07f * step);
  anim::Transform small;
  small.scale = glm::vec3(0.01f);
  EXPECT_NEAR(CrowdStep(test_models::WithRootChanged(model_, small)), 0.01f * step, 0.0007f * step);
}

}  // namespace
