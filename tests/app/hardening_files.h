// Test helper: the inputs of the third hardening pass, written by the tests
// into their temporary folder (never committed): skeletons as deep and as
// large as the importer accepts, GLB containers whose chunks lie, and
// references that are negative. Each is built from glTF 2.0's text here,
// independently of the importer.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/import/gltf_builder.h"

namespace hardening {

// A chain of `joints` joints, each 1 cm above its parent, skinning one
// triangle; joints [0, animated) turn about z over one second in `keys`
// LINEAR keys (four phases, so neighbours differ). The first joint is the
// root, so an animated root moves the whole chain.
inline std::string ChainGltf(int joints, int animated, int keys) {
  gltf_test::GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 0.1f, 0, 0, 0, 0.1f, 0}, "VEC3");
  const int joint_ids = b.AddU8(std::vector<std::uint8_t>(12, 0), "VEC4", false);
  const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  std::vector<float> times;
  for (int k = 0; k < keys; ++k)
    times.push_back(static_cast<float>(k) / static_cast<float>(keys - 1));
  const int input = b.AddFloats(times, "SCALAR");
  std::vector<int> outputs;
  for (int phase = 0; phase < 4; ++phase) {
    std::vector<float> rotations;
    for (int k = 0; k < keys; ++k) {
      const float angle = 0.05f * std::sin(6.2831853f * (times[k] + 0.25f * phase));
      rotations.insert(rotations.end(), {0, 0, std::sin(angle / 2), std::cos(angle / 2)});
    }
    outputs.push_back(b.AddFloats(rotations, "VEC4"));
  }
  std::string nodes, skin_joints, samplers, channels;
  nodes.reserve(static_cast<std::size_t>(joints) * 64);
  for (int j = 0; j < joints; ++j) {
    const std::string child = j + 1 < joints ? ",\"children\":[" + std::to_string(j + 1) + "]" : "";
    nodes += "{\"name\":\"j" + std::to_string(j) + "\",\"translation\":[0,0.01,0]" + child + "},";
    skin_joints += (j ? "," : "") + std::to_string(j);
  }
  nodes += "{\"mesh\":0,\"skin\":0}";
  for (int phase = 0; phase < 4; ++phase) {
    samplers += std::string(phase ? "," : "") + "{\"input\":" + std::to_string(input) +
                ",\"output\":" + std::to_string(outputs[phase]) + "}";
  }
  for (int j = 0; j < animated; ++j) {
    channels += std::string(j ? "," : "") + "{\"sampler\":" + std::to_string(j % 4) +
                ",\"target\":{\"node\":" + std::to_string(j) + ",\"path\":\"rotation\"}}";
  }
  const std::string rest = "\"scene\":0,\"scenes\":[{\"nodes\":[0," + std::to_string(joints) +
                           "]}],\"nodes\":[" + nodes + "],\"skins\":[{\"joints\":[" + skin_joints +
                           "]}],\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":" +
                           std::to_string(positions) +
                           ",\"JOINTS_0\":" + std::to_string(joint_ids) +
                           ",\"WEIGHTS_0\":" + std::to_string(weights) + "}}]}]" +
                           (animated > 0 ? ",\"animations\":[{\"name\":\"curl\",\"samplers\":[" +
                                               samplers + "],\"channels\":[" + channels + "]}]"
                                         : std::string());
  return b.EmbeddedJson(rest);
}

// A small animated chain (3 joints) as JSON whose animation channel 0
// targets node `target_node` (any number, as text).
inline std::string ChainWithTarget(const std::string& target_node) {
  std::string json = ChainGltf(3, 1, 3);
  const std::string channel = "\"target\":{\"node\":0,";
  const std::size_t at = json.find(channel);
  return json.replace(at, channel.size(), "\"target\":{\"node\":" + target_node + ",");
}

// Appends a GLB chunk: its declared length, its type and its bytes (the
// declared length may lie about them).
inline void AppendChunk(std::vector<std::uint8_t>& glb, std::uint32_t type,
                        std::vector<std::uint8_t> bytes, std::uint32_t declared_length) {
  const auto u32 = [&glb](std::uint32_t v) {
    for (int k = 0; k < 4; ++k) glb.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  };
  u32(declared_length);
  u32(type);
  glb.insert(glb.end(), bytes.begin(), bytes.end());
}

// Sets a GLB's header length to its size.
inline void FixGlbLength(std::vector<std::uint8_t>& glb) {
  const auto size = static_cast<std::uint32_t>(glb.size());
  for (int k = 0; k < 4; ++k) glb[8 + k] = static_cast<std::uint8_t>(size >> (8 * k));
}

constexpr std::uint32_t kBinChunk = 0x004E4942;

}  // namespace hardening
