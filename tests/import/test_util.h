// Shared helpers of the importer tests: loading from a string, and matrix
// comparisons with readable failure messages.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "import/gltf_importer.h"
#include "matrix_floats.h"

namespace gltf_test {

inline bool LoadString(const std::string& name, const std::string& text, anim::Model* model,
                       std::string* error) {
  return anim::LoadGltfModelFromMemory(name, reinterpret_cast<const unsigned char*>(text.data()),
                                       text.size(), "", model, error);
}

inline anim::Model LoadOk(const std::string& text, const std::string& name = "test.gltf") {
  anim::Model model;
  std::string error;
  EXPECT_TRUE(LoadString(name, text, &model, &error)) << error;
  return model;
}

// The error of a load that must fail ("" and a test failure if it loads).
inline std::string LoadError(const std::string& text, const std::string& name = "bad.gltf") {
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadString(name, text, &model, &error)) << "loaded although broken";
  return error;
}

inline ::testing::AssertionResult MatrixNear(const glm::mat4& a, const glm::mat4& b, float tol) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!(std::abs(a[c][r] - b[c][r]) <= tol)) {
        return ::testing::AssertionFailure()
               << "element [" << c << "][" << r << "]: " << a[c][r] << " vs " << b[c][r];
      }
    }
  }
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult VecNear(const glm::vec3& a, const glm::vec3& b, float tol) {
  if (glm::length(a - b) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "(" << a.x << ", " << a.y << ", " << a.z << ") vs ("
                                       << b.x << ", " << b.y << ", " << b.z << ")";
}

inline bool HasWarningContaining(const anim::Model& model, const std::string& text) {
  for (const std::string& w : model.warnings) {
    if (w.find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace gltf_test
