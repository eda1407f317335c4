// Samples 07 and 09 (anim/graph in the walkthrough) on the project's own
// character, against what their parameters mean physically.
#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "import/graph_description.h"
#include "mannequin_samples.h"
#include "sample_lookup.h"
#include "samples/sample.h"
#include "tests/support/pose_sampling.h"

namespace {

class GraphSamples : public MannequinSamples {
 protected:
  samples::Sample& Numbered(const std::string& prefix) {
    return samples_test::LoadNumbered(all_, model_, prefix);
  }
  static void Set(samples::Sample& s, const std::string& assignment) {
    samples_test::SetParam(s, assignment);
  }
};

// At the Walk clip's own speed (its extras.speed, 1.4 m/s) the blend space
// plays Walk alone, whose root motion is synthesised at that speed: after
// T seconds the character has travelled 1.4 * T metres along +Z.
TEST_F(GraphSamples, GraphFileRootMotionCoversSpeedTimesTime) {
  samples::Sample& s = Numbered("09");
  const float walk_speed = model_.clips[model_.FindClip("Walk")].Speed();
  ASSERT_GT(walk_speed, 0.0f);
  Set(s, "speed=" + std::to_string(walk_speed));
  s.Update(0.0f);
  const glm::vec3 start = glm::vec3(s.View().character_world[3]);
  const int frames = 180;
  for (int i = 0; i < frames; ++i) s.Update(1.0f / 60.0f);
  const glm::vec3 travelled = glm::vec3(s.View().character_world[3]) - start;
  EXPECT_NEAR(glm::length(travelled), walk_speed * frames / 60.0f,
              0.01f * walk_speed * frames / 60.0f);
  EXPECT_NEAR(travelled.y, 0.0f, 1e-5f);
  // With root motion off, the character stays where it is.
  Set(s, "root_motion=false");
  const glm::vec3 before = glm::vec3(s.View().character_world[3]);
  for (int i = 0; i < 60; ++i) s.Update(1.0f / 60.0f);
  EXPECT_NEAR(glm::length(glm::vec3(s.View().character_world[3]) - before), 0.0f, 1e-6f);
}

// The parameters of sample 09 are the file's, so a trigger the file
// declares is a trigger of the sample; one it does not declare is unknown.
TEST_F(GraphSamples, GraphFileParametersAreTheFilesParameters) {
  samples::Sample& s = Numbered("09");
  for (const char* name : {"speed", "jump", "grounded", "punch", "punch_weight", "lean"}) {
    EXPECT_NE(s.Params().Find(name), nullptr) << name;
  }
  EXPECT_EQ(s.Params().Find("jump")->kind, samples::Param::Kind::kTrigger);
  std::string error;
  EXPECT_FALSE(s.Params().SetAssignment("fly=1", &error));
}

// Sample 07: the upper layer shows the punch only while it plays; a jump
// fired while punching still takes the base layer to Jump.
TEST_F(GraphSamples, StateMachinePunchAndJumpAreIndependentLayers) {
  samples::Sample& s = Numbered("07");
  Set(s, "speed=1.4");
  for (int i = 0; i < 30; ++i) s.Update(1.0f / 60.0f);
  std::vector<glm::vec4> colors = s.View().joint_colors;
  ASSERT_EQ(colors.size(), static_cast<std::size_t>(model_.skeleton.JointCount()));
  const int hand = model_.skeleton.FindJoint("RightHand");
  ASSERT_GE(hand, 0);
  const glm::vec4 idle_color = colors[hand];
  Set(s, "punch=1");
  for (int i = 0; i < 20; ++i) s.Update(1.0f / 60.0f);
  colors = s.View().joint_colors;
  ASSERT_EQ(colors.size(), static_cast<std::size_t>(model_.skeleton.JointCount()));
  // The hand's colour is its share of the punch layer: blue at 0, red at 1.
  EXPECT_GT(colors[hand].r, idle_color.r + 0.5f);
  const int foot = model_.skeleton.FindJoint("LeftFoot");
  ASSERT_GE(foot, 0);
  EXPECT_LT(colors[foot].r, 0.25f) << "the legs stay on the base layer";
}

// The largest difference between `joints`' locals in `pose` and `clip`
// sampled at `time` (translations in model units, rotations as 1 - |dot|).
float JointsFromClip(const anim::Skeleton& skeleton, const anim::SoaPose& pose,
                     const anim::Clip& clip, float time, const std::vector<int>& joints) {
  anim::Pose want = anim::RestPoseOf(skeleton);
  test_support::SampleInto(clip, want, time, anim::LoopMode::kClamp);
  const anim::Pose shown = anim::AsPose(skeleton, pose);
  float worst = 0.0f;
  for (int j : joints) {
    worst = std::max(worst, glm::length(shown.Local(j).translation - want.Local(j).translation));
    worst =
        std::max(worst, 1.0f - std::abs(glm::dot(shown.Local(j).rotation, want.Local(j).rotation)));
  }
  return worst;
}

// The same over every joint.
float DistanceFromClip(const anim::Skeleton& skeleton, const anim::SoaPose& pose,
                       const anim::Clip& clip, float time) {
  std::vector<int> all(skeleton.JointCount());
  for (int j = 0; j < skeleton.JointCount(); ++j) all[j] = j;
  return JointsFromClip(skeleton, pose, clip, time, all);
}

// Sample 07's base layer: J fades from locomotion into Jump (0.15 s), the
// jump then plays alone, and only from 85 % of the clip does it blend back
// into locomotion (0.3 s).
TEST_F(GraphSamples, StateMachineJumpPlaysAloneUntilItsLandingWindow) {
  samples::Sample& s = Numbered("07");
  Set(s, "speed=0");
  Set(s, "lean=0");
  const anim::Clip& jump = model_.clips[model_.FindClip("Jump")];
  ASSERT_GT(jump.Duration(), 0.6f);
  const float dt = 1.0f / 60.0f;
  for (int i = 0; i < 30; ++i) s.Update(dt);
  Set(s, "jump=1");
  // The frame that fires advances the jump by one step: after n updates it
  // is at n * dt (the fade in is over after 0.15 s, 9 frames).
  int frames = 0;
  const auto distance_now = [&] {
    return DistanceFromClip(model_.skeleton, s.CurrentPose(), jump, frames * dt);
  };
  while ((frames + 1) * dt < 0.6f * jump.Duration()) {
    s.Update(dt);
    ++frames;
    if (frames * dt > 0.2f) {
      ASSERT_LT(distance_now(), 1e-4f) << "at " << frames * dt << " s";
    }
  }
  // Past the window's start (and 0.1 s into the 0.3 s blend back) the pose
  // has left the jump.
  while (frames * dt < 0.85f * jump.Duration() + 0.1f) {
    s.Update(dt);
    ++frames;
  }
  EXPECT_GT(distance_now(), 1e-3f);
}

// Sample 07's locomotion is a blend space with each clip at its own ground
// speed: at the run's speed the run plays alone (in the synced blend's
// phase, which then follows the run's own length).
TEST_F(GraphSamples, StateMachineAtTheRunsSpeedPlaysTheRunAlone) {
  samples::Sample& s = Numbered("07");
  const anim::Clip& run = model_.clips[model_.FindClip("Run")];
  ASSERT_GT(run.Speed(), 0.0f);
  Set(s, "speed=" + std::to_string(run.Speed()));
  Set(s, "lean=0");
  const float dt = 1.0f / 60.0f;
  for (int frames = 1; frames <= 40; ++frames) {
    s.Update(dt);
    const float time = std::fmod(frames * dt, run.Duration());
    ASSERT_LT(DistanceFromClip(model_.skeleton, s.CurrentPose(), run, time), 1e-4f)
        << "frame " << frames;
  }
}

// The joints the punch layer owns outright (a share of 1 at full layer
// weight): the sample's joint colours are red there.
std::vector<int> PunchOwnedJoints(const samples::Sample& s, int joint_count) {
  const std::vector<glm::vec4> colors = s.View().joint_colors;
  std::vector<int> owned;
  if (colors.size() != static_cast<std::size_t>(joint_count)) return owned;
  for (int j = 0; j < joint_count; ++j) {
    if (colors[j].r > 0.9999f) owned.push_back(j);
  }
  return owned;
}

// Sample 07's upper layer: P fired while a punch is under 40 % through is
// ignored (the punch plays on); fired later it restarts the punch, fading
// the punch into itself over 0.12 s, and the layer stays at full weight
// through the restart: the arm never drops back to the base layer.
TEST_F(GraphSamples, StateMachinePunchRestartsOnlyFromItsWindowAtFullWeight) {
  samples::Sample& s = Numbered("07");
  Set(s, "speed=0");
  Set(s, "lean=0");
  const anim::Clip& punch = model_.clips[model_.FindClip("Punch")];
  ASSERT_GT(punch.Duration(), 0.8f);
  const int joints = model_.skeleton.JointCount();
  const float dt = 1.0f / 60.0f;
  for (int i = 0; i < 30; ++i) s.Update(dt);
  Set(s, "punch=1");
  int frames = 0;  // since the first punch: it is at frames * dt
  std::vector<int> owned;
  const auto step = [&] {
    s.Update(dt);
    ++frames;
    if (frames * dt > 0.2f) {
      const std::vector<int> now = PunchOwnedJoints(s, joints);
      if (owned.empty()) owned = now;
      ASSERT_EQ(now, owned) << "the layer's weight changed at " << frames * dt << " s";
    }
  };
  while (frames * dt < 0.2f * punch.Duration()) step();
  Set(s, "punch=1");  // too early: ignored
  while (frames * dt < 0.5f * punch.Duration()) {
    step();
    if (frames * dt > 0.2f) {
      ASSERT_LT(JointsFromClip(model_.skeleton, s.CurrentPose(), punch, frames * dt, owned), 1e-4f)
          << "at " << frames * dt << " s";
    }
  }
  ASSERT_FALSE(owned.empty());
  EXPECT_NE(std::find(owned.begin(), owned.end(), model_.skeleton.FindJoint("RightHand")),
            owned.end());
  Set(s, "punch=1");  // in the window: restarts
  const int restart = frames;
  // Past the 0.12 s fade the punch plays from its start again.
  while ((frames - restart) * dt < 0.15f) step();
  const float since_restart = (frames - restart) * dt;
  EXPECT_LT(JointsFromClip(model_.skeleton, s.CurrentPose(), punch, since_restart, owned), 1e-4f);
  EXPECT_GT(JointsFromClip(model_.skeleton, s.CurrentPose(), punch, frames * dt, owned), 1e-2f);
}

}  // namespace

namespace {

// Every shipped description loads on the character it is written for.
TEST(ShippedGraphs, EachDescriptionLoadsOnItsCharacter) {
  const std::string source = ANIM_SOURCE_DIR;
  const std::pair<std::string, std::string> cases[] = {
      {"assets/graphs/mannequin_locomotion.json", source + "/assets/mannequin.gltf"},
      {"assets/graphs/woman_locomotion.json", std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf"},
  };
  for (const auto& [graph, model_path] : cases) {
    if (!std::filesystem::exists(model_path)) {
      std::cout << "[  NOTE    ] " << model_path << " is absent; " << graph << " not checked\n";
      continue;
    }
    anim::Model model;
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(model_path, &model, &error)) << error;
    const auto loaded = anim::LoadAnimationGraph(source + "/" + graph, model, &error);
    ASSERT_NE(loaded, nullptr) << error;
    loaded->Params().Set("speed", 2.0f);
    for (int i = 0; i < 120; ++i) loaded->Update(1.0f / 60.0f);
    for (int j = 0; j < loaded->SoaOutput().JointCount(); ++j) {
      EXPECT_NEAR(glm::length(loaded->SoaOutput().Local(j).rotation), 1.0f, 1e-4f) << graph;
    }
  }
}

}  // namespace
