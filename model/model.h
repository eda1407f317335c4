// Model: everything imported from a glTF file, as plain CPU-side data.
// The runtime parts (Skeleton, Clip) come from anim/; the mesh, materials and
// decoded images are what render/ uploads. No GL types here.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"
#include "model/clip_roles.h"

namespace anim {

// One morph target (blend shape) of a primitive: per vertex, the offset its
// position (and normal, empty when the file gives none) moves by at weight 1.
struct MorphTarget {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
};

// One skinned primitive (glTF mesh primitive), triangles, all arrays the same
// length (indices aside). Joint indices are skeleton joint indices (already
// mapped from the skin's joint list), weights sum to 1 (up to eight
// influences, the four heaviest in `joints`/`weights`). A mesh drawn by
// several nodes is one primitive per node. Unskinned meshes are bound rigidly
// (weight 1) to their node's joint or the nearest joint above it.
struct MeshPrimitive {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;  // computed (area-weighted) when absent
  // TANGENT: xyz unit, w +1 or -1, the bitangent being cross(normal, xyz) x w
  // (the normal map's frame); empty when absent, and the renderer derives
  // a frame from the texture coordinates.
  std::vector<glm::vec4> tangents;
  std::vector<glm::vec2> texcoords;  // empty when absent
  std::vector<glm::vec4> colors;     // COLOR_0 as linear RGBA; empty when absent
  std::vector<glm::u16vec4> joints;
  std::vector<glm::vec4> weights;
  // Influences five to eight (glTF JOINTS_1/WEIGHTS_1), as long as `joints`
  // when some vertex has more than four, else empty; the eight weights of a
  // vertex then sum to 1. Consumers read both sets through SkinInfluences.
  std::vector<glm::u16vec4> joints1;
  std::vector<glm::vec4> weights1;
  std::vector<std::uint32_t> indices;  // triangle list; generated 0..n-1 when absent
  int material = -1;                   // index into Model::materials, -1: default
  // Morph targets, applied before skinning: position += sum of weight x
  // offset, the weights being Model::morph_channels[morph_channel]'s run of
  // the character's weights (anim/clips/morph_weights.h). Empty, -1: none.
  std::vector<MorphTarget> morph_targets;
  int morph_channel = -1;
  // Where it came from, for --info, --dump-mesh and messages: the glTF mesh
  // and primitive index (-1 for meshes made in code) and the node drawing it.
  int source_mesh = -1;
  int source_primitive = -1;
  std::string node_name;
  int source_node = -1;  // the file's node drawing it, -1 for meshes made in code
  // The nearest Model::node_visibility at or above that node (glTF's
  // KHR_node_visibility), -1: always drawn.
  int visibility = -1;
};

// glTF sampler settings, as GL enum values (glTF uses the same numbers).
struct SamplerSettings {
  int mag_filter = 0x2601;  // GL_LINEAR
  int min_filter = 0x2703;  // GL_LINEAR_MIPMAP_LINEAR
  int wrap_s = 0x2901;      // GL_REPEAT
  int wrap_t = 0x2901;
};

// A decoded texture image, 8-bit RGBA, rows top to bottom as stored in the file.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
};

// KHR_texture_transform: texture coordinates are scaled, then rotated
// (radians, counter-clockwise in the image as glTF defines it), then offset.
struct TextureTransform {
  glm::vec2 offset{0.0f};
  glm::vec2 scale{1.0f};
  float rotation = 0.0f;
};
// The transform as the 3x3 matrix that maps (u, v, 1): translation x
// rotation x scale, as KHR_texture_transform's reference shader builds it.
glm::mat3 TextureTransformMatrix(const TextureTransform& transform);

// One texture a material samples: its decoded image, sampler and transform.
struct TextureRef {
  int image = -1;  // index into Model::images, -1: none
  SamplerSettings sampler;
  TextureTransform transform;
};

// glTF alphaMode: OPAQUE ignores alpha; MASK keeps a fragment when its alpha
// reaches alphaCutoff, fully opaque; BLEND composites it over what is behind.
enum class AlphaMode { kOpaque, kMask, kBlend };

// glTF's metallic-roughness material (specification, appendix B), with
// KHR_materials_emissive_strength as emissive_strength and
// KHR_materials_unlit as `unlit`. Defaults are glTF's.
struct Material {
  std::string name;
  glm::vec4 base_color_factor{1.0f};
  TextureRef base_color;  // sRGB
  float metallic_factor = 1.0f;
  float roughness_factor = 1.0f;
  TextureRef metallic_roughness;  // linear: roughness in G, metallic in B
  TextureRef normal;              // linear, tangent space
  float normal_scale = 1.0f;
  TextureRef occlusion;  // linear, in R
  float occlusion_strength = 1.0f;
  TextureRef emissive;  // sRGB
  glm::vec3 emissive_factor{0.0f};
  // Multiplies emissive_factor; kept apart so a clip animating either
  // (KHR_animation_pointer) keeps the other.
  float emissive_strength = 1.0f;
  AlphaMode alpha_mode = AlphaMode::kOpaque;
  float alpha_cutoff = 0.5f;
  bool double_sided = false;
  bool unlit = false;

  // A non-metal of the given roughness, colour from the vertices: what
  // meshes made in code wear (glTF's default material is a rough metal).
  static Material Dielectric(std::string name, float roughness);

  // The five textures, for code that treats them alike.
  std::array<const TextureRef*, 5> Textures() const {
    return {&base_color, &metallic_roughness, &normal, &occlusion, &emissive};
  }
};

// A material value that clips animate through KHR_animation_pointer. It
// rides with the morph weights in the character's array of animated floats
// (DefaultMorphWeights), at [first_value, first_value + components), so it
// is sampled, blended, cross-faded and added exactly as they are.
enum class MaterialProperty {
  kBaseColorFactor,    // 4
  kEmissiveFactor,     // 3
  kEmissiveStrength,   // 1
  kMetallicFactor,     // 1
  kRoughnessFactor,    // 1
  kAlphaCutoff,        // 1
  kNormalScale,        // 1
  kOcclusionStrength,  // 1
  kTextureOffset,      // 2, of texture `texture`
  kTextureScale,       // 2
  kTextureRotation,    // 1
};
int ComponentsOf(MaterialProperty property);

struct AnimatedMaterialValue {
  std::string pointer;  // as the file writes it: "/materials/0/emissiveFactor"
  int material = -1;
  MaterialProperty property = MaterialProperty::kBaseColorFactor;
  int texture = -1;  // transform properties: 0..4, in Material::Textures' order
  int first_value = 0;
};
struct Material;
// The animated value's current setting in `material` (`out`: ComponentsOf
// floats), and the reverse.
void ReadMaterialValue(const Material& material, const AnimatedMaterialValue& value, float* out);
void WriteMaterialValue(const AnimatedMaterialValue& value, const float* in, Material* material);

// The weights of one mesh node's morph targets, shared by its primitives:
// the run [first_weight, first_weight + target_names.size()) of the
// character's weight array.
struct MorphChannel {
  std::string node_name;
  std::vector<std::string> target_names;  // extras.targetNames, else "target N"
  std::vector<float> default_weights;     // the node's or mesh's weights, else 0
  int first_weight = 0;
};

struct Model;

// A joint of a retargeted character that the source has no match for but
// that carries something (model/retarget_props.h): it follows a mapped joint.
struct RetargetProp {
  int joint = -1;    // the prop: an unmapped target joint
  int follows = -1;  // the mapped joint it follows
  // Why that joint, for --info and the panel: "the model's own clips keep it
  // on Head", "the mapped joint nearest to it at rest", "the mapping file".
  std::string why;
};
// The mapping file's word on a joint: it follows `follows`, or (-1) it is
// no prop and keeps its reference pose.
struct PropOverride {
  int joint = -1;
  int follows = -1;
};

// Clips taken from another file's character and retargeted onto this one
// (the viewer's --animations): what made them, so that --info can list the
// mapping and the Retargeting sample can play the source beside the target.
struct AnimationSource {
  std::shared_ptr<const Model> model;        // the source character, with its own clips
  std::vector<int> mapping;                  // per target joint, its source joint or -1
  bool match_reference = true;               // ReferenceMatch::kMatchSource, else kRestPoses
  std::string mapping_file;                  // the file the mapping came from; "": automatic
  int first_clip = 0;                        // the retargeted clips are clips[first_clip...]
  std::vector<PropOverride> prop_overrides;  // from the mapping file's "props"
  std::vector<RetargetProp> props;           // what the clips were baked with
};

// A camera of the file: a glTF camera on a node of the shown scene, which a
// viewer looks through beside its own (render/file_camera.h). It rides on
// the joint nearest above its node (the node itself where it is a joint, as
// in a file without a skin, whose animated cameras then move with their
// clips); with no joint above it stays where the scene puts it at rest.
struct FileCamera {
  std::string name;        // the camera's name, else its node's, else "camera N"
  int source_camera = -1;  // its index in the file's cameras (AnimatedCameraValue names it)
  bool orthographic = false;
  float yfov = 0.0f;          // perspective: vertical field of view, radians
  float aspect_ratio = 0.0f;  // perspective: the file's, 0 when not given
  float xmag = 0.0f;          // orthographic: half the view's width
  float ymag = 0.0f;          // orthographic: half the view's height
  float znear = 0.0f;
  float zfar = 0.0f;  // 0: none (an infinite perspective)
  int joint = -1;     // the joint it rides on; -1: fixed in the model's space
  // From that joint's space (or from the model's, without a joint) to the
  // camera node's; the camera looks down the node's -Z with +Y up.
  glm::mat4 node_matrix{1.0f};
};

// A camera value that clips animate through KHR_animation_pointer
// ("/cameras/N/perspective/yfov"...), one float riding with the morph
// weights in the character's animated floats at `first_value`, as
// AnimatedMaterialValue does.
enum class CameraProperty { kYfov, kAspectRatio, kXmag, kYmag, kZnear, kZfar };

struct AnimatedCameraValue {
  std::string pointer;  // as the file writes it
  int camera = -1;      // the file's camera index (FileCamera::source_camera)
  CameraProperty property = CameraProperty::kYfov;
  int first_value = 0;
  float default_value = 0.0f;  // the file's own value: what plays when no clip animates it
};

// `camera` with the animated values of the character's animated floats
// `values` that name its file camera written in. A value the specification
// forbids (a field of view outside (0, pi), a near plane not above 0, a far
// plane not past the near one, a zero magnification, a negative aspect
// ratio) leaves the camera's own value, so a projection stays finite.
FileCamera AnimatedFileCamera(const FileCamera& camera,
                              std::span<const AnimatedCameraValue> animated,
                              std::span<const float> values);

// A node of the file that can hide what it and every node below it draw
// (KHR_node_visibility's `visible`, static or animated through
// "/nodes/N/extensions/KHR_node_visibility/visible"). Its value rides in the
// character's animated floats at `value` (1 shown, 0 hidden; a blend of the
// two shows from 0.5 up), so clips sample and fade it as morph weights.
struct NodeVisibility {
  std::string pointer;  // the pointer that names it
  int node = -1;        // the file's node
  int parent = -1;      // the nearest NodeVisibility above, always an earlier one; -1: none
  int value = 0;        // its animated float
  bool visible = true;  // the file's own value: what plays when no clip animates it
};

// Per NodeVisibility, whether it shows: its own value from `values` (the
// character's animated floats; one missing counts as the file's own) and
// every one above it. One pass, parents first: no walk up a deep hierarchy.
void ShownNodes(std::span<const NodeVisibility> nodes, std::span<const float> values,
                std::vector<std::uint8_t>* shown);

// The name a retargeted clip is listed under: "<clip> (from <file stem>)".
std::string RetargetedClipName(const std::string& clip, const std::string& source_path);

struct Model {
  std::string source_path;
  Skeleton skeleton;
  std::vector<Clip> clips;
  // Per clip, what it is for (model/clip_roles.h): guessed by the importer
  // from the motion, overridable by the user. Models built in code may
  // leave it empty; samples then guess on demand.
  std::vector<ClipRoleGuess> clip_roles;
  std::vector<MeshPrimitive> primitives;
  std::vector<MorphChannel> morph_channels;
  // Material values the clips animate (KHR_animation_pointer), after the
  // morph weights in the array of animated floats.
  std::vector<AnimatedMaterialValue> animated_material_values;
  // Camera values clips animate, after the material values in the animated
  // floats.
  std::vector<AnimatedCameraValue> animated_camera_values;
  // Nodes that can hide what they draw (MeshPrimitive::visibility), parents
  // first; their values come after the camera values.
  std::vector<NodeVisibility> node_visibility;
  std::vector<Material> materials;
  std::vector<Image> images;
  std::vector<FileCamera> cameras;  // in the shown scene's node order
  // Things the user should know that did not stop the import (ignored
  // channels, unsupported optional extensions, ...), one line each.
  std::vector<std::string> warnings;
  // Joints at or past this index are helpers the importer added for skins
  // that bind a shared joint with an inverse bind matrix of their own
  // ("<joint> (skin N)", children of it at identity); -1: none. Lists a
  // user picks a joint from leave them out.
  int first_helper_joint = -1;
  // The file turns a skinned mesh with a node its skeleton hangs outside of
  // (glTF draws it without that turn): whether there is such a turn, and
  // whether the import put it on the skeleton's roots
  // (ImportOptions::apply_scene_turn).
  bool scene_turn_missed = false;
  bool scene_turn_applied = false;
  // Set when clips of another character were retargeted onto this one.
  std::shared_ptr<const AnimationSource> animation_source;

  // Index of the clip with this name, or -1.
  int FindClip(const std::string& name) const;
  // The clip's name as its own file names it: a retargeted clip's source
  // clip's name ("Walking", where the list shows "Walking (from Woman)"),
  // so that picking clips by name treats them alike.
  const std::string& SourceClipName(int clip) const;
  // The joints a user picks from: every joint but the skins' helpers (which
  // all come last, so joint j is entry j).
  std::vector<std::string> PickableJointNames() const;
  // Every channel's default weights, then every animated material value's
  // setting, one flat array: where each frame's animated floats start
  // before a clip writes the ones it animates.
  std::vector<float> DefaultMorphWeights() const;
  // The run of `all` (a character's weights) that drives primitive `p`'s
  // morph targets; empty when it has none or `all` is too short.
  std::span<const float> MorphWeightsOf(const MeshPrimitive& p, std::span<const float> all) const;
};

}  // namespace anim
