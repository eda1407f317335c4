// 05 Locomotion: a 1D blend space Idle - Walk - Run on speed, the two active
// clips phase-synchronised, root motion carrying the character over the
// ground, and footstep events left as marks where the feet land.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/clips/clip_events.h"
#include "anim/clips/root_motion.h"
#include "anim/compression/playback.h"
#include "anim/control/blend_space_1d.h"
#include "anim/control/synced_blend.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"
#include "samples/clip_roles.h"
#include "samples/clip_speed.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr int kMaxMarks = 48;  // footprints kept on the ground, oldest replaced
// Events from a clip count when its blend weight is above this; the synced
// clips land their feet on the same frame, so one footstep name per frame
// is marked.
constexpr float kEventWeightThreshold = 0.25f;

// The three clips of the space, in axis order.
enum Slot { kIdle, kWalk, kRun, kSlots };

class LocomotionSample : public Sample {
 public:
  LocomotionSample() : Sample("05 Locomotion", ExplanationText()) {
    params_.AddFloat("speed", &target_speed_, 0.0f, 5.0f,
                     "target ground speed in m/s, up to the run clip's: 0 idle, walk and run at "
                     "their clips' speeds");
    params_.BindKeys("speed", 0, 'S', 'W');
    params_.AddFloat(
        "turn", &turn_, -1.0f, 1.0f,
        "steering: -1 full left, 1 full right, 90 degrees/s at walking speed and above, "
        "less when slower, none standing still; holding A or D steers while held");
    params_.AddFloat("acceleration", &acceleration_, 0.5f, 10.0f,
                     "m/s^2 at which the speed follows the target");
    params_.AddBool("synchronized", &synced_,
                    "the two active clips advance by the same fraction of their cycles, so the "
                    "feet stay in step");
    params_.AddBool("root_motion", &root_motion_on_,
                    "move the character by its clips' root motion");
    params_.AddBool("footprints", &footprints_, "mark the ground where footstep events fire");
    params_.AddChoice("idle_clip", &clips_[kIdle], {}, "the clip at speed 0");
    params_.AddChoice("walk_clip", &clips_[kWalk], {}, "the clip at the walk speed");
    params_.AddChoice("run_clip", &clips_[kRun], {}, "the clip at the run speed");
  }

  static std::string ExplanationText() {
    return "A 1D blend space places Idle, Walk and Run on a speed axis at their own ground "
           "speeds. For a speed between two of them, those two clips blend with weights 1 - t and "
           "t, t being how far the speed is from the slower clip's to the faster's (0 to 1); both "
           "advance by the same fraction of their cycle, so the feet stay in step, over a blended "
           "cycle of (1 - t) x L1 + t x L2 seconds (L1, L2: the two clips' durations). Root motion "
           "moves the character over the ground instead of on the spot: these clips walk in place, "
           "so each gets a straight-line motion at its ground speed (given in the file, or "
           "measured "
           "on the planted foot), blended with the same weights. Footstep markers in the clips "
           "fire "
           "once as playback crosses them and leave a mark on the ground (blue left, orange "
           "right). "
           "Source: Jason Gregory, Game Engine Architecture, the animation chapter.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = NeedsMessage("idle, walk and run clips", model, AllClips(model));
      return false;
    }
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    const std::vector<std::string> names = ClipNames(model);
    params_.SetChoices("idle_clip", names);
    params_.SetChoices("walk_clip", names);
    params_.SetChoices("run_clip", names);
    PickClips(model);
    hips_ = anim::ReadRig(skeleton).Find(anim::BodyPart::kHips);
    if (hips_ < 0) hips_ = FindJointForRole(model, {"root"});
    if (hips_ < 0) hips_ = 0;
    left_foot_ = LeftFoot(model);
    right_foot_ = RightFoot(model);
    units_per_metre_ = UnitsPerMetre(model);
    forward_yaw_ = ForwardYaw(model);

    pose_.CopyFrom(skeleton.RestPose());
    blend_.emplace(skeleton);
    model_matrices_.assign(skeleton.JointCount(), glm::mat4(1.0f));
    marks_.clear();
    marks_.reserve(kMaxMarks);
    footsteps_ = 0;
    position_ = glm::vec3(0.0f);
    yaw_ = 0.0f;
    speed_ = 0.0f;
    // Built now, so the speed slider's range (up to the run's speed) holds
    // before any --set.
    Rebuild();
    return true;
  }

  void Update(float dt) override {
    if (clips_ != applied_) Rebuild();
    if (!(dt >= 0.0f) || !std::isfinite(dt)) return;
    if (!space_ready_) {
      // No blend space to run: the walk slot's clip plays alone, in place.
      pose_.CopyFrom(model_->skeleton.RestPose());
      alone_.Advance(dt, pose_);
      return;
    }
    // The speed follows the slider at a bounded acceleration, so a jump of
    // the slider walks through the blend space instead of snapping.
    const float step = acceleration_ * dt;
    speed_ += std::clamp(target_speed_ - speed_, -step, step);
    const anim::BlendSpace1D::Segment segment = space_.Locate(speed_);
    const float t = segment.t;

    // The two clips of the segment share one phase (unless synchronisation
    // is off), each has its root motion taken out (clips whose root
    // travels), and they blend with weight t.
    blend_->Switch(&Clip(segment.a), &Clip(segment.b));
    blend_->SetSynchronized(synced_);
    blend_->SetRootMotion(root_motion_on_ ? &motion_[segment.a] : nullptr,
                          root_motion_on_ ? &motion_[segment.b] : nullptr);
    blend_->Update(dt, t, pose_);

    // Root motion, blended with the same weight as the poses.
    // Positive yaw turns +Z towards +X, the character's left: turning
    // right is negative yaw. Steering turns the path, not the character on
    // the spot: full rate from walking speed up, less below, none standing.
    const float steer = held_steer_ != 0.0f ? held_steer_ : turn_;
    const float moving = std::clamp(speed_ / space_.Position(kWalk), 0.0f, 1.0f);
    yaw_ -= steer * moving * 0.5f * kPi * dt;
    if (root_motion_on_) anim::ApplyMotion(blend_->Motion(), position_, yaw_);

    // Events of both clips, with their weights.
    events_.Clear();
    const anim::SyncedBlend::ClipStep& a = blend_->StepA();
    const anim::SyncedBlend::ClipStep& b = blend_->StepB();
    anim::CollectCrossedEvents(Clip(segment.a), anim::LoopMode::kLoop, a.from, a.delta, 1.0f - t,
                               events_);
    if (segment.b != segment.a) {
      anim::CollectCrossedEvents(Clip(segment.b), anim::LoopMode::kLoop, b.from, b.delta, t,
                                 events_);
    }
    MarkFootsteps();
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }

  SampleView View() const override {
    SampleView view;
    view.character_world = World();
    if (footprints_) view.ground_marks = marks_;
    view.follow_camera = true;
    return view;
  }

  void DrawPanel() override {
    // A and D steer while held: the keys' state, read where ImGui has it,
    // unless a text field has the keyboard (GLFW's key codes for letters are
    // their ASCII codes).
    const ImGuiIO& io = ImGui::GetIO();
    const bool keys = !io.WantTextInput;
    held_steer_ = (keys && io.KeysDown[int{'D'}] ? 1.0f : 0.0f) -
                  (keys && io.KeysDown[int{'A'}] ? 1.0f : 0.0f);
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    DrawHint("Keys: W/S speed up/down; hold A/D to steer left/right.");
    ImGui::Separator();
    if (!space_ready_) return;
    ImGui::Text("speed %.2f m/s (target %.2f)", speed_, target_speed_);
    const anim::BlendSpace1D::Segment segment = space_.Locate(speed_);
    for (int i = 0; i < kSlots; ++i) {
      const float weight = i == segment.a ? (segment.a == segment.b ? 1.0f : 1.0f - segment.t)
                                          : (i == segment.b ? segment.t : 0.0f);
      ImGui::ProgressBar(
          weight, ImVec2(-1, 0),
          (Clip(i).Name() + " @ " + std::to_string(space_.Position(i)).substr(0, 4) + " m/s")
              .c_str());
    }
    ImGui::Text("phase %.2f   position (%.1f, %.1f) m   heading %.0f deg", blend_->Phase(),
                position_.x / units_per_metre_, position_.z / units_per_metre_,
                std::fmod(yaw_ * 180.0f / kPi, 360.0f));
    ImGui::Text("footsteps %d", footsteps_);
  }

 private:
  // Where the character stands and faces.
  glm::mat4 World() const {
    return glm::rotate(glm::translate(glm::mat4(1.0f), position_), yaw_, glm::vec3(0, 1, 0));
  }

  const anim::Clip& Clip(int slot) const { return model_->clips[clips_[slot]]; }

  // Idle, walk and run by name among the full-body clips; failing a name,
  // the idle is a clip that does not travel and walk and run the slowest
  // and fastest that do, so a blend is only offered between distinct clips.
  void PickClips(const anim::Model& model) {
    clip_speed_.clear();
    for (int c = 0; c < static_cast<int>(model.clips.size()); ++c)
      clip_speed_.push_back(LocomotionSpeed(model, c));
    const std::vector<int> full = FullBodyClips(model);
    std::vector<int> moving = MovingClips(), still;
    for (int c : full) {
      if (!(clip_speed_[c] > 0.0f)) still.push_back(c);
    }
    std::sort(moving.begin(), moving.end(),
              [&](int a, int b) { return clip_speed_[a] < clip_speed_[b]; });
    const int first = full.empty() ? 0 : full.front();
    clips_[kIdle] = FindClipForRole(model, {"idle"}, still.empty() ? first : still.front());
    clips_[kWalk] =
        FindClipForRole(model, {"walk", "walking"}, moving.empty() ? first : moving.front());
    clips_[kRun] =
        FindClipForRole(model, {"run", "running"}, moving.empty() ? first : moving.back());
  }

  // The full-body clips that travel (a ground speed above 0).
  std::vector<int> MovingClips() const {
    std::vector<int> moving;
    for (int c : FullBodyClips(*model_)) {
      if (clip_speed_[c] > 0.0f) moving.push_back(c);
    }
    return moving;
  }

  // Positions on the speed axis, root motions: once per choice of clips.
  void Rebuild() {
    applied_ = clips_;
    const anim::Skeleton& skeleton = model_->skeleton;
    std::array<float, kSlots> speeds{};
    for (int i = 0; i < kSlots; ++i) {
      speeds[i] = i == kIdle ? 0.0f : clip_speed_[clips_[i]];
      motion_[i] = anim::RootMotion::FromClip(skeleton, Clip(i), hips_,
                                              speeds[i] * units_per_metre_, forward_yaw_);
    }
    notice_ = SpaceNotice(speeds);
    space_ready_ = notice_.empty() && space_.Build(speeds, &notice_);
    if (space_ready_) {
      params_.SetRange("speed", 0.0f, speeds[kRun]);
    } else {
      alone_.Start(&Clip(kWalk));
    }
    blend_->Start(nullptr, nullptr);  // the clips come with the first Update's segment
  }

  // What keeps the chosen clips from making a speed axis, in plain words.
  std::string SpaceNotice(const std::array<float, kSlots>& speeds) const {
    const std::vector<int> moving = MovingClips();
    const std::string plays = " It plays " + Clip(kWalk).Name() + " alone, in place.";
    if (moving.size() < 2) {
      return NeedsMessage(
                 "two locomotion clips (a walk and a run: clips whose feet move over the "
                 "ground) and an idle",
                 *model_, moving.empty() ? AllClips(*model_) : moving) +
             (moving.empty() ? ", none of which moves its feet over the ground." : ".") + plays;
    }
    for (int i : {kWalk, kRun}) {
      if (!(speeds[i] > 0.0f)) {
        return std::string(i == kWalk ? "walk_clip" : "run_clip") + " (" + Clip(i).Name() +
               ") does not move its feet over the ground, so it has no speed to place it by: pick "
               "a "
               "locomotion clip." +
               plays;
      }
    }
    if (clips_[kWalk] == clips_[kRun]) {
      return "walk_clip and run_clip are the same clip (" + Clip(kWalk).Name() +
             "): pick two different ones to blend between." + plays;
    }
    if (clips_[kIdle] == clips_[kWalk] || clips_[kIdle] == clips_[kRun]) {
      return "idle_clip (" + Clip(kIdle).Name() +
             ") is also the walk or the run: pick a clip that "
             "stands still for speed 0." +
             plays;
    }
    if (!(speeds[kWalk] < speeds[kRun])) {
      char text[200];
      std::snprintf(
          text, sizeof text,
          "the walk (%s, %.2f m/s) must be slower than the run (%s, %.2f m/s): swap them.",
          Clip(kWalk).Name().c_str(), speeds[kWalk], Clip(kRun).Name().c_str(), speeds[kRun]);
      return text + plays;
    }
    return {};
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
        anim::ComputeModelMatrices(model_->skeleton, pose_, model_matrices_);
        matrices_ready = true;
      }
      glm::vec3 at = glm::vec3(World() * model_matrices_[foot][3]);
      at.y = 0.0f;
      const GroundMark mark{
          at, left ? glm::vec4(0.25f, 0.5f, 0.95f, 0.85f) : glm::vec4(0.95f, 0.55f, 0.2f, 0.85f),
          0.09f * units_per_metre_};
      // A ring of kMaxMarks: reserved at Load, so this never allocates.
      if (static_cast<int>(marks_.size()) < kMaxMarks) {
        marks_.push_back(mark);
      } else {
        marks_[footsteps_ % kMaxMarks] = mark;
      }
      ++footsteps_;
    }
  }

  const anim::Model* model_ = nullptr;
  std::array<int, kSlots> clips_{0, 0, 0};
  std::array<int, kSlots> applied_{-1, -1, -1};
  std::vector<float> clip_speed_;  // LocomotionSpeed of every clip, m/s
  std::array<anim::RootMotion, kSlots> motion_;
  anim::BlendSpace1D space_;
  bool space_ready_ = false;
  anim::Playback alone_;  // the walk slot's clip, when there is no blend space
  int hips_ = 0, left_foot_ = -1, right_foot_ = -1;
  float units_per_metre_ = 1.0f;
  float forward_yaw_ = 0.0f;  // where the model faces (ForwardYaw)

  float target_speed_ = 0.0f;
  float speed_ = 0.0f;
  float turn_ = 0.0f;
  float held_steer_ = 0.0f;  // -1 A held, 1 D held, 0 neither: overrides turn_
  float acceleration_ = 2.5f;
  bool synced_ = true;
  bool root_motion_on_ = true;
  bool footprints_ = true;

  std::optional<anim::SyncedBlend> blend_;  // the segment's two clips
  glm::vec3 position_{0.0f};
  float yaw_ = 0.0f;

  anim::SoaPose pose_;
  std::vector<glm::mat4> model_matrices_;
  anim::EventBuffer events_{64};
  std::vector<GroundMark> marks_;
  int footsteps_ = 0;
};

}  // namespace

std::unique_ptr<Sample> MakeLocomotionSample() { return std::make_unique<LocomotionSample>(); }

}  // namespace samples
