// Dual-quaternion skinning's CPU reference (anim/core/dual_quaternion.h,
// render/dual_quaternion_skinning.h) against values computed another way:
// by hand, from the palette matrix itself, or with glm's own dual
// quaternions (glm/gtx/dual_quaternion.hpp) and a hand-built scale.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/dual_quaternion.hpp>

#include "anim/core/dual_quaternion.h"
#include "anim/core/skeleton.h"
#include "render/cpu_skinning.h"
#include "render/dual_quaternion_skinning.h"
#include "samples/twist_rig.h"

namespace {

using anim::SkinningMethod;

void ExpectNear(const glm::vec3& a, const glm::vec3& b, float tolerance, const char* what) {
  EXPECT_LT(glm::length(a - b), tolerance) << what << ": (" << a.x << ", " << a.y << ", " << a.z
                                           << ") vs (" << b.x << ", " << b.y << ", " << b.z << ")";
}

glm::quat RandomRotation(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

TEST(PolygonArea, OfASquareAndOfATiltedTriangle) {
  const std::vector<glm::vec3> square = {{0, 0, 0}, {2, 0, 0}, {2, 0, 2}, {0, 0, 2}};
  EXPECT_NEAR(samples::PolygonArea(square), 4.0f, 1e-6f);
  // Right triangle with legs 3 and 4 in the plane x + y = 1, tilted 45 degrees.
  const float s = 3.0f / std::sqrt(2.0f);
  const std::vector<glm::vec3> triangle = {{0, 1, 0}, {s, 1 - s, 0}, {0, 1, 4}};
  EXPECT_NEAR(samples::PolygonArea(triangle), 6.0f, 1e-5f);
}

// The candy wrapper: at a 180-degree twist linear blend skinning squeezes
// the ring at the joint (weights 0.5 / 0.5) to the axis; dual quaternions
// turn it by 90 degrees and keep its area.
TEST(DualQuaternionSkinning, KeepsTheJointsCrossSectionAtA180DegreeTwist) {
  const samples::TwistRig rig = samples::MakeTwistRig(1.6f, 0.12f);
  // The rest ring is a regular 32-gon of radius 0.12: area n/2 r^2 sin(2 pi / n).
  const float n = static_cast<float>(rig.ring_size);
  const float rest = 0.5f * n * 0.12f * 0.12f * std::sin(glm::two_pi<float>() / n);
  const auto palette = samples::TwistRigPalette(rig, 180.0f, 0.0f);
  const float lbs =
      samples::PolygonArea(samples::SkinnedJointRing(rig, palette, SkinningMethod::kLinearBlend));
  const float dqs = samples::PolygonArea(
      samples::SkinnedJointRing(rig, palette, SkinningMethod::kDualQuaternion));
  EXPECT_LT(lbs, 0.2f * rest);
  EXPECT_GE(dqs, 0.9f * rest);
  // Straight and untwisted, both methods give the rest ring.
  const auto straight = samples::TwistRigPalette(rig, 0.0f, 0.0f);
  EXPECT_NEAR(samples::PolygonArea(
                  samples::SkinnedJointRing(rig, straight, SkinningMethod::kDualQuaternion)),
              rest, 1e-5f);
  // A twist of 90 degrees: the joint ring turns 45 degrees, so every vertex
  // keeps its distance from the axis (LBS's shrinks to cos 45).
  const auto quarter = samples::TwistRigPalette(rig, 90.0f, 0.0f);
  for (const glm::vec3& p :
       samples::SkinnedJointRing(rig, quarter, SkinningMethod::kDualQuaternion)) {
    EXPECT_NEAR(std::hypot(p.x, p.z), 0.12f, 1e-5f);
    EXPECT_NEAR(p.y, 0.8f, 1e-5f);
  }
}

// One influence per vertex: both methods apply that joint's matrix.
TEST(DualQuaternionSkinning, MatchesLinearBlendForARigidMesh) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  std::vector<glm::mat4> palette;
  palette.reserve(6);
  for (int j = 0; j < 6; ++j) {
    palette.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), u(rng), u(rng))) *
                      glm::mat4_cast(RandomRotation(rng)));
  }
  anim::MeshPrimitive p;
  for (int v = 0; v < 200; ++v) {
    p.positions.emplace_back(u(rng), u(rng), u(rng));
    p.normals.push_back(glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + 1e-3f));
    const auto joint = static_cast<std::uint16_t>(v % 6);
    // The other slots name other joints with weight 0: they must not matter.
    p.joints.emplace_back(joint, (joint + 1) % 6, (joint + 2) % 6, 0);
    p.weights.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
  }
  std::vector<render::SkinnedVertex> lbs(p.positions.size()), dqs(p.positions.size());
  std::vector<anim::DualQuaternionJoint> scratch;
  render::SkinPrimitive(p, palette, lbs);
  render::SkinPrimitiveWith(SkinningMethod::kDualQuaternion, p, palette, &scratch, dqs);
  for (std::size_t v = 0; v < p.positions.size(); ++v) {
    ExpectNear(dqs[v].position, lbs[v].position, 1e-5f, "position");
    ExpectNear(dqs[v].normal, lbs[v].normal, 1e-5f, "normal");
  }
}

// Palettes with non-uniform scale (translate * rotate * scale, as a joint
// with scale keyframes gives): the blend must equal glm's dual quaternions
// of the rigid parts applied after the weighted sum of the scales, with no
// shear from mixing scale into the rotation.
TEST(DualQuaternionSkinning, NonUniformScaleIsBlendedApartFromTheRigidPart) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-1.5f, 1.5f);
  std::uniform_real_distribution<float> scale(0.3f, 2.5f);
  std::uniform_real_distribution<float> weight(0.05f, 1.0f);
  for (int trial = 0; trial < 200; ++trial) {
    glm::quat rotation[4];
    glm::vec3 translation[4], stretch[4];
    std::vector<glm::mat4> palette;
    for (int j = 0; j < 4; ++j) {
      rotation[j] = RandomRotation(rng);
      translation[j] = glm::vec3(u(rng), u(rng), u(rng));
      stretch[j] = glm::vec3(scale(rng), scale(rng), scale(rng));
      palette.push_back(glm::translate(glm::mat4(1.0f), translation[j]) *
                        glm::mat4_cast(rotation[j]) * glm::scale(glm::mat4(1.0f), stretch[j]));
    }
    glm::vec4 w(weight(rng), weight(rng), weight(rng), weight(rng));
    w /= w.x + w.y + w.z + w.w;
    const glm::vec3 point(u(rng), u(rng), u(rng));

    // Reference: glm's dual quaternions, the hemisphere of the heaviest
    // influence, glm's normalisation; the scale blended by hand.
    int heaviest = 0;
    for (int k = 1; k < 4; ++k) heaviest = w[k] > w[heaviest] ? k : heaviest;
    glm::dualquat sum(glm::quat(0, 0, 0, 0), glm::quat(0, 0, 0, 0));
    glm::vec3 blended_scale(0.0f);
    for (int k = 0; k < 4; ++k) {
      const glm::dualquat q(rotation[k], translation[k]);
      const float sign = glm::dot(rotation[k], rotation[heaviest]) < 0.0f ? -1.0f : 1.0f;
      sum.real = sum.real + sign * w[k] * q.real;
      sum.dual = sum.dual + sign * w[k] * q.dual;
      blended_scale += w[k] * stretch[k];
    }
    const glm::vec3 expected = glm::normalize(sum) * (blended_scale * point);

    std::vector<anim::DualQuaternionJoint> joints(4);
    anim::BuildDualQuaternionPalette(palette, joints);
    const anim::DualQuaternionJoint blended =
        anim::BlendDualQuaternionJoints(joints, glm::u16vec4(0, 1, 2, 3), w);
    ExpectNear(anim::SkinPoint(blended, point), expected, 2e-4f, "blended point");
  }
}

// A parent with non-uniform scale and a rotated child: the child's palette
// matrix shears. A vertex bound to it alone must still land where the
// matrix puts it, and its normal must stay perpendicular to the skinned
// surface (the inverse transpose's direction).
TEST(DualQuaternionSkinning, ShearedPaletteOfASingleInfluenceIsReproduced) {
  std::vector<anim::Transform> locals(2);
  locals[0].scale = glm::vec3(2.0f, 0.5f, 1.0f);
  locals[0].rotation = glm::angleAxis(0.3f, glm::vec3(0, 1, 0));
  locals[1].translation = glm::vec3(0.0f, 1.0f, 0.0f);
  locals[1].rotation = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 0, 1));
  locals[1].scale = glm::vec3(1.0f, 3.0f, 0.7f);
  const glm::mat4 parent = anim::ToMatrix(locals[0]);
  const glm::mat4 child = parent * anim::ToMatrix(locals[1]);
  // Shear: the child's x and y axes are no longer perpendicular.
  ASSERT_GT(std::abs(glm::dot(glm::vec3(child[0]), glm::vec3(child[1]))), 0.1f);
  const std::vector<glm::mat4> palette = {parent, child};
  anim::MeshPrimitive p;
  p.positions = {{0.3f, -0.2f, 0.5f}, {-1.0f, 0.4f, 0.2f}};
  p.normals = {{0.0f, 0.0f, 1.0f}, glm::normalize(glm::vec3(1.0f, 1.0f, 0.0f))};
  p.joints = {{1, 0, 0, 0}, {1, 0, 0, 0}};
  p.weights = {{1, 0, 0, 0}, {1, 0, 0, 0}};
  std::vector<render::SkinnedVertex> out(2);
  std::vector<anim::DualQuaternionJoint> scratch;
  render::SkinPrimitiveWith(SkinningMethod::kDualQuaternion, p, palette, &scratch, out);
  const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(child)));
  for (int v = 0; v < 2; ++v) {
    ExpectNear(out[v].position, glm::vec3(child * glm::vec4(p.positions[v], 1.0f)), 1e-5f,
               "position");
    ExpectNear(glm::normalize(out[v].normal), glm::normalize(normal_matrix * p.normals[v]), 1e-5f,
               "normal");
  }
}

// q and -q are the same rotation: blending them half and half must give
// that rotation, not a zero quaternion.
TEST(DualQuaternionSkinning, BlendsAntipodalQuaternionsAsTheSameRotation) {
  const glm::quat q = glm::angleAxis(1.1f, glm::normalize(glm::vec3(1, 2, 3)));
  const glm::vec3 t(0.5f, -1.0f, 2.0f);
  std::vector<anim::DualQuaternionJoint> joints(2);
  joints[0].rigid = anim::MakeDualQuaternion(q, t);
  joints[1].rigid = anim::MakeDualQuaternion(-q, t);
  const glm::vec3 point(0.2f, 0.7f, -0.4f);
  const glm::vec3 expected = glm::mat3_cast(q) * point + t;
  for (const glm::vec4 w :
       {glm::vec4(0.5f, 0.5f, 0, 0), glm::vec4(0.3f, 0.7f, 0, 0), glm::vec4(0.8f, 0.2f, 0, 0)}) {
    const anim::DualQuaternionJoint blended =
        anim::BlendDualQuaternionJoints(joints, glm::u16vec4(0, 1, 0, 0), w);
    ExpectNear(anim::SkinPoint(blended, point), expected, 1e-5f, "antipodal blend");
  }
  // Two joints at +170 and -170 degrees about z (190 degrees the long way):
  // half and half is the 180-degree turn between them, (1,0,0) -> (-1,0,0).
  const std::vector<glm::mat4> palette = {
      glm::rotate(glm::mat4(1.0f), glm::radians(170.0f), glm::vec3(0, 0, 1)),
      glm::rotate(glm::mat4(1.0f), glm::radians(-170.0f), glm::vec3(0, 0, 1))};
  anim::BuildDualQuaternionPalette(palette, joints);
  const anim::DualQuaternionJoint half = anim::BlendDualQuaternionJoints(
      joints, glm::u16vec4(0, 1, 0, 0), glm::vec4(0.5f, 0.5f, 0, 0));
  ExpectNear(anim::SkinPoint(half, glm::vec3(1, 0, 0)), glm::vec3(-1, 0, 0), 1e-5f, "180 degrees");
}

// Splitting any affine matrix (shear and mirrors included) into
// translate * rotate * symmetric stretch reproduces the matrix, and the
// packed form the shaders read unpacks to the same joint.
TEST(DualQuaternionSkinning, SplitAndPackReproduceThePaletteMatrix) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  for (int trial = 0; trial < 300; ++trial) {
    glm::mat4 m(1.0f);
    for (int c = 0; c < 3; ++c) m[c] = glm::vec4(u(rng), u(rng), u(rng), 0.0f);
    m[3] = glm::vec4(u(rng), u(rng), u(rng), 1.0f);
    if (std::abs(glm::determinant(glm::mat3(m))) < 0.05f) continue;
    const anim::DualQuaternionJoint joint = render::UnpackDualQuaternionJoint(
        render::PackDualQuaternionJoint(anim::SplitPaletteMatrix(m)));
    EXPECT_NEAR(glm::length(joint.rigid.real), 1.0f, 1e-5f);
    for (const glm::vec3 p : {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0.3f, -0.5f, 2)}) {
      ExpectNear(anim::SkinPoint(joint, p), glm::vec3(m * glm::vec4(p, 1.0f)), 2e-4f, "split");
    }
  }
}

TEST(DualQuaternionSkinning, DegenerateMatricesAndZeroWeightsGiveNoNan) {
  const std::vector<glm::mat4> palette = {glm::mat4(0.0f),
                                          glm::scale(glm::mat4(1.0f), glm::vec3(1, 0, 1))};
  std::vector<anim::DualQuaternionJoint> joints(2);
  anim::BuildDualQuaternionPalette(palette, joints);
  for (const glm::vec4 w : {glm::vec4(0.5f, 0.5f, 0, 0), glm::vec4(0.0f)}) {
    const glm::vec3 p = anim::SkinPoint(
        anim::BlendDualQuaternionJoints(joints, glm::u16vec4(0, 1, 0, 0), w), glm::vec3(1, 2, 3));
    EXPECT_FALSE(glm::any(glm::isnan(p)));
  }
}

TEST(SkinningMethod, NamesParseBackAndUnknownNamesAreRefused) {
  for (const SkinningMethod m : {SkinningMethod::kLinearBlend, SkinningMethod::kDualQuaternion}) {
    SkinningMethod parsed = m == SkinningMethod::kLinearBlend ? SkinningMethod::kDualQuaternion
                                                              : SkinningMethod::kLinearBlend;
    EXPECT_TRUE(anim::ParseSkinningMethod(anim::SkinningMethodName(m), &parsed));
    EXPECT_EQ(parsed, m);
  }
  SkinningMethod method = SkinningMethod::kLinearBlend;
  EXPECT_FALSE(anim::ParseSkinningMethod("DQS", &method));
  EXPECT_FALSE(anim::ParseSkinningMethod("", &method));
}

}  // namespace
