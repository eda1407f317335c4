// GraphCheck: what a graph definition's Validate() walks the nodes with. It
// collects the first problem found, naming the node and its field, and
// offers the checks every node kind shares. Apart from graph_definition.h,
// so that a node's file needs only this to validate itself.
#pragma once

#include <string>
#include <string_view>

#include "anim/core/skeleton.h"
#include "anim/graph/parameters.h"

namespace anim {

class Node;

// What Validate collects: the first problem found, "node 'name': field: what".
class GraphCheck {
 public:
  GraphCheck(const Skeleton& skeleton, const ParameterSet& params)
      : skeleton_(skeleton), params_(params) {}
  const Skeleton& GetSkeleton() const { return skeleton_; }
  const ParameterSet& Params() const { return params_; }
  int Joints() const { return skeleton_.JointCount(); }

  // Keeps only the first failure.
  void Fail(const Node& node, std::string_view field, std::string_view what);
  void Fail(std::string message);
  // The common field checks: a parameter input's id, a pose's joint count.
  void CheckInput(const Node& node, std::string_view field, const FloatInput& in);
  void CheckJointCount(const Node& node, std::string_view field, int joints);
  bool Failed() const { return !error_.empty(); }
  const std::string& Error() const { return error_; }

 private:
  const Skeleton& skeleton_;
  const ParameterSet& params_;
  std::string error_;
};

}  // namespace anim
