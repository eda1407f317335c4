// Shared helpers of the BVH importer tests: loading a take from a string.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "bvh_walk_file.h"
#include "import/bvh_importer.h"

namespace bvh_test {

inline bool LoadBvhString(const std::string& name, const std::string& text, anim::Model* model,
                          std::string* error) {
  return anim::LoadBvhModelFromMemory(name, reinterpret_cast<const unsigned char*>(text.data()),
                                      text.size(), model, error);
}

// The error of a load that must fail ("" and a test failure if it loads).
inline std::string BvhError(const std::string& text, const std::string& name = "bad.bvh") {
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBvhString(name, text, &model, &error)) << "loaded although broken";
  return error;
}

}  // namespace bvh_test
