#version 330 core
// Two looks, chosen by u_shading:
// 0, the material: glTF's metallic-roughness BRDF (glTF 2.0 specification,
//    appendix B: Lambert diffuse, GGX distribution, height-correlated Smith
//    visibility, Schlick Fresnel) under one key light, plus an ambient: a
//    hemisphere, or an image-based environment (u_environment). Its diffuse
//    part lights the diffuse colour, its specular part (the environment
//    along the reflection, prefiltered for the roughness) is scaled by an
//    analytic fit of the split-sum BRDF integral (Karis, "Physically Based
//    Shading on Mobile", 2014). Normal maps use a
//    tangent frame from screen-space derivatives of position and texture
//    coordinates (as three.js does for files without tangents).
// 1, flat: base colour under a half-Lambert key (so the side away from the
//    light keeps its shape) and the same hemisphere, whatever the material
//    says: the skinning itself, without the material's effects.
// Alpha: OPAQUE writes 1, MASK discards below the cutoff, BLEND keeps alpha.
// Lighting is linear; the material look's colour is multiplied by the
// exposure and tone mapped (u_tone_mapping: 0 clamps, 1 the Khronos PBR
// Neutral tone mapper, 2 Hill's fit of ACES), then encoded to sRGB.

in vec3 v_world_position;
in vec3 v_world_normal;
in vec4 v_world_tangent;  // the file's tangent and handedness; w 0: none
in vec2 v_texcoord;
in vec4 v_color;

uniform int u_shading;  // 0: the material, 1: flat
uniform vec4 u_base_color_factor;
uniform float u_metallic_factor;
uniform float u_roughness_factor;
uniform float u_normal_scale;
uniform float u_occlusion_strength;
uniform vec3 u_emissive_factor;
uniform int u_alpha_mode;  // 0 OPAQUE, 1 MASK, 2 BLEND
uniform float u_alpha_cutoff;
uniform bool u_unlit;

// The five textures, each with its KHR_texture_transform as a matrix.
uniform sampler2D u_base_color_texture;  // sRGB texture: sampling returns linear values
uniform bool u_has_texture;
uniform mat3 u_base_color_uv;
uniform sampler2D u_metallic_roughness_texture;
uniform bool u_has_metallic_roughness_texture;
uniform mat3 u_metallic_roughness_uv;
uniform sampler2D u_normal_texture;
uniform bool u_has_normal_texture;
uniform mat3 u_normal_uv;
uniform sampler2D u_occlusion_texture;
uniform bool u_has_occlusion_texture;
uniform mat3 u_occlusion_uv;
uniform sampler2D u_emissive_texture;  // sRGB
uniform bool u_has_emissive_texture;
uniform mat3 u_emissive_uv;

uniform vec3 u_light_direction;  // world space, pointing towards the light
uniform vec3 u_light_color;
uniform float u_light_intensity;  // the key's irradiance is colour x intensity
uniform vec3 u_sky_color;
uniform vec3 u_ground_color;
// The image-based light (render/environment_map.h), when u_environment:
// a cube map whose level m is prefiltered for roughness m / max level, and
// nine harmonics of the irradiance over pi.
uniform bool u_environment;
uniform samplerCube u_environment_cube;
uniform float u_environment_max_level;
uniform vec3 u_irradiance_sh[9];
// The eye in homogeneous world coordinates (w = 0: an orthographic view,
// xyz pointing towards the viewer).
uniform vec4 u_eye;

out vec4 frag_color;

const float kPi = 3.14159265358979;

// From color_output.frag (linked beside this shader): the exposure and
// tone map of the material look, and the sRGB encoding.
vec3 ToneMapped(vec3 c);
vec3 LinearToSrgb(vec3 c);

vec2 Uv(mat3 transform) { return (transform * vec3(v_texcoord, 1.0)).xy; }

vec3 Hemisphere(vec3 direction) {
  return mix(u_ground_color, u_sky_color, direction.y * 0.5 + 0.5);
}

// What a white Lambertian surface facing `n` shows under the ambient light:
// the harmonics' irradiance over pi, or the hemisphere.
vec3 AmbientDiffuse(vec3 n) {
  if (!u_environment) return Hemisphere(n);
  vec3 e = u_irradiance_sh[0] * 0.282095;
  e += (u_irradiance_sh[1] * n.y + u_irradiance_sh[2] * n.z + u_irradiance_sh[3] * n.x) * 0.488603;
  e += (u_irradiance_sh[4] * (n.x * n.y) + u_irradiance_sh[5] * (n.y * n.z) +
        u_irradiance_sh[7] * (n.x * n.z)) * 1.092548;
  e += u_irradiance_sh[6] * (0.315392 * (3.0 * n.z * n.z - 1.0));
  e += u_irradiance_sh[8] * (0.546274 * (n.x * n.x - n.y * n.y));
  return max(e, vec3(0.0));
}

// The ambient radiance along the reflection `r`, prefiltered for
// `roughness` (split sum), or the hemisphere seen along it.
vec3 AmbientSpecular(vec3 r, float roughness) {
  if (!u_environment) return Hemisphere(r);
  return textureLod(u_environment_cube, r, roughness * u_environment_max_level).rgb;
}

// The shading normal: the interpolated one, or the normal map's in the
// file's tangent frame (glTF: bitangent = cross(normal, tangent) x w), or,
// without one, in a frame from derivatives: glTF's normal maps point +Y up
// the image while texture coordinates grow down it, hence the minus on y
// there. `facing` is -1 on a back face, which turns the whole frame.
vec3 ShadingNormal(vec3 n, float facing) {
  if (!u_has_normal_texture) return n;
  vec2 uv = Uv(u_normal_uv);
  vec3 file_tangent = v_world_tangent.xyz - n * dot(n, v_world_tangent.xyz);
  if (v_world_tangent.w != 0.0 && dot(file_tangent, file_tangent) > 1e-12) {
    vec3 t = normalize(file_tangent) * facing;
    vec3 b = cross(n, t) * (v_world_tangent.w < 0.0 ? -1.0 : 1.0) * facing;
    vec3 m = texture(u_normal_texture, uv).xyz * 2.0 - 1.0;
    m.xy *= u_normal_scale;
    return normalize(t * m.x + b * m.y + n * m.z);
  }
  vec3 q0 = dFdx(v_world_position);
  vec3 q1 = dFdy(v_world_position);
  vec2 st0 = dFdx(uv);
  vec2 st1 = dFdy(uv);
  vec3 q1perp = cross(q1, n);
  vec3 q0perp = cross(n, q0);
  vec3 t = q1perp * st0.x + q0perp * st1.x;
  vec3 b = q1perp * st0.y + q0perp * st1.y;
  float det = max(dot(t, t), dot(b, b));
  float scale = det == 0.0 ? 0.0 : inversesqrt(det);
  vec3 m = texture(u_normal_texture, uv).xyz * 2.0 - 1.0;
  m.xy *= vec2(u_normal_scale, -u_normal_scale);
  return normalize(t * (m.x * scale) + b * (m.y * scale) + n * m.z);
}

// Appendix B's BRDF times the cosine, for light from l: diffuse and specular.
vec3 DirectLight(vec3 n, vec3 v, vec3 l, vec3 c_diff, vec3 f0, float alpha) {
  float n_l = clamp(dot(n, l), 0.0, 1.0);
  if (n_l <= 0.0) return vec3(0.0);
  vec3 h = normalize(l + v);
  float n_v = clamp(abs(dot(n, v)), 1e-4, 1.0);
  float n_h = clamp(dot(n, h), 0.0, 1.0);
  float v_h = clamp(dot(v, h), 0.0, 1.0);
  vec3 fresnel = f0 + (1.0 - f0) * pow(1.0 - v_h, 5.0);
  float a2 = alpha * alpha;
  float d_denominator = n_h * n_h * (a2 - 1.0) + 1.0;
  float distribution = a2 / (kPi * d_denominator * d_denominator);
  float visibility = 0.5 / (n_l * sqrt(n_v * n_v * (1.0 - a2) + a2) +
                            n_v * sqrt(n_l * n_l * (1.0 - a2) + a2));
  vec3 diffuse = (1.0 - fresnel) * c_diff / kPi;
  vec3 specular = fresnel * distribution * visibility;
  return (diffuse + specular) * n_l;
}

// The split-sum environment BRDF, Karis' analytic fit: scale and bias of f0.
vec3 EnvironmentBrdf(vec3 f0, float roughness, float n_v) {
  const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
  const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
  vec4 r = roughness * c0 + c1;
  float a004 = min(r.x * r.x, exp2(-9.28 * n_v)) * r.x + r.y;
  vec2 ab = vec2(-1.04, 1.04) * a004 + r.zw;
  return f0 * ab.x + ab.y;
}

vec3 MaterialColor(vec4 base, vec3 n, float facing) {
  if (u_unlit) return base.rgb;
  vec3 v = u_eye.w > 0.0 ? normalize(u_eye.xyz / u_eye.w - v_world_position) : normalize(u_eye.xyz);
  n = ShadingNormal(n, facing);
  float metallic = u_metallic_factor;
  float roughness = u_roughness_factor;
  if (u_has_metallic_roughness_texture) {
    vec4 mr = texture(u_metallic_roughness_texture, Uv(u_metallic_roughness_uv));
    roughness *= mr.g;
    metallic *= mr.b;
  }
  metallic = clamp(metallic, 0.0, 1.0);
  roughness = clamp(roughness, 0.0, 1.0);
  vec3 c_diff = mix(base.rgb, vec3(0.0), metallic);
  vec3 f0 = mix(vec3(0.04), base.rgb, metallic);
  float alpha = roughness * roughness;
  vec3 key = DirectLight(n, v, normalize(u_light_direction), c_diff, f0, alpha) * u_light_color *
             u_light_intensity;
  float n_v = clamp(abs(dot(n, v)), 1e-4, 1.0);
  vec3 ambient = AmbientDiffuse(n) * c_diff +
                 AmbientSpecular(reflect(-v, n), roughness) * EnvironmentBrdf(f0, roughness, n_v);
  if (u_has_occlusion_texture) {
    float ao = texture(u_occlusion_texture, Uv(u_occlusion_uv)).r;
    ambient *= 1.0 + u_occlusion_strength * (ao - 1.0);
  }
  vec3 emissive = u_emissive_factor;
  if (u_has_emissive_texture) emissive *= texture(u_emissive_texture, Uv(u_emissive_uv)).rgb;
  return key + ambient + emissive;
}

vec3 FlatColor(vec3 base, vec3 n) {
  float half_lambert = dot(n, normalize(u_light_direction)) * 0.5 + 0.5;
  vec3 key = u_light_color * half_lambert * half_lambert;
  return base * (key + Hemisphere(n));
}

void main() {
  vec4 base = u_base_color_factor * v_color;
  if (u_has_texture) base *= texture(u_base_color_texture, Uv(u_base_color_uv));
  if (u_alpha_mode == 1 && base.a < u_alpha_cutoff) discard;
  float alpha = u_alpha_mode == 2 ? base.a : 1.0;

  vec3 n = normalize(v_world_normal);
  if (!gl_FrontFacing) n = -n;  // double-sided and inside faces light like their front
  float facing = gl_FrontFacing ? 1.0 : -1.0;
  vec3 color = u_shading == 0 ? ToneMapped(MaterialColor(base, n, facing)) : FlatColor(base.rgb, n);
  frag_color = vec4(LinearToSrgb(color), alpha);
}
