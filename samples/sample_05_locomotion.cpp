// 05 Locomotion: a 1D blend space Idle - Walk - Run on speed, the two active
// clips phase-synchronised, root motion carrying the character over the
// ground, and footstep events left as marks where the feet land.
#include <algorithm>
#include <array>
#include <cmath>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/blend_space_1d.h"
#include "anim/blending.h"
#include "anim/clip_events.h"
#include "anim/root_motion.h"
#include "anim/synced_blend.h"
#include "samples/clip_roles.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr int kMaxMarks = 48;  // footprints kept on the ground, oldest replaced
// Events from a clip count when its blend weight is above this (issue 6:
// "from each clip with weight above a threshold"); the synced clips land
// their feet on the same frame, so one footstep name per frame is marked.
constexpr float kEventWeightThreshold = 0.25f;

// The three clips of the space, in axis order.
enum Slot { kIdle, kWalk, kRun, kSlots };

class LocomotionSample : public Sample {
 public:
  LocomotionSample() {
    params_.AddFloat("speed", &target_speed_, 0.0f, 5.0f,
                     "target ground speed in m/s: 0 idle, walk and run at their clips' speeds");
    params_.BindKeys("speed", 0, 'S', 'W');
    params_.AddFloat("turn", &turn_, -1.0f, 1.0f, "turning: -1 full left, 1 full right (90 degrees/s)");
    params_.BindKeys("turn", 0, 'A', 'D');
    params_.AddFloat("acceleration", &acceleration_, 0.5f, 10.0f,
                     "m/s^2 at which the speed follows the target");
    params_.AddBool("synchronized", &synced_, "the two active clips share one normalised time (seed 003)");
    params_.AddBool("root_motion", &root_motion_on_, "move the character by its clips' root motion");
    params_.AddBool("footprints", &footprints_, "mark the ground where footstep events fire");
    params_.AddChoice("idle_clip", &clips_[kIdle], {}, "the clip at speed 0");
    params_.AddChoice("walk_clip", &clips_[kWalk], {}, "the clip at the walk speed");
    params_.AddChoice("run_clip", &clips_[kRun], {}, "the clip at the run speed");
  }

  std::string Title() const override { return "05 Locomotion"; }
  std::string Explanation() const override {
    return "A 1D blend space (seed 001) places Idle, Walk and Run on a speed axis; the two clips "
           "around the current speed blend with weights (1 - t, t) and share one phase over a "
           "cycle of l1*(1-t) + l2*t seconds (seed 003). Root motion moves the character: these "
           "treadmill clips get a straight line at their extras.speed (measured on the feet when "
           "absent), blended like the poses. Footstep text keys fire once as their frame is crossed "
           "(seed 004) and leave a mark (blue left, orange right).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = "this sample needs a model with clips";
      return false;
    }
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    const std::vector<std::string> names = ClipNames(model);
    params_.SetChoices("idle_clip", names);
    params_.SetChoices("walk_clip", names);
    params_.SetChoices("run_clip", names);
    clips_[kIdle] = FindClipForRole(model, {"idle"}, 0);
    clips_[kWalk] = FindClipForRole(model, {"walk", "walking"}, 0);
    clips_[kRun] = FindClipForRole(model, {"run", "running"}, 0);
    hips_ = FindJointForRole(model, {"hips", "pelvis", "root"});
    if (hips_ < 0) hips_ = 0;
    left_foot_ = FindJointForRole(model, {"LeftFoot", "foot_l", "left_foot", "l_foot"});
    right_foot_ = FindJointForRole(model, {"RightFoot", "foot_r", "right_foot", "r_foot"});
    // The character's own units. A clip with extras.speed (m/s) says the
    // model is in metres (the mannequin). Otherwise the head joint's rest
    // height is taken as a 1.8 m adult's (1.58 m, the mannequin's):
    // Woman.gltf, drawn 4.5 units tall, gets about 2.8 units a metre.
    const int head = FindJointForRole(model, {"head"});
    const float head_height = head >= 0 ? skeleton.RestPose().ModelMatrix(head)[3].y : 0.0f;
    bool declares_speed = false;
    for (const anim::Clip& clip : model.clips) declares_speed |= clip.Speed() > 0.0f;
    units_per_metre_ = !declares_speed && head_height > 0.0f ? head_height / 1.58f : 1.0f;

    pose_ = skeleton.RestPose();
    pose_a_ = pose_b_ = pose_;
    model_matrices_.assign(skeleton.JointCount(), glm::mat4(1.0f));
    marks_.clear();
    marks_.reserve(kMaxMarks);
    footsteps_ = 0;
    position_ = glm::vec3(0.0f);
    yaw_ = 0.0f;
    speed_ = 0.0f;
    applied_ = {-1, -1, -1};
    return true;
  }

  void Update(float dt) override {
    if (clips_ != applied_) Rebuild();
    if (!space_ready_ || !(dt >= 0.0f) || !std::isfinite(dt)) return;
    // The speed follows the slider at a bounded acceleration, so a jump of
    // the slider walks through the blend space instead of snapping.
    const float step = acceleration_ * dt;
    speed_ += std::clamp(target_speed_ - speed_, -step, step);
    const anim::BlendSpace1D::Segment segment = space_.Locate(speed_);
    const anim::Clip& a = Clip(segment.a);
    const anim::Clip& b = Clip(segment.b);
    const float t = segment.t;

    // Shared phase: both clips advance by the same normalised time.
    const float from_phase = phase_;
    float phase_a = phase_, phase_b = phase_b_free_;
    double delta_a, delta_b;
    if (synced_) {
      const float cycle = anim::BlendedCycleLength(a.Duration(), b.Duration(), t);
      const float advance = cycle > 0.0f ? dt / cycle : 0.0f;
      phase_ = std::fmod(phase_ + advance, 1.0f);
      delta_a = static_cast<double>(advance) * a.Duration();
      delta_b = static_cast<double>(advance) * b.Duration();
      phase_a = from_phase;
      phase_b = from_phase;
      phase_b_free_ = phase_;
    } else {
      // Each clip at its own speed: the legs drift out of step.
      delta_a = dt;
      delta_b = dt;
      phase_ = std::fmod(phase_ + (a.Duration() > 0.0f ? dt / a.Duration() : 0.0f), 1.0f);
      phase_b_free_ = std::fmod(phase_b_free_ + (b.Duration() > 0.0f ? dt / b.Duration() : 0.0f), 1.0f);
    }
    const float from_a = a.StartTime() + phase_a * a.Duration();
    const float from_b = b.StartTime() + phase_b * b.Duration();

    // Pose: each clip sampled where its clock now is, its root motion taken
    // out (clips whose root travels), then blended.
    pose_a_ = pose_b_ = model_->skeleton.RestPose();
    const float time_a = a.WrapTime(static_cast<float>(from_a + delta_a), anim::LoopMode::kLoop);
    const float time_b = b.WrapTime(static_cast<float>(from_b + delta_b), anim::LoopMode::kLoop);
    a.Sample(pose_a_, time_a);
    b.Sample(pose_b_, time_b);
    if (root_motion_on_) {
      motion_[segment.a].RemoveFromPose(pose_a_, time_a);
      motion_[segment.b].RemoveFromPose(pose_b_, time_b);
    }
    anim::Blend(pose_, pose_a_, pose_b_, t, -1);

    // Root motion, blended with the same weight as the poses.
    // Positive yaw turns +Z towards +X, the character's left: turning
    // right is negative yaw.
    yaw_ -= turn_ * 0.5f * kPi * dt;
    if (root_motion_on_) {
      const anim::MotionDelta motion = anim::BlendMotion(
          motion_[segment.a].Delta(from_a, delta_a, anim::LoopMode::kLoop),
          motion_[segment.b].Delta(from_b, delta_b, anim::LoopMode::kLoop), t);
      anim::ApplyMotion(motion, position_, yaw_);
    }

    // Events of both clips, with their weights.
    events_.Clear();
    anim::CollectCrossedEvents(a, anim::LoopMode::kLoop, from_a, delta_a, 1.0f - t, events_);
    if (segment.b != segment.a) {
      anim::CollectCrossedEvents(b, anim::LoopMode::kLoop, from_b, delta_b, t, events_);
    }
    MarkFootsteps();
  }

  const anim::Pose& CurrentPose() const override { return pose_; }

  glm::mat4 CharacterWorld() const override {
    return glm::rotate(glm::translate(glm::mat4(1.0f), position_), yaw_, glm::vec3(0, 1, 0));
  }
  std::span<const GroundMark> GroundMarks() const override {
    if (!footprints_) return {};
    return marks_;
  }
  bool FollowCamera() const override { return true; }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    ImGui::Separator();
    if (!space_ready_) {
      ImGui::TextWrapped("%s", space_error_.c_str());
      return;
    }
    ImGui::Text("speed %.2f m/s (target %.2f)", speed_, target_speed_);
    const anim::BlendSpace1D::Segment segment = space_.Locate(speed_);
    for (int i = 0; i < kSlots; ++i) {
      const float weight = i == segment.a ? (segment.a == segment.b ? 1.0f : 1.0f - segment.t)
                                          : (i == segment.b ? segment.t : 0.0f);
      ImGui::ProgressBar(weight, ImVec2(-1, 0),
                         (Clip(i).Name() + " @ " + std::to_string(space_.Position(i)).substr(0, 4) +
                          " m/s")
                             .c_str());
    }
    ImGui::Text("phase %.2f   position (%.1f, %.1f) m   heading %.0f deg", phase_,
                position_.x / units_per_metre_, position_.z / units_per_metre_,
                std::fmod(yaw_ * 180.0f / kPi, 360.0f));
    ImGui::Text("footsteps %d", footsteps_);
  }

 private:
  const anim::Clip& Clip(int slot) const { return model_->clips[clips_[slot]]; }

  // Positions on the speed axis, root motions: once per choice of clips.
  void Rebuild() {
    applied_ = clips_;
    const anim::Skeleton& skeleton = model_->skeleton;
    std::array<float, kSlots> speeds{};
    for (int i = 0; i < kSlots; ++i) {
      const anim::Clip& clip = Clip(i);
      float speed = clip.Speed();
      if (!(speed > 0.0f) && i != kIdle && left_foot_ >= 0 && right_foot_ >= 0) {
        // No extras.speed (Woman.gltf): measure the treadmill speed on the feet.
        speed = anim::EstimateGroundSpeed(skeleton, clip, left_foot_, right_foot_,
                                          0.02f * units_per_metre_);
      }
      motion_[i] = anim::RootMotion::FromClip(skeleton, clip, hips_, i == kIdle ? 0.0f : speed);
      speeds[i] = i == kIdle ? 0.0f : speed / units_per_metre_;
    }
    space_ready_ = space_.Build(speeds, &space_error_);
    if (space_ready_ && !(speeds[kIdle] < speeds[kWalk] && speeds[kWalk] < speeds[kRun])) {
      space_ready_ = false;
      space_error_ = "the clips' speeds must increase idle < walk < run (now " +
                     std::to_string(speeds[kIdle]) + ", " + std::to_string(speeds[kWalk]) + ", " +
                     std::to_string(speeds[kRun]) + " m/s)";
    }
    if (!space_ready_) space_error_ = "cannot build the blend space: " + space_error_;
    phase_ = phase_b_free_ = 0.0f;
  }

  // One mark per footstep name per frame, under that foot, from clips with
  // enough weight (both synced clips fire the same step on the same frame).
  void MarkFootsteps() {
    bool left_done = false, right_done = false;
    bool matrices_ready = false;
    for (const anim::FiredEvent& event : events_.Events()) {
      if (event.kind != anim::EventKind::kKey || event.weight < kEventWeightThreshold) continue;
      const bool left = event.name == "footstep_left";
      const bool right = event.name == "footstep_right";
      if ((!left && !right) || (left && left_done) || (right && right_done)) continue;
      const int foot = left ? left_foot_ : right_foot_;
      if (foot < 0) continue;
      (left ? left_done : right_done) = true;
      if (!matrices_ready) {
        pose_.ComputeModelMatrices(model_matrices_);
        matrices_ready = true;
      }
      glm::vec3 at = glm::vec3(CharacterWorld() * model_matrices_[foot][3]);
      at.y = 0.0f;
      const GroundMark mark{at, left ? glm::vec4(0.25f, 0.5f, 0.95f, 0.85f)
                                     : glm::vec4(0.95f, 0.55f, 0.2f, 0.85f),
                            0.09f * units_per_metre_};
      // A ring of kMaxMarks: reserved at Load, so this never allocates.
      if (static_cast<int>(marks_.size()) < kMaxMarks) marks_.push_back(mark);
      else marks_[footsteps_ % kMaxMarks] = mark;
      ++footsteps_;
    }
  }

  const anim::Model* model_ = nullptr;
  std::array<int, kSlots> clips_{0, 0, 0};
  std::array<int, kSlots> applied_{-1, -1, -1};
  std::array<anim::RootMotion, kSlots> motion_;
  anim::BlendSpace1D space_;
  bool space_ready_ = false;
  std::string space_error_;
  int hips_ = 0, left_foot_ = -1, right_foot_ = -1;
  float units_per_metre_ = 1.0f;

  float target_speed_ = 0.0f;
  float speed_ = 0.0f;
  float turn_ = 0.0f;
  float acceleration_ = 2.5f;
  bool synced_ = true;
  bool root_motion_on_ = true;
  bool footprints_ = true;

  float phase_ = 0.0f;         // shared phase (clip a's when not synced)
  float phase_b_free_ = 0.0f;  // clip b's phase when not synced
  glm::vec3 position_{0.0f};
  float yaw_ = 0.0f;

  anim::Pose pose_, pose_a_, pose_b_;
  std::vector<glm::mat4> model_matrices_;
  anim::EventBuffer events_{64};
  std::vector<GroundMark> marks_;
  int footsteps_ = 0;
};

}  // namespace

std::unique_ptr<Sample> MakeLocomotionSample() { return std::make_unique<LocomotionSample>(); }

}  // namespace samples
