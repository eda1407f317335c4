// 19 Motion matching: a character driven from the keyboard (or --set and
// --at), every step picked from its clips by searching a database of
// frames for the one whose pose continues the pose shown and whose
// trajectory follows the one asked for (anim/matching/motion_matcher.h).
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/matching/motion_matcher.h"
#include "samples/clip_roles.h"
#include "samples/clip_speed.h"
#include "samples/foot_lock_legs.h"
#include "samples/graph_driver.h"
#include "samples/matching_panel.h"
#include "samples/motion_clips.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {
namespace {

const glm::vec4 kAsked{0.35f, 0.9f, 0.45f, 1.0f};  // the trajectory asked for
const glm::vec4 kFound{1.0f, 0.62f, 0.2f, 1.0f};   // the playing row's own

enum Controller { kMatching, kGraph };

class MotionMatchingSample : public Sample {
 public:
  MotionMatchingSample()
      : Sample("19 Motion matching",
               "Motion matching plays no blend tree: every 0.1 s it searches all the frames of "
               "the character's clips for the one that best continues the pose shown (where the "
               "feet are and how they and the hips move) while following the trajectory the "
               "player asks for (where the character should be, and face, a third, two thirds "
               "and a whole second ahead, predicted by a critically damped spring). Each frame "
               "is a row of 27 numbers, each group scaled by its spread and weighted; the "
               "search is exact, skipping blocks of rows whose bounding box is already too far. "
               "A better frame starts playing at once, the jump hidden by inertialization. "
               "Green: the trajectory asked for; orange: the playing frame's own. After S. "
               "Clavet, GDC 2016, and D. Holden's open-source Motion-Matching demo (2021).") {
    params_.AddFloat("move_x", &move_.x, -1.0f, 1.0f,
                     "the direction asked for along +X (the character's left at the start); "
                     "the A and D keys while held");
    params_.AddFloat("move_z", &move_.y, -1.0f, 1.0f,
                     "the direction asked for along +Z (ahead at the start); W and S while held");
    params_.AddBool("run", &run_, "ask for the run speed instead of the walk's (Shift while held)");
    params_.AddBool("strafe", &strafe_, "keep facing where the character faces while it moves");
    params_.AddChoice("controller", &controller_, {"motion matching", "locomotion graph (05)"},
                      "what turns the same keys into motion: the search over every frame, or 05's "
                      "blend space Idle - Walk - Run with a steered path; switched live, the "
                      "other starts where the character stands");
    params_.AddBool(
        "mirrored_clips", &mirrored_,
        "add the mirror image of every clip jumped to (a left turn gives a right "
        "one), unless a cycle is its own mirror half a cycle on; rebuilds the database");
    params_.AddBool("foot_lock", &foot_lock_,
                    "hold each planted foot where it came down (two-bone IK) while the "
                    "controller blends or pulls the character under it");
    params_.AddFloat("search_interval", &settings_.search_interval, 0.02f, 1.0f,
                     "seconds between searches");
    params_.AddFloat("transition", &settings_.transition_seconds, 0.0f, 1.0f,
                     "seconds an inertialized switch takes");
    for (int g = 0; g < anim::kFeatureGroupCount; ++g)
      params_.AddFloat("w_" + std::string(anim::kFeatureGroups[static_cast<std::size_t>(g)].name),
                       &weights_[static_cast<std::size_t>(g)], 0.0f, 3.0f,
                       "the weight of this feature group in the search");
  }

  bool Load(const anim::Model& model, std::string* error) override {
    notice_.clear();
    rebuild_problem_.clear();
    if (&model != model_) excluded_.clear();  // names of another model's clips
    model_ = &model;
    MotionOptions options;
    options.mirrored = mirrored_;
    options.excluded = excluded_;
    built_mirrored_ = mirrored_;
    motion_ = MotionOf(model, error, options);
    if (!motion_ && FullBodyClips(model).empty()) {
      *error = NeedsMessage("a full-body clip to match frames of", model, AllClips(model));
      return false;
    }
    if (!motion_) return false;
    // One clip is searched against itself only: it plays, and the panel
    // says what more would give the search a choice.
    int searched = 0;
    for (const anim::MotionClip& c : motion_->clips) searched += c.searchable ? 1 : 0;
    if (searched < 2)
      notice_ = NeedsMessage("an idle and a locomotion clip to choose between", model,
                             motion_->model_clip, "full-body clip");
    if (!anim::ExtractMotionRows(model.skeleton, motion_->clips, motion_->joints, kMotionFrameRate,
                                 &rows_, error))
      return false;
    units_per_metre_ = UnitsPerMetre(model);
    coverage_ = CoverageOf(rows_, units_per_metre_);
    PickSpeeds(model);
    matched_.clear();
    for (const anim::MotionClip& c : motion_->clips) matched_.push_back({c.clip, c.motion, c.mode});
    built_weights_ = {};
    facing_ = 0.0f;
    elapsed_ = 0.0f;
    shown_controller_ = kMatching;
    std::string why;
    graph_ready_ = graph_.Load(model, &why);
    legs_ = FootLockLegs(model.skeleton, motion_->joints);
    lock_settings_ = FootLockSettingsFor(units_per_metre_);
    lock_.Reset();
    shown_pose_ = model.skeleton.RestPose();
    graph_problem_ = graph_ready_ ? graph_.Notice() : why;
    return Rebuild(error);
  }

  void Update(float dt) override {
    if (mirrored_ != built_mirrored_) ReloadMirrored();
    if (weights_ != built_weights_) {
      rebuild_problem_.clear();
      if (!Rebuild(&rebuild_problem_)) built_weights_ = weights_;  // said once, not retried
    }
    glm::vec2 direction = held_ != glm::vec2(0.0f) ? held_ : move_;
    if (glm::length(direction) > 1.0f) direction = glm::normalize(direction);
    const float speed = (run_ || run_held_ ? run_speed_ : walk_speed_) * units_per_metre_;
    // The placement's yaw that turns the model's own forward along the way asked.
    if (!strafe_ && glm::length(direction) > 0.1f)
      facing_ = std::atan2(direction.x, direction.y) - motion_->forward_yaw;
    SwitchController();
    const anim::DesiredMotion desired{direction * speed, facing_};
    if (shown_controller_ == kGraph) {
      graph_.Update(dt, desired, units_per_metre_);
    } else {
      matcher_.Update(dt, desired, settings_);
    }
    elapsed_ += dt;
    LockFeet(dt);
    BuildLines();
  }

  const anim::SoaPose& CurrentPose() const override { return shown_pose_; }

  SampleView View() const override {
    SampleView view;
    const anim::GroundPlacement& p = matcher_.Placement();
    view.character_world =
        shown_controller_ == kGraph
            ? graph_.World()
            : glm::rotate(glm::translate(glm::mat4(1.0f), {p.position.x, 0.0f, p.position.y}),
                          p.yaw, glm::vec3(0, 1, 0));
    view.follow_camera = true;
    view.debug_lines = lines_;
    return view;
  }

  void DrawPanel() override {
    ReadHeldKeys();
    DrawNotice(notice_);
    DrawNotice(rebuild_problem_);
    DrawHint("Keys: hold W/A/S/D to move (world axes), Shift to run.");
    DrawParamWidgets(params_);
    if (controller_ == kGraph) DrawNotice(graph_problem_);
    ImGui::Separator();
    if (shown_controller_ == kGraph) {
      DrawGraphPanel();
    } else {
      DrawJumpedToClips();
      DrawMatchingPanel(*motion_, *db_, matcher_, coverage_, units_per_metre_, elapsed_,
                        candidates_);
    }
  }

 private:
  // The controller's pose, its planted feet held where they came down
  // (foot_lock), as drawn.
  void LockFeet(float dt) {
    shown_pose_.CopyFrom(shown_controller_ == kGraph ? graph_.Pose() : matcher_.Pose());
    if (!foot_lock_ || !legs_) {
      lock_.Reset();
      return;
    }
    anim::ik::IkPose view(model_->skeleton, shown_pose_);
    lock_.Apply(view, *legs_, View().character_world, dt, lock_settings_);
  }

  // Per full-body clip of the model, whether the search may jump to it:
  // unticking one keeps its rows in the database (it plays to its end where
  // reached) but out of the search, as --motion-exclude does; the database
  // is rebuilt where the character stands.
  void DrawJumpedToClips() {
    const bool open = ImGui::CollapsingHeader("Clips the search may jump to");
    ui_probe::Button("clips the search may jump to");
    if (!open) return;
    std::vector<std::string> wanted = excluded_;
    for (std::size_t i = 0; i < motion_->clips.size(); ++i) {
      if (motion_->clips[i].clip !=
          &model_->clips[static_cast<std::size_t>(motion_->model_clip[i])])
        continue;  // a mirror image: it follows its clip
      const std::string& name = motion_->names[i];
      const auto at = std::find(wanted.begin(), wanted.end(), name);
      bool jumped = motion_->clips[i].searchable;
      // A clip its role keeps out (a punch) cannot be ticked here: its role
      // (the Clips section) decides.
      const bool by_role = !jumped && at == wanted.end();
      ImGui::BeginDisabled(by_role);
      if (ImGui::Checkbox(name.c_str(), &jumped)) {
        if (at == wanted.end()) {
          wanted.push_back(name);
        } else {
          wanted.erase(at);
        }
      }
      ImGui::EndDisabled();
      ui_probe::Checkbox("jump_to " + name, jumped);
    }
    if (wanted == excluded_) return;
    const std::vector<std::string> before = excluded_;
    excluded_ = wanted;
    rebuild_problem_.clear();
    if (!Load(*model_, &rebuild_problem_)) {
      excluded_ = before;  // back as it was
      std::string ignored;
      Load(*model_, &ignored);
    }
  }

  // The database again with or without the mirrored clips, the character
  // where it stands; back as it was should that fail.
  void ReloadMirrored() {
    rebuild_problem_.clear();
    if (Load(*model_, &rebuild_problem_)) return;
    mirrored_ = !mirrored_;
    std::string ignored;
    Load(*model_, &ignored);
  }

  // The walk and run speeds asked for: the slowest and fastest locomotion
  // clip's (m/s), else a person's.
  void PickSpeeds(const anim::Model& model) {
    walk_speed_ = 1.4f;
    run_speed_ = 3.5f;
    float slowest = 1e9f, fastest = 0.0f;
    for (int c : motion_->model_clip) {
      const float s = LocomotionSpeed(model, c);
      if (RoleOf(model, c) != anim::ClipRole::kLocomotion || s <= 0.0f) continue;
      slowest = std::min(slowest, s);
      fastest = std::max(fastest, s);
    }
    if (fastest > 0.0f) {
      walk_speed_ = slowest;
      run_speed_ = fastest;
    }
  }

  // A controller chosen live starts where the shown character stands (its
  // pose its own: the two share no playback to blend from). The graph is
  // offered only where 05 runs.
  void SwitchController() {
    const int wanted = controller_ == kGraph && graph_ready_ ? kGraph : kMatching;
    if (wanted == shown_controller_) return;
    if (wanted == kGraph) {
      graph_.Reset(matcher_.Placement());
    } else {
      matcher_.Reset(graph_.Placement());
    }
    shown_controller_ = wanted;
    lock_.Reset();  // the other controller's feet stand elsewhere
  }

  void DrawGraphPanel() {
    const std::string line = "locomotion graph: speed asked " +
                             std::to_string(graph_.Speed()).substr(0, 4) + " m/s, steering " +
                             std::to_string(graph_.Steering()).substr(0, 5) +
                             " (05 cannot strafe, back up or turn on the spot)";
    WrappedText(line);
    ui_probe::Text("playing", line);
  }

  // The database with the current weights, and the matcher over it from
  // where the character is.
  bool Rebuild(std::string* error) {
    auto db = anim::MotionDatabase::Create(rows_.raw, rows_.frames, rows_.ranges, weights_, error);
    if (!db) return false;
    const anim::GroundPlacement placement = db_ ? matcher_.Placement() : anim::GroundPlacement{};
    const int row = db_ ? matcher_.Row() : -1;
    db_.emplace(std::move(*db));
    matcher_ = anim::MotionMatcher(model_->skeleton, *db_, matched_, kMotionFrameRate);
    if (std::string problem = matcher_.Validate(); !problem.empty()) {
      *error = problem;
      return false;
    }
    matcher_.Reset(placement, row);
    built_weights_ = weights_;
    candidates_.search = -1;  // costs of the old weights
    return true;
  }

  // W/A/S/D and Shift while held, where ImGui reads them (GLFW's key codes
  // for letters are their ASCII codes), unless a text field has the keyboard.
  void ReadHeldKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    const bool keys = !io.WantTextInput;
    const auto down = [&](char k) { return keys && io.KeysDown[static_cast<int>(k)]; };
    held_ = {(down('A') ? 1.0f : 0.0f) - (down('D') ? 1.0f : 0.0f),
             (down('W') ? 1.0f : 0.0f) - (down('S') ? 1.0f : 0.0f)};
    run_held_ = keys && io.KeyShift;
  }

  // A trajectory as segments from the character's feet level: positions
  // joined, a short tick along the facing at each.
  void AddTrajectory(const std::array<anim::GroundPlacement, 3>& points, glm::vec4 color) {
    const float lift = 0.02f * units_per_metre_, tick = 0.15f * units_per_metre_;
    glm::vec2 from =
        shown_controller_ == kGraph ? graph_.Placement().position : matcher_.Placement().position;
    for (const anim::GroundPlacement& p : points) {
      const glm::vec3 a(from.x, lift, from.y), b(p.position.x, lift, p.position.y);
      const glm::vec2 f = anim::FacingOf(p.yaw) * tick;
      lines_.push_back({a, b, color});
      lines_.push_back({b, b + glm::vec3(f.x, 0.0f, f.y), color});
      from = p.position;
    }
  }

  void BuildLines() {
    lines_.clear();
    if (shown_controller_ == kGraph) {
      AddTrajectory(graph_.DesiredTrajectory(), kAsked);
      return;
    }
    AddTrajectory(matcher_.DesiredTrajectory(), kAsked);
    // The playing row's trajectory, from its features, placed where the
    // character is.
    std::array<float, anim::kFeatureCount> raw{};
    db_->Denormalise(db_->Row(matcher_.Row()), raw);
    const anim::GroundPlacement& at = matcher_.Placement();
    const int p = anim::GroupSpan(anim::FeatureGroup::kTrajectoryPositions).first;
    const int f = anim::GroupSpan(anim::FeatureGroup::kTrajectoryFacings).first;
    std::array<anim::GroundPlacement, 3> own;
    const float c = std::cos(at.yaw), s = std::sin(at.yaw);
    for (int h = 0; h < 3; ++h) {
      const glm::vec2 local(raw[p + 2 * h], raw[p + 2 * h + 1]);
      own[h].position =
          at.position + glm::vec2(local.x * c + local.y * s, -local.x * s + local.y * c);
      own[h].yaw = at.yaw + std::atan2(raw[f + 2 * h], raw[f + 2 * h + 1]);
    }
    AddTrajectory(own, kFound);
  }

  const anim::Model* model_ = nullptr;
  std::optional<ModelMotion> motion_;
  anim::MotionRows rows_;
  std::optional<anim::MotionDatabase> db_;
  std::vector<anim::MatchedClip> matched_;
  anim::MotionMatcher matcher_;
  anim::MotionMatchingSettings settings_;
  anim::FeatureWeights weights_ = kMatchingWeights;
  anim::FeatureWeights built_weights_{};
  float units_per_metre_ = 1.0f;
  float walk_speed_ = 1.4f, run_speed_ = 3.5f;
  glm::vec2 move_{0.0f}, held_{0.0f};
  bool run_ = false, run_held_ = false, strafe_ = false;
  bool mirrored_ = true, built_mirrored_ = true;
  bool foot_lock_ = true;
  std::vector<std::string> excluded_;  // clips the search may not jump to (by name)
  std::optional<std::array<anim::ik::FootLockLeg, 2>> legs_;
  anim::ik::FootLock lock_;
  anim::ik::FootLockSettings lock_settings_;
  anim::SoaPose shown_pose_;  // the controller's, feet locked
  float facing_ = 0.0f;
  float elapsed_ = 0.0f;
  std::vector<DebugLine> lines_;
  std::string rebuild_problem_;  // why the last weights could not be searched with
  ClipCandidates candidates_;    // the panel's, kept between frames
  MatchingCoverage coverage_;    // of the rows, worked out when they are
  LocomotionGraphDriver graph_;
  bool graph_ready_ = false;
  std::string graph_problem_;         // why 05 cannot run here, or what it lacks
  int controller_ = kMatching;        // the choice
  int shown_controller_ = kMatching;  // the one running
};

}  // namespace

std::unique_ptr<Sample> MakeMotionMatchingSample() {
  return std::make_unique<MotionMatchingSample>();
}

}  // namespace samples
