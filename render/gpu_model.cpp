#include "render/gpu_model.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace render {

bool GpuModel::Upload(const anim::Model& model, std::string* error) {
  meshes_.clear();
  materials_.clear();
  textures_.clear();
  // One texture per image and sampler, however many materials use it: a
  // file whose hundred materials share one 8192x8192 picture must not ask
  // the GPU for a hundred copies of 256 MB.
  std::map<std::tuple<int, int, int, int, int>, int> uploaded;
  for (const anim::Material& m : model.materials) {
    GpuMaterial material;
    material.base_color_factor = m.base_color_factor;
    material.double_sided = m.double_sided;
    const anim::SamplerSettings& sampler = m.base_color_sampler;
    const auto key = std::make_tuple(m.base_color_image, sampler.mag_filter, sampler.min_filter,
                                     sampler.wrap_s, sampler.wrap_t);
    if (const auto known = uploaded.find(key); known != uploaded.end()) {
      material.texture = known->second;
    } else if (m.base_color_image >= 0 &&
               m.base_color_image < static_cast<int>(model.images.size())) {
      GpuTexture texture;
      std::string texture_error;
      if (!texture.Upload(model.images[m.base_color_image], m.base_color_sampler, &texture_error)) {
        *error = model.source_path + ": image " + std::to_string(m.base_color_image) + ": " +
                 texture_error;
        materials_.clear();
        textures_.clear();
        return false;
      }
      material.texture = static_cast<int>(textures_.size());
      uploaded.emplace(key, material.texture);
      textures_.push_back(std::move(texture));
    }
    materials_.push_back(material);
  }
  const int joint_count = model.skeleton.JointCount();
  morphs_.clear();
  default_morph_weights_ = model.DefaultMorphWeights();
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
  return true;
}

void GpuModel::BindMorphTargets(const ShaderProgram& program, int mesh,
                                std::span<const float> morph_weights, int instances) const {
  const GpuMorphTargets& targets = morphs_[mesh].targets;
  program.Set("u_morph_targets", targets.TargetCount());
  program.Set("u_morph_instance_stride", 0);
  // Their own units even when unused: samplers of two types on one unit
  // (the base colour's is 0) make a draw invalid.
  program.Set("u_morph_offsets", kMorphOffsetsUnit);
  program.Set("u_morph_weights", kMorphWeightsUnit);
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

void GpuModel::ApplyMaterial(const ShaderProgram& program, int mesh) const {
  static const GpuMaterial kDefaultMaterial{};  // glTF's default: white, single-sided
  const int index = meshes_[mesh].Material();
  const GpuMaterial& material = (index >= 0 && index < static_cast<int>(materials_.size()))
                                    ? materials_[index]
                                    : kDefaultMaterial;
  program.Set("u_base_color_factor", material.base_color_factor);
  program.Set("u_has_texture", material.texture >= 0);
  if (material.texture >= 0) textures_[material.texture].Bind(0);
  // glTF: single-sided materials cull back faces; double-sided ones do not.
  if (material.double_sided) {
    glDisable(GL_CULL_FACE);
  } else {
    glEnable(GL_CULL_FACE);
  }
}

void GpuModel::Draw(const ShaderProgram& program, int instances,
                    std::span<const float> morph_weights) const {
  for (int i = 0; i < MeshCount(); ++i) {
    ApplyMaterial(program, i);
    BindMorphTargets(program, i, morph_weights, instances);
    program.Set("u_skinned", meshes_[i].Skinned());
    meshes_[i].Draw(instances);
  }
  glDisable(GL_CULL_FACE);
}

}  // namespace render
