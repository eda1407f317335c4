#include "samples/twist_rig.h"

#include <cmath>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "render/cpu_skinning.h"  // VertexSkinMatrix: header-only, no GL

namespace samples {

TwistRig MakeTwistRig(float length, float radius, int rings, int ring_size, float blend_fraction) {
  TwistRig rig;
  rig.length = length;
  rig.radius = radius;
  rig.ring_size = static_cast<std::uint32_t>(ring_size);
  rig.joint_ring_first = static_cast<std::uint32_t>(rings / 2 * ring_size);
  anim::MeshPrimitive p;
  const float joint_y = 0.5f * length;
  const float half_blend = 0.5f * blend_fraction * length;
  for (int r = 0; r <= rings; ++r) {
    const float y = length * static_cast<float>(r) / static_cast<float>(rings);
    // Smoothstep across the joint: 0 below the blend zone, 1 above, 0.5 at the joint.
    const float s = glm::clamp((y - (joint_y - half_blend)) / (2.0f * half_blend), 0.0f, 1.0f);
    const float upper = s * s * (3.0f - 2.0f * s);
    for (int i = 0; i < ring_size; ++i) {
      const float a = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(ring_size);
      const glm::vec3 n(std::cos(a), 0.0f, -std::sin(a));
      p.positions.push_back(glm::vec3(radius * n.x, y, radius * n.z));
      p.normals.push_back(n);
      p.joints.emplace_back(0, 1, 0, 0);
      p.weights.emplace_back(1.0f - upper, upper, 0.0f, 0.0f);
      // Stripes along the length make a twist visible.
      const bool stripe = (i / 2) % 2 == 0;
      p.colors.emplace_back(stripe ? glm::vec4(0.85f, 0.55f, 0.25f, 1.0f)
                                   : glm::vec4(0.9f, 0.88f, 0.82f, 1.0f));
    }
  }
  for (int r = 0; r < rings; ++r) {
    for (int i = 0; i < ring_size; ++i) {
      const auto a = static_cast<std::uint32_t>(r * ring_size + i);
      const auto b = static_cast<std::uint32_t>(r * ring_size + (i + 1) % ring_size);
      const auto c = a + static_cast<std::uint32_t>(ring_size);
      const auto d = b + static_cast<std::uint32_t>(ring_size);
      p.indices.insert(p.indices.end(), {a, b, d, a, d, c});
    }
  }
  p.material = 0;
  rig.model.primitives.push_back(std::move(p));
  rig.model.materials.push_back(anim::Material::Dielectric("stripes", 0.6f));
  // The skeleton the primitive's joint indices refer to: the root at the
  // origin, the second joint at the middle, both in their bind pose.
  std::vector<anim::Transform> locals(2);
  locals[1].translation = glm::vec3(0.0f, joint_y, 0.0f);
  // Two joints, parent first: Build cannot refuse them.
  rig.model.skeleton.Build(
      {"lower", "upper"}, {-1, 0}, {}, locals, locals,
      {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -joint_y, 0.0f))}, nullptr);
  rig.model.source_path = "generated twist rig";
  return rig;
}

std::array<glm::mat4, 2> TwistRigPalette(const TwistRig& rig, float twist_degrees,
                                         float bend_degrees) {
  const glm::vec3 joint(0.0f, 0.5f * rig.length, 0.0f);
  const glm::mat4 rotation =
      glm::rotate(glm::mat4(1.0f), glm::radians(bend_degrees), glm::vec3(0.0f, 0.0f, 1.0f)) *
      glm::rotate(glm::mat4(1.0f), glm::radians(twist_degrees), glm::vec3(0.0f, 1.0f, 0.0f));
  // Joint model matrix (at the joint, rotated) times its inverse bind matrix.
  return {glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), joint) * rotation *
                               glm::translate(glm::mat4(1.0f), -joint)};
}

std::vector<glm::vec3> SkinnedJointRing(const TwistRig& rig, std::span<const glm::mat4> palette,
                                        anim::SkinningMethod method) {
  const anim::MeshPrimitive& p = rig.model.primitives.front();
  std::vector<anim::DualQuaternionJoint> dual(palette.size());
  anim::BuildDualQuaternionPalette(palette, dual);
  std::vector<glm::vec3> ring;
  for (std::uint32_t v = rig.joint_ring_first; v < rig.joint_ring_first + rig.ring_size; ++v) {
    if (method == anim::SkinningMethod::kLinearBlend) {
      const glm::mat4 skin = render::VertexSkinMatrix(p, v, palette);
      ring.push_back(glm::vec3(skin * glm::vec4(p.positions[v], 1.0f)));
    } else {
      ring.push_back(anim::SkinPoint(
          anim::BlendDualQuaternionJoints(dual, p.joints[v], p.weights[v]), p.positions[v]));
    }
  }
  return ring;
}

float PolygonArea(std::span<const glm::vec3> polygon) {
  glm::vec3 twice_area(0.0f);
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    twice_area += glm::cross(polygon[i], polygon[(i + 1) % polygon.size()]);
  }
  return 0.5f * glm::length(twice_area);
}

}  // namespace samples
