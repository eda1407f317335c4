#include "app/pose_json.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>

#include "render/file_output.h"

namespace animviewer {
namespace {

// JSON string with the characters JSON requires escaped.
std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (const unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// Nine significant digits round-trip a float exactly. JSON has no NaN or
// infinity; the palette should never hold them, but a dump must stay valid.
std::string Number(double v) {
  if (!std::isfinite(v)) return "null";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

std::string Array(const float* values, int count) {
  std::string out = "[";
  for (int i = 0; i < count; ++i) out += (i ? ", " : "") + Number(values[i]);
  return out + "]";
}

}  // namespace

std::string PoseToJson(const AnimatedCharacter& character, const PoseDumpInfo& info) {
  const anim::Model& model = character.model();
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::SoaPose& pose = character.pose();
  std::ostringstream out;
  out << "{\n";
  out << "  \"model\": " << Quoted(model.source_path) << ",\n";
  out << "  \"clip\": " << (info.clip.empty() ? "null" : Quoted(info.clip)) << ",\n";
  out << "  \"time\": " << Number(info.requested_time) << ",\n";
  // The time that was sampled, in the clip's own timeline: wrapped by the
  // loop mode, and on ping-pong's way back reflected (a 1.2 s clip at a
  // playback time of 1.5 shows 0.9). The player's unwrapped time is kept too.
  const AnimatedCharacter::PlaybackState playback = character.playback();
  out << "  \"clip_time\": " << Number(playback.sample_time) << ",\n";
  out << "  \"playback_time\": " << Number(playback.time) << ",\n";
  out << "  \"loop\": " << Quoted(anim::LoopModeName(playback.mode)) << ",\n";
  out << "  \"speed\": " << Number(playback.rate) << ",\n";
  out << "  \"joints\": [";
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    const anim::Transform t = pose.Local(j);
    const float rotation[4] = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
    const glm::mat4& m = character.model_matrices()[j];
    out << (j ? ",\n" : "\n") << "    {\"index\": " << j
        << ", \"name\": " << Quoted(skeleton.JointName(j))
        << ", \"parent\": " << skeleton.RestPose().Parent(j)
        << ",\n     \"translation\": " << Array(&t.translation.x, 3)
        << ", \"rotation\": " << Array(rotation, 4) << ", \"scale\": " << Array(&t.scale.x, 3)
        << ",\n     \"model_matrix\": " << Array(&m[0][0], 16) << "}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

bool WritePoseJson(const std::string& path, const AnimatedCharacter& character,
                   const PoseDumpInfo& info, std::string* error) {
  const std::string json = PoseToJson(character, info);
  return render::WriteFileBytes(
      path, {reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, error);
}

}  // namespace animviewer
