// Random rotations and vectors for the tests that compare a fast path with
// its reference on many inputs (fast_path_test, soa_test).
#pragma once

#include <random>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim_test {

// Uniform over rotations: a normalised 4D Gaussian.
inline glm::quat RandomRotation(std::mt19937& random) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat(n(random), n(random), n(random), n(random)));
}

inline glm::vec3 RandomVec(std::mt19937& random, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  return glm::vec3(u(random), u(random), u(random));
}

}  // namespace anim_test
