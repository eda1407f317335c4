// libFuzzer target: any bytes, as a .gltf or .glb file, through the whole
// importer (tinygltf's parser, our checks, mesh/clip/material conversion).
// A crash, a sanitizer report, a hang (-timeout) or a blow-up (-rss_limit_mb)
// is a bug. Beyond "no crash", it checks what LoadGltfModelFromMemory
// promises: a failure names the file, and a success hands back a model the
// renderer can draw without further checks.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "import/gltf_importer.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "gltf_import_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

bool Finite(const glm::vec4& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

void CheckModel(const anim::Model& model) {
  const std::size_t joints = static_cast<std::size_t>(model.skeleton.JointCount());
  if (joints == 0) Fail("loaded a model without joints", model.source_path);
  for (const anim::MeshPrimitive& mesh : model.primitives) {
    const std::size_t n = mesh.positions.size();
    if (mesh.normals.size() != n || mesh.joints.size() != n || mesh.weights.size() != n ||
        (!mesh.texcoords.empty() && mesh.texcoords.size() != n) ||
        (!mesh.colors.empty() && mesh.colors.size() != n)) {
      Fail("attribute arrays of different lengths", std::to_string(n));
    }
    if (mesh.indices.size() % 3 != 0) Fail("index count not a multiple of 3", "");
    for (std::uint32_t i : mesh.indices) {
      if (i >= n) Fail("index out of range", std::to_string(i));
    }
    for (std::size_t v = 0; v < n; ++v) {
      if (!Finite(glm::vec4(mesh.positions[v], 1.0f))) Fail("non-finite position", "");
      const glm::vec4& w = mesh.weights[v];
      if (!Finite(w) || std::abs(w.x + w.y + w.z + w.w - 1.0f) > 1e-3f) {
        Fail("weights not summing to 1", std::to_string(v));
      }
      for (int k = 0; k < 4; ++k) {
        if (mesh.joints[v][k] >= joints) Fail("joint index out of range", std::to_string(v));
      }
    }
    if (mesh.material >= static_cast<int>(model.materials.size())) Fail("bad material", "");
  }
  for (const anim::Material& material : model.materials) {
    if (material.base_color_image >= static_cast<int>(model.images.size())) Fail("bad image", "");
  }
  for (const anim::Image& image : model.images) {
    if (image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
      Fail("image size mismatch", "");
    }
  }
  for (const anim::Clip& clip : model.clips) {
    if (!std::isfinite(clip.StartTime()) || !std::isfinite(clip.EndTime()) ||
        clip.EndTime() < clip.StartTime()) {
      Fail("clip with a bad time range", clip.Name());
    }
    for (const anim::JointTracks& tracks : clip.Tracks()) {
      if (tracks.joint < 0 || static_cast<std::size_t>(tracks.joint) >= joints) {
        Fail("track of a joint outside the skeleton", clip.Name());
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string name =
      size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F'
          ? "fuzz.glb"
          : "fuzz.gltf";
  anim::Model model;
  std::string error;
  // No base directory: the fuzzer must not read files named by its input.
  // Half the default load limit: with AddressSanitizer's shadow memory and
  // quarantine on top, a load at the limit stays under -rss_limit_mb=2048.
  anim::ImportOptions options;
  options.max_load_bytes = anim::kDefaultMaxLoadBytes / 2;
  if (anim::LoadGltfModelFromMemory(name, data, size, "", &model, &error, options)) {
    CheckModel(model);
  } else if (error.rfind(name + ": ", 0) != 0 || error.size() <= name.size() + 2) {
    Fail("failure without a message naming the file", error);
  }
  return 0;
}
