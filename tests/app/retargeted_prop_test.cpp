// A character whose helmet hangs on a slot under the root, the way some game
// rigs carry props (a helmet or weapon slot the animation source has no
// joint for), takes the mannequin's clips (--animations): the helmet must
// ride on the head through every clip instead of staying at its rest place
// while the head walks off, and --info and the load warning must name it.
// The file is written here (tests/import/gltf_builder.h); the check is a
// property that needs no retargeter: the helmet's transform in the head's
// frame does not change over a clip in which the head moves.
#include <algorithm>
#include <fstream>

#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include "anim/offline/pose.h"
#include "app/animation_source.h"
#include "app/model_loading.h"
#include "run_viewer.h"
#include "tests/import/gltf_builder.h"

namespace {

std::string MannequinPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

// Root (0,0,0) > Hips (0,1,0) > Spine (+0.2) > Head (+0.5); HelmetSlot under
// Root at (0, 1.85, 0.05). A body strip skinned to Spine and Head and a
// helmet triangle bound wholly to HelmetSlot.
std::string WriteSoldier() {
  gltf_test::GltfBuilder b;
  const int body_positions =
      b.AddFloats({-0.1f, 1.2f, 0, 0.1f, 1.2f, 0, -0.1f, 1.7f, 0, 0.1f, 1.7f, 0}, "VEC3");
  const int body_joints = b.AddU8({2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0}, "VEC4", false);
  const int body_weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  const int body_indices = b.AddU16({0, 1, 2, 2, 1, 3}, "SCALAR", false);
  const int helmet_positions =
      b.AddFloats({-0.1f, 1.8f, 0.05f, 0.1f, 1.8f, 0.05f, 0, 1.95f, 0.05f}, "VEC3");
  const int helmet_joints = b.AddU8({4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0}, "VEC4", false);
  const int helmet_weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  const int helmet_indices = b.AddU16({0, 1, 2}, "SCALAR", false);
  // Inverse binds: the joints' rest model matrices are translations.
  const float heights[5][3] = {{0, 0, 0}, {0, 1, 0}, {0, 1.2f, 0}, {0, 1.7f, 0}, {0, 1.85f, 0.05f}};
  std::vector<float> inverse_binds;
  for (const auto& h : heights) {
    inverse_binds.insert(inverse_binds.end(),
                         {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -h[0], -h[1], -h[2], 1});
  }
  const int ibm = b.AddFloats(inverse_binds, "MAT4");
  auto primitive = [](int positions, int joints, int weights, int indices) {
    return R"({"primitives":[{"attributes":{"POSITION":)" + std::to_string(positions) +
           R"(,"JOINTS_0":)" + std::to_string(joints) + R"(,"WEIGHTS_0":)" +
           std::to_string(weights) + R"(},"indices":)" + std::to_string(indices) + "}]}";
  };
  const std::string json = b.EmbeddedJson(
      R"("scene":0,"scenes":[{"nodes":[0,5,6]}],"nodes":[
      {"name":"Root","children":[1,4]},
      {"name":"Hips","translation":[0,1,0],"children":[2]},
      {"name":"Spine","translation":[0,0.2,0],"children":[3]},
      {"name":"Head","translation":[0,0.5,0]},
      {"name":"HelmetSlot","translation":[0,1.85,0.05]},
      {"name":"Body","mesh":0,"skin":0},
      {"name":"Helmet","mesh":1,"skin":0}],
      "skins":[{"joints":[0,1,2,3,4],"inverseBindMatrices":)" +
      std::to_string(ibm) + R"(}],"meshes":[)" +
      primitive(body_positions, body_joints, body_weights, body_indices) + "," +
      primitive(helmet_positions, helmet_joints, helmet_weights, helmet_indices) + "]");
  const std::string path = app_test::TempPath("soldier_with_helmet_slot.gltf");
  std::ofstream(path) << json;
  return path;
}

TEST(RetargetedProp, AHelmetOnASlotUnderTheRootRidesOnTheHeadThroughTheClips) {
  const std::string soldier = WriteSoldier();
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(soldier, {}, &model, &error)) << error;
  ASSERT_TRUE(animviewer::AddRetargetedClips({MannequinPath(), ""}, {}, &model, &error)) << error;
  const anim::Skeleton& skeleton = model.skeleton;
  const int head = skeleton.FindJoint("Head");
  const int slot = skeleton.FindJoint("HelmetSlot");
  ASSERT_GE(head, 0);
  ASSERT_GE(slot, 0);
  ASSERT_NE(model.animation_source, nullptr);
  ASSERT_EQ(model.animation_source->props.size(), 1u);
  EXPECT_EQ(model.animation_source->props[0].joint, slot);
  EXPECT_EQ(model.animation_source->props[0].follows, head);
  EXPECT_TRUE(std::any_of(model.warnings.begin(), model.warnings.end(), [](const std::string& w) {
    return w.find(
               "props that follow a mapped joint: HelmetSlot follows "
               "Head") != std::string::npos;
  })) << "the load warning names the prop";

  int clips_checked = 0;
  for (int c = model.animation_source->first_clip; c < static_cast<int>(model.clips.size()); ++c) {
    const anim::Clip& clip = model.clips[c];
    glm::mat4 first_tie(1.0f);
    glm::vec3 first_head(0.0f);
    float head_travel = 0.0f, largest_slip = 0.0f;
    for (int i = 0; i <= 10; ++i) {
      anim::SoaPose pose;
      pose.CopyFrom(skeleton.RestPose());
      clip.Sample(pose, clip.TimeAtPhase(static_cast<float>(i) / 10.0f), anim::LoopMode::kClamp);
      const anim::Pose plain = anim::AsPose(skeleton, pose);
      const glm::mat4 head_model = plain.ModelMatrix(head);
      const glm::mat4 tie = glm::inverse(head_model) * plain.ModelMatrix(slot);
      if (i == 0) {
        first_tie = tie;
        first_head = glm::vec3(head_model[3]);
      }
      head_travel = std::max(head_travel, glm::length(glm::vec3(head_model[3]) - first_head));
      largest_slip = std::max(largest_slip, glm::length(glm::vec3(tie[3] - first_tie[3])));
    }
    if (head_travel < 0.01f) continue;  // a clip that keeps the head still shows nothing
    ++clips_checked;
    EXPECT_LT(largest_slip, 1e-3f) << clip.Name() << ": the helmet slips " << largest_slip
                                   << " m on the head, which moves " << head_travel << " m";
  }
  EXPECT_GE(clips_checked, 3) << "the mannequin's clips move the head";

  const app_test::RunResult info = app_test::RunViewer("--info --no-compression --animations " +
                                                       MannequinPath() + " " + soldier);
  ASSERT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("    HelmetSlot follows Head (the mapped joint nearest to it at rest)"),
            std::string::npos)
      << info.out;
}

}  // namespace
