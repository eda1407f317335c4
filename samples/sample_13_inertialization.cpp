// 13 Inertialization: the same scripted transitions played by two
// characters side by side, a cross-fade on the left and an inertialized
// transition (anim/blending/inertialization.h) on the right, with a plot per mode of
// one joint's angle and of the clips sampled each frame. The two are drawn
// as the view's crowd (a crowd of two, each with its own palette and
// placement).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/control/cross_fade_controller.h"
#include "anim/core/local_to_model_jobs.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

namespace {

constexpr int kPlotHistory = 240;  // 4 s at 60 Hz
constexpr int kFade = 0, kInertial = 1, kModes = 2;
const char* const kModeNames[kModes] = {"cross-fade", "inertialization"};

// The angle in degrees of a joint's local rotation away from none.
float RotationDegrees(const glm::quat& q) {
  const float angle = 2.0f * std::atan2(glm::length(glm::vec3(q.x, q.y, q.z)), std::abs(q.w));
  return glm::degrees(angle);
}

class InertializationSample : public Sample {
 public:
  InertializationSample() : Sample("13 Inertialization", ExplanationText()) {
    params_.AddFloat("fade_time", &fade_time_, 0.0f, 1.5f,
                     "seconds each transition takes, in both modes");
    params_.AddFloat("switch_every", &switch_every_, 0.3f, 4.0f,
                     "seconds between the scripted changes of clip");
    params_.AddBool("interrupt", &interrupt_,
                    "change clip again half way through every transition");
    params_.AddChoice("plot_joint", &plot_joint_, {}, "the joint whose angle is plotted");
  }

  static std::string ExplanationText() {
    return "Two characters get the same changes of clip at the same moments. The left one "
           "cross-fades: for the fade time it samples the old clip and the new one and blends "
           "them, the new one's weight rising from 0 to 1. The right one inertializes: it "
           "switches to the new clip at once and samples only that, and hides the jump by "
           "adding, per joint, the offset between the pose that was on screen and the new "
           "clip's pose, decaying to nothing over the fade time. The offset (a distance, or "
           "the angle of the shortest rotation between the two) follows a fifth-degree "
           "polynomial that starts at the offset and the speed it was changing at over the "
           "last two frames, and ends at zero with zero speed and acceleration. Interrupting "
           "either starts from the pose on screen. The plots show one joint's angle in each "
           "and how many clips each samples per frame. Source: David Bollo, Inertialization: "
           "High-Performance Animation Transitions in Gears of War, GDC 2018.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    script_.clear();
    const std::vector<int> full = FullBodyClips(model);
    for (const auto& role : {std::initializer_list<const char*>{"idle"},
                             {"walk", "walking"},
                             {"run", "running"},
                             {"punch"}}) {
      const int c = FindClipForRole(model, role, -1);
      if (c >= 0 && std::find(full.begin(), full.end(), c) != full.end() &&
          std::find(script_.begin(), script_.end(), c) == script_.end()) {
        script_.push_back(c);
      }
    }
    if (full.empty()) {
      *error = NeedsMessage("two full-body clips to switch between", model, AllClips(model));
      return false;
    }
    if (script_.size() < 2) script_ = full;  // no clip has a known role: all, in file order
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    for (auto& c : controllers_) c = std::make_unique<anim::CrossFadeController>(skeleton);
    params_.SetChoices("plot_joint", model.PickableJointNames());
    plot_joint_ = std::max(
        0, FindJointForRole(model, {"leftupleg", "thigh_l", "upperleg_l", "leftleg", "thigh"}));
    const std::size_t joint_count = static_cast<std::size_t>(skeleton.JointCount());
    model_scratch_.assign(joint_count, glm::mat4(1.0f));
    palettes_.assign(kModes * joint_count, glm::mat4(1.0f));
    PlaceCharacters(skeleton);
    notice_ =
        script_.size() < 2
            ? NeedsMessage("two full-body clips to switch between", model, full, "full-body clip") +
                  ". Both play " + model.clips[script_[0]].Name() + " without transitions."
            : std::string();
    Restart();
    return true;
  }

  // Both characters back to the first clip of the script, plots cleared.
  void Restart() {
    for (auto& c : controllers_) c->Play(&model_->clips[script_[0]]);
    step_ = 0;
    since_switch_ = 0.0f;
    interrupted_ = true;
    for (auto& h : angles_) h.clear();  // filled with the first value by Push
    for (auto& h : sampled_) h.clear();
    Record();
  }

  void SwitchToNext() {
    if (script_.size() < 2) return;  // one clip: nothing to switch to
    step_ = (step_ + 1) % static_cast<int>(script_.size());
    const anim::Clip* next = &model_->clips[script_[step_]];
    anim::FadeOptions options;
    options.duration = fade_time_;
    options.ease = anim::EaseCurve::SmoothStep();
    for (int m = 0; m < kModes; ++m) {
      options.mode = m == kFade ? anim::TransitionMode::kSmooth : anim::TransitionMode::kInertial;
      controllers_[m]->FadeTo(next, options);
    }
  }

  void Update(float dt) override {
    since_switch_ += dt;
    if (since_switch_ >= switch_every_) {
      SwitchToNext();
      since_switch_ = 0.0f;
      interrupted_ = false;
    } else if (interrupt_ && !interrupted_ && since_switch_ >= 0.5f * fade_time_) {
      SwitchToNext();
      interrupted_ = true;
    }
    for (auto& c : controllers_) c->Update(dt);
    Record();
  }

  // The plots' new column and the characters' palettes, from the poses shown.
  void Record() {
    for (int m = 0; m < kModes; ++m) {
      Push(angles_[m], RotationDegrees(controllers_[m]->CurrentPose().Local(PlotJoint()).rotation));
      Push(sampled_[m], static_cast<float>(controllers_[m]->ClipsSampled()));
    }
    UpdatePalettes();
  }

  // The inertialized character: what --dump-pose writes.
  const anim::SoaPose& CurrentPose() const override {
    return controllers_[kInertial]->CurrentPose();
  }
  SampleView View() const override {
    SampleView view;
    view.crowd = model_ != nullptr ? &frame_ : nullptr;
    return view;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    if (ImGui::Button("Switch now")) {
      SwitchToNext();
      since_switch_ = 0.0f;
      interrupted_ = false;
    }
    ui_probe::Button("Switch now");
    ImGui::SameLine();
    if (ImGui::Button("Restart")) Restart();
    ui_probe::Button("Restart");
    ImGui::Separator();
    const anim::Clip* clip = controllers_[kInertial]->CurrentClip();
    ImGui::Text("clip: %s (left: cross-fade, right: inertialization)",
                clip != nullptr ? clip->Name().c_str() : "none");
    // Both plots share one range, so the two curves compare at a glance.
    float lo = 1e30f, hi = -1e30f;
    for (const auto& h : angles_) {
      lo = std::min(lo, *std::min_element(h.begin(), h.end()));
      hi = std::max(hi, *std::max_element(h.begin(), h.end()));
    }
    if (hi - lo < 1.0f) hi = lo + 1.0f;
    const std::string& joint = model_->skeleton.JointName(PlotJoint());
    for (int m = 0; m < kModes; ++m) {
      const anim::CrossFadeController& c = *controllers_[m];
      const char* state = m == kFade ? (c.TargetCount() > 0 ? "fading" : "idle")
                                     : (c.Inertialization().Active() ? "decaying" : "idle");
      const std::string line = std::string(kModeNames[m]) + ": " + state + ", " +
                               std::to_string(c.ClipsSampled()) + " clip(s) sampled this frame";
      ImGui::TextUnformatted(line.c_str());
      ui_probe::Text(kModeNames[m], line);
      ImGui::Text("%s angle (degrees), then clips sampled per frame (0 to 3):", joint.c_str());
      ImGui::PushID(m);
      const float width = ImGui::GetFontSize() * 24.0f;  // the panel sizes itself to its items
      ImGui::PlotLines("##angle", angles_[m].data(), kPlotHistory, 0, nullptr, lo, hi,
                       ImVec2(width, 50.0f));
      ImGui::PlotLines("##sampled", sampled_[m].data(), kPlotHistory, 0, nullptr, 0.0f, 3.0f,
                       ImVec2(width, 24.0f));
      ImGui::PopID();
    }
    char plots[160];
    std::snprintf(plots, sizeof plots,
                  "Plots: the last %d frames (4 s at 60 frames a second), oldest on the left; "
                  "angles from %.0f to %.0f degrees.",
                  kPlotHistory, lo, hi);
    WrappedText(plots);
  }

 private:
  int PlotJoint() const { return std::clamp(plot_joint_, 0, model_->skeleton.JointCount() - 1); }

  static void Push(std::vector<float>& history, float value) {
    if (history.empty()) history.assign(kPlotHistory, value);  // a flat start, not a jump from 0
    std::copy(history.begin() + 1, history.end(), history.begin());
    history.back() = value;
  }

  // Side by side along x, each a character's width and a half apart, and
  // the box the camera frames around both.
  void PlaceCharacters(const anim::Skeleton& skeleton) {
    anim::ComputeModelMatrices(skeleton, skeleton.RestPose(), model_scratch_);
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::mat4& m : model_scratch_) {
      lo = glm::min(lo, glm::vec3(m[3]));
      hi = glm::max(hi, glm::vec3(m[3]));
    }
    const glm::vec3 extent = glm::max(hi - lo, glm::vec3(0.0f));
    float size = std::max({extent.x, extent.y, extent.z});
    if (!(size > 0.0f) || !std::isfinite(size)) size = 1.0f;
    const float half_gap = 0.5f * size;
    worlds_[kFade] = glm::translate(glm::mat4(1.0f), glm::vec3(-half_gap, 0.0f, 0.0f));
    worlds_[kInertial] = glm::translate(glm::mat4(1.0f), glm::vec3(half_gap, 0.0f, 0.0f));
    frame_.bounds_min = glm::vec3(-half_gap - 0.5f * size, std::min(0.0f, lo.y), -0.5f * size);
    frame_.bounds_max = glm::vec3(half_gap + 0.5f * size, std::max(hi.y, 0.1f * size), 0.5f * size);
  }

  void UpdatePalettes() {
    const int joints = model_->skeleton.JointCount();
    for (int m = 0; m < kModes; ++m) {
      anim::ComputePalette(model_->skeleton, controllers_[m]->CurrentPose(), model_scratch_,
                           std::span(palettes_).subspan(static_cast<std::size_t>(m) * joints,
                                                        static_cast<std::size_t>(joints)));
    }
    frame_.joint_count = joints;
    frame_.palettes = palettes_;
    frame_.worlds = worlds_;
  }

  const anim::Model* model_ = nullptr;
  std::vector<int> script_;  // the clips switched to in turn
  std::unique_ptr<anim::CrossFadeController> controllers_[kModes];
  std::vector<float> angles_[kModes], sampled_[kModes];
  std::vector<glm::mat4> model_scratch_, palettes_;
  glm::mat4 worlds_[kModes] = {glm::mat4(1.0f), glm::mat4(1.0f)};
  CrowdFrame frame_;
  float fade_time_ = 0.4f;
  float switch_every_ = 1.5f;
  bool interrupt_ = false;
  int plot_joint_ = 0;
  int step_ = 0;
  float since_switch_ = 0.0f;
  bool interrupted_ = true;
};

}  // namespace

std::unique_ptr<Sample> MakeInertializationSample() {
  return std::make_unique<InertializationSample>();
}

}  // namespace samples
