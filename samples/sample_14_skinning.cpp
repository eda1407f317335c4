// 14 Skinning: LBS vs DQS. A generated cylinder with a joint in the middle,
// twisted and bent by sliders, skinned by linear blend on the left and by
// dual quaternions on the right, with the area of the cross-section at the
// joint for both.
#include <cstdio>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "samples/sample_factories.h"
#include "samples/twist_rig.h"
#include "samples/ui_probe.h"

namespace samples {
namespace {

constexpr float kLength = 1.6f;  // metres, about a character's height
constexpr float kRadius = 0.12f;
constexpr float kSpacing = 0.6f;  // each copy's distance from the middle

class SkinningSample : public Sample {
 public:
  SkinningSample()
      : Sample("14 Skinning: LBS vs DQS", ExplanationText()), rig_(MakeTwistRig(kLength, kRadius)) {
    params_.AddFloat("twist", &twist_, 0.0f, 180.0f,
                     "degrees the upper half turns about its own axis");
    params_.AddFloat("bend", &bend_, 0.0f, 150.0f, "degrees the upper half bends sideways");
    rest_area_ = PolygonArea(SkinnedJointRing(rig_, TwistRigPalette(rig_, 0.0f, 0.0f),
                                              anim::SkinningMethod::kLinearBlend));
    copies_[0].world = glm::translate(glm::mat4(1.0f), glm::vec3(-kSpacing, 0.0f, 0.0f));
    copies_[0].skinning = anim::SkinningMethod::kLinearBlend;
    copies_[1].world = glm::translate(glm::mat4(1.0f), glm::vec3(kSpacing, 0.0f, 0.0f));
    copies_[1].skinning = anim::SkinningMethod::kDualQuaternion;
    own_.model = &rig_.model;
    own_.copies = copies_;
    // The bend swings the upper half (kLength / 2 long) to the left, up to
    // 150 degrees, and dual quaternions bulge the elbow outwards (to the
    // right, and front and back when twisted too): the box holds every pose
    // (tests/samples/skinning_sample_test.cpp checks), so the camera stays put.
    own_.bounds_min = glm::vec3(-kSpacing - 0.5f * kLength - kRadius, 0.0f, -2.0f * kRadius);
    own_.bounds_max = glm::vec3(kSpacing + 2.0f * kRadius, kLength + kRadius, 2.0f * kRadius);
  }

  static std::string ExplanationText() {
    return "Skinning moves each vertex with up to four joints, by weights w that sum to 1. "
           "Linear blend skinning (left) adds up the joints' matrices, weighted: where two "
           "joints turn apart, the average of two rotations is no rotation at all but a "
           "squeeze, so a twisted joint collapses towards its axis (at 180 degrees, to a line: "
           "the candy wrapper) and a bent one loses its elbow. Dual quaternion skinning (right) "
           "writes each joint's rotation and translation as a dual quaternion, adds those up "
           "(each first turned to the same side as the heaviest joint's, since q and -q are "
           "the same rotation) and normalises: the result is again a rotation and a "
           "translation, so the cross-section keeps its size. Scale is split off and blended "
           "on its own. The numbers below are the area of the ring of vertices at the joint, "
           "against the straight cylinder's. Source: Kavan, Collins, Zara and O'Sullivan, "
           "Geometric Skinning with Approximate Dual Quaternion Blending (2008).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    (void)error;
    pose_.CopyFrom(model.skeleton.RestPose());  // the character is not shown
    return true;
  }

  void Update(float dt) override {
    (void)dt;
    palette_ = TwistRigPalette(rig_, twist_, bend_);
    copies_[0].palette = palette_;
    copies_[1].palette = palette_;
    for (int i = 0; i < 2; ++i) {
      area_percent_[i] =
          100.0f * PolygonArea(SkinnedJointRing(rig_, palette_, copies_[i].skinning)) / rest_area_;
    }
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }
  SampleView View() const override {
    SampleView view;
    view.own_mesh = &own_;
    return view;
  }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    ImGui::TextUnformatted("Cross-section at the joint (straight = 100%):");
    char line[96];
    std::snprintf(line, sizeof(line), "LBS (left) %.1f%%   DQS (right) %.1f%%", area_percent_[0],
                  area_percent_[1]);
    ImGui::TextUnformatted(line);
    ui_probe::Text("cross-section", line);
    DrawHint("The View section's skinning toggle does not apply here: each side has its own.");
  }

 private:
  TwistRig rig_;
  float twist_ = 90.0f;
  float bend_ = 0.0f;
  float rest_area_ = 1.0f;
  std::array<glm::mat4, 2> palette_{glm::mat4(1.0f), glm::mat4(1.0f)};
  std::array<OwnMeshCopy, 2> copies_;
  OwnMeshes own_;
  float area_percent_[2] = {100.0f, 100.0f};
  anim::SoaPose pose_;
};

}  // namespace

std::unique_ptr<Sample> MakeSkinningSample() { return std::make_unique<SkinningSample>(); }

}  // namespace samples
