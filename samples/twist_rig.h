// A generated test rig for comparing skinning methods: an upright cylinder
// (an arm) with two joints, the root at its foot and a second one half way
// up, and weights that move smoothly from the first to the second across the
// joint (0.5 / 0.5 on the ring at the joint). Twisting the second joint about
// the cylinder's axis and bending it sideways shows where linear blend
// skinning loses volume (the "candy wrapper" at a twist) and dual-quaternion
// skinning does not. Plain maths, no GL: the sample and the tests share it.
#pragma once

#include <array>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "model/model.h"

namespace samples {

struct TwistRig {
  anim::Model model;  // one skinned primitive, two joints (palette order 0, 1)
  float length = 0.0f;
  float radius = 0.0f;
  // The ring of vertices at the joint: `ring_size` vertices from `joint_ring_first` on.
  std::uint32_t joint_ring_first = 0;
  std::uint32_t ring_size = 0;
};

// A cylinder of `length` (along +y from the origin) and `radius`, `rings`
// rings (even, so that one lies at the joint) of `ring_size` vertices; the
// weights blend over the middle `blend_fraction` of the length.
TwistRig MakeTwistRig(float length, float radius, int rings = 24, int ring_size = 32,
                      float blend_fraction = 0.5f);

// The palette that twists the upper half by `twist_degrees` about its own
// axis, then bends it by `bend_degrees` about the z axis through the joint.
std::array<glm::mat4, 2> TwistRigPalette(const TwistRig& rig, float twist_degrees,
                                         float bend_degrees);

// The ring at the joint skinned with `palette` by `method`.
std::vector<glm::vec3> SkinnedJointRing(const TwistRig& rig, std::span<const glm::mat4> palette,
                                        anim::SkinningMethod method);

// Area of a closed polygon in space (the length of its vector area: exact for
// a planar one, the area of its projection onto its best plane otherwise).
float PolygonArea(std::span<const glm::vec3> polygon);

}  // namespace samples
