// Loads a character's blend trees, state machines and layers from a JSON
// description (docs/graph_format.md) into an anim::AnimationGraph, so the
// animation logic can change without recompiling. Clips, joints and
// parameters are resolved by name once, here; the graph that comes back runs
// every frame without allocating, like one built by hand.
//
// Nothing in the file is trusted: every problem (malformed JSON, a wrong
// type, a missing field, an unknown clip, joint, parameter, node or state, a
// reference cycle, a node used twice, a number out of range, a degenerate
// blend space) is reported as "<source>: <where>: <what>" and no graph is
// returned. Sizes are bounded (GraphLimits) so a hostile file fails fast.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "anim/compression/compressed_clip_sampler.h"
#include "anim/graph/animation_graph.h"
#include "model/model.h"

namespace anim {

// The largest description accepted. Real ones hold tens of nodes and nest
// JSON ~6 levels; the bounds keep a hostile file from costing more than a
// few megabytes or a deep recursion (graph nodes update their inputs
// recursively, so the node depth is also the per-frame stack depth).
struct GraphLimits {
  static constexpr std::size_t kMaxBytes = std::size_t{16} << 20;
  static constexpr int kMaxJsonDepth = 64;
  static constexpr int kMaxNodeDepth = 64;  // longest chain parent -> child -> ...
  static constexpr int kMaxNodes = 1024;
  static constexpr int kMaxParameters = 256;
  static constexpr int kMaxInputs = 256;  // inputs of one blend / states of one machine
  static constexpr int kMaxTransitions = 1024;
  static constexpr int kMaxConditions = 32;
  static constexpr int kMaxLayers = 32;
};

// What the loaded graph's clip and single_frame nodes play: by default the
// model's clips, raw.
struct GraphClipOptions {
  // Asked once per clip or single_frame node for its model clip's compressed
  // form (anim/graph/clip_node.h; anim::CompressedClipSet::For answers it):
  // a form given is sampled instead of the raw clip (it and its decodings
  // are the caller's and must outlive the graph); {} keeps that node raw. A
  // form that does not fit the clip (another joint count or time span,
  // decodings of another clip) fails the load with the node's name.
  std::function<CompressedClipRef(const Clip&)> compressed;
};

// Reads `path` and loads it. The model (its skeleton and clips) must outlive
// the graph. Returns null and sets `error` (may be null) on any problem.
std::unique_ptr<AnimationGraph> LoadAnimationGraph(const std::string& path, const Model& model,
                                                   std::string* error,
                                                   const GraphClipOptions& clips = {});

// Same from text in memory; `source_name` starts every error message.
std::unique_ptr<AnimationGraph> LoadAnimationGraphFromText(std::string_view json,
                                                           std::string_view source_name,
                                                           const Model& model, std::string* error,
                                                           const GraphClipOptions& clips = {});

}  // namespace anim
