// One builder per node type of the graph description format
// (docs/graph_format.md): each reads its fields, resolves its inputs through
// Reference/Use (which builds them first) and adds the node to the graph.
#include <cmath>

#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "import/graph_description_builder.h"
#include "import/graph_description_params.h"

namespace anim::graph_build {

using graph_json::DescriptionError;
using graph_json::ExpectNumber;
using graph_json::ExpectString;
using graph_json::Fail;
using graph_json::NameList;
using graph_json::TypeName;

namespace {

// A transition's "mode"; an inertial one is not a weighted fade, so an
// "ease" next to it would be silently ignored: refuse it instead.
TransitionMode ReadTransitionMode(ObjectReader& r) {
  const auto mode = static_cast<TransitionMode>(r.Choice("mode", kTransitionModes, 0));
  if (mode == TransitionMode::kInertial && r.Has("ease")) {
    r.Fail("ease",
           "has no effect with \"mode\": \"inertial\" (the offset decays along a fixed "
           "polynomial)");
  }
  return mode;
}

}  // namespace

Node* GraphBuilder::BuildClip(ObjectReader& r) {
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
  options.compressed = CompressedFormOf(clip);
  nodes_.at(building_.back()).clip = &clip;  // for "speed" positions and "first_frame"
  return graph_->Add<ClipNode>(building_.back(), skeleton_, clip, options);
}

Node* GraphBuilder::BuildSingleFrame(ObjectReader& r) {
  const Clip& clip = ReadClip(r);
  const float phase = r.Number("phase", 0.0f, 0.0f, 1.0f);
  return graph_->Add<SingleFrameNode>(building_.back(), skeleton_, clip, phase,
                                      CompressedFormOf(clip));
}

CompressedClipRef GraphBuilder::CompressedFormOf(const Clip& clip) const {
  return clips_.compressed ? clips_.compressed(clip) : CompressedClipRef{};
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
  return graph_->Add<BlendNNode>(building_.back(), skeleton_, std::move(inputs), std::move(weights),
                                 sync);
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
      in.Fail("position",
              "expected [x, y], got " +
                  (p.is_array() ? "an array of " + std::to_string(p.size()) : TypeName(p)));
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
  return graph_->Add<FeatherBlendNode>(building_.back(), skeleton_, base, over, std::move(mask), t);
}

Node* GraphBuilder::BuildAdditive(ObjectReader& r) {
  Node* base = Reference(r, "base", Role(r, "base")).node;
  const NodeEntry& additive = Reference(r, "additive", Role(r, "additive"));
  std::optional<SoaPose> reference = ReadReference(r, additive);
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
  const FloatInput selector =
      ReadFloatInput(r, "selector", std::nullopt, 0.0f, static_cast<float>(inputs.size() - 1));
  CrossFadeNodeOptions options;
  options.duration = r.Number("duration", options.duration, 0.0f, kMaxDuration);
  options.ease = ReadEase(r, "ease", options.ease);
  options.mode = ReadTransitionMode(r);
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
    states.push_back(
        State{name, Reference(in, "node", r.Where() + " (state " + Quote(name) + ")").node});
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
    names.reserve(states.size());
    for (const State& s : states) names.push_back(s.name);
    r.Fail(key, "unknown state " + Quote(name) + " (states: " + NameList(names) +
                    (key == "from" ? ", or \"*\" for any state)" : ")"));
  };
  Transition t;
  t.from = state("from");
  t.to = state("to");
  if (const Json* when = r.Optional("when")) {
    if (when->is_string()) {
      t.conditions.push_back(
          ParseCondition(graph_->Params(), when->get<std::string>(), where + ": when"));
    } else {
      const Json& list = r.Array("when", 0, GraphLimits::kMaxConditions);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string w = where + ": when[" + std::to_string(i) + "]";
        t.conditions.push_back(ParseCondition(graph_->Params(), ExpectString(list[i], w), w));
      }
    }
  }
  t.duration = r.Number("duration", t.duration, 0.0f, kMaxDuration);
  t.ease = ReadEase(r, "ease", t.ease);
  t.mode = ReadTransitionMode(r);
  if (r.Has("exit_window")) {
    const Json& w = r.Array("exit_window", 2, 2);
    t.exit_begin = ExpectNumber(w[0], where + ": exit_window[0]", 0.0f, 1.0f);
    t.exit_end = ExpectNumber(w[1], where + ": exit_window[1]", 0.0f, 1.0f);
    if (t.exit_begin > t.exit_end) r.Fail("exit_window", "begins after it ends");
  }
  t.interrupt = static_cast<InterruptRule>(r.Choice("interrupt", kInterrupts, 0));
  if (t.mode == TransitionMode::kInertial && r.Has("interrupt")) {
    r.Fail("interrupt",
           "has no effect with \"mode\": \"inertial\" (it is not a fade: any transition may "
           "fire during it)");
  }
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

}  // namespace anim::graph_build
