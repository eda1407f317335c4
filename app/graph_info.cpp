#include "app/graph_info.h"

#include <iostream>
#include <sstream>

#include "anim/graph/clip_node.h"
#include "anim/graph/state_machine.h"
#include "app/headless_commands.h"
#include "app/model_loading.h"
#include "app/terminal_text.h"
#include "import/graph_description.h"

namespace animviewer {
namespace {

std::string InputText(const anim::FloatInput& in, const anim::ParameterSet& params) {
  if (in.param >= 0) return params.Name(in.param);
  std::ostringstream s;
  s << in.constant;
  return s.str();
}

std::string ConditionText(const anim::Condition& c, const anim::ParameterSet& params) {
  const std::string& name = params.Name(c.param);
  switch (c.op) {
    case anim::CompareOp::kIsTrue:
    case anim::CompareOp::kTriggered: return name;
    case anim::CompareOp::kIsFalse: return "!" + name;
    default: {
      std::ostringstream s;
      s << name << " " << anim::CompareOpName(c.op) << " " << c.value;
      return s.str();
    }
  }
}

void DescribeMachine(const anim::StateMachineNode& m, const anim::ParameterSet& params,
                     std::ostream& out) {
  out << "state machine " << m.Name() << " (default " << m.StateAt(m.DefaultState()).name << "):\n";
  for (int i = 0; i < m.StateCount(); ++i) {
    out << "  state " << m.StateAt(i).name << ": node " << m.StateAt(i).node->Name() << "\n";
  }
  for (const anim::Transition& t : m.Transitions()) {
    out << "  " << (t.from == anim::Transition::kAnyState ? "*" : m.StateAt(t.from).name) << " -> "
        << m.StateAt(t.to).name;
    for (std::size_t i = 0; i < t.conditions.size(); ++i) {
      out << (i == 0 ? " when " : ", ") << ConditionText(t.conditions[i], params);
    }
    out << " (" << t.duration << " s, " << anim::EaseKindName(t.ease.kind) << ", "
        << anim::TransitionModeName(t.mode);
    if (t.exit_begin >= 0.0f) out << ", exit window " << t.exit_begin << ".." << t.exit_end;
    if (t.interrupt != anim::InterruptRule::kNone) {
      out << ", interrupt " << anim::InterruptRuleName(t.interrupt);
    }
    out << ")\n";
  }
}

}  // namespace

std::string DescribeGraph(const anim::AnimationGraph& graph) {
  std::ostringstream out;
  const anim::ParameterSet& params = graph.Params();
  out << "parameters (" << params.Count() << "):\n";
  for (int i = 0; i < params.Count(); ++i) {
    out << "  " << params.Name(i) << ": " << anim::ParamTypeName(params.Type(i));
    if (params.Type(i) == anim::ParamType::kFloat) out << " = " << params.Get(i);
    if (params.Type(i) == anim::ParamType::kBool)
      out << " = " << (params.IsSet(i) ? "true" : "false");
    out << "\n";
  }
  out << "nodes (" << graph.NodeCount() << "):\n";
  for (int i = 0; i < graph.NodeCount(); ++i) {
    const anim::Node* node = graph.NodeAt(i);
    out << "  " << node->Name() << ": " << node->Kind();
    if (const auto* clip = dynamic_cast<const anim::ClipNode*>(node)) {
      out << " " << clip->GetClip().Name();
    }
    for (int c = 0; c < node->ChildCount(); ++c) {
      out << (c == 0 ? " <- " : ", ") << node->Child(c)->Name();
    }
    out << "\n";
  }
  for (int i = 0; i < graph.NodeCount(); ++i) {
    if (const auto* m = dynamic_cast<const anim::StateMachineNode*>(graph.NodeAt(i))) {
      DescribeMachine(*m, params, out);
    }
  }
  if (const anim::LayerStack* layers = graph.Layers()) {
    out << "layers (" << layers->LayerCount() << "):\n";
    for (int i = 0; i < layers->LayerCount(); ++i) {
      const anim::Layer& l = layers->LayerAt(i);
      out << "  " << l.name << ": node " << l.root->Name() << ", weight "
          << InputText(l.weight, params)
          << (l.additive ? ", additive" : ", priority " + std::to_string(l.priority))
          << (l.mask ? ", masked" : "") << "\n";
    }
  }
  return out.str();
}

int RunGraphInfo(const Options& options) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), &model, &error)) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    return 1;
  }
  const auto graph = anim::LoadAnimationGraph(options.graph, model, &error);
  if (graph == nullptr) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    return 1;
  }
  std::cout << EscapeControlCharacters("graph " + options.graph + " on " + model.source_path +
                                       "\n" + DescribeGraph(*graph));
  return 0;
}

}  // namespace animviewer
