// Internal to the graph description loader: the builder that turns the
// parsed description into an AnimationGraph. Split over three files:
// graph_description.cpp (the document, parameters, layers, references and
// shared field readers), graph_description_nodes.cpp (one builder per node
// type) and graph_description_params.cpp (parameter lookups and conditions).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "anim/graph/animation_graph.h"
#include "anim/graph/state_machine.h"
#include "import/graph_description.h"
#include "import/graph_description_json.h"
#include "model/model.h"

namespace anim::graph_build {

using graph_json::Json;
using graph_json::ObjectReader;

// Bounds on numbers that have no natural one: far beyond any real use, small
// enough that no later arithmetic (sums of weights, times x rates) overflows.
inline constexpr float kMaxMagnitude = 1.0e6f;
inline constexpr float kMaxRate = 100.0f;
inline constexpr float kMaxDuration = 3600.0f;
inline constexpr int kMaxFalloff = 1000;
inline constexpr int kMaxPriority = 1000;

// Names the format accepts, in the order of the enums they map to.
inline constexpr const char* kNodeTypes[] = {
    "clip",          "single_frame", "blend2",   "blend_n",    "blend_space_1d", "blend_space_2d",
    "feather_blend", "additive",     "subtract", "cross_fade", "state_machine",  "mirror"};
inline constexpr const char* kParamTypes[] = {"float", "bool", "trigger"};   // ParamType order
inline constexpr const char* kLoopModes[] = {"loop", "clamp", "ping_pong"};  // LoopMode order
inline constexpr const char* kTransitionModes[] = {"smooth", "frozen",
                                                   "inertial"};  // TransitionMode order
inline constexpr const char* kInterrupts[] = {"none", "source",
                                              "destination"};  // InterruptRule order
inline constexpr const char* kReferences[] = {"first_frame", "difference"};
inline constexpr const char* kBlendSpaceModes[] = {"triangulated", "grid"};
inline constexpr const char* kMirrorAxes[] = {"x", "y", "z"};  // MirrorAxis order
inline constexpr const char* kEaseNames[] = {"linear", "smoothstep", "ease_in", "ease_out",
                                             "ease_in_out"};

// 'name', for messages. (Appended piece by piece: GCC 12 warns falsely,
// -Wrestrict, on "'" + std::string(s) + "'" once inlined.)
inline std::string Quote(std::string_view s) {
  std::string out(1, '\'');
  out.append(s).push_back('\'');
  return out;
}

// "node 'move' (inputs[1])": who uses a node, for the used-twice message.
inline std::string Role(const graph_json::ObjectReader& r, std::string_view field, int index = -1) {
  std::string out = r.Where();
  out.append(" (").append(field);
  if (index >= 0) out.append("[").append(std::to_string(index)).append("]");
  out.push_back(')');
  return out;
}

struct NodeEntry {
  const Json* json = nullptr;
  std::string type;  // one of kNodeTypes
  int kind = 0;      // its index there
  Node* node = nullptr;
  const Clip* clip = nullptr;  // clip nodes: what "speed" and "first_frame" read
  bool building = false;
  std::string user;  // who references it; empty while unused
};

class GraphBuilder {
 public:
  GraphBuilder(const Json& doc, const Model& model, const GraphClipOptions& clips)
      : doc_(doc), model_(model), skeleton_(model.skeleton), clips_(clips) {}

  std::unique_ptr<AnimationGraph> Build();

 private:
  void ReadParameters(const Json& list);
  void IndexNodes(const Json& nodes);
  std::vector<Layer> ReadLayers(const Json& list);

  // Resolves a reference, building the node on first use. `where` starts
  // the error for an unknown name; `user` says who uses it, for the error
  // when a node is used twice.
  NodeEntry& Use(const std::string& name, const std::string& where, const std::string& user);
  // The node named by field `key` of `r`.
  NodeEntry& Reference(ObjectReader& r, std::string_view key, const std::string& user);
  void BuildNode(const std::string& name);
  Node* BuildClip(ObjectReader& r);
  Node* BuildSingleFrame(ObjectReader& r);
  Node* BuildBlend2(ObjectReader& r);
  Node* BuildBlendN(ObjectReader& r);
  Node* BuildBlendSpace1D(ObjectReader& r);
  Node* BuildBlendSpace2D(ObjectReader& r);
  Node* BuildFeatherBlend(ObjectReader& r);
  Node* BuildAdditive(ObjectReader& r);
  Node* BuildSubtract(ObjectReader& r);
  Node* BuildCrossFade(ObjectReader& r);
  Node* BuildStateMachine(ObjectReader& r);
  Node* BuildMirror(ObjectReader& r);
  Transition ReadTransition(const Json& value, const std::string& where,
                            const std::vector<State>& states);

  FloatInput ReadFloatInput(ObjectReader& r, std::string_view key, std::optional<float> fallback,
                            float min, float max);
  EaseCurve ReadEase(ObjectReader& r, std::string_view key, EaseCurve fallback);
  const Clip& ReadClip(ObjectReader& r);
  // The clip's compressed form, when the caller gives one (GraphClipOptions).
  CompressedClipRef CompressedFormOf(const Clip& clip) const;
  int FindJoint(const std::string& name, const std::string& where) const;
  JointMask ReadMask(const Json& value, const std::string& where);
  float ReadPosition(const Json& value, const std::string& where, const NodeEntry& input);
  // The reference pose of an additive input or layer: MakeAdditivePose of a
  // clip node's clip ("first_frame"), or none for a subtract node ("difference").
  std::optional<SoaPose> ReadReference(ObjectReader& r, const NodeEntry& additive);

  const Json& doc_;
  const Model& model_;
  const Skeleton& skeleton_;
  const GraphClipOptions& clips_;
  std::unique_ptr<AnimationGraph> graph_;
  std::unordered_map<std::string, NodeEntry> nodes_;
  std::vector<std::string> node_names_;  // file order
  std::vector<std::string> building_;    // the chain being built, for cycle messages
};

}  // namespace anim::graph_build
