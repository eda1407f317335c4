// docs/runtime-api.md's first example, compiled and run as written there (keep the
// two in step), on the project's own character.
#include <gtest/gtest.h>

#include "anim/blending/additive.h"
#include "anim/blending/soa_additive.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/state_machine.h"
#include "import/gltf_importer.h"

namespace {

// The example's first lines, which the graph example reuses: the model, its
// skeleton and the error string.
class ReadmeExample : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model,
                                    &error))
        << error;
  }
  anim::Model model;
  std::string error;
};

TEST_F(ReadmeExample, RunsAsDocumented) {
  const float dt = 1.0f / 60.0f;
  const anim::Skeleton& skeleton = model.skeleton;

  anim::CrossFadeController fades(skeleton);
  fades.Play(&model.clips[model.FindClip("Walk")]);
  anim::FadeOptions run;
  run.duration = 0.3f;
  run.ease = anim::EaseCurve::SmoothStep();
  fades.FadeTo(&model.clips[model.FindClip("Run")], run);

  const anim::Clip& lean = model.clips[model.FindClip("Lean_Left")];
  const anim::SoaPose lean_base = anim::MakeAdditivePose(skeleton, lean);
  anim::SoaPose lean_pose = skeleton.RestPose(), pose = skeleton.RestPose();
  std::vector<glm::mat4> model_space(skeleton.JointCount()), palette(skeleton.JointCount());

  for (int frame = 0; frame < 30; ++frame) {
    fades.Update(dt);
    lean_pose.CopyFrom(skeleton.RestPose());
    lean.Sample(lean_pose, lean.TimeAtPhase(0.8f), anim::LoopMode::kClamp);
    anim::Add(pose, fades.CurrentPose(), lean_pose, lean_base, /*weight=*/0.5f);
    anim::ComputePalette(skeleton, pose, model_space, palette);
  }
  // 0.5 s > the 0.3 s fade: Run is now the current clip.
  EXPECT_EQ(fades.CurrentClip()->Name(), "Run");
  EXPECT_EQ(fades.TargetCount(), 0);
  for (const glm::mat4& m : palette) EXPECT_TRUE(std::isfinite(m[3][0] + m[3][1] + m[3][2]));
}

// docs/runtime-api.md's anim/graph example, as written there.
TEST_F(ReadmeExample, GraphRunsAsDocumented) {
  const float dt = 1.0f / 60.0f;
  const anim::Skeleton& skeleton = model.skeleton;

  anim::AnimationGraph graph(skeleton);
  const int speed = graph.Params().Add("speed", anim::ParamType::kFloat);
  const int jump = graph.Params().Add("jump", anim::ParamType::kTrigger);

  auto* idle = graph.Add<anim::ClipNode>("idle", skeleton, model.clips[model.FindClip("Idle")]);
  auto* walk = graph.Add<anim::ClipNode>("walk", skeleton, model.clips[model.FindClip("Walk")]);
  anim::BlendSpace1D space;
  const float at[] = {0.0f, 1.4f};
  ASSERT_TRUE(space.Build(at, &error)) << error;
  auto* move =
      graph.Add<anim::BlendSpace1DNode>("move", skeleton, std::vector<anim::Node*>{idle, walk},
                                        space, anim::FloatInput{speed}, /*sync=*/true);
  anim::ClipNodeOptions once;
  once.loop = anim::LoopMode::kClamp;
  auto* leap =
      graph.Add<anim::ClipNode>("leap", skeleton, model.clips[model.FindClip("Jump")], once);
  anim::Transition up, land;
  up.from = 0, up.to = 1, up.conditions = {{jump, anim::CompareOp::kTriggered}};
  land.from = 1, land.to = 0, land.exit_begin = 0.85f;
  auto* body = graph.Add<anim::StateMachineNode>(
      "body", skeleton, std::vector<anim::State>{{"Move", move}, {"Jump", leap}},
      std::vector<anim::Transition>{up, land});
  graph.SetRoot(body);

  bool entered_jump = false, back_to_move = false;
  for (int frame = 0; frame < 240; ++frame) {
    const bool jump_pressed = frame == 30;
    graph.Params().Set(speed, 0.9f);
    if (jump_pressed) graph.Params().Fire(jump);
    graph.Update(dt);
    for (const anim::FiredEvent& e : graph.Events()) {
      if (e.kind == anim::EventKind::kStateEnter && e.name == "Jump") entered_jump = true;
      if (e.kind == anim::EventKind::kStateEnter && e.name == "Move" && entered_jump)
        back_to_move = true;
    }
  }
  EXPECT_TRUE(entered_jump);
  EXPECT_TRUE(back_to_move) << "the jump lands through its exit window";
  EXPECT_EQ(body->ActiveState(graph.Context()), 0);
  // 0.9 m/s sits 9/14 of the way from Idle to Walk.
  auto* blend = static_cast<anim::BlendSpace1DNode*>(move);
  EXPECT_NEAR(blend->Weights(graph.Context())[1], 0.9f / 1.4f, 1e-6f);
}

}  // namespace
