// --dump-pose writes the pose anim/ computes for the same clip, time, speed
// and loop mode: compared here with the pose sampled directly (one Sample
// call at the total time, where the viewer took fixed 1/60 s steps). The
// runs pass --no-compression: these references are the raw clips at 1e-6,
// and compressed clips differ from them by up to their tolerance (0.1 mm;
// tests/anim/compression_test.cpp checks that bound).
#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "json_reader.h"
#include "run_viewer.h"
#include "tests/anim/test_util.h"
#include "tests/import/gltf_builder.h"
#include "tests/support/pose_sampling.h"

namespace {

using app_test::JsonValue;

#define REQUIRE_WOMAN()                            \
  const std::string woman = app_test::WomanPath(); \
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR

// Values the size of the Woman's 250-unit hip height get a relative tolerance.
void ExpectNear(double actual, double expected, const std::string& what) {
  EXPECT_NEAR(actual, expected, 1e-4 * std::max(1.0, std::abs(expected))) << what;
}

void CheckDumpAgainstAnim(const std::string& woman, const std::string& clip_name, double time,
                          float speed, anim::LoopMode mode, const std::string& mode_arg) {
  const std::string json_path = app_test::TempPath("pose_" + clip_name + ".json");
  char speed_text[32];
  std::snprintf(speed_text, sizeof speed_text, "%g", speed);
  const auto run =
      app_test::RunViewer("'" + woman + "' --headless --clip " + clip_name + " --time " +
                          std::to_string(time) + " --speed " + speed_text + " --loop " + mode_arg +
                          " --no-compression --dump-pose '" + json_path + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  JsonValue dump;
  std::string error;
  ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(json_path), &dump, &error)) << error;

  anim::Model model;
  ASSERT_TRUE(anim::LoadGltfModel(woman, &model, &error)) << error;
  const anim::Skeleton& skeleton = model.skeleton;
  const int clip_index = model.FindClip(clip_name);
  ASSERT_GE(clip_index, 0);
  const anim::Clip& clip = model.clips[clip_index];
  anim::Pose pose = anim::RestPoseOf(skeleton);
  // Playback starts at the clip's start and moves by time * speed.
  test_support::SampleInto(clip, pose, clip.StartTime() + static_cast<float>(time) * speed, mode);
  std::vector<glm::mat4> model_matrices(static_cast<std::size_t>(skeleton.JointCount()));
  pose.ComputeModelMatrices(model_matrices);

  EXPECT_EQ(dump["clip"].string, clip_name);
  EXPECT_EQ(dump["loop"].string, anim::LoopModeName(mode));
  const JsonValue& joints = dump["joints"];
  ASSERT_EQ(joints.array.size(), static_cast<std::size_t>(skeleton.JointCount()));
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    const JsonValue& joint = joints[static_cast<std::size_t>(j)];
    const std::string where = clip_name + " joint " + skeleton.JointName(j);
    EXPECT_EQ(joint["name"].string, skeleton.JointName(j));
    EXPECT_EQ(joint["parent"].number, skeleton.Parent(j)) << where;
    const anim::Transform& t = pose.Local(j);
    for (int k = 0; k < 3; ++k) {
      ExpectNear(joint["translation"][k].number, t.translation[k], where + " translation");
      ExpectNear(joint["scale"][k].number, t.scale[k], where + " scale");
    }
    const glm::quat q(static_cast<float>(joint["rotation"][3].number),
                      static_cast<float>(joint["rotation"][0].number),
                      static_cast<float>(joint["rotation"][1].number),
                      static_cast<float>(joint["rotation"][2].number));
    SCOPED_TRACE(where + " rotation");
    anim_test::ExpectSameRotation(q, t.rotation);
    const JsonValue& m = joint["model_matrix"];
    ASSERT_EQ(m.array.size(), 16u) << where;
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        ExpectNear(m[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(r)].number,
                   model_matrices[j][c][r], where + " model matrix");
      }
    }
  }
}

TEST(PoseDump, WalkingMatchesAnimSampling) {
  REQUIRE_WOMAN();
  CheckDumpAgainstAnim(woman, "Walking", 0.75, 1.0f, anim::LoopMode::kLoop, "loop");
}

TEST(PoseDump, BackwardPingPongMatchesAnimSampling) {
  REQUIRE_WOMAN();
  CheckDumpAgainstAnim(woman, "Running", 2.3, -0.5f, anim::LoopMode::kPingPong, "ping-pong");
}

TEST(PoseDump, ClampHoldsTheLastFrame) {
  REQUIRE_WOMAN();
  CheckDumpAgainstAnim(woman, "Punch", 5.0, 1.0f, anim::LoopMode::kClamp, "clamp");
}

// Independent of anim/: the Woman's "Armature" node scales by 0.01 above the
// root joint, so the hips' model matrix must carry that scale, and its
// translation must be the local translation scaled by 0.01.
TEST(PoseDump, ModelMatricesIncludeTheArmatureScale) {
  REQUIRE_WOMAN();
  const std::string json_path = app_test::TempPath("pose_armature.json");
  const auto run = app_test::RunViewer("'" + woman +
                                       "' --headless --clip Idle --time 1 "
                                       "--no-compression --dump-pose '" +
                                       json_path + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  JsonValue dump;
  std::string error;
  ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(json_path), &dump, &error)) << error;
  const JsonValue& hips = dump["joints"][0];
  ASSERT_EQ(hips["name"].string, "Hips");
  ASSERT_EQ(hips["parent"].number, -1);
  const JsonValue& m = hips["model_matrix"];
  for (int c = 0; c < 3; ++c) {
    const double length =
        std::sqrt(m[c * 4].number * m[c * 4].number + m[c * 4 + 1].number * m[c * 4 + 1].number +
                  m[c * 4 + 2].number * m[c * 4 + 2].number);
    EXPECT_NEAR(length, 0.01 * hips["scale"][static_cast<std::size_t>(c)].number, 1e-6);
  }
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(m[12 + k].number, 0.01 * hips["translation"][static_cast<std::size_t>(k)].number,
                1e-5);
  }
}

// clip_time is the time that was sampled: wrapped by the loop mode, and in
// ping-pong's second half reflected. The mannequin's Walk (duration d) at
// playback time 1.25 d: loop samples 0.25 d, ping-pong 0.75 d (on its way
// back), clamp the end; playback_time keeps the player's own time.
TEST(PoseDump, ClipTimeIsTheTimeSampled) {
  const std::string mannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(mannequin, &model, &error)) << error;
  const anim::Clip& walk = model.clips[model.FindClip("Walk")];
  const double d = walk.Duration(), start = walk.StartTime();
  struct Case {
    const char* loop;
    double sampled;
    double playback;
  };
  for (const Case& c : {Case{"loop", start + 0.25 * d, start + 0.25 * d},
                        Case{"ping-pong", start + 0.75 * d, start + 1.25 * d},
                        Case{"clamp", start + d, start + d}}) {
    const std::string json_path = app_test::TempPath(std::string("clip_time_") + c.loop + ".json");
    char time[32];
    std::snprintf(time, sizeof time, "%.9g", 1.25 * d);
    const auto run = app_test::RunViewer("'" + mannequin + "' --headless --clip Walk --loop " +
                                         c.loop + " --time " + time +
                                         " --no-compression --dump-pose '" + json_path + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    JsonValue dump;
    ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(json_path), &dump, &error)) << error;
    EXPECT_NEAR(dump["clip_time"].number, c.sampled, 1e-4) << c.loop;
    EXPECT_NEAR(dump["playback_time"].number, c.playback, 1e-4) << c.loop;
  }
}

}  // namespace

namespace {

// The viewer plays compressed clips unless told not to: the same clip and
// time dumped both ways differ (the compressed pose is really shown), by no
// more than the compression's 0.1 mm at any joint (model space, metres).
TEST(PoseDump, CompressedPlaybackStaysWithinItsToleranceOfTheRawClip) {
  const std::string mannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";
  JsonValue dumps[2];
  for (int raw = 0; raw < 2; ++raw) {
    const std::string json_path = app_test::TempPath(raw ? "pose_raw.json" : "pose_packed.json");
    const auto run =
        app_test::RunViewer("'" + mannequin + "' --headless --clip Walk --time 0.55" +
                            (raw ? " --no-compression" : "") + " --dump-pose '" + json_path + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::string error;
    ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(json_path), &dumps[raw], &error)) << error;
  }
  const std::size_t joints = dumps[0]["joints"].array.size();
  ASSERT_EQ(joints, dumps[1]["joints"].array.size());
  double largest = 0.0;
  for (std::size_t j = 0; j < joints; ++j) {
    const JsonValue& a = dumps[0]["joints"][j]["model_matrix"];
    const JsonValue& b = dumps[1]["joints"][j]["model_matrix"];
    double d2 = 0.0;
    for (int k = 12; k < 15; ++k) d2 += (a[k].number - b[k].number) * (a[k].number - b[k].number);
    largest = std::max(largest, std::sqrt(d2));
  }
  EXPECT_GT(largest, 0.0);
  EXPECT_LE(largest, 1e-4);
}

// A node whose translation is keyed only from 0.5 s (x 2 -> 4 by 1.5 s):
// on the file's timeline, as three.js, Blender and the Khronos Sample
// Viewer play it, --time counts from 0, the first key holds until 0.5 s and
// the clip loops every 1.5 s. Values worked from the two keys.
TEST(PoseDump, TimeIsTheFilesTimelineForAClipWhoseFirstKeyIsLate) {
  gltf_test::GltfBuilder b;
  const int times = b.AddFloats({0.5f, 1.5f}, "SCALAR");
  const int values = b.AddFloats({2, 0, 0, 4, 0, 0}, "VEC3");
  const std::string path = app_test::TempPath("late_first_key.gltf");
  std::ofstream(path) << b.EmbeddedJson(
      R"("nodes":[{"name":"mover"}],"animations":[{"name":"late","samplers":[{"input":)" +
      std::to_string(times) + R"(,"output":)" + std::to_string(values) +
      R"(}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}])");
  const struct {
    const char* time;
    double clip_time, x;
  } cases[] = {{"0.25", 0.25, 2.0}, {"1", 1.0, 3.0}, {"1.75", 0.25, 2.0}};
  for (const auto& c : cases) {
    const std::string json_path = app_test::TempPath("late_first_key.json");
    const auto run = app_test::RunViewer("'" + path + "' --headless --no-compression --time " +
                                         c.time + " --dump-pose '" + json_path + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    JsonValue dump;
    std::string error;
    ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(json_path), &dump, &error)) << error;
    EXPECT_NEAR(dump["clip_time"].number, c.clip_time, 1e-4) << "--time " << c.time;
    EXPECT_NEAR(dump["joints"][0]["translation"][0].number, c.x, 1e-4) << "--time " << c.time;
  }
}

}  // namespace
