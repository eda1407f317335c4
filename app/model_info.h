// The text printed by --info: the skeleton as an indented tree and every
// clip's name, duration and key counts.
#pragma once

#include <cstddef>
#include <string>

#include "model/model.h"

namespace animviewer {

// `load_memory_limit`: --max-load-memory in bytes (the compression report
// lists clips too large to compress within it).
std::string DescribeModel(const anim::Model& model, std::size_t load_memory_limit);

// Trees deeper than this are printed with the indentation of this level, so
// a chain of thousands of joints stays readable (the depth column says where
// each joint is).
inline constexpr int kMaxTreeIndent = 32;

// The skeleton as a tree, a line per joint: its depth, indentation (two
// spaces a level, up to kMaxTreeIndent), its index and its name.
std::string DescribeJointTree(const anim::Skeleton& skeleton);

// One line per drawn primitive: the node drawing it, its glTF mesh and
// primitive index, its size, and the joints it follows (one joint: a prop or
// a static mesh, which moves rigidly).
std::string DescribePrimitives(const anim::Model& model);

// Per mesh node with morph targets, the targets' names and default weights
// ("" without any).
std::string DescribeMorphChannels(const anim::Model& model);

// "Running, Jump2, PickUp" (for error messages about unknown clips).
std::string ClipNameList(const anim::Model& model);

}  // namespace animviewer
