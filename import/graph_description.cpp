#include "import/graph_description.h"

#include <new>
#include <vector>

#include "anim/blending/additive.h"
#include "import/graph_description_builder.h"
#include "import/graph_description_params.h"
#include "import/regular_file.h"

namespace anim {
namespace graph_build {

using graph_json::ExpectNumber;
using graph_json::ExpectString;
using graph_json::Fail;
using graph_json::NameList;
using graph_json::TypeName;

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
  // The runtime's own check of what was built (GraphDefinition::Validate):
  // everything it tests the reader has reported already, by file name and
  // field, so this fires only if the two ever disagree.
  if (std::string problem = graph_->Definition().Validate(); !problem.empty()) Fail(problem);
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
    entry.kind = type;
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

NodeEntry& GraphBuilder::Reference(ObjectReader& r, std::string_view key, const std::string& user) {
  return Use(r.String(key), r.Where() + ": " + std::string(key), user);
}

void GraphBuilder::BuildNode(const std::string& name) {
  NodeEntry& entry = nodes_.at(name);
  if (static_cast<int>(building_.size()) >= GraphLimits::kMaxNodeDepth) {
    Fail("nodes nest more than " + std::to_string(GraphLimits::kMaxNodeDepth) + " levels deep (" +
         building_.front() + " -> " + building_[1] + " -> ... -> " + building_.back() + " -> " +
         name + ")");
  }
  entry.building = true;
  building_.push_back(name);
  ObjectReader r(*entry.json, "node " + Quote(name));
  r.Has("type");
  Node* node = nullptr;
  switch (entry.kind) {  // kNodeTypes order
    case 0: node = BuildClip(r); break;
    case 1: node = BuildSingleFrame(r); break;
    case 2: node = BuildBlend2(r); break;
    case 3: node = BuildBlendN(r); break;
    case 4: node = BuildBlendSpace1D(r); break;
    case 5: node = BuildBlendSpace2D(r); break;
    case 6: node = BuildFeatherBlend(r); break;
    case 7: node = BuildAdditive(r); break;
    case 8: node = BuildSubtract(r); break;
    case 9: node = BuildCrossFade(r); break;
    case 10: node = BuildStateMachine(r); break;
    case 11: node = BuildMirror(r); break;
  }
  static_assert(std::size(kNodeTypes) == 12, "a node type without a builder");
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
  const int id = FindParam(graph_->Params(), v->get<std::string>(), where);
  const ParamType type = graph_->Params().Type(id);
  if (type != ParamType::kFloat) {
    Fail(where + ": parameter " + Quote(v->get<std::string>()) + " is a " + ParamTypeName(type) +
         ", a float parameter is needed here");
  }
  return FloatInput{id, 0.0f};
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

std::optional<SoaPose> GraphBuilder::ReadReference(ObjectReader& r, const NodeEntry& additive) {
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

}  // namespace graph_build

namespace {

using graph_build::GraphBuilder;
using graph_build::Json;
using graph_json::DescriptionError;

std::unique_ptr<AnimationGraph> Load(std::string_view text, std::string_view source,
                                     const Model& model, std::string* error,
                                     const GraphClipOptions& clips) {
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
    return GraphBuilder(doc, model, clips).Build();
  } catch (const DescriptionError& e) {
    return fail(e.message);
  } catch (const std::bad_alloc&) {
    return fail("out of memory while building the graph");
  }
}

}  // namespace

std::unique_ptr<AnimationGraph> LoadAnimationGraphFromText(std::string_view json,
                                                           std::string_view source_name,
                                                           const Model& model, std::string* error,
                                                           const GraphClipOptions& clips) {
  return Load(json, source_name, model, error, clips);
}

std::unique_ptr<AnimationGraph> LoadAnimationGraph(const std::string& path, const Model& model,
                                                   std::string* error,
                                                   const GraphClipOptions& clips) {
  // A FIFO, a folder or a special file is refused before anything is read
  // (opening a FIFO would otherwise wait for a writer forever).
  std::vector<unsigned char> bytes;
  std::string problem;
  try {
    if (!ReadRegularFile(path, GraphLimits::kMaxBytes, &bytes, &problem)) {
      if (error != nullptr) *error = path + ": " + problem;
      return nullptr;
    }
  } catch (const std::bad_alloc&) {
    if (error != nullptr) *error = path + ": out of memory while reading the file";
    return nullptr;
  }
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return Load(text, path, model, error, clips);
}

}  // namespace anim
