#include "anim/graph/node.h"

#include <algorithm>

namespace anim {

int Node::ScratchDepth() const {
  int depth = 0;
  for (int i = 0; i < ChildCount(); ++i) {
    if (const Node* c = Child(i)) depth = std::max(depth, c->ScratchDepth());
  }
  return depth;
}

void Node::Validate(GraphCheck&) const {}

}  // namespace anim
