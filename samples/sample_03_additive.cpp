// 03 Additive: lean and look layers added on top of any base clip.
#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "anim/blending/additive.h"
#include "anim/blending/mirror.h"
#include "anim/blending/soa_additive.h"
#include "anim/compression/playback.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

// One additive layer: a clip whose first frame is its reference pose,
// sampled at a time picked by a "stick" value. With `two_sided`, the stick
// runs -1..1: its size picks the time (0 the first frame, 1 the last) and a
// negative stick mirrors the change left for right, so a lean to the left
// becomes the same lean to the right. Otherwise -1..1 spans the clip.
struct AdditiveLayer {
  const anim::Clip* clip = nullptr;
  anim::SoaPose base, mirrored_base;  // the clip's first frame, and its mirror image
  anim::SoaPose sample;               // the clip at the stick's time

  void Set(const anim::Skeleton& skeleton, const anim::Clip* c, const anim::MirrorMap* mirror) {
    clip = c;
    if (c != nullptr) {
      base = anim::MakeAdditivePose(skeleton, *c);
      if (mirror != nullptr) {
        mirrored_base.CopyFrom(base);
        anim::MirrorPose(*mirror, skeleton.Parents(), base, mirrored_base);
      }
    }
    sample.CopyFrom(skeleton.RestPose());
  }
  void Apply(const anim::Skeleton& skeleton, float stick, bool two_sided,
             const anim::MirrorMap* mirror, float weight, anim::SoaPose& pose) {
    if (clip == nullptr || weight <= 0.0f) return;
    const float at = two_sided ? std::abs(stick) : (stick + 1.0f) * 0.5f;
    sample.CopyFrom(skeleton.RestPose());
    clip->Sample(sample, clip->TimeAtPhase(at), anim::LoopMode::kClamp);
    if (two_sided && stick < 0.0f && mirror != nullptr) {
      anim::MirrorPose(*mirror, skeleton.Parents(), sample, sample);
      anim::Add(pose, pose, sample, mirrored_base, weight);
    } else {
      anim::Add(pose, pose, sample, base, weight);
    }
  }
};

class AdditiveSample : public Sample {
 public:
  AdditiveSample() : Sample("03 Additive", ExplanationText()) {
    params_.AddChoice("base_clip", &base_clip_, {}, "the full-body clip the layers are added on");
    params_.AddChoice("lean_clip", &lean_clip_, {}, "the additive lean clip (none: off)");
    params_.AddFloat("lean", &lean_, -1.0f, 1.0f,
                     "0 upright, 1 the lean clip's full lean (its last frame), -1 the same lean "
                     "mirrored to the other side");
    params_.AddFloat("lean_weight", &lean_weight_, 0.0f, 1.0f, "how much of the lean is added");
    params_.AddChoice("look_clip", &look_clip_, {}, "a second additive layer (none: off)");
    params_.AddFloat("look", &look_, -1.0f, 1.0f,
                     "picks the time in the look clip: -1 its first frame, 1 its last");
    params_.AddFloat("look_weight", &look_weight_, 0.0f, 1.0f, "how much of the look is added");
  }

  static std::string ExplanationText() {
    return "An additive clip stores a change rather than a pose: how far each joint moves away "
           "from the clip's first frame, its reference. Adding it to any base pose applies that "
           "change: result = base + (clip - reference) for positions, and for rotations the "
           "reference's rotation is undone and the clip's applied on top of the base's. So one "
           "lean "
           "bends a walk, a run or an idle alike, and a weight from 0 to 1 scales how much of it "
           "is "
           "added. The lean slider picks how far into the lean clip to look (0 upright, 1 its full "
           "lean); a negative value mirrors the change left for right, so a clip that only leans "
           "left also leans right. Source: Gabor Szauer, Hands-On C++ Game Animation Programming, "
           "ch. 12.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    full_ = FullBodyClips(model);
    additive_ = AdditiveClips(model);
    if (full_.empty()) {
      *error = NeedsMessage("a full-body clip to add layers on", model, AllClips(model));
      return false;
    }
    model_ = &model;
    pose_.CopyFrom(model.skeleton.RestPose());
    std::string why;
    has_mirror_ = BuildSideMirror(model.skeleton, &mirror_, &why);
    std::vector<std::string> names;
    for (int c : full_) names.push_back(model.clips[c].Name());
    params_.SetChoices("base_clip", names);
    names = {"none"};
    for (int c : additive_) names.push_back(model.clips[c].Name());
    params_.SetChoices("lean_clip", names);
    params_.SetChoices("look_clip", names);
    base_clip_ = IndexIn(full_, FindClipForRole(model, {"walk", "walking", "idle"}));
    // Choice 0 is "none"; a role found among the additive clips is 1 + its place.
    const int lean = FindClipForRole(model, {"lean_left", "lean"}, -1);
    lean_clip_ = lean >= 0 && IsAdditiveClip(model, lean) ? 1 + IndexIn(additive_, lean)
                                                          : (additive_.empty() ? 0 : 1);
    const int look = FindClipForRole(model, {"look"}, -1);
    look_clip_ = look >= 0 && IsAdditiveClip(model, look) && look != Clip(lean_clip_)
                     ? 1 + IndexIn(additive_, look)
                     : 0;
    notice_.clear();
    if (additive_.empty()) {
      notice_ = NeedsMessage(
                    "an additive clip (a change, such as a lean, made to add on top of "
                    "another clip)",
                    model, AllClips(model)) +
                ", all full-body. The base clip plays without layers.";
    } else if (!has_mirror_) {
      notice_ =
          "No joint names say left or right (" + why +
          "), so a negative lean cannot be mirrored: it leans the same way as a positive one.";
    }
    applied_base_ = applied_lean_ = applied_look_ = -1;
    return true;
  }

  void Update(float dt) override {
    const anim::Skeleton& skeleton = model_->skeleton;
    const anim::MirrorMap* mirror = has_mirror_ ? &mirror_ : nullptr;
    if (base_clip_ != applied_base_) {
      playback_.Start(&model_->clips[full_[base_clip_]]);
      applied_base_ = base_clip_;
    }
    if (lean_clip_ != applied_lean_) {
      lean_layer_.Set(skeleton, lean_clip_ > 0 ? &model_->clips[Clip(lean_clip_)] : nullptr,
                      mirror);
      applied_lean_ = lean_clip_;
    }
    if (look_clip_ != applied_look_) {
      look_layer_.Set(skeleton, look_clip_ > 0 ? &model_->clips[Clip(look_clip_)] : nullptr,
                      mirror);
      applied_look_ = look_clip_;
    }
    pose_.CopyFrom(skeleton.RestPose());
    playback_.Advance(dt, pose_);
    lean_layer_.Apply(skeleton, lean_, /*two_sided=*/true, mirror, lean_weight_, pose_);
    look_layer_.Apply(skeleton, look_, /*two_sided=*/false, mirror, look_weight_, pose_);
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
  }

 private:
  // The model's clip index of an additive choice (1.. ; 0 is none: -1).
  int Clip(int choice) const { return choice > 0 ? additive_[choice - 1] : -1; }
  static int IndexIn(const std::vector<int>& clips, int clip) {
    const auto it = std::find(clips.begin(), clips.end(), clip);
    return it == clips.end() ? 0 : static_cast<int>(it - clips.begin());
  }

  const anim::Model* model_ = nullptr;
  std::vector<int> full_, additive_;
  anim::MirrorMap mirror_;
  bool has_mirror_ = false;
  anim::SoaPose pose_;
  anim::Playback playback_;
  AdditiveLayer lean_layer_, look_layer_;
  int base_clip_ = 0, lean_clip_ = 0, look_clip_ = 0;
  int applied_base_ = -1, applied_lean_ = -1, applied_look_ = -1;
  float lean_ = 1.0f, lean_weight_ = 1.0f, look_ = 0.0f, look_weight_ = 1.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeAdditiveSample() { return std::make_unique<AdditiveSample>(); }

}  // namespace samples
