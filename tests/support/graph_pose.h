// A graph's output as a Pose (array of structures, with the skeleton's
// hierarchy and offsets): what tests compare joint by joint or turn into
// model matrices. The runtime hands out only its own layout
// (AnimationGraph::SoaOutput); this conversion allocates and is for tests.
#pragma once

#include "anim/core/skeleton.h"
#include "anim/graph/animation_graph.h"
#include "anim/offline/pose.h"

namespace test_support {

inline anim::Pose GraphPose(const anim::AnimationGraph& graph) {
  return anim::AsPose(graph.Definition().GetSkeleton(), graph.SoaOutput());
}

}  // namespace test_support
