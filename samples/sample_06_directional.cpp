// 06 Directional: a 2D blend space over (direction, speed), filled from the
// default character's few clips: Idle, Walk, Run, the additive Lean_Left,
// and mirrored copies for the right side.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "anim/blending/additive.h"
#include "anim/blending/mirror.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/clips/clock.h"
#include "anim/clips/root_motion.h"
#include "anim/compression/playback.h"
#include "anim/control/blend_space_2d.h"
#include "samples/clip_roles.h"
#include "samples/clip_speed.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

namespace {

enum Gait { kGaitIdle, kGaitWalk, kGaitRun };
enum Side { kLeft = -1, kCentre = 0, kRight = 1 };

// One point of the blend space: a gait, leaned left (the additive lean
// clip), straight, or leaned right (the left version, mirrored).
struct Variant {
  Gait gait;
  Side side;
};

// Grid mode needs every (direction, gait) combination; the triangulated
// mode uses the first seven (Idle only at the centre), so Idle
// blends into every walking direction through the triangles fanning out
// from it.
constexpr std::array<Variant, 9> kVariants = {{
    {kGaitIdle, kCentre},
    {kGaitWalk, kCentre},
    {kGaitRun, kCentre},
    {kGaitWalk, kLeft},
    {kGaitWalk, kRight},
    {kGaitRun, kLeft},
    {kGaitRun, kRight},
    {kGaitIdle, kLeft},
    {kGaitIdle, kRight},
}};
constexpr int kTriangulatedCount = 7;  // the first seven variants
constexpr int kGridCount = 9;

const char* GaitName(Gait g) { return g == kGaitIdle ? "Idle" : g == kGaitWalk ? "Walk" : "Run"; }

class DirectionalSample : public Sample {
 public:
  DirectionalSample() : Sample("06 Directional", ExplanationText()) { DeclareParams(3.5f); }

  static std::string ExplanationText() {
    return "A 2D blend space places clips at points of a plane, here (direction, speed): left "
           "-1, straight 0, right 1 across, ground speed in m/s up. For the point chosen on the "
           "pad, "
           "the weights come from the triangle of clip points around it (its barycentric "
           "coordinates: three weights, summing to 1, that rebuild the point from the corners) or, "
           "in grid mode, from the grid cell around it (bilinear weights of its four corners). The "
           "left-leaning clips are Walk and Run with the additive lean added; the right ones are "
           "the "
           "left ones mirrored left for right, half a cycle later so the same foot is down. All "
           "locomotion clips advance by the same fraction of their cycle, over a cycle length that "
           "is the weighted average of their durations. Source: Jason Gregory, Game Engine "
           "Architecture, the animation chapter.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const std::vector<int> full = FullBodyClips(model);
    if (full.empty()) {
      *error = NeedsMessage("idle, walk and run clips", model, AllClips(model));
      return false;
    }
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    const int idle = FindClipWithRole(model, anim::ClipRole::kIdle, {"idle"});
    clip_[kGaitIdle] = idle >= 0 ? idle : FindClipForRole(model, {"idle"}, full[0]);
    clip_[kGaitWalk] = FindClipForRole(model, {"walk", "walking"}, full[0]);
    clip_[kGaitRun] =
        FindClipForRole(model, {"run", "running"}, FirstOtherThan(full, clip_[kGaitWalk]));
    lean_clip_ = FindClipForRole(model, {"lean_left", "lean"}, -1);
    if (lean_clip_ >= 0 && !IsAdditiveClip(model, lean_clip_)) lean_clip_ = -1;
    speed_of_[kGaitIdle] = 0.0f;
    speed_of_[kGaitWalk] = LocomotionSpeed(model, clip_[kGaitWalk]);
    speed_of_[kGaitRun] = clip_[kGaitRun] >= 0 ? LocomotionSpeed(model, clip_[kGaitRun]) : 0.0f;
    // Without two distinct clips that travel, slower then faster, there is
    // no speed axis: the walk slot's clip plays alone.
    alone_ = clip_[kGaitRun] < 0 || clip_[kGaitRun] == clip_[kGaitWalk] ||
             clip_[kGaitIdle] == clip_[kGaitWalk] || clip_[kGaitIdle] == clip_[kGaitRun] ||
             !(speed_of_[kGaitWalk] > 0.0f) || !(speed_of_[kGaitRun] > speed_of_[kGaitWalk]);
    notice_.clear();
    if (alone_) {
      std::vector<int> moving;
      for (int c : full) {
        if (LocomotionSpeed(model, c) > 0.0f) moving.push_back(c);
      }
      notice_ = NeedsMessage(
                    "an idle and two locomotion clips (a walk and a run: clips whose feet "
                    "move over the ground, the run faster)",
                    model, moving.size() >= 2 ? full : AllClips(model)) +
                ". It plays " + model.clips[clip_[kGaitWalk]].Name() + " alone.";
      clip_ = {clip_[kGaitWalk], clip_[kGaitWalk], clip_[kGaitWalk]};
      speed_of_ = {0.0f, 1.0f, 2.0f};  // a pad to show, with nothing to blend
    }
    DeclareParams(speed_of_[kGaitRun]);
    direction_ = 0.0f;
    speed_ = speed_of_[kGaitWalk];

    mirror_error_.clear();
    has_mirror_ = BuildSideMirror(skeleton, &mirror_, &mirror_error_);
    if (lean_clip_ >= 0) {
      lean_base_ = anim::MakeAdditivePose(skeleton, model.clips[lean_clip_]);
      lean_full_.CopyFrom(skeleton.RestPose());
      const anim::Clip& lean = model.clips[lean_clip_];
      lean.Sample(lean_full_, lean.EndTime(), anim::LoopMode::kClamp);
    }

    std::array<glm::vec2, kGridCount> points;
    for (int i = 0; i < kGridCount; ++i) {
      points[i] = {static_cast<float>(kVariants[i].side), speed_of_[kVariants[i].gait]};
    }
    std::string why;
    if (!triangulated_.Build(std::span(points).first(kTriangulatedCount), &why) ||
        !grid_.BuildGrid(points, &why)) {
      *error = "cannot build the blend space: " + why;
      return false;
    }
    for (anim::SoaPose& p : variant_pose_) p.CopyFrom(skeleton.RestPose());
    pose_.CopyFrom(skeleton.RestPose());
    solo_.Start(&model.clips[clip_[kGaitWalk]]);
    weights_.fill(0.0f);
    phase_.Reset(0.0f);
    idle_ = anim::ClipClock(0.0, std::max(model.clips[clip_[kGaitIdle]].Duration(), 1e-3f),
                            anim::LoopMode::kLoop);
    return true;
  }

  void Update(float dt) override {
    if (!std::isfinite(dt) || dt < 0.0f) dt = 0.0f;
    if (alone_) {
      pose_.CopyFrom(model_->skeleton.RestPose());
      solo_.Advance(dt, pose_);
      return;
    }
    const anim::BlendSpace2D& space = Space();
    const int count = space.PointCount();
    const glm::vec2 p(direction_, speed_);
    space.Weights(p, std::span(weights_).first(count));

    // Synchronisation for N clips: one shared phase over the weighted cycle length
    // bl = sum(w_i * l_i), taken over the locomotion clips only (an idle is
    // no cycle to keep in step; it runs on its own clock).
    std::array<float, kGridCount> lengths{};
    for (int i = 0; i < count; ++i) {
      if (kVariants[i].gait != kGaitIdle)
        lengths[i] = model_->clips[clip_[kVariants[i].gait]].Duration();
    }
    cycle_length_ =
        anim::BlendedCycleLength(std::span(lengths).first(count), std::span(weights_).first(count));
    if (!(cycle_length_ > 0.0f)) cycle_length_ = model_->clips[clip_[kGaitWalk]].Duration();
    phase_.Advance(dt, cycle_length_);
    idle_.Advance(dt, 1.0);

    std::array<anim::SoaBlendLayer, kGridCount> layers{};
    int used = 0;
    for (int i = 0; i < count; ++i) {
      if (weights_[i] <= 1e-5f) continue;
      EvaluateVariant(kVariants[i], variant_pose_[i]);
      layers[used++] = {&variant_pose_[i], weights_[i], {}};
    }
    anim::BlendLayers(pose_, std::span<const anim::SoaBlendLayer>(layers.data(), used),
                      model_->skeleton.RestPose(), 0.0f);
  }

  const anim::SoaPose& CurrentPose() const override { return pose_; }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    ImGui::Separator();
    if (alone_) return;
    DrawPad();
    ImGui::Text("phase %.2f, blended cycle %.3f s", phase_.Phase(), cycle_length_);
    const auto speed = [](float metres_per_second) {
      char text[32];
      std::snprintf(text, sizeof text, "%.2f m/s", metres_per_second);
      return std::string(text);
    };
    const std::string walk = speed(speed_of_[kGaitWalk]), run = speed(speed_of_[kGaitRun]);
    WrappedText("clips: Idle '" + model_->clips[clip_[kGaitIdle]].Name() + "', Walk '" +
                model_->clips[clip_[kGaitWalk]].Name() + "' at " + walk + ", Run '" +
                model_->clips[clip_[kGaitRun]].Name() + "' at " + run + ", lean '" +
                (lean_clip_ >= 0 ? model_->clips[lean_clip_].Name() : std::string("none")) + "'");
    if (lean_clip_ < 0) WrappedText("No lean clip: left and right differ only by mirroring.");
    if (!has_mirror_) {
      WrappedText("No mirror (" + mirror_error_ + "): the right side repeats the left.");
    }
  }

 private:
  void DeclareParams(float run_speed) {
    // Re-declared when a model loads, since the speed range is its run speed.
    params_ = ParamList();
    params_.AddFloat("direction", &direction_, -1.0f, 1.0f, "-1 leans into a left turn, +1 right");
    speed_ = std::clamp(speed_, 0.0f, run_speed);
    params_.AddFloat("speed", &speed_, 0.0f, run_speed,
                     "ground speed in m/s: Idle at 0, Walk and Run at their own speeds");
    params_.AddChoice(
        "mode", &mode_, {"triangulated", "grid"},
        "Delaunay triangles with barycentric weights, or a grid with bilinear weights");
    params_.AddFloat("lean_amount", &lean_amount_, 0.0f, 1.0f,
                     "weight of the additive lean in the side clips");
    params_.AddFloat(
        "mirror_phase", &mirror_offset_, 0.0f, 1.0f,
        "phase shift of the mirrored clips: a mirrored step is the other foot's, half a cycle on");
  }

  const anim::BlendSpace2D& Space() const { return mode_ == 1 ? grid_ : triangulated_; }

  // The variant's pose at the current phase: gait clip, plus lean, mirrored
  // for the right side. A right-leaning walk is the left-leaning walk
  // mirrored, sampled half a cycle on so its feet match the straight walk's.
  void EvaluateVariant(const Variant& v, anim::SoaPose& out) const {
    const anim::Skeleton& skeleton = model_->skeleton;
    const anim::Clip& clip = model_->clips[clip_[v.gait]];
    const bool mirrored = v.side == kRight && has_mirror_;
    const float phase = phase_.Shifted(mirrored ? mirror_offset_ : 0.0f);
    // The idle on its own clock (from the clip's start), the gaits at the shared phase.
    const float time = v.gait == kGaitIdle ? clip.StartTime() + static_cast<float>(idle_.Time())
                                           : clip.TimeAtPhase(phase);
    out.CopyFrom(skeleton.RestPose());
    clip.Sample(out, time, anim::LoopMode::kLoop);
    if (v.side != kCentre && lean_clip_ >= 0)
      anim::Add(out, out, lean_full_, lean_base_, lean_amount_);
    if (mirrored) anim::MirrorPose(mirror_, skeleton.Parents(), out, out);
  }

  std::string PointLabel(int i) const {
    const Variant& v = kVariants[i];
    return std::string(GaitName(v.gait)) + (v.side == kLeft ? " L" : v.side == kRight ? " R" : "");
  }

  // The pad: x is direction (-1..1), y speed (0 at the bottom). Shows the
  // points with their names and current weights, the triangulation or the
  // grid, and the parameter point, which can be dragged.
  void DrawPad() {
    const anim::BlendSpace2D& space = Space();
    // In font units (13 pixels at UI scale 1), so the pad scales with the UI.
    const float unit = ImGui::GetFontSize() / 13.0f;
    const float width = std::max(ImGui::GetContentRegionAvail().x, 200.0f * unit);
    // Short enough that the readouts below stay above the fold at 1280x720.
    const ImVec2 size(width, std::min(width * 0.6f, 210.0f * unit));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("direction_speed_pad", size);
    ui_probe::Pad("direction_speed_pad");
    const float margin_x = 44.0f, margin_top = 30.0f, margin_bottom = 30.0f;
    const float run = speed_of_[kGaitRun];
    const auto to_screen = [&](glm::vec2 q) {
      return ImVec2(
          origin.x + margin_x + (q.x + 1.0f) * 0.5f * (size.x - 2.0f * margin_x),
          origin.y + margin_top + (1.0f - q.y / run) * (size.y - margin_top - margin_bottom));
    };
    if (ImGui::IsItemActive()) {
      const ImVec2 m = ImGui::GetIO().MousePos;
      direction_ = std::clamp(
          (m.x - origin.x - margin_x) / (size.x - 2.0f * margin_x) * 2.0f - 1.0f, -1.0f, 1.0f);
      speed_ = std::clamp(
          (1.0f - (m.y - origin.y - margin_top) / (size.y - margin_top - margin_bottom)) * run,
          0.0f, run);
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                        IM_COL32(30, 32, 38, 255), 4.0f);
    // Edges: the triangulation's or the grid's.
    for (const auto& e : space.Edges()) {
      draw->AddLine(to_screen(space.Point(e[0])), to_screen(space.Point(e[1])),
                    IM_COL32(110, 120, 140, 255), 1.5f);
    }
    // Axis labels.
    draw->AddText(ImVec2(origin.x + 4, origin.y + size.y - 18), IM_COL32(170, 170, 170, 255),
                  "left");
    draw->AddText(ImVec2(origin.x + size.x - 38, origin.y + size.y - 18),
                  IM_COL32(170, 170, 170, 255), "right");
    char text[64];
    std::snprintf(text, sizeof text, "%.1f m/s", run);
    draw->AddText(ImVec2(origin.x + 4, origin.y + 3), IM_COL32(170, 170, 170, 255), text);
    // Points: a dot that fills with the weight, the name, and a weight bar.
    for (int i = 0; i < space.PointCount(); ++i) {
      const ImVec2 c = to_screen(space.Point(i));
      const float w = weights_[i];
      draw->AddCircleFilled(c, 5.0f + 7.0f * w,
                            w > 0.0f ? IM_COL32(255, 170, 60, 255) : IM_COL32(200, 200, 210, 255));
      const std::string label = PointLabel(i);
      const ImVec2 text_size = ImGui::CalcTextSize(label.c_str());
      const float below = space.Point(i).y <= 0.0f ? -text_size.y - 16.0f : 8.0f;
      const ImVec2 at(c.x - text_size.x * 0.5f, c.y + below);
      draw->AddText(at, IM_COL32(235, 235, 235, 255), label.c_str());
      if (w > 0.0f) {
        std::snprintf(text, sizeof text, "%.2f", w);
        const ImVec2 bar(at.x, at.y + text_size.y + 1.0f);
        draw->AddRectFilled(bar, ImVec2(bar.x + 40.0f * w, bar.y + 4.0f),
                            IM_COL32(255, 170, 60, 255));
        draw->AddText(ImVec2(c.x + 12.0f, c.y - text_size.y - 4.0f), IM_COL32(255, 200, 120, 255),
                      text);
      }
    }
    // The parameter point.
    const ImVec2 here = to_screen({direction_, speed_});
    draw->AddCircle(here, 9.0f, IM_COL32(80, 220, 255, 255), 20, 2.5f);
    draw->AddLine(ImVec2(here.x - 13, here.y), ImVec2(here.x + 13, here.y),
                  IM_COL32(80, 220, 255, 255), 1.5f);
    draw->AddLine(ImVec2(here.x, here.y - 13), ImVec2(here.x, here.y + 13),
                  IM_COL32(80, 220, 255, 255), 1.5f);
  }

  const anim::Model* model_ = nullptr;
  std::array<int, 3> clip_{0, 0, 0};
  std::array<float, 3> speed_of_{0.0f, 1.4f, 3.5f};
  int lean_clip_ = -1;
  bool alone_ = false;  // no speed axis on this model: solo_ plays instead
  anim::Playback solo_;
  anim::SoaPose lean_base_, lean_full_;
  anim::MirrorMap mirror_;
  bool has_mirror_ = false;
  std::string mirror_error_;
  anim::BlendSpace2D triangulated_, grid_;
  std::array<anim::SoaPose, kGridCount> variant_pose_;
  std::array<float, kGridCount> weights_{};
  anim::SoaPose pose_;
  anim::SyncedPhase phase_;  // the locomotion clips' shared phase
  anim::ClipClock idle_;     // the idle runs on its own clock
  float cycle_length_ = 0.0f;
  float direction_ = 0.0f, speed_ = 1.4f;
  int mode_ = 0;
  float lean_amount_ = 1.0f;
  float mirror_offset_ = 0.5f;
};

}  // namespace

std::unique_ptr<Sample> MakeDirectionalSample() { return std::make_unique<DirectionalSample>(); }

}  // namespace samples
