#include "app/model_info.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <vector>

#include "app/camera_choice.h"
#include "app/compression_info.h"
#include "app/retarget_info.h"
#include "model/morph_reach.h"

namespace animviewer {

std::string DescribeJointTree(const anim::Skeleton& skeleton) {
  // Children follow their parent (parents come first). A depth-first walk
  // from each root, with an explicit stack: a file decides how deep the
  // tree is (a chain of 65,536 joints), so no recursion.
  const int count = skeleton.JointCount();
  std::vector<int> first_child(static_cast<std::size_t>(count), -1);
  std::vector<int> next_sibling(static_cast<std::size_t>(count), -1);
  for (int joint = count - 1; joint >= 0; --joint) {  // siblings in index order
    const int parent = skeleton.Parent(joint);
    if (parent < 0) continue;
    next_sibling[joint] = first_child[parent];
    first_child[parent] = joint;
  }
  std::vector<int> depth(static_cast<std::size_t>(count), 0);
  int deepest = 0;
  for (int joint = 0; joint < count; ++joint) {
    const int parent = skeleton.Parent(joint);
    depth[joint] = parent < 0 ? 0 : depth[parent] + 1;
    deepest = std::max(deepest, depth[joint]);
  }
  std::ostringstream out;
  if (deepest > kMaxTreeIndent) {
    out << "  (" << deepest + 1 << " levels: indentation stops at level " << kMaxTreeIndent
        << "; the first column is each joint's depth)\n";
  }
  std::vector<int> stack;
  for (int root = count - 1; root >= 0; --root) {
    if (skeleton.Parent(root) < 0) stack.push_back(root);
  }
  char column[16];
  while (!stack.empty()) {
    const int joint = stack.back();
    stack.pop_back();
    std::snprintf(column, sizeof column, "%5d ", depth[joint]);
    out << column
        << std::string(static_cast<std::size_t>(std::min(depth[joint], kMaxTreeIndent)) * 2, ' ')
        << joint << " " << skeleton.JointName(joint) << "\n";
    // Children pushed last-first, so the first child is printed next.
    std::size_t at = stack.size();
    for (int child = first_child[joint]; child >= 0; child = next_sibling[child]) {
      stack.push_back(child);
    }
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(at), stack.end());
  }
  return out.str();
}

std::string DescribePrimitives(const anim::Model& model) {
  std::ostringstream out;
  std::vector<bool> used(model.skeleton.JointCount(), false);
  for (const anim::MeshPrimitive& p : model.primitives) {
    std::fill(used.begin(), used.end(), false);
    int joints = 0, last = -1;
    auto count = [&](const std::vector<glm::u16vec4>& set, const std::vector<glm::vec4>& weights) {
      for (std::size_t v = 0; v < set.size() && v < weights.size(); ++v) {
        for (int k = 0; k < 4; ++k) {
          const int j = set[v][k];
          if (weights[v][k] == 0.0f || j >= static_cast<int>(used.size()) || used[j]) continue;
          used[j] = true;
          last = j;
          ++joints;
        }
      }
    };
    count(p.joints, p.weights);
    count(p.joints1, p.weights1);
    out << "  \"" << p.node_name << "\" (mesh " << p.source_mesh << ", primitive "
        << p.source_primitive << "): " << p.positions.size() << " vertices, "
        << p.indices.size() / 3 << " triangles, ";
    if (joints == 1) {
      out << "follows joint \"" << model.skeleton.JointName(last) << "\"";
    } else {
      out << "skinned to " << joints << " joints";
      out << (p.joints1.empty() ? "" : ", up to 8 influences per vertex");
    }
    if (!p.morph_targets.empty()) {
      out << ", " << p.morph_targets.size() << " morph target"
          << (p.morph_targets.size() == 1 ? "" : "s");
    }
    out << "\n";
  }
  return out.str();
}

std::string DescribeMorphChannels(const anim::Model& model) {
  if (model.morph_channels.empty()) return "";
  std::ostringstream out;
  out << "Morph targets (name = default weight), per mesh node:\n";
  const std::vector<std::string> notes =
      anim::MorphChannelNotes(model, anim::MorphTargetsThatChangeSomething(model));
  for (std::size_t c = 0; c < model.morph_channels.size(); ++c) {
    const anim::MorphChannel& channel = model.morph_channels[c];
    out << "  \"" << channel.node_name << "\":";
    for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
      out << (t ? ", " : " ") << channel.target_names[t] << " = "
          << (t < channel.default_weights.size() ? channel.default_weights[t] : 0.0f);
    }
    const std::string& note = notes[c];
    if (!note.empty()) out << " (changes nothing on screen: " << note << ")";
    out << "\n";
  }
  return out.str();
}

std::string DescribeModel(const anim::Model& model, std::size_t load_memory_limit) {
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
  out << DescribePrimitives(model);
  out << DescribeMorphChannels(model);
  out << "Skeleton: " << skeleton.JointCount() << " joints\n";
  out << DescribeJointTree(skeleton);
  for (const anim::AnimatedMaterialValue& value : model.animated_material_values) {
    out << "Animated material value: " << value.pointer << "\n";
  }
  for (const anim::AnimatedCameraValue& value : model.animated_camera_values) {
    out << "Animated camera value: " << value.pointer << "\n";
  }
  for (const anim::NodeVisibility& node : model.node_visibility) {
    out << "Node visibility: " << node.pointer << " (" << (node.visible ? "shown" : "hidden")
        << " in the file)\n";
  }
  for (std::size_t i = 0; i < model.cameras.size(); ++i) {
    const anim::FileCamera& camera = model.cameras[i];
    out << "Camera " << i << ": " << FileCameraLabel(camera) << ", "
        << (camera.joint >= 0 ? "on joint " + skeleton.JointName(camera.joint)
                              : std::string("fixed in the scene"))
        << "\n";
  }
  out << "Clips: " << model.clips.size() << "\n";
  for (std::size_t c = 0; c < model.clips.size(); ++c) {
    const anim::Clip& clip = model.clips[c];
    int translation_keys = 0, rotation_keys = 0, scale_keys = 0;
    for (const anim::JointTracks& tracks : clip.Tracks()) {
      translation_keys += tracks.translation.KeyCount();
      rotation_keys += tracks.rotation.KeyCount();
      scale_keys += tracks.scale.KeyCount();
    }
    // The animated floats: morph weights first, then material and camera
    // values (KHR_animation_pointer), which start at the first one's slot.
    const int first_material_value =
        !model.animated_material_values.empty() ? model.animated_material_values.front().first_value
        : !model.animated_camera_values.empty() ? model.animated_camera_values.front().first_value
                                                : INT32_MAX;
    int weights = 0, weight_keys = 0, values = 0, value_keys = 0;
    for (const anim::MorphWeightTracks& morph : clip.MorphWeights()) {
      const bool material = morph.first_weight >= first_material_value;
      for (const anim::ScalarTrack& track : morph.targets) {
        (material ? values : weights) += track.Empty() ? 0 : 1;
        (material ? value_keys : weight_keys) += track.KeyCount();
      }
    }
    char line[256];
    std::snprintf(line, sizeof line,
                  "  %-20s %8.3f s  %3zu joints animated  keys: %d translation, %d rotation, "
                  "%d scale",
                  clip.Name().c_str(), clip.Duration(), clip.Tracks().size(), translation_keys,
                  rotation_keys, scale_keys);
    out << line;
    if (weights > 0) out << "; " << weights << " morph weights, " << weight_keys << " keys";
    if (values > 0) {
      out << "; " << values << " material and camera values, " << value_keys
          << " keys (animation pointer)";
    }
    out << "\n";
    if (c < model.clip_roles.size()) {
      const anim::ClipRoleGuess& role = model.clip_roles[c];
      out << "      role: " << anim::RoleName(role.role) << " (" << role.reason << ")\n";
    }
  }
  out << DescribeAnimationSource(model);
  out << DescribeCompression(model, load_memory_limit);
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
