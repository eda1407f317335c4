// 02 Cross-fade: the CrossFadeController fading between clips.
#include <algorithm>
#include <cstdint>

#include <imgui.h>

#include "anim/control/cross_fade_controller.h"
#include "samples/clip_roles.h"
#include "samples/fade_shares.h"
#include "samples/sample_factories.h"
#include "samples/time_plot.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

namespace {

constexpr float kPlotSeconds = 4.0f;

const anim::EaseCurve kEases[] = {anim::EaseCurve::Linear(), anim::EaseCurve::SmoothStep(),
                                  anim::EaseCurve::EaseIn(), anim::EaseCurve::EaseOut(),
                                  anim::EaseCurve::EaseInOut()};

class CrossFadeSample : public Sample {
 public:
  CrossFadeSample() : Sample("02 Cross-fade", ExplanationText()) {
    params_.AddBool("auto_fade", &auto_fade_, "fade to a random full-body clip every few seconds");
    params_.AddFloat("fade_every", &fade_every_, 0.5f, 8.0f, "seconds between automatic fades");
    params_.AddFloat("fade_time", &fade_time_, 0.0f, 2.0f, "duration of each fade in seconds");
    params_.AddChoice(
        "ease", &ease_, {"linear", "smoothstep", "ease-in", "ease-out", "ease-in-out"},
        "how the weight rises over the fade: at a constant rate, or slow at one or both ends");
    params_.AddChoice(
        "transition", &mode_, {"smooth", "frozen"},
        "smooth: both clips play; frozen: the old pose is held still while the new clip fades in");
    params_.AddBool("match_phase", &match_phase_,
                    "start the target at the source's normalised time");
    params_.AddChoice("start_clip", &start_clip_, {},
                      "the clip playing first (full-body clips only)");
  }

  static std::string ExplanationText() {
    return "A cross-fade hides a change of clip: the new clip's weight rises from 0 to 1 over the "
           "fade time while the old one still plays beneath it. The controller keeps a queue of "
           "fading clips, samples and blends every one each frame, and when a fade completes that "
           "clip becomes the current one and those below it stop. The ease shapes how the weight "
           "rises; a frozen transition holds the old pose still instead of playing it, which is "
           "cheaper and suits a sudden reaction. Only full-body clips are offered: an additive "
           "clip (a lean) is a change to add to a pose, not a pose to fade to. Source: Gabor "
           "Szauer, Hands-On C++ Game Animation Programming, ch. 12.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    full_ = FullBodyClips(model);
    if (full_.empty()) {
      *error = NeedsMessage("two full-body clips to fade between", model, AllClips(model));
      return false;
    }
    model_ = &model;
    controller_ = std::make_unique<anim::CrossFadeController>(
        model.skeleton, anim::CrossFadeController::kDefaultMaxTargets, model.DefaultMorphWeights());
    std::vector<std::string> names;
    for (int c : full_) names.push_back(model.clips[c].Name());
    params_.SetChoices("start_clip", names);
    const int idle = FindClipForRole(model, {"idle", "walk", "walking"});
    start_clip_ = static_cast<int>(std::find(full_.begin(), full_.end(), idle) - full_.begin());
    if (start_clip_ >= static_cast<int>(full_.size())) start_clip_ = 0;
    notice_ =
        full_.size() < 2
            ? NeedsMessage("two full-body clips to fade between", model, full_, "full-body clip") +
                  ". It plays " + model.clips[full_[0]].Name() + " without fades."
            : std::string();
    // Playing from the first frame: a panel drawn before the first update
    // has a current clip.
    controller_->Play(&model.clips[full_[start_clip_]]);
    applied_start_ = start_clip_;
    // One row per clip, and a last one for the held pose of frozen fades.
    history_ = TimePlot(static_cast<int>(model.clips.size()) + 1, kPlotSeconds);
    weights_.assign(model.clips.size() + 1, 0.0f);
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
    const int n = static_cast<int>(full_.size());
    const anim::Clip* top = controller_->TargetCount() > 0
                                ? controller_->Target(controller_->TargetCount() - 1).playback.clip
                                : controller_->CurrentClip();
    for (int attempt = 0; attempt < 16; ++attempt) {
      random_state_ = random_state_ * 1664525u + 1013904223u;  // Numerical Recipes LCG
      const int pick = full_[(random_state_ >> 8) % static_cast<std::uint32_t>(n)];
      if (&model_->clips[pick] != top) return pick;
    }
    return -1;
  }

  void Update(float dt) override {
    if (start_clip_ != applied_start_) {
      controller_->Play(&model_->clips[full_[start_clip_]]);
      applied_start_ = start_clip_;
    }
    since_fade_ += dt;
    if (auto_fade_ && since_fade_ >= fade_every_) {
      const int pick = RandomClip();
      if (pick >= 0) FadeTo(pick);
      since_fade_ = 0.0f;
    }
    controller_->Update(dt);
    RecordWeights(dt);
  }

  // Each clip's share of the final pose, and the held pose's of frozen fades.
  void RecordWeights(float dt) {
    const std::size_t clips = model_->clips.size();
    weights_[clips] =
        ComputeFadeShares(*controller_, model_->clips, std::span(weights_).first(clips)).frozen;
    history_.Record(dt, weights_);
  }

  const anim::SoaPose& CurrentPose() const override { return controller_->CurrentPose(); }
  SampleView View() const override {
    SampleView view;
    if (controller_ != nullptr) view.morph_weights = controller_->CurrentMorphWeights();
    return view;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    ImGui::Separator();
    if (full_.size() >= 2) {
      ImGui::TextUnformatted("Fade to:");
      for (std::size_t k = 0; k < full_.size(); ++k) {
        if (k % 4 != 0) ImGui::SameLine();
        if (ImGui::Button(model_->clips[full_[k]].Name().c_str())) FadeTo(full_[k]);
        ui_probe::Button(model_->clips[full_[k]].Name());
      }
    }
    const anim::Clip* current = controller_->CurrentClip();
    ImGui::Text("current: %s, %d fade(s) running",
                current != nullptr ? current->Name().c_str() : "none", controller_->TargetCount());
    WrappedText("Share of each clip in the pose over the last 4 s (0 to 1):");
    for (std::size_t c = 0; c < weights_.size(); ++c) {
      const std::span<const float> h = history_.Values(static_cast<int>(c));
      if (history_.Max(static_cast<int>(c)) <= 0.0f) continue;
      const bool frozen = c == model_->clips.size();
      const char* label = frozen ? "held pose (frozen fade)" : model_->clips[c].Name().c_str();
      ImGui::PlotLines(label, h.data(), static_cast<int>(h.size()), 0, nullptr, 0.0f, 1.0f,
                       ImVec2(0, 40.0f * ImGui::GetFontSize() / 13.0f));  // scales with the UI
      ui_probe::Plot(label, h, history_.WindowSeconds());
    }
  }

 private:
  const anim::Model* model_ = nullptr;
  std::unique_ptr<anim::CrossFadeController> controller_;
  std::vector<int> full_;       // the full-body clips, the only ones offered
  TimePlot history_;            // per clip, then the frozen pose's, over the last 4 s
  std::vector<float> weights_;  // per clip, then the frozen pose's
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
