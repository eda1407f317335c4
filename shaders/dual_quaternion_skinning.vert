#version 330 core
// Dual-quaternion skinning (Kavan, Collins, Zara, O'Sullivan, "Geometric
// Skinning with Approximate Dual Quaternion Blending", 2008), linked into
// skinned.vert and crowd_skinned.vert as a second vertex shader object. The
// CPU reference is render/dual_quaternion_skinning.cpp, whose packing this
// reads: per joint four texels, rotation quaternion (x, y, z, w), dual part,
// then the symmetric stretch (s00 s01 s02 s11) (s12 s22 - -), applied before
// the rigid part.

vec3 QuatRotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

mat3 Stretch(mat4 joint) {
  vec4 a = joint[2];
  vec4 b = joint[3];
  return mat3(a.x, a.y, a.z, a.y, a.w, b.x, a.z, b.x, b.y);
}

// Blends the four packed joints with `weights` (each rotation flipped into
// the hemisphere of the heaviest influence's, then normalised) and skins
// `position` and `normal` (normal through the stretch's cofactor matrix).
void SkinDualQuaternion(mat4 j0, mat4 j1, mat4 j2, mat4 j3, vec4 weights, vec3 position,
                        vec3 normal, out vec3 skinned_position, out vec3 skinned_normal) {
  mat4 joints[4] = mat4[4](j0, j1, j2, j3);
  int heaviest = 0;
  for (int k = 1; k < 4; ++k) {
    if (weights[k] > weights[heaviest]) heaviest = k;
  }
  vec4 pivot = joints[heaviest][0];
  vec4 real = vec4(0.0);
  vec4 dual = vec4(0.0);
  mat3 stretch = mat3(0.0);
  for (int k = 0; k < 4; ++k) {
    float w = dot(joints[k][0], pivot) < 0.0 ? -weights[k] : weights[k];
    real += w * joints[k][0];
    dual += w * joints[k][1];
    stretch += weights[k] * Stretch(joints[k]);
  }
  float len = length(real);
  real /= len;
  dual /= len;
  vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
  skinned_position = QuatRotate(real, stretch * position) + translation;
  mat3 cofactor = mat3(cross(stretch[1], stretch[2]), cross(stretch[2], stretch[0]),
                       cross(stretch[0], stretch[1]));
  skinned_normal = QuatRotate(real, cofactor * normal);
}
