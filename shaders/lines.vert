#version 330 core
// Coloured lines and points in world space (skeleton overlay).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;

uniform mat4 u_view_projection;
uniform float u_point_size;

out vec4 v_color;

void main() {
  v_color = a_color;
  gl_PointSize = u_point_size;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
}
