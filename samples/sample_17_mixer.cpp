// 17 Mixer: every clip of the model at once, each with its own play/stop,
// weight, speed, loop mode, additive switch and fades, and a cross-fade
// from any clip to any other (anim/control/clip_mixer.h), as three.js's
// skinning-blending example lets a user weigh actions freely.
#include <algorithm>
#include <cfloat>
#include <memory>

#include <imgui.h>

#include "anim/control/clip_mixer.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"
#include "samples/time_plot.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

namespace {

constexpr float kPlotSeconds = 4.0f;

// What the panel sets for one clip (bound to its parameters).
struct ClipControls {
  bool play = false, applied_play = false;
  float weight = 1.0f;
  float speed = 1.0f;
  int loop = 0;
  bool additive = false;
  bool fade_in = false, fade_out = false;
};

class MixerSample : public Sample {
 public:
  MixerSample() : Sample("17 Mixer", ExplanationText()) { AddFixedParams(); }

  static std::string ExplanationText() {
    return "A mixer plays any number of clips at once, each an action with its own clock, "
           "weight, speed and loop mode. Full-body actions are blended by weight: with weights "
           "w_i summing to W, the pose is the sum of w_i x p_i over W when W is 1 or more, and "
           "the rest pose fills the missing 1 - W otherwise, so a lone walk at 0.3 is 30 % of "
           "the way from the rest pose. Additive actions are then added on top, each as its "
           "change from its clip's first frame times its weight. A fade moves an action's weight "
           "factor to 1 (in) or 0 (out, which stops it) over fade_seconds; a cross-fade does both "
           "at once from one clip to another. Stop all shows the rest (bind) pose. Source: "
           "three.js, AnimationMixer and webgl_animation_skinning_blending.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = NeedsMessage("clips to mix", model, AllClips(model));
      return false;
    }
    model_ = &model;
    mixer_ =
        std::make_unique<anim::ClipMixer>(model.skeleton, model.clips, model.DefaultMorphWeights());
    controls_.assign(model.clips.size(), ClipControls{});  // sized before params bind to it
    names_.clear();
    params_ = ParamList();
    AddFixedParams();
    params_.SetChoices("fade_from", ClipNames(model));
    params_.SetChoices("fade_to", ClipNames(model));
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      AddClipParams(static_cast<int>(c));
      controls_[c].additive = IsAdditiveClip(model, static_cast<int>(c));
    }
    // The idle (by role), else the first full-body clip, else clip 0 plays.
    int first = FindClipWithRole(model, anim::ClipRole::kIdle, {"idle"});
    if (first < 0) first = FullBodyClips(model).empty() ? 0 : FullBodyClips(model).front();
    controls_[first].play = true;
    fade_from_ = first;
    fade_to_ = FirstOtherThan(AllClips(model), first) >= 0 ? FirstOtherThan(AllClips(model), first)
                                                           : first;
    history_ = TimePlot(static_cast<int>(controls_.size()), kPlotSeconds);
    shown_weights_.assign(controls_.size(), 0.0f);
    Apply();
    mixer_->Update(0.0f);
    return true;
  }

  void Update(float dt) override {
    if (play_all_) mixer_->PlayAll();
    if (stop_all_) mixer_->StopAll();
    if (cross_fade_) mixer_->CrossFade(fade_from_, fade_to_, fade_seconds_);
    play_all_ = stop_all_ = cross_fade_ = false;
    Apply();
    mixer_->Update(dt);
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      // A fade out that ended stopped the action; so did Stop all.
      controls_[c].play = controls_[c].applied_play = mixer_->Action(static_cast<int>(c)).playing;
      shown_weights_[c] = mixer_->Action(static_cast<int>(c)).EffectiveWeight();
    }
    history_.Record(dt, shown_weights_);
  }

  const anim::SoaPose& CurrentPose() const override { return mixer_->CurrentPose(); }
  SampleView View() const override {
    SampleView view;
    if (mixer_ != nullptr) view.morph_weights = mixer_->CurrentMorphWeights();
    return view;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    const std::vector<Param>& all = params_.All();
    for (std::size_t i = 0; i < kFixedParams; ++i) DrawParamWidget(all[i]);
    ImGui::Separator();
    DrawHint(
        "Each clip: play and weight; under it its speed, loop mode, additive switch and "
        "fades in and out.");
    const float width = ImGui::GetContentRegionAvail().x;
    // The weights in one column beside the names, after the longest one
    // ("Walking (from Woman)"), or under each name when the names leave the
    // sliders too little room.
    float longest = 0.0f;
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      longest = std::max(longest, ImGui::CalcTextSize(model_->clips[c].Name().c_str()).x);
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float slider_at =
        std::max(width * 0.45f, ImGui::GetCursorPosX() + ImGui::GetFrameHeight() +
                                    style.ItemInnerSpacing.x + longest + style.ItemSpacing.x);
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      const Param* p = &all[kFixedParams + c * kParamsPerClip];
      ImGui::PushID(static_cast<int>(c));
      DrawParamWidget(p[0], model_->clips[c].Name().c_str());  // play, named by the clip
      if (slider_at < width * 0.75f) ImGui::SameLine(slider_at);
      ImGui::SetNextItemWidth(-FLT_MIN);
      DrawParamWidget(p[1], "");  // weight
      ImGui::Indent();
      ImGui::SetNextItemWidth(width * 0.3f);
      DrawParamWidget(p[2], "");  // speed
      ImGui::SameLine();
      ImGui::SetNextItemWidth(width * 0.24f);
      DrawParamWidget(p[3], "");  // loop
      ImGui::SameLine();
      DrawParamWidget(p[4], "add");
      ImGui::SameLine();
      DrawParamWidget(p[5], "in");
      ImGui::SameLine();
      DrawParamWidget(p[6], "out");
      ImGui::Unindent();
      ImGui::PopID();
    }
    ImGui::Separator();
    WrappedText("Effective weight (weight x fade) of each clip over the last 4 s:");
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      const std::span<const float> h = history_.Values(static_cast<int>(c));
      const float top = history_.Max(static_cast<int>(c));
      if (top <= 0.0f) continue;
      ImGui::PlotLines(model_->clips[c].Name().c_str(), h.data(), static_cast<int>(h.size()), 0,
                       nullptr, 0.0f, std::max(1.0f, top),
                       ImVec2(0, 32.0f * ImGui::GetFontSize() / 13.0f));
      ui_probe::Plot(model_->clips[c].Name(), h, history_.WindowSeconds());
    }
  }

 private:
  static constexpr std::size_t kFixedParams = 6;
  static constexpr std::size_t kParamsPerClip = 7;

  void AddFixedParams() {
    params_.AddFloat("fade_seconds", &fade_seconds_, 0.0f, 3.0f,
                     "seconds of every fade in, fade out and cross-fade");
    params_.AddChoice("fade_from", &fade_from_, {}, "the clip cross_fade fades out");
    params_.AddChoice("fade_to", &fade_to_, {}, "the clip cross_fade fades in (from its start)");
    params_.AddTrigger("cross_fade", &cross_fade_, 'X', "fade_from out and fade_to in at once");
    params_.AddTrigger("play_all", &play_all_, 0, "start every stopped clip");
    params_.AddTrigger("stop_all", &stop_all_, 0, "stop every clip: the rest (bind) pose");
  }

  // "<clip>_play", "_weight", "_speed", "_loop", "_additive", "_fade_in",
  // "_fade_out": the clip's name made a --set name, made unique.
  void AddClipParams(int c) {
    std::string base = ParamNameFrom(model_->clips[c].Name());
    while (std::find(names_.begin(), names_.end(), base) != names_.end()) base += "_2";
    names_.push_back(base);
    ClipControls& k = controls_[c];
    const std::string clip = "clip \"" + model_->clips[c].Name() + "\"";
    params_.AddBool(base + "_play", &k.play, "play or stop " + clip);
    params_.AddFloat(base + "_weight", &k.weight, 0.0f, 1.0f, "the weight of " + clip);
    params_.AddFloat(base + "_speed", &k.speed, -2.0f, 2.0f,
                     "the playback rate of " + clip + "; negative plays it backward");
    params_.AddChoice(base + "_loop", &k.loop, {"loop", "clamp", "ping-pong"},
                      "what " + clip + " does at its ends");
    params_.AddBool(base + "_additive", &k.additive,
                    "add " + clip + " on top as its change from its first frame");
    params_.AddTrigger(base + "_fade_in", &k.fade_in, 0, "fade " + clip + " in");
    params_.AddTrigger(base + "_fade_out", &k.fade_out, 0, "fade " + clip + " out, then stop it");
  }

  // The panel's settings into the mixer.
  void Apply() {
    for (std::size_t c = 0; c < controls_.size(); ++c) {
      ClipControls& k = controls_[c];
      const int i = static_cast<int>(c);
      mixer_->SetWeight(i, k.weight);
      mixer_->SetRate(i, k.speed);
      mixer_->SetLoopMode(i, static_cast<anim::LoopMode>(k.loop));
      mixer_->SetAdditive(i, k.additive);
      if (k.play != k.applied_play) k.play ? mixer_->Play(i) : mixer_->Stop(i);
      k.applied_play = k.play;
      if (k.fade_in) mixer_->FadeIn(i, fade_seconds_);
      if (k.fade_out) mixer_->FadeOut(i, fade_seconds_);
      k.fade_in = k.fade_out = false;
    }
  }

  const anim::Model* model_ = nullptr;
  std::unique_ptr<anim::ClipMixer> mixer_;
  std::vector<ClipControls> controls_;
  std::vector<std::string> names_;
  TimePlot history_;                  // each clip's effective weight over the last 4 s
  std::vector<float> shown_weights_;  // this frame's, per clip
  float fade_seconds_ = 0.5f;
  int fade_from_ = 0, fade_to_ = 0;
  bool cross_fade_ = false, play_all_ = false, stop_all_ = false;
};

}  // namespace

std::unique_ptr<Sample> MakeMixerSample() { return std::make_unique<MixerSample>(); }

}  // namespace samples
