// Shared by the jobs' tests: poses from hand-written locals, outputs filled
// with a sentinel so a test can tell that a refused job wrote nothing, and
// the refusal and closeness checks.
#pragma once

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/core/soa_pose.h"
#include "anim/core/transform.h"
#include "anim/offline/pose.h"

namespace jobs_test {

inline constexpr float kSentinel = 7.25f;

// A pose of `joints` joints, every channel of every lane (padding too) set
// to the sentinel.
inline anim::SoaPose SentinelPose(int joints) {
  anim::SoaPose pose(
      anim::Pose(std::vector<anim::Transform>(joints), std::vector<int>(joints, -1)));
  for (int c = 0; c < anim::kSoaChannels; ++c) {
    std::fill_n(pose.Channel(c), pose.PaddedCount(), kSentinel);
  }
  return pose;
}

inline bool AllSentinel(const anim::SoaPose& pose) {
  for (int c = 0; c < anim::kSoaChannels; ++c) {
    const float* v = pose.Channel(c);
    if (!std::all_of(v, v + pose.PaddedCount(), [](float x) { return x == kSentinel; })) {
      return false;
    }
  }
  return true;
}

inline std::vector<glm::mat4> SentinelMatrices(std::size_t count) {
  return std::vector<glm::mat4>(count, glm::mat4(kSentinel));
}

inline bool AllSentinel(std::span<const glm::mat4> matrices) {
  return std::all_of(matrices.begin(), matrices.end(),
                     [](const glm::mat4& m) { return m == glm::mat4(kSentinel); });
}

// A SoaPose of the given locals (the hierarchy lives in the skeleton).
inline anim::SoaPose MakePose(std::vector<anim::Transform> locals) {
  std::vector<int> parents(locals.size(), -1);
  return anim::SoaPose(anim::Pose(std::move(locals), std::move(parents)));
}

// The job refuses with exactly `message`, and Run() says so.
template <typename Job>
void ExpectRefused(const Job& job, const std::string& message) {
  EXPECT_EQ(job.Validate(), message);
  EXPECT_FALSE(job.Run());
}

inline void ExpectTransformNear(const anim::Transform& got, const anim::Transform& want,
                                float tolerance) {
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(got.translation[k], want.translation[k], tolerance) << "translation " << k;
    EXPECT_NEAR(got.scale[k], want.scale[k], tolerance) << "scale " << k;
  }
  EXPECT_NEAR(got.rotation.x, want.rotation.x, tolerance);
  EXPECT_NEAR(got.rotation.y, want.rotation.y, tolerance);
  EXPECT_NEAR(got.rotation.z, want.rotation.z, tolerance);
  EXPECT_NEAR(got.rotation.w, want.rotation.w, tolerance);
}

inline void ExpectMatrixNear(const glm::mat4& got, const glm::mat4& want, float tolerance) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(got[c][r], want[c][r], tolerance) << c << "," << r;
  }
}

}  // namespace jobs_test
