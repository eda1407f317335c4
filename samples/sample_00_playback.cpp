// 00 Playback: one clip, sampled every frame into the local pose.
#include <algorithm>

#include <imgui.h>

#include "anim/clips/clip.h"
#include "anim/clips/morph_weights.h"
#include "anim/compression/playback.h"
#include "samples/clip_roles.h"
#include "samples/playback_timeline.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

class PlaybackSample : public Sample {
 public:
  PlaybackSample() : Sample("00 Playback", ExplanationText()) {
    params_.AddChoice("clip", &clip_, {}, "the clip to play");
    params_.AddFloat("phase", &phase_, 0.0f, 1.0f, "scrub: normalised time in the clip");
    params_.AddFloat("speed", &speed_, -3.0f, 3.0f, "playback rate; negative plays backward");
    params_.AddChoice("loop", &loop_, {"loop", "clamp", "ping-pong"},
                      "what happens at the clip's ends");
  }

  static std::string ExplanationText() {
    return "A clip stores, for every joint, keyframes (a time and a value) of its position, "
           "rotation and scale. Playing it is keeping a clock: each frame the clip time moves on "
           "by "
           "dt x speed (dt: the frame's duration in seconds; speed: the rate below, negative plays "
           "backward), is brought back into the clip's range (loop: wrap around; clamp: stop at "
           "the "
           "end; ping-pong: run back and forth), and each joint's keys around that time are "
           "interpolated into the pose. Source: Gabor Szauer, Hands-On C++ Game Animation "
           "Programming, ch. 8 and 9.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = NeedsMessage("a clip to play", model, AllClips(model));
      return false;
    }
    model_ = &model;
    pose_.CopyFrom(model.skeleton.RestPose());
    default_weights_ = model.DefaultMorphWeights();
    weights_ = default_weights_;
    params_.SetChoices("clip", ClipNames(model));
    clip_ = FindClipForRole(model, {"walk", "walking"});
    applied_clip_ = -1;
    return true;
  }

  void Update(float dt) override {
    const anim::LoopMode mode = static_cast<anim::LoopMode>(loop_);
    if (clip_ != applied_clip_) {
      playback_.Start(&model_->clips[clip_], mode, speed_);
      applied_clip_ = clip_;
      // A new clip starts at its beginning (phase 0) and plays this frame's
      // dt; a phase set meanwhile (slider, --set) still seeks below.
      applied_phase_ = 0.0f;
    }
    playback_.mode = mode;
    const anim::Clip& clip = *playback_.clip;
    playback_.rate = speed_;
    if (phase_ != applied_phase_) {
      // The phase slider (or --set phase=) moved: seek there.
      playback_.time = clip.TimeAtPhase(phase_);
      dt = 0.0f;
    }
    pose_.CopyFrom(model_->skeleton.RestPose());
    playback_.Advance(dt, pose_);  // the viewer's time control pauses (dt 0)
    // Morph weights are tracks of the clip too, sampled at the same time.
    std::copy(default_weights_.begin(), default_weights_.end(), weights_.begin());
    anim::SampleMorphWeights(clip.MorphWeights(), clip.SampleTime(playback_.time, playback_.mode),
                             weights_);
    phase_ = applied_phase_ = playback_.NormalizedTime();
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }
  SampleView View() const override {
    SampleView view;
    view.morph_weights = weights_;
    view.timeline = PlaybackTimeline(playback_, &view.time, &view.length);
    return view;
  }
  void Scrub(float time) override { phase_ = ScrubPhase(playback_, time); }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    if (playback_.clip != nullptr) {
      ImGui::Text(
          "time %.3f s of %.3f s",
          playback_.clip->SampleTime(playback_.time, playback_.mode) - playback_.clip->StartTime(),
          playback_.clip->Duration());
    }
  }

 private:
  const anim::Model* model_ = nullptr;
  anim::SoaPose pose_;
  std::vector<float> default_weights_, weights_;
  anim::Playback playback_;
  int clip_ = 0;
  int applied_clip_ = -1;
  float phase_ = 0.0f;
  float applied_phase_ = -1.0f;
  float speed_ = 1.0f;
  int loop_ = 0;
};

}  // namespace

std::unique_ptr<Sample> MakePlaybackSample() { return std::make_unique<PlaybackSample>(); }

}  // namespace samples
