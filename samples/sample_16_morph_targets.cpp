// 16 Morph targets: looping states that fade into each other, emotes played
// once over them and faded back, and a face driven by sliders layered over
// the animation, as three.js's skinning-and-morphing robot example does.
// Morph weights are clip tracks (anim/clips/morph_weights.h): the
// CrossFadeController samples and fades them with the joints.
#include <algorithm>
#include <cfloat>
#include <memory>

#include <imgui.h>

#include "anim/compression/playback.h"
#include "anim/control/cross_fade_controller.h"
#include "model/morph_reach.h"
#include "samples/clip_roles.h"
#include "samples/counted.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"

namespace samples {

namespace {

class MorphTargetsSample : public Sample {
 public:
  MorphTargetsSample() : Sample("16 Morph targets", ExplanationText()) { AddFixedParams(); }

  static std::string ExplanationText() {
    return "A morph target (blend shape) stores, for every vertex of a mesh, an offset to a "
           "second shape: a smile, a frown. The shown vertex is p = p0 + sum of w_i x d_i, where "
           "p0 is the base position, d_i the offset of target i and w_i its weight (any number, "
           "not only 0 to 1), applied before skinning. A clip animates weights as tracks beside "
           "the joints, so a fade blends them with the same weight as the pose. Here looping "
           "states (idle, walk, dance) fade into each other, an emote (a one-shot clip) fades in "
           "over them and back out as it ends, and each face slider adds to its target's weight "
           "on top of the animation. Sources: the glTF 2.0 specification, section 3.7.2.2 "
           "(morph targets); three.js, webgl_animation_skinning_morph.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    states_.clear();
    for (int c : FullBodyClips(model)) {
      if (RoleOf(model, c) != anim::ClipRole::kOneShot) states_.push_back(c);
    }
    emotes_ = ClipsWithRole(model, anim::ClipRole::kOneShot);
    if (states_.empty()) states_ = FullBodyClips(model);  // only one-shots: play them as states
    if (states_.empty()) {
      *error = NeedsMessage("a full-body clip to play", model, AllClips(model));
      return false;
    }
    model_ = &model;
    defaults_ = model.DefaultMorphWeights();
    weights_ = defaults_;
    changes_ = anim::MorphTargetsThatChangeSomething(model);
    notes_ = anim::MorphChannelNotes(model, changes_);
    controller_ = std::make_unique<anim::CrossFadeController>(
        model.skeleton, anim::CrossFadeController::kDefaultMaxTargets, defaults_);
    DeclareParams(model);
    const int idle = FindClipWithRole(model, anim::ClipRole::kIdle, {"idle"});
    const auto at = std::find(states_.begin(), states_.end(), idle);
    state_ = at == states_.end() ? 0 : static_cast<int>(at - states_.begin());
    controller_->Play(&model.clips[states_[state_]]);
    applied_state_ = state_;
    emote_playing_ = -1;
    notice_.clear();
    if (emotes_.empty()) {
      notice_ = NeedsMessage("one-shot clips to play as emotes", model, emotes_, "one-shot clip") +
                ", so Emote has nothing to play";
    }
    if (defaults_.empty()) {
      notice_ += notice_.empty() ? "this model" : ". The model also";
      notice_ += " has no morph targets, so there is no face to drive; its clips still fade";
    }
    ComposeWeights();
    return true;
  }

  void Update(float dt) override {
    const anim::Model& model = *model_;
    if (state_ != applied_state_) {
      applied_state_ = state_;
      // During an emote the new state waits: the emote returns to it.
      if (emote_playing_ < 0) FadeTo(states_[state_], state_fade_, anim::LoopMode::kLoop);
    }
    if (play_emote_) {
      play_emote_ = false;
      if (!emotes_.empty()) {
        emote_playing_ = emotes_[emote_];
        FadeTo(emote_playing_, emote_fade_, anim::LoopMode::kClamp);
      }
    }
    controller_->Update(dt);
    if (emote_playing_ >= 0) {
      // Back to the state so that the fade ends as the emote does.
      const anim::Playback& top = controller_->TargetCount() > 0
                                      ? controller_->Target(controller_->TargetCount() - 1).playback
                                      : controller_->Current();
      const anim::Clip& emote = model.clips[emote_playing_];
      // At most half the emote fades back, however long emote_fade is.
      const float back = std::min(emote_fade_, 0.5f * emote.Duration());
      if (top.clip != &emote || top.time >= emote.EndTime() - back) {
        emote_playing_ = -1;
        FadeTo(states_[state_], emote_fade_, anim::LoopMode::kLoop);
      }
    }
    ComposeWeights();
  }

  const anim::SoaPose& CurrentPose() const override { return controller_->CurrentPose(); }
  SampleView View() const override {
    SampleView view;
    view.morph_weights = weights_;
    return view;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    const anim::Clip* current = controller_->CurrentClip();
    const std::string now = std::string("playing: ") +
                            (current != nullptr ? current->Name() : "none") + ", " +
                            Counted(controller_->TargetCount(), "fade") + " running";
    ImGui::TextUnformatted(now.c_str());
    ui_probe::Text("playing", now);
    if (emote_playing_ >= 0) {
      const std::string emote = "Emote: " + model_->clips[emote_playing_].Name();
      ImGui::TextUnformatted(emote.c_str());
      ui_probe::Text("emote", emote);
    }
    if (model_->morph_channels.empty()) return;
    ImGui::TextUnformatted("Weights shown (clip + slider):");
    for (std::size_t c = 0; c < model_->morph_channels.size(); ++c) {
      const anim::MorphChannel& channel = model_->morph_channels[c];
      const std::string& note = notes_[c];
      if (!note.empty()) {
        const std::string line = channel.node_name + ": " + note;
        ImGui::TextDisabled("%s", line.c_str());
        ui_probe::Text("morph note " + channel.node_name, line);
        continue;
      }
      for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
        const std::size_t w = channel.first_weight + t;
        if (w >= weights_.size()) break;
        if (!Changes(w)) continue;
        const std::string label = channel.node_name + "/" + channel.target_names[t];
        ImGui::ProgressBar(std::clamp(weights_[w], 0.0f, 1.0f), ImVec2(-FLT_MIN, 0),
                           (label + " " + std::to_string(weights_[w]).substr(0, 5)).c_str());
        ui_probe::Text("weight " + label, std::to_string(weights_[w]));
      }
    }
  }

 private:
  bool Changes(std::size_t weight) const { return weight < changes_.size() && changes_[weight]; }

  void AddFixedParams() {
    params_.AddChoice("state", &state_, {},
                      "the looping clip playing (idle, locomotion and full-body clips)");
    params_.AddChoice("emote_clip", &emote_, {}, "the one-shot clip the emote trigger plays");
    params_.AddTrigger("emote", &play_emote_, 'E',
                       "fade emote_clip in over the state, play it once, fade back to the state");
    params_.AddFloat("state_fade", &state_fade_, 0.0f, 2.0f, "seconds a change of state fades");
    params_.AddFloat("emote_fade", &emote_fade_, 0.0f, 1.0f,
                     "seconds an emote fades in, and back out before it ends (at most half of it)");
  }

  // The fixed parameters, then a slider per morph target, named after it
  // (with its node's name where two meshes share a target name).
  void DeclareParams(const anim::Model& model) {
    params_ = ParamList();
    AddFixedParams();
    std::vector<std::string> names;
    for (int c : states_) names.push_back(model.clips[c].Name());
    params_.SetChoices("state", names);
    names.clear();
    for (int c : emotes_) names.push_back(model.clips[c].Name());
    params_.SetChoices("emote_clip", names.empty() ? std::vector<std::string>{"none"} : names);
    face_.assign(defaults_.size(), 0.0f);  // sized before pointers are handed out
    std::vector<std::string> taken;
    for (const anim::MorphChannel& channel : model.morph_channels) {
      for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
        const std::size_t w = channel.first_weight + t;
        if (w >= face_.size()) break;
        if (!Changes(w)) continue;  // a slider that would change nothing
        std::string name = ParamNameFrom(channel.target_names[t]);
        if (std::find(taken.begin(), taken.end(), name) != taken.end()) {
          name = ParamNameFrom(channel.node_name + "_" + channel.target_names[t]);
        }
        while (std::find(taken.begin(), taken.end(), name) != taken.end()) name += "_2";
        taken.push_back(name);
        params_.AddFloat(name, &face_[w], 0.0f, 1.0f,
                         "added to the weight of target \"" + channel.target_names[t] +
                             "\" of mesh node \"" + channel.node_name + "\"");
      }
    }
  }

  void FadeTo(int clip, float seconds, anim::LoopMode loop) {
    anim::FadeOptions o;
    o.duration = seconds;
    o.loop = loop;
    o.ease = anim::EaseCurve::SmoothStep();
    if (controller_->FadeTo(&model_->clips[clip], o) == anim::FadeResult::kQueueFull) {
      // Eight fades still running (states changed faster than they fade):
      // an inertialized switch starts from what is shown and drops them.
      o.mode = anim::TransitionMode::kInertial;
      controller_->FadeTo(&model_->clips[clip], o);
    }
  }

  // What the controller fades, plus the face sliders.
  void ComposeWeights() {
    const std::span<const float> faded = controller_->CurrentMorphWeights();
    for (std::size_t i = 0; i < weights_.size() && i < faded.size(); ++i) {
      weights_[i] = faded[i] + face_[i];
    }
  }

  const anim::Model* model_ = nullptr;
  std::unique_ptr<anim::CrossFadeController> controller_;
  std::vector<int> states_, emotes_;
  std::vector<float> defaults_, weights_, face_;
  std::vector<bool> changes_;       // per weight: its target changes something drawn
  std::vector<std::string> notes_;  // per morph channel: why it has no slider, or ""
  int state_ = 0, applied_state_ = -1, emote_ = 0, emote_playing_ = -1;
  bool play_emote_ = false;
  float state_fade_ = 0.5f, emote_fade_ = 0.2f;
};

}  // namespace

std::unique_ptr<Sample> MakeMorphTargetsSample() { return std::make_unique<MorphTargetsSample>(); }

}  // namespace samples
