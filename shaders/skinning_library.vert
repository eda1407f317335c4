#version 330 core
// What skinned.vert and crowd_skinned.vert share, linked into each as a
// second vertex shader object: morph targets, applied before skinning, and
// dual-quaternion skinning.
//
// Morph targets (render/gpu_morph_targets.h): two RGBA32F texels per target
// and vertex (position offset, normal offset), one R32F weight per target;
// for a crowd, one run of weights per instance.
//
// Dual-quaternion skinning (Kavan, Collins, Zara, O'Sullivan, "Geometric
// Skinning with Approximate Dual Quaternion Blending", 2008). The CPU
// reference is render/dual_quaternion_skinning.cpp, whose packing this
// reads: per joint four texels, rotation quaternion (x, y, z, w), dual part,
// then the symmetric stretch (s00 s01 s02 s11) (s12 s22 - -), applied before
// the rigid part.

uniform samplerBuffer u_morph_offsets;
uniform samplerBuffer u_morph_weights;
uniform int u_morph_targets;          // 0: the primitive has none
uniform int u_morph_vertices;         // the primitive's vertex count
uniform int u_morph_instance_stride;  // weights per instance (0: every instance shares one run)

// `position` and `normal` moved by the weighted offsets of every target;
// gl_VertexID is the vertex's index in its primitive (glDrawElements), and
// instance k reads its weights from k * u_morph_instance_stride.
void Morph(vec3 position, vec3 normal, out vec3 morphed_position, out vec3 morphed_normal) {
  morphed_position = position;
  morphed_normal = normal;
  int weight_base = gl_InstanceID * u_morph_instance_stride;
  for (int t = 0; t < u_morph_targets; ++t) {
    float weight = texelFetch(u_morph_weights, weight_base + t).r;
    if (weight == 0.0) continue;
    int base = 2 * (t * u_morph_vertices + gl_VertexID);
    morphed_position += weight * texelFetch(u_morph_offsets, base).xyz;
    morphed_normal += weight * texelFetch(u_morph_offsets, base + 1).xyz;
  }
}

vec3 QuatRotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

mat3 Stretch(mat4 joint) {
  vec4 a = joint[2];
  vec4 b = joint[3];
  return mat3(a.x, a.y, a.z, a.y, a.w, b.x, a.z, b.x, b.y);
}

// The packed joint `joint` of the palette being drawn: defined by the shader
// this one is linked with (skinned.vert: its palette; crowd_skinned.vert:
// the instance's palette).
mat4 JointMatrix(uint joint);

// Blends up to eight packed joints, `joints`/`weights` and the second set
// `joints1`/`weights1` (weight 0 where unused; those are not read), each
// rotation flipped into the hemisphere of the heaviest influence's, then
// normalised, and skins `position` and `normal` (normal through the
// stretch's cofactor matrix).
void SkinDualQuaternion(uvec4 joints, vec4 weights, uvec4 joints1, vec4 weights1, vec3 position,
                        vec3 normal, out vec3 skinned_position, out vec3 skinned_normal) {
  uint joint[8] = uint[8](joints.x, joints.y, joints.z, joints.w, joints1.x, joints1.y, joints1.z,
                          joints1.w);
  float weight[8] = float[8](weights.x, weights.y, weights.z, weights.w, weights1.x, weights1.y,
                             weights1.z, weights1.w);
  int heaviest = 0;
  for (int k = 1; k < 8; ++k) {
    if (weight[k] > weight[heaviest]) heaviest = k;
  }
  vec4 pivot = JointMatrix(joint[heaviest])[0];
  vec4 real = vec4(0.0);
  vec4 dual = vec4(0.0);
  mat3 stretch = mat3(0.0);
  for (int k = 0; k < 8; ++k) {
    if (weight[k] == 0.0) continue;
    mat4 m = JointMatrix(joint[k]);
    float w = dot(m[0], pivot) < 0.0 ? -weight[k] : weight[k];
    real += w * m[0];
    dual += w * m[1];
    stretch += weight[k] * Stretch(m);
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
