#version 330 core
// The environment behind the scene: one triangle covering the viewport
// (a_position.xy in normalised device coordinates), each corner carrying
// the world points its pixel ray passes at the near and far planes, in
// homogeneous coordinates: linear across the screen, so the fragment
// shader divides them after interpolation and gets each pixel's exact ray,
// for perspective and orthographic views alike.
layout(location = 0) in vec3 a_position;

uniform mat4 u_inverse_view_projection;

out vec4 v_near;
out vec4 v_far;

void main() {
  v_near = u_inverse_view_projection * vec4(a_position.xy, -1.0, 1.0);
  v_far = u_inverse_view_projection * vec4(a_position.xy, 1.0, 1.0);
  gl_Position = vec4(a_position.xy, 0.0, 1.0);
}
