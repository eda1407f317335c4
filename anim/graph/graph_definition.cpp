#include "anim/graph/graph_definition.h"

#include <algorithm>
#include <unordered_map>

#include "anim/core/error_text.h"
#include "anim/graph/graph_instance.h"

namespace anim {

namespace {

// Longest chain root -> input -> ... accepted: nodes update their inputs
// recursively, so this is also the per-frame stack depth.
constexpr int kMaxChain = 64;

}  // namespace

GraphDefinition::GraphDefinition(const Skeleton& skeleton)
    : skeleton_(&skeleton), rest_(skeleton.RestPose()) {}

GraphDefinition::~GraphDefinition() = default;

Node* GraphDefinition::FindNode(std::string_view name) const {
  for (const auto& n : nodes_) {
    if (n->Name() == name) return n.get();
  }
  return nullptr;
}

bool GraphDefinition::Owns(const Node* node) const {
  return std::any_of(nodes_.begin(), nodes_.end(),
                     [&](const std::unique_ptr<Node>& n) { return n.get() == node; });
}

void GraphDefinition::LayOut(Node& node) {
  ++version_;
  if (node.StateBytes() == 0) return;
  const std::size_t align = std::max<std::size_t>(node.StateAlign(), 1);
  const std::size_t offset = (state_bytes_ + align - 1) / align * align;
  node.SetStateOffset(offset);
  state_bytes_ = offset + node.StateBytes();
  stateful_.push_back(&node);
}

void GraphDefinition::SetRoot(Node* root) {
  root_ = root;
  layers_ = nullptr;
  ++version_;
}

void GraphDefinition::SetLayers(std::vector<Layer> layers) {
  root_ = nullptr;
  layer_stacks_.push_back(std::make_unique<LayerStack>(*skeleton_, std::move(layers)));
  layers_ = layer_stacks_.back().get();
  LayOut(*layers_);
}

const Node* GraphDefinition::Top() const {
  if (root_ != nullptr) return root_;
  return layers_;
}

void GraphDefinition::CheckLinks(GraphCheck& check) const {
  // Inputs: each a node of this definition.
  // (A layer may have no root: it contributes nothing.)
  auto check_inputs = [&](const Node& n, bool null_allowed) {
    for (int i = 0; i < n.ChildCount(); ++i) {
      const Node* c = n.Child(i);
      const std::string field = "input " + std::to_string(i);
      if (c == nullptr) {
        if (null_allowed) continue;
        check.Fail(n, field, "is missing (null)");
      } else if (!Owns(c)) {
        check.Fail(n, field, "is not a node of this graph (made by another graph, or freed)");
      }
    }
  };
  for (const auto& n : nodes_) check_inputs(*n, false);
  if (layers_ != nullptr) check_inputs(*layers_, true);
  if (root_ != nullptr && !Owns(root_)) check.Fail("the root is not a node of this graph");
  if (check.Failed()) return;
  // Cycles and chain length: depth-first from every node, the path
  // coloured, each node's height (the longest chain from it down) kept.
  std::unordered_map<const Node*, int> height;  // -1 while on the path
  std::vector<const Node*> path;
  auto visit = [&](auto&& self, const Node* n) -> int {
    if (check.Failed()) return 0;
    if (const auto found = height.find(n); found != height.end()) {
      if (found->second >= 0) return found->second;
      std::string cycle;
      const auto from = std::find(path.begin(), path.end(), n);
      for (auto it = from; it != path.end(); ++it) cycle += Quoted((*it)->Name()) + " -> ";
      check.Fail(*n, "inputs",
                 "is its own input through " + cycle + Quoted(n->Name()) + " (a cycle)");
      return 0;
    }
    // A chain built top-down (each node made before its input) is walked
    // in one descent: stop at the limit instead of recursing as deep as
    // the graph goes.
    if (path.size() >= static_cast<std::size_t>(kMaxChain)) {
      check.Fail(*path.front(), "inputs",
                 "heads a chain of more than " + std::to_string(kMaxChain) + " nodes, at most " +
                     std::to_string(kMaxChain) + " are accepted");
      return 0;
    }
    height[n] = -1;
    path.push_back(n);
    int below = 0;
    for (int i = 0; i < n->ChildCount(); ++i) {
      if (n->Child(i) != nullptr) below = std::max(below, self(self, n->Child(i)));
    }
    path.pop_back();
    height[n] = below + 1;
    if (below + 1 > kMaxChain && !check.Failed()) {
      check.Fail(*n, "inputs",
                 "heads a chain of " + std::to_string(below + 1) + " nodes, at most " +
                     std::to_string(kMaxChain) + " are accepted");
    }
    return below + 1;
  };
  for (const auto& n : nodes_) visit(visit, n.get());
  if (layers_ != nullptr) visit(visit, layers_);
}

std::string GraphDefinition::Validate() const {
  GraphCheck check(*skeleton_, params_);
  if (Top() == nullptr) return "the graph has no root node and no layers";
  CheckLinks(check);
  if (check.Failed()) return check.Error();
  for (const auto& n : nodes_) {
    n->Validate(check);
    if (check.Failed()) return check.Error();
  }
  if (layers_ != nullptr) layers_->Validate(check);
  return check.Error();
}

int GraphDefinition::ScratchDepth() const {
  if (!Validate().empty()) return 0;
  return Top()->ScratchDepth();
}

int GraphDefinition::BlendFanIn() const {
  int fan_in = layers_ != nullptr ? layers_->BlendFanIn() : 0;
  for (const auto& n : nodes_) fan_in = std::max(fan_in, n->BlendFanIn());
  return fan_in;
}

}  // namespace anim
