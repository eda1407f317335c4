#include "gltf_writer.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include <tiny_gltf.h>

#include "rig.h"

namespace mannequin {

namespace {

// Appends raw bytes as a new buffer view (4-byte aligned) and returns its index.
class BufferPacker {
 public:
  explicit BufferPacker(tinygltf::Model& model) : model_(model) { model_.buffers.emplace_back(); }

  int AddView(const void* data, std::size_t size, int target) {
    std::vector<unsigned char>& bytes = model_.buffers[0].data;
    while (bytes.size() % 4 != 0) bytes.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = bytes.size();
    view.byteLength = size;
    view.target = target;
    const auto* p = static_cast<const unsigned char*>(data);
    bytes.insert(bytes.end(), p, p + size);
    model_.bufferViews.push_back(view);
    return static_cast<int>(model_.bufferViews.size()) - 1;
  }

  int AddAccessor(int view, int component, int type, std::size_t count, bool normalized = false,
                  std::vector<double> min = {}, std::vector<double> max = {}) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.byteOffset = 0;
    a.componentType = component;
    a.type = type;
    a.count = count;
    a.normalized = normalized;
    a.minValues = std::move(min);
    a.maxValues = std::move(max);
    model_.accessors.push_back(a);
    return static_cast<int>(model_.accessors.size()) - 1;
  }

  // A float accessor over `components`-wide elements, with min/max if asked.
  int AddFloats(const std::vector<float>& values, int components, int type, int target,
                bool bounds) {
    const int view = AddView(values.data(), values.size() * sizeof(float), target);
    std::vector<double> lo, hi;
    if (bounds) {
      lo.assign(components, 1e30);
      hi.assign(components, -1e30);
      for (std::size_t i = 0; i < values.size(); ++i) {
        const std::size_t c = i % components;
        lo[c] = std::min(lo[c], static_cast<double>(values[i]));
        hi[c] = std::max(hi[c], static_cast<double>(values[i]));
      }
    }
    return AddAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, type, values.size() / components, false,
                       lo, hi);
  }

 private:
  tinygltf::Model& model_;
};

void AddSkeletonNodes(tinygltf::Model& model) {
  for (int j = 0; j < kJointCount; ++j) {
    tinygltf::Node node;
    node.name = Joints()[j].name;
    const glm::vec3 t = Joints()[j].offset;
    node.translation = {t.x, t.y, t.z};
    model.nodes.push_back(node);
  }
  for (int j = 0; j < kJointCount; ++j)
    if (Joints()[j].parent >= 0) model.nodes[Joints()[j].parent].children.push_back(j);
}

void AddMesh(tinygltf::Model& model, BufferPacker& packer, const Mesh& mesh,
             const std::vector<SkinWeights>& skin) {
  std::vector<float> positions, normals, colors, weights;
  std::vector<std::uint8_t> joints;
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    const MeshVertex& v = mesh.vertices[i];
    positions.insert(positions.end(), {v.position.x, v.position.y, v.position.z});
    normals.insert(normals.end(), {v.normal.x, v.normal.y, v.normal.z});
    colors.insert(colors.end(), {v.color.r, v.color.g, v.color.b});
    for (int k = 0; k < 4; ++k) {
      joints.push_back(skin[i].joints[k]);
      weights.push_back(skin[i].weights[k]);
    }
  }
  tinygltf::Primitive prim;
  prim.mode = TINYGLTF_MODE_TRIANGLES;
  prim.material = 0;
  prim.attributes["POSITION"] =
      packer.AddFloats(positions, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
  prim.attributes["NORMAL"] =
      packer.AddFloats(normals, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  prim.attributes["COLOR_0"] =
      packer.AddFloats(colors, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  const int joint_view = packer.AddView(joints.data(), joints.size(), TINYGLTF_TARGET_ARRAY_BUFFER);
  prim.attributes["JOINTS_0"] = packer.AddAccessor(
      joint_view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TYPE_VEC4, mesh.vertices.size());
  prim.attributes["WEIGHTS_0"] =
      packer.AddFloats(weights, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  // 16-bit indices when they fit: half the size, and every GPU takes them.
  if (mesh.vertices.size() <= 65535) {
    std::vector<std::uint16_t> idx(mesh.indices.begin(), mesh.indices.end());
    const int view =
        packer.AddView(idx.data(), idx.size() * 2, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    prim.indices = packer.AddAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                      TINYGLTF_TYPE_SCALAR, idx.size());
  } else {
    const int view = packer.AddView(mesh.indices.data(), mesh.indices.size() * 4,
                                    TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    prim.indices = packer.AddAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT,
                                      TINYGLTF_TYPE_SCALAR, mesh.indices.size());
  }
  tinygltf::Mesh gltf_mesh;
  gltf_mesh.name = "Mannequin";
  gltf_mesh.primitives.push_back(prim);
  model.meshes.push_back(gltf_mesh);

  tinygltf::Material material;
  material.name = "Mannequin";
  material.pbrMetallicRoughness.baseColorFactor = {1.0, 1.0, 1.0, 1.0};
  material.pbrMetallicRoughness.metallicFactor = 0.0;
  material.pbrMetallicRoughness.roughnessFactor = 0.55;
  model.materials.push_back(material);
}

void AddSkin(tinygltf::Model& model, BufferPacker& packer) {
  // Bind pose rotations are identity, so each inverse bind matrix is the
  // translation by minus the joint's bind position.
  std::vector<float> matrices;
  tinygltf::Skin skin;
  skin.name = "Mannequin";
  skin.skeleton = kHips;
  for (int j = 0; j < kJointCount; ++j) {
    const glm::vec3 p = BindPosition(j);
    const float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p.x, -p.y, -p.z, 1};
    matrices.insert(matrices.end(), m, m + 16);
    skin.joints.push_back(j);
  }
  const int view = packer.AddView(matrices.data(), matrices.size() * sizeof(float), 0);
  skin.inverseBindMatrices =
      packer.AddAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, kJointCount);
  model.skins.push_back(skin);
}

void AddAnimation(tinygltf::Model& model, BufferPacker& packer, const ClipData& clip,
                  std::map<std::vector<float>, int>& time_accessors) {
  tinygltf::Animation anim;
  anim.name = clip.name;
  for (const Channel& c : clip.channels) {
    // Channels with the same key times share one input accessor.
    auto found = time_accessors.find(c.times);
    if (found == time_accessors.end()) {
      const int view = packer.AddView(c.times.data(), c.times.size() * sizeof(float), 0);
      const int acc =
          packer.AddAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_SCALAR,
                             c.times.size(), false, {c.times.front()}, {c.times.back()});
      found = time_accessors.emplace(c.times, acc).first;
    }
    const bool rotation = c.path == Path::kRotation;
    std::vector<float> out;
    for (const glm::vec4& v : c.values) {
      out.insert(out.end(), {v.x, v.y, v.z});
      if (rotation) out.push_back(v.w);
    }
    const int components = rotation ? 4 : 3;
    const int output = packer.AddFloats(
        out, components, rotation ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, 0, false);
    tinygltf::AnimationSampler sampler;
    sampler.input = found->second;
    sampler.output = output;
    sampler.interpolation = c.interp == Interp::kStep     ? "STEP"
                            : c.interp == Interp::kLinear ? "LINEAR"
                                                          : "CUBICSPLINE";
    anim.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim.samplers.size()) - 1;
    channel.target_node = c.joint;
    channel.target_path = rotation ? "rotation" : "translation";
    anim.channels.push_back(channel);
  }
  tinygltf::Value::Object extras;
  if (clip.speed > 0.0f) {
    // Rounded to millimetres per second so the JSON says 1.4, not 1.39999997.
    extras["speed"] =
        tinygltf::Value(std::round(static_cast<double>(clip.speed) * 1000.0) / 1000.0);
  }
  if (!clip.role.empty()) extras["role"] = tinygltf::Value(clip.role);
  if (!clip.events.empty()) {
    tinygltf::Value::Array events;
    for (const ClipData::Event& e : clip.events) {
      tinygltf::Value::Object event;
      // Rounded to microseconds so the JSON says 0.55, not 0.550000011920929.
      event["time"] = tinygltf::Value(std::round(static_cast<double>(e.time) * 1e6) / 1e6);
      event["name"] = tinygltf::Value(e.name);
      events.push_back(tinygltf::Value(event));
    }
    extras["events"] = tinygltf::Value(events);
  }
  if (!extras.empty()) anim.extras = tinygltf::Value(extras);
  model.animations.push_back(anim);
}

}  // namespace

bool WriteMannequin(const std::string& path, const Mesh& mesh, const std::vector<SkinWeights>& skin,
                    const std::vector<ClipData>& clips) {
  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "make_mannequin (tools/make_mannequin)";
  BufferPacker packer(model);
  AddSkeletonNodes(model);
  AddMesh(model, packer, mesh, skin);
  AddSkin(model, packer);
  std::map<std::vector<float>, int> time_accessors;
  for (const ClipData& clip : clips) AddAnimation(model, packer, clip, time_accessors);

  tinygltf::Node body;
  body.name = "Mannequin";
  body.mesh = 0;
  body.skin = 0;
  model.nodes.push_back(body);
  tinygltf::Scene scene;
  scene.name = "Mannequin";
  scene.nodes = {kHips, static_cast<int>(model.nodes.size()) - 1};
  model.scenes.push_back(scene);
  model.defaultScene = 0;

  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToFile(&model, path, /*embedImages=*/true, /*embedBuffers=*/true,
                                   /*prettyPrint=*/true, /*writeBinary=*/false)) {
    std::fprintf(stderr, "make_mannequin: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace mannequin
