// 01 Blend: two clips mixed joint by joint, with and without synchronisation.
#include <cmath>

#include <imgui.h>

#include "anim/blending.h"
#include "anim/synced_blend.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

constexpr float kTwoPi = 6.28318530718f;

class BlendSample : public Sample {
 public:
  BlendSample() {
    params_.AddChoice("clip_a", &clip_a_, {}, "the clip at weight 0 (walk)");
    params_.AddChoice("clip_b", &clip_b_, {}, "the clip at weight 1 (run)");
    params_.AddBool("manual_weight", &manual_, "take the weight from the slider instead of the timer");
    params_.AddFloat("weight", &weight_, 0.0f, 1.0f, "blend weight of clip_b (when manual)");
    params_.AddFloat("timer_period", &period_, 1.0f, 10.0f, "seconds for the timer to go 0 -> 1 -> 0");
    params_.AddBool("synchronized", &synced_, "advance both clips by one normalised time (seed 003)");
    params_.AddFloat("phase_offset", &phase_offset_, -0.5f, 0.5f,
                     "seed 003's sync offset o: clip_b plays at phase + o, for cycles that start at different steps");
  }

  std::string Title() const override { return "01 Blend"; }
  std::string Explanation() const override {
    return "Blend mixes two poses joint by joint: lerp for position and scale, nlerp on the shorter "
           "arc for rotation (seed 000's Blend). Walk and run have different lengths, so unsynchronised "
           "their feet drift out of phase and the legs scissor; synchronised, both advance by one "
           "normalised time over a cycle of l2*w + l1*(1-w) seconds (seed 003).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = "this sample needs a model with at least one clip";
      return false;
    }
    model_ = &model;
    pose_ = model.skeleton.RestPose();
    pose_a_ = pose_b_ = pose_;
    synced_blend_ = std::make_unique<anim::SyncedBlend>(model.skeleton);
    params_.SetChoices("clip_a", ClipNames(model));
    params_.SetChoices("clip_b", ClipNames(model));
    clip_a_ = FindClipForRole(model, {"walk", "walking"}, 0);
    clip_b_ = FindClipForRole(model, {"run", "running"}, 1);
    applied_a_ = applied_b_ = -1;
    timer_ = 0.0f;
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
    }
    // The book's Sample01 sweeps the weight on a timer; a cosine keeps the
    // sweep smooth at both ends.
    timer_ = std::fmod(timer_ + dt, period_);
    if (!manual_) weight_ = 0.5f - 0.5f * std::cos(kTwoPi * timer_ / period_);

    if (synced_) {
      synced_blend_->SetPhaseOffsetB(phase_offset_);
      synced_blend_->Update(dt, weight_, pose_);
      // Keep the free clocks at the synced phase so switching is seamless.
      playback_a_.time = playback_a_.clip->StartTime() + synced_blend_->Phase() * playback_a_.clip->Duration();
      playback_b_.time = playback_b_.clip->StartTime() + synced_blend_->Phase() * playback_b_.clip->Duration();
      phase_a_ = phase_b_ = synced_blend_->Phase();
    } else {
      pose_a_ = pose_b_ = model_->skeleton.RestPose();
      playback_a_.Advance(dt, pose_a_);
      playback_b_.Advance(dt, pose_b_);
      anim::Blend(pose_, pose_a_, pose_b_, weight_, -1);
      synced_blend_->Start(playback_a_.clip, playback_b_.clip, playback_a_.NormalizedTime());
      phase_a_ = playback_a_.NormalizedTime();
      phase_b_ = playback_b_.NormalizedTime();
    }
  }

  const anim::Pose& CurrentPose() const override { return pose_; }

  void DrawPanel() override {
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
  anim::Pose pose_, pose_a_, pose_b_;
  anim::Playback playback_a_, playback_b_;
  std::unique_ptr<anim::SyncedBlend> synced_blend_;
  int clip_a_ = 0, clip_b_ = 0, applied_a_ = -1, applied_b_ = -1;
  bool manual_ = false;
  float weight_ = 0.0f;
  float period_ = 4.0f;
  float timer_ = 0.0f;
  bool synced_ = true;
  float phase_offset_ = 0.0f;
  float phase_a_ = 0.0f, phase_b_ = 0.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeBlendSample() { return std::make_unique<BlendSample>(); }

}  // namespace samples
