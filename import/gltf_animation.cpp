#include "import/gltf_animation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "import/gltf_accessor.h"
#include "import/gltf_animation_extras.h"
#include "import/gltf_item_costs.h"
#include "import/gltf_limits.h"
#include "import/gltf_pointer.h"
#include "import/gltf_rotation.h"

namespace anim::gltf {

namespace {

Interpolation ParseInterpolation(const std::string& name, const std::string& what) {
  if (name.empty() || name == "LINEAR") return Interpolation::kLinear;
  if (name == "STEP") return Interpolation::kStep;
  if (name == "CUBICSPLINE") return Interpolation::kCubicSpline;
  throw ImportError(what + " has unknown interpolation \"" + name + "\"");
}

std::vector<float> ReadTimes(const Context& ctx, int accessor, const std::string& what) {
  const AccessorData data = ReadAccessor(ctx, accessor, what + " input", {TINYGLTF_TYPE_SCALAR},
                                         {TINYGLTF_COMPONENT_TYPE_FLOAT}, IntegerMode::kRaw);
  if (data.count == 0) throw ImportError(what + " has no keyframes");
  std::vector<float> times(data.count);
  for (std::size_t k = 0; k < data.count; ++k) {
    times[k] = static_cast<float>(data.values[k]);
    if (!std::isfinite(times[k])) {
      throw ImportError(what + " keyframe time " + std::to_string(k) + " is not finite");
    }
    if (k > 0 && !(times[k] > times[k - 1])) {
      throw ImportError(what + " keyframe times are not increasing (time " + std::to_string(k) +
                        " = " + std::to_string(times[k]) + " after " +
                        std::to_string(times[k - 1]) + ")");
    }
  }
  return times;
}

// Output values, checked to be `keys` (or 3 * keys for CUBICSPLINE) long and finite.
AccessorData ReadOutput(const Context& ctx, int accessor, const std::string& what,
                        std::initializer_list<int> component_types, int type, std::size_t keys,
                        Interpolation interpolation) {
  AccessorData data = ReadAccessor(ctx, accessor, what + " output", {type}, component_types,
                                   IntegerMode::kNormalize);
  const std::size_t expected = interpolation == Interpolation::kCubicSpline ? 3 * keys : keys;
  if (data.count != expected) {
    throw ImportError(what + " has " + std::to_string(keys) + " keyframe times but " +
                      std::to_string(data.count) + " output values; " +
                      (interpolation == Interpolation::kCubicSpline
                           ? "CUBICSPLINE needs 3 per key (in-tangent, value, out-tangent)"
                           : "expected one per key"));
  }
  for (double v : data.values) {
    if (!std::isfinite(v)) throw ImportError(what + " has a non-finite output value");
  }
  return data;
}

VectorTrack ReadVectorTrack(const Context& ctx, const tinygltf::AnimationSampler& sampler,
                            Interpolation interpolation, const std::string& what) {
  std::vector<float> times = ReadTimes(ctx, sampler.input, what);
  const AccessorData data = ReadOutput(ctx, sampler.output, what, {TINYGLTF_COMPONENT_TYPE_FLOAT},
                                       TINYGLTF_TYPE_VEC3, times.size(), interpolation);
  std::vector<glm::vec3> values(data.count);
  for (std::size_t i = 0; i < data.count; ++i) {
    values[i] = glm::vec3(data.At(i, 0), data.At(i, 1), data.At(i, 2));
  }
  return VectorTrack(interpolation, std::move(times), std::move(values));
}

QuaternionTrack ReadRotationTrack(const Context& ctx, const tinygltf::AnimationSampler& sampler,
                                  Interpolation interpolation, const std::string& what) {
  std::vector<float> times = ReadTimes(ctx, sampler.input, what);
  // Rotations may be stored as normalised integers (glTF 2.0 allows it).
  const AccessorData data =
      ReadOutput(ctx, sampler.output, what,
                 {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE,
                  TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT,
                  TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                 TINYGLTF_TYPE_VEC4, times.size(), interpolation);
  std::vector<glm::quat> values(data.count);
  for (std::size_t i = 0; i < data.count; ++i) {
    const bool is_value = interpolation != Interpolation::kCubicSpline || i % 3 == 1;
    glm::quat q;
    if (is_value) {
      // Key values must be rotations; tangents are derivatives and may be zero.
      if (!UnitQuaternion(data.At(i, 0), data.At(i, 1), data.At(i, 2), data.At(i, 3), &q)) {
        throw ImportError(what + " rotation key " +
                          std::to_string(interpolation == Interpolation::kCubicSpline ? i / 3 : i) +
                          " is a zero-length or non-finite quaternion");
      }
    } else {
      // glTF (x, y, z, w) into glm's (w, x, y, z) constructor.
      q = glm::quat(static_cast<float>(data.At(i, 3)), static_cast<float>(data.At(i, 0)),
                    static_cast<float>(data.At(i, 1)), static_cast<float>(data.At(i, 2)));
    }
    values[i] = q;
  }
  return QuaternionTrack(interpolation, std::move(times), std::move(values));
}

// A "weights" channel: `targets` interleaved values per key (three groups
// of them per key for CUBICSPLINE: in-tangents, values, out-tangents), one
// ScalarTrack per target.
// What a channel of floats animates: `targets` morph weights (a SCALAR
// accessor holding `targets` values per key) or one material value of
// `targets` components (one element of that size per key). Either way the
// values lie key after key, component after component.
struct FloatChannel {
  std::size_t targets;
  int type;  // the accessor type the output must have
  bool morph;
  // Integers normalised (weights, colours), or as the accessor says (a
  // boolean's 0 and 1 as themselves).
  IntegerMode integers = IntegerMode::kNormalize;
};

std::vector<ScalarTrack> ReadFloatTracks(const Context& ctx,
                                         const tinygltf::AnimationSampler& sampler,
                                         Interpolation interpolation, FloatChannel channel,
                                         const std::string& what) {
  const std::size_t targets = channel.targets;
  std::vector<float> times = ReadTimes(ctx, sampler.input, what);
  const AccessorData data =
      ReadAccessor(ctx, sampler.output, what + " output", {channel.type},
                   {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE,
                    TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT,
                    TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                   channel.integers);
  const std::size_t per_key = interpolation == Interpolation::kCubicSpline ? 3 : 1;
  const std::size_t keys = times.size();
  const std::size_t floats = data.values.size();
  if (floats / per_key / targets != keys || floats % (per_key * targets) != 0) {
    throw ImportError(
        what + " has " + std::to_string(keys) + " keyframe times and " + std::to_string(floats) +
        " output values, but " +
        (channel.morph ? "the node's mesh has " + std::to_string(targets) + " morph targets"
                       : "the value it animates has " + std::to_string(targets) + " components") +
        ": expected " + std::to_string(keys * targets * per_key) + " (" +
        (per_key == 3 ? "in-tangent, value and out-tangent of " : "") +
        (channel.morph ? "one weight per target per key)" : "one value per key)"));
  }
  for (double v : data.values) {
    if (!std::isfinite(v)) throw ImportError(what + " has a non-finite output value");
  }
  // The keys were counted once per channel; weights hold one per target.
  ctx.budget.Keep(floats, sizeof(float) * 2, "the animated float keys of " + what);
  std::vector<ScalarTrack> tracks;
  tracks.reserve(targets);
  std::vector<float> values(keys * per_key);
  for (std::size_t t = 0; t < targets; ++t) {
    for (std::size_t k = 0; k < keys; ++k) {
      for (std::size_t part = 0; part < per_key; ++part) {
        values[k * per_key + part] =
            static_cast<float>(data.values[(k * per_key + part) * targets + t]);
      }
    }
    tracks.emplace_back(interpolation, times, values);
  }
  return tracks;
}

// One warning per file and kind of ignored channel, naming the first.
void WarnIgnored(Context& ctx, const std::string& channels, int node,
                 const std::string& animation_name) {
  ctx.WarnOnce(channels, channels + " are ignored (first: node " + std::to_string(node) + " in " +
                             animation_name + ")");
}

// Many channels may share one sampler, so the keys held after import are
// bounded by this count, made before any track is read, not by the file's
// size; then kept against the load's memory (clips and channels were
// counted by the JSON pre-scan). Channels the import skips or refuses do
// not matter here.
void KeepKeyBudget(Context& ctx) {
  const auto& animations = ctx.gltf.animations;
  std::size_t keys = 0;
  for (std::size_t a = 0; a < animations.size(); ++a) {
    // Every channel's sampler: tinygltf's, then the pointer channels'.
    std::vector<int> samplers;
    for (const tinygltf::AnimationChannel& channel : animations[a].channels) {
      samplers.push_back(channel.sampler);
    }
    if (a < ctx.pointer_channels.size()) {
      for (const PointerChannel& channel : ctx.pointer_channels[a]) {
        samplers.push_back(channel.sampler);
      }
    }
    for (std::size_t c = 0; c < samplers.size(); ++c) {
      const int s = samplers[c];
      if (s < 0 || static_cast<std::size_t>(s) >= animations[a].samplers.size()) continue;
      const int input = animations[a].samplers[s].input;
      if (input < 0 || static_cast<std::size_t>(input) >= ctx.gltf.accessors.size()) continue;
      keys += std::min<std::size_t>(ctx.gltf.accessors[input].count, kMaxTotalKeys + 1);
      if (keys > kMaxTotalKeys) {
        throw ImportError("the animations hold more than " + std::to_string(kMaxTotalKeys) +
                          " keyframes in all (the import limit; counted up to animation " +
                          std::to_string(a) + " channel " + std::to_string(c) +
                          "; do many channels share one sampler?)");
      }
    }
  }
  ctx.budget.Keep(keys, kKeyBytes, "the animations' " + std::to_string(keys) + " keyframes");
}

// The tracks of one animation, by joint and by morph channel (then by
// animated material value, keyed after every morph channel), each map
// ordered so clips list them in skeleton order.
struct AnimationTracks {
  std::map<int, JointTracks> by_joint;
  std::map<int, MorphWeightTracks> by_channel;
};
constexpr int kFirstMaterialValueKey = 1 << 24;  // above any morph channel index
constexpr int kFirstCameraValueKey = 2 << 24;    // above any material value's key
constexpr int kFirstVisibilityKey = 3 << 24;     // above any camera value's key

// What channels can animate.
struct ChannelTargets {
  const SkeletonMapping& mapping;
  const std::vector<MorphChannel>& morph_channels;
  const std::vector<int>& morph_channel_of_node;
  const std::vector<AnimatedMaterialValue>& material_values;
  const std::vector<AnimatedCameraValue>& camera_values;
  const std::vector<NodeVisibility>& node_visibility;
};

// One animation's channel: its sampler, and where it comes from for messages.
struct ChannelSource {
  const tinygltf::Animation& animation;
  int sampler;
  const std::string& animation_name;
  const std::string& what;
};

int AccessorTypeOf(int components) {
  switch (components) {
    case 2: return TINYGLTF_TYPE_VEC2;
    case 3: return TINYGLTF_TYPE_VEC3;
    case 4: return TINYGLTF_TYPE_VEC4;
    default: return TINYGLTF_TYPE_SCALAR;
  }
}

// A node's channel (`node`, `path`: the channel's own target or what its
// pointer names) into `out`: a joint's translation, rotation or scale, or a
// morph channel's weights; channels aimed outside the skeleton or at nodes
// without morph targets are ignored with a warning.
void ReadNodeChannel(Context& ctx, const ChannelTargets& targets, const ChannelSource& source,
                     int node, const std::string& path, AnimationTracks* out) {
  const std::string& what = source.what;
  CheckIndex(node, ctx.gltf.nodes.size(), what + " target node");
  const tinygltf::AnimationSampler& sampler = source.animation.samplers[source.sampler];
  if (path == "weights") {
    const int morph = targets.morph_channel_of_node[node];
    if (morph < 0) {
      WarnIgnored(ctx, "morph weight channels of nodes that draw no mesh with morph targets", node,
                  source.animation_name);
      return;
    }
    MorphWeightTracks& tracks = out->by_channel[morph];
    tracks.first_weight = targets.morph_channels[morph].first_weight;
    tracks.targets = ReadFloatTracks(
        ctx, sampler, ParseInterpolation(sampler.interpolation, what),
        {targets.morph_channels[morph].target_names.size(), TINYGLTF_TYPE_SCALAR, true}, what);
    return;
  }
  const int joint = targets.mapping.joint_of_node[node];
  if (joint < 0) {
    WarnIgnored(ctx, "animation channels targeting nodes outside the skeleton", node,
                source.animation_name);
    return;
  }
  const Interpolation interpolation = ParseInterpolation(sampler.interpolation, what);
  JointTracks& tracks = out->by_joint[joint];
  tracks.joint = joint;
  if (path == "translation") {
    tracks.translation = ReadVectorTrack(ctx, sampler, interpolation, what);
  } else if (path == "scale") {
    tracks.scale = ReadVectorTrack(ctx, sampler, interpolation, what);
  } else if (path == "rotation") {
    tracks.rotation = ReadRotationTrack(ctx, sampler, interpolation, what);
  } else {
    throw ImportError(what + " has unknown target path \"" + path + "\"");
  }
}

// A KHR_animation_pointer channel's keys into `out`: it plays when its
// pointer names a node's transform or weights, or a material value
// (CollectAnimatedMaterialValues); any other pointer goes into `unplayed`.
void ReadPointerChannel(Context& ctx, const ChannelTargets& targets, const ChannelSource& source,
                        const std::string& pointer, AnimationTracks* out,
                        std::set<std::string>* unplayed) {
  CheckIndex(source.sampler, source.animation.samplers.size(), source.what + " sampler");
  const PointerTarget target = ParsePointer(pointer);
  if (target.kind == PointerTarget::Kind::kNode &&
      static_cast<std::size_t>(target.index) < ctx.gltf.nodes.size()) {
    ReadNodeChannel(ctx, targets, source, target.index, target.path, out);
    return;
  }
  // The animated floats the pointer names: `components` from `first_value`.
  const auto read_floats = [&](int key, int first_value, int components,
                               IntegerMode integers = IntegerMode::kNormalize) {
    const tinygltf::AnimationSampler& sampler = source.animation.samplers[source.sampler];
    MorphWeightTracks& tracks = out->by_channel[key];
    tracks.first_weight = first_value;
    tracks.targets = ReadFloatTracks(
        ctx, sampler, ParseInterpolation(sampler.interpolation, source.what),
        {static_cast<std::size_t>(components), AccessorTypeOf(components), false, integers},
        source.what);
  };
  for (std::size_t v = 0; v < targets.material_values.size(); ++v) {
    const AnimatedMaterialValue& value = targets.material_values[v];
    if (target.kind != PointerTarget::Kind::kMaterial || value.material != target.index ||
        value.property != target.property || value.texture != target.texture) {
      continue;
    }
    read_floats(kFirstMaterialValueKey + static_cast<int>(v), value.first_value,
                ComponentsOf(value.property));
    return;
  }
  for (std::size_t v = 0; v < targets.camera_values.size(); ++v) {
    const AnimatedCameraValue& value = targets.camera_values[v];
    if (target.kind != PointerTarget::Kind::kCamera || value.camera != target.index ||
        value.property != target.camera_property) {
      continue;
    }
    read_floats(kFirstCameraValueKey + static_cast<int>(v), value.first_value, 1);
    return;
  }
  for (std::size_t v = 0; v < targets.node_visibility.size(); ++v) {
    const NodeVisibility& node = targets.node_visibility[v];
    if (target.kind != PointerTarget::Kind::kNodeVisibility || node.node != target.index) continue;
    // glTF writes a boolean as an unsigned byte, 0 or 1 (or as a float).
    read_floats(kFirstVisibilityKey + static_cast<int>(v), node.value, 1, IntegerMode::kAsFlagged);
    return;
  }
  unplayed->insert(pointer.empty() ? "(a pointer channel without a pointer)" : pointer);
}

// The tracks of animation `a`: its channels as tinygltf read them (which
// never include pointer channels), then its pointer channels.
AnimationTracks ReadAnimation(Context& ctx, const ChannelTargets& targets, std::size_t a,
                              std::set<std::string>* unplayed) {
  const tinygltf::Animation& animation = ctx.gltf.animations[a];
  const std::string animation_name = "animation " + std::to_string(a);
  AnimationTracks read;
  for (std::size_t c = 0; c < animation.channels.size(); ++c) {
    const tinygltf::AnimationChannel& channel = animation.channels[c];
    const std::string what = animation_name + " channel " + std::to_string(c);
    CheckIndex(channel.sampler, animation.samplers.size(), what + " sampler");
    // No target node: ignored by the specification. A pointer channel that
    // also names a node is read below with the others.
    if (channel.target_node < 0 || channel.target_path == "pointer") continue;
    ReadNodeChannel(ctx, targets, {animation, channel.sampler, animation_name, what},
                    channel.target_node, channel.target_path, &read);
  }
  if (a < ctx.pointer_channels.size()) {
    const std::vector<PointerChannel>& pointers = ctx.pointer_channels[a];
    for (std::size_t c = 0; c < pointers.size(); ++c) {
      const std::string what = animation_name + " pointer channel " + std::to_string(c);
      ReadPointerChannel(ctx, targets, {animation, pointers[c].sampler, animation_name, what},
                         pointers[c].pointer, &read, unplayed);
    }
  }
  return read;
}

// The file's own value of a camera's projection property (the importer
// checks the camera itself when it reads the scene's cameras).
float CameraValueInFile(const tinygltf::Camera& camera, CameraProperty property) {
  switch (property) {
    case CameraProperty::kYfov: return static_cast<float>(camera.perspective.yfov);
    case CameraProperty::kAspectRatio: return static_cast<float>(camera.perspective.aspectRatio);
    case CameraProperty::kXmag: return static_cast<float>(camera.orthographic.xmag);
    case CameraProperty::kYmag: return static_cast<float>(camera.orthographic.ymag);
    case CameraProperty::kZnear:
      return static_cast<float>(camera.type == "orthographic" ? camera.orthographic.znear
                                                              : camera.perspective.znear);
    case CameraProperty::kZfar:
      return static_cast<float>(camera.type == "orthographic" ? camera.orthographic.zfar
                                                              : camera.perspective.zfar);
  }
  return 0.0f;
}

}  // namespace

std::vector<AnimatedMaterialValue> CollectAnimatedMaterialValues(const Context& ctx,
                                                                 int first_value) {
  std::vector<AnimatedMaterialValue> values;
  ForEachPointerAt(
      ctx.pointer_channels, PointerTarget::Kind::kMaterial, ctx.gltf.materials.size(),
      [&](const std::string& pointer, const PointerTarget& target) {
        for (const AnimatedMaterialValue& v : values) {
          if (v.material == target.index && v.property == target.property &&
              v.texture == target.texture) {
            return;
          }
        }
        values.push_back({pointer, target.index, target.property, target.texture, first_value});
        first_value += ComponentsOf(target.property);
      });
  return values;
}

std::vector<AnimatedCameraValue> CollectAnimatedCameraValues(const Context& ctx, int first_value) {
  std::vector<AnimatedCameraValue> values;
  ForEachPointerAt(ctx.pointer_channels, PointerTarget::Kind::kCamera, ctx.gltf.cameras.size(),
                   [&](const std::string& pointer, const PointerTarget& target) {
                     for (const AnimatedCameraValue& v : values) {
                       if (v.camera == target.index && v.property == target.camera_property) {
                         return;
                       }
                     }
                     values.push_back({pointer, target.index, target.camera_property, first_value++,
                                       CameraValueInFile(ctx.gltf.cameras[target.index],
                                                         target.camera_property)});
                   });
  return values;
}

std::vector<Clip> ImportClips(Context& ctx, const SkeletonMapping& mapping,
                              const std::vector<MorphChannel>& morph_channels,
                              const std::vector<int>& morph_channel_of_node,
                              const std::vector<AnimatedMaterialValue>& material_values,
                              const std::vector<AnimatedCameraValue>& camera_values,
                              const std::vector<NodeVisibility>& node_visibility,
                              std::vector<std::optional<ClipRole>>* file_roles) {
  KeepKeyBudget(ctx);
  const ChannelTargets targets{mapping,         morph_channels, morph_channel_of_node,
                               material_values, camera_values,  node_visibility};
  std::set<std::string> unplayed;
  const auto& animations = ctx.gltf.animations;
  std::vector<Clip> clips;
  clips.reserve(animations.size());
  file_roles->assign(animations.size(), std::nullopt);
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const tinygltf::Animation& animation = animations[a];
    AnimationTracks read = ReadAnimation(ctx, targets, a, &unplayed);
    std::vector<JointTracks> tracks;
    tracks.reserve(read.by_joint.size());
    for (auto& [joint, joint_tracks] : read.by_joint) tracks.push_back(std::move(joint_tracks));
    clips.emplace_back(animation.name.empty() ? "clip " + std::to_string(a) : animation.name,
                       std::move(tracks));
    std::vector<MorphWeightTracks> weights;
    for (auto& [morph, morph_tracks] : read.by_channel) weights.push_back(std::move(morph_tracks));
    clips.back().SetMorphWeights(std::move(weights));
    clips.back().StartTimelineAt(0.0f);  // the file's timeline (glTF times are >= 0)
    ReadAnimationExtras(ctx, animation, static_cast<int>(a), clips.back(), &(*file_roles)[a]);
  }
  if (!unplayed.empty()) {
    std::string list;
    for (const std::string& pointer : unplayed) list += (list.empty() ? "" : ", ") + pointer;
    ctx.Warn("KHR_animation_pointer: " + std::to_string(unplayed.size()) +
             (unplayed.size() == 1 ? " pointer is" : " pointers are") + " not played: " + list);
  }
  return clips;
}

}  // namespace anim::gltf
