// 04 Partial blend: an upper-body clip over a full-body one through a mask.
#include <imgui.h>

#include "anim/blending/joint_mask.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/compression/playback.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

class PartialBlendSample : public Sample {
 public:
  PartialBlendSample() : Sample("04 Partial blend", ExplanationText()) {
    params_.AddChoice("base_clip", &base_clip_, {}, "the full-body clip (walk)");
    params_.AddChoice("upper_clip", &upper_clip_, {}, "the clip for the masked joints (punch)");
    params_.AddChoice("mask_root", &mask_root_, {}, "the joint where the mask starts");
    params_.AddInt("falloff", &falloff_, 0, 5,
                   "joints over which the mask ramps up to full weight");
    params_.AddFloat("weight", &weight_, 0.0f, 1.0f, "overall weight of the upper clip");
  }

  static std::string ExplanationText() {
    return "A blend mask gives every joint its own weight, so one clip drives part of the body "
           "and another clip the rest: the legs keep walking while the spine and arms punch. The "
           "mask starts at mask_root: that joint and everything below it in the hierarchy take the "
           "upper clip; the falloff ramps the weight up over a few joints down from it, so the "
           "change is spread along the spine instead of showing as a seam. The skeleton overlay "
           "(View > Skeleton, switched on when the sample starts) colours each joint by its "
           "weight: blue takes only the base clip, red "
           "only the upper clip. Source: Jason Gregory, Game Engine Architecture, the animation "
           "chapter (partial-skeleton blending).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const std::vector<int> full = FullBodyClips(model);
    if (full.empty()) {
      *error = NeedsMessage("two clips, one for the legs and one for the upper body", model,
                            AllClips(model));
      return false;
    }
    model_ = &model;
    for (anim::SoaPose* p : {&pose_, &base_, &upper_}) p->CopyFrom(model.skeleton.RestPose());
    params_.SetChoices("base_clip", ClipNames(model));
    params_.SetChoices("upper_clip", ClipNames(model));
    params_.SetChoices("mask_root", model.PickableJointNames());
    base_clip_ = FindClipForRole(model, {"walk", "walking"}, full[0]);
    if (IsAdditiveClip(model, base_clip_)) base_clip_ = full[0];
    upper_clip_ = FindClipForRole(model, {"punch"}, -1);
    if (upper_clip_ < 0 || upper_clip_ == base_clip_ || IsAdditiveClip(model, upper_clip_)) {
      upper_clip_ = FirstOtherThan(full, base_clip_);
    }
    if (upper_clip_ < 0) upper_clip_ = base_clip_;
    const int spine = FindJointForRole(model, {"Spine1", "Spine", "spine"});
    mask_root_ = spine >= 0 ? spine : 0;
    applied_base_ = applied_upper_ = -1;
    return true;
  }

  void Update(float dt) override {
    if (base_clip_ != applied_base_) {
      base_playback_.Start(&model_->clips[base_clip_]);
      applied_base_ = base_clip_;
      notice_ = MaskNotice();
    }
    if (upper_clip_ != applied_upper_) {
      upper_playback_.Start(&model_->clips[upper_clip_]);
      applied_upper_ = upper_clip_;
      notice_ = MaskNotice();
    }
    // Rebuilt every frame so slider changes show at once; MakeMaskFromRoot
    // allocates, which is fine in a sample's UI path, not in anim's hot path.
    mask_ = anim::MakeMaskFromRoot(model_->skeleton, mask_root_, falloff_);
    base_.CopyFrom(model_->skeleton.RestPose());
    upper_.CopyFrom(model_->skeleton.RestPose());
    base_playback_.Advance(dt, base_);
    upper_playback_.Advance(dt, upper_);
    // One clip over itself would only show it out of step with itself.
    if (upper_clip_ == base_clip_) {
      pose_.CopyFrom(base_);
    } else {
      anim::BlendWeighted(pose_, base_, upper_, weight_, mask_.weights);
    }
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    DrawHint("Joint colours (View > Skeleton): blue base clip only, red upper clip only.");
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }

  // Why the chosen clips show no partial blend, or nothing when they do.
  std::string MaskNotice() const {
    if (IsAdditiveClip(*model_, upper_clip_) || IsAdditiveClip(*model_, base_clip_)) {
      return "an additive clip (a change to add to a pose, not a pose) is chosen: pick full-body "
             "clips here, and see 03 Additive for additive ones";
    }
    if (upper_clip_ != base_clip_) return {};
    const std::vector<int> full = FullBodyClips(*model_);
    if (full.size() < 2) {
      return NeedsMessage("two full-body clips, one for the legs and one for the upper body",
                          *model_, full, "full-body clip") +
             ". It plays " + model_->clips[base_clip_].Name() +
             " alone; the joint colours still show the mask.";
    }
    return "base_clip and upper_clip are the same clip: pick two different ones to see the mask at "
           "work";
  }

  SampleView View() const override {
    SampleView view;
    if (model_ == nullptr) return view;
    std::vector<glm::vec4>& colors = view.joint_colors;
    colors.resize(static_cast<std::size_t>(model_->skeleton.JointCount()));
    for (std::size_t i = 0; i < colors.size() && i < mask_.weights.size(); ++i) {
      const float w = mask_.weights[i] * weight_;
      colors[i] =
          glm::vec4(glm::mix(glm::vec3(0.2f, 0.45f, 1.0f), glm::vec3(1.0f, 0.25f, 0.15f), w), 1.0f);
    }
    return view;
  }

 private:
  const anim::Model* model_ = nullptr;
  anim::SoaPose pose_, base_, upper_;
  anim::Playback base_playback_, upper_playback_;
  anim::JointMask mask_;
  int base_clip_ = 0, upper_clip_ = 0, mask_root_ = 0, falloff_ = 2;
  int applied_base_ = -1, applied_upper_ = -1;
  float weight_ = 1.0f;
};

}  // namespace

std::unique_ptr<Sample> MakePartialBlendSample() { return std::make_unique<PartialBlendSample>(); }

}  // namespace samples
