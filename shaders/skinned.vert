#version 330 core
// Skinning with up to eight influences (a_joints1/a_weights1 hold five to
// eight, weight 0 where unused, and are read only where used), linear blend or (u_dual_quaternion) dual
// quaternion. The palette (model matrix x inverse bind matrix of every
// joint) lives in a texture buffer, four RGBA32F texels (the matrix columns)
// per joint, so the joint count is limited by GL_MAX_TEXTURE_BUFFER_SIZE,
// not by a uniform array. For dual quaternions the same four texels hold the
// joint packed as skinning_library.vert reads it.
// Morph targets come first (Morph, skinning_library.vert).

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;
layout(location = 3) in vec4 a_color;
layout(location = 4) in uvec4 a_joints;
layout(location = 5) in vec4 a_weights;
layout(location = 6) in uvec4 a_joints1;
layout(location = 7) in vec4 a_weights1;
layout(location = 8) in vec4 a_tangent;  // the file\'s, w 0 where it has none

uniform samplerBuffer u_palette;
uniform bool u_skinned;          // false: the primitive has no joints, draw as is
uniform bool u_dual_quaternion;  // the palette is packed dual quaternions
uniform mat4 u_world;            // model space -> world space
uniform mat4 u_view_projection;

out vec3 v_world_position;
out vec3 v_world_normal;
out vec4 v_world_tangent;  // xyz skinned like positions, w the handedness (0: none)
out vec2 v_texcoord;
out vec4 v_color;

void Morph(vec3 position, vec3 normal, out vec3 morphed_position, out vec3 morphed_normal);
void SkinDualQuaternion(uvec4 joints, vec4 weights, uvec4 joints1, vec4 weights1, vec3 position,
                        vec3 normal, out vec3 skinned_position, out vec3 skinned_normal);

mat4 JointMatrix(uint joint) {
  int base = int(joint) * 4;
  return mat4(texelFetch(u_palette, base), texelFetch(u_palette, base + 1),
              texelFetch(u_palette, base + 2), texelFetch(u_palette, base + 3));
}

void main() {
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
    vec4 world_position = u_world * vec4(position, 1.0);
    v_world_position = world_position.xyz;
    v_world_normal = mat3(u_world) * normal;
    v_world_tangent = vec4(mat3(u_world) * tangent, a_tangent.w);
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
  mat4 world_skin = u_world * skin;
  vec4 world_position = world_skin * vec4(morphed_position, 1.0);
  v_world_position = world_position.xyz;
  // mat3 instead of the inverse transpose: skinned characters carry (near)
  // uniform scale, and the fragment shader renormalises the normal anyway.
  v_world_normal = mat3(world_skin) * morphed_normal;
  v_world_tangent = vec4(mat3(world_skin) * a_tangent.xyz, a_tangent.w);
  v_texcoord = a_texcoord;
  v_color = a_color;
  gl_Position = u_view_projection * world_position;
}
