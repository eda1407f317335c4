// A glm matrix as glTF writes one: 16 floats, column by column.
#pragma once

#include <vector>

#include <glm/glm.hpp>

namespace gltf_test {

inline std::vector<float> MatrixFloats(const glm::mat4& m) {
  std::vector<float> out;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) out.push_back(m[c][r]);
  }
  return out;
}

}  // namespace gltf_test
