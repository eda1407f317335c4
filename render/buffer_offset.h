// The byte offset of a vertex attribute inside the bound array buffer, in the
// form glVertexAttribPointer takes it: OpenGL passes buffer offsets through
// its pointer parameter, so the integer-to-pointer cast is the API's own.
#pragma once

#include <cstddef>

namespace render {

inline const void* BufferOffset(std::size_t bytes) {
  return reinterpret_cast<const void*>(bytes);  // NOLINT(performance-no-int-to-ptr)
}

}  // namespace render
