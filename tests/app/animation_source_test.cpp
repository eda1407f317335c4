// Clips from another file (app/animation_source.h, --animations): added after
// the model's own, named for their source, replaced by a later source, taken
// through the mapping file beside the model, refused with the file's name
// when something is wrong (the model then unchanged); --info lists the
// mapping.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "app/animation_source.h"
#include "app/model_loading.h"
#include "import/retarget_mapping_file.h"
#include "run_viewer.h"
#include "samples/clip_roles.h"

namespace {

using animviewer::AddRetargetedClips;

std::string MannequinPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

anim::Model LoadMannequin() {
  anim::Model model;
  std::string error;
  EXPECT_TRUE(animviewer::LoadModelFile(MannequinPath(), {}, &model, &error)) << error;
  return model;
}

// The largest distance between the model-space joints of two clips at `time`.
float LargestJointGap(const anim::Skeleton& skeleton, const anim::Clip& a, const anim::Clip& b,
                      float time) {
  anim::SoaPose pa, pb;
  pa.CopyFrom(skeleton.RestPose());
  pb.CopyFrom(skeleton.RestPose());
  a.Sample(pa, time);
  b.Sample(pb, time);
  const anim::Pose qa = anim::AsPose(skeleton, pa), qb = anim::AsPose(skeleton, pb);
  float gap = 0.0f;
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    gap = std::max(gap, glm::length(glm::vec3(qa.ModelMatrix(j)[3] - qb.ModelMatrix(j)[3])));
  }
  return gap;
}

TEST(AnimationSource, ClipsFollowTheModelsOwnNamedForTheirSource) {
  anim::Model model = LoadMannequin();
  const std::size_t own = model.clips.size();
  std::string error;
  ASSERT_TRUE(AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error)) << error;
  ASSERT_EQ(model.clips.size(), 2 * own);
  ASSERT_EQ(model.clip_roles.size(), model.clips.size());
  ASSERT_NE(model.animation_source, nullptr);
  EXPECT_EQ(model.animation_source->first_clip, static_cast<int>(own));
  EXPECT_EQ(model.clips[own + 1].Name(), model.clips[1].Name() + " (from mannequin)");
  // Onto its own skeleton, the walk is the walk (feet pinned to where they
  // already are): within 0.1 mm at every joint.
  for (float t : {0.0f, 0.3f, 0.77f}) {
    EXPECT_LT(LargestJointGap(model.skeleton, model.clips[1], model.clips[own + 1], t), 1e-4f);
  }
  // Its role is read off its motion like any clip's.
  EXPECT_EQ(model.clip_roles[own + 1].role, model.clip_roles[1].role);
  // A second source replaces the first one's clips.
  ASSERT_TRUE(AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error)) << error;
  EXPECT_EQ(model.clips.size(), 2 * own);
}

TEST(AnimationSource, TheMappingFileBesideTheModelIsUsedAndItsMistakesNamed) {
  const std::filesystem::path dir = app_test::TempPath("animation_source");
  std::filesystem::create_directories(dir);
  const std::string model_path = (dir / "hero.gltf").string();
  std::filesystem::copy_file(MannequinPath(), model_path,
                             std::filesystem::copy_options::overwrite_existing);
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(model_path, {}, &model, &error)) << error;
  const std::string mapping = anim::RetargetMappingPathFor(model_path);
  std::ofstream(mapping) << R"({"joints": {"LeftArm": null, "LeftForeArm": null}})";
  ASSERT_TRUE(AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error)) << error;
  ASSERT_NE(model.animation_source, nullptr);
  EXPECT_EQ(model.animation_source->mapping_file, mapping);
  EXPECT_EQ(model.animation_source->mapping[model.skeleton.FindJoint("LeftArm")], -1);
  EXPECT_GE(model.animation_source->mapping[model.skeleton.FindJoint("RightArm")], 0);

  std::ofstream(mapping) << R"({"joints": {"LeftArm": "Nobody"}})";
  const anim::Model before = model;
  EXPECT_FALSE(AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error));
  EXPECT_EQ(error, mapping + ": joints.\"LeftArm\": the source has no joint named \"Nobody\"");
  EXPECT_EQ(model.clips.size(), before.clips.size());
  EXPECT_EQ(model.animation_source, before.animation_source);

  const std::string missing = (dir / "missing.glb").string();
  EXPECT_FALSE(AddRetargetedClips({missing, ""}, {}, &model, &error));
  EXPECT_NE(error.find(missing), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

TEST(AnimationSource, InfoListsTheMappingAndWhatIsUnmapped) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf is absent from the shared assets";
  const app_test::RunResult run =
      app_test::RunViewer("--info --no-compression --animations " + woman);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Retargeted from " + woman + " (mapped by joint names):"),
            std::string::npos);
  EXPECT_NE(run.out.find("joints mapped: 22 of 22"), std::string::npos);
  EXPECT_NE(run.out.find("    LeftForeArm <- LeftForeArm\n"), std::string::npos);
  EXPECT_NE(run.out.find("source joints driving nothing: LeftToe_End, RightToe_End, HeadTop_End"),
            std::string::npos);
  EXPECT_NE(run.out.find("Walking (from Woman)"), std::string::npos);
  EXPECT_NE(run.out.find("source rest arms down"), std::string::npos);
  EXPECT_NE(run.out.find("target rest T-pose"), std::string::npos);

  const app_test::RunResult missing = app_test::RunViewer("--info --animations /nonexistent/x.glb");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/x.glb"), std::string::npos) << missing.err;
}

// A second source replaces the first one's clips and its warning about
// joints it lacks: Woman has 19 joints (fingers, ends) the mannequin lacks.
TEST(AnimationSource, ASecondSourceReplacesTheFirstsWarning) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf is absent from the shared assets";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(woman, {}, &model, &error)) << error;
  const std::size_t own = model.clips.size();
  for (int time = 0; time < 2; ++time) {
    ASSERT_TRUE(AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error)) << error;
  }
  EXPECT_EQ(model.clips.size(), own + 7);
  EXPECT_EQ(model.clip_roles.size(), model.clips.size());
  const auto lacking = std::count_if(
      model.warnings.begin(), model.warnings.end(),
      [](const std::string& w) { return w.find("19 of 41 joints have no joint in") == 0; });
  EXPECT_EQ(lacking, 1);
}

// Samples pick clips by the names their own files give them: on a model
// without clips of its own, Woman's "Idle" is the idle, not "SitIdle" (whose
// listed name also contains "idle").
TEST(AnimationSource, SamplesPickRetargetedClipsByTheirOwnNames) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf is absent from the shared assets";
  anim::Model model = LoadMannequin();
  model.clips.clear();
  model.clip_roles.clear();
  std::string error;
  ASSERT_TRUE(AddRetargetedClips({woman, ""}, {}, &model, &error)) << error;
  const int idle = samples::FindClipForRole(model, {"idle"});
  ASSERT_GE(idle, 0);
  EXPECT_EQ(model.clips[idle].Name(), "Idle (from Woman)");
  EXPECT_EQ(model.SourceClipName(idle), "Idle");
  EXPECT_EQ(model.clips[samples::FindClipForRole(model, {"walk", "walking"})].Name(),
            "Walking (from Woman)");
}

// --save-retargeted: the model's file with the retargeted clips added reads
// back with them, key for key what the viewer played.
TEST(AnimationSource, SavedIntoTheModelsFileTheClipsReadBack) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf is absent from the shared assets";
  const std::string out = app_test::TempPath("hero_retargeted.gltf");
  const app_test::RunResult run = app_test::RunViewer("'" + MannequinPath() + "' --animations '" +
                                                      woman + "' --save-retargeted '" + out + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("with 10 retargeted clips added"), std::string::npos) << run.out;

  anim::Model in_memory = LoadMannequin();
  std::string error;
  ASSERT_TRUE(AddRetargetedClips({woman, ""}, {}, &in_memory, &error)) << error;
  anim::Model saved;
  ASSERT_TRUE(animviewer::LoadModelFile(out, {}, &saved, &error)) << error;
  ASSERT_EQ(saved.clips.size(), in_memory.clips.size());
  EXPECT_TRUE(saved.warnings.empty()) << saved.warnings.front();
  for (std::size_t c = 0; c < saved.clips.size(); ++c) {
    const anim::Clip& a = in_memory.clips[c];
    const anim::Clip& b = saved.clips[c];
    EXPECT_EQ(a.Name(), b.Name());
    EXPECT_FLOAT_EQ(a.Duration(), b.Duration());
    EXPECT_FLOAT_EQ(a.Speed(), b.Speed()) << a.Name();
    EXPECT_EQ(a.Events().size(), b.Events().size()) << a.Name();
    for (float phase : {0.0f, 0.31f, 0.5f, 0.97f}) {
      EXPECT_LT(LargestJointGap(saved.skeleton, a, b, a.TimeAtPhase(phase)), 1e-5f) << a.Name();
    }
  }
  const app_test::RunResult alone = app_test::RunViewer("--save-retargeted '" + out + "'");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--save-retargeted needs --animations FROM"), std::string::npos);
}

}  // namespace
