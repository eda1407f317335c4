// Test helper: writes tiny glTF files by hand. Binary data is appended to one
// buffer, each array getting its own buffer view and accessor, and the
// document is emitted as .gltf JSON with a base64 data URI, as .gltf with an
// external .bin, or as a .glb container. Everything (base64, GLB layout) is
// written here from the glTF spec, independently of the importer.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace gltf_test {

inline std::string Base64(const std::vector<std::uint8_t>& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
    for (int k = 3; k >= 0; --k) out += kAlphabet[(v >> (6 * k)) & 63];
  }
  if (i + 1 == bytes.size()) {
    const std::uint32_t v = bytes[i] << 16;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += '=';
  }
  return out;
}

class GltfBuilder {
 public:
  // Each Add* returns the new accessor's index. `type` is "SCALAR", "VEC3"...
  int AddFloats(const std::vector<float>& values, const std::string& type) {
    return AddRaw(values.data(), values.size() * 4, 5126, type, values.size() / Components(type),
                  false);
  }
  int AddU8(const std::vector<std::uint8_t>& values, const std::string& type, bool normalized) {
    return AddRaw(values.data(), values.size(), 5121, type, values.size() / Components(type),
                  normalized);
  }
  int AddU16(const std::vector<std::uint16_t>& values, const std::string& type, bool normalized) {
    return AddRaw(values.data(), values.size() * 2, 5123, type, values.size() / Components(type),
                  normalized);
  }
  int AddI8(const std::vector<std::int8_t>& values, const std::string& type, bool normalized) {
    return AddRaw(values.data(), values.size(), 5120, type, values.size() / Components(type),
                  normalized);
  }
  int AddI16(const std::vector<std::int16_t>& values, const std::string& type, bool normalized) {
    return AddRaw(values.data(), values.size() * 2, 5122, type, values.size() / Components(type),
                  normalized);
  }
  int AddU32(const std::vector<std::uint32_t>& values) {
    return AddRaw(values.data(), values.size() * 4, 5125, "SCALAR", values.size(), false);
  }
  // A raw accessor line, for crafting broken files.
  int AddAccessorJson(const std::string& json) {
    accessors_.push_back(json);
    return static_cast<int>(accessors_.size()) - 1;
  }
  // A raw buffer view line, for crafting broken files; returns its index.
  int AddViewJson(const std::string& json) {
    views_.push_back(json);
    return static_cast<int>(views_.size()) - 1;
  }
  // A buffer view over raw bytes (images, interleaved data), returns the
  // view index. `stride` 0 leaves byteStride out.
  int AddView(const std::vector<std::uint8_t>& bytes, int stride = 0) {
    Align();
    const std::size_t offset = data_.size();
    data_.insert(data_.end(), bytes.begin(), bytes.end());
    views_.push_back("{\"buffer\":0,\"byteOffset\":" + std::to_string(offset) +
                     ",\"byteLength\":" + std::to_string(bytes.size()) +
                     (stride ? ",\"byteStride\":" + std::to_string(stride) : std::string()) + "}");
    return static_cast<int>(views_.size()) - 1;
  }

  const std::vector<std::uint8_t>& Data() const { return data_; }

  // `rest` holds the remaining top-level members ("nodes":[...], ...),
  // without surrounding braces. `buffer_uri` "" means the GLB BIN chunk.
  std::string Json(const std::string& rest, const std::string& buffer_uri) const {
    std::string json = "{\"asset\":{\"version\":\"2.0\"},\"buffers\":[{\"byteLength\":" +
                       std::to_string(data_.size());
    if (!buffer_uri.empty()) json += ",\"uri\":\"" + buffer_uri + "\"";
    json += "}],\"bufferViews\":[" + Join(views_) + "],\"accessors\":[" + Join(accessors_) + "]";
    if (!rest.empty()) json += "," + rest;
    return json + "}";
  }
  std::string EmbeddedJson(const std::string& rest) const {
    return Json(rest, "data:application/octet-stream;base64," + Base64(data_));
  }

  std::vector<std::uint8_t> Glb(const std::string& rest) const {
    std::string json = Json(rest, "");
    while (json.size() % 4 != 0) json += ' ';
    std::vector<std::uint8_t> bin = data_;
    while (bin.size() % 4 != 0) bin.push_back(0);
    std::vector<std::uint8_t> out;
    const auto u32 = [&out](std::uint32_t v) {
      for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
    };
    u32(0x46546C67);  // "glTF"
    u32(2);
    u32(static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
    u32(static_cast<std::uint32_t>(json.size()));
    u32(0x4E4F534A);  // "JSON"
    out.insert(out.end(), json.begin(), json.end());
    u32(static_cast<std::uint32_t>(bin.size()));
    u32(0x004E4942);  // "BIN\0"
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
  }

 private:
  static std::size_t Components(const std::string& type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4") return 4;
    if (type == "MAT4") return 16;
    return 1;
  }
  static std::string Join(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ",") + p;
    return out;
  }
  void Align() {
    while (data_.size() % 4 != 0) data_.push_back(0);
  }
  int AddRaw(const void* bytes, std::size_t size, int component_type, const std::string& type,
             std::size_t count, bool normalized) {
    Align();
    const std::size_t offset = data_.size();
    data_.resize(offset + size);
    std::memcpy(data_.data() + offset, bytes, size);
    views_.push_back("{\"buffer\":0,\"byteOffset\":" + std::to_string(offset) +
                     ",\"byteLength\":" + std::to_string(size) + "}");
    accessors_.push_back("{\"bufferView\":" + std::to_string(views_.size() - 1) +
                         ",\"componentType\":" + std::to_string(component_type) +
                         ",\"count\":" + std::to_string(count) + ",\"type\":\"" + type + "\"" +
                         (normalized ? ",\"normalized\":true" : "") + "}");
    return static_cast<int>(accessors_.size()) - 1;
  }

  std::vector<std::uint8_t> data_;
  std::vector<std::string> views_;
  std::vector<std::string> accessors_;
};

// Accessors of the two-joint skinned quad (a strip of two triangles) that the
// mutation test and the fuzzer's seed corpus both build on: four vertices
// with u8 joints and normalised u8 weights (one pair not summing to 1),
// u16 UVs and indices, two inverse bind matrices and three key times.
struct SkinnedQuad {
  int positions, normals, uv, joints, weights, indices, inverse_bind, times;
};

inline SkinnedQuad AddSkinnedQuad(GltfBuilder& b) {
  SkinnedQuad q;
  q.positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, "VEC3");
  q.normals = b.AddFloats({0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
  q.uv = b.AddU16({0, 0, 65535, 0, 0, 65535, 65535, 65535}, "VEC2", true);
  q.joints = b.AddU8({0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, "VEC4", false);
  q.weights = b.AddU8({128, 127, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 200, 0, 0, 0}, "VEC4", true);
  q.indices = b.AddU16({0, 1, 2, 2, 1, 3}, "SCALAR", false);
  q.inverse_bind = b.AddFloats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,  0, 1,
                                1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1},
                               "MAT4");
  q.times = b.AddFloats({0, 0.5f, 1}, "SCALAR");
  return q;
}

// A file whose one animation drives node 0's translation from `channels`
// channels that all share one sampler of `keys` keys (0.01 s apart, values
// zero): many channels multiply the keys a small file makes the importer keep.
inline std::string SamplerSharedByChannelsJson(GltfBuilder& b, int keys, int channels) {
  std::vector<float> times(keys), values(3 * static_cast<std::size_t>(keys), 0.0f);
  for (std::size_t k = 0; k < times.size(); ++k) times[k] = static_cast<float>(k) * 0.01f;
  const int input = b.AddFloats(times, "SCALAR");
  const int output = b.AddFloats(values, "VEC3");
  std::string list;
  for (int c = 0; c < channels; ++c) {
    list += std::string(c ? "," : "") + R"({"sampler":0,"target":{"node":0,"path":"translation"}})";
  }
  return b.EmbeddedJson(R"("nodes":[{}],"animations":[{"samplers":[{"input":)" +
                        std::to_string(input) + ",\"output\":" + std::to_string(output) +
                        R"(}],"channels":[)" + list + "]}]");
}

}  // namespace gltf_test
