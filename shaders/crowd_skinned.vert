#version 330 core
// Instanced skinning for a crowd, linear blend or (u_dual_quaternion, the
// palettes packed as skinning_library.vert reads them) dual quaternion: one draw call per mesh
// primitive draws every character. All palettes and world matrices live in
// one texture buffer of RGBA32F texels, four per matrix (its columns):
// instance k's palette is matrices [k * u_joint_count, (k + 1) * u_joint_count),
// and its world matrix is matrix u_world_offset + k, after all palettes.
// One buffer means one upload per frame however many characters there are.
// Morph targets first, each instance with its own weights (Morph,
// skinning_library.vert). Shares skinned.frag (material and lighting) with
// the single-character path.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;
layout(location = 3) in vec4 a_color;
layout(location = 4) in uvec4 a_joints;
layout(location = 5) in vec4 a_weights;
layout(location = 6) in uvec4 a_joints1;  // influences five to eight, weight 0 where unused
layout(location = 7) in vec4 a_weights1;
layout(location = 8) in vec4 a_tangent;  // the file\'s, w 0 where it has none

uniform samplerBuffer u_matrices;
uniform int u_joint_count;
uniform int u_world_offset;      // index of instance 0's world matrix
uniform bool u_skinned;          // false: the primitive has no joints, only the world matrix
uniform bool u_dual_quaternion;  // the palettes (not the world matrices) are packed dual quaternions
uniform mat4 u_view_projection;

out vec3 v_world_position;
out vec3 v_world_normal;
out vec4 v_world_tangent;  // xyz skinned like positions, w the handedness (0: none)
out vec2 v_texcoord;
out vec4 v_color;

void Morph(vec3 position, vec3 normal, out vec3 morphed_position, out vec3 morphed_normal);
void SkinDualQuaternion(uvec4 joints, vec4 weights, uvec4 joints1, vec4 weights1, vec3 position,
                        vec3 normal, out vec3 skinned_position, out vec3 skinned_normal);

mat4 MatrixAt(int index) {
  int base = index * 4;
  return mat4(texelFetch(u_matrices, base), texelFetch(u_matrices, base + 1),
              texelFetch(u_matrices, base + 2), texelFetch(u_matrices, base + 3));
}

// Joint `joint` of this instance's palette.
mat4 JointMatrix(uint joint) { return MatrixAt(gl_InstanceID * u_joint_count + int(joint)); }

void main() {
  mat4 world = MatrixAt(u_world_offset + gl_InstanceID);
  vec3 morphed_position;
  vec3 morphed_normal;
  Morph(a_position, a_normal, morphed_position, morphed_normal);
  if (u_skinned && u_dual_quaternion) {
    vec3 position;
    vec3 normal;
    SkinDualQuaternion(a_joints, a_weights, a_joints1, a_weights1, morphed_position,
                       morphed_normal, position, normal);
    vec3 tangent = vec3(0.0);
    if (a_tangent.w != 0.0) {
      vec3 unused;
      SkinDualQuaternion(a_joints, a_weights, a_joints1, a_weights1, morphed_position,
                         a_tangent.xyz, unused, tangent);
    }
    vec4 world_position = world * vec4(position, 1.0);
    v_world_position = world_position.xyz;
    v_world_normal = mat3(world) * normal;
    v_world_tangent = vec4(mat3(world) * tangent, a_tangent.w);
    v_texcoord = a_texcoord;
    v_color = a_color;
    gl_Position = u_view_projection * world_position;
    return;
  }
  mat4 skin = mat4(1.0);
  if (u_skinned) {
    skin = mat4(0.0);
    for (int k = 0; k < 4; ++k) {
      if (a_weights[k] != 0.0) skin += a_weights[k] * JointMatrix(a_joints[k]);
      if (a_weights1[k] != 0.0) skin += a_weights1[k] * JointMatrix(a_joints1[k]);
    }
  }
  mat4 world_skin = world * skin;
  vec4 world_position = world_skin * vec4(morphed_position, 1.0);
  v_world_position = world_position.xyz;
  // As in skinned.vert: mat3 rather than the inverse transpose (near-uniform
  // scale; the fragment shader renormalises).
  v_world_normal = mat3(world_skin) * morphed_normal;
  v_world_tangent = vec4(mat3(world_skin) * a_tangent.xyz, a_tangent.w);
  v_texcoord = a_texcoord;
  v_color = a_color;
  gl_Position = u_view_projection * world_position;
}
