// 09 Graph file: a character's whole animation logic read from a JSON
// description (docs/graph_format.md) at run time, with a widget per graph
// parameter, every state machine drawn, the event log and root motion.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/graph/animation_graph.h"
#include "anim/graph/state_machine.h"
#include "import/graph_description.h"
#include "samples/clip_roles.h"
#include "samples/graph_widgets.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

namespace {

// The descriptions that ship with the project (ANIM_GRAPHS_DIR is set by CMake).
std::vector<std::string> ShippedGraphs() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(ANIM_GRAPHS_DIR, ec)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class GraphFileSample : public Sample {
 public:
  GraphFileSample() : Sample("09 Graph file", ExplanationText()) { AddFixedParams(); }

  static std::string ExplanationText() {
    return "The same machinery as 07 (blend trees, state machines and layers), but described in "
           "a JSON file read at run time (assets/graphs/, format in docs/graph_format.md) instead "
           "of built in code, so the animation logic can change without a rebuild. A widget "
           "appears for each parameter the file declares; an error names the file and the node, "
           "and the graph that was running keeps running. Root motion from the file's clip nodes "
           "moves the character. Source: Jason Gregory, Game Engine Architecture, the animation "
           "chapter (data-driven animation graphs).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = NeedsMessage("the clips a graph description names (assets/graphs/)", model,
                            AllClips(model));
      return false;
    }
    model_ = &model;
    graph_.reset();
    good_file_ = -1;
    files_ = ShippedGraphs();
    if (files_.empty()) {
      *error = std::string("no graph descriptions in ") + ANIM_GRAPHS_DIR;
      return false;
    }
    // A description names clips and joints, so it fits some models only:
    // start with the chosen one and fall back to the first that loads.
    file_ = std::clamp(file_, 0, static_cast<int>(files_.size()) - 1);
    std::string errors;
    for (int k = 0; k < static_cast<int>(files_.size()); ++k) {
      const int candidate = (file_ + k) % static_cast<int>(files_.size());
      file_ = candidate;
      std::string why;
      if (LoadGraph(&why)) return true;
      errors += (errors.empty() ? "" : "; ") + why;
    }
    *error = "no description in assets/graphs fits this model: " + errors;
    return false;
  }

  void Update(float dt) override {
    if (file_ != loaded_file_) {
      std::string error;
      if (!LoadGraph(&error)) {
        // The graph that was running keeps running, and the combo names it again.
        load_error_ = files_[file_] + " was not loaded: " + error;
        if (good_file_ >= 0) file_ = loaded_file_ = good_file_;
      }
    }
    if (!graph_) return;
    anim::ParameterSet& p = graph_->Params();
    for (std::size_t i = 0; i < values_.size(); ++i) {
      const int id = static_cast<int>(i);
      if (p.Type(id) == anim::ParamType::kTrigger) {
        if (flags_[i]) p.Fire(id);
        flags_[i] = false;
      } else if (p.Type(id) == anim::ParamType::kBool) {
        p.Set(id, flags_[i] ? 1.0f : 0.0f);
      } else {
        p.Set(id, values_[i]);
      }
    }
    graph_->Update(dt);
    if (root_motion_) anim::ApplyMotion(graph_->Motion(), position_, yaw_);
    time_ += dt;
    log_.Add(time_, graph_->Events());
  }

  const anim::SoaPose& CurrentPose() const override {
    return graph_ ? graph_->SoaOutput() : model_->skeleton.RestPose();
  }
  SampleView View() const override {
    SampleView view;
    view.character_world =
        glm::rotate(glm::translate(glm::mat4(1.0f), position_), yaw_, glm::vec3(0, 1, 0));
    view.follow_camera = root_motion_;
    view.problem = load_error_;
    return view;
  }

  void DrawPanel() override {
    DrawParamWidgets(params_);
    if (!load_error_.empty()) {
      const ImVec4 red = ImGui::ColorConvertU32ToFloat4(IM_COL32(255, 120, 100, 255));
      WrappedText(load_error_, &red);
      ui_probe::Text("error", load_error_);
    }
    if (!graph_) return;
    ImGui::Separator();
    ImGui::Text("%d nodes, %d parameters", graph_->NodeCount(), graph_->Params().Count());
    for (int i = 0; i < graph_->NodeCount(); ++i) {
      if (const auto* sm = dynamic_cast<const anim::StateMachineNode*>(graph_->NodeAt(i))) {
        DrawStateMachine(*sm, graph_->Context(), sm->Name().c_str());
      }
    }
    ImGui::Separator();
    log_.Draw();
  }

 private:
  void AddFixedParams() {
    params_.AddChoice("graph", &file_, files_, "the description file, from assets/graphs/");
    params_.AddBool("root_motion", &root_motion_, "apply the graph's root motion to the character");
  }

  // Reads the file and rebuilds the parameter list from what it declares.
  // On failure the previous graph (if any) keeps running.
  bool LoadGraph(std::string* error) {
    loaded_file_ = file_;
    const std::string path = std::string(ANIM_GRAPHS_DIR) + "/" + files_[file_];
    std::unique_ptr<anim::AnimationGraph> graph = anim::LoadAnimationGraph(path, *model_, error);
    if (!graph) return false;
    graph_ = std::move(graph);
    good_file_ = file_;
    load_error_.clear();
    const anim::ParameterSet& p = graph_->Params();
    // Sized once, before any pointer to an element is handed out.
    values_.assign(p.Count(), 0.0f);
    flags_ = std::make_unique<bool[]>(p.Count());
    params_ = ParamList();
    AddFixedParams();
    params_.SetChoices("graph", files_);
    for (int id = 0; id < p.Count(); ++id) {
      const std::string help =
          std::string("graph parameter (") + anim::ParamTypeName(p.Type(id)) + ")";
      switch (p.Type(id)) {
        case anim::ParamType::kFloat: {
          // The format has no ranges: 0..4 covers speeds and weights, widened
          // to hold the declared default.
          values_[id] = p.Get(id);
          params_.AddFloat(p.Name(id), &values_[id], std::min(0.0f, values_[id]),
                           std::max(4.0f, values_[id]), help);
          break;
        }
        case anim::ParamType::kBool:
          flags_[id] = p.IsSet(id);
          params_.AddBool(p.Name(id), &flags_[id], help);
          break;
        case anim::ParamType::kTrigger:
          flags_[id] = false;
          params_.AddTrigger(p.Name(id), &flags_[id], 0, help);
          break;
      }
    }
    position_ = glm::vec3(0.0f);
    yaw_ = 0.0f;
    time_ = 0.0;
    log_.Clear();
    return true;
  }

  const anim::Model* model_ = nullptr;
  std::vector<std::string> files_;
  int file_ = 0, loaded_file_ = -1;
  int good_file_ = -1;  // the file of the graph running now, -1 before any
  bool root_motion_ = true;
  std::unique_ptr<anim::AnimationGraph> graph_;
  std::vector<float> values_;
  std::unique_ptr<bool[]> flags_;
  std::string load_error_;
  glm::vec3 position_{0.0f};
  float yaw_ = 0.0f;
  double time_ = 0.0;
  EventLog log_;
};

}  // namespace

std::unique_ptr<Sample> MakeGraphFileSample() { return std::make_unique<GraphFileSample>(); }

}  // namespace samples
