#include "import/gltf_material.h"

#include <cmath>
#include <map>

#include <stb_image.h>

#include "import/gltf_accessor.h"

namespace anim::gltf {

namespace {

// Decoded images above this many pixels are refused: a PNG header alone can
// claim 2^24 x 2^24 pixels and make stb_image allocate without bound.
constexpr long long kMaxPixels = 8192LL * 8192LL;

bool IsOneOf(int value, std::initializer_list<int> allowed) {
  for (int a : allowed) {
    if (value == a) return true;
  }
  return false;
}

SamplerSettings ReadSampler(Context& ctx, int sampler_index) {
  SamplerSettings out;
  if (sampler_index < 0) return out;
  if (static_cast<std::size_t>(sampler_index) >= ctx.gltf.samplers.size()) {
    ctx.Warn("texture sampler " + std::to_string(sampler_index) + " does not exist; defaults used");
    return out;
  }
  const tinygltf::Sampler& s = ctx.gltf.samplers[sampler_index];
  // Values outside the GL enums glTF allows are dropped in favour of the
  // defaults rather than passed on to the renderer.
  if (IsOneOf(s.magFilter, {TINYGLTF_TEXTURE_FILTER_NEAREST, TINYGLTF_TEXTURE_FILTER_LINEAR})) {
    out.mag_filter = s.magFilter;
  }
  if (IsOneOf(s.minFilter, {TINYGLTF_TEXTURE_FILTER_NEAREST, TINYGLTF_TEXTURE_FILTER_LINEAR,
                            TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_NEAREST,
                            TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_NEAREST,
                            TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_LINEAR,
                            TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR})) {
    out.min_filter = s.minFilter;
  }
  const std::initializer_list<int> wraps = {TINYGLTF_TEXTURE_WRAP_REPEAT,
                                            TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE,
                                            TINYGLTF_TEXTURE_WRAP_MIRRORED_REPEAT};
  if (IsOneOf(s.wrapS, wraps)) out.wrap_s = s.wrapS;
  if (IsOneOf(s.wrapT, wraps)) out.wrap_t = s.wrapT;
  return out;
}

// Bytes a decode may hold at its peak per pixel beyond the kept RGBA8
// result: stb_image's own output (4) and, for the worst case, a progressive
// JPEG's coefficients (2 bytes per component, 3 components) or a 16-bit PNG's
// inflated rows (8).
constexpr std::size_t kDecodePeakBytesPerPixel = 12;

// The encoded bytes of glTF image `index`: its buffer view (checked by
// KeepEncodedImage before the load went on, read again here through the
// accessor module's bounds checks) or the bytes kept from its URI.
ByteSpan EncodedBytes(Context& ctx, const tinygltf::Image& source, const std::string& name) {
  if (source.bufferView >= 0) return BufferViewBytes(ctx, source.bufferView, name);
  return {source.image.data(), source.image.size()};
}

// What makes two images the same picture: the same buffer view or the same
// URI (data: URIs included) is decoded once, however many images use it.
std::string SourceKey(const tinygltf::Image& source, int index) {
  if (source.bufferView >= 0) return "view " + std::to_string(source.bufferView);
  if (!source.uri.empty()) return "uri " + source.uri;
  return "image " + std::to_string(index);
}

// Decodes glTF image `index` into `images` (once per source) and returns
// its index there, or -1 with a warning.
int DecodeImage(Context& ctx, int index, std::map<std::string, int>* decoded,
                std::vector<Image>* images) {
  const tinygltf::Image& source = ctx.gltf.images[index];
  const auto [known, added] = decoded->try_emplace(SourceKey(source, index), -1);
  if (!added) return known->second;
  const std::string name =
      "image " + std::to_string(index) +
      (source.uri.empty() || source.uri.rfind("data:", 0) == 0 ? std::string()
                                                               : " (\"" + source.uri + "\")");
  ByteSpan bytes{nullptr, 0};
  try {
    bytes = EncodedBytes(ctx, source, name);
  } catch (const ImportError& e) {
    ctx.Warn(std::string(e.what()) + "; the materials using it draw without it");
    return -1;
  }
  if (bytes.size == 0) {
    ctx.Warn(name + " could not be read; the materials using it draw without it");
    return -1;
  }
  if (bytes.size > static_cast<std::size_t>(INT32_MAX)) {
    ctx.Warn(name + " is too large");
    return -1;
  }
  const int size = static_cast<int>(bytes.size);
  int width = 0, height = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data, size, &width, &height, &channels) ||
      static_cast<long long>(width) * height > kMaxPixels || width <= 0 || height <= 0) {
    ctx.Warn(name + " cannot be decoded (" +
             (stbi_failure_reason() ? stbi_failure_reason() : "too large") +
             "); the materials using it draw without it");
    return -1;
  }
  // Counted from the header, before stb_image allocates anything.
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  const std::string decoding =
      name + " (" + std::to_string(width) + "x" + std::to_string(height) + " pixels)";
  ctx.budget.CheckTemporary(pixels * (4 + kDecodePeakBytesPerPixel), decoding);
  ctx.budget.Keep(pixels, 4, decoding);
  unsigned char* decoded_pixels =
      stbi_load_from_memory(bytes.data, size, &width, &height, &channels, 4);
  if (decoded_pixels == nullptr) {
    ctx.Warn(name + " cannot be decoded (" +
             (stbi_failure_reason() ? stbi_failure_reason() : "unknown reason") +
             "); the materials using it draw without it");
    return -1;
  }
  Image image;
  image.width = width;
  image.height = height;
  image.rgba.assign(decoded_pixels, decoded_pixels + static_cast<std::size_t>(width) * height * 4);
  stbi_image_free(decoded_pixels);
  images->push_back(std::move(image));
  known->second = static_cast<int>(images->size()) - 1;
  return known->second;
}

}  // namespace

bool KeepEncodedImage(tinygltf::Image* image, int image_index, std::string* /*error*/,
                      std::string* warning, int /*width*/, int /*height*/,
                      const unsigned char* bytes, int size, void* user_data) {
  image->as_is = true;
  image->image.clear();
  const auto* loading = static_cast<const ImageLoading*>(user_data);
  if (image->bufferView >= 0) {
    // tinygltf 2.7 hands us &buffer.data[view.byteOffset] without checking
    // the view against the buffer: check before reading a single byte.
    const tinygltf::Model* model = loading->document;
    const auto& views = model->bufferViews;
    bool inside = static_cast<std::size_t>(image->bufferView) < views.size();
    if (inside) {
      const tinygltf::BufferView& view = views[image->bufferView];
      inside = view.buffer >= 0 && static_cast<std::size_t>(view.buffer) < model->buffers.size() &&
               view.byteOffset <= model->buffers[view.buffer].data.size() &&
               view.byteLength <= model->buffers[view.buffer].data.size() - view.byteOffset;
    }
    if (!inside) {
      if (warning) {
        *warning +=
            "image[" + std::to_string(image_index) + "] buffer view lies outside its buffer\n";
      }
      return true;  // the image stays empty; its materials fall back to the factor
    }
  }
  if (image->bufferView >= 0 || bytes == nullptr || size <= 0) return true;
  if (static_cast<std::size_t>(size) > loading->budget->Left()) {
    if (warning) {
      *warning += "image[" + std::to_string(image_index) + "] is not kept: its " +
                  std::to_string(size) + " encoded bytes pass the memory limit for one load (" +
                  MebibyteText(loading->budget->Limit()) + ")\n";
    }
    return true;
  }
  loading->budget->Keep(static_cast<std::size_t>(size), 1, "an image's encoded bytes");
  image->image.assign(bytes, bytes + size);
  return true;
}

namespace {

bool Finite(double v) { return std::abs(v) <= 1e30; }  // also false for NaN

// A number of a JSON value, when it is one and finite.
bool NumberOf(const tinygltf::Value& value, double* out) {
  if (!value.IsNumber() || !Finite(value.GetNumberAsDouble())) return false;
  *out = value.GetNumberAsDouble();
  return true;
}

// KHR_texture_transform of a texture reference, when present; malformed
// entries are named and left at their defaults.
TextureTransform ReadTextureTransform(Context& ctx, const tinygltf::ExtensionMap& extensions,
                                      const std::string& what) {
  TextureTransform transform;
  const auto found = extensions.find("KHR_texture_transform");
  if (found == extensions.end() || !found->second.IsObject()) return transform;
  const tinygltf::Value& ext = found->second;
  const auto read_pair = [&](const char* key, glm::vec2* out) {
    if (!ext.Has(key)) return;
    const tinygltf::Value& v = ext.Get(key);
    double x = 0.0, y = 0.0;
    if (v.IsArray() && v.ArrayLen() == 2 && NumberOf(v.Get(0), &x) && NumberOf(v.Get(1), &y)) {
      *out = glm::vec2(static_cast<float>(x), static_cast<float>(y));
    } else {
      ctx.Warn(what + ": KHR_texture_transform " + key + " is not two numbers; ignored");
    }
  };
  read_pair("offset", &transform.offset);
  read_pair("scale", &transform.scale);
  double rotation = 0.0;
  if (ext.Has("rotation") && !NumberOf(ext.Get("rotation"), &rotation)) {
    ctx.Warn(what + ": KHR_texture_transform rotation is not a number; ignored");
  }
  transform.rotation = static_cast<float>(rotation);
  if (ext.Has("texCoord")) {
    ctx.WarnOnce("texcoord", "textures using a TEXCOORD other than 0 are drawn with TEXCOORD_0");
  }
  return transform;
}

// What every texture reference of a material shares: which texture, which
// coordinate set, its extensions. `what` names it in messages.
struct TextureSlot {
  int index;
  int texcoord;
  const tinygltf::ExtensionMap* extensions;
  std::string what;
};

TextureRef ReadTexture(Context& ctx, const TextureSlot& slot, std::map<std::string, int>* decoded,
                       std::vector<Image>* images) {
  TextureRef out;
  if (slot.index < 0) return out;
  if (static_cast<std::size_t>(slot.index) >= ctx.gltf.textures.size()) {
    ctx.Warn(slot.what + " refers to texture " + std::to_string(slot.index) +
             ", which does not exist");
    return out;
  }
  const tinygltf::Texture& texture = ctx.gltf.textures[slot.index];
  if (slot.texcoord != 0) {
    ctx.WarnOnce("texcoord", "textures using a TEXCOORD other than 0 are drawn with TEXCOORD_0");
  }
  if (texture.source < 0 || static_cast<std::size_t>(texture.source) >= ctx.gltf.images.size()) {
    ctx.Warn(slot.what + " texture " + std::to_string(slot.index) + " has no valid image");
    return out;
  }
  out.image = DecodeImage(ctx, texture.source, decoded, images);
  out.sampler = ReadSampler(ctx, texture.sampler);
  out.transform = ReadTextureTransform(ctx, *slot.extensions, slot.what);
  return out;
}

// A factor in [0, 1] (metallic, roughness, occlusion strength, alpha cutoff
// may pass 1: the specification clamps where it matters): finite, else the
// default with a warning.
float ReadFactor(Context& ctx, double value, float fallback, const std::string& what) {
  if (Finite(value) && value >= 0.0) return static_cast<float>(value);
  ctx.Warn(what + " is not a finite non-negative number; " + std::to_string(fallback) + " is used");
  return fallback;
}

// The factors and flags of one material (its textures are read apart).
void ReadMaterialFactors(Context& ctx, const tinygltf::Material& source, const std::string& what,
                         Material* material) {
  material->double_sided = source.doubleSided;
  const auto& factor = source.pbrMetallicRoughness.baseColorFactor;
  if (factor.size() == 4 && Finite(factor[0]) && Finite(factor[1]) && Finite(factor[2]) &&
      Finite(factor[3])) {
    material->base_color_factor = glm::vec4(factor[0], factor[1], factor[2], factor[3]);
  } else {
    ctx.Warn(what + " has an invalid baseColorFactor; white is used");
  }
  material->metallic_factor =
      ReadFactor(ctx, source.pbrMetallicRoughness.metallicFactor, 1.0f, what + " metallicFactor");
  material->roughness_factor =
      ReadFactor(ctx, source.pbrMetallicRoughness.roughnessFactor, 1.0f, what + " roughnessFactor");
  material->normal_scale =
      Finite(source.normalTexture.scale) ? static_cast<float>(source.normalTexture.scale) : 1.0f;
  material->occlusion_strength =
      ReadFactor(ctx, source.occlusionTexture.strength, 1.0f, what + " occlusion strength");
  const auto& emissive = source.emissiveFactor;
  if (emissive.size() == 3 && Finite(emissive[0]) && Finite(emissive[1]) && Finite(emissive[2])) {
    material->emissive_factor = glm::vec3(emissive[0], emissive[1], emissive[2]);
  } else if (!emissive.empty()) {
    ctx.Warn(what + " has an invalid emissiveFactor; black is used");
  }
  if (const auto strength = source.extensions.find("KHR_materials_emissive_strength");
      strength != source.extensions.end() && strength->second.Has("emissiveStrength")) {
    double value = 1.0;
    if (NumberOf(strength->second.Get("emissiveStrength"), &value) && value >= 0.0) {
      material->emissive_strength = static_cast<float>(value);
    } else {
      ctx.Warn(what + ": KHR_materials_emissive_strength is not a non-negative number; ignored");
    }
  }
  material->unlit = source.extensions.count("KHR_materials_unlit") > 0;
  if (source.alphaMode == "MASK") {
    material->alpha_mode = AlphaMode::kMask;
  } else if (source.alphaMode == "BLEND") {
    material->alpha_mode = AlphaMode::kBlend;
  } else if (!source.alphaMode.empty() && source.alphaMode != "OPAQUE") {
    ctx.Warn(what + " has alphaMode \"" + source.alphaMode + "\"; OPAQUE is used");
  }
  material->alpha_cutoff = ReadFactor(ctx, source.alphaCutoff, 0.5f, what + " alphaCutoff");
}

}  // namespace

void ImportMaterials(Context& ctx, std::vector<Material>* materials, std::vector<Image>* images) {
  std::map<std::string, int> decoded;  // source key -> index in `images`, -1: failed
  for (std::size_t m = 0; m < ctx.gltf.materials.size(); ++m) {
    const tinygltf::Material& source = ctx.gltf.materials[m];
    const std::string what = "material " + std::to_string(m);
    Material material;
    material.name = source.name.empty() ? what : source.name;
    ReadMaterialFactors(ctx, source, what, &material);
    const auto& pbr = source.pbrMetallicRoughness;
    const auto read = [&](const auto& info, const std::string& role) {
      return ReadTexture(ctx, {info.index, info.texCoord, &info.extensions, what + " " + role},
                         &decoded, images);
    };
    material.base_color = read(pbr.baseColorTexture, "base colour texture");
    material.metallic_roughness = read(pbr.metallicRoughnessTexture, "metallic-roughness texture");
    material.normal = read(source.normalTexture, "normal texture");
    material.occlusion = read(source.occlusionTexture, "occlusion texture");
    material.emissive = read(source.emissiveTexture, "emissive texture");
    materials->push_back(std::move(material));
  }
}

}  // namespace anim::gltf
