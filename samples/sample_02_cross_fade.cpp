// 02 Cross-fade: the CrossFadeController fading between clips.
#include <algorithm>
#include <cctype>
#include <cstdint>

#include <imgui.h>

#include "anim/cross_fade_controller.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"

namespace samples {

namespace {

constexpr int kHistory = 240;  // 4 s of weights at 60 Hz

const anim::EaseCurve kEases[] = {anim::EaseCurve::Linear(), anim::EaseCurve::SmoothStep(),
                                  anim::EaseCurve::EaseIn(), anim::EaseCurve::EaseOut(),
                                  anim::EaseCurve::EaseInOut()};

bool LooksAdditive(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find("lean") != std::string::npos || lower.find("look") != std::string::npos ||
         lower.find("additive") != std::string::npos;
}

class CrossFadeSample : public Sample {
 public:
  CrossFadeSample() {
    params_.AddBool("auto_fade", &auto_fade_, "fade to a random clip every few seconds (book's Sample02)");
    params_.AddFloat("fade_every", &fade_every_, 0.5f, 8.0f, "seconds between automatic fades");
    params_.AddFloat("fade_time", &fade_time_, 0.0f, 2.0f, "duration of each fade in seconds");
    params_.AddChoice("ease", &ease_, {"linear", "smoothstep", "ease-in", "ease-out", "ease-in-out"},
                      "how the weight rises over the fade (seed 001's Bezier, seed 002's smoothstep)");
    params_.AddChoice("transition", &mode_, {"smooth", "frozen"},
                      "smooth: both clips play; frozen: the old pose is held (seed 001)");
    params_.AddBool("match_phase", &match_phase_, "start the target at the source's normalised time");
    params_.AddChoice("start_clip", &start_clip_, {}, "the clip playing first");
  }

  std::string Title() const override { return "02 Cross-fade"; }
  std::string Explanation() const override {
    return "A cross-fade hides a clip change by blending the new clip in over a short time. "
           "The controller keeps a queue of fading targets, samples and blends every one each "
           "frame, and promotes a target to current when its fade completes (seed 000's "
           "CrossFadeController), here with ease curves and smooth or frozen transitions (seed 001).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = "this sample needs a model with at least one clip";
      return false;
    }
    model_ = &model;
    controller_ = std::make_unique<anim::CrossFadeController>(model.skeleton);
    params_.SetChoices("start_clip", ClipNames(model));
    start_clip_ = FindClipForRole(model, {"idle", "walk", "walking"});
    applied_start_ = -1;
    history_.assign(model.clips.size() * kHistory, 0.0f);
    weights_.assign(model.clips.size(), 0.0f);
    random_state_ = 12345u;  // fixed seed: headless captures are reproducible
    since_fade_ = 0.0f;
    return true;
  }

  void FadeTo(int clip) {
    anim::FadeOptions o;
    o.duration = fade_time_;
    o.ease = kEases[ease_];
    o.mode = mode_ == 1 ? anim::TransitionMode::kFrozen : anim::TransitionMode::kSmooth;
    o.match_phase = match_phase_;
    controller_->FadeTo(&model_->clips[clip], o);
    since_fade_ = 0.0f;
  }

  int RandomClip() {
    const int n = static_cast<int>(model_->clips.size());
    const anim::Clip* top = controller_->TargetCount() > 0
                                ? controller_->Target(controller_->TargetCount() - 1).playback.clip
                                : controller_->CurrentClip();
    for (int attempt = 0; attempt < 16; ++attempt) {
      random_state_ = random_state_ * 1664525u + 1013904223u;  // Numerical Recipes LCG
      const int pick = static_cast<int>((random_state_ >> 8) % static_cast<std::uint32_t>(n));
      if (&model_->clips[pick] != top && !LooksAdditive(model_->clips[pick].Name())) return pick;
    }
    return -1;
  }

  void Update(float dt) override {
    if (start_clip_ != applied_start_) {
      controller_->Play(&model_->clips[start_clip_]);
      applied_start_ = start_clip_;
    }
    since_fade_ += dt;
    if (auto_fade_ && since_fade_ >= fade_every_) {
      const int pick = RandomClip();
      if (pick >= 0) FadeTo(pick);
      since_fade_ = 0.0f;
    }
    controller_->Update(dt);
    RecordWeights();
  }

  // Each clip's share of the final pose: a target with weight w keeps
  // (1 - w) of everything below it.
  void RecordWeights() {
    std::fill(weights_.begin(), weights_.end(), 0.0f);
    float above = 1.0f;
    for (int i = controller_->TargetCount() - 1; i >= 0; --i) {
      const anim::CrossFadeTarget& t = controller_->Target(i);
      weights_[t.playback.clip - model_->clips.data()] += above * t.Weight();
      above *= 1.0f - t.Weight();
      if (t.mode == anim::TransitionMode::kFrozen) above = 0.0f;  // below shows only as a frozen pose
    }
    if (controller_->CurrentClip() != nullptr) {
      weights_[controller_->CurrentClip() - model_->clips.data()] += above;
    }
    const std::size_t n = weights_.size();
    for (std::size_t c = 0; c < n; ++c) {
      float* h = &history_[c * kHistory];
      std::copy(h + 1, h + kHistory, h);
      h[kHistory - 1] = weights_[c];
    }
  }

  const anim::Pose& CurrentPose() const override { return controller_->CurrentPose(); }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    ImGui::Separator();
    ImGui::TextUnformatted("Fade to:");
    for (std::size_t c = 0; c < model_->clips.size(); ++c) {
      if (c % 4 != 0) ImGui::SameLine();
      if (ImGui::Button(model_->clips[c].Name().c_str())) FadeTo(static_cast<int>(c));
      ui_probe::Button(model_->clips[c].Name());
    }
    ImGui::Text("current: %s, %d fade(s) running", controller_->CurrentClip()->Name().c_str(),
                controller_->TargetCount());
    ImGui::TextUnformatted("Weight of each clip over the last 4 s:");
    for (std::size_t c = 0; c < model_->clips.size(); ++c) {
      const float* h = &history_[c * kHistory];
      if (*std::max_element(h, h + kHistory) <= 0.0f) continue;
      ImGui::PlotLines(model_->clips[c].Name().c_str(), h, kHistory, 0, nullptr, 0.0f, 1.0f,
                       ImVec2(0, 40));
    }
  }

 private:
  const anim::Model* model_ = nullptr;
  std::unique_ptr<anim::CrossFadeController> controller_;
  std::vector<float> history_;  // clips x kHistory, oldest first
  std::vector<float> weights_;
  bool auto_fade_ = true;
  float fade_every_ = 3.0f;
  float fade_time_ = 0.5f;
  int ease_ = 1;
  int mode_ = 0;
  bool match_phase_ = false;
  int start_clip_ = 0, applied_start_ = -1;
  std::uint32_t random_state_ = 12345u;
  float since_fade_ = 0.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeCrossFadeSample() { return std::make_unique<CrossFadeSample>(); }

}  // namespace samples
