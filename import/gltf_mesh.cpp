#include "import/gltf_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "import/gltf_accessor.h"
#include "import/gltf_draco.h"
#include "import/gltf_item_costs.h"
#include "import/gltf_limits.h"

namespace anim::gltf {

namespace {

constexpr int kTriangles = 4;
constexpr int kTriangleStrip = 5;
constexpr int kTriangleFan = 6;

// How one mesh node's vertices attach to the skeleton.
struct Binding {
  // Skinned: JOINTS_0 holds skin slots, mapped through this table.
  const std::vector<int>* joint_of_slot = nullptr;
  // Rigid: every vertex weighted 1 to this joint, after `vertex_to_bind`.
  int rigid_joint = -1;
  glm::mat4 vertex_to_bind{1.0f};
};

// A primitive's attributes and indices. Draco-compressed ones were decoded
// into the accessors by tinygltf (after gltf_draco.cpp checked them); only
// the faces of Draco primitives without an indices accessor come from the
// context.
class AttributeSource {
 public:
  AttributeSource(const Context& ctx, const tinygltf::Primitive& primitive, std::pair<int, int> key,
                  std::string what)
      : ctx_(ctx), primitive_(primitive), what_(std::move(what)) {
    const auto draco = primitive.extensions.find(kDracoExtension);
    if (draco != primitive.extensions.end()) {
      draco_attributes_ = &draco->second.Get("attributes");
      const auto faces = ctx.draco_faces.find(key);
      if (faces != ctx.draco_faces.end()) draco_faces_ = &faces->second;
    }
  }

  bool IsDraco() const { return draco_attributes_ != nullptr; }

  bool Has(const std::string& semantic) const { return primitive_.attributes.count(semantic) != 0; }

  AccessorData Read(const std::string& semantic, std::initializer_list<int> types,
                    std::initializer_list<int> component_types, IntegerMode mode) const {
    const int accessor = primitive_.attributes.at(semantic);
    const std::string what = semantic + " of " + what_;
    if (IsDraco() && draco_attributes_->Has(semantic)) CheckDecoded(accessor, what);
    return ReadAccessor(ctx_, accessor, what, types, component_types, mode);
  }

  // Triangle-list (or strip/fan) vertex indices, or nullopt when the
  // primitive is not indexed.
  std::optional<std::vector<std::uint32_t>> Indices() const {
    if (draco_faces_ != nullptr) return *draco_faces_;
    if (primitive_.indices < 0) return std::nullopt;
    if (IsDraco()) CheckDecoded(primitive_.indices, "indices of " + what_);
    const AccessorData data =
        ReadAccessor(ctx_, primitive_.indices, "indices of " + what_, {TINYGLTF_TYPE_SCALAR},
                     {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                      TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT},
                     IntegerMode::kRaw);
    std::vector<std::uint32_t> indices(data.count);
    for (std::size_t i = 0; i < data.count; ++i) {
      indices[i] = static_cast<std::uint32_t>(data.values[i]);
    }
    return indices;
  }

 private:
  // tinygltf gives a decoded accessor a buffer view and silently leaves it
  // without one when it does not decode (e.g. a second primitive sharing the
  // compressed buffer view with other accessors); that would read as zeros.
  void CheckDecoded(int accessor, const std::string& what) const {
    CheckIndex(accessor, ctx_.gltf.accessors.size(), what + " accessor");
    if (ctx_.gltf.accessors[accessor].bufferView < 0) {
      throw ImportError(what + ": tinygltf did not decode the " + kDracoExtension +
                        " data into accessor " + std::to_string(accessor) +
                        " (is its buffer view shared with another primitive?)");
    }
  }

  const Context& ctx_;
  const tinygltf::Primitive& primitive_;
  std::string what_;
  const tinygltf::Value* draco_attributes_ = nullptr;
  const std::vector<std::uint32_t>* draco_faces_ = nullptr;
};

constexpr std::initializer_list<int> kFloatOrNormalized = {TINYGLTF_COMPONENT_TYPE_FLOAT,
                                                           TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE,
                                                           TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT};
// KHR_mesh_quantization also allows signed and unnormalised integers for
// positions and normals; accepting them costs nothing.
constexpr std::initializer_list<int> kAnyNumeric = {
    TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE,
    TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT,
    TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT};

void CheckCount(const AccessorData& data, std::size_t vertex_count, const std::string& semantic,
                const std::string& what) {
  if (data.count != vertex_count) {
    throw ImportError(what + " has " + std::to_string(vertex_count) + " positions but " +
                      std::to_string(data.count) + " " + semantic + " values");
  }
}

// Triangle list from the primitive's vertex order (indexed or not) and mode.
std::vector<std::uint32_t> Triangulate(const std::vector<std::uint32_t>& order, int mode,
                                       const std::string& what) {
  std::vector<std::uint32_t> out;
  const std::size_t n = order.size();
  if (mode == kTriangles) {
    if (n % 3 != 0) {
      throw ImportError(what + " is a triangle list of " + std::to_string(n) +
                        " vertices, not a multiple of 3");
    }
    return order;
  }
  if (n < 3) return out;
  out.reserve((n - 2) * 3);
  for (std::size_t i = 0; i + 2 < n; ++i) {
    if (mode == kTriangleStrip) {
      // glTF: triangle i is (i, i + 1 + i % 2, i + 2 - i % 2), keeping the
      // winding consistent along the strip.
      out.insert(out.end(), {order[i], order[i + 1 + i % 2], order[i + 2 - i % 2]});
    } else {
      out.insert(out.end(), {order[i + 1], order[i + 2], order[0]});
    }
  }
  return out;
}

std::vector<glm::vec3> AreaWeightedNormals(const std::vector<glm::vec3>& positions,
                                           const std::vector<std::uint32_t>& indices) {
  std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    const glm::vec3& a = positions[indices[t]];
    const glm::vec3& b = positions[indices[t + 1]];
    const glm::vec3& c = positions[indices[t + 2]];
    // The cross product's length is twice the triangle's area: summing the
    // unnormalised products weights each face by its area.
    const glm::vec3 face = glm::cross(b - a, c - a);
    for (int k = 0; k < 3; ++k) normals[indices[t + k]] += face;
  }
  for (glm::vec3& n : normals) {
    const float length = glm::length(n);
    n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 0.0f, 1.0f);
  }
  return normals;
}

bool IsUnitFinite(const glm::vec3& n) {
  const float length = glm::length(n);
  return std::isfinite(length) && length > 1e-6f;
}

// Every JOINTS_n/WEIGHTS_n pair the primitive has, n = 0, 1, ... until one
// is missing, each checked to have a value per vertex.
void ReadInfluenceSets(Context& ctx, const AttributeSource& source, std::size_t n,
                       const std::string& what, std::vector<AccessorData>* joints,
                       std::vector<AccessorData>* weights) {
  for (int set = 0;; ++set) {
    const std::string j = "JOINTS_" + std::to_string(set);
    const std::string w = "WEIGHTS_" + std::to_string(set);
    if (!source.Has(j) || !source.Has(w)) break;
    if (set == 2) {
      ctx.WarnOnce("joints2",
                   "some vertices have more than 8 joint influences; only the 8 "
                   "largest are kept (renormalised)");
    }
    joints->push_back(
        source.Read(j, {TINYGLTF_TYPE_VEC4},
                    {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                    IntegerMode::kRaw));
    weights->push_back(
        source.Read(w, {TINYGLTF_TYPE_VEC4}, kFloatOrNormalized, IntegerMode::kNormalize));
    CheckCount(joints->back(), n, j, what);
    CheckCount(weights->back(), n, w, what);
  }
}

// JOINTS_n/WEIGHTS_n pairs of every vertex reduced to the eight largest
// influences (glTF requires at least four to be honoured; three.js, the
// Khronos Sample Viewer and most engines take eight), mapped to skeleton
// joints and renormalised to sum 1: the four heaviest in joints/weights,
// the rest in joints1/weights1, which stay empty when no vertex needs them.
void ReadSkinWeights(Context& ctx, const AttributeSource& source, const Binding& binding,
                     const std::string& what, MeshPrimitive* out) {
  const std::size_t n = out->positions.size();
  if (!source.Has("JOINTS_0") || !source.Has("WEIGHTS_0")) {
    throw ImportError(what + " belongs to a skinned mesh but lacks JOINTS_0/WEIGHTS_0");
  }
  std::vector<AccessorData> joints, weights;
  ReadInfluenceSets(ctx, source, n, what, &joints, &weights);
  const std::vector<int>& joint_of_slot = *binding.joint_of_slot;
  const std::size_t slots = joint_of_slot.size();
  out->joints.resize(n);
  out->weights.resize(n);
  if (joints.size() > 1) {
    out->joints1.resize(n);
    out->weights1.resize(n);
  }
  bool needs_second_set = false;
  std::vector<std::pair<double, std::size_t>> influences;  // (weight, slot)
  for (std::size_t v = 0; v < n; ++v) {
    influences.clear();
    for (std::size_t set = 0; set < joints.size(); ++set) {
      for (int k = 0; k < 4; ++k) {
        const double weight = weights[set].At(v, k);
        const double slot = joints[set].At(v, k);
        if (!std::isfinite(weight) || weight < 0.0) {
          throw ImportError(what + " vertex " + std::to_string(v) + " has an invalid weight (" +
                            std::to_string(weight) + ")");
        }
        if (weight == 0.0) continue;  // unused slot: its joint index does not matter
        if (slot >= static_cast<double>(slots)) {
          throw ImportError(what + " vertex " + std::to_string(v) + " uses joint index " +
                            std::to_string(static_cast<long long>(slot)) +
                            ", but the skin has only " + std::to_string(slots) + " joints");
        }
        influences.emplace_back(weight, static_cast<std::size_t>(slot));
      }
    }
    std::sort(influences.begin(), influences.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    if (influences.size() > 8) influences.resize(8);
    needs_second_set = needs_second_set || influences.size() > 4;
    double sum = 0.0;
    for (const auto& influence : influences) sum += influence.first;
    glm::u16vec4 joint[2] = {glm::u16vec4(0), glm::u16vec4(0)};
    glm::vec4 weight[2] = {glm::vec4(0.0f), glm::vec4(0.0f)};
    if (sum > 0.0) {
      for (std::size_t k = 0; k < influences.size(); ++k) {
        joint[k / 4][k % 4] = static_cast<std::uint16_t>(joint_of_slot[influences[k].second]);
        weight[k / 4][k % 4] = static_cast<float>(influences[k].first / sum);
      }
    } else {
      // No influence at all: such a vertex would collapse to the origin.
      // Attaching it to the skin's first joint keeps it visible.
      ctx.WarnOnce("zero weights",
                   "some vertices have all joint weights zero; they follow the "
                   "skin's first joint");
      joint[0][0] = static_cast<std::uint16_t>(joint_of_slot[0]);
      weight[0][0] = 1.0f;
    }
    out->joints[v] = joint[0];
    out->weights[v] = weight[0];
    if (!out->joints1.empty()) {
      out->joints1[v] = joint[1];
      out->weights1[v] = weight[1];
    }
  }
  if (!needs_second_set) {  // a JOINTS_1 of zero weights costs nothing to draw
    out->joints1.clear();
    out->weights1.clear();
  }
}

// The primitive's morph targets: POSITION and NORMAL offsets per vertex
// (TANGENT is not used by our shading and is skipped), each as many as the
// positions and finite.
void ReadMorphTargets(const Context& ctx, const tinygltf::Primitive& primitive,
                      const std::string& what, MeshPrimitive* out) {
  const std::size_t n = out->positions.size();
  out->morph_targets.resize(primitive.targets.size());
  for (std::size_t t = 0; t < primitive.targets.size(); ++t) {
    const std::string target = what + " morph target " + std::to_string(t);
    for (const char* semantic : {"POSITION", "NORMAL"}) {
      const auto found = primitive.targets[t].find(semantic);
      if (found == primitive.targets[t].end()) continue;
      const AccessorData data =
          ReadAccessor(ctx, found->second, std::string(semantic) + " of " + target,
                       {TINYGLTF_TYPE_VEC3}, kAnyNumeric, IntegerMode::kAsFlagged);
      CheckCount(data, n, semantic, target);
      std::vector<glm::vec3>& offsets = semantic == std::string("POSITION")
                                            ? out->morph_targets[t].positions
                                            : out->morph_targets[t].normals;
      offsets.resize(n);
      for (std::size_t v = 0; v < n; ++v) {
        offsets[v] = glm::vec3(data.At(v, 0), data.At(v, 1), data.At(v, 2));
        if (!std::isfinite(offsets[v].x) || !std::isfinite(offsets[v].y) ||
            !std::isfinite(offsets[v].z)) {
          throw ImportError(target + " " + semantic + " offset " + std::to_string(v) +
                            " is not finite");
        }
      }
    }
  }
}

// Element count of an accessor, or 0 when the index is invalid (the read
// that follows reports that).
std::size_t DeclaredCount(const Context& ctx, int accessor) {
  if (accessor < 0 || static_cast<std::size_t>(accessor) >= ctx.gltf.accessors.size()) return 0;
  return ctx.gltf.accessors[accessor].count;
}

std::vector<glm::vec3> ReadPositions(const AttributeSource& source, const std::string& what) {
  if (!source.Has("POSITION")) throw ImportError(what + " has no POSITION attribute");
  const AccessorData positions =
      source.Read("POSITION", {TINYGLTF_TYPE_VEC3}, kAnyNumeric, IntegerMode::kAsFlagged);
  std::vector<glm::vec3> out(positions.count);
  for (std::size_t v = 0; v < out.size(); ++v) {
    const glm::vec3 p(positions.At(v, 0), positions.At(v, 1), positions.At(v, 2));
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      throw ImportError(what + " POSITION " + std::to_string(v) + " is not finite");
    }
    out[v] = p;
  }
  return out;
}

// Triangle indices: the file's (checked against the vertex count) or
// 0..n-1, as triangles whatever the primitive's mode.
std::vector<std::uint32_t> ReadTriangles(const AttributeSource& source,
                                         const tinygltf::Primitive& primitive, std::size_t n,
                                         const std::string& what) {
  std::vector<std::uint32_t> order;
  if (auto indices = source.Indices()) {
    order = std::move(*indices);
    for (std::uint32_t i : order) {
      if (i >= n) {
        throw ImportError(what + " index " + std::to_string(i) + " is out of range (" +
                          std::to_string(n) + " vertices)");
      }
    }
  } else {
    order.resize(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  }
  // Draco meshes are triangle lists whatever the primitive's mode says.
  return Triangulate(order, source.IsDraco() ? kTriangles : primitive.mode, what);
}

// The file's normals where they are usable, area-weighted ones elsewhere
// (and everywhere when the file has none).
void ReadNormals(Context& ctx, const AttributeSource& source, const std::string& what,
                 MeshPrimitive* out) {
  const std::size_t n = out->positions.size();
  const std::vector<glm::vec3> computed = AreaWeightedNormals(out->positions, out->indices);
  if (!source.Has("NORMAL")) {
    out->normals = computed;
    return;
  }
  const AccessorData normals = source.Read(
      "NORMAL", {TINYGLTF_TYPE_VEC3},
      {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT},
      IntegerMode::kAsFlagged);
  CheckCount(normals, n, "NORMAL", what);
  out->normals.resize(n);
  int replaced = 0;
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec3 normal(normals.At(v, 0), normals.At(v, 1), normals.At(v, 2));
    if (IsUnitFinite(normal)) {
      out->normals[v] = glm::normalize(normal);
    } else {
      out->normals[v] = computed[v];
      ++replaced;
    }
  }
  if (replaced > 0) {
    ctx.Warn(what + ": " + std::to_string(replaced) +
             " zero-length or non-finite normals replaced by computed ones");
  }
}

// The file's TANGENT, when every one is usable: xyz finite and not zero
// (renormalised: the specification asks for unit length) and w +1 or -1.
// One that is not drops them all, with a warning: a frame from the texture
// coordinates is then used, never a mixture of the two.
void ReadTangents(Context& ctx, const AttributeSource& source, const std::string& what,
                  MeshPrimitive* out) {
  if (!source.Has("TANGENT")) return;
  const AccessorData tangents = source.Read(
      "TANGENT", {TINYGLTF_TYPE_VEC4},
      {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT},
      IntegerMode::kAsFlagged);
  const std::size_t n = out->positions.size();
  CheckCount(tangents, n, "TANGENT", what);
  out->tangents.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec3 xyz(tangents.At(v, 0), tangents.At(v, 1), tangents.At(v, 2));
    const double w = tangents.At(v, 3);
    if (!IsUnitFinite(xyz) || !(std::abs(std::abs(w) - 1.0) < 0.01)) {
      out->tangents.clear();
      ctx.Warn(what + ": TANGENT " + std::to_string(v) +
               " is zero, not finite or has a w other than +1 or -1; the normal map's frame "
               "comes from the texture coordinates instead");
      return;
    }
    out->tangents[v] = glm::vec4(glm::normalize(xyz), w < 0.0 ? -1.0f : 1.0f);
  }
}

void ReadTexcoords(const Context& ctx, const AttributeSource& source, const std::string& what,
                   MeshPrimitive* out) {
  if (!source.Has("TEXCOORD_0")) return;
  // KHR_mesh_quantization allows signed and unnormalised integer
  // coordinates (the latter meant for a texture transform): integers are
  // normalised only where the accessor says so. Files without the
  // extension may only use normalised integers; ones that forget the flag
  // keep being read as normalised, as they were meant.
  const auto& used = ctx.gltf.extensionsUsed;
  const bool quantized = std::find(used.begin(), used.end(), "KHR_mesh_quantization") != used.end();
  const AccessorData uv =
      source.Read("TEXCOORD_0", {TINYGLTF_TYPE_VEC2}, kAnyNumeric,
                  quantized ? IntegerMode::kAsFlagged : IntegerMode::kNormalize);
  const std::size_t n = out->positions.size();
  CheckCount(uv, n, "TEXCOORD_0", what);
  out->texcoords.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    out->texcoords[v] = glm::vec2(uv.At(v, 0), uv.At(v, 1));
    if (!std::isfinite(out->texcoords[v].x) || !std::isfinite(out->texcoords[v].y)) {
      throw ImportError(what + " TEXCOORD_0 " + std::to_string(v) + " is not finite");
    }
  }
}

void ReadColors(const AttributeSource& source, const std::string& what, MeshPrimitive* out) {
  if (!source.Has("COLOR_0")) return;
  const AccessorData color = source.Read("COLOR_0", {TINYGLTF_TYPE_VEC3, TINYGLTF_TYPE_VEC4},
                                         kFloatOrNormalized, IntegerMode::kNormalize);
  const std::size_t n = out->positions.size();
  CheckCount(color, n, "COLOR_0", what);
  out->colors.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    glm::vec4 c(1.0f);
    for (int k = 0; k < color.components; ++k) c[k] = static_cast<float>(color.At(v, k));
    if (!std::isfinite(c.r + c.g + c.b + c.a)) {
      throw ImportError(what + " COLOR_0 " + std::to_string(v) + " is not finite");
    }
    out->colors[v] = c;
  }
}

// A rigid primitive: weight 1 to one joint, positions and normals (and
// morph offsets) moved into the joint's bind space (normals by the inverse
// transpose).
void BindRigidly(const Binding& binding, MeshPrimitive* out) {
  const std::size_t n = out->positions.size();
  out->joints.assign(n, glm::u16vec4(static_cast<std::uint16_t>(binding.rigid_joint), 0, 0, 0));
  out->weights.assign(n, glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  const glm::mat4& m = binding.vertex_to_bind;
  const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(m)));
  for (std::size_t v = 0; v < n; ++v) {
    out->positions[v] = glm::vec3(m * glm::vec4(out->positions[v], 1.0f));
    const glm::vec3 normal = normal_matrix * out->normals[v];
    out->normals[v] = IsUnitFinite(normal) ? glm::normalize(normal) : out->normals[v];
  }
  // Tangents turn with the surface (the linear part itself); a mirroring
  // matrix flips the bitangent, so the handedness flips with it.
  const float handedness = glm::determinant(glm::mat3(m)) < 0.0f ? -1.0f : 1.0f;
  for (glm::vec4& t : out->tangents) {
    const glm::vec3 turned = glm::mat3(m) * glm::vec3(t);
    t = glm::vec4(IsUnitFinite(turned) ? glm::normalize(turned) : glm::vec3(t), t.w * handedness);
  }
  // Offsets move with the vertices' linear part (no translation).
  for (MorphTarget& target : out->morph_targets) {
    for (glm::vec3& d : target.positions) d = glm::mat3(m) * d;
    for (glm::vec3& d : target.normals) d = normal_matrix * d;
  }
}

MeshPrimitive ReadPrimitive(Context& ctx, const tinygltf::Primitive& primitive,
                            std::pair<int, int> key, const Binding& binding,
                            const std::string& what) {
  const AttributeSource source(ctx, primitive, key, what);
  MeshPrimitive out;
  out.positions = ReadPositions(source, what);
  out.indices = ReadTriangles(source, primitive, out.positions.size(), what);
  ReadNormals(ctx, source, what, &out);
  ReadTangents(ctx, source, what, &out);
  ReadTexcoords(ctx, source, what, &out);
  ReadColors(source, what, &out);
  ReadMorphTargets(ctx, primitive, what, &out);
  if (binding.joint_of_slot != nullptr) {
    ReadSkinWeights(ctx, source, binding, what, &out);
  } else {
    BindRigidly(binding, &out);
  }
  if (primitive.material >= 0) {
    if (static_cast<std::size_t>(primitive.material) < ctx.gltf.materials.size()) {
      out.material = primitive.material;
    } else {
      ctx.Warn(what + " refers to material " + std::to_string(primitive.material) +
               ", which does not exist; the default material is used");
    }
  }
  return out;
}

// The binding of a mesh node, or nullopt with the reason it is not drawn.
std::optional<Binding> BindingOf(Context& ctx, const NodeTree& tree, const SkeletonMapping& mapping,
                                 const NearestJoint& above, int node, std::string* why_not) {
  const tinygltf::Node& n = ctx.gltf.nodes[node];
  Binding binding;
  if (mapping.synthesised) {
    const int joint = mapping.joint_of_node[node];
    if (joint < 0) {
      *why_not = "not in the shown scene";
      return std::nullopt;
    }
    binding.rigid_joint = joint;
    binding.vertex_to_bind = mapping.bind_of_joint[joint];
    return binding;
  }
  if (n.skin >= 0) {
    binding.joint_of_slot = &mapping.joint_of_skin_slot[n.skin];
    return binding;
  }
  // An unskinned mesh at or below a joint (a prop in a hand, say, or a
  // static mesh, which is a joint of its own) moves rigidly with the nearest
  // joint: vertex -> node -> ... -> joint space, then into the joint's bind
  // space by the inverse of its inverse bind matrix.
  const int at = above.joint_node[node];
  const glm::mat4& node_to_joint = above.node_to_joint[node];
  if (at < 0) {
    *why_not = "not in the shown scene";
    return std::nullopt;
  }
  const int joint = mapping.joint_of_node[at];
  const glm::mat4& ibm = mapping.skeleton.InverseBindMatrices()[joint];
  const float det = glm::determinant(ibm);
  if (!std::isfinite(det) || std::abs(det) < 1e-30f) {
    *why_not =
        "attached to joint \"" + tree.names[at] + "\", whose inverse bind matrix is singular";
    return std::nullopt;
  }
  binding.rigid_joint = joint;
  binding.vertex_to_bind = glm::inverse(ibm) * node_to_joint;
  return binding;
}

// One warning listing every mesh node and primitive that is not drawn, by
// name, with the reason.
void WarnNotDrawn(Context& ctx, const std::vector<std::string>& not_drawn) {
  if (not_drawn.empty()) return;
  std::string list;
  for (const std::string& item : not_drawn) list += (list.empty() ? "" : "; ") + item;
  ctx.Warn("not drawn (" + std::to_string(not_drawn.size()) + "): " + list);
}

// Every primitive of a mesh must have the same number of targets (glTF), so
// that one weights array drives them all.
std::size_t MorphTargetCount(const tinygltf::Mesh& mesh, int mesh_index) {
  const std::size_t count = mesh.primitives.empty() ? 0 : mesh.primitives[0].targets.size();
  for (std::size_t p = 1; p < mesh.primitives.size(); ++p) {
    if (mesh.primitives[p].targets.size() != count) {
      throw ImportError("mesh " + std::to_string(mesh_index) + " primitive " + std::to_string(p) +
                        " has " + std::to_string(mesh.primitives[p].targets.size()) +
                        " morph targets but primitive 0 has " + std::to_string(count) +
                        " (glTF: every primitive of a mesh has the same targets)");
    }
  }
  return count;
}

// The target names a mesh gives in extras.targetNames (the convention
// exporters follow), else "target N".
std::vector<std::string> TargetNames(Context& ctx, const tinygltf::Mesh& mesh, int mesh_index,
                                     std::size_t count) {
  std::vector<std::string> names(count);
  for (std::size_t t = 0; t < count; ++t) names[t] = "target " + std::to_string(t);
  if (!mesh.extras.IsObject() || !mesh.extras.Has("targetNames")) return names;
  const tinygltf::Value& given = mesh.extras.Get("targetNames");
  bool usable = given.IsArray() && given.ArrayLen() == count;
  for (std::size_t t = 0; usable && t < count; ++t)
    usable = given.Get(static_cast<int>(t)).IsString();
  if (!usable) {
    ctx.Warn("mesh " + std::to_string(mesh_index) + " extras.targetNames is not " +
             std::to_string(count) + " strings (one per morph target); the targets are numbered");
    return names;
  }
  for (std::size_t t = 0; t < count; ++t)
    names[t] = given.Get(static_cast<int>(t)).Get<std::string>();
  return names;
}

// The node's weights, else the mesh's, else zeros; the right length or an error.
std::vector<float> DefaultWeights(const tinygltf::Node& node, const tinygltf::Mesh& mesh,
                                  const std::string& node_name, std::size_t count) {
  const std::vector<double>& given = !node.weights.empty() ? node.weights : mesh.weights;
  if (given.empty()) return std::vector<float>(count, 0.0f);
  if (given.size() != count) {
    throw ImportError(std::string(!node.weights.empty() ? "node" : "the mesh of node") + " \"" +
                      node_name + "\" has " + std::to_string(given.size()) +
                      " default weights but " + std::to_string(count) + " morph targets");
  }
  std::vector<float> weights(count);
  for (std::size_t t = 0; t < count; ++t) {
    weights[t] = static_cast<float>(given[t]);
    if (!std::isfinite(weights[t])) {
      throw ImportError("default morph weight " + std::to_string(t) + " of node \"" + node_name +
                        "\" is not finite");
    }
  }
  return weights;
}

bool IsTriangles(int mode) {
  return mode == kTriangles || mode == kTriangleStrip || mode == kTriangleFan;
}

// The mesh nodes that are imported, each with how its vertices bind to the
// skeleton; the others are listed in `not_drawn` with the reason.
std::vector<std::pair<int, Binding>> BoundMeshNodes(Context& ctx, const NodeTree& tree,
                                                    const SkeletonMapping& mapping,
                                                    std::vector<std::string>* not_drawn) {
  const NearestJoint above(tree, mapping);
  std::vector<std::pair<int, Binding>> bound;
  for (int node = 0; node < tree.NodeCount(); ++node) {
    const tinygltf::Node& n = ctx.gltf.nodes[node];
    if (n.mesh < 0) continue;
    CheckIndex(n.mesh, ctx.gltf.meshes.size(), "node " + std::to_string(node) + " mesh");
    if (n.skin >= 0)
      CheckIndex(n.skin, ctx.gltf.skins.size(), "node " + std::to_string(node) + " skin");
    std::string why_not;
    if (std::optional<Binding> binding = BindingOf(ctx, tree, mapping, above, node, &why_not)) {
      bound.emplace_back(node, *binding);
    } else {
      not_drawn->push_back("mesh node \"" + tree.names[node] + "\" (" + why_not + ")");
    }
  }
  return bound;
}

// What the import of the bound nodes' triangle primitives will hold.
struct ImportSize {
  std::size_t vertices = 0, corners = 0, primitives = 0, morph_offsets = 0;
};

// The whole import's size from the declared counts, before anything is
// read: one accessor may be drawn by many primitives and one mesh by many
// nodes, so a file of a megabyte can ask for gigabytes of copies, and
// failing after building most of them would not be "fast". Throws past the
// import limits.
ImportSize MeasureImport(const Context& ctx, const std::vector<std::pair<int, Binding>>& bound) {
  ImportSize size;
  auto& [vertices, corners, primitives, morph_offsets] = size;
  for (const auto& [node, binding] : bound) {
    for (const tinygltf::Primitive& primitive :
         ctx.gltf.meshes[ctx.gltf.nodes[node].mesh].primitives) {
      if (!IsTriangles(primitive.mode)) continue;
      ++primitives;
      const auto position = primitive.attributes.find("POSITION");
      const std::size_t n =
          position == primitive.attributes.end() ? 0 : DeclaredCount(ctx, position->second);
      // Strips and fans become up to three corners per vertex.
      const std::size_t order = primitive.indices >= 0 ? DeclaredCount(ctx, primitive.indices) : n;
      const std::size_t limit = std::numeric_limits<std::size_t>::max() / 4;
      vertices += std::min(n, limit);
      corners += 3 * std::min(order, limit);
      morph_offsets += std::min(n, limit) * std::min(primitive.targets.size(), limit / 4);
      if (morph_offsets > kMaxTotalVertices * 16) {
        throw ImportError("the meshes' morph targets would import as more than " +
                          std::to_string(kMaxTotalVertices * 16) +
                          " vertex offsets (the import limit; counted up to node " +
                          std::to_string(node) + ", mesh " +
                          std::to_string(ctx.gltf.nodes[node].mesh) + ", which has " +
                          std::to_string(primitive.targets.size()) + " targets)");
      }
      if (vertices > kMaxTotalVertices || corners > kMaxTotalIndices) {
        throw ImportError("the meshes would import as more than " +
                          std::to_string(vertices > kMaxTotalVertices ? kMaxTotalVertices
                                                                      : kMaxTotalIndices / 3) +
                          (vertices > kMaxTotalVertices ? " vertices" : " triangles") +
                          " (the import limit; counted up to node " + std::to_string(node) +
                          ", mesh " + std::to_string(ctx.gltf.nodes[node].mesh) +
                          "; is a mesh or accessor repeated many times?)");
      }
    }
  }
  return size;
}

// The same counts against the load's memory. The pre-scan counted each
// declared primitive once; a mesh drawn by several nodes is imported (and
// drawn) once per node, so the extra copies count here.
void KeepImportBudget(Context& ctx, const ImportSize& size) {
  const auto& [vertices, corners, primitives, morph_offsets] = size;
  std::size_t declared = 0;
  for (const tinygltf::Mesh& mesh : ctx.gltf.meshes) declared += mesh.primitives.size();
  if (primitives > declared) {
    ctx.budget.Keep(primitives - declared, kPrimitiveBytes,
                    "the meshes' " + std::to_string(primitives) + " primitives (meshes drawn by " +
                        "several nodes)");
  }
  ctx.budget.Keep(vertices, kVertexBytes, "the meshes' " + std::to_string(vertices) + " vertices");
  ctx.budget.Keep(corners, sizeof(std::uint32_t),
                  "the meshes' " + std::to_string(corners / 3) + " triangles");
  // Positions and normals, 12 bytes each.
  ctx.budget.Keep(morph_offsets, 2 * sizeof(glm::vec3),
                  "the meshes' " + std::to_string(morph_offsets) + " morph target offsets");
}

}  // namespace

std::vector<MeshPrimitive> ImportMeshes(Context& ctx, const NodeTree& tree,
                                        const SkeletonMapping& mapping,
                                        std::vector<MorphChannel>* morph_channels,
                                        std::vector<int>* morph_channel_of_node) {
  // The skeleton builders refuse more; this guards the u16 casts below.
  if (static_cast<std::size_t>(mapping.skeleton.JointCount()) > kMaxJoints) {
    throw ImportError("the skeleton has " + std::to_string(mapping.skeleton.JointCount()) +
                      " joints; 16-bit joint indices hold at most " + std::to_string(kMaxJoints));
  }
  std::vector<std::string> not_drawn;
  const std::vector<std::pair<int, Binding>> bound = BoundMeshNodes(ctx, tree, mapping, &not_drawn);
  const ImportSize size = MeasureImport(ctx, bound);
  KeepImportBudget(ctx, size);
  std::vector<MeshPrimitive> out;
  out.reserve(size.primitives);
  morph_channel_of_node->assign(tree.NodeCount(), -1);
  int weights = 0;
  for (const auto& [node, binding] : bound) {
    const tinygltf::Node& n = ctx.gltf.nodes[node];
    const tinygltf::Mesh& mesh = ctx.gltf.meshes[n.mesh];
    int channel = -1;
    if (const std::size_t targets = MorphTargetCount(mesh, n.mesh); targets > 0) {
      channel = static_cast<int>(morph_channels->size());
      (*morph_channel_of_node)[node] = channel;
      morph_channels->push_back({tree.names[node], TargetNames(ctx, mesh, n.mesh, targets),
                                 DefaultWeights(n, mesh, tree.names[node], targets), weights});
      weights += static_cast<int>(targets);
    }
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      const tinygltf::Primitive& primitive = mesh.primitives[p];
      const std::string what = "mesh " + std::to_string(n.mesh) + " primitive " + std::to_string(p);
      if (!IsTriangles(primitive.mode)) {
        not_drawn.push_back("mesh node \"" + tree.names[node] + "\" primitive " +
                            std::to_string(p) + " (mode " + std::to_string(primitive.mode) +
                            ": points or lines; only triangles are drawn)");
        continue;
      }
      out.push_back(ReadPrimitive(ctx, primitive, {n.mesh, static_cast<int>(p)}, binding, what));
      out.back().source_mesh = n.mesh;
      out.back().source_primitive = static_cast<int>(p);
      out.back().node_name = tree.names[node];
      out.back().source_node = node;
      out.back().morph_channel = channel;
    }
  }
  WarnNotDrawn(ctx, not_drawn);
  return out;
}

}  // namespace anim::gltf
