// 18 Retargeting: another character's clip played on this one. The source
// plays its clip (drawn beside the character as a skeleton, scaled by the
// translation scale k); each frame a RetargetJob turns its pose into the
// character's, with the optional IK pass pinning the feet (and hands). The
// panel reads both rest poses, lists and edits the joint mapping, saves it
// beside the model, and measures how far each foot is from where the source
// puts it with and without the IK pass (the legs without it drawn over the
// character).
#include <cstdio>
#include <filesystem>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"
#include "anim/retarget/retargeted_playback.h"
#include "import/retarget_mapping_file.h"
#include "model/retarget_props.h"
#include "samples/clip_roles.h"
#include "samples/playback_timeline.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {
namespace {

const glm::vec4 kMappedBone{0.35f, 0.85f, 1.0f, 1.0f};
const glm::vec4 kUnusedBone{0.55f, 0.55f, 0.6f, 0.8f};
const glm::vec4 kLegWithoutIk{1.0f, 0.55f, 0.15f, 1.0f};

glm::vec3 PositionOf(const glm::mat4& m) { return glm::vec3(m[3]); }

class RetargetingSample : public Sample {
 public:
  RetargetingSample() : Sample("18 Retargeting", ExplanationText()) {
    params_.AddChoice("clip", &clip_, {"(none)"}, "the source's clip to play on the character");
    params_.AddFloat("phase", &phase_, 0.0f, 1.0f, "scrub: normalised time in the clip");
    params_.AddBool("pin_feet", &pin_feet_,
                    "IK pass: each foot to where the source's foot is, scaled by k");
    params_.AddBool("pin_hands", &pin_hands_, "IK pass: each hand to where the source's hand is");
    params_.AddChoice("reference", &reference_, {"match", "rest", "frame"},
                      "match: the character's rest turned onto the source's bones; rest: each "
                      "rest pose as it is; frame: the source at reference_phase of its clip "
                      "stands for the character's rest pose as it is (a frame in the "
                      "character's T-pose, say)");
    params_.AddFloat("reference_phase", &reference_phase_, 0.0f, 1.0f,
                     "with reference = frame: where in the source's clip its reference is");
    params_.AddBool("show_reference", &show_reference_,
                    "hold both at their reference poses instead of playing");
    params_.AddBool("without_ik", &without_ik_,
                    "draw the legs as they are without the IK pass (orange)");
    params_.AddChoice("map_joint", &map_joint_, {"(none)"}, "the character's joint to map");
    params_.AddChoice("map_source", &map_source_, {"(none)"},
                      "the source joint that drives it ((none): keeps its rest pose)");
    params_.AddTrigger("save_mapping", &save_mapping_, 0,
                       "write the mapping beside the model as <name>.retarget.json (with "
                       "another file's clips loaded)");
  }

  static std::string ExplanationText() {
    return "Retargeting plays a clip made for one skeleton (the source, drawn beside) on another. "
           "Each "
           "joint is paired with a source joint by its name, read in each tool's convention "
           "(Mixamo's LeftUpLeg and Blender's thigh.L are both the left upper leg). Joint axes "
           "differ from rig to rig, so rotations are not copied: in model space, each joint "
           "turns by the rotation its source turns by away from the source's reference pose, "
           "Qt = Qs x inverse(Qs_ref) x Qt_ref, and is then written under its own parent. With "
           "reference = match, the character's rest pose is first turned bone by bone to point "
           "where the source's bones point, so a source in an A-pose does not lift the arms of "
           "a character rigged in a T-pose. The hips travel as the source's, scaled by k, the "
           "character's leg length over the source's; bones keep their own lengths, so where "
           "the legs' proportions differ the feet land elsewhere than the scaled source's and "
           "slide; the IK pass (two-bone IK) puts them there. Sources: three.js, "
           "SkeletonUtils.retargetClip; Unreal Engine, IK Retargeter.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const bool other =
        model.animation_source != nullptr && model.animation_source->model != nullptr;
    const anim::Model& source = other ? *model.animation_source->model : model;
    if (source.clips.empty()) {
      *error = NeedsMessage("a clip to retarget", model, AllClips(model)) +
               " (open another file's clips with --animations FROM.gltf, or drop the file on "
               "the window with Shift held)";
      return false;
    }
    model_ = &model;
    source_ = &source;
    mapping_ = other ? model.animation_source->mapping
                     : anim::AutoMapJoints(source.skeleton, model.skeleton);
    reference_ = other && !model.animation_source->match_reference ? 1 : 0;
    notice_ = other ? std::string()
                    : "No other file's clips are loaded (--animations FROM.gltf, or drop a file "
                      "with Shift held): the model's own clips are retargeted onto itself, which "
                      "gives them back unchanged.";
    params_.SetChoices("clip", ClipNames(source));
    clip_ = FindClipForRole(source, {"walk", "walking"});
    applied_clip_ = -1;
    std::vector<std::string> joints(model.skeleton.JointNames().begin(),
                                    model.skeleton.JointNames().end());
    params_.SetChoices("map_joint", joints);
    std::vector<std::string> sources = {"(none)"};
    sources.insert(sources.end(), source.skeleton.JointNames().begin(),
                   source.skeleton.JointNames().end());
    params_.SetChoices("map_source", sources);
    map_joint_ = applied_map_joint_ = 0;
    map_source_ = applied_map_source_ = mapping_[0] + 1;
    pose_.CopyFrom(model.skeleton.RestPose());
    free_pose_.CopyFrom(model.skeleton.RestPose());
    source_model_.resize(static_cast<std::size_t>(source.skeleton.JointCount()));
    target_model_.resize(static_cast<std::size_t>(model.skeleton.JointCount()));
    free_model_.resize(target_model_.size());
    std::vector<glm::mat4> rest(target_model_.size());
    anim::ComputeModelMatrices(model.skeleton, model.skeleton.RestPose(), rest);
    float low = 0.0f, high = 0.0f;
    for (const glm::mat4& m : rest) {
      low = std::min(low, m[3].y);
      high = std::max(high, m[3].y);
    }
    height_ = std::max(high - low, 1e-3f);
    edit_message_.clear();
    // Both rest poses read once: they do not change while the model is shown.
    rest_poses_ =
        "Rest poses: source " +
        anim::DescribeArmPose(anim::ReadArmPose(source.skeleton, source.skeleton.RestPose())) +
        "; character " +
        anim::DescribeArmPose(anim::ReadArmPose(model.skeleton, model.skeleton.RestPose()));
    return Rebuild(error);
  }

  void Update(float dt) override {
    if (save_mapping_) {
      save_mapping_ = false;
      SaveMapping();
    }
    ApplyMappingEdit();
    if (reference_ != applied_reference_ ||
        (reference_ == 2 &&
         (reference_phase_ != applied_reference_phase_ || clip_ != applied_clip_))) {
      std::string error;
      if (!Rebuild(&error)) edit_message_ = error;
    }
    if (clip_ != applied_clip_) {
      player_.Start(&source_->clips[clip_]);
      applied_clip_ = clip_;
      applied_phase_ = 0.0f;
      worst_off_[0] = worst_off_[1] = 0.0f;
      worst_off_[2] = worst_off_[3] = 0.0f;
    }
    anim::Playback& clock = player_.Clock();
    if (phase_ != applied_phase_) {
      clock.time = clock.clip->TimeAtPhase(phase_);
      dt = 0.0f;
    }
    player_.pin_feet = pin_feet_;
    player_.pin_hands = pin_hands_;
    anim::RetargetJob job{&map_, &player_.SourcePose(), &pose_, &scratch_};
    if (show_reference_) {
      // Both at their references: the source's, retargeted (with the IK
      // pass as chosen), is the character's.
      job.source = &map_.SourceReference();
      job.pin_feet = pin_feet_;
      job.pin_hands = pin_hands_;
      job.Run();
    } else {
      player_.Advance(dt, pose_);
    }
    phase_ = applied_phase_ = clock.NormalizedTime();
    // The same source pose without the IK pass, for the orange legs and the
    // feet's distances.
    job.target = &free_pose_;
    job.pin_feet = job.pin_hands = false;
    job.Run();
    anim::ComputeModelMatrices(source_->skeleton, *job.source, source_model_);
    anim::ComputeModelMatrices(model_->skeleton, pose_, target_model_);
    anim::ComputeModelMatrices(model_->skeleton, free_pose_, free_model_);
    MeasureFeet();
    DrawLines();
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }
  SampleView View() const override {
    SampleView view;
    view.debug_lines = lines_;
    if (model_ != nullptr) {
      std::vector<glm::vec4>& colors = view.joint_colors;
      colors.resize(static_cast<std::size_t>(model_->skeleton.JointCount()));
      for (std::size_t j = 0; j < colors.size() && j < mapping_.size(); ++j) {
        const bool prop = j < map_.Plan().size() && map_.Plan()[j].follows >= 0;
        colors[j] = mapping_[j] >= 0 ? glm::vec4(0.3f, 0.9f, 0.4f, 1.0f)
                    : prop           ? glm::vec4(1.0f, 0.7f, 0.2f, 1.0f)  // props: amber
                                     : kUnusedBone;
      }
    }
    view.timeline = PlaybackTimeline(player_.Clock(), &view.time, &view.length);
    return view;
  }
  void Scrub(float time) override { phase_ = ScrubPhase(player_.Clock(), time); }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    char line[256];
    std::snprintf(line, sizeof line,
                  "Source: %s, drawn beside the character as a skeleton scaled by k = %.3f",
                  std::filesystem::path(source_->source_path).filename().c_str(),
                  static_cast<double>(map_.TranslationScale()));
    WrappedText(line);
    WrappedText(rest_poses_);
    ui_probe::Text("rest poses", rest_poses_);
    std::snprintf(line, sizeof line,
                  "Feet off the source's (scaled) place: left %.1f mm, right %.1f mm without "
                  "the IK pass; %.1f and %.1f mm shown (worst so far %.1f / %.1f mm)",
                  1000.0 * off_[0], 1000.0 * off_[1], 1000.0 * off_[2], 1000.0 * off_[3],
                  1000.0 * std::max(worst_off_[0], worst_off_[1]),
                  1000.0 * std::max(worst_off_[2], worst_off_[3]));
    WrappedText(line);
    ui_probe::Text("feet", line);
    if (!edit_message_.empty()) WrappedText(edit_message_);
    std::string props = props_.empty() ? "Props: none (no unmapped joint carries a rigid mesh "
                                         "away from the joint it hangs under)"
                                       : "Props (unmapped, they follow a mapped joint):";
    for (const anim::RetargetProp& p : props_) {
      props += "\n  " + model_->skeleton.JointName(p.joint) + " follows " +
               model_->skeleton.JointName(p.follows) + " (" + p.why + ")";
    }
    WrappedText(props);
    ui_probe::Text("props", props);
    std::snprintf(line, sizeof line, "Joint mapping: %d of %d joints driven (green)",
                  anim::MappedJointCount(mapping_), model_->skeleton.JointCount());
    if (ImGui::CollapsingHeader(line)) {
      for (int t = 0; t < model_->skeleton.JointCount(); ++t) {
        const int s = mapping_[t];
        ImGui::Text("%s <- %s", model_->skeleton.JointName(t).c_str(),
                    s >= 0 ? source_->skeleton.JointName(s).c_str() : "(rest pose)");
      }
    }
  }

 private:
  // Builds the map for the current mapping and reference; false (keeping
  // the previous map) with the reason when the mapping cannot work.
  bool Rebuild(std::string* error) {
    anim::RetargetMap map;
    const anim::ReferenceMatch match =
        reference_ == 0 ? anim::ReferenceMatch::kMatchSource : anim::ReferenceMatch::kRestPoses;
    // reference = frame: the source's pose at reference_phase of its clip is
    // what the character's rest pose, unturned, corresponds to.
    const anim::SoaPose* source_reference = nullptr;
    if (reference_ == 2) {
      const anim::Clip& clip = source_->clips[clip_];
      reference_pose_.CopyFrom(source_->skeleton.RestPose());
      clip.Sample(reference_pose_, clip.TimeAtPhase(reference_phase_), anim::LoopMode::kClamp);
      source_reference = &reference_pose_;
    }
    if (!map.Build(source_->skeleton, model_->skeleton, mapping_, match, error, source_reference)) {
      return false;
    }
    // Props follow a mapped joint here as in the baked clips: the same
    // choice (model/retarget_props.h), the mapping file's word included.
    std::vector<anim::RetargetProp> props = anim::FindRetargetProps(*model_, map, PropOverrides());
    if (!map.SetProps(anim::PropFollows(props, model_->skeleton.JointCount()), error)) return false;
    props_ = std::move(props);
    applied_reference_phase_ = reference_phase_;
    map_ = std::move(map);
    scratch_.Prepare(map_);
    player_.Prepare(map_);
    applied_reference_ = reference_;
    return true;
  }

  // map_joint picks a joint (map_source then shows its source); a new
  // map_source maps it, taking the source joint from any other joint that
  // had it. A mapping that cannot work is refused and says why.
  void ApplyMappingEdit() {
    if (map_joint_ != applied_map_joint_) {
      applied_map_joint_ = map_joint_;
      map_source_ = applied_map_source_ = mapping_[map_joint_] + 1;
      return;
    }
    if (map_source_ == applied_map_source_) return;
    const anim::JointMapping before = mapping_;
    const int source = map_source_ - 1;
    for (int& other : mapping_) {
      if (source >= 0 && other == source) other = -1;
    }
    mapping_[map_joint_] = source;
    std::string error;
    if (Rebuild(&error)) {
      edit_message_ = model_->skeleton.JointName(map_joint_) + " <- " +
                      (source >= 0 ? source_->skeleton.JointName(source) : "(rest pose)");
    } else {
      mapping_ = before;
      edit_message_ = "Not mapped: " + error;
    }
    map_source_ = applied_map_source_ = mapping_[map_joint_] + 1;
  }

  void SaveMapping() {
    // The mapping file is for another file's clips: onto itself there is
    // nothing to keep (and nothing is written beside the model).
    if (source_ == model_) {
      edit_message_ =
          "Nothing to save: these are the model's own clips (load another file's "
          "with --animations FROM.gltf).";
      return;
    }
    if (model_->source_path.empty()) {
      edit_message_ = "The model has no file to save the mapping beside.";
      return;
    }
    const std::string path = anim::RetargetMappingPathFor(model_->source_path);
    std::string source;
    if (source_ != model_ && !source_->source_path.empty()) {
      std::error_code ec;
      source = std::filesystem::relative(source_->source_path,
                                         std::filesystem::path(path).parent_path(), ec)
                   .string();
      if (ec) source = std::filesystem::absolute(source_->source_path).string();
    }
    std::string error;
    const std::string json = anim::RetargetMappingJson(
        source_->skeleton, model_->skeleton, mapping_, map_.Match(), source, PropOverrides());
    edit_message_ = anim::SaveRetargetMappingFile(path, json, &error) ? "Saved " + path : error;
  }

  // The mapping file's word on props, kept when the mapping is saved again.
  std::span<const anim::PropOverride> PropOverrides() const {
    if (model_->animation_source == nullptr) return {};
    return model_->animation_source->prop_overrides;
  }

  // How far each foot is from Pt_ref + k (Ps - Ps_ref), without the IK pass
  // and as shown.
  void MeasureFeet() {
    const float k = map_.TranslationScale();
    int i = 0;
    for (anim::RetargetLimb which : {anim::RetargetLimb::kLeftLeg, anim::RetargetLimb::kRightLeg}) {
      const anim::RetargetMap::Limb& limb = map_.LimbOf(which);
      off_[i] = off_[i + 2] = 0.0f;
      if (limb.usable) {
        const glm::vec3 goal =
            limb.target_ref_position +
            k * (PositionOf(source_model_[limb.source_end]) - limb.source_ref_position);
        off_[i] = glm::length(PositionOf(free_model_[limb.end]) - goal);
        off_[i + 2] = glm::length(PositionOf(target_model_[limb.end]) - goal);
      }
      worst_off_[i] = std::max(worst_off_[i], off_[i]);
      worst_off_[i + 2] = std::max(worst_off_[i + 2], off_[i + 2]);
      ++i;
    }
  }

  void DrawLines() {
    lines_.clear();
    const float k = map_.TranslationScale();
    // The source beside the character, scaled to its size, on its left.
    const glm::mat4 beside = glm::scale(
        glm::translate(glm::mat4(1.0f), glm::vec3(0.6f * height_, 0.0f, 0.0f)), glm::vec3(k));
    std::vector<bool> used(source_model_.size(), false);
    for (int s : mapping_) {
      if (s >= 0) used[s] = true;
    }
    const anim::Skeleton& source = source_->skeleton;
    for (int j = 0; j < source.JointCount(); ++j) {
      const int p = source.Parent(j);
      if (p < 0) continue;
      lines_.push_back({glm::vec3(beside * source_model_[p][3]),
                        glm::vec3(beside * source_model_[j][3]),
                        used[j] ? kMappedBone : kUnusedBone});
    }
    if (!without_ik_) return;
    for (anim::RetargetLimb which : {anim::RetargetLimb::kLeftLeg, anim::RetargetLimb::kRightLeg}) {
      const anim::RetargetMap::Limb& limb = map_.LimbOf(which);
      if (!limb.usable) continue;
      lines_.push_back(
          {PositionOf(free_model_[limb.start]), PositionOf(free_model_[limb.mid]), kLegWithoutIk});
      lines_.push_back(
          {PositionOf(free_model_[limb.mid]), PositionOf(free_model_[limb.end]), kLegWithoutIk});
    }
  }

  const anim::Model* model_ = nullptr;
  const anim::Model* source_ = nullptr;
  anim::JointMapping mapping_;
  anim::RetargetMap map_;
  std::vector<anim::RetargetProp> props_;  // the map's props, with why each follows its joint
  anim::RetargetScratch scratch_;
  anim::RetargetedPlayback player_;  // the source clip, shown on the character
  anim::SoaPose pose_, free_pose_, reference_pose_;
  std::vector<glm::mat4> source_model_, target_model_, free_model_;
  std::vector<DebugLine> lines_;
  float height_ = 1.0f;
  float off_[4] = {0, 0, 0, 0};        // left, right without IK; left, right shown
  float worst_off_[4] = {0, 0, 0, 0};  // the same, worst since the clip started
  std::string edit_message_;
  std::string rest_poses_;  // both rest poses read (T-pose, A-pose...), made by Load
  int clip_ = 0, applied_clip_ = -1;
  float phase_ = 0.0f, applied_phase_ = -1.0f;
  bool pin_feet_ = true;
  bool pin_hands_ = false;
  int reference_ = 0, applied_reference_ = -1;
  float reference_phase_ = 0.0f, applied_reference_phase_ = -1.0f;
  bool show_reference_ = false;
  bool without_ik_ = true;
  int map_joint_ = 0, applied_map_joint_ = 0;
  int map_source_ = 0, applied_map_source_ = 0;
  bool save_mapping_ = false;
};

}  // namespace

std::unique_ptr<Sample> MakeRetargetingSample() { return std::make_unique<RetargetingSample>(); }

}  // namespace samples
