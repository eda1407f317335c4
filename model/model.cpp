#include "model/model.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace anim {

int ComponentsOf(MaterialProperty property) {
  switch (property) {
    case MaterialProperty::kBaseColorFactor: return 4;
    case MaterialProperty::kEmissiveFactor: return 3;
    case MaterialProperty::kTextureOffset:
    case MaterialProperty::kTextureScale: return 2;
    default: return 1;
  }
}

namespace {

// Where the value lives in a material: ComponentsOf floats in a row.
float* ValueIn(Material& material, const AnimatedMaterialValue& value) {
  TextureRef* const textures[5] = {&material.base_color, &material.metallic_roughness,
                                   &material.normal, &material.occlusion, &material.emissive};
  TextureRef* texture = value.texture >= 0 && value.texture < 5 ? textures[value.texture] : nullptr;
  switch (value.property) {
    case MaterialProperty::kBaseColorFactor: return &material.base_color_factor.x;
    case MaterialProperty::kEmissiveFactor: return &material.emissive_factor.x;
    case MaterialProperty::kEmissiveStrength: return &material.emissive_strength;
    case MaterialProperty::kMetallicFactor: return &material.metallic_factor;
    case MaterialProperty::kRoughnessFactor: return &material.roughness_factor;
    case MaterialProperty::kAlphaCutoff: return &material.alpha_cutoff;
    case MaterialProperty::kNormalScale: return &material.normal_scale;
    case MaterialProperty::kOcclusionStrength: return &material.occlusion_strength;
    case MaterialProperty::kTextureOffset:
      return texture != nullptr ? &texture->transform.offset.x : nullptr;
    case MaterialProperty::kTextureScale:
      return texture != nullptr ? &texture->transform.scale.x : nullptr;
    case MaterialProperty::kTextureRotation:
      return texture != nullptr ? &texture->transform.rotation : nullptr;
  }
  return nullptr;
}

}  // namespace

void ReadMaterialValue(const Material& material, const AnimatedMaterialValue& value, float* out) {
  // ValueIn only finds the address; nothing is written through it here.
  const float* from = ValueIn(const_cast<Material&>(material), value);
  for (int c = 0; c < ComponentsOf(value.property); ++c) out[c] = from != nullptr ? from[c] : 0.0f;
}

void WriteMaterialValue(const AnimatedMaterialValue& value, const float* in, Material* material) {
  float* to = ValueIn(*material, value);
  if (to == nullptr) return;
  for (int c = 0; c < ComponentsOf(value.property); ++c) to[c] = in[c];
}

Material Material::Dielectric(std::string name, float roughness) {
  Material material;
  material.name = std::move(name);
  material.metallic_factor = 0.0f;
  material.roughness_factor = roughness;
  return material;
}

glm::mat3 TextureTransformMatrix(const TextureTransform& transform) {
  const float c = std::cos(transform.rotation), s = std::sin(transform.rotation);
  const glm::mat3 translation(1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, transform.offset.x,
                              transform.offset.y, 1.0f);
  const glm::mat3 rotation(c, -s, 0.0f, s, c, 0.0f, 0.0f, 0.0f, 1.0f);
  const glm::mat3 scale(transform.scale.x, 0.0f, 0.0f, 0.0f, transform.scale.y, 0.0f, 0.0f, 0.0f,
                        1.0f);
  return translation * rotation * scale;
}

int Model::FindClip(const std::string& name) const {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].Name() == name) return static_cast<int>(i);
  }
  return -1;
}

const std::string& Model::SourceClipName(int clip) const {
  if (animation_source != nullptr && animation_source->model != nullptr &&
      clip >= animation_source->first_clip) {
    const std::size_t own = static_cast<std::size_t>(clip - animation_source->first_clip);
    if (own < animation_source->model->clips.size())
      return animation_source->model->clips[own].Name();
  }
  return clips[clip].Name();
}

FileCamera AnimatedFileCamera(const FileCamera& camera,
                              std::span<const AnimatedCameraValue> animated,
                              std::span<const float> values) {
  FileCamera out = camera;
  constexpr float kPi = 3.14159265358979f;
  for (const AnimatedCameraValue& value : animated) {
    if (value.camera != camera.source_camera || value.first_value < 0 ||
        static_cast<std::size_t>(value.first_value) >= values.size()) {
      continue;
    }
    const float v = values[value.first_value];
    if (!std::isfinite(v)) continue;
    switch (value.property) {
      case CameraProperty::kYfov:
        if (v > 0.0f && v < kPi) out.yfov = v;
        break;
      case CameraProperty::kAspectRatio:
        if (v >= 0.0f) out.aspect_ratio = v;
        break;
      case CameraProperty::kXmag:
        if (v != 0.0f) out.xmag = v;
        break;
      case CameraProperty::kYmag:
        if (v != 0.0f) out.ymag = v;
        break;
      case CameraProperty::kZnear:
        if (v > 0.0f) out.znear = v;
        break;
      case CameraProperty::kZfar:
        // 0 stays "none" only where the file has no far plane.
        if (v > 0.0f) out.zfar = v;
        break;
    }
  }
  // Planes that cross: both as the file has them (the importer checked those).
  if (out.zfar > 0.0f && out.zfar <= out.znear) {
    out.znear = camera.znear;
    out.zfar = camera.zfar;
  }
  return out;
}

void ShownNodes(std::span<const NodeVisibility> nodes, std::span<const float> values,
                std::vector<std::uint8_t>* shown) {
  shown->resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeVisibility& node = nodes[i];
    const bool own = node.value >= 0 && static_cast<std::size_t>(node.value) < values.size()
                         ? values[node.value] >= 0.5f
                         : node.visible;
    const bool above =
        node.parent < 0 || static_cast<std::size_t>(node.parent) >= i || (*shown)[node.parent] != 0;
    (*shown)[i] = own && above ? 1 : 0;
  }
}

std::string RetargetedClipName(const std::string& clip, const std::string& source_path) {
  return clip + " (from " + std::filesystem::path(source_path).stem().string() + ")";
}

std::vector<float> Model::DefaultMorphWeights() const {
  std::vector<float> weights;
  for (const MorphChannel& channel : morph_channels) {
    weights.resize(std::max<std::size_t>(weights.size(),
                                         channel.first_weight + channel.default_weights.size()));
    std::copy(channel.default_weights.begin(), channel.default_weights.end(),
              weights.begin() + channel.first_weight);
  }
  for (const AnimatedMaterialValue& value : animated_material_values) {
    if (value.material < 0 || value.material >= static_cast<int>(materials.size())) continue;
    const auto end = static_cast<std::size_t>(value.first_value + ComponentsOf(value.property));
    weights.resize(std::max(weights.size(), end));
    ReadMaterialValue(materials[value.material], value, weights.data() + value.first_value);
  }
  for (const AnimatedCameraValue& value : animated_camera_values) {
    if (value.first_value < 0) continue;
    weights.resize(std::max(weights.size(), static_cast<std::size_t>(value.first_value) + 1));
    weights[value.first_value] = value.default_value;
  }
  for (const NodeVisibility& node : node_visibility) {
    if (node.value < 0) continue;
    weights.resize(std::max(weights.size(), static_cast<std::size_t>(node.value) + 1));
    weights[node.value] = node.visible ? 1.0f : 0.0f;
  }
  return weights;
}

std::span<const float> Model::MorphWeightsOf(const MeshPrimitive& p,
                                             std::span<const float> all) const {
  if (p.morph_channel < 0 || p.morph_channel >= static_cast<int>(morph_channels.size())) return {};
  const MorphChannel& channel = morph_channels[p.morph_channel];
  const std::size_t count = std::min(channel.target_names.size(), p.morph_targets.size());
  if (channel.first_weight < 0 || channel.first_weight + count > all.size()) return {};
  return all.subspan(channel.first_weight, count);
}

std::vector<std::string> Model::PickableJointNames() const {
  const std::span<const std::string> names = skeleton.JointNames();
  const std::size_t count =
      first_helper_joint >= 0 ? std::min(names.size(), static_cast<std::size_t>(first_helper_joint))
                              : names.size();
  return std::vector<std::string>(names.begin(),
                                  names.begin() + static_cast<std::ptrdiff_t>(count));
}

}  // namespace anim
