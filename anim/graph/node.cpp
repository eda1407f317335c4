#include "anim/graph/node.h"

#include <algorithm>

#include "anim/graph/graph_definition.h"

namespace anim {

const GraphContext* Node::Bound() const {
  return owner_ != nullptr ? owner_->BoundContext() : nullptr;
}

void Node::Reset(float phase) const {
  const GraphContext* c = Bound();
  if (c == nullptr || c->state == nullptr) return;
  GraphContext ctx = *c;  // the bound context is read-only; its state block is not
  ResetIn(phase, ctx);
}

float Node::CycleDuration() const {
  const GraphContext* c = Bound();
  return c != nullptr && c->state != nullptr ? CycleDurationIn(*c) : 0.0f;
}

float Node::Phase() const {
  const GraphContext* c = Bound();
  return c != nullptr && c->state != nullptr ? PhaseIn(*c) : 0.0f;
}

bool Node::IsComplete() const {
  const GraphContext* c = Bound();
  return c != nullptr && c->state != nullptr && IsCompleteIn(*c);
}

int Node::ScratchDepth() const {
  int depth = 0;
  for (int i = 0; i < ChildCount(); ++i) {
    if (const Node* c = Child(i)) depth = std::max(depth, c->ScratchDepth());
  }
  return depth;
}

void Node::Validate(GraphCheck&) const {}

}  // namespace anim
