#include "anim/import/graph_description.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <new>
#include <optional>
#include <unordered_map>

#include "anim/additive.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "anim/graph/state_machine.h"
#include "anim/import/graph_description_json.h"

namespace anim {
namespace {

using graph_json::DescriptionError;
using graph_json::ExpectNumber;
using graph_json::ExpectString;
using graph_json::Fail;
using graph_json::Json;
using graph_json::NameList;
using graph_json::ObjectReader;
using graph_json::TypeName;

// Bounds on numbers that have no natural one: far beyond any real use, small
// enough that no later arithmetic (sums of weights, times x rates) overflows.
constexpr float kMaxMagnitude = 1.0e6f;
constexpr float kMaxRate = 100.0f;
constexpr float kMaxDuration = 3600.0f;
constexpr int kMaxFalloff = 1000;
constexpr int kMaxPriority = 1000;

constexpr const char* kNodeTypes[] = {"clip",          "single_frame",  "blend2",
                                      "blend_n",       "blend_space_1d", "blend_space_2d",
                                      "feather_blend", "additive",      "subtract",
                                      "cross_fade",    "state_machine", "mirror"};
constexpr const char* kParamTypes[] = {"float", "bool", "trigger"};  // ParamType order
constexpr const char* kLoopModes[] = {"loop", "clamp", "ping_pong"};  // LoopMode order
constexpr const char* kTransitionModes[] = {"smooth", "frozen"};     // TransitionMode order
constexpr const char* kInterrupts[] = {"none", "source", "destination"};  // InterruptRule order
constexpr const char* kReferences[] = {"first_frame", "difference"};
constexpr const char* kBlendSpaceModes[] = {"triangulated", "grid"};
constexpr const char* kMirrorAxes[] = {"x", "y", "z"};  // MirrorAxis order
constexpr const char* kEaseNames[] = {"linear", "smoothstep", "ease_in", "ease_out",
                                      "ease_in_out"};

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Parameter names are identifiers so a condition ("speed>=1") splits unambiguously.
bool IsIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    if (!IsNameChar(c)) return false;
  }
  return true;
}

// "node 'move' (inputs[1])": who uses a node, for the used-twice message.
std::string Role(const ObjectReader& r, std::string_view field, int index = -1) {
  return r.Where() + " (" + std::string(field) +
         (index >= 0 ? "[" + std::to_string(index) + "]" : std::string()) + ")";
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

struct NodeEntry {
  const Json* json = nullptr;
  std::string type;
  Node* node = nullptr;
  const Clip* clip = nullptr;  // clip nodes: what "speed" and "first_frame" read
  bool building = false;
  std::string user;  // who references it; empty while unused
};

class GraphBuilder {
 public:
  GraphBuilder(const Json& doc, const Model& model)
      : doc_(doc), model_(model), skeleton_(model.skeleton) {}

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
  Node* BuildClip(ObjectReader& r, NodeEntry& entry);
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

  int FindParam(std::string_view name, const std::string& where) const;
  FloatInput ReadFloatInput(ObjectReader& r, std::string_view key, std::optional<float> fallback,
                            float min, float max);
  Condition ParseCondition(const std::string& text, const std::string& where) const;
  EaseCurve ReadEase(ObjectReader& r, std::string_view key, EaseCurve fallback);
  const Clip& ReadClip(ObjectReader& r);
  int FindJoint(const std::string& name, const std::string& where) const;
  JointMask ReadMask(const Json& value, const std::string& where);
  float ReadPosition(const Json& value, const std::string& where, const NodeEntry& input);
  // The reference pose of an additive input or layer: MakeAdditivePose of a
  // clip node's clip ("first_frame"), or none for a subtract node ("difference").
  std::optional<Pose> ReadReference(ObjectReader& r, const NodeEntry& additive);

  const Json& doc_;
  const Model& model_;
  const Skeleton& skeleton_;
  std::unique_ptr<AnimationGraph> graph_;
  std::unordered_map<std::string, NodeEntry> nodes_;
  std::vector<std::string> node_names_;  // file order
  std::vector<std::string> building_;    // the chain being built, for cycle messages
};

std::unique_ptr<AnimationGraph> GraphBuilder::Build() {
  graph_ = std::make_unique<AnimationGraph>(skeleton_);
  ObjectReader top(doc_, "top level");
  if (const Json* params = top.Optional("parameters")) ReadParameters(*params);
  IndexNodes(top.Required("nodes"));

  const Json* root = top.Optional("root");
  const Json* layers = top.Optional("layers");
  if ((root == nullptr) == (layers == nullptr)) {
    Fail("top level: needs exactly one of 'root' (a node name) and 'layers' (a list)");
  }
  Node* root_node = nullptr;
  std::vector<Layer> layer_list;
  if (root != nullptr) {
    root_node = Use(ExpectString(*root, "top level: root"), "top level: root", "the root").node;
  } else {
    layer_list = ReadLayers(*layers);
  }
  top.Finish();
  // Nodes nothing references are still checked and built (they cost a
  // little memory, never time: nothing updates them).
  for (const std::string& name : node_names_) {
    if (nodes_.at(name).node == nullptr) BuildNode(name);
  }
  if (root_node != nullptr) {
    graph_->SetRoot(root_node);
  } else {
    graph_->SetLayers(std::move(layer_list));
  }
  return std::move(graph_);
}

void GraphBuilder::ReadParameters(const Json& list) {
  if (!list.is_array()) Fail("parameters: expected an array, got " + TypeName(list));
  if (list.size() > static_cast<std::size_t>(GraphLimits::kMaxParameters)) {
    Fail("parameters: " + std::to_string(list.size()) + " parameters, at most " +
         std::to_string(GraphLimits::kMaxParameters) + " are accepted");
  }
  ParameterSet& params = graph_->Params();
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader r(list[i], "parameters[" + std::to_string(i) + "]");
    const std::string name = r.String("name");
    if (!IsIdentifier(name)) {
      r.Fail("name", Quote(name) + " is not a valid parameter name (letters, digits and _, " +
                         "not starting with a digit: conditions refer to it)");
    }
    ObjectReader p(list[i], "parameter " + Quote(name));
    p.Has("name");
    const int type_index = p.Choice("type", kParamTypes, -1);
    if (type_index < 0) p.Required("type");
    const auto type = static_cast<ParamType>(type_index);
    float initial = 0.0f;
    if (const Json* d = p.Optional("default")) {
      if (type == ParamType::kTrigger) p.Fail("default", "a trigger has no default (it is fired)");
      if (type == ParamType::kBool) {
        if (!d->is_boolean()) p.Fail("default", "expected true or false, got " + TypeName(*d));
        initial = d->get<bool>() ? 1.0f : 0.0f;
      } else {
        initial = ExpectNumber(*d, p.Where() + ": default", -kMaxMagnitude, kMaxMagnitude);
      }
    }
    p.Finish();
    if (params.Find(name) >= 0) Fail("two parameters are named " + Quote(name));
    params.Add(name, type, initial);
  }
}

void GraphBuilder::IndexNodes(const Json& nodes) {
  if (!nodes.is_object()) Fail("nodes: expected an object, got " + TypeName(nodes));
  if (nodes.empty()) Fail("nodes: there are no nodes");
  if (nodes.size() > static_cast<std::size_t>(GraphLimits::kMaxNodes)) {
    Fail("nodes: " + std::to_string(nodes.size()) + " nodes, at most " +
         std::to_string(GraphLimits::kMaxNodes) + " are accepted");
  }
  for (auto it = nodes.begin(); it != nodes.end(); ++it) {
    if (it.key().empty()) Fail("nodes: a node has an empty name");
    node_names_.push_back(it.key());
  }
  // Types first: the error for a bad type comes before any about references,
  // and a node's type is known before it is built (single frames may be shared).
  for (auto it = nodes.begin(); it != nodes.end(); ++it) {
    ObjectReader r(it.value(), "node " + Quote(it.key()));
    const int type = r.Choice("type", kNodeTypes, -1);
    if (type < 0) r.Required("type");
    NodeEntry& entry = nodes_[it.key()];
    entry.json = &it.value();
    entry.type = kNodeTypes[type];
  }
}

std::vector<Layer> GraphBuilder::ReadLayers(const Json& list) {
  if (!list.is_array()) Fail("layers: expected an array, got " + TypeName(list));
  if (list.empty() || list.size() > static_cast<std::size_t>(GraphLimits::kMaxLayers)) {
    Fail("layers: " + std::to_string(list.size()) + " layers, expected 1 to " +
         std::to_string(GraphLimits::kMaxLayers));
  }
  std::vector<Layer> layers;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader first(list[i], "layers[" + std::to_string(i) + "]");
    const std::string name = first.String("name");
    if (name.empty()) first.Fail("name", "is empty");
    for (const Layer& l : layers) {
      if (l.name == name) Fail("two layers are named " + Quote(name));
    }
    ObjectReader r(list[i], "layer " + Quote(name));
    r.Has("name");
    Layer layer;
    layer.name = name;
    NodeEntry& entry = Reference(r, "node", r.Where());
    layer.root = entry.node;
    layer.weight = ReadFloatInput(r, "weight", 1.0f, 0.0f, 1.0f);
    if (const Json* mask = r.Optional("mask")) layer.mask = ReadMask(*mask, r.Where());
    layer.additive = r.Bool("additive", false);
    if (layer.additive) {
      if (r.Has("priority")) {
        r.Fail("priority", "additive layers add on top of the blend layers in list order; " +
                               std::string("priority does not apply to them"));
      }
      layer.reference = ReadReference(r, entry);
    } else {
      if (r.Has("reference")) r.Fail("reference", "only additive layers have a reference");
      layer.priority = r.Integer("priority", 0, -kMaxPriority, kMaxPriority);
    }
    r.Finish();
    layers.push_back(std::move(layer));
  }
  return layers;
}

NodeEntry& GraphBuilder::Use(const std::string& name, const std::string& where,
                             const std::string& user) {
  auto it = nodes_.find(name);
  if (it == nodes_.end()) {
    Fail(where + ": unknown node " + Quote(name) + " (nodes: " + NameList(node_names_) + ")");
  }
  NodeEntry& entry = it->second;
  if (entry.building) {
    std::string cycle = "cycle: ";
    bool in_cycle = false;
    for (const std::string& n : building_) {
      in_cycle = in_cycle || n == name;
      if (in_cycle) cycle += n + " -> ";
    }
    Fail(cycle + name);
  }
  // A node has one set of clocks: two users would each advance it once a
  // frame (double speed) and could reset it under each other. A single
  // frame holds a fixed pose and no clock, so sharing it is harmless.
  if (!entry.user.empty() && entry.type != "single_frame") {
    Fail("node " + Quote(name) + " is used twice: by " + entry.user + " and by " + user +
         "; a node has one set of clocks, so give each user its own node (several nodes may " +
         "play the same clip)");
  }
  entry.user = user;
  if (entry.node == nullptr) BuildNode(name);
  return entry;
}

NodeEntry& GraphBuilder::Reference(ObjectReader& r, std::string_view key,
                                   const std::string& user) {
  return Use(r.String(key), r.Where() + ": " + std::string(key), user);
}

void GraphBuilder::BuildNode(const std::string& name) {
  NodeEntry& entry = nodes_.at(name);
  if (static_cast<int>(building_.size()) >= GraphLimits::kMaxNodeDepth) {
    Fail("nodes nest more than " + std::to_string(GraphLimits::kMaxNodeDepth) +
         " levels deep (" + building_.front() + " -> " + building_[1] + " -> ... -> " +
         building_.back() + " -> " + name + ")");
  }
  entry.building = true;
  building_.push_back(name);
  ObjectReader r(*entry.json, "node " + Quote(name));
  r.Has("type");
  const std::string& type = entry.type;
  Node* node = nullptr;
  if (type == "clip") node = BuildClip(r, entry);
  else if (type == "single_frame") node = BuildSingleFrame(r);
  else if (type == "blend2") node = BuildBlend2(r);
  else if (type == "blend_n") node = BuildBlendN(r);
  else if (type == "blend_space_1d") node = BuildBlendSpace1D(r);
  else if (type == "blend_space_2d") node = BuildBlendSpace2D(r);
  else if (type == "feather_blend") node = BuildFeatherBlend(r);
  else if (type == "additive") node = BuildAdditive(r);
  else if (type == "subtract") node = BuildSubtract(r);
  else if (type == "cross_fade") node = BuildCrossFade(r);
  else if (type == "state_machine") node = BuildStateMachine(r);
  else if (type == "mirror") node = BuildMirror(r);
  r.Finish();
  building_.pop_back();
  entry.building = false;
  entry.node = node;
}

const Clip& GraphBuilder::ReadClip(ObjectReader& r) {
  const std::string name = r.String("clip");
  const int index = model_.FindClip(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const Clip& c : model_.clips) names.push_back(c.Name());
    r.Fail("clip", "unknown clip " + Quote(name) + " (the model has: " + NameList(names) + ")");
  }
  return model_.clips[index];
}

int GraphBuilder::FindJoint(const std::string& name, const std::string& where) const {
  const int joint = skeleton_.FindJoint(name);
  if (joint < 0) {
    const auto names = skeleton_.JointNames();
    Fail(where + ": unknown joint " + Quote(name) + " (the skeleton has: " +
         NameList(std::vector<std::string>(names.begin(), names.end())) + ")");
  }
  return joint;
}

Node* GraphBuilder::BuildClip(ObjectReader& r, NodeEntry& entry) {
  const Clip& clip = ReadClip(r);
  ClipNodeOptions options;
  options.loop = static_cast<LoopMode>(r.Choice("loop", kLoopModes, 0));
  options.rate = ReadFloatInput(r, "rate", 1.0f, -kMaxRate, kMaxRate);
  options.root_motion = r.Bool("root_motion", false);
  if (r.Has("root_joint")) {
    if (!options.root_motion) r.Fail("root_joint", "needs \"root_motion\": true");
    options.root_joint = FindJoint(r.String("root_joint"), r.Where() + ": root_joint");
  } else if (options.root_motion && skeleton_.JointCount() == 0) {
    r.Fail("root_motion", "the model has no joints");
  }
  entry.clip = &clip;
  return graph_->Add<ClipNode>(building_.back(), skeleton_, clip, options);
}

Node* GraphBuilder::BuildSingleFrame(ObjectReader& r) {
  const Clip& clip = ReadClip(r);
  const float phase = r.Number("phase", 0.0f, 0.0f, 1.0f);
  return graph_->Add<SingleFrameNode>(building_.back(), skeleton_, clip, phase);
}

Node* GraphBuilder::BuildBlend2(ObjectReader& r) {
  const Json& inputs = r.Array("inputs", 2, 2);
  Node* in[2];
  for (int i = 0; i < 2; ++i) {
    const std::string where = r.Where() + ": inputs[" + std::to_string(i) + "]";
    in[i] = Use(ExpectString(inputs[i], where), where, Role(r, "inputs", i)).node;
  }
  const FloatInput t = ReadFloatInput(r, "weight", std::nullopt, 0.0f, 1.0f);
  const bool sync = r.Bool("sync", false);
  return graph_->Add<Blend2Node>(building_.back(), skeleton_, in[0], in[1], t, sync);
}

Node* GraphBuilder::BuildBlendN(ObjectReader& r) {
  const Json& list = r.Array("inputs", 1, GraphLimits::kMaxInputs);
  std::vector<Node*> inputs;
  std::vector<FloatInput> weights;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader in(list[i], r.Where() + ": inputs[" + std::to_string(i) + "]");
    inputs.push_back(Reference(in, "node", Role(r, "inputs", static_cast<int>(i))).node);
    weights.push_back(ReadFloatInput(in, "weight", std::nullopt, 0.0f, kMaxMagnitude));
    in.Finish();
  }
  const bool sync = r.Bool("sync", false);
  return graph_->Add<BlendNNode>(building_.back(), skeleton_, std::move(inputs),
                                 std::move(weights), sync);
}

float GraphBuilder::ReadPosition(const Json& value, const std::string& where,
                                 const NodeEntry& input) {
  if (!value.is_string()) return ExpectNumber(value, where, -kMaxMagnitude, kMaxMagnitude);
  const std::string text = value.get<std::string>();
  if (text != "speed") {
    Fail(where + ": expected a number or \"speed\" (the clip's own speed), got " + Quote(text));
  }
  if (input.clip == nullptr) {
    Fail(where + ": \"speed\" needs a clip node, but the input is a " + input.type + " node");
  }
  const float speed = input.clip->Speed();
  if (!(speed != 0.0f) || !(std::abs(speed) <= kMaxMagnitude)) {
    Fail(where + ": \"speed\": clip " + Quote(input.clip->Name()) +
         " has no speed (glTF animation extras.speed)");
  }
  return speed;
}

Node* GraphBuilder::BuildBlendSpace1D(ObjectReader& r) {
  const Json& list = r.Array("inputs", 1, GraphLimits::kMaxInputs);
  std::vector<Node*> inputs;
  std::vector<float> positions;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader in(list[i], r.Where() + ": inputs[" + std::to_string(i) + "]");
    const NodeEntry& entry = Reference(in, "node", Role(r, "inputs", static_cast<int>(i)));
    inputs.push_back(entry.node);
    positions.push_back(ReadPosition(in.Required("position"), in.Where() + ": position", entry));
    in.Finish();
  }
  const FloatInput x = ReadFloatInput(r, "x", std::nullopt, -kMaxMagnitude, kMaxMagnitude);
  const bool sync = r.Bool("sync", true);
  BlendSpace1D space;
  std::string error;
  if (!space.Build(positions, &error)) Fail(r.Where() + ": " + error);
  return graph_->Add<BlendSpace1DNode>(building_.back(), skeleton_, std::move(inputs),
                                       std::move(space), x, sync);
}

Node* GraphBuilder::BuildBlendSpace2D(ObjectReader& r) {
  const Json& list = r.Array("inputs", 1, GraphLimits::kMaxInputs);
  std::vector<Node*> inputs;
  std::vector<glm::vec2> points;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader in(list[i], r.Where() + ": inputs[" + std::to_string(i) + "]");
    const NodeEntry& entry = Reference(in, "node", Role(r, "inputs", static_cast<int>(i)));
    inputs.push_back(entry.node);
    const Json& p = in.Required("position");
    if (!p.is_array() || p.size() != 2) {
      in.Fail("position", "expected [x, y], got " + (p.is_array() ? "an array of " +
                                                                       std::to_string(p.size())
                                                                 : TypeName(p)));
    }
    points.emplace_back(ReadPosition(p[0], in.Where() + ": position[0]", entry),
                        ReadPosition(p[1], in.Where() + ": position[1]", entry));
    in.Finish();
  }
  const FloatInput x = ReadFloatInput(r, "x", std::nullopt, -kMaxMagnitude, kMaxMagnitude);
  const FloatInput y = ReadFloatInput(r, "y", std::nullopt, -kMaxMagnitude, kMaxMagnitude);
  const bool grid = r.Choice("mode", kBlendSpaceModes, 0) == 1;
  const bool sync = r.Bool("sync", true);
  BlendSpace2D space;
  std::string error;
  if (!(grid ? space.BuildGrid(points, &error) : space.Build(points, &error))) {
    Fail(r.Where() + ": " + error);
  }
  return graph_->Add<BlendSpace2DNode>(building_.back(), skeleton_, std::move(inputs),
                                       std::move(space), x, y, sync);
}

Node* GraphBuilder::BuildFeatherBlend(ObjectReader& r) {
  Node* base = Reference(r, "base", Role(r, "base")).node;
  Node* over = Reference(r, "over", Role(r, "over")).node;
  JointMask mask = ReadMask(r.Required("mask"), r.Where());
  const FloatInput t = ReadFloatInput(r, "weight", 1.0f, 0.0f, 1.0f);
  return graph_->Add<FeatherBlendNode>(building_.back(), skeleton_, base, over, std::move(mask),
                                       t);
}

std::optional<Pose> GraphBuilder::ReadReference(ObjectReader& r, const NodeEntry& additive) {
  const int kind = r.Choice("reference", kReferences, -1);
  if (kind < 0) r.Required("reference");
  if (kind == 0) {
    if (additive.clip == nullptr) {
      r.Fail("reference", "\"first_frame\" needs a clip node as the additive input, got a " +
                              additive.type + " node");
    }
    return MakeAdditivePose(skeleton_, *additive.clip);
  }
  if (additive.type != "subtract") {
    r.Fail("reference", "\"difference\" needs a subtract node as the additive input, got a " +
                            additive.type + " node");
  }
  return std::nullopt;
}

Node* GraphBuilder::BuildAdditive(ObjectReader& r) {
  Node* base = Reference(r, "base", Role(r, "base")).node;
  const NodeEntry& additive = Reference(r, "additive", Role(r, "additive"));
  std::optional<Pose> reference = ReadReference(r, additive);
  const FloatInput weight = ReadFloatInput(r, "weight", 1.0f, 0.0f, 1.0f);
  return graph_->Add<AdditiveNode>(building_.back(), skeleton_, base, additive.node,
                                   std::move(reference), weight);
}

Node* GraphBuilder::BuildSubtract(ObjectReader& r) {
  Node* source = Reference(r, "source", Role(r, "source")).node;
  Node* reference = Reference(r, "reference", Role(r, "reference")).node;
  return graph_->Add<SubtractNode>(building_.back(), skeleton_, source, reference);
}

Node* GraphBuilder::BuildCrossFade(ObjectReader& r) {
  const Json& list = r.Array("inputs", 1, GraphLimits::kMaxInputs);
  std::vector<Node*> inputs;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = r.Where() + ": inputs[" + std::to_string(i) + "]";
    inputs.push_back(Use(ExpectString(list[i], where), where, Role(r, "inputs", i)).node);
  }
  const FloatInput selector = ReadFloatInput(r, "selector", std::nullopt, 0.0f,
                                             static_cast<float>(inputs.size() - 1));
  CrossFadeNodeOptions options;
  options.duration = r.Number("duration", options.duration, 0.0f, kMaxDuration);
  options.ease = ReadEase(r, "ease", options.ease);
  options.mode = static_cast<TransitionMode>(r.Choice("mode", kTransitionModes, 0));
  options.match_phase = r.Bool("match_phase", false);
  return graph_->Add<CrossFadeNode>(building_.back(), skeleton_, std::move(inputs), selector,
                                    options);
}

Node* GraphBuilder::BuildStateMachine(ObjectReader& r) {
  const std::string machine = building_.back();
  const Json& list = r.Array("states", 1, GraphLimits::kMaxInputs);
  std::vector<State> states;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ObjectReader first(list[i], r.Where() + ": states[" + std::to_string(i) + "]");
    const std::string name = first.String("name");
    if (name.empty() || name == "*") {
      first.Fail("name", Quote(name) + " cannot name a state (\"*\" means any state)");
    }
    for (const State& s : states) {
      if (s.name == name) Fail(r.Where() + ": two states are named " + Quote(name));
    }
    ObjectReader in(list[i], r.Where() + ": state " + Quote(name));
    in.Has("name");
    states.push_back(State{name, Reference(in, "node", r.Where() + " (state " + Quote(name) + ")").node});
    names.push_back(name);
    in.Finish();
  }
  int default_state = 0;
  if (r.Has("default")) {
    const std::string name = r.String("default");
    default_state = -1;
    for (int i = 0; i < static_cast<int>(states.size()); ++i) {
      if (states[i].name == name) default_state = i;
    }
    if (default_state < 0) {
      r.Fail("default", "unknown state " + Quote(name) + " (states: " + NameList(names) + ")");
    }
  }
  std::vector<Transition> transitions;
  if (r.Has("transitions")) {
    const Json& tl = r.Array("transitions", 0, GraphLimits::kMaxTransitions);
    for (std::size_t i = 0; i < tl.size(); ++i) {
      transitions.push_back(
          ReadTransition(tl[i], r.Where() + ": transitions[" + std::to_string(i) + "]", states));
    }
  }
  auto* node = graph_->Add<StateMachineNode>(machine, skeleton_, std::move(states),
                                             std::move(transitions), default_state);
  if (std::string problem = node->Validate(graph_->Params()); !problem.empty()) {
    Fail(r.Where() + ": " + problem);
  }
  return node;
}

Node* GraphBuilder::BuildMirror(ObjectReader& r) {
  Node* input = Reference(r, "input", Role(r, "input")).node;
  const auto axis = static_cast<MirrorAxis>(r.Choice("axis", kMirrorAxes, 0));
  const bool correct_bind = r.Bool("correct_bind", true);
  MirrorMap map;
  std::string error;
  if (!map.Build(skeleton_, &error, axis, correct_bind)) Fail(r.Where() + ": " + error);
  return graph_->Add<MirrorNode>(building_.back(), skeleton_, input, std::move(map));
}

Transition GraphBuilder::ReadTransition(const Json& value, const std::string& where,
                                        const std::vector<State>& states) {
  ObjectReader r(value, where);
  auto state = [&](std::string_view key) {
    const std::string name = r.String(key);
    for (int i = 0; i < static_cast<int>(states.size()); ++i) {
      if (states[i].name == name) return i;
    }
    if (key == "from" && name == "*") return Transition::kAnyState;
    std::vector<std::string> names;
    for (const State& s : states) names.push_back(s.name);
    r.Fail(key, "unknown state " + Quote(name) + " (states: " + NameList(names) +
                    (key == "from" ? ", or \"*\" for any state)" : ")"));
  };
  Transition t;
  t.from = state("from");
  t.to = state("to");
  if (const Json* when = r.Optional("when")) {
    if (when->is_string()) {
      t.conditions.push_back(ParseCondition(when->get<std::string>(), where + ": when"));
    } else {
      const Json& list = r.Array("when", 0, GraphLimits::kMaxConditions);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string w = where + ": when[" + std::to_string(i) + "]";
        t.conditions.push_back(ParseCondition(ExpectString(list[i], w), w));
      }
    }
  }
  t.duration = r.Number("duration", t.duration, 0.0f, kMaxDuration);
  t.ease = ReadEase(r, "ease", t.ease);
  t.mode = static_cast<TransitionMode>(r.Choice("mode", kTransitionModes, 0));
  if (r.Has("exit_window")) {
    const Json& w = r.Array("exit_window", 2, 2);
    t.exit_begin = ExpectNumber(w[0], where + ": exit_window[0]", 0.0f, 1.0f);
    t.exit_end = ExpectNumber(w[1], where + ": exit_window[1]", 0.0f, 1.0f);
    if (t.exit_begin > t.exit_end) r.Fail("exit_window", "begins after it ends");
  }
  t.interrupt = static_cast<InterruptRule>(r.Choice("interrupt", kInterrupts, 0));
  t.start_phase = r.Number("start_phase", 0.0f, 0.0f, 1.0f);
  t.match_phase = r.Bool("match_phase", false);
  if (t.match_phase && r.Has("start_phase")) {
    r.Fail("start_phase", "has no effect with \"match_phase\": true");
  }
  t.allow_self = r.Bool("allow_self", false);
  if (t.allow_self && t.from != Transition::kAnyState) {
    r.Fail("allow_self", "only applies to transitions from \"*\" (any state)");
  }
  r.Finish();
  return t;
}

int GraphBuilder::FindParam(std::string_view name, const std::string& where) const {
  const ParameterSet& params = graph_->Params();
  const int id = params.Find(name);
  if (id < 0) {
    std::vector<std::string> names;
    for (int i = 0; i < params.Count(); ++i) names.push_back(params.Name(i));
    Fail(where + ": unknown parameter " + Quote(name) + " (parameters: " + NameList(names) + ")");
  }
  return id;
}

FloatInput GraphBuilder::ReadFloatInput(ObjectReader& r, std::string_view key,
                                        std::optional<float> fallback, float min, float max) {
  const Json* v = r.Optional(key);
  const std::string where = r.Where() + ": " + std::string(key);
  if (v == nullptr) {
    if (!fallback) r.Required(key);
    return FloatInput{-1, *fallback};
  }
  if (v->is_number()) return FloatInput{-1, ExpectNumber(*v, where, min, max)};
  if (!v->is_string()) {
    Fail(where + ": expected a number or a float parameter's name, got " + TypeName(*v));
  }
  const int id = FindParam(v->get<std::string>(), where);
  const ParamType type = graph_->Params().Type(id);
  if (type != ParamType::kFloat) {
    Fail(where + ": parameter " + Quote(v->get<std::string>()) + " is a " + ParamTypeName(type) +
         ", a float parameter is needed here");
  }
  return FloatInput{id, 0.0f};
}

// "<param>", "!<param>" or "<param> <op> <number>" (docs/graph_format.md).
Condition GraphBuilder::ParseCondition(const std::string& text, const std::string& where) const {
  const std::string at = where + " " + Quote(text);
  std::string_view s = Trim(text);
  if (s.empty()) Fail(at + ": empty condition");
  const bool negate = s.front() == '!';
  if (negate) s = Trim(s.substr(1));
  std::size_t n = 0;
  while (n < s.size() && IsNameChar(s[n])) ++n;
  const std::string name(s.substr(0, n));
  if (name.empty()) Fail(at + ": expected a parameter name");
  const int id = FindParam(name, at);
  const ParamType type = graph_->Params().Type(id);
  const std::string_view rest = Trim(s.substr(n));
  Condition c;
  c.param = id;
  if (rest.empty()) {
    if (type == ParamType::kFloat) {
      Fail(at + ": parameter " + Quote(name) + " is a float: compare it with a number, e.g. '" +
           name + " > 0.5'");
    }
    if (type == ParamType::kTrigger && negate) {
      Fail(at + ": trigger " + Quote(name) + " cannot be negated (test '" + name +
           "': it holds the update it is fired)");
    }
    c.op = type == ParamType::kTrigger ? CompareOp::kTriggered
                                       : (negate ? CompareOp::kIsFalse : CompareOp::kIsTrue);
    return c;
  }
  if (negate) Fail(at + ": '!' goes with a bool parameter alone, e.g. '!grounded'");
  static constexpr std::pair<const char*, CompareOp> kOps[] = {
      {">=", CompareOp::kGreaterEqual}, {"<=", CompareOp::kLessEqual}, {"==", CompareOp::kEqual},
      {"!=", CompareOp::kNotEqual},     {">", CompareOp::kGreater},     {"<", CompareOp::kLess}};
  std::string_view number;
  bool found = false;
  for (const auto& [op, value] : kOps) {
    if (rest.substr(0, std::strlen(op)) == op) {
      c.op = value;
      number = Trim(rest.substr(std::strlen(op)));
      found = true;
      break;
    }
  }
  if (!found) Fail(at + ": expected one of > < >= <= == != after " + Quote(name));
  if (type != ParamType::kFloat) {
    Fail(at + ": parameter " + Quote(name) + " is a " + ParamTypeName(type) +
         "; only floats are compared (test '" + name + "'" +
         (type == ParamType::kBool ? " or '!" + name + "'" : std::string()) + ")");
  }
  float value = 0.0f;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || ec == std::errc::invalid_argument || end != number.data() + number.size()) {
    Fail(at + ": expected a number after the operator, got " + Quote(number));
  }
  if (ec == std::errc::result_out_of_range || !(std::abs(value) <= kMaxMagnitude)) {
    Fail(at + ": " + std::string(number) + " is out of range [-1e+06, 1e+06]");
  }
  c.value = value;
  return c;
}

EaseCurve GraphBuilder::ReadEase(ObjectReader& r, std::string_view key, EaseCurve fallback) {
  const Json* v = r.Optional(key);
  if (v == nullptr) return fallback;
  if (v->is_array()) {  // [b1, b2]: a cubic Bezier's inner control values
    const Json& a = r.Array(key, 2, 2);
    const std::string where = r.Where() + ": " + std::string(key);
    return EaseCurve::Bezier(ExpectNumber(a[0], where + "[0]", -10.0f, 10.0f),
                             ExpectNumber(a[1], where + "[1]", -10.0f, 10.0f));
  }
  switch (r.Choice(key, kEaseNames, 0)) {
    case 0: return EaseCurve::Linear();
    case 1: return EaseCurve::SmoothStep();
    case 2: return EaseCurve::EaseIn();
    case 3: return EaseCurve::EaseOut();
    default: return EaseCurve::EaseInOut();
  }
}

JointMask GraphBuilder::ReadMask(const Json& value, const std::string& where) {
  ObjectReader m(value, where + ": mask");
  const bool has_root = m.Has("root"), has_weights = m.Has("weights");
  if (has_root == has_weights) {
    Fail(m.Where() + ": needs exactly one of 'root' (a joint, with optional 'falloff') and " +
         "'weights' (joint name -> weight)");
  }
  JointMask mask;
  if (has_root) {
    const int root = FindJoint(m.String("root"), m.Where() + ": root");
    const int falloff = m.Integer("falloff", 0, 0, kMaxFalloff);
    mask = MakeMaskFromRoot(skeleton_, root, falloff);
  } else {
    if (m.Has("falloff")) m.Fail("falloff", "only goes with 'root'");
    const Json& weights = m.Required("weights");
    if (!weights.is_object()) m.Fail("weights", "expected an object, got " + TypeName(weights));
    std::vector<float> w(skeleton_.JointCount(), 0.0f);
    for (auto it = weights.begin(); it != weights.end(); ++it) {
      const std::string at = m.Where() + ": weights";
      w[FindJoint(it.key(), at)] = ExpectNumber(it.value(), at + "." + it.key(), 0.0f, 1.0f);
    }
    mask = MakeMaskFromWeights(skeleton_, w);
  }
  m.Finish();
  return mask;
}

std::unique_ptr<AnimationGraph> Load(std::string_view text, std::string_view source,
                                     const Model& model, std::string* error) {
  auto fail = [&](const std::string& message) -> std::unique_ptr<AnimationGraph> {
    if (error != nullptr) *error = std::string(source) + ": " + message;
    return nullptr;
  };
  if (text.size() > GraphLimits::kMaxBytes) {
    return fail("the description is " + std::to_string(text.size()) + " bytes, at most " +
                std::to_string(GraphLimits::kMaxBytes) + " are accepted");
  }
  try {
    const Json doc = graph_json::Parse(text, GraphLimits::kMaxJsonDepth);
    return GraphBuilder(doc, model).Build();
  } catch (const DescriptionError& e) {
    return fail(e.message);
  } catch (const std::bad_alloc&) {
    return fail("out of memory while building the graph");
  }
}

}  // namespace

std::unique_ptr<AnimationGraph> LoadAnimationGraphFromText(std::string_view json,
                                                           std::string_view source_name,
                                                           const Model& model,
                                                           std::string* error) {
  return Load(json, source_name, model, error);
}

std::unique_ptr<AnimationGraph> LoadAnimationGraph(const std::string& path, const Model& model,
                                                   std::string* error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    if (error != nullptr) *error = path + ": cannot open the file (" + std::strerror(errno) + ")";
    return nullptr;
  }
  file.seekg(0, std::ios::end);
  const std::streamoff size = file.tellg();
  file.seekg(0, std::ios::beg);
  if (size < 0 || static_cast<std::uint64_t>(size) > GraphLimits::kMaxBytes) {
    if (error != nullptr) {
      *error = path + ": " + (size < 0 ? std::string("cannot tell the file's size")
                                       : "the file is " + std::to_string(size) +
                                             " bytes, at most " +
                                             std::to_string(GraphLimits::kMaxBytes) +
                                             " are accepted");
    }
    return nullptr;
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!file.read(text.data(), size)) {
    if (error != nullptr) *error = path + ": read error (" + std::strerror(errno) + ")";
    return nullptr;
  }
  return Load(text, path, model, error);
}

}  // namespace anim
