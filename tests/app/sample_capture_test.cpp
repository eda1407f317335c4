// The walkthrough from the command line: --sample N with --set captures the
// state a user reaches with the panel; checked against anim/ sampling done
// here, on the project's own character (always present).
#include <cmath>

#include <gtest/gtest.h>

#include "anim/compression/playback.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "json_reader.h"
#include "run_viewer.h"
#include "tests/anim/test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";

app_test::JsonValue DumpSample(const std::string& args) {
  const std::string json = app_test::TempPath("sample_pose.json");
  const auto run = app_test::RunViewer("'" + kMannequin + "' --headless " + args +
                                       " --dump-pose '" + json + "'");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  app_test::JsonValue dump;
  std::string error;
  EXPECT_TRUE(app_test::ParseJson(app_test::ReadFile(json), &dump, &error)) << error;
  return dump;
}

// The mannequin's clip `name` sampled at `time`, as local rotations.
std::vector<glm::quat> ClipRotations(const std::string& name, float time) {
  anim::Model model;
  std::string error;
  EXPECT_TRUE(anim::LoadGltfModel(kMannequin, &model, &error)) << error;
  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  test_support::SampleInto(model.clips[model.FindClip(name)], pose, time);
  std::vector<glm::quat> out;
  out.reserve(pose.JointCount());
  for (int j = 0; j < pose.JointCount(); ++j) out.push_back(pose.Local(j).rotation);
  return out;
}

glm::quat DumpedRotation(const app_test::JsonValue& joint) {
  const auto& r = joint["rotation"];
  return glm::quat(float(r[3].number), float(r[0].number), float(r[1].number), float(r[2].number));
}

TEST(SampleCapture, PartialBlendAtWeightZeroIsTheBaseClip) {
  const auto dump = DumpSample("--sample 4 --set base_clip=Walk --set weight=0 --time 0.5");
  const auto expected = ClipRotations("Walk", 0.5f);
  ASSERT_EQ(dump["joints"].array.size(), expected.size());
  for (std::size_t j = 0; j < expected.size(); ++j) {
    SCOPED_TRACE(dump["joints"][j]["name"].string);
    anim_test::ExpectSameRotation(DumpedRotation(dump["joints"][j]), expected[j]);
  }
  EXPECT_EQ(dump["clip"].string, "04 Partial blend");
}

TEST(SampleCapture, PlaybackSampleScrubsToTheRequestedPhase) {
  // At phase 0.5 of Run (0.7 s long, no time simulated): the pose of Run at 0.35 s.
  const auto dump = DumpSample("--sample 0 --set clip=Run --set phase=0.5");
  const auto expected = ClipRotations("Run", 0.35f);
  for (std::size_t j = 0; j < expected.size(); ++j) {
    SCOPED_TRACE(dump["joints"][j]["name"].string);
    anim_test::ExpectSameRotation(DumpedRotation(dump["joints"][j]), expected[j]);
  }
}

TEST(SampleCapture, ListsSamplesAndParameters) {
  const auto samples = app_test::RunViewer("--list-samples");
  ASSERT_EQ(samples.exit_code, 0) << samples.err;
  for (const char* title :
       {"00 Playback", "01 Blend", "02 Cross-fade", "03 Additive", "04 Partial blend"}) {
    EXPECT_NE(samples.out.find(title), std::string::npos) << title;
  }
  const auto params =
      app_test::RunViewer("'" + kMannequin + "' --sample 4 --list-params --set falloff=3");
  ASSERT_EQ(params.exit_code, 0) << params.err;
  EXPECT_NE(params.out.find("falloff = 3  (int [0, 5])"), std::string::npos) << params.out;
  EXPECT_NE(params.out.find("upper_clip = Punch"), std::string::npos) << params.out;
}

TEST(SampleCapture, BadSampleOrParameterIsAClearError) {
  const std::string png = app_test::TempPath("never.png");
  auto run =
      app_test::RunViewer("'" + kMannequin + "' --headless --sample 42 --screenshot '" + png + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("there is no sample 42"), std::string::npos) << run.err;
  run = app_test::RunViewer("'" + kMannequin +
                            "' --headless --sample 1 --set weight=2 --screenshot '" + png + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("01 Blend: weight: 2 is outside [0, 1]"), std::string::npos) << run.err;
  run = app_test::RunViewer("'" + kMannequin + "' --headless --set weight=1 --screenshot '" + png +
                            "'");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--set needs --sample N"), std::string::npos) << run.err;
}

}  // namespace

namespace {

// Scripted input: the jump trigger fired by --at reaches the state machine
// of sample 07 at the frame it names, and once the 0.15 s fade is over the
// pose is the Jump clip alone, 30 frames after the trigger.
TEST(SampleCapture, ScriptedTriggerDrivesTheStateMachine) {
  // Steps start at (k - 1) / 60 s; the first one at or after 0.49 s is the
  // 31st, so steps 31..60 play the jump: 0.5 s of it by --time 1.
  const auto dump = DumpSample("--sample 7 --at 0.49:jump=1 --time 1.0");
  const auto expected = ClipRotations("Jump", 0.5f);
  ASSERT_EQ(dump["joints"].array.size(), expected.size());
  for (std::size_t j = 0; j < expected.size(); ++j) {
    EXPECT_NEAR(std::abs(glm::dot(DumpedRotation(dump["joints"][j]), expected[j])), 1.0f, 1e-4f)
        << dump["joints"][j]["name"].string;
  }
  const std::string png = app_test::TempPath("never.png");
  const auto run = app_test::RunViewer(
      "'" + kMannequin + "' --headless --sample 7 --at 1:fly=1 --screenshot '" + png + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("--at names unknown parameter 'fly'"), std::string::npos) << run.err;
}

}  // namespace
