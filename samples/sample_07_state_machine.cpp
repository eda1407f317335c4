// 07 State machine: locomotion, jump and an upper-body punch layer, driven by
// keys and buttons, with the state graph and an event log in the panel.
#include <imgui.h>

#include <algorithm>
#include <memory>

#include "anim/blending/additive.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/state_machine.h"
#include "samples/clip_roles.h"
#include "samples/clip_speed.h"
#include "samples/graph_widgets.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

class StateMachineSample : public Sample {
 public:
  StateMachineSample() : Sample("07 State machine", ExplanationText()) {
    params_.AddFloat("speed", &speed_, 0.0f, 4.0f,
                     "locomotion speed in m/s (Idle, Walk, Run blend)");
    params_.BindKeys("speed", 0, 'S', 'W');
    params_.AddTrigger("jump", &jump_, 'J', "jump: locomotion -> Jump, back when the clip ends");
    params_.AddTrigger("punch", &punch_, 'P', "punch on the upper-body layer, over any state");
    params_.AddInt("mask_falloff", &falloff_, 0, 4,
                   "joints over which the punch layer's mask ramps up");
    params_.AddFloat("lean", &lean_, 0.0f, 1.0f, "weight of an additive lean layer on top of both");
  }

  static std::string ExplanationText() {
    return "A state machine picks what the character does: it is in one state at a time "
           "(Locomotion: idle, walk and run blended by speed; Jump: one clip), and a transition "
           "moves it to another when its condition holds (the jump key, or the jump clip nearly "
           "over), cross-fading the two states. Layers stack machines: the punch plays on a second "
           "layer of higher priority through an upper-body mask, so where it has weight the walk's "
           "arm swing does not show while the legs keep walking; an additive lean layer (a change "
           "added on top, not a pose) goes last. The event log lists what fired, such as footsteps "
           "and state changes. Keys: W/S speed, J jump, P punch. Source: Jason Gregory, Game "
           "Engine "
           "Architecture, the animation chapter.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const std::vector<int> full = FullBodyClips(model);
    if (full.empty()) {
      *error = NeedsMessage("idle, walk, run, jump and punch clips", model, AllClips(model));
      return false;
    }
    model_ = &model;
    graph_ = std::make_unique<anim::AnimationGraph>(model.skeleton);
    anim::ParameterSet& p = graph_->Params();
    speed_id_ = p.Add("speed", anim::ParamType::kFloat, speed_);
    jump_id_ = p.Add("jump", anim::ParamType::kTrigger);
    punch_id_ = p.Add("punch", anim::ParamType::kTrigger);
    upper_weight_id_ = p.Add("upper_weight", anim::ParamType::kFloat, 0.0f);
    lean_id_ = p.Add("lean", anim::ParamType::kFloat, lean_);

    const Roles roles = FindRoles(model);
    SayWhatIsLeftOut(model, roles);
    params_.SetRange("speed", 0.0f, roles.blends ? std::max(4.0f, roles.run_speed) : 4.0f);
    anim::Node* locomotion = AddLocomotion(model, roles, full[0], error);
    if (locomotion == nullptr) return false;
    AddBaseLayer(model, roles, locomotion);
    AddUpperLayer(model, roles);
    AddLeanLayer(model, roles);
    for (const auto* sm : {base_, upper_}) {
      if (sm == nullptr) continue;
      const std::string problem = sm->Validate(p);
      if (!problem.empty()) {
        *error = problem;
        return false;
      }
    }
    spine_ = FindJointForRole(model, {"Spine1", "Spine", "spine"});
    applied_falloff_ = -1;
    log_.Clear();
    time_ = 0.0;
    return true;
  }

  void Update(float dt) override {
    if (falloff_ != applied_falloff_) RebuildLayers();
    anim::ParameterSet& p = graph_->Params();
    p.Set(speed_id_, speed_);
    p.Set(lean_id_, lean_);
    if (jump_) p.Fire(jump_id_);
    if (punch_) p.Fire(punch_id_);
    jump_ = punch_ = false;
    // The punch layer's weight: the upper machine's share in Punch (1 while a
    // punch restarts, fading from Punch into Punch), so the arm never drops
    // to the base layer between.
    p.Set(upper_weight_id_, upper_ != nullptr ? upper_->StateShare(graph_->Context(), 1) : 0.0f);
    graph_->Update(dt);
    time_ += dt;
    log_.Add(time_, graph_->Events());
  }

  const anim::SoaPose& CurrentPose() const override { return graph_->SoaOutput(); }

  SampleView View() const override {
    SampleView view;
    const anim::LayerStack* layers = graph_ ? graph_->Layers() : nullptr;
    if (layers == nullptr || upper_ == nullptr) return view;
    std::vector<glm::vec4>& colors = view.joint_colors;
    colors.resize(static_cast<std::size_t>(model_->skeleton.JointCount()));
    for (std::size_t j = 0; j < colors.size(); ++j) {
      const float w = layers->JointShare(graph_->Context(), 1, static_cast<int>(j));
      colors[j] =
          glm::vec4(glm::mix(glm::vec3(0.2f, 0.45f, 1.0f), glm::vec3(1.0f, 0.25f, 0.15f), w), 1.0f);
    }
    return view;
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    ImGui::Separator();
    DrawStateMachine(*base_, graph_->Context(), "base layer");
    if (upper_ != nullptr)
      DrawStateMachine(*upper_, graph_->Context(), "upper layer (priority 1, masked)");
    ImGui::Separator();
    log_.Draw();
  }

 private:
  void RebuildLayers() {
    anim::Layer base;
    base.name = "base";
    base.root = base_;
    anim::Layer upper;
    upper.name = "upper";
    upper.root = upper_;
    upper.priority = 1;
    upper.weight = anim::FloatInput{upper_weight_id_};
    upper.mask = anim::MakeMaskFromRoot(model_->skeleton, spine_ >= 0 ? spine_ : 0, falloff_);
    anim::Layer lean;
    lean.name = "lean";
    lean.root = lean_node_;
    lean.additive = true;
    lean.reference = lean_reference_;
    lean.weight = anim::FloatInput{lean_id_};
    std::vector<anim::Layer> layers{base};
    if (upper_ != nullptr) layers.push_back(upper);
    if (lean_node_ != nullptr) layers.push_back(lean);
    graph_->SetLayers(std::move(layers));
    applied_falloff_ = falloff_;
  }

  // The clip playing each role, or -1. A role the model lacks is left out
  // rather than played by a clip that is not it (a walk as the jump, a whole
  // clip as the lean), and the notice says what is missing.
  struct Roles {
    int idle = -1, walk = -1, run = -1, jump = -1, punch = -1, lean = -1;
    float walk_speed = 0.0f, run_speed = 0.0f;  // m/s (clip_speed.h)
    bool blends = false;                        // idle, walk and run make a blend by speed
  };

  static Roles FindRoles(const anim::Model& model) {
    const auto role = [&](std::initializer_list<const char*> names, bool additive) {
      const int c = FindClipForRole(model, names, -1);
      return c >= 0 && IsAdditiveClip(model, c) == additive ? c : -1;
    };
    Roles r;
    r.walk = role({"walk", "walking"}, false);
    r.run = role({"run", "running"}, false);
    r.idle = role({"idle"}, false);
    r.jump = role({"jump"}, false);
    r.punch = role({"punch"}, false);
    r.lean = role({"lean_left", "lean"}, true);
    r.walk_speed = LocomotionSpeed(model, r.walk);
    r.run_speed = LocomotionSpeed(model, r.run);
    r.blends = r.walk >= 0 && r.run >= 0 && r.idle >= 0 && r.walk != r.run && r.walk_speed > 0.0f &&
               r.run_speed > r.walk_speed;
    return r;
  }

  void SayWhatIsLeftOut(const anim::Model& model, const Roles& r) {
    std::vector<std::string> missing;
    if (!r.blends) missing.push_back("the idle-walk-run blend by speed");
    if (r.jump < 0) missing.push_back("Jump");
    if (r.punch < 0) missing.push_back("Punch");
    if (r.lean < 0) missing.push_back("the lean");
    notice_.clear();
    if (missing.empty()) return;
    notice_ = NeedsMessage(
                  "idle, walk and run clips (the run faster), a jump, a punch and an "
                  "additive lean",
                  model, AllClips(model)) +
              ". Left out here: ";
    for (std::size_t i = 0; i < missing.size(); ++i) notice_ += (i > 0 ? ", " : "") + missing[i];
    notice_ += ".";
  }

  // Idle, walk and run in a 1D blend space by speed, or the one clip there
  // is to move with, alone. Null, with `error` set, when the space refuses.
  anim::Node* AddLocomotion(const anim::Model& model, const Roles& r, int fallback,
                            std::string* error) {
    const anim::Skeleton& sk = model.skeleton;
    if (!r.blends) {
      const int alone = r.walk >= 0 ? r.walk : (r.idle >= 0 ? r.idle : fallback);
      return graph_->Add<anim::ClipNode>("locomotion", sk, model.clips[alone]);
    }
    auto* n_idle = graph_->Add<anim::ClipNode>("idle", sk, model.clips[r.idle]);
    auto* n_walk = graph_->Add<anim::ClipNode>("walk", sk, model.clips[r.walk]);
    auto* n_run = graph_->Add<anim::ClipNode>("run", sk, model.clips[r.run]);
    anim::BlendSpace1D space;
    // The clips at their own ground speeds (clip_speed.h), in m/s.
    const float positions[] = {0.0f, r.walk_speed, r.run_speed};
    std::string why;
    if (!space.Build(positions, &why)) {
      *error = "locomotion blend space: " + why;
      return nullptr;
    }
    return graph_->Add<anim::BlendSpace1DNode>("locomotion", sk,
                                               std::vector<anim::Node*>{n_idle, n_walk, n_run},
                                               space, anim::FloatInput{speed_id_}, true);
  }

  // Base layer: Locomotion <-> Jump.
  void AddBaseLayer(const anim::Model& model, const Roles& r, anim::Node* locomotion) {
    const anim::Skeleton& sk = model.skeleton;
    const anim::Transition to_jump = Fade(0, 1, 0.15f, -1.0f, jump_id_);
    const anim::Transition land = Fade(1, 0, 0.3f, 0.85f);  // back while the landing settles
    std::vector<anim::State> base_states{{"Locomotion", locomotion}};
    std::vector<anim::Transition> base_transitions;
    if (r.jump >= 0) {
      base_states.push_back(
          {"Jump", graph_->Add<anim::ClipNode>("jump", sk, model.clips[r.jump], Once())});
      base_transitions = {to_jump, land};
    }
    base_ = graph_->Add<anim::StateMachineNode>("base", sk, base_states, base_transitions, 0);
  }

  // Upper layer: Off <-> Punch. Off holds the punch's first frame, but the
  // layer's weight follows the machine (see Update), so it never shows.
  void AddUpperLayer(const anim::Model& model, const Roles& r) {
    upper_ = nullptr;
    if (r.punch < 0) return;
    const anim::Skeleton& sk = model.skeleton;
    const anim::Clip& punch = model.clips[r.punch];
    auto* n_off = graph_->Add<anim::SingleFrameNode>("off", sk, punch, 0.0f);
    auto* n_punch = graph_->Add<anim::ClipNode>("punch", sk, punch, Once());
    const anim::Transition start_punch = Fade(0, 1, 0.12f, -1.0f, punch_id_);
    const anim::Transition again = Fade(1, 1, 0.12f, 0.4f, punch_id_);  // a punch restarts one
    const anim::Transition end_punch = Fade(1, 0, 0.25f, 0.8f);
    upper_ = graph_->Add<anim::StateMachineNode>(
        "upper", sk, std::vector<anim::State>{{"Off", n_off}, {"Punch", n_punch}},
        std::vector<anim::Transition>{start_punch, again, end_punch}, 0);
  }

  // Additive layer: the lean's last frame measured from its first (the
  // clip's reference pose), added on top of whatever the layers above made.
  void AddLeanLayer(const anim::Model& model, const Roles& r) {
    lean_node_ = nullptr;
    if (r.lean < 0) return;
    const anim::Skeleton& sk = model.skeleton;
    lean_node_ = graph_->Add<anim::SingleFrameNode>("lean", sk, model.clips[r.lean], 1.0f);
    lean_reference_ = anim::MakeAdditivePose(sk, model.clips[r.lean]);
  }

  // A transition from state `from` to `to` over `duration` seconds, taken
  // once the source is past `exit_begin` of its clip (< 0: any time) and,
  // with a trigger, when it fires.
  static anim::Transition Fade(int from, int to, float duration, float exit_begin,
                               int trigger = -1) {
    anim::Transition t;
    t.from = from;
    t.to = to;
    t.duration = duration;
    t.exit_begin = exit_begin;
    if (trigger >= 0) t.conditions = {{trigger, anim::CompareOp::kTriggered}};
    return t;
  }

  static anim::ClipNodeOptions Once() {
    anim::ClipNodeOptions once;
    once.loop = anim::LoopMode::kClamp;
    return once;
  }

  const anim::Model* model_ = nullptr;
  std::unique_ptr<anim::AnimationGraph> graph_;
  anim::StateMachineNode* base_ = nullptr;
  anim::StateMachineNode* upper_ = nullptr;
  int speed_id_ = -1, jump_id_ = -1, punch_id_ = -1, upper_weight_id_ = -1, lean_id_ = -1;
  anim::SingleFrameNode* lean_node_ = nullptr;
  anim::SoaPose lean_reference_;
  float lean_ = 0.0f;
  int spine_ = -1;
  float speed_ = 0.0f;
  bool jump_ = false, punch_ = false;
  int falloff_ = 1, applied_falloff_ = -1;
  double time_ = 0.0;
  EventLog log_;
};

}  // namespace

std::unique_ptr<Sample> MakeStateMachineSample() { return std::make_unique<StateMachineSample>(); }

}  // namespace samples
