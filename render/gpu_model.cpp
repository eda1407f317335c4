#include "render/gpu_model.h"

#include <algorithm>

namespace render {

bool GpuModel::UploadTexture(const anim::Model& model, const anim::TextureRef& ref,
                             ColorEncoding encoding, GpuTextureSlot* slot, std::string* error) {
  slot->uv = anim::TextureTransformMatrix(ref.transform);
  if (ref.image < 0 || ref.image >= static_cast<int>(model.images.size())) return true;
  const anim::SamplerSettings& sampler = ref.sampler;
  const auto key = std::make_tuple(ref.image, sampler.mag_filter, sampler.min_filter,
                                   sampler.wrap_s, sampler.wrap_t, static_cast<int>(encoding));
  if (const auto known = uploaded_.find(key); known != uploaded_.end()) {
    slot->texture = known->second;
    return true;
  }
  GpuTexture texture;
  std::string texture_error;
  if (!texture.Upload(model.images[ref.image], sampler, encoding, &texture_error)) {
    *error = model.source_path + ": image " + std::to_string(ref.image) + ": " + texture_error;
    return false;
  }
  slot->texture = static_cast<int>(textures_.size());
  uploaded_.emplace(key, slot->texture);
  textures_.push_back(std::move(texture));
  return true;
}

bool GpuModel::Upload(const anim::Model& model, std::string* error) {
  meshes_.clear();
  materials_.clear();
  textures_.clear();
  uploaded_.clear();
  // Colours are sRGB-encoded, data (metallic-roughness, normals, occlusion) linear.
  constexpr ColorEncoding kEncodings[5] = {ColorEncoding::kSrgb, ColorEncoding::kLinear,
                                           ColorEncoding::kLinear, ColorEncoding::kLinear,
                                           ColorEncoding::kSrgb};
  for (const anim::Material& m : model.materials) {
    GpuMaterial material;
    material.factors = m;
    material.factors.name.clear();  // copied per draw when animated: no allocation
    const auto refs = m.Textures();
    for (std::size_t t = 0; t < refs.size(); ++t) {
      if (!UploadTexture(model, *refs[t], kEncodings[t], &material.textures[t], error)) {
        materials_.clear();
        textures_.clear();
        uploaded_.clear();
        return false;
      }
    }
    materials_.push_back(std::move(material));
  }
  animated_values_ = model.animated_material_values;
  for (std::size_t v = 0; v < animated_values_.size(); ++v) {
    const int m = animated_values_[v].material;
    if (m >= 0 && m < static_cast<int>(materials_.size())) {
      materials_[m].animated.push_back(static_cast<int>(v));
    }
  }
  const int joint_count = model.skeleton.JointCount();
  morphs_.clear();
  default_morph_weights_ = model.DefaultMorphWeights();
  node_visibility_ = model.node_visibility;
  mesh_visibility_.clear();
  for (const anim::MeshPrimitive& primitive : model.primitives) {
    mesh_visibility_.push_back(primitive.visibility);
  }
  for (std::size_t i = 0; i < model.primitives.size(); ++i) {
    const anim::MeshPrimitive& primitive = model.primitives[i];
    GpuMesh mesh;
    MeshMorph morph;
    std::string mesh_error;
    if (!mesh.Upload(primitive, joint_count, &mesh_error) ||
        !morph.targets.Upload(primitive, &mesh_error)) {
      *error = model.source_path + ": primitive " + std::to_string(i) + ": " + mesh_error;
      meshes_.clear();
      morphs_.clear();
      return false;
    }
    if (primitive.morph_channel >= 0 &&
        primitive.morph_channel < static_cast<int>(model.morph_channels.size())) {
      morph.first_weight = model.morph_channels[primitive.morph_channel].first_weight;
    }
    meshes_.push_back(std::move(mesh));
    morphs_.push_back(std::move(morph));
  }
  blended_meshes_.clear();
  anchors_.clear();
  for (std::size_t i = 0; i < model.primitives.size(); ++i) {
    anchors_.push_back(AnchorOf(model.primitives[i]));
    const int m = model.primitives[i].material;
    if (m >= 0 && m < static_cast<int>(model.materials.size()) &&
        model.materials[m].alpha_mode == anim::AlphaMode::kBlend) {
      blended_meshes_.push_back(static_cast<int>(i));
    }
  }
  return true;
}

void GpuModel::BindMorphTargets(const ShaderProgram& program, int mesh,
                                std::span<const float> morph_weights, int instances) const {
  const GpuMorphTargets& targets = morphs_[mesh].targets;
  program.Set("u_morph_targets", targets.TargetCount());
  program.Set("u_morph_instance_stride", 0);
  if (targets.TargetCount() == 0) return;
  const std::size_t per_character = default_morph_weights_.size();
  const auto first = static_cast<std::size_t>(morphs_[mesh].first_weight);
  const auto count = static_cast<std::size_t>(targets.TargetCount());
  if (instances > 1 && per_character > 0 &&
      morph_weights.size() == static_cast<std::size_t>(instances) * per_character &&
      first + count <= per_character) {
    // Each instance's run of this mesh's weights, one after another.
    instance_weights_.resize(static_cast<std::size_t>(instances) * count);
    for (std::size_t k = 0; k < static_cast<std::size_t>(instances); ++k) {
      const float* from = morph_weights.data() + k * per_character + first;
      std::copy(from, from + count,
                instance_weights_.begin() + static_cast<std::ptrdiff_t>(k * count));
    }
    targets.Bind(instance_weights_, kMorphOffsetsUnit, kMorphWeightsUnit);
    program.Set("u_morph_instance_stride", targets.TargetCount());
  } else {
    const std::span<const float> all = morph_weights.size() == per_character && per_character > 0
                                           ? morph_weights
                                           : std::span<const float>(default_morph_weights_);
    const std::size_t at = std::min(first, all.size());
    targets.Bind(all.subspan(at, std::min(count, all.size() - at)), kMorphOffsetsUnit,
                 kMorphWeightsUnit);
  }
  program.Set("u_morph_vertices", targets.VertexCount());
}

void GpuModel::ApplyMaterial(const ShaderProgram& program, int mesh,
                             std::span<const float> animated) const {
  static const GpuMaterial kDefaultMaterial{};  // glTF's default: white, single-sided
  const int index = meshes_[mesh].Material();
  const GpuMaterial& material = (index >= 0 && index < static_cast<int>(materials_.size()))
                                    ? materials_[index]
                                    : kDefaultMaterial;
  anim::Material f = material.factors;
  std::array<glm::mat3, 5> uv;
  for (int t = 0; t < 5; ++t) uv[t] = material.textures[t].uv;
  const std::size_t per_character = default_morph_weights_.size();
  if (!material.animated.empty() && animated.size() >= per_character && per_character > 0) {
    for (int v : material.animated) {
      const anim::AnimatedMaterialValue& value = animated_values_[v];
      if (value.first_value + anim::ComponentsOf(value.property) <=
          static_cast<int>(per_character)) {
        anim::WriteMaterialValue(value, animated.data() + value.first_value, &f);
      }
    }
    const auto refs = f.Textures();
    for (int t = 0; t < 5; ++t) uv[t] = anim::TextureTransformMatrix(refs[t]->transform);
  }
  program.Set("u_base_color_factor", f.base_color_factor);
  program.Set("u_metallic_factor", f.metallic_factor);
  program.Set("u_roughness_factor", f.roughness_factor);
  program.Set("u_normal_scale", f.normal_scale);
  program.Set("u_occlusion_strength", f.occlusion_strength);
  program.Set("u_emissive_factor", f.emissive_factor * f.emissive_strength);
  program.Set("u_alpha_mode", static_cast<int>(f.alpha_mode));
  program.Set("u_alpha_cutoff", f.alpha_cutoff);
  program.Set("u_unlit", f.unlit);
  // Sampler, flag and transform uniforms of each texture, and its unit.
  static const char* const kNames[5][3] = {
      {"u_base_color_texture", "u_has_texture", "u_base_color_uv"},
      {"u_metallic_roughness_texture", "u_has_metallic_roughness_texture",
       "u_metallic_roughness_uv"},
      {"u_normal_texture", "u_has_normal_texture", "u_normal_uv"},
      {"u_occlusion_texture", "u_has_occlusion_texture", "u_occlusion_uv"},
      {"u_emissive_texture", "u_has_emissive_texture", "u_emissive_uv"}};
  // Every sampler of the program on its own unit, even those this draw
  // does not use (the crowd's CPU path binds no morph targets): samplers of
  // two types on one unit make every draw an invalid operation.
  program.Set("u_morph_offsets", kMorphOffsetsUnit);
  program.Set("u_morph_weights", kMorphWeightsUnit);
  for (int t = 0; t < 5; ++t) {
    const GpuTextureSlot& slot = material.textures[t];
    const int unit = t == 0 ? 0 : kFirstMaterialUnit + t - 1;
    program.Set(kNames[t][0], unit);
    program.Set(kNames[t][1], slot.texture >= 0);
    program.Set(kNames[t][2], uv[t]);
    if (slot.texture >= 0) textures_[slot.texture].Bind(unit);
  }
  // glTF: single-sided materials cull back faces; double-sided ones do not.
  if (f.double_sided) {
    glDisable(GL_CULL_FACE);
  } else {
    glEnable(GL_CULL_FACE);
  }
}

void GpuModel::DrawMesh(const ShaderProgram& program, int mesh, int instances,
                        std::span<const float> morph_weights) const {
  const int visibility =
      mesh < static_cast<int>(mesh_visibility_.size()) ? mesh_visibility_[mesh] : -1;
  if (visibility >= 0 && visibility < static_cast<int>(node_shown_.size()) &&
      node_shown_[visibility] == 0) {
    return;  // a node at or above it is hidden (KHR_node_visibility)
  }
  ApplyMaterial(program, mesh, morph_weights);
  BindMorphTargets(program, mesh, morph_weights, instances);
  program.Set("u_skinned", meshes_[mesh].Skinned());
  meshes_[mesh].Draw(instances);
}

void GpuModel::Draw(const ShaderProgram& program, int instances,
                    std::span<const float> morph_weights, std::span<const int> blend_order) const {
  // Which nodes show this frame: the first instance's values, or the file's.
  anim::ShownNodes(
      node_visibility_,
      morph_weights.empty() ? std::span<const float>(default_morph_weights_) : morph_weights,
      &node_shown_);
  std::size_t next_blended = 0;  // blended_meshes_ is in mesh order
  for (int i = 0; i < MeshCount(); ++i) {
    if (next_blended < blended_meshes_.size() && blended_meshes_[next_blended] == i) {
      ++next_blended;
      continue;
    }
    DrawMesh(program, i, instances, morph_weights);
  }
  if (!blended_meshes_.empty()) {
    // Over everything opaque, farthest first; they test depth but do not
    // write it, so one blended surface never hides another behind it
    // (glTF loaders for three.js do the same).
    const std::span<const int> order =
        blend_order.size() == blended_meshes_.size() ? blend_order : blended_meshes_;
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    for (int i : order) {
      if (i >= 0 && i < MeshCount()) DrawMesh(program, i, instances, morph_weights);
    }
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }
  glDisable(GL_CULL_FACE);
}

}  // namespace render
