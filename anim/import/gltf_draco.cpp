#include "anim/import/gltf_draco.h"

#include <draco/compression/decode.h>
#include <draco/core/decoder_buffer.h>
#include <draco/mesh/mesh.h>

namespace anim::gltf {

struct DracoPrimitive::Impl {
  std::unique_ptr<draco::Mesh> mesh;
  std::vector<std::pair<std::string, int>> attribute_ids;  // semantic -> Draco unique id
};

namespace {

int ComponentTypeOf(draco::DataType type) {
  switch (type) {
    case draco::DT_INT8: return TINYGLTF_COMPONENT_TYPE_BYTE;
    case draco::DT_UINT8: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
    case draco::DT_INT16: return TINYGLTF_COMPONENT_TYPE_SHORT;
    case draco::DT_UINT16: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    case draco::DT_INT32: return TINYGLTF_COMPONENT_TYPE_INT;
    case draco::DT_UINT32: return TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    case draco::DT_FLOAT32: return TINYGLTF_COMPONENT_TYPE_FLOAT;
    default: return -1;
  }
}

int IntegerOf(const tinygltf::Value& v, const std::string& what) {
  if (!v.IsNumber() && !v.IsInt()) throw ImportError(what + " is not a number");
  const double d = v.GetNumberAsDouble();
  if (!(d >= 0.0 && d < 2147483647.0)) throw ImportError(what + " is out of range");
  return static_cast<int>(d);
}

}  // namespace

DracoPrimitive::DracoPrimitive(const Context& ctx, const tinygltf::Primitive& primitive,
                               const std::string& what)
    : impl_(std::make_unique<Impl>()) {
  const std::string name = what + " " + kDracoExtension;
  const tinygltf::Value& ext = primitive.extensions.at(kDracoExtension);
  if (!ext.IsObject() || !ext.Has("bufferView") || !ext.Has("attributes") ||
      !ext.Get("attributes").IsObject()) {
    throw ImportError(name + " needs a bufferView and an attributes object");
  }
  const ByteSpan bytes =
      BufferViewBytes(ctx, IntegerOf(ext.Get("bufferView"), name + " bufferView"), name);
  const tinygltf::Value& attributes = ext.Get("attributes");
  for (const std::string& key : attributes.Keys()) {
    impl_->attribute_ids.emplace_back(key, IntegerOf(attributes.Get(key), name + " " + key));
  }

  draco::DecoderBuffer buffer;
  buffer.Init(reinterpret_cast<const char*>(bytes.data), bytes.size);
  draco::Decoder decoder;
  auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
  if (!decoded.ok()) {
    throw ImportError(name + ": Draco cannot decode the data: " +
                      decoded.status().error_msg_string());
  }
  impl_->mesh = std::move(decoded).value();
  if (!impl_->mesh) throw ImportError(name + ": Draco data holds no mesh");
}

DracoPrimitive::~DracoPrimitive() = default;

bool DracoPrimitive::Has(const std::string& semantic) const {
  for (const auto& [key, id] : impl_->attribute_ids) {
    if (key == semantic) return true;
  }
  return false;
}

std::size_t DracoPrimitive::VertexCount() const { return impl_->mesh->num_points(); }

std::vector<std::uint32_t> DracoPrimitive::Indices() const {
  const draco::Mesh& mesh = *impl_->mesh;
  std::vector<std::uint32_t> indices;
  indices.reserve(static_cast<std::size_t>(mesh.num_faces()) * 3);
  for (draco::FaceIndex f(0); f < mesh.num_faces(); ++f) {
    for (int k = 0; k < 3; ++k) indices.push_back(mesh.face(f)[k].value());
  }
  return indices;
}

AccessorData DracoPrimitive::Read(const Context& ctx, const std::string& semantic,
                                  int accessor_index, IntegerMode mode,
                                  const std::string& what) const {
  int id = -1;
  for (const auto& [key, value] : impl_->attribute_ids) {
    if (key == semantic) id = value;
  }
  const draco::PointAttribute* attribute =
      impl_->mesh->GetAttributeByUniqueId(static_cast<std::uint32_t>(id));
  if (attribute == nullptr) {
    throw ImportError(what + ": Draco data has no attribute with id " + std::to_string(id));
  }
  const int component_type = ComponentTypeOf(attribute->data_type());
  const int components = attribute->num_components();
  if (component_type < 0 || components < 1 || components > 16) {
    throw ImportError(what + ": unsupported Draco attribute layout");
  }
  CheckIndex(accessor_index, ctx.gltf.accessors.size(), what + " accessor");
  const bool normalize = NormalizesIntegers(ctx.gltf.accessors[accessor_index], mode);

  AccessorData out;
  out.components = components;
  out.count = VertexCount();
  out.values.resize(out.count * components);
  std::vector<unsigned char> value(attribute->byte_stride());
  const int component_size = static_cast<int>(draco::DataTypeLength(attribute->data_type()));
  if (value.size() < static_cast<std::size_t>(components * component_size)) {
    throw ImportError(what + ": Draco attribute stride is too small");
  }
  for (std::size_t i = 0; i < out.count; ++i) {
    const draco::AttributeValueIndex avi =
        attribute->mapped_index(draco::PointIndex(static_cast<std::uint32_t>(i)));
    if (avi.value() >= attribute->size()) {
      throw ImportError(what + ": Draco attribute value index out of range");
    }
    attribute->GetValue(avi, value.data());
    for (int c = 0; c < components; ++c) {
      out.values[i * components + c] =
          ReadComponent(value.data() + c * component_size, component_type, normalize);
    }
  }
  return out;
}

}  // namespace anim::gltf
