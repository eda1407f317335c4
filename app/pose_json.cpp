#include "app/pose_json.h"

#include <cstdint>
#include <sstream>

#include "app/json_text.h"
#include "render/file_output.h"

namespace animviewer {

std::string PoseToJson(const AnimatedCharacter& character, const PoseDumpInfo& info) {
  const anim::Model& model = character.model();
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::SoaPose& pose = character.pose();
  std::ostringstream out;
  out << "{\n";
  out << "  \"model\": " << JsonQuoted(model.source_path) << ",\n";
  out << "  \"clip\": " << (info.clip.empty() ? "null" : JsonQuoted(info.clip)) << ",\n";
  out << "  \"time\": " << JsonNumber(info.requested_time) << ",\n";
  // The time that was sampled, in the clip's own timeline: wrapped by the
  // loop mode, and on ping-pong's way back reflected (a 1.2 s clip at a
  // playback time of 1.5 shows 0.9). The player's unwrapped time is kept too.
  const AnimatedCharacter::PlaybackState playback = character.playback();
  out << "  \"clip_time\": " << JsonNumber(playback.sample_time) << ",\n";
  out << "  \"playback_time\": " << JsonNumber(playback.time) << ",\n";
  out << "  \"loop\": " << JsonQuoted(anim::LoopModeName(playback.mode)) << ",\n";
  out << "  \"speed\": " << JsonNumber(playback.rate) << ",\n";
  out << "  \"joints\": [";
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    const anim::Transform t = pose.Local(j);
    const float rotation[4] = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
    const glm::mat4& m = character.model_matrices()[j];
    out << (j ? ",\n" : "\n") << "    {\"index\": " << j
        << ", \"name\": " << JsonQuoted(skeleton.JointName(j))
        << ", \"parent\": " << skeleton.Parent(j)
        << ",\n     \"translation\": " << JsonArray(&t.translation.x, 3)
        << ", \"rotation\": " << JsonArray(rotation, 4)
        << ", \"scale\": " << JsonArray(&t.scale.x, 3)
        << ",\n     \"model_matrix\": " << JsonArray(&m[0][0], 16) << "}";
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
