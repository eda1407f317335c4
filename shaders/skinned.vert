#version 330 core
// Linear-blend skinning with four influences. The palette
// (model matrix x inverse bind matrix of every joint) lives in a texture
// buffer, four RGBA32F texels (the matrix columns) per joint, so the joint
// count is limited by GL_MAX_TEXTURE_BUFFER_SIZE, not by a uniform array.

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;
layout(location = 3) in vec4 a_color;
layout(location = 4) in uvec4 a_joints;
layout(location = 5) in vec4 a_weights;

uniform samplerBuffer u_palette;
uniform bool u_skinned;          // false: the primitive has no joints, draw as is
uniform mat4 u_world;            // model space -> world space
uniform mat4 u_view_projection;

out vec3 v_world_normal;
out vec2 v_texcoord;
out vec4 v_color;

mat4 PaletteMatrix(uint joint) {
  int base = int(joint) * 4;
  return mat4(texelFetch(u_palette, base), texelFetch(u_palette, base + 1),
              texelFetch(u_palette, base + 2), texelFetch(u_palette, base + 3));
}

void main() {
  mat4 skin = mat4(1.0);
  if (u_skinned) {
    skin = a_weights.x * PaletteMatrix(a_joints.x) + a_weights.y * PaletteMatrix(a_joints.y) +
           a_weights.z * PaletteMatrix(a_joints.z) + a_weights.w * PaletteMatrix(a_joints.w);
  }
  mat4 world_skin = u_world * skin;
  vec4 world_position = world_skin * vec4(a_position, 1.0);
  // mat3 instead of the inverse transpose: skinned characters carry (near)
  // uniform scale, and the fragment shader renormalises the normal anyway.
  v_world_normal = mat3(world_skin) * a_normal;
  v_texcoord = a_texcoord;
  v_color = a_color;
  gl_Position = u_view_projection * world_position;
}
