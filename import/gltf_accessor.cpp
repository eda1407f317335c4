#include "import/gltf_accessor.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>

namespace anim::gltf {

namespace {

int ComponentSize(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
    case TINYGLTF_COMPONENT_TYPE_INT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
    default: return 0;
  }
}

const char* ComponentTypeName(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: return "BYTE";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return "UNSIGNED_BYTE";
    case TINYGLTF_COMPONENT_TYPE_SHORT: return "SHORT";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return "UNSIGNED_SHORT";
    case TINYGLTF_COMPONENT_TYPE_INT: return "INT";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: return "UNSIGNED_INT";
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return "FLOAT";
    default: return "unknown";
  }
}

int ComponentCount(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR: return 1;
    case TINYGLTF_TYPE_VEC2: return 2;
    case TINYGLTF_TYPE_VEC3: return 3;
    case TINYGLTF_TYPE_VEC4:
    case TINYGLTF_TYPE_MAT2: return 4;
    case TINYGLTF_TYPE_MAT3: return 9;
    case TINYGLTF_TYPE_MAT4: return 16;
    default: return 0;
  }
}

const char* TypeName(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR: return "SCALAR";
    case TINYGLTF_TYPE_VEC2: return "VEC2";
    case TINYGLTF_TYPE_VEC3: return "VEC3";
    case TINYGLTF_TYPE_VEC4: return "VEC4";
    case TINYGLTF_TYPE_MAT2: return "MAT2";
    case TINYGLTF_TYPE_MAT3: return "MAT3";
    case TINYGLTF_TYPE_MAT4: return "MAT4";
    default: return "unknown";
  }
}

}  // namespace

// glTF data is little-endian like every platform we build on, so memcpy is
// the whole decoding.
double ReadComponent(const unsigned char* p, int component_type, bool normalize) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: {
      const double v = p[0];
      return normalize ? v / 255.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      std::int8_t v;
      std::memcpy(&v, p, 1);
      return normalize ? std::max(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return normalize ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t v;
      std::memcpy(&v, p, 2);
      return normalize ? std::max(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return normalize ? v / 4294967295.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_INT: {
      std::int32_t v;
      std::memcpy(&v, p, 4);
      return normalize ? std::max(v / 2147483647.0, -1.0) : v;
    }
    default: return 0.0;
  }
}

namespace {

// Throws unless `count` elements of `element_size` bytes, `stride` apart,
// starting at `offset`, fit in `available` bytes. All in 64-bit arithmetic
// with the multiplication guarded, so huge counts cannot wrap around.
void CheckRange(std::size_t offset, std::size_t count, std::size_t stride, std::size_t element_size,
                std::size_t available, const std::string& what) {
  if (count == 0) return;
  const auto fail = [&] {
    throw ImportError(what + " needs bytes up to offset " + std::to_string(offset) + " + " +
                      std::to_string(count) + " elements x " + std::to_string(stride) +
                      " bytes, but its buffer view holds only " + std::to_string(available) +
                      " bytes");
  };
  if (offset > available || element_size > available - offset) fail();
  const std::size_t room = available - offset - element_size;  // for (count - 1) strides
  if (stride != 0 && count - 1 > room / stride) fail();
}

}  // namespace

bool NormalizesIntegers(const tinygltf::Accessor& accessor, IntegerMode mode) {
  return mode == IntegerMode::kNormalize ||
         (mode == IntegerMode::kAsFlagged && accessor.normalized);
}

ByteSpan BufferViewBytes(const Context& ctx, int buffer_view, const std::string& what) {
  const auto& views = ctx.gltf.bufferViews;
  CheckIndex(buffer_view, views.size(), what + " buffer view");
  const tinygltf::BufferView& view = views[buffer_view];
  const std::string view_name = "buffer view " + std::to_string(buffer_view);
  CheckIndex(view.buffer, ctx.gltf.buffers.size(), view_name + " buffer");
  const std::vector<unsigned char>& data = ctx.gltf.buffers[view.buffer].data;
  if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset) {
    throw ImportError(view_name + " (offset " + std::to_string(view.byteOffset) + ", length " +
                      std::to_string(view.byteLength) + ") lies outside buffer " +
                      std::to_string(view.buffer) + " of " + std::to_string(data.size()) +
                      " bytes (buffer too short?)");
  }
  return {data.data() + view.byteOffset, view.byteLength};
}

// What one accessor read costs besides its values, in values: the
// bookkeeping of the read (its name, checks, the result's allocation).
constexpr std::size_t kFixedReadValues = 64;

namespace {

// Throws unless the accessor's type and component type are among those the
// caller accepts, naming both.
void CheckTypes(const tinygltf::Accessor& accessor, const std::string& name,
                std::initializer_list<int> types, std::initializer_list<int> component_types) {
  if (std::find(types.begin(), types.end(), accessor.type) == types.end()) {
    std::string accepted;
    for (int t : types) accepted += std::string(accepted.empty() ? "" : "/") + TypeName(t);
    throw ImportError(name + " has type " + TypeName(accessor.type) + ", expected " + accepted);
  }
  if (std::find(component_types.begin(), component_types.end(), accessor.componentType) ==
      component_types.end()) {
    std::string accepted;
    for (int t : component_types) {
      accepted += std::string(accepted.empty() ? "" : "/") + ComponentTypeName(t);
    }
    throw ImportError(name + " has component type " + ComponentTypeName(accessor.componentType) +
                      ", expected " + accepted);
  }
}

// How one accessor's elements are laid out and read.
struct ElementLayout {
  int components = 0;
  int component_size = 0;
  std::size_t element_size = 0;
  bool normalize = false;
};

// The accessor's dense values from its buffer view: elements `stride`
// bytes apart (the view's byteStride, or packed), range-checked before the
// read is charged to the budget.
void ReadDenseValues(const Context& ctx, const tinygltf::Accessor& accessor,
                     const std::string& name, const ElementLayout& e,
                     const std::function<void()>& charge_read, AccessorData* out) {
  const ByteSpan bytes = BufferViewBytes(ctx, accessor.bufferView, name);
  const int declared_stride = ctx.gltf.bufferViews[accessor.bufferView].byteStride;
  std::size_t stride = e.element_size;
  if (declared_stride != 0) {
    if (declared_stride < 0 || static_cast<std::size_t>(declared_stride) < e.element_size ||
        declared_stride % e.component_size != 0) {
      throw ImportError(name + ": buffer view " + std::to_string(accessor.bufferView) +
                        " has byteStride " + std::to_string(declared_stride) +
                        ", invalid for elements of " + std::to_string(e.element_size) + " bytes");
    }
    stride = static_cast<std::size_t>(declared_stride);
  }
  CheckRange(accessor.byteOffset, accessor.count, stride, e.element_size, bytes.size, name);
  charge_read();
  out->values.resize(accessor.count * e.components);
  for (std::size_t i = 0; i < accessor.count; ++i) {
    const unsigned char* element = bytes.data + accessor.byteOffset + i * stride;
    for (int c = 0; c < e.components; ++c) {
      out->values[i * e.components + c] =
          ReadComponent(element + c * e.component_size, accessor.componentType, e.normalize);
    }
  }
}

// The sparse substitution: `count` indices into the accessor and as many
// values, each checked to lie in its buffer view and the indices in range.
void ApplySparseValues(const Context& ctx, const tinygltf::Accessor& accessor,
                       const std::string& name, const ElementLayout& e, AccessorData* out) {
  const auto& sparse = accessor.sparse;
  const std::string sparse_name = name + " sparse";
  if (sparse.count < 0 || static_cast<std::size_t>(sparse.count) > accessor.count) {
    throw ImportError(sparse_name + " count " + std::to_string(sparse.count) +
                      " exceeds the accessor count " + std::to_string(accessor.count));
  }
  const int index_type = sparse.indices.componentType;
  if (index_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
      index_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
      index_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT) {
    throw ImportError(sparse_name + " indices have component type " +
                      ComponentTypeName(index_type));
  }
  const std::size_t n = static_cast<std::size_t>(sparse.count);
  const ByteSpan index_bytes =
      BufferViewBytes(ctx, sparse.indices.bufferView, sparse_name + " indices");
  const ByteSpan value_bytes =
      BufferViewBytes(ctx, sparse.values.bufferView, sparse_name + " values");
  const int index_size = ComponentSize(index_type);
  if (sparse.indices.byteOffset < 0 || sparse.values.byteOffset < 0) {
    throw ImportError(sparse_name + " has a negative byteOffset");
  }
  CheckRange(static_cast<std::size_t>(sparse.indices.byteOffset), n, index_size, index_size,
             index_bytes.size, sparse_name + " indices");
  CheckRange(static_cast<std::size_t>(sparse.values.byteOffset), n, e.element_size, e.element_size,
             value_bytes.size, sparse_name + " values");
  for (std::size_t k = 0; k < n; ++k) {
    const double target = ReadComponent(
        index_bytes.data + sparse.indices.byteOffset + k * index_size, index_type, false);
    if (target >= static_cast<double>(accessor.count)) {
      throw ImportError(sparse_name + " index " +
                        std::to_string(static_cast<std::uint64_t>(target)) +
                        " is out of range (count " + std::to_string(accessor.count) + ")");
    }
    const std::size_t i = static_cast<std::size_t>(target);
    const unsigned char* element = value_bytes.data + sparse.values.byteOffset + k * e.element_size;
    for (int c = 0; c < e.components; ++c) {
      out->values[i * e.components + c] =
          ReadComponent(element + c * e.component_size, accessor.componentType, e.normalize);
    }
  }
}

}  // namespace

AccessorData ReadAccessor(const Context& ctx, int accessor_index, const std::string& what,
                          std::initializer_list<int> types,
                          std::initializer_list<int> component_types, IntegerMode mode) {
  CheckIndex(accessor_index, ctx.gltf.accessors.size(), what + " accessor");
  const tinygltf::Accessor& accessor = ctx.gltf.accessors[accessor_index];
  const std::string name = "accessor " + std::to_string(accessor_index) + " (" + what + ")";
  CheckTypes(accessor, name, types, component_types);
  ElementLayout e;
  e.components = ComponentCount(accessor.type);
  e.component_size = ComponentSize(accessor.componentType);
  e.element_size = static_cast<std::size_t>(e.components) * e.component_size;
  e.normalize = NormalizesIntegers(accessor, mode);

  // Every read counts, the empty ones included (kFixedReadValues), so that
  // an accessor read from a hundred thousand places costs bounded time.
  // Counted once the count is known to be backed by data (or bounded), so
  // a lying count gets the more precise message below.
  const std::function<void()> charge_read = [&] {
    ctx.budget.Read(accessor.count * e.components + kFixedReadValues, sizeof(double), name);
  };

  AccessorData out;
  out.components = e.components;
  out.count = accessor.count;
  if (accessor.bufferView < 0) {
    // No buffer view: all zeros (then usually overwritten by sparse values).
    if (accessor.count > kMaxUnbackedCount / static_cast<std::size_t>(e.components)) {
      throw ImportError(name + " has no buffer view but claims " + std::to_string(accessor.count) +
                        " elements");
    }
    charge_read();
    out.values.assign(accessor.count * e.components, 0.0);
  } else {
    ReadDenseValues(ctx, accessor, name, e, charge_read, &out);
  }
  if (accessor.sparse.isSparse) ApplySparseValues(ctx, accessor, name, e, &out);
  return out;
}

}  // namespace anim::gltf
