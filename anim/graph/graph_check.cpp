#include "anim/graph/graph_check.h"

#include <utility>

#include "anim/core/error_text.h"
#include "anim/graph/node.h"

namespace anim {

void GraphCheck::Fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
}

void GraphCheck::Fail(const Node& node, std::string_view field, std::string_view what) {
  std::string m = "node " + Quoted(node.Name()) + " (" + node.Kind() + "): ";
  m.append(field).append(": ").append(what);
  Fail(std::move(m));
}

void GraphCheck::CheckInput(const Node& node, std::string_view field, const FloatInput& in) {
  if (in.param < 0) return;  // a constant
  if (in.param >= params_.Count()) {
    Fail(node, field,
         "reads parameter " + std::to_string(in.param) + ", but the graph has " +
             std::to_string(params_.Count()) + " parameters");
  }
}

void GraphCheck::CheckJointCount(const Node& node, std::string_view field, int joints) {
  if (joints != Joints()) {
    Fail(node, field,
         "made for " + std::to_string(joints) + " joints, the skeleton has " +
             std::to_string(Joints()));
  }
}

}  // namespace anim
