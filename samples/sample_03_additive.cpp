// 03 Additive: lean and look layers added on top of any base clip.
#include <imgui.h>

#include "anim/additive.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

// One additive layer: a clip whose first frame is its reference pose,
// sampled at a time picked by a -1..1 "stick" value.
struct AdditiveLayer {
  const anim::Clip* clip = nullptr;
  anim::Pose base;    // MakeAdditivePose: the clip's first frame
  anim::Pose sample;  // the clip at the stick's time

  void Set(const anim::Skeleton& skeleton, const anim::Clip* c) {
    clip = c;
    if (c != nullptr) base = anim::MakeAdditivePose(skeleton, *c);
    sample = skeleton.RestPose();
  }
  // stick -1 picks the clip's first frame, +1 its last (book's Sample03).
  void Apply(const anim::Skeleton& skeleton, float stick, float weight, anim::Pose& pose) {
    if (clip == nullptr || weight <= 0.0f) return;
    sample = skeleton.RestPose();
    clip->Sample(sample, clip->StartTime() + (stick + 1.0f) * 0.5f * clip->Duration(),
                 anim::LoopMode::kClamp);
    anim::Add(pose, pose, sample, base, -1, weight);
  }
};

class AdditiveSample : public Sample {
 public:
  AdditiveSample() {
    params_.AddChoice("base_clip", &base_clip_, {}, "the clip the layers are added on");
    params_.AddChoice("lean_clip", &lean_clip_, {}, "the additive lean clip");
    params_.AddFloat("lean", &lean_, -1.0f, 1.0f, "like a joystick: picks the time in the lean clip");
    params_.AddFloat("lean_weight", &lean_weight_, 0.0f, 1.0f, "how much of the lean is added");
    params_.AddChoice("look_clip", &look_clip_, {}, "a second additive layer (none: off)");
    params_.AddFloat("look", &look_, -1.0f, 1.0f, "picks the time in the look clip");
    params_.AddFloat("look_weight", &look_weight_, 0.0f, 1.0f, "how much of the look is added");
  }

  std::string Title() const override { return "03 Additive"; }
  std::string Explanation() const override {
    return "An additive clip stores a change, not a pose: result = in + (add - base), where base is "
           "the additive clip's first frame, and rotations combine as in * inverse(base) * add "
           "(seed 000's MakeAdditivePose and Add). So one lean bends any base clip, and a weight "
           "scales it; seed 001 calls these difference clips.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = "this sample needs a model with at least one clip";
      return false;
    }
    model_ = &model;
    pose_ = model.skeleton.RestPose();
    std::vector<std::string> names = ClipNames(model);
    params_.SetChoices("base_clip", names);
    params_.SetChoices("lean_clip", names);
    names.insert(names.begin(), "none");
    params_.SetChoices("look_clip", names);
    base_clip_ = FindClipForRole(model, {"walk", "walking", "idle"});
    lean_clip_ = FindClipForRole(model, {"lean_left", "lean"});
    const int look = FindClipForRole(model, {"look"}, -1);
    look_clip_ = look >= 0 && model.clips[look].Name().find("ook") != std::string::npos ? look + 1 : 0;
    applied_base_ = applied_lean_ = applied_look_ = -1;
    return true;
  }

  void Update(float dt) override {
    const anim::Skeleton& skeleton = model_->skeleton;
    if (base_clip_ != applied_base_) {
      playback_.Start(&model_->clips[base_clip_]);
      applied_base_ = base_clip_;
    }
    if (lean_clip_ != applied_lean_) {
      lean_layer_.Set(skeleton, &model_->clips[lean_clip_]);
      applied_lean_ = lean_clip_;
    }
    if (look_clip_ != applied_look_) {
      look_layer_.Set(skeleton, look_clip_ > 0 ? &model_->clips[look_clip_ - 1] : nullptr);
      applied_look_ = look_clip_;
    }
    pose_ = skeleton.RestPose();
    playback_.Advance(dt, pose_);
    lean_layer_.Apply(skeleton, lean_, lean_weight_, pose_);
    look_layer_.Apply(skeleton, look_, look_weight_, pose_);
  }

  const anim::Pose& CurrentPose() const override { return pose_; }

 private:
  const anim::Model* model_ = nullptr;
  anim::Pose pose_;
  anim::Playback playback_;
  AdditiveLayer lean_layer_, look_layer_;
  int base_clip_ = 0, lean_clip_ = 0, look_clip_ = 0;
  int applied_base_ = -1, applied_lean_ = -1, applied_look_ = -1;
  float lean_ = 1.0f, lean_weight_ = 1.0f, look_ = 0.0f, look_weight_ = 1.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeAdditiveSample() { return std::make_unique<AdditiveSample>(); }

}  // namespace samples
