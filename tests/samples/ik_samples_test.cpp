// 10 IK and 11 Look-at on the mannequin and on Woman.gltf: the hand ends on
// the target, the head faces it, a press on the target marker grabs it and
// a drag moves it, all checked through the joints' model-space positions
// (found here by their names, not by the samples' own joint search).
#include <cmath>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "sample_lookup.h"
#include "samples/sample.h"

namespace {

struct Rig {
  const char* name;
  std::string path;
};

// Test names show the rig, not the struct's bytes.
void PrintTo(const Rig& rig, std::ostream* os) { *os << rig.name; }

class IkSamples : public testing::TestWithParam<Rig> {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(GetParam().path)) GTEST_SKIP() << GetParam().path << " absent";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(GetParam().path, &model_, &error)) << error;
    all_ = samples::MakeAllSamples();
  }
  samples::Sample& Numbered(const std::string& prefix) {
    return samples_test::LoadNumbered(all_, model_, prefix);
  }
  static void Set(samples::Sample& s, const std::string& assignment) {
    samples_test::SetParam(s, assignment);
  }
  static glm::vec3 Target(const samples::Sample& s) {
    return {*s.Params().Find("target_x")->float_value, *s.Params().Find("target_y")->float_value,
            *s.Params().Find("target_z")->float_value};
  }
  glm::vec3 Joint(const samples::Sample& s, const char* name) const {
    const int j = model_.skeleton.FindJoint(name);
    EXPECT_GE(j, 0) << name;
    return anim::AsPose(model_.skeleton, s.CurrentPose()).ModelMatrix(j)[3];
  }
  float Height() const {
    return Joint(*all_.front(), "Head").y;  // any sample's pose: only the scale matters here
  }

  anim::Model model_;
  std::vector<std::unique_ptr<samples::Sample>> all_;
};

TEST_P(IkSamples, EverySolverPutsTheRightHandOnTheTarget) {
  samples::Sample& s = Numbered("10");
  for (const char* solver : {"two-bone", "CCD", "FABRIK"}) {
    SCOPED_TRACE(solver);
    Set(s, std::string("solver=") + solver);
    Set(s, "limits=false");
    Set(s, "max_iterations=100");
    s.Update(0.0f);
    s.Update(0.5f);
    const glm::vec3 target = Target(s);
    const float size = glm::length(Joint(s, "RightHand") - Joint(s, "RightArm")) + 1e-6f;
    EXPECT_LT(glm::length(Joint(s, "RightHand") - target), 4e-3f * size);
    EXPECT_FALSE(s.View().debug_lines.empty());
  }
}

TEST_P(IkSamples, ATargetOutOfReachLeavesTheArmStretchedTowardsIt) {
  samples::Sample& s = Numbered("10");
  Set(s, "solver=two-bone");
  const glm::vec3 shoulder = [&] {
    s.Update(0.0f);
    return Joint(s, "RightArm");
  }();
  // Straight up from the shoulder, far beyond the arm's length.
  Set(s, "target_x=" + std::to_string(shoulder.x));
  Set(s, "target_z=" + std::to_string(shoulder.z));
  Set(s, "target_y=" + std::to_string(s.Params().Find("target_y")->max));
  s.Update(0.1f);
  const glm::vec3 up = glm::normalize(Target(s) - shoulder);
  const glm::vec3 elbow = Joint(s, "RightForeArm"), hand = Joint(s, "RightHand");
  EXPECT_GT(glm::dot(glm::normalize(elbow - shoulder), up), 0.9999f);
  EXPECT_GT(glm::dot(glm::normalize(hand - shoulder), up), 0.9999f);
}

TEST_P(IkSamples, PressingTheTargetGrabsItAndDraggingMovesIt) {
  samples::Sample& s = Numbered("10");
  s.Update(0.0f);
  const glm::vec3 target = Target(s);
  const glm::vec3 eye = target + glm::vec3(0.3f, 0.5f, 3.0f);
  using Phase = samples::Sample::PointerPhase;
  // A ray well beside the target orbits the camera: not taken.
  const glm::vec3 beside = glm::normalize(target + glm::vec3(0.5f, 0, 0) - eye);
  EXPECT_FALSE(s.Pointer(Phase::kPress, eye, beside));
  ASSERT_TRUE(s.Pointer(Phase::kPress, eye, glm::normalize(target - eye)));
  // Dragged to a point in the plane through the target facing the press ray.
  const glm::vec3 n = glm::normalize(target - eye);
  const glm::vec3 move = glm::normalize(glm::cross(n, glm::vec3(0, 1, 0))) * 0.1f;
  EXPECT_TRUE(s.Pointer(Phase::kDrag, eye, glm::normalize(target + move - eye)));
  const glm::vec3 moved = Target(s);
  EXPECT_NEAR(moved.x, target.x + move.x, 1e-4f);
  EXPECT_NEAR(moved.y, target.y + move.y, 1e-4f);
  EXPECT_NEAR(moved.z, target.z + move.z, 1e-4f);
  EXPECT_TRUE(s.Pointer(Phase::kRelease, eye, glm::normalize(target + move - eye)));
  s.Update(0.1f);
  EXPECT_LT(glm::length(Joint(s, "RightHand") - moved), 2e-3f);
}

// The direction the character faces: from the feet to the toes of both
// feet (their turn-out cancels), level.
glm::vec3 Forward(const anim::Model& model) {
  const anim::Pose& rest = anim::RestPoseOf(model.skeleton);
  glm::vec3 f(0.0f);
  for (const char* side : {"Left", "Right"}) {
    const std::string s(side);
    f += glm::vec3(rest.ModelMatrix(model.skeleton.FindJoint(s + "ToeBase"))[3]) -
         glm::vec3(rest.ModelMatrix(model.skeleton.FindJoint(s + "Foot"))[3]);
  }
  f.y = 0;
  return glm::normalize(f);
}

TEST_P(IkSamples, TheHeadFacesATargetWithinItsLimitsAndStopsAtThem) {
  samples::Sample& s = Numbered("11");
  Set(s, "target_mode=sliders");
  Set(s, "animate=false");  // the clip held at its first frame
  const int head = model_.skeleton.FindJoint("Head");
  const anim::Pose& rest = anim::RestPoseOf(model_.skeleton);
  const glm::vec3 forward = Forward(model_);
  const glm::vec3 side = glm::cross(glm::vec3(0, 1, 0), forward);
  // The head's forward axis: the one along the character's forward in the
  // rest pose, wherever the pose has turned it.
  const glm::vec3 head_forward = glm::inverse(glm::mat3(rest.ModelMatrix(head))) * forward;
  auto looking = [&] {
    return glm::normalize(
        glm::mat3(anim::AsPose(model_.skeleton, s.CurrentPose()).ModelMatrix(head)) * head_forward);
  };
  // The pose before the look-at: weight 0.
  Set(s, "weight=0");
  s.Update(0.0f);
  const glm::vec3 head_at = anim::AsPose(model_.skeleton, s.CurrentPose()).ModelMatrix(head)[3];
  const glm::vec3 animated_looking = looking();
  Set(s, "weight=1");
  const float h = head_at.y;
  // 40 degrees to the side and a little down, far away so the eyes'
  // offset from the head joint does not matter.
  const float a = glm::radians(40.0f);
  glm::vec3 target = head_at + 1.2f * h * (std::cos(a) * forward + std::sin(a) * side);
  target.y = head_at.y - 0.1f * h;
  Set(s, "target_x=" + std::to_string(target.x));
  Set(s, "target_y=" + std::to_string(target.y));
  Set(s, "target_z=" + std::to_string(target.z));
  s.Update(0.1f);
  const glm::vec3 to_target = glm::normalize(
      target - glm::vec3(anim::AsPose(model_.skeleton, s.CurrentPose()).ModelMatrix(head)[3]));
  EXPECT_LT(glm::degrees(std::acos(std::min(1.0f, glm::dot(looking(), to_target)))), 5.0f);

  // No joint may turn: the head keeps looking where the clip has it look.
  for (const char* limit : {"spine_limit=0", "neck_limit=0", "head_limit=0"}) Set(s, limit);
  s.Update(0.1f);
  EXPECT_GT(glm::dot(looking(), animated_looking), 0.9999f);
}

INSTANTIATE_TEST_SUITE_P(Characters, IkSamples,
                         testing::Values(Rig{"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf"},
                                         Rig{"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf"}),
                         [](const testing::TestParamInfo<Rig>& info) { return info.param.name; });

}  // namespace
