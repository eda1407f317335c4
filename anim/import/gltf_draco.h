// Internal to anim_import: KHR_draco_mesh_compression. Debian's tinygltf is
// built without Draco, so the extension's buffer view is decoded here with
// libdraco; attributes come out as the same AccessorData the plain accessor
// path produces, so the mesh code does not care where they came from.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "anim/import/gltf_accessor.h"
#include "anim/import/gltf_context.h"

namespace anim::gltf {

inline constexpr const char* kDracoExtension = "KHR_draco_mesh_compression";

class DracoPrimitive {
 public:
  // Decodes the primitive's Draco buffer view; throws ImportError naming
  // `what` when the extension or the compressed data is malformed.
  DracoPrimitive(const Context& ctx, const tinygltf::Primitive& primitive,
                 const std::string& what);
  ~DracoPrimitive();

  bool Has(const std::string& semantic) const;
  std::size_t VertexCount() const;
  std::vector<std::uint32_t> Indices() const;
  // The attribute `semantic`, converted per `mode` (normalisation is decided
  // by the glTF accessor that describes it, as for uncompressed data).
  AccessorData Read(const Context& ctx, const std::string& semantic, int accessor_index,
                    IntegerMode mode, const std::string& what) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace anim::gltf
