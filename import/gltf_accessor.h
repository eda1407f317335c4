// Internal to anim_import: reads glTF accessors into plain numbers after
// checking everything tinygltf does not: indices of buffer views and buffers,
// component type and element type against what the caller accepts, byte
// stride, and that count * stride stays inside the buffer view and the buffer
// view inside its buffer. Sparse accessors are applied on top of the base
// data. Any violation throws ImportError naming the accessor and its use.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "import/gltf_context.h"

namespace anim::gltf {

// How integer components become numbers.
enum class IntegerMode {
  kRaw,        // the integer value itself (JOINTS_0, indices)
  kNormalize,  // always mapped to [0, 1] / [-1, 1] (colours, weights, texcoords)
  kAsFlagged,  // normalised only when the accessor says "normalized": true
};

struct AccessorData {
  int components = 0;
  std::size_t count = 0;
  std::vector<double> values;  // count * components; double holds u32 exactly

  double At(std::size_t element, int component) const {
    return values[element * static_cast<std::size_t>(components) + component];
  }
};

// `what` describes the use ("POSITION of mesh 2 primitive 0") for messages.
// `types` lists accepted TINYGLTF_TYPE_* values, `component_types` accepted
// TINYGLTF_COMPONENT_TYPE_* values.
AccessorData ReadAccessor(const Context& ctx, int accessor_index, const std::string& what,
                          std::initializer_list<int> types,
                          std::initializer_list<int> component_types, IntegerMode mode);

// Whether integer components of `accessor` are normalised under `mode`.
bool NormalizesIntegers(const tinygltf::Accessor& accessor, IntegerMode mode);

// One component of glTF `component_type` at `p`, as a number.
double ReadComponent(const unsigned char* p, int component_type, bool normalize);

// The bytes of a buffer view, checked to lie inside its buffer.
struct ByteSpan {
  const unsigned char* data = nullptr;
  std::size_t size = 0;
};
ByteSpan BufferViewBytes(const Context& ctx, int buffer_view, const std::string& what);

// Largest number of components (elements x components per element)
// accepted for accessors that have no buffer view (all zeros by the spec): a
// count in the JSON alone must not make us allocate gigabytes. 2^24 doubles
// are 128 MB.
inline constexpr std::size_t kMaxUnbackedCount = std::size_t{1} << 24;

}  // namespace anim::gltf
