#version 330 core
// Lines fade out towards the edge of the grid so it has no hard border.
in vec4 v_color;
in vec3 v_world_position;

uniform vec3 u_grid_center;
uniform float u_fade_radius;

out vec4 frag_color;

void main() {
  float d = length(v_world_position.xz - u_grid_center.xz) / u_fade_radius;
  float fade = 1.0 - smoothstep(0.6, 1.0, d);
  frag_color = vec4(v_color.rgb, v_color.a * fade);
}
