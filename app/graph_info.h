// --graph FILE: loads a graph description (docs/graph_format.md) against the
// model and prints what it declares, so an author can check a file without
// writing code: parameters, nodes with their inputs, each state machine's
// states and transitions, and the layers.
#pragma once

#include <string>

#include "anim/graph/animation_graph.h"
#include "app/command_line.h"

namespace animviewer {

std::string DescribeGraph(const anim::AnimationGraph& graph);

// Prints the description, or the loader's error (exit code 1).
int RunGraphInfo(const Options& options);

}  // namespace animviewer
