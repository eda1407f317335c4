#include "import/gltf_animation.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "import/gltf_accessor.h"
#include "import/gltf_animation_extras.h"
#include "import/gltf_item_costs.h"
#include "import/gltf_limits.h"
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
std::vector<ScalarTrack> ReadWeightTracks(const Context& ctx,
                                          const tinygltf::AnimationSampler& sampler,
                                          Interpolation interpolation, std::size_t targets,
                                          const std::string& what) {
  std::vector<float> times = ReadTimes(ctx, sampler.input, what);
  const AccessorData data =
      ReadAccessor(ctx, sampler.output, what + " output", {TINYGLTF_TYPE_SCALAR},
                   {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_BYTE,
                    TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_SHORT,
                    TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                   IntegerMode::kNormalize);
  const std::size_t per_key = interpolation == Interpolation::kCubicSpline ? 3 : 1;
  const std::size_t keys = times.size();
  if (data.count / per_key / targets != keys || data.count % (per_key * targets) != 0) {
    throw ImportError(what + " has " + std::to_string(keys) + " keyframe times and " +
                      std::to_string(data.count) + " output values, but the node's mesh has " +
                      std::to_string(targets) + " morph targets: expected " +
                      std::to_string(keys * targets * per_key) + " (" +
                      (per_key == 3 ? "in-tangent, value and out-tangent of " : "") +
                      "one weight per target per key)");
  }
  for (double v : data.values) {
    if (!std::isfinite(v)) throw ImportError(what + " has a non-finite output value");
  }
  // The keys were counted once per channel; weights hold one per target.
  ctx.budget.Keep(data.count, sizeof(float) * 2, "the morph weight keys of " + what);
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
    for (std::size_t c = 0; c < animations[a].channels.size(); ++c) {
      const tinygltf::AnimationChannel& channel = animations[a].channels[c];
      const int s = channel.sampler;
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

// The tracks of one animation, by joint and by morph channel, each map
// ordered so clips list them in skeleton order.
struct AnimationTracks {
  std::map<int, JointTracks> by_joint;
  std::map<int, MorphWeightTracks> by_channel;
};

// One channel's keys into `out`: a joint's translation, rotation or scale,
// or a morph channel's weights; channels aimed outside the skeleton or at
// nodes without morph targets are ignored with a warning.
void ReadChannel(Context& ctx, const SkeletonMapping& mapping,
                 const std::vector<MorphChannel>& morph_channels,
                 const std::vector<int>& morph_channel_of_node,
                 const tinygltf::Animation& animation, const tinygltf::AnimationChannel& channel,
                 const std::string& animation_name, const std::string& what, AnimationTracks* out) {
  CheckIndex(channel.sampler, animation.samplers.size(), what + " sampler");
  if (channel.target_node < 0) return;  // no target: ignored by the spec
  CheckIndex(channel.target_node, ctx.gltf.nodes.size(), what + " target node");
  const tinygltf::AnimationSampler& sampler = animation.samplers[channel.sampler];
  if (channel.target_path == "weights") {
    const int morph = morph_channel_of_node[channel.target_node];
    if (morph < 0) {
      WarnIgnored(ctx, "morph weight channels of nodes that draw no mesh with morph targets",
                  channel.target_node, animation_name);
      return;
    }
    MorphWeightTracks& tracks = out->by_channel[morph];
    tracks.first_weight = morph_channels[morph].first_weight;
    tracks.targets = ReadWeightTracks(ctx, sampler, ParseInterpolation(sampler.interpolation, what),
                                      morph_channels[morph].target_names.size(), what);
    return;
  }
  const int joint = mapping.joint_of_node[channel.target_node];
  if (joint < 0) {
    WarnIgnored(ctx, "animation channels targeting nodes outside the skeleton", channel.target_node,
                animation_name);
    return;
  }
  const Interpolation interpolation = ParseInterpolation(sampler.interpolation, what);
  JointTracks& tracks = out->by_joint[joint];
  tracks.joint = joint;
  if (channel.target_path == "translation") {
    tracks.translation = ReadVectorTrack(ctx, sampler, interpolation, what);
  } else if (channel.target_path == "scale") {
    tracks.scale = ReadVectorTrack(ctx, sampler, interpolation, what);
  } else if (channel.target_path == "rotation") {
    tracks.rotation = ReadRotationTrack(ctx, sampler, interpolation, what);
  } else {
    throw ImportError(what + " has unknown target path \"" + channel.target_path + "\"");
  }
}

}  // namespace

std::vector<Clip> ImportClips(Context& ctx, const SkeletonMapping& mapping,
                              const std::vector<MorphChannel>& morph_channels,
                              const std::vector<int>& morph_channel_of_node) {
  KeepKeyBudget(ctx);
  const auto& animations = ctx.gltf.animations;
  std::vector<Clip> clips;
  clips.reserve(animations.size());
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const tinygltf::Animation& animation = animations[a];
    const std::string animation_name = "animation " + std::to_string(a);
    AnimationTracks read;
    for (std::size_t c = 0; c < animation.channels.size(); ++c) {
      ReadChannel(ctx, mapping, morph_channels, morph_channel_of_node, animation,
                  animation.channels[c], animation_name,
                  animation_name + " channel " + std::to_string(c), &read);
    }
    std::vector<JointTracks> tracks;
    tracks.reserve(read.by_joint.size());
    for (auto& [joint, joint_tracks] : read.by_joint) tracks.push_back(std::move(joint_tracks));
    clips.emplace_back(animation.name.empty() ? "clip " + std::to_string(a) : animation.name,
                       std::move(tracks));
    std::vector<MorphWeightTracks> weights;
    for (auto& [morph, morph_tracks] : read.by_channel) weights.push_back(std::move(morph_tracks));
    clips.back().SetMorphWeights(std::move(weights));
    ReadAnimationExtras(ctx, animation, static_cast<int>(a), clips.back());
  }
  return clips;
}

}  // namespace anim::gltf
