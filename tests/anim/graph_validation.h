// The graph's one error convention, as a test reads it: what
// GraphDefinition::Validate says of a definition, checked to be what every
// path that makes characters says (GraphInstance::Create makes nothing and
// gives the same message; CrowdAnimator::PrepareGraphs refuses with it).
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "anim/crowd/crowd_animator.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_instance.h"

namespace anim_test {

inline std::string ValidationErrorOf(const anim::GraphDefinition& d) {
  std::string error = d.Validate();
  std::string create_error;
  EXPECT_EQ(anim::GraphInstance::Create(d, &create_error).has_value(), error.empty());
  EXPECT_EQ(create_error, error);
  anim::CrowdAnimator animator(d.GetSkeleton());
  std::string prepare_error;
  EXPECT_EQ(animator.PrepareGraphs(d, &prepare_error), error.empty());
  EXPECT_EQ(prepare_error, error);
  return error;
}

}  // namespace anim_test
