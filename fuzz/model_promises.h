// What a successful LoadGltfModel promises: a model the renderer can draw
// without further checks (joints, attribute arrays of one length, indices in
// range, finite positions, each vertex's weights over both influence sets
// summing to 1, materials, images and clips that refer to what exists). The
// fuzzer aborts on a broken promise; RegressionFiles checks every kept input.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include "import/gltf_importer.h"

namespace anim::fuzz {

inline std::string Broken(const char* what, const std::string& detail) {
  return std::string(what) + ": " + detail;
}

inline bool FiniteVec4(const glm::vec4& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

inline std::string BrokenModelPromise(const anim::Model& model) {
  const std::size_t joints = static_cast<std::size_t>(model.skeleton.JointCount());
  if (joints == 0) return Broken("loaded a model without joints", model.source_path);
  for (const anim::MeshPrimitive& mesh : model.primitives) {
    const std::size_t n = mesh.positions.size();
    if (mesh.normals.size() != n || mesh.joints.size() != n || mesh.weights.size() != n ||
        (!mesh.texcoords.empty() && mesh.texcoords.size() != n) ||
        (!mesh.colors.empty() && mesh.colors.size() != n)) {
      return Broken("attribute arrays of different lengths", std::to_string(n));
    }
    if (mesh.indices.size() % 3 != 0) return Broken("index count not a multiple of 3", "");
    for (std::uint32_t i : mesh.indices) {
      if (i >= n) return Broken("index out of range", std::to_string(i));
    }
    // The second influence set (a vertex with five to eight joints) is
    // either absent or as long as the first; the weights of both sum to 1.
    const bool second_set = !mesh.weights1.empty();
    if ((second_set && mesh.weights1.size() != n) || mesh.joints1.size() != mesh.weights1.size()) {
      return Broken("second influence set of a different length", std::to_string(n));
    }
    for (std::size_t v = 0; v < n; ++v) {
      if (!FiniteVec4(glm::vec4(mesh.positions[v], 1.0f))) return Broken("non-finite position", "");
      const glm::vec4& w = mesh.weights[v];
      const glm::vec4 w1 = second_set ? mesh.weights1[v] : glm::vec4(0.0f);
      if (!FiniteVec4(w) || !FiniteVec4(w1) ||
          std::abs(w.x + w.y + w.z + w.w + w1.x + w1.y + w1.z + w1.w - 1.0f) > 1e-3f) {
        return Broken("weights not summing to 1", std::to_string(v));
      }
      for (int k = 0; k < 4; ++k) {
        if (mesh.joints[v][k] >= joints || (second_set && mesh.joints1[v][k] >= joints)) {
          return Broken("joint index out of range", std::to_string(v));
        }
      }
    }
    if (mesh.material >= static_cast<int>(model.materials.size()))
      return Broken("bad material", "");
  }
  for (const anim::Material& material : model.materials) {
    for (const anim::TextureRef* texture : material.Textures()) {
      if (texture->image >= static_cast<int>(model.images.size())) return Broken("bad image", "");
    }
    if (!std::isfinite(material.metallic_factor) || !std::isfinite(material.roughness_factor) ||
        !std::isfinite(material.alpha_cutoff) || !std::isfinite(material.emissive_strength) ||
        !std::isfinite(material.emissive_factor.x) || !std::isfinite(material.emissive_factor.y) ||
        !std::isfinite(material.emissive_factor.z)) {
      return Broken("material factor not finite", material.name);
    }
  }
  for (const anim::Image& image : model.images) {
    if (image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
      return Broken("image size mismatch", "");
    }
  }
  for (const anim::Clip& clip : model.clips) {
    if (!std::isfinite(clip.StartTime()) || !std::isfinite(clip.EndTime()) ||
        clip.EndTime() < clip.StartTime()) {
      return Broken("clip with a bad time range", clip.Name());
    }
    for (const anim::JointTracks& tracks : clip.Tracks()) {
      if (tracks.joint < 0 || static_cast<std::size_t>(tracks.joint) >= joints) {
        return Broken("track of a joint outside the skeleton", clip.Name());
      }
    }
  }
  return "";
}

}  // namespace anim::fuzz
