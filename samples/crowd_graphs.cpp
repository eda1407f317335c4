#include "samples/crowd_graphs.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/graph_scratch.h"
#include "import/graph_description.h"

namespace samples {

namespace {

// "assets/Woman.gltf" -> "woman": the graphs are named after the model's file.
std::string ModelStem(const anim::Model& model) {
  std::string stem = std::filesystem::path(model.source_path).stem().string();
  std::transform(stem.begin(), stem.end(), stem.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return stem;
}

float HighestBlendSpacePosition(const anim::GraphDefinition& definition) {
  float top = 0.0f;
  for (int i = 0; i < definition.NodeCount(); ++i) {
    if (const auto* space = dynamic_cast<const anim::BlendSpace1DNode*>(definition.NodeAt(i))) {
      for (int p = 0; p < space->Space().PointCount(); ++p)
        top = std::max(top, space->Space().Position(p));
    }
  }
  return top;
}

}  // namespace

bool CrowdGraphs::Load(const anim::Model& model) {
  instances_.clear();
  graph_.reset();
  for (auto& graph : compressed_graphs_) graph.reset();
  playing_ = -1;
  problem_.clear();
  model_ = &model;
  const std::string stem = ModelStem(model);
  file_name_ = stem + "_locomotion.json";
  path_ = std::string(ANIM_GRAPHS_DIR) + "/" + file_name_;
  const std::string& path = path_;
  std::error_code ec;
  if (stem.empty() || !std::filesystem::is_regular_file(path, ec)) {
    problem_ = "No locomotion graph ships for this model (assets/graphs/ has no " + file_name_ +
               "): the crowd plays clips.";
    return false;
  }
  std::string error;
  graph_ = anim::LoadAnimationGraph(path, model, &error);
  if (!graph_) {
    problem_ = error + ": the crowd plays clips.";
    return false;
  }
  speed_param_ = graph_->Definition().Params().Find("speed");
  top_speed_ = HighestBlendSpacePosition(graph_->Definition());
  return true;
}

CrowdGraphs::ClipNodes CrowdGraphs::CountClipNodes() const {
  ClipNodes n;
  if (!graph_) return n;
  const anim::GraphDefinition& definition = Definition();
  for (int i = 0; i < definition.NodeCount(); ++i) {
    const anim::Node* node = definition.NodeAt(i);
    if (const auto* clip = dynamic_cast<const anim::ClipNode*>(node)) {
      ++n.total;
      n.compressed += clip->Compressed().clip != nullptr;
    } else if (const auto* frame = dynamic_cast<const anim::SingleFrameNode*>(node)) {
      ++n.total;
      n.compressed += frame->Compressed().clip != nullptr;
    }
  }
  return n;
}

bool CrowdGraphs::Build(int count, int capacity, const std::vector<float>& speeds,
                        const std::vector<float>& offsets, anim::CompressedClipSet* compressed,
                        anim::CompressedKeys keys) {
  if (!graph_) return false;
  instances_.clear();  // they may point to the definition about to be replaced
  const int kind = static_cast<int>(keys);
  if (compressed != nullptr && !compressed_graphs_[kind]) {
    std::string error;
    anim::GraphClipOptions clips;
    clips.compressed = [compressed, keys](const anim::Clip& clip) {
      return compressed->For(clip, keys);
    };
    compressed_graphs_[kind] = anim::LoadAnimationGraph(path_, *model_, &error, clips);
    if (!compressed_graphs_[kind]) {
      problem_ = error + ": the graph plays raw clips.";
      return false;
    }
    problem_.clear();
  }
  playing_ = compressed != nullptr ? kind : -1;
  const anim::GraphDefinition& definition = Definition();
  instances_.reserve(static_cast<std::size_t>(capacity));  // never moves: characters point in
  motions_.assign(static_cast<std::size_t>(capacity), anim::MotionDelta{});
  // Each character starts at its own place: its instance runs its offset
  // once here, into a throwaway pose (a rebuild, not a frame).
  anim::GraphScratch scratch(definition);
  anim::SoaPose pose;
  pose.CopyFrom(definition.RestSoaPose());
  anim::MotionDelta ignored;
  for (int k = 0; k < count; ++k) {
    std::string error;
    std::optional<anim::GraphInstance> one = anim::GraphInstance::Create(definition, &error);
    if (!one) {  // the loader validated the definition: cannot happen
      problem_ = error;
      return false;
    }
    instances_.push_back(std::move(*one));
    anim::GraphInstance& instance = instances_.back();
    instance.Params().Set(speed_param_, speeds[static_cast<std::size_t>(k)]);
    instance.Update(offsets[static_cast<std::size_t>(k)], scratch, pose, ignored);
  }
  return true;
}

void CrowdGraphs::Attach(anim::CrowdCharacter& character, int k) {
  character.graph = &instances_[static_cast<std::size_t>(k)];
  character.motion = &motions_[static_cast<std::size_t>(k)];
}

}  // namespace samples
