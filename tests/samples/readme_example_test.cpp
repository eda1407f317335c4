// The README's runtime example, compiled and run as written there (keep the
// two in step), on the project's own character.
#include <gtest/gtest.h>

#include "anim/additive.h"
#include "anim/cross_fade_controller.h"
#include "anim/import/gltf_importer.h"

namespace {

TEST(ReadmeExample, RunsAsDocumented) {
  const float dt = 1.0f / 60.0f;
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  const anim::Skeleton& skeleton = model.skeleton;

  anim::CrossFadeController fades(skeleton);
  fades.Play(&model.clips[model.FindClip("Walk")]);
  anim::FadeOptions run;
  run.duration = 0.3f;
  run.ease = anim::EaseCurve::SmoothStep();
  fades.FadeTo(&model.clips[model.FindClip("Run")], run);

  const anim::Clip& lean = model.clips[model.FindClip("Lean_Left")];
  const anim::Pose lean_base = anim::MakeAdditivePose(skeleton, lean);
  anim::Pose lean_pose = skeleton.RestPose(), pose = skeleton.RestPose();
  std::vector<glm::mat4> model_space(skeleton.JointCount()), palette(skeleton.JointCount());

  for (int frame = 0; frame < 30; ++frame) {
    fades.Update(dt);
    lean_pose = skeleton.RestPose();
    lean.Sample(lean_pose, lean.StartTime() + 0.8f * lean.Duration(), anim::LoopMode::kClamp);
    anim::Add(pose, fades.CurrentPose(), lean_pose, lean_base, /*root=*/-1, /*weight=*/0.5f);
    anim::ComputePalette(skeleton, pose, model_space, palette);
  }
  // 0.5 s > the 0.3 s fade: Run is now the current clip.
  EXPECT_EQ(fades.CurrentClip()->Name(), "Run");
  EXPECT_EQ(fades.TargetCount(), 0);
  for (const glm::mat4& m : palette) EXPECT_TRUE(std::isfinite(m[3][0] + m[3][1] + m[3][2]));
}

}  // namespace
