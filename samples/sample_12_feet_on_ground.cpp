// 12 Feet on uneven ground: the locomotion of 05 (Idle-Walk-Run blend
// space, root motion) walking over a bumpy, sloped ground, with foot IK
// putting each planted foot on the ground that is actually under it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/blending/blending.h"
#include "anim/core/rig_naming.h"
#include "anim/ik/foot_ik.h"
#include "anim/ik/ik_math.h"
#include "anim/offline/joint_height.h"
#include "samples/clip_roles.h"
#include "samples/clip_speed.h"
#include "samples/debug_draw.h"
#include "samples/hover_tooltip.h"
#include "samples/ik_refusal.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"
#include "scene/foot_ik_ground.h"
#include "scene/ground.h"
#include "scene/ground_loader.h"
#include "scene/heightfield_ground.h"

namespace samples {

namespace {

constexpr int kPelvisHistory = 180;  // pelvis offsets plotted, one per update
// A foot counts as planted up to this height of its sole above the
// character's floor and as swinging from the next, in metres; the IK fades
// between them.
constexpr float kPlantedBelow = 0.02f;
constexpr float kLiftedAbove = 0.07f;
constexpr float kPelvisSpeed = 0.4f;  // m/s: how fast the pelvis offset may change

class FeetOnGroundSample : public Sample {
 public:
  FeetOnGroundSample()
      : Sample("12 Feet on uneven ground", ExplanationText()), walk_(MakeLocomotionSample()) {
    // Walking, turning gently, so the character circles over the bumps
    // and both ways across the slope.
    std::string ignored;
    walk_->Params().Set("speed", "1.2", &ignored);
    walk_->Params().Set("turn", "0.25", &ignored);
    own_.AddChoice("foot_ik", &ik_on_, {"off", "on"},
                   "off: the animation as authored, feet on its own flat floor; on: each planted "
                   "foot on the ground under it");
    own_.AddFloat("ik_weight", &weight_, 0.0f, 1.0f,
                  "0: the animated pose, 1: the corrected one; between, a blend");
    own_.AddFloat("slope", &slope_percent_, 0.0f, 40.0f,
                  "the generated ground's slope across the start, in percent (height per length)");
    own_.AddFloat("bumps", &bumps_cm_, 0.0f, 15.0f, "the generated ground's bump height in cm");
    own_.AddBool("show_contacts", &show_contacts_,
                 "with foot_ik on: draw where each foot's ray meets the ground (a ring) and the "
                 "ground's normal there, green for a planted foot, grey for a swinging one");
    RebuildParams();
  }

  static std::string ExplanationText() {
    return "Clips are authored on a flat floor. Foot IK fits them to the ground after blending: "
           "a ray down through each ankle finds the ground's height and normal; the pelvis "
           "lowers so the lower foot can reach; each leg bends (two-bone IK) to stand its ankle "
           "on the ground; each ankle turns its sole onto the normal. A foot's share follows its "
           "contact, so swinging feet keep their path. Sources: ozz-animation's foot_ik; Szauer, "
           "Hands-On C++ Game Animation Programming, ch. 13.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (!walk_->Load(model, error)) return false;
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    units_per_metre_ = UnitsPerMetre(model, &units_read_);
    pelvis_ = anim::ReadRig(skeleton).Find(anim::BodyPart::kHips);
    legs_ready_ = pelvis_ >= 0;
    const int walk_clip = FindClipForRole(model, {"walk", "walking"});
    const std::array<int, 2> ankles{LeftFoot(model), RightFoot(model)};
    for (int i = 0; i < 2; ++i) {
      legs_ready_ = legs_ready_ && anim::ik::LegFromAnkle(skeleton, ankles[i], &legs_[i]) &&
                    anim::IsInHierarchy(skeleton, pelvis_, legs_[i].hip);
      if (legs_ready_ && walk_clip >= 0) {
        legs_[i].ankle_height =
            anim::LowestJointHeight(skeleton, model.clips[walk_clip], ankles[i]);
      }
    }
    legs_notice_ = legs_ready_ ? ""
                               : "this sample needs two legs (hips, LeftUpLeg - LeftLeg - "
                                 "LeftFoot and the same on the right) for foot IK; it walks "
                                 "without it.";
    if (!MakeGround(error)) return false;
    shown_.CopyFrom(skeleton.RestPose());
    marks_.clear();
    marks_.reserve(64);
    lines_.reserve(128);
    history_.fill(0.0f);
    pelvis_offset_ = 0.0f;
    history_next_ = 0;
    RebuildParams();
    ComposeNotice();
    return true;
  }

  void Update(float dt) override {
    if (ground_path_.empty() && (slope_percent_ != made_slope_ || bumps_cm_ != made_bumps_)) {
      std::string error;
      MakeGround(&error);
    }
    walk_->Update(dt);
    ComposeNotice();
    shown_.CopyFrom(walk_->CurrentPose());
    // The character stands on the ground under its root: root motion moves
    // it over X and Z, the ground gives the height.
    const glm::mat4 on_floor = walk_->View().character_world;
    scene::RayHit under;
    if (GroundShown() && ground_.ProbeDown(on_floor[3].x, on_floor[3].z, &under)) {
      height_ = under.point.y;
    }
    world_ = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, height_, 0.0f)) * on_floor;
    PlaceMarks();
    for (auto& r : results_) r = anim::ik::FootIkLegResult{};
    if (legs_ready_) MeasureContacts();
    // A model that cannot walk here plays its clip alone, as it is (the
    // notice says why): the correction waits for the locomotion.
    idle_reason_ = IdleReason();
    if (idle_reason_.empty()) {
      Solve(dt);
    } else {
      pelvis_offset_ = 0.0f;
      problem_.clear();  // no foot IK job this frame
    }
    DrawContacts();
    if (dt > 0.0f) {
      history_[history_next_] = pelvis_offset_ / units_per_metre_ * 100.0f;
      history_next_ = (history_next_ + 1) % kPelvisHistory;
    }
  }

  const anim::SoaPose& CurrentPose() const override { return shown_; }
  SampleView View() const override {
    SampleView view;
    view.character_world = world_;
    view.follow_camera = true;
    view.problem = walk_->View().problem;
    view.ground_marks = marks_;
    view.debug_lines = lines_;
    // No ground under a character that does not stand on it: the scene's
    // grid, sized to the character, shows instead (GroundShown).
    view.ground_mesh = GroundShown() ? &ground_.Drawable() : nullptr;
    view.ground_revision = ground_revision_;
    return view;
  }

  bool LoadGround(const std::string& path, std::string* error) override {
    if (!scene::LoadGroundGltf(path, units_per_metre_, &ground_, error)) {
      ground_message_ = *error;
      return false;
    }
    ground_path_ = path;
    ground_message_ = "ground: " + path;
    ++ground_revision_;
    return true;
  }

  // Foot IK first, so that its controls sit above the fold of a 1280x720
  // window; the locomotion it runs on (05's panel) follows.
  void DrawPanel() override {
    DrawNotice(legs_notice_);
    ImGui::TextUnformatted("Foot IK");
    DrawParamWidgets(own_);
    DrawIkRefusal("foot IK", problem_);
    if (GroundShown()) {
      DrawGroundControls();
    } else {
      const char* why =
          "No uneven ground: this model has no two legs, no locomotion that runs and no head "
          "or walking speed to size a ground to, so the scene's grid shows instead.";
      samples::WrappedText(why);
      ui_probe::Text("ground_message", why);
    }
    ImGui::Separator();
    // Contacts and a pelvis offset are foot IK's readings: without it they
    // would read as a planted foot with no ground under it.
    const std::string status =
        idle_reason_.empty() ? "foot IK running" : "foot IK not running: " + idle_reason_;
    samples::WrappedText(status);
    ui_probe::Text("foot IK status", status);
    if (idle_reason_.empty()) DrawReadings();
    ImGui::Separator();
    ImGui::TextUnformatted("Locomotion (as in 05)");
    walk_->DrawPanel();
  }

 private:
  // The uneven ground is drawn where it can be sized to the character and
  // something stands on it: its units read from a head or a walking speed
  // (UnitsPerMetre), or legs foot IK can read, or a locomotion that walks
  // over it. A character with none of these (three.js's morph-animated
  // Flamingo) would get a ground of 40 units, a guess that sat inside a bird
  // a few hundred units long, with the grid it replaces gone too.
  bool GroundShown() const { return units_read_ || legs_ready_ || walk_->Notice().empty(); }

  // Why foot IK does not run this frame, "" when it does.
  std::string IdleReason() const {
    if (!legs_ready_) return "this model has no two legs it can read (see the note above)";
    if (ik_on_ != 1) return "foot_ik is off";
    if (!walk_->Notice().empty())
      return "the locomotion does not run on this model, so its clip plays in place";
    return "";
  }

  // Each foot's contact and ground, and the pelvis offset over time.
  void DrawReadings() {
    for (int i = 0; i < 2; ++i) {
      const anim::ik::FootIkLegResult& r = results_[i];
      const std::string line =
          std::string(i == 0 ? "left" : "right") + " foot: contact " +
          std::to_string(legs_[i].contact).substr(0, 4) +
          (r.hit ? ", ground slope " +
                       std::to_string(static_cast<int>(std::lround(
                           glm::degrees(std::acos(std::clamp(r.ground.normal.y, -1.0f, 1.0f)))))) +
                       " deg"
                 : ", no ground under it");
      ImGui::TextUnformatted(line.c_str());
      ui_probe::Text(i == 0 ? "left_foot" : "right_foot", line);
    }
    char label[64];
    std::snprintf(label, sizeof label, "pelvis offset %.1f cm",
                  history_[(history_next_ + kPelvisHistory - 1) % kPelvisHistory]);
    ImGui::TextUnformatted(label);
    const float low = std::min(-1.0f, *std::min_element(history_.begin(), history_.end()));
    ImGui::PlotLines("##pelvis_offset", history_.data(), kPelvisHistory, history_next_, nullptr,
                     low, 0.0f, ImVec2(ImGui::GetContentRegionAvail().x, 60.0f));
    ImGui::Text("0 cm at the top, %.0f cm at the bottom", low);
  }

  // This sample's parameters: the locomotion's, then the foot IK's.
  void RebuildParams() {
    params_ = ParamList();
    params_.Adopt(walk_->Params());
    params_.Adopt(own_);
  }

  void ComposeNotice() {
    const std::string& walk = walk_->Notice();
    const std::string composed =
        walk.empty()
            ? legs_notice_
            : walk + " " + (legs_notice_.empty() ? "Foot IK is off until it walks." : legs_notice_);
    if (composed != notice_) notice_ = composed;
  }

  // The ground file given before, else the generated bumpy slope, in this
  // character's units.
  bool MakeGround(std::string* error) {
    if (!ground_path_.empty()) {
      std::string why;
      if (LoadGround(ground_path_, &why)) return true;
      ground_path_.clear();  // it went away: back to the generated ground
    }
    scene::HeightfieldOptions options = scene::BumpySlopedGround(units_per_metre_);
    options.slope_x = slope_percent_ / 100.0f;
    options.bump_height = bumps_cm_ / 100.0f;
    if (!ground_.Set(scene::MakeHeightfieldGround(options), error)) return false;
    made_slope_ = slope_percent_;
    made_bumps_ = bumps_cm_;
    ++ground_revision_;
    return true;
  }

  void DrawGroundControls() {
    ImGui::InputText("ground file", ground_field_.data(), ground_field_.size());
    HoverTooltip(
        "a static glTF mesh (.gltf or .glb, in metres) to walk on instead of the "
        "generated slope");
    ui_probe::Text("ground file", ground_field_.data());
    if (ImGui::Button("Load ground")) LoadGround(ground_field_.data(), &ground_message_);
    ui_probe::Button("Load ground");
    ImGui::SameLine();
    if (ImGui::Button("Generated ground")) {
      ground_path_.clear();
      std::string error;
      MakeGround(&error);
      ground_message_ = "ground: generated bumpy slope";
    }
    ui_probe::Button("Generated ground");
    if (!ground_message_.empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(ground_message_.c_str());
      ImGui::PopTextWrapPos();
      ui_probe::Text("ground_message", ground_message_);
    }
  }

  // 05's footprints, lifted from its flat floor onto the ground.
  void PlaceMarks() {
    marks_.clear();
    for (GroundMark mark : walk_->View().ground_marks) {
      scene::RayHit hit;
      if (ground_.ProbeDown(mark.position.x, mark.position.z, &hit)) mark.position.y = hit.point.y;
      if (static_cast<int>(marks_.size()) < static_cast<int>(marks_.capacity()))
        marks_.push_back(mark);
    }
  }

  // Where each foot's ray met the ground: a ring on the ground about its
  // normal and the normal itself, green for a planted foot fading to grey
  // as it lifts.
  void DrawContacts() {
    lines_.clear();
    if (!show_contacts_) return;
    for (int i = 0; i < 2; ++i) {
      const anim::ik::FootIkLegResult& r = results_[i];
      if (!r.hit) continue;
      const float c = legs_[i].contact;
      const glm::vec4 color =
          glm::mix(glm::vec4(0.6f, 0.6f, 0.6f, 0.8f), glm::vec4(0.2f, 0.95f, 0.3f, 1.0f), c);
      const glm::vec3 at = r.ground.point + r.ground.normal * (0.003f * units_per_metre_);
      AddCircle(lines_, at, r.ground.normal, 0.06f * units_per_metre_, color);
      AddLine(lines_, at, at + r.ground.normal * (0.25f * units_per_metre_), color);
    }
  }

  // Each foot's contact from its sole's height over the animation's floor.
  void MeasureContacts() {
    for (auto& leg : legs_) {
      const float sole =
          anim::ik::IkPose(model_->skeleton, shown_).ModelMatrix(leg.ankle)[3].y - leg.ankle_height;
      leg.contact = anim::ik::FootContactFromHeight(sole, kPlantedBelow * units_per_metre_,
                                                    kLiftedAbove * units_per_metre_);
    }
  }

  void Solve(float dt) {
    anim::ik::FootIkJob job;
    job.legs = legs_;
    job.results = results_;
    job.pelvis = pelvis_;
    job.world = world_;
    job.ground = scene::FootIkGround(ground_);
    job.probe_above = job.probe_below = 0.5f * units_per_metre_;
    job.max_pelvis_drop = 0.35f * units_per_metre_;
    job.soften = 0.97f;  // no snap of the knee near full extension
    job.weight = weight_;
    // The pelvis follows at most kPelvisSpeed from where it was, so it
    // glides instead of dropping as a foot lands.
    job.previous_pelvis_offset = pelvis_offset_;
    job.max_pelvis_step = kPelvisSpeed * units_per_metre_ * std::max(dt, 0.0f);
    anim::ik::IkPose pose(model_->skeleton, shown_);
    const anim::ik::FootIkResult result = anim::ik::SolveFootIk(pose, job);
    pelvis_offset_ = result.pelvis_offset;
    problem_ = result.valid ? std::string() : job.Validate(pose);
  }

  std::unique_ptr<Sample> walk_;  // 05's locomotion: blend space, root motion, footprints
  ParamList own_;                 // the foot IK's parameters
  const anim::Model* model_ = nullptr;
  float units_per_metre_ = 1.0f;

  int ik_on_ = 1;
  float weight_ = 1.0f;
  bool show_contacts_ = true;
  float slope_percent_ = scene::BumpySlopedGround(1.0f).slope_x * 100.0f;
  float bumps_cm_ = scene::BumpySlopedGround(1.0f).bump_height * 100.0f;
  float made_slope_ = -1.0f, made_bumps_ = -1.0f;  // what the generated ground has

  int pelvis_ = -1;
  bool legs_ready_ = false;
  bool units_read_ = false;  // UnitsPerMetre had a head or a speed to go by
  std::string legs_notice_;
  std::string problem_;      // why the last foot IK job was refused, "" when it ran
  std::string idle_reason_;  // why foot IK did not run this frame, "" when it did
  std::array<anim::ik::FootIkLeg, 2> legs_;
  std::array<anim::ik::FootIkLegResult, 2> results_;

  scene::Ground ground_;
  int ground_revision_ = 0;
  std::string ground_path_;     // the loaded file, "" for the generated ground
  std::string ground_message_;  // what the last ground change did
  std::array<char, 512> ground_field_{};

  // What is shown: the walk's pose, which foot IK corrects in place.
  anim::SoaPose shown_;
  glm::mat4 world_{1.0f};
  float height_ = 0.0f;
  float pelvis_offset_ = 0.0f;
  std::vector<GroundMark> marks_;
  DebugLineList lines_;  // contact rings and normals, reserved at Load
  std::array<float, kPelvisHistory> history_{};
  int history_next_ = 0;
};

}  // namespace

std::unique_ptr<Sample> MakeFeetOnGroundSample() { return std::make_unique<FeetOnGroundSample>(); }

}  // namespace samples
