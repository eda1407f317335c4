#include "import/gltf_animation_export.h"

#include <cstring>
#include <filesystem>
#include <map>

#include <tiny_gltf.h>

#include "anim/core/transform.h"

namespace anim {
namespace {

// Images are copied, never decoded: the loader keeps their bytes as they are.
bool KeepImageAsIs(tinygltf::Image* image, const int, std::string*, std::string*, int, int,
                   const unsigned char* bytes, int size, void*) {
  image->as_is = true;
  image->image.assign(bytes, bytes + size);
  return true;
}

// The node of each joint: the one named so ("node N" for an unnamed node N,
// as the importer names it), which must be unique.
bool JointNodes(const tinygltf::Model& gltf, const Model& model, std::vector<int>* nodes,
                std::string* why) {
  std::map<std::string, std::vector<int>> by_name;
  for (int n = 0; n < static_cast<int>(gltf.nodes.size()); ++n) {
    by_name[gltf.nodes[n].name.empty() ? "node " + std::to_string(n) : gltf.nodes[n].name]
        .push_back(n);
  }
  const int joints =
      model.first_helper_joint >= 0 ? model.first_helper_joint : model.skeleton.JointCount();
  nodes->assign(static_cast<std::size_t>(model.skeleton.JointCount()), -1);
  for (int j = 0; j < joints; ++j) {
    const auto found = by_name.find(model.skeleton.JointName(j));
    if (found == by_name.end() || found->second.size() != 1) {
      *why = "joint \"" + model.skeleton.JointName(j) + "\" is " +
             (found == by_name.end() ? "no node of the file" : "the name of several nodes");
      return false;
    }
    (*nodes)[j] = found->second.front();
  }
  return true;
}

// Appends `count` floats as one accessor (with its own buffer view) to
// buffer `buffer`; returns the accessor's index.
int AddFloats(tinygltf::Model& gltf, int buffer, const float* values, std::size_t count, int type,
              int components) {
  std::vector<unsigned char>& data = gltf.buffers[buffer].data;
  while (data.size() % 4 != 0) data.push_back(0);
  tinygltf::BufferView view;
  view.buffer = buffer;
  view.byteOffset = data.size();
  view.byteLength = count * sizeof(float);
  const auto* bytes = reinterpret_cast<const unsigned char*>(values);
  data.insert(data.end(), bytes, bytes + view.byteLength);
  gltf.bufferViews.push_back(view);
  tinygltf::Accessor accessor;
  accessor.bufferView = static_cast<int>(gltf.bufferViews.size()) - 1;
  accessor.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  accessor.count = count / static_cast<std::size_t>(components);
  accessor.type = type;
  gltf.accessors.push_back(accessor);
  return static_cast<int>(gltf.accessors.size()) - 1;
}

template <typename T>
int AddChannel(tinygltf::Model& gltf, tinygltf::Animation& animation, int buffer, int node,
               const char* path, const Track<T>& track, int type, int components) {
  const std::span<const float> times = track.Times();
  const int input = AddFloats(gltf, buffer, times.data(), times.size(), TINYGLTF_TYPE_SCALAR, 1);
  gltf.accessors[input].minValues = {times.front()};
  gltf.accessors[input].maxValues = {times.back()};
  std::vector<float> values;
  for (const T& v : track.Values()) {
    if constexpr (std::is_same_v<T, glm::quat>) {
      values.insert(values.end(), {v.x, v.y, v.z, v.w});
    } else {
      values.insert(values.end(), {v.x, v.y, v.z});
    }
  }
  tinygltf::AnimationSampler sampler;
  sampler.input = input;
  sampler.output = AddFloats(gltf, buffer, values.data(), values.size(), type, components);
  switch (track.GetInterpolation()) {
    case Interpolation::kStep: sampler.interpolation = "STEP"; break;
    case Interpolation::kLinear: sampler.interpolation = "LINEAR"; break;
    case Interpolation::kCubicSpline: sampler.interpolation = "CUBICSPLINE"; break;
  }
  animation.samplers.push_back(sampler);
  tinygltf::AnimationChannel channel;
  channel.sampler = static_cast<int>(animation.samplers.size()) - 1;
  channel.target_node = node;
  channel.target_path = path;
  animation.channels.push_back(channel);
  return channel.sampler;
}

// A node given as a matrix becomes translation, rotation and scale.
void MakeTrs(tinygltf::Node& node) {
  if (node.matrix.size() != 16) return;
  glm::mat4 m;
  for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = static_cast<float>(node.matrix[i]);
  const Transform t = FromMatrix(m);
  node.matrix.clear();
  node.translation = {t.translation.x, t.translation.y, t.translation.z};
  node.rotation = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
  node.scale = {t.scale.x, t.scale.y, t.scale.z};
}

tinygltf::Value ExtrasOf(const Clip& clip) {
  tinygltf::Value::Object extras;
  if (clip.Speed() > 0.0f) extras["speed"] = tinygltf::Value(static_cast<double>(clip.Speed()));
  if (!clip.Events().empty()) {
    tinygltf::Value::Array events;
    for (const ClipEvent& e : clip.Events()) {
      tinygltf::Value::Object event;
      event["time"] = tinygltf::Value(static_cast<double>(e.time));
      event["name"] = tinygltf::Value(e.name);
      events.emplace_back(std::move(event));
    }
    extras["events"] = tinygltf::Value(std::move(events));
  }
  return extras.empty() ? tinygltf::Value() : tinygltf::Value(std::move(extras));
}

// True when some image is a file beside the model (not embedded).
bool HasImageFiles(const tinygltf::Model& gltf) {
  for (const tinygltf::Image& image : gltf.images) {
    if (image.bufferView < 0 && !image.uri.empty() && image.uri.rfind("data:", 0) != 0) return true;
  }
  return false;
}

}  // namespace

bool SaveClipsIntoGltf(const std::string& model_path, const Model& model,
                       std::span<const Clip> clips, const std::string& out_path,
                       std::string* error) {
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(KeepImageAsIs, nullptr);
  tinygltf::Model gltf;
  std::string err, warn;
  const bool binary = std::filesystem::path(model_path).extension() == ".glb";
  const bool read = binary ? loader.LoadBinaryFromFile(&gltf, &err, &warn, model_path)
                           : loader.LoadASCIIFromFile(&gltf, &err, &warn, model_path);
  if (!read) {
    *error = model_path + ": could not be read again to save into: " + err;
    return false;
  }
  std::error_code ec;
  if (HasImageFiles(gltf) &&
      std::filesystem::weakly_canonical(std::filesystem::path(out_path).parent_path(), ec) !=
          std::filesystem::weakly_canonical(std::filesystem::path(model_path).parent_path(), ec)) {
    *error = out_path + ": must be written beside " + model_path +
             ", whose images it references by relative paths";
    return false;
  }
  std::vector<int> nodes;
  std::string why;
  if (!JointNodes(gltf, model, &nodes, &why)) {
    *error = model_path + ": cannot save clips into it: " + why;
    return false;
  }
  gltf.buffers.emplace_back();
  const int buffer = static_cast<int>(gltf.buffers.size()) - 1;
  for (const Clip& clip : clips) {
    tinygltf::Animation animation;
    animation.name = clip.Name();
    for (const JointTracks& tracks : clip.Tracks()) {
      const int node = tracks.joint >= 0 && tracks.joint < static_cast<int>(nodes.size())
                           ? nodes[tracks.joint]
                           : -1;
      if (node < 0) continue;  // a skin's helper joint: follows its joint
      MakeTrs(gltf.nodes[node]);
      if (!tracks.translation.Empty()) {
        AddChannel(gltf, animation, buffer, node, "translation", tracks.translation,
                   TINYGLTF_TYPE_VEC3, 3);
      }
      if (!tracks.rotation.Empty()) {
        AddChannel(gltf, animation, buffer, node, "rotation", tracks.rotation, TINYGLTF_TYPE_VEC4,
                   4);
      }
      if (!tracks.scale.Empty()) {
        AddChannel(gltf, animation, buffer, node, "scale", tracks.scale, TINYGLTF_TYPE_VEC3, 3);
      }
    }
    animation.extras = ExtrasOf(clip);
    gltf.animations.push_back(std::move(animation));
  }
  if (!loader.WriteGltfSceneToFile(&gltf, out_path, /*embedImages=*/false,
                                   /*embedBuffers=*/true, /*prettyPrint=*/true,
                                   /*writeBinary=*/false)) {
    *error = out_path + ": could not be written";
    return false;
  }
  return true;
}

}  // namespace anim
