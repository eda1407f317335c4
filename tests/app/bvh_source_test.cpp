// A BVH take as an animation source (--animations take.bvh): retargeted onto
// the default character like a glTF source. The take is written here, in
// centimetres like the CMU files, with the mannequin's joint names
// (assets/mannequin.gltf) but legs of its own length, so that the units and
// the leg-length scale both show in the result.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "app/model_loading.h"
#include "run_viewer.h"

namespace {

std::string MannequinPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

struct TakeJoint {
  const char* name;
  int parent;
  float x, y, z;  // OFFSET, centimetres
};

// The mannequin's skeleton in centimetres, T-pose, facing +Z, except the
// legs: 50 + 60 = 110 cm from hip to ankle where the mannequin has
// 0.45 + 0.43 = 0.88 m, so the leg-length scale is 0.88 / 110 = 0.008.
const TakeJoint kJoints[] = {
    {"Hips", -1, 0, 0, 0},           {"Spine", 0, 0, 10, 0},
    {"Spine1", 1, 0, 12, 0},         {"Spine2", 2, 0, 13, 0},
    {"Neck", 3, 0, 17, 0},           {"Head", 4, 0, 8, 0},
    {"LeftShoulder", 3, 4, 12, 0},   {"LeftArm", 6, 14, 0, 0},
    {"LeftForeArm", 7, 28, 0, 0},    {"LeftHand", 8, 25, 0, 0},
    {"RightShoulder", 3, -4, 12, 0}, {"RightArm", 10, -14, 0, 0},
    {"RightForeArm", 11, -28, 0, 0}, {"RightHand", 12, -25, 0, 0},
    {"LeftUpLeg", 0, 9, -4, 0},      {"LeftLeg", 14, 0, -50, 0},
    {"LeftFoot", 15, 0, -60, 0},     {"LeftToeBase", 16, 0, -5, 13},
    {"RightUpLeg", 0, -9, -4, 0},    {"RightLeg", 18, 0, -50, 0},
    {"RightFoot", 19, 0, -60, 0},    {"RightToeBase", 20, 0, -5, 13},
};
constexpr int kJointCount = sizeof kJoints / sizeof kJoints[0];

// HIERARCHY of kJoints: the root with six channels, the others Z X Y
// rotations; each joint's children follow it in the table, so the text is
// written in table order, closing braces as the next joint's parent demands.
std::string Hierarchy() {
  std::string text = "HIERARCHY\n";
  std::vector<int> open;
  for (int j = 0; j < kJointCount; ++j) {
    while (!open.empty() && open.back() != kJoints[j].parent) {
      text += "}\n";
      open.pop_back();
    }
    const TakeJoint& k = kJoints[j];
    text += std::string(j == 0 ? "ROOT " : "JOINT ") + k.name + "\n{\nOFFSET " +
            std::to_string(k.x) + " " + std::to_string(k.y) + " " + std::to_string(k.z) + "\n";
    text += j == 0 ? "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                   : "CHANNELS 3 Zrotation Xrotation Yrotation\n";
    open.push_back(j);
  }
  for (std::size_t i = 0; i < open.size(); ++i) text += "}\n";
  return text;
}

// Two frames half a second apart: the rest pose with the hips 119 cm up
// (toes on the ground), then the hips 100 cm further along +X and the
// Spine turned 40 degrees about Y (its Yrotation, the third of its three
// columns).
std::string Take() {
  std::string rest = "0 119 0 0 0 0", moved = "100 119 0 0 0 0";
  for (int j = 1; j < kJointCount; ++j) {
    rest += " 0 0 0";
    moved += j == 1 ? " 0 0 40" : " 0 0 0";
  }
  return Hierarchy() + "MOTION\nFrames: 2\nFrame Time: 0.5\n" + rest + "\n" + moved + "\n";
}

std::string WriteTake() {
  const std::string path = app_test::TempPath("take.bvh");
  std::ofstream(path) << Take();
  return path;
}

TEST(BvhSource, ATakeRetargetsOntoTheMannequin) {
  animviewer::LoadOptions options;
  options.animations.path = WriteTake();
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(MannequinPath(), options, &model, &error)) << error;
  const int clip = model.FindClip("take (from take)");
  ASSERT_GE(clip, 0);
  const anim::Skeleton& s = model.skeleton;
  const auto pose_at = [&](float t) {
    anim::SoaPose pose = s.RestPose();
    model.clips[clip].Sample(pose, t, anim::LoopMode::kClamp);
    return anim::AsPose(s, pose);
  };
  const anim::Pose first = pose_at(0.0f), last = pose_at(0.5f);
  // The hips travel 100 cm in the take: 100 x 0.008 = 0.8 m on the mannequin.
  const int hips = s.FindJoint("Hips");
  const glm::vec3 travel = glm::vec3(last.ModelMatrix(hips)[3] - first.ModelMatrix(hips)[3]);
  EXPECT_NEAR(travel.x, 0.8f, 1e-4f);
  EXPECT_NEAR(travel.y, 0.0f, 1e-4f);
  EXPECT_NEAR(travel.z, 0.0f, 1e-4f);
  // The Spine turns by Ry(40) in model space (the hips do not turn), and so
  // does the chest above it: Ry sends +X to (cos 40, 0, -sin 40).
  const glm::vec3 expected(std::cos(glm::radians(40.0f)), 0.0f, -std::sin(glm::radians(40.0f)));
  for (const char* name : {"Spine", "Spine2"}) {
    SCOPED_TRACE(name);
    const int j = s.FindJoint(name);
    const glm::mat3 turn =
        glm::mat3(last.ModelMatrix(j)) * glm::inverse(glm::mat3(first.ModelMatrix(j)));
    const glm::vec3 x = turn * glm::vec3(1, 0, 0);
    EXPECT_NEAR(x.x, expected.x, 1e-4f);
    EXPECT_NEAR(x.y, expected.y, 1e-4f);
    EXPECT_NEAR(x.z, expected.z, 1e-4f);
  }
}

TEST(BvhSource, InfoListsTheTakesClipAndABrokenTakeIsNamed) {
  const std::string take = WriteTake();
  const app_test::RunResult run =
      app_test::RunViewer("--info --no-compression --animations " + take);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("take (from take)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Retargeted from " + take), std::string::npos) << run.out;

  const std::string broken = app_test::TempPath("broken.BVH");
  std::ofstream(broken) << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 7\n";
  const app_test::RunResult bad = app_test::RunViewer("--info --animations " + broken);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find(broken + ":5: CHANNELS count 7 is more than 6"), std::string::npos)
      << bad.err;
}

}  // namespace
