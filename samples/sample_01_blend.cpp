// 01 Blend: two clips mixed joint by joint, with and without synchronisation.
#include <cmath>

#include <imgui.h>

#include "anim/blending/blending.h"
#include "anim/compression/playback.h"
#include "anim/control/synced_blend.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

constexpr float kTwoPi = 6.28318530718f;

class BlendSample : public Sample {
 public:
  BlendSample() : Sample("01 Blend", ExplanationText()) {
    params_.AddChoice("clip_a", &clip_a_, {}, "the clip at weight 0 (walk)");
    params_.AddChoice("clip_b", &clip_b_, {}, "the clip at weight 1 (run)");
    params_.AddBool("manual_weight", &manual_,
                    "take the weight from the slider instead of the timer");
    params_.AddFloat("weight", &weight_, 0.0f, 1.0f,
                     "blend weight of clip_b; moving it ticks manual_weight (the timer stops)");
    params_.AddFloat("timer_period", &period_, 1.0f, 10.0f,
                     "seconds for the timer to go 0 -> 1 -> 0");
    params_.AddBool(
        "synchronized", &synced_,
        "advance both clips by the same fraction of their cycles, so the feet stay in step");
    params_.AddFloat(
        "phase_offset", &phase_offset_, -0.5f, 0.5f,
        "clip_b plays this fraction of a cycle ahead of clip_a, for cycles that start on "
        "different feet");
  }

  static std::string ExplanationText() {
    return "Blending mixes two poses joint by joint with a weight w, from 0 (all clip_a) to 1 (all "
           "clip_b): positions and scales are interpolated in a straight line, rotations (unit "
           "quaternions) along the shorter arc and renormalised. A walk and a run last different "
           "times, so on their own clocks their feet drift apart and the legs scissor. "
           "Synchronised, both advance by the same fraction of their cycle (the phase, 0 to 1), "
           "and "
           "the blended cycle lasts (1 - w) x La + w x Lb seconds, La and Lb being the two clips' "
           "durations. Sources: Gabor Szauer, Hands-On C++ Game Animation Programming, ch. 12; "
           "phase matching: Jason Gregory, Game Engine Architecture, the animation chapter.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const std::vector<int> full = FullBodyClips(model);
    if (full.empty()) {
      *error = NeedsMessage("two full-body clips to blend", model, AllClips(model));
      return false;
    }
    model_ = &model;
    pose_.CopyFrom(model.skeleton.RestPose());
    pose_a_ = pose_b_ = pose_;
    synced_blend_ = std::make_unique<anim::SyncedBlend>(model.skeleton);
    params_.SetChoices("clip_a", ClipNames(model));
    params_.SetChoices("clip_b", ClipNames(model));
    // Walk and run by name, else the first two full-body clips: never an
    // additive clip, and never one clip blended with itself when there are two.
    clip_a_ = FindClipForRole(model, {"walk", "walking"}, full[0]);
    if (IsAdditiveClip(model, clip_a_)) clip_a_ = full[0];
    clip_b_ = FindClipForRole(model, {"run", "running"}, -1);
    if (clip_b_ < 0 || clip_b_ == clip_a_ || IsAdditiveClip(model, clip_b_)) {
      clip_b_ = FirstOtherThan(full, clip_a_);
    }
    if (clip_b_ < 0) clip_b_ = clip_a_;
    applied_a_ = applied_b_ = -1;
    timer_ = 0.0f;
    timer_weight_ = weight_;
    return true;
  }

  void Update(float dt) override {
    if (clip_a_ != applied_a_ || clip_b_ != applied_b_) {
      const anim::Clip* a = &model_->clips[clip_a_];
      const anim::Clip* b = &model_->clips[clip_b_];
      playback_a_.Start(a);
      playback_b_.Start(b);
      synced_blend_->Start(a, b);
      applied_a_ = clip_a_;
      applied_b_ = clip_b_;
      notice_ = BlendNotice();
    }
    // A weight that differs from the one the timer wrote was set by hand
    // (the slider or --set): that is a request for manual weight.
    if (!manual_ && weight_ != timer_weight_) manual_ = true;
    // The weight sweeps on a timer; a cosine keeps the sweep smooth at both ends.
    timer_ = std::fmod(timer_ + dt, period_);
    if (!manual_) weight_ = 0.5f - 0.5f * std::cos(kTwoPi * timer_ / period_);
    timer_weight_ = weight_;
    // One clip "blended" with itself shows nothing: it plays alone.
    const float weight = clip_a_ == clip_b_ ? 0.0f : weight_;

    if (synced_) {
      synced_blend_->SetPhaseOffsetB(phase_offset_);
      synced_blend_->Update(dt, weight, pose_);
      // Keep the free clocks at the synced phase so switching is seamless.
      playback_a_.time = playback_a_.clip->TimeAtPhase(synced_blend_->Phase());
      playback_b_.time = playback_b_.clip->TimeAtPhase(synced_blend_->Phase());
      phase_a_ = phase_b_ = synced_blend_->Phase();
    } else {
      pose_a_.CopyFrom(model_->skeleton.RestPose());
      pose_b_.CopyFrom(model_->skeleton.RestPose());
      playback_a_.Advance(dt, pose_a_);
      playback_b_.Advance(dt, pose_b_);
      anim::Blend(pose_, pose_a_, pose_b_, weight);
      synced_blend_->Start(playback_a_.clip, playback_b_.clip, playback_a_.NormalizedTime());
      phase_a_ = playback_a_.NormalizedTime();
      phase_b_ = playback_b_.NormalizedTime();
    }
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }

  // Why the chosen clips make no blend, or nothing when they do.
  std::string BlendNotice() const {
    const std::vector<int> full = FullBodyClips(*model_);
    for (int clip : {clip_a_, clip_b_}) {
      if (IsAdditiveClip(*model_, clip)) {
        return model_->clips[clip].Name() +
               " is an additive clip (a change to add on top of a pose, not a pose): blend "
               "full-body clips here, and see 03 Additive for additive ones";
      }
    }
    if (clip_a_ != clip_b_) return {};
    if (full.size() < 2) {
      return NeedsMessage("two full-body clips to blend", *model_, full, "full-body clip") +
             ". It plays " + model_->clips[clip_a_].Name() + " alone.";
    }
    return "clip_a and clip_b are the same clip, which blended with itself is itself: pick two "
           "different clips to see a blend";
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    ImGui::Separator();
    ImGui::ProgressBar(weight_, ImVec2(-1, 0), "weight of clip_b");
    ImGui::Text("phase of clip_a %.2f, clip_b %.2f%s", phase_a_, phase_b_,
                synced_ ? "  (locked)" : "  (drifting)");
    if (synced_ && applied_a_ >= 0) {
      ImGui::Text("blended cycle %.3f s, rates %.2f / %.2f", synced_blend_->CycleLength(),
                  synced_blend_->RateA(), synced_blend_->RateB());
    }
  }

 private:
  const anim::Model* model_ = nullptr;
  anim::SoaPose pose_, pose_a_, pose_b_;
  anim::Playback playback_a_, playback_b_;
  std::unique_ptr<anim::SyncedBlend> synced_blend_;
  int clip_a_ = 0, clip_b_ = 0, applied_a_ = -1, applied_b_ = -1;
  bool manual_ = false;
  float weight_ = 0.0f;
  float timer_weight_ = 0.0f;  // what the timer last wrote into weight_
  float period_ = 4.0f;
  float timer_ = 0.0f;
  bool synced_ = true;
  float phase_offset_ = 0.0f;
  float phase_a_ = 0.0f, phase_b_ = 0.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeBlendSample() { return std::make_unique<BlendSample>(); }

}  // namespace samples
