#include "import/gltf_pointer.h"

#include <array>
#include <string_view>
#include <vector>

namespace anim::gltf {

namespace {

// The pointer's reference tokens ("/a/b" -> a, b); none for a pointer that
// does not start with '/'. Escapes (~0, ~1) never occur in the paths read
// here, so a token holding one simply matches nothing.
std::vector<std::string_view> Tokens(std::string_view pointer) {
  std::vector<std::string_view> tokens;
  if (pointer.empty() || pointer.front() != '/') return tokens;
  std::size_t start = 1;
  while (true) {
    const std::size_t slash = pointer.find('/', start);
    tokens.push_back(pointer.substr(start, slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return tokens;
}

// A JSON array index: digits only, no leading zero, small enough for int.
int IndexOf(std::string_view token) {
  if (token.empty() || token.size() > 9 || (token.size() > 1 && token.front() == '0')) return -1;
  int value = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

// The texture references of a material, as pointer prefixes, in
// Material::Textures' order.
constexpr std::array<std::string_view, 5> kTextures = {
    "pbrMetallicRoughness/baseColorTexture", "pbrMetallicRoughness/metallicRoughnessTexture",
    "normalTexture", "occlusionTexture", "emissiveTexture"};

// The material properties by their path after "/materials/N/".
struct NamedProperty {
  std::string_view path;
  MaterialProperty property;
};
constexpr std::array<NamedProperty, 8> kFactors = {{
    {"pbrMetallicRoughness/baseColorFactor", MaterialProperty::kBaseColorFactor},
    {"pbrMetallicRoughness/metallicFactor", MaterialProperty::kMetallicFactor},
    {"pbrMetallicRoughness/roughnessFactor", MaterialProperty::kRoughnessFactor},
    {"emissiveFactor", MaterialProperty::kEmissiveFactor},
    {"extensions/KHR_materials_emissive_strength/emissiveStrength",
     MaterialProperty::kEmissiveStrength},
    {"alphaCutoff", MaterialProperty::kAlphaCutoff},
    {"normalTexture/scale", MaterialProperty::kNormalScale},
    {"occlusionTexture/strength", MaterialProperty::kOcclusionStrength},
}};
constexpr std::array<NamedProperty, 3> kTransforms = {{
    {"offset", MaterialProperty::kTextureOffset},
    {"scale", MaterialProperty::kTextureScale},
    {"rotation", MaterialProperty::kTextureRotation},
}};

PointerTarget MaterialTarget(int material, std::string_view rest) {
  PointerTarget target;
  for (const NamedProperty& factor : kFactors) {
    if (rest == factor.path) {
      target.kind = PointerTarget::Kind::kMaterial;
      target.index = material;
      target.property = factor.property;
      return target;
    }
  }
  constexpr std::string_view kTransform = "/extensions/KHR_texture_transform/";
  for (std::size_t t = 0; t < kTextures.size(); ++t) {
    const std::string_view texture = kTextures[t];
    if (rest.substr(0, texture.size()) != texture ||
        rest.substr(texture.size(), kTransform.size()) != kTransform) {
      continue;
    }
    const std::string_view name = rest.substr(texture.size() + kTransform.size());
    for (const NamedProperty& transform : kTransforms) {
      if (name == transform.path) {
        target.kind = PointerTarget::Kind::kMaterial;
        target.index = material;
        target.property = transform.property;
        target.texture = static_cast<int>(t);
        return target;
      }
    }
  }
  return target;
}

// A camera's projection values by their path after "/cameras/N/".
struct NamedCameraProperty {
  std::string_view path;
  CameraProperty property;
};
constexpr std::array<NamedCameraProperty, 8> kCameraProperties = {{
    {"perspective/yfov", CameraProperty::kYfov},
    {"perspective/aspectRatio", CameraProperty::kAspectRatio},
    {"perspective/znear", CameraProperty::kZnear},
    {"perspective/zfar", CameraProperty::kZfar},
    {"orthographic/xmag", CameraProperty::kXmag},
    {"orthographic/ymag", CameraProperty::kYmag},
    {"orthographic/znear", CameraProperty::kZnear},
    {"orthographic/zfar", CameraProperty::kZfar},
}};

PointerTarget CameraTarget(int camera, std::string_view rest) {
  PointerTarget target;
  for (const NamedCameraProperty& named : kCameraProperties) {
    if (rest == named.path) {
      target.kind = PointerTarget::Kind::kCamera;
      target.index = camera;
      target.camera_property = named.property;
    }
  }
  return target;
}

}  // namespace

PointerTarget ParsePointer(const std::string& pointer) {
  const std::vector<std::string_view> tokens = Tokens(pointer);
  PointerTarget target;
  if (tokens.size() < 3) return target;
  const int index = IndexOf(tokens[1]);
  if (index < 0) return target;
  if (tokens[0] == "nodes" && tokens.size() == 5 && tokens[2] == "extensions" &&
      tokens[3] == "KHR_node_visibility" && tokens[4] == "visible") {
    target.kind = PointerTarget::Kind::kNodeVisibility;
    target.index = index;
    return target;
  }
  if (tokens[0] == "nodes" && tokens.size() == 3) {
    for (const char* path : {"translation", "rotation", "scale", "weights"}) {
      if (tokens[2] == path) {
        target.kind = PointerTarget::Kind::kNode;
        target.index = index;
        target.path = path;
      }
    }
    return target;
  }
  // Everything after "/materials/N/" or "/cameras/N/".
  const std::string_view rest =
      std::string_view(pointer).substr(1 + tokens[0].size() + 1 + tokens[1].size() + 1);
  if (tokens[0] == "materials") return MaterialTarget(index, rest);
  if (tokens[0] == "cameras") return CameraTarget(index, rest);
  return target;
}

}  // namespace anim::gltf
