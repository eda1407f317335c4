#version 330 core
// Ground grid lines on the plane Y = 0.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;

uniform mat4 u_view_projection;

out vec4 v_color;
out vec3 v_world_position;

void main() {
  v_color = a_color;
  v_world_position = a_position;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
}
