#version 330 core
// The environment's radiance along each pixel's ray, at u_level (0: the
// environment itself, higher: its prefiltered, blurred levels), exposed,
// tone mapped and encoded like the material look (color_output.frag).
in vec4 v_near;
in vec4 v_far;

uniform samplerCube u_environment_cube;
uniform float u_level;

out vec4 frag_color;

vec3 ToneMapped(vec3 c);
vec3 LinearToSrgb(vec3 c);

void main() {
  vec3 direction = normalize(v_far.xyz / v_far.w - v_near.xyz / v_near.w);
  vec3 radiance = textureLod(u_environment_cube, direction, u_level).rgb;
  frag_color = vec4(LinearToSrgb(ToneMapped(radiance)), 1.0);
}
