#include "import/gltf_draco.h"

#include <cstdint>
#include <memory>

#include <draco/compression/decode.h>
#include <draco/core/decoder_buffer.h>
#include <draco/mesh/mesh.h>
#include <tiny_gltf.h>
#include <nlohmann/json.hpp>

namespace anim::gltf {

namespace {

using Json = nlohmann::json;

const Json& Member(const Json& object, const char* key) {
  static const Json kNull;
  if (!object.is_object()) return kNull;
  const auto it = object.find(key);
  return it == object.end() ? kNull : *it;
}

// An index read the way tinygltf reads it (JSON integers only, cast to int,
// so 2^32 + 1 is 1) and checked against the array it indexes.
int Index(const Json& value, const Json& array, const std::string& what) {
  if (!value.is_number_integer()) throw ImportError(what + " is missing or not an integer");
  const int index = static_cast<int>(value.get<std::int64_t>());
  CheckIndex(index, array.is_array() ? array.size() : 0, what);
  return index;
}

// Byte counts as tinygltf reads them: non-negative JSON integers only.
std::uint64_t Unsigned(const Json& value, std::uint64_t fallback) {
  return value.is_number_unsigned() ? value.get<std::uint64_t>() : fallback;
}

int GltfComponentType(draco::DataType type) {
  switch (type) {
    case draco::DT_INT8: return TINYGLTF_COMPONENT_TYPE_BYTE;
    case draco::DT_UINT8: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
    case draco::DT_INT16: return TINYGLTF_COMPONENT_TYPE_SHORT;
    case draco::DT_UINT16: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    case draco::DT_UINT32: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    case draco::DT_FLOAT32: return TINYGLTF_COMPONENT_TYPE_FLOAT;
    default: return -1;
  }
}

int ComponentsOf(const Json& type) {
  const std::string name = type.is_string() ? type.get<std::string>() : "";
  if (name == "SCALAR") return 1;
  if (name == "VEC2") return 2;
  if (name == "VEC3") return 3;
  if (name == "VEC4" || name == "MAT2") return 4;
  if (name == "MAT3") return 9;
  if (name == "MAT4") return 16;
  return 0;
}

// The bytes of the glTF buffers that hold Draco data, each loaded once, the
// way tinygltf loads them: a data URI, an external file, or the GLB's BIN
// chunk for a buffer without a URI.
class BufferLoader {
 public:
  BufferLoader(const Json& buffers, const GltfBytes& bytes, const ExternalBufferReader& read)
      : buffers_(buffers), bytes_(bytes), read_(read) {}

  const std::vector<unsigned char>& Get(int index) {
    auto [it, added] = loaded_.try_emplace(index);
    if (added) it->second = Load(index);
    return it->second;
  }

 private:
  std::vector<unsigned char> Load(int index) const {
    const std::string what = "buffer " + std::to_string(index);
    const Json& buffer = buffers_[static_cast<std::size_t>(index)];
    const std::uint64_t length = Unsigned(Member(buffer, "byteLength"), 0);
    const Json& uri_value = Member(buffer, "uri");
    const std::string uri = uri_value.is_string() ? uri_value.get<std::string>() : "";
    std::vector<unsigned char> out;
    if (uri.empty()) {
      if (bytes_.bin == nullptr || length > bytes_.bin_size) {
        throw ImportError(what + " has no URI and no GLB BIN chunk of its byteLength");
      }
      out.assign(bytes_.bin, bytes_.bin + length);
    } else if (tinygltf::IsDataURI(uri)) {
      std::string mime;
      if (!tinygltf::DecodeDataURI(&out, mime, uri, length, true)) {
        throw ImportError(what + ": its data URI does not decode to byteLength bytes");
      }
    } else {
      std::string error;
      if (!read_(uri, &out, &error)) throw ImportError(what + " (" + uri + "): " + error);
    }
    return out;
  }

  const Json& buffers_;
  const GltfBytes& bytes_;
  const ExternalBufferReader& read_;
  std::map<int, std::vector<unsigned char>> loaded_;
};

struct Document {
  const Json& buffer_views;
  const Json& buffers;
  const Json& accessors;
};

// The compressed bytes of the extension's buffer view, inside its buffer
// (both as declared and as loaded).
std::unique_ptr<draco::Mesh> Decode(const Document& doc, BufferLoader& loader,
                                    const Json& extension, const std::string& what) {
  const int view_index =
      Index(Member(extension, "bufferView"), doc.buffer_views, what + " bufferView");
  const Json& view = doc.buffer_views[static_cast<std::size_t>(view_index)];
  const std::string view_name = "buffer view " + std::to_string(view_index);
  const int buffer_index = Index(Member(view, "buffer"), doc.buffers, view_name + " buffer");
  const std::uint64_t offset = Unsigned(Member(view, "byteOffset"), 0);
  const std::uint64_t length = Unsigned(Member(view, "byteLength"), 0);
  const std::vector<unsigned char>& data = loader.Get(buffer_index);
  const std::uint64_t declared =
      Unsigned(Member(doc.buffers[static_cast<std::size_t>(buffer_index)], "byteLength"), 0);
  if (offset > data.size() || length > data.size() - offset || offset + length > declared) {
    throw ImportError(what + ": " + view_name + " (offset " + std::to_string(offset) + ", length " +
                      std::to_string(length) + ") lies outside buffer " +
                      std::to_string(buffer_index));
  }
  draco::DecoderBuffer buffer;
  buffer.Init(reinterpret_cast<const char*>(data.data() + offset), length);
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
  if (!decoded.ok()) {
    throw ImportError(what +
                      ": Draco cannot decode the data: " + decoded.status().error_msg_string());
  }
  std::unique_ptr<draco::Mesh> mesh = std::move(decoded).value();
  if (!mesh) throw ImportError(what + ": the Draco data holds no mesh");
  return mesh;
}

// Each compressed attribute must exist in the Draco mesh with exactly the
// component type and count of its accessor: tinygltf copies values into a
// four-element array and lays them out with Draco's stride.
void CheckAttributes(const Document& doc, const Json& primitive, const Json& extension,
                     const draco::Mesh& mesh, const std::string& what) {
  const Json& ids = Member(extension, "attributes");
  if (!ids.is_object()) throw ImportError(what + " has no attributes object");
  const Json& attributes = Member(primitive, "attributes");
  for (const auto& [semantic, id] : ids.items()) {
    std::string name = what;
    name.append(" ").append(semantic);
    if (!id.is_number_integer()) throw ImportError(name + ": the Draco id is not an integer");
    const int accessor_index = Index(Member(attributes, semantic.c_str()), doc.accessors,
                                     name + " accessor (the primitive's attribute)");
    const Json& accessor = doc.accessors[static_cast<std::size_t>(accessor_index)];
    const draco::PointAttribute* attribute =
        mesh.GetAttributeByUniqueId(static_cast<std::uint32_t>(id.get<std::int64_t>()));
    if (attribute == nullptr) {
      throw ImportError(name + ": the Draco data has no attribute with id " + id.dump());
    }
    const int components = ComponentsOf(Member(accessor, "type"));
    const Json& component_type = Member(accessor, "componentType");
    if (attribute->num_components() != components || components > 4 ||
        !component_type.is_number_integer() ||
        GltfComponentType(attribute->data_type()) != component_type.get<std::int64_t>()) {
      throw ImportError(name + ": the Draco attribute (" +
                        std::to_string(attribute->num_components()) + " components of type " +
                        std::to_string(static_cast<int>(attribute->data_type())) +
                        ") does not match accessor " + std::to_string(accessor_index));
    }
  }
}

// Indices are written at the index accessor's width, truncating larger ones.
void CheckIndices(const Document& doc, int accessor_index, const draco::Mesh& mesh,
                  const std::string& what) {
  const Json& type =
      Member(doc.accessors[static_cast<std::size_t>(accessor_index)], "componentType");
  const std::int64_t component_type = type.is_number_integer() ? type.get<std::int64_t>() : 0;
  std::uint64_t limit = 0;
  if (component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE) limit = 1u << 8;
  if (component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) limit = 1u << 16;
  if (component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) limit = std::uint64_t{1} << 32;
  if (limit == 0) throw ImportError(what + ": indices accessor is not of an unsigned integer type");
  if (mesh.num_faces() == 0) throw ImportError(what + ": the Draco mesh has no faces");
  if (mesh.num_points() > limit) {
    throw ImportError(what + ": " + std::to_string(mesh.num_points()) +
                      " Draco vertices do not fit its indices accessor's type");
  }
}

std::vector<std::uint32_t> Corners(const draco::Mesh& mesh) {
  std::vector<std::uint32_t> out;
  out.reserve(static_cast<std::size_t>(mesh.num_faces()) * 3);
  for (draco::FaceIndex f(0); f < mesh.num_faces(); ++f) {
    for (int k = 0; k < 3; ++k) out.push_back(mesh.face(f)[k].value());
  }
  return out;
}

}  // namespace

DracoFaces CheckDracoPrimitives(const GltfBytes& bytes, const ExternalBufferReader& read_external) {
  const Json root = Json::parse(bytes.json.begin(), bytes.json.end(), nullptr, false);
  DracoFaces faces;
  const Json& meshes = Member(root, "meshes");
  if (root.is_discarded() || !meshes.is_array()) return faces;
  const Document doc{Member(root, "bufferViews"), Member(root, "buffers"),
                     Member(root, "accessors")};
  BufferLoader loader(doc.buffers, bytes, read_external);
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const Json& primitives = Member(meshes[m], "primitives");
    if (!primitives.is_array()) continue;
    for (std::size_t p = 0; p < primitives.size(); ++p) {
      const Json& primitive = primitives[p];
      const Json& extension = Member(Member(primitive, "extensions"), kDracoExtension);
      if (extension.is_null()) continue;
      const std::string what =
          "mesh " + std::to_string(m) + " primitive " + std::to_string(p) + " " + kDracoExtension;
      const std::unique_ptr<draco::Mesh> mesh = Decode(doc, loader, extension, what);
      CheckAttributes(doc, primitive, extension, *mesh, what);
      const Json& indices = Member(primitive, "indices");
      if (indices.is_number_integer()) {
        CheckIndices(doc, Index(indices, doc.accessors, what + " indices"), *mesh, what);
      } else {
        faces[{static_cast<int>(m), static_cast<int>(p)}] = Corners(*mesh);
      }
    }
  }
  return faces;
}

}  // namespace anim::gltf
