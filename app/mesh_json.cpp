#include "app/mesh_json.h"

#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

#include "app/json_text.h"
#include "render/cpu_skinning.h"
#include "render/dual_quaternion_skinning.h"
#include "render/file_output.h"

namespace animviewer {

std::string MeshToJson(const AnimatedCharacter& character, const PoseDumpInfo& info,
                       anim::SkinningMethod skinning) {
  const anim::Model& model = character.model();
  std::ostringstream out;
  out << "{\n";
  out << "  \"model\": " << JsonQuoted(model.source_path) << ",\n";
  out << "  \"clip\": " << (info.clip.empty() ? "null" : JsonQuoted(info.clip)) << ",\n";
  out << "  \"time\": " << JsonNumber(info.requested_time) << ",\n";
  out << "  \"clip_time\": " << JsonNumber(character.playback().sample_time) << ",\n";
  out << "  \"skinning\": " << JsonQuoted(std::string(anim::SkinningMethodName(skinning))) << ",\n";
  out << "  \"morph_channels\": [";
  for (std::size_t c = 0; c < model.morph_channels.size(); ++c) {
    const anim::MorphChannel& channel = model.morph_channels[c];
    out << (c ? ",\n" : "\n") << "    {\"node\": " << JsonQuoted(channel.node_name)
        << ", \"targets\": [";
    for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
      out << (t ? ", " : "") << JsonQuoted(channel.target_names[t]);
    }
    out << "], \"weights\": [";
    for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
      const std::size_t w = channel.first_weight + t;
      out << (t ? ", " : "")
          << JsonNumber(w < character.morph_weights().size() ? character.morph_weights()[w] : 0.0);
    }
    out << "]}";
  }
  out << (model.morph_channels.empty() ? "],\n" : "\n  ],\n");
  out << "  \"primitives\": [";
  std::vector<render::SkinnedVertex> skinned;
  std::vector<anim::DualQuaternionJoint> scratch;
  for (std::size_t p = 0; p < model.primitives.size(); ++p) {
    const anim::MeshPrimitive& primitive = model.primitives[p];
    skinned.resize(primitive.positions.size());
    render::SkinPrimitiveWith(skinning, primitive, character.palette(), &scratch, skinned,
                              model.MorphWeightsOf(primitive, character.morph_weights()));
    glm::vec3 low(std::numeric_limits<float>::max()), high(-std::numeric_limits<float>::max());
    for (const render::SkinnedVertex& v : skinned) {
      low = glm::min(low, v.position);
      high = glm::max(high, v.position);
    }
    out << (p ? ",\n" : "\n") << "    {\"mesh\": " << primitive.source_mesh
        << ", \"primitive\": " << primitive.source_primitive
        << ", \"node\": " << JsonQuoted(primitive.node_name)
        << ", \"vertex_count\": " << skinned.size();
    if (!skinned.empty()) {
      out << ",\n     \"bounds\": {\"min\": " << JsonArray(&low.x, 3)
          << ", \"max\": " << JsonArray(&high.x, 3) << "}";
    }
    out << ",\n     \"positions\": [";
    for (std::size_t v = 0; v < skinned.size(); ++v) {
      out << (v ? ", " : "") << JsonNumber(skinned[v].position.x) << ", "
          << JsonNumber(skinned[v].position.y) << ", " << JsonNumber(skinned[v].position.z);
    }
    out << "]}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

bool WriteMeshJson(const std::string& path, const AnimatedCharacter& character,
                   const PoseDumpInfo& info, anim::SkinningMethod skinning, std::string* error) {
  const std::string json = MeshToJson(character, info, skinning);
  return render::WriteFileBytes(
      path, {reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, error);
}

}  // namespace animviewer
