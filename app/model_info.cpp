#include "app/model_info.h"

#include <cstdio>
#include <functional>
#include <sstream>

#include "app/compression_info.h"

namespace animviewer {

std::string DescribeModel(const anim::Model& model) {
  std::ostringstream out;
  const anim::Skeleton& skeleton = model.skeleton;
  out << model.source_path << "\n";
  std::size_t vertices = 0, triangles = 0;
  for (const anim::MeshPrimitive& p : model.primitives) {
    vertices += p.positions.size();
    triangles += p.indices.size() / 3;
  }
  out << "Mesh: " << model.primitives.size() << " primitives, " << vertices << " vertices, "
      << triangles << " triangles, " << model.materials.size() << " materials, "
      << model.images.size() << " images\n";
  out << "Skeleton: " << skeleton.JointCount() << " joints\n";
  // Children follow their parent (parents come first), so a depth-first walk
  // from each root prints a tree.
  std::function<void(int, int)> print = [&](int joint, int depth) {
    out << "  " << std::string(static_cast<std::size_t>(depth) * 2, ' ') << joint << " "
        << skeleton.JointName(joint) << "\n";
    for (int child = joint + 1; child < skeleton.JointCount(); ++child) {
      if (skeleton.Parent(child) == joint) print(child, depth + 1);
    }
  };
  for (int joint = 0; joint < skeleton.JointCount(); ++joint) {
    if (skeleton.Parent(joint) < 0) print(joint, 0);
  }
  out << "Clips: " << model.clips.size() << "\n";
  for (const anim::Clip& clip : model.clips) {
    int translation_keys = 0, rotation_keys = 0, scale_keys = 0;
    for (const anim::JointTracks& tracks : clip.Tracks()) {
      translation_keys += tracks.translation.KeyCount();
      rotation_keys += tracks.rotation.KeyCount();
      scale_keys += tracks.scale.KeyCount();
    }
    char line[256];
    std::snprintf(line, sizeof line,
                  "  %-20s %8.3f s  %3zu joints animated  keys: %d translation, %d rotation, "
                  "%d scale\n",
                  clip.Name().c_str(), clip.Duration(), clip.Tracks().size(), translation_keys,
                  rotation_keys, scale_keys);
    out << line;
  }
  out << DescribeCompression(model);
  for (const std::string& warning : model.warnings) out << "Warning: " << warning << "\n";
  return out.str();
}

std::string ClipNameList(const anim::Model& model) {
  std::string names;
  for (const anim::Clip& clip : model.clips) {
    names += (names.empty() ? "" : ", ") + clip.Name();
  }
  return names.empty() ? "(the model has no clips)" : names;
}

}  // namespace animviewer
