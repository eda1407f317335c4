#version 330 core
// Base colour = material factor x vertex colour x base colour texture, lit by
// one key light (half-Lambert, so the side away from the light keeps its
// shape) plus a hemisphere ambient (sky above, ground below). Lighting is
// done in linear space and encoded to sRGB at the end.

in vec3 v_world_normal;
in vec2 v_texcoord;
in vec4 v_color;

uniform vec4 u_base_color_factor;
uniform sampler2D u_base_color_texture;  // sRGB texture: sampling returns linear values
uniform bool u_has_texture;
uniform vec3 u_light_direction;          // world space, pointing towards the light
uniform vec3 u_light_color;
uniform vec3 u_sky_color;
uniform vec3 u_ground_color;

out vec4 frag_color;

vec3 LinearToSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  vec3 low = c * 12.92;
  vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
  return mix(low, high, step(vec3(0.0031308), c));
}

void main() {
  vec4 base = u_base_color_factor * v_color;
  if (u_has_texture) base *= texture(u_base_color_texture, v_texcoord);

  vec3 n = normalize(v_world_normal);
  if (!gl_FrontFacing) n = -n;  // double-sided and inside faces light like their front
  float half_lambert = dot(n, normalize(u_light_direction)) * 0.5 + 0.5;
  vec3 key = u_light_color * half_lambert * half_lambert;
  vec3 ambient = mix(u_ground_color, u_sky_color, n.y * 0.5 + 0.5);

  frag_color = vec4(LinearToSrgb(base.rgb * (key + ambient)), base.a);
}
