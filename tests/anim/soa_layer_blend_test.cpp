// The structure-of-arrays N-layer blend and per-joint weighted blend
// (anim/blending/soa_layer_blend.h) against values worked by hand, and on random
// poses against the weighted average written out joint by joint in the test.
#include "anim/blending/soa_layer_blend.h"
#include "anim/offline/pose.h"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/blending/joint_mask.h"

namespace {

using anim::SoaBlendLayer;
using anim::SoaPose;
using anim::Transform;

const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);
// 90 degrees about Z: (w, x, y, z) = (cos 45, 0, 0, sin 45).
const glm::quat kTurnZ(std::sqrt(0.5f), 0.0f, 0.0f, std::sqrt(0.5f));

SoaPose MakePose(std::vector<Transform> locals) {
  std::vector<int> parents(locals.size(), -1);
  for (std::size_t i = 1; i < parents.size(); ++i) parents[i] = static_cast<int>(i) - 1;
  return SoaPose(anim::Pose(std::move(locals), std::move(parents), {}));
}

void ExpectTransformNear(const Transform& got, const Transform& want, float tol) {
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(got.translation[k], want.translation[k], tol);
    EXPECT_NEAR(got.scale[k], want.scale[k], tol);
  }
  EXPECT_NEAR(got.rotation.x, want.rotation.x, tol);
  EXPECT_NEAR(got.rotation.y, want.rotation.y, tol);
  EXPECT_NEAR(got.rotation.z, want.rotation.z, tol);
  EXPECT_NEAR(got.rotation.w, want.rotation.w, tol);
}

const Transform kA{glm::vec3(1, 0, 0), kIdentity, glm::vec3(1)};
const Transform kB{glm::vec3(0, 2, 0), kTurnZ, glm::vec3(3)};
const Transform kRest{glm::vec3(0, 0, 4), kIdentity, glm::vec3(1)};

TEST(SoaLayerBlend, WeightsAreNormalisedPerJoint) {
  const SoaPose a = MakePose({kA, kA}), b = MakePose({kB, kB}), rest = MakePose({kRest, kRest});
  SoaPose out = rest;
  const SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 3.0f, {}}};
  anim::BlendLayers(out, layers, rest, 0.0f);
  // (1 * A + 3 * B) / 4; the rotation (0, 0, 3 sin 45, 1 + 3 cos 45)
  // normalised: length sqrt(4.5 + (1 + 2.1213)^2) = 3.7739.
  const float z = 3.0f * std::sqrt(0.5f), w = 1.0f + 3.0f * std::sqrt(0.5f);
  const float len = std::sqrt(z * z + w * w);
  const Transform want{glm::vec3(0.25f, 1.5f, 0.0f), glm::quat(w / len, 0.0f, 0.0f, z / len),
                       glm::vec3(2.5f)};
  ExpectTransformNear(out.Local(0), want, 1e-6f);
  ExpectTransformNear(out.Local(1), want, 1e-6f);
}

TEST(SoaLayerBlend, RotationsAreSummedInOneHemisphere) {
  Transform b_flipped = kB;
  b_flipped.rotation = -kB.rotation;  // the same rotation
  const SoaPose a = MakePose({kA}), b = MakePose({b_flipped}), rest = MakePose({kRest});
  SoaPose out = rest;
  const SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 1.0f, {}}};
  anim::BlendLayers(out, layers, rest, 0.0f);
  // Halfway between identity and 90 degrees about Z: 45 degrees, w > 0.
  const glm::quat half(std::cos(glm::radians(22.5f)), 0.0f, 0.0f, std::sin(glm::radians(22.5f)));
  ExpectTransformNear(out.Local(0), Transform{glm::vec3(0.5f, 1.0f, 0.0f), half, glm::vec3(2.0f)},
                      1e-6f);
}

TEST(SoaLayerBlend, PerJointWeightsAndRestFillIn) {
  const SoaPose a = MakePose({kA, kA}), b = MakePose({kB, kB}), rest = MakePose({kRest, kRest});
  SoaPose out = rest;
  const float b_joints[] = {1.0f, 0.0f};
  const SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 1.0f, b_joints}};
  anim::BlendLayers(out, layers, rest, 0.0f);
  EXPECT_NEAR(out.Local(0).translation.x, 0.5f, 1e-6f);  // A and B
  ExpectTransformNear(out.Local(1), kA, 1e-6f);          // B masked off: A alone
  // One layer at 0.02 under a threshold of 0.1: the rest pose weighs 0.08.
  const SoaBlendLayer faint[] = {{&a, 0.02f, {}}};
  anim::BlendLayers(out, faint, rest, 0.1f);
  EXPECT_NEAR(out.Local(0).translation.x, 0.2f, 1e-6f);
  EXPECT_NEAR(out.Local(0).translation.z, 3.2f, 1e-6f);
  // Nothing and no threshold: the rest pose exactly.
  anim::BlendLayers(out, {}, rest, 0.0f);
  EXPECT_EQ(out.Local(1).translation, kRest.translation);
  // Negative and NaN weights count as 0.
  const SoaBlendLayer bad[] = {{&b, -1.0f, {}}, {&b, std::nanf(""), {}}, {&a, 1.0f, {}}};
  anim::BlendLayers(out, bad, rest, 0.0f);
  ExpectTransformNear(out.Local(0), kA, 1e-6f);
}

// The N-layer blend of one joint written out: the weighted sums of
// translation, scale and rotation (each rotation turned into the hemisphere
// of the sum so far), the rest pose topping the total up to the threshold,
// divided by the total; the rotation normalised.
Transform WeightedAverage(const std::vector<Transform>& layers, const std::vector<float>& weights,
                          const Transform& rest, float threshold) {
  glm::vec3 translation(0.0f), scale(0.0f);
  glm::vec4 rotation(0.0f);
  float total = 0.0f;
  auto add = [&](const Transform& t, float w) {
    glm::vec4 q(t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w);
    if (total > 0.0f && glm::dot(q, rotation) < 0.0f) q = -q;
    translation += w * t.translation;
    scale += w * t.scale;
    rotation += w * q;
    total += w;
  };
  for (std::size_t i = 0; i < layers.size(); ++i) add(layers[i], weights[i]);
  if (total < threshold) add(rest, threshold - total);
  const glm::vec4 q = glm::normalize(rotation);
  return Transform{translation / total, glm::quat(q.w, q.x, q.y, q.z), scale / total};
}

TEST(SoaLayerBlend, EqualsTheWeightedAverageOnRandomPoses) {
  std::mt19937 random(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const int joints = 19;  // not a multiple of the lanes: the padding is skipped
  std::vector<std::vector<Transform>> locals(4, std::vector<Transform>(joints));
  for (auto& pose : locals) {
    for (Transform& t : pose) {
      t.translation = glm::vec3(u(random), u(random), u(random));
      t.rotation = glm::normalize(glm::quat(u(random), u(random), u(random), u(random)));
      t.scale = glm::vec3(1.0f + 0.5f * u(random));
    }
  }
  std::vector<float> mask(joints);
  for (float& w : mask) w = 0.5f + 0.5f * u(random);
  // Layer weights 0.3, 0.2 (times the mask) and 0.4: totals of 0.8 to 0.9,
  // below the threshold 0.95, so the rest pose (pose 3) fills in.
  const SoaPose s0 = MakePose(locals[0]), s1 = MakePose(locals[1]), s2 = MakePose(locals[2]),
                rest = MakePose(locals[3]);
  const SoaBlendLayer soa[] = {{&s0, 0.3f, {}}, {&s1, 0.2f, mask}, {&s2, 0.4f, {}}};
  SoaPose out = MakePose(locals[3]);
  anim::BlendLayers(out, soa, rest, 0.95f);
  for (int j = 0; j < joints; ++j) {
    const Transform want = WeightedAverage({locals[0][j], locals[1][j], locals[2][j]},
                                           {0.3f, 0.2f * mask[j], 0.4f}, locals[3][j], 0.95f);
    // A rotation and its negation are the same: compare on want's side.
    Transform got = out.Local(j);
    if (glm::dot(got.rotation, want.rotation) < 0.0f) got.rotation = -got.rotation;
    ExpectTransformNear(got, want, 1e-5f);
  }
}

TEST(SoaLayerBlend, BlendWeightedMixesEachJointByItsWeight) {
  const SoaPose a = MakePose({kA, kA, kA}), b = MakePose({kB, kB, kB});
  SoaPose out = a;
  const float weights[] = {0.0f, 0.5f, 1.0f};
  anim::BlendWeighted(out, a, b, 1.0f, weights);
  ExpectTransformNear(out.Local(0), kA, 1e-6f);
  const glm::quat half(std::cos(glm::radians(22.5f)), 0.0f, 0.0f, std::sin(glm::radians(22.5f)));
  ExpectTransformNear(out.Local(1), Transform{glm::vec3(0.5f, 1.0f, 0.0f), half, glm::vec3(2.0f)},
                      1e-6f);
  ExpectTransformNear(out.Local(2), kB, 1e-6f);
  // t scales every weight: t = 0.5 puts joint 2 half way.
  anim::BlendWeighted(out, a, b, 0.5f, weights);
  EXPECT_NEAR(out.Local(2).translation.y, 1.0f, 1e-6f);
  EXPECT_NEAR(out.Local(1).translation.y, 0.5f, 1e-6f);
}

}  // namespace
