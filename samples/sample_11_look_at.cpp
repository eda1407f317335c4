// 11 Look-at: the head, neck and spine turn together to face a target.
#include <algorithm>
#include <array>
#include <cmath>

#include <imgui.h>
#include <glm/gtc/constants.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/ik_math.h"
#include "samples/debug_draw.h"
#include "samples/idle_underlay.h"
#include "samples/ik_refusal.h"
#include "samples/ik_rig.h"
#include "samples/sample_factories.h"
#include "samples/target_drag.h"

namespace samples {

namespace {

constexpr int kMaxSpine = 5;  // head, neck and up to three spine joints
constexpr glm::vec4 kPathColor{0.5f, 0.6f, 0.8f, 0.6f};
constexpr glm::vec4 kOnTargetColor{0.3f, 1.0f, 0.4f, 1.0f};
constexpr glm::vec4 kShortColor{1.0f, 0.6f, 0.15f, 1.0f};
constexpr glm::vec4 kHeadLimitColor{0.45f, 0.75f, 1.0f, 0.7f};

class LookAtSample : public Sample {
 public:
  LookAtSample() : Sample("11 Look-at", ExplanationText()) {
    params_.AddChoice("target_mode", &mode_, {"path", "sliders"},
                      "path: the target circles in front of the character; sliders: it stays "
                      "where the sliders (or a drag) put it");
    params_.AddFloat("path_speed", &path_speed_, 0.0f, 2.0f, "turns of the path per 10 seconds");
    AddTargetSliders(params_, &target_);
    params_.AddFloat("spine_share", &spine_share_, 0.0f, 1.0f,
                     "share of the remaining turn each spine joint takes");
    params_.AddFloat("neck_share", &neck_share_, 0.0f, 1.0f, "share the neck takes");
    params_.AddFloat("head_share", &head_share_, 0.0f, 1.0f,
                     "share the head takes (1: it finishes the turn)");
    params_.AddFloat("spine_limit", &spine_limit_, 0.0f, 90.0f,
                     "largest turn of each spine joint, degrees");
    params_.AddFloat("neck_limit", &neck_limit_, 0.0f, 90.0f, "largest turn of the neck, degrees");
    params_.AddFloat("head_limit", &head_limit_, 0.0f, 90.0f, "largest turn of the head, degrees");
    params_.AddFloat("weight", &weight_, 0.0f, 1.0f, "0 the animated pose, 1 looking");
    params_.AddBool("animate", &animate_,
                    "play the idle clip underneath (else hold its first frame)");
  }

  static std::string ExplanationText() {
    return "Look-at turns the head so its forward axis points at a target, and spreads the "
           "turn down the neck and spine the way a person turns: the lowest spine joint takes "
           "its share of the turn still needed, the next joint its share of what is left, and "
           "the head finishes. Each joint's turn is capped by its limit, so a target behind "
           "the character is followed only as far as the body can twist (the eye line turns "
           "orange). The weight blends between the animated pose and the looking one. Drag "
           "the target with the left mouse button (this switches to the sliders mode; a press "
           "elsewhere orbits the camera). Source: ozz-animation's look-at sample (Guillaume "
           "Blanc).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    std::string why;
    if (!FindSpineToHead(model, kMaxSpine, &chain_, &why)) {
      *error = "this sample needs a head to turn: " + why;
      return false;
    }
    if (!underlay_.Load(model, &notice_, error)) return false;
    model_ = &model;
    height_ = RestHeight(model);
    const int head = chain_.back();
    forward_ = CharacterForward(model);
    const glm::mat4 head_matrix =
        anim::ModelMatrixOf(model.skeleton, model.skeleton.RestPose(), head);
    const glm::vec3 head_at = head_matrix[3];
    axes_.forward = DirectionInJoint(head_matrix, forward_);
    axes_.up = DirectionInJoint(head_matrix, glm::vec3(0, 1, 0));
    // The eyes: a little in front of and above the head joint.
    const glm::vec3 eyes =
        head_at + forward_ * (0.05f * height_) + glm::vec3(0, 0.03f * height_, 0);
    axes_.offset = glm::inverse(head_matrix) * glm::vec4(eyes, 1.0f);
    axes_.pole = glm::vec3(0, 1, 0);  // keep the head upright

    const float h = height_;
    low_ = glm::vec3(-1.5f * h, 0.0f, -1.5f * h);
    high_ = glm::vec3(1.5f * h, 1.6f * h, 1.5f * h);
    SetTargetSliderRanges(params_, low_, high_);
    path_center_ = glm::vec3(head_at.x, head_at.y, head_at.z) + forward_ * (0.8f * h);
    path_radius_ = 0.6f * h;
    target_ = path_center_ + glm::cross(glm::vec3(0, 1, 0), forward_) * path_radius_;

    path_time_ = 0.0f;
    return true;
  }

  void Update(float dt) override {
    underlay_.Pose(dt, animate_, shown_);
    if (mode_ == 0 && !drag_.grabbing()) {
      path_time_ += dt;
      target_ = PathPoint(path_time_);
    }
    animated_.CopyFrom(shown_);

    const int count = static_cast<int>(chain_.size());
    for (int i = 0; i < count; ++i) {
      const bool is_head = i == count - 1, is_neck = i == count - 2 && count > 1;
      links_[i].joint = chain_[i];
      links_[i].weight = is_head ? head_share_ : is_neck ? neck_share_ : spine_share_;
      links_[i].max_angle = glm::radians(is_head   ? head_limit_
                                         : is_neck ? neck_limit_
                                                   : spine_limit_);
    }
    anim::ik::LookAtJob job;
    job.chain = std::span<const anim::ik::LookAtJoint>(links_.data(), count);
    job.target = target_;
    job.axes = axes_;
    job.weight = weight_;
    anim::ik::IkPose pose(model_->skeleton, shown_);
    result_ = anim::ik::SolveLookAt(pose, job);
    problem_ = result_.valid ? std::string() : job.Validate(pose);
    BuildLines();
  }

  const anim::SoaPose& CurrentPose() const override { return shown_; }
  SampleView View() const override {
    SampleView view;
    view.debug_lines = lines_;
    return view;
  }

  bool Pointer(PointerPhase phase, const glm::vec3& origin, const glm::vec3& direction) override {
    const bool held =
        drag_.Handle(phase, origin, direction, 0.06f * height_, low_, high_, &target_);
    if (held && phase == PointerPhase::kPress) mode_ = 1;  // the target stays where it is dropped
    return held;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawHint(
        "Drag the target (the cross) with the left mouse button; a press elsewhere orbits the "
        "camera.");
    DrawParamWidgets(params_);
    DrawIkRefusal("look-at", problem_);
    if (result_.valid) {  // a refused job measured nothing
      ImGui::Text("eye line %.1f degrees off the target, %d joint%s at their limit",
                  glm::degrees(result_.angle_error), result_.clamped_joints,
                  result_.clamped_joints == 1 ? "" : "s");
    }
    for (size_t i = 0; i < chain_.size(); ++i) {
      const glm::quat before = animated_.Local(chain_[i]).rotation;
      const glm::quat after = shown_.Local(chain_[i]).rotation;
      ImGui::Text("  %-14s turned %5.1f deg", model_->skeleton.JointName(chain_[i]).c_str(),
                  glm::degrees(anim::ik::RotationAngle(glm::conjugate(before) * after)));
    }
  }

 private:
  // A slow figure of eight in front of the character: side to side and a
  // little up and down, round behind the shoulders at its ends.
  glm::vec3 PathPoint(float t) const {
    const float angle = glm::two_pi<float>() * path_speed_ * t / 10.0f;
    const glm::vec3 side = glm::cross(glm::vec3(0, 1, 0), forward_);
    return path_center_ - forward_ * (0.9f * path_radius_) +
           path_radius_ * (1.6f * std::sin(angle) * side + std::cos(angle) * forward_ * 1.2f) +
           glm::vec3(0, 0.35f * path_radius_ * std::sin(2 * angle), 0);
  }

  void BuildLines() {
    lines_.clear();
    const bool on_target = result_.angle_error < glm::radians(1.0f);
    const glm::vec4 color = on_target ? kOnTargetColor : kShortColor;
    AddTargetMarker(lines_, target_, 0.04f * height_, color);
    if (mode_ == 0) {
      glm::vec3 previous = PathPoint(0.0f);
      for (int i = 1; i <= 64; ++i) {
        const float t = 10.0f * static_cast<float>(i) / 64 / std::max(path_speed_, 1e-3f);
        const glm::vec3 p = PathPoint(t);
        AddLine(lines_, previous, p, kPathColor);
        previous = p;
      }
    }
    // The eye line, as long as the distance to the target.
    const glm::mat4 head = anim::ik::IkPose(model_->skeleton, shown_).ModelMatrix(chain_.back());
    const glm::vec3 eyes = head * glm::vec4(axes_.offset, 1.0f);
    const glm::vec3 look = glm::normalize(glm::mat3(head) * axes_.forward);
    AddLine(lines_, eyes, eyes + look * glm::length(target_ - eyes), color);
    // The head's limit: the cone it may turn within, about where the
    // animation pointed it.
    const glm::mat4 animated_head =
        anim::ik::IkPose(model_->skeleton, animated_).ModelMatrix(chain_.back());
    const glm::vec3 animated_look = glm::normalize(glm::mat3(animated_head) * axes_.forward);
    AddCone(lines_, eyes, animated_look, glm::radians(head_limit_), 0.15f * height_,
            kHeadLimitColor);
  }

  const anim::Model* model_ = nullptr;
  // What is shown (the idle's pose, which look-at turns in place) and the
  // same pose before look-at, for the panel's angles and the head's cone.
  anim::SoaPose shown_, animated_;
  IdleUnderlay underlay_;
  std::vector<int> chain_;
  std::array<anim::ik::LookAtJoint, kMaxSpine> links_{};
  anim::ik::AimAxes axes_;
  anim::ik::LookAtResult result_;
  std::string problem_;  // why the last look-at job was refused, "" when it ran
  TargetDrag drag_;
  DebugLineList lines_;
  glm::vec3 forward_{0, 0, 1};
  glm::vec3 path_center_{0.0f};
  float path_radius_ = 1.0f;
  float path_time_ = 0.0f;
  float height_ = 1.0f;
  glm::vec3 low_{-1.0f}, high_{1.0f};  // the target's box (the sliders' ranges)

  int mode_ = 0;
  float path_speed_ = 1.0f;
  glm::vec3 target_{0.0f};
  float spine_share_ = 0.15f;
  float neck_share_ = 0.4f;
  float head_share_ = 1.0f;
  float spine_limit_ = 15.0f;
  float neck_limit_ = 30.0f;
  float head_limit_ = 50.0f;
  float weight_ = 1.0f;
  bool animate_ = true;
};

}  // namespace

std::unique_ptr<Sample> MakeLookAtSample() { return std::make_unique<LookAtSample>(); }

}  // namespace samples
