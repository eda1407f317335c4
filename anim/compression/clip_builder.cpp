#include "anim/compression/clip_builder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "anim/compression/key_reduction.h"

namespace anim {

namespace {

constexpr int kMaxBits = 24;
// A rotation track drops one component for all its keys when that
// component's magnitude stays at least this large at every key (the
// dropped value's error grows as 1 / its size); otherwise each key drops
// its own largest, costing two bits per key.
constexpr float kFixedLargestMin = 0.35f;

// One channel of the source clip as LINEAR keys (see ToLinearKeys).
struct SourceChannel {
  int joint = 0;
  CompressedChannel channel = CompressedChannel::kTranslation;
  std::vector<float> times;
  std::vector<glm::vec3> vectors;    // translation and scale
  std::vector<glm::quat> rotations;  // rotation (unit)
};

glm::quat Normalized(const glm::quat& q) {
  const float len = glm::length(q);
  return len > 0.0f ? q / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}
glm::vec3 Normalized(const glm::vec3& v) { return v; }

// A CUBICSPLINE piece [t0, t1] as LINEAR keys (t0's is already out, t1's
// is not): halved until the chord's midpoint is within kCurvePrecision of
// the curve, so the reduction that follows starts from the curve itself.
constexpr float kCurvePrecision = 1e-6f;
constexpr int kCurveMaxDepth = 12;

template <typename T>
void SubdivideCurve(const Track<T>& track, float t0, float t1, const T& v0, const T& v1, int depth,
                    std::vector<float>& times, std::vector<T>& values) {
  const float tm = 0.5f * (t0 + t1);
  if (depth >= kCurveMaxDepth || !(tm > t0) || !(tm < t1)) return;
  const T vm = track.Sample(tm);
  if (ValueDistance(InterpolateKeys(v0, v1, 0.5f), vm) <= kCurvePrecision) return;
  SubdivideCurve(track, t0, tm, v0, vm, depth + 1, times, values);
  times.push_back(tm);
  values.push_back(vm);
  SubdivideCurve(track, tm, t1, vm, v1, depth + 1, times, values);
}

// Any track as LINEAR keys with the same values at every time: LINEAR as it
// is; STEP as pairs of keys at one time where the value changes (the jump
// stays exact); CUBICSPLINE sampled `cubic_samples` times per key interval
// and more where the curve bends (SubdivideCurve).
template <typename T>
void ToLinearKeys(const Track<T>& track, int cubic_samples, std::vector<float>& times,
                  std::vector<T>& values) {
  const int n = track.KeyCount();
  const std::span<const float> key_times = track.Times();
  switch (track.GetInterpolation()) {
    case Interpolation::kLinear:
      times.assign(key_times.begin(), key_times.end());
      for (int k = 0; k < n; ++k) values.push_back(Normalized(track.KeyValue(k)));
      break;
    case Interpolation::kStep:
      times.push_back(key_times[0]);
      values.push_back(Normalized(track.KeyValue(0)));
      for (int k = 1; k < n; ++k) {
        const T previous = Normalized(track.KeyValue(k - 1));
        const T value = Normalized(track.KeyValue(k));
        if (value == previous) continue;
        times.insert(times.end(), {key_times[k], key_times[k]});
        values.insert(values.end(), {previous, value});
      }
      if (times.back() < key_times[n - 1]) {
        times.push_back(key_times[n - 1]);
        values.push_back(values.back());
      }
      break;
    case Interpolation::kCubicSpline:
      for (int k = 0; k + 1 < n; ++k) {
        for (int i = 0; i < cubic_samples; ++i) {
          const float step = (key_times[k + 1] - key_times[k]) / static_cast<float>(cubic_samples);
          const float t0 = key_times[k] + step * static_cast<float>(i);
          const float t1 = i + 1 == cubic_samples ? key_times[k + 1] : t0 + step;
          if (!times.empty() && !(t0 > times.back())) continue;
          times.push_back(t0);
          values.push_back(track.Sample(t0));
          SubdivideCurve(track, t0, t1, values.back(), track.Sample(t1), 0, times, values);
        }
      }
      times.push_back(key_times[n - 1]);
      values.push_back(track.Sample(key_times[n - 1]));
      break;
  }
}

std::vector<SourceChannel> GatherChannels(const Clip& clip, int joint_count, int cubic_samples) {
  // A joint named by two entries takes the later one's channels, as sampling
  // writes them in order.
  std::vector<const VectorTrack*> translation(joint_count, nullptr), scale(joint_count, nullptr);
  std::vector<const QuaternionTrack*> rotation(joint_count, nullptr);
  for (const JointTracks& jt : clip.Tracks()) {
    if (jt.joint < 0 || jt.joint >= joint_count) continue;
    if (!jt.translation.Empty()) translation[jt.joint] = &jt.translation;
    if (!jt.rotation.Empty()) rotation[jt.joint] = &jt.rotation;
    if (!jt.scale.Empty()) scale[jt.joint] = &jt.scale;
  }
  std::vector<SourceChannel> channels;
  for (int j = 0; j < joint_count; ++j) {
    if (rotation[j] != nullptr) {
      SourceChannel& c = channels.emplace_back();
      c.joint = j;
      c.channel = CompressedChannel::kRotation;
      ToLinearKeys(*rotation[j], cubic_samples, c.times, c.rotations);
    }
    for (const VectorTrack* track : {translation[j], scale[j]}) {
      if (track == nullptr) continue;
      SourceChannel& c = channels.emplace_back();
      c.joint = j;
      c.channel =
          track == translation[j] ? CompressedChannel::kTranslation : CompressedChannel::kScale;
      ToLinearKeys(*track, cubic_samples, c.times, c.vectors);
    }
  }
  return channels;
}

// What the hierarchy says about each joint's share of the tolerance.
struct JointBudget {
  float reach = 0.0f;         // to the furthest virtual point at or below it
  float parent_scale = 1.0f;  // model-space size of a unit of its translation
  int chain = 1;              // joints on the longest root-to-leaf path through it
};

float MaxColumn(const glm::mat4& m) {
  return std::max(
      {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))});
}

std::vector<JointBudget> JointBudgets(const Skeleton& skeleton, float point_distance) {
  const int n = skeleton.JointCount();
  const Pose& rest = skeleton.RestPose();
  std::vector<glm::mat4> model(n);
  rest.ComputeModelMatrices(model);
  std::vector<JointBudget> budgets(n);
  std::vector<int> depth(n, 0), height(n, 0);
  for (int j = 0; j < n; ++j) {
    const int p = skeleton.Parent(j);
    depth[j] = p < 0 ? 0 : depth[p] + 1;
    glm::mat4 parent_space = p < 0 ? glm::mat4(1.0f) : model[p];
    if (!rest.Offsets().empty()) parent_space = parent_space * rest.Offsets()[j];
    budgets[j].parent_scale = std::max(MaxColumn(parent_space), 1e-6f);
    // Every joint's virtual points are reached from it and its ancestors.
    const glm::vec3 origin(model[j][3]);
    for (int a = j; a >= 0; a = skeleton.Parent(a)) {
      const float d = glm::length(origin - glm::vec3(model[a][3])) + point_distance;
      budgets[a].reach = std::max(budgets[a].reach, d);
    }
  }
  for (int j = n - 1; j >= 0; --j) {
    const int p = skeleton.Parent(j);
    if (p >= 0) height[p] = std::max(height[p], height[j] + 1);
  }
  for (int j = 0; j < n; ++j) budgets[j].chain = depth[j] + height[j] + 1;
  return budgets;
}

// One animated track ready to be written: its header (first_bit unset),
// key times and per key the largest index and the three quantised codes.
struct EncodedTrack {
  CompressedTrack header{};
  std::vector<float> times;
  std::vector<std::uint8_t> largest;
  std::vector<std::uint32_t> codes;  // 3 per key
};

std::uint32_t Quantize(float v, int bits, float min, float extent) {
  if (bits == 0 || !(extent > 0.0f)) return 0;
  const float q = std::round((v - min) / extent * QuantizationScale(bits));
  return static_cast<std::uint32_t>(std::clamp(q, 0.0f, QuantizationScale(bits)));
}

// Range of each of the three stored components over the keys.
void FitRange(const std::vector<std::array<float, 3>>& stored, CompressedTrack& header) {
  for (int c = 0; c < 3; ++c) {
    float lo = stored[0][c], hi = stored[0][c];
    for (const auto& s : stored) lo = std::min(lo, s[c]), hi = std::max(hi, s[c]);
    header.range_min[c] = lo;
    header.range_extent[c] = hi - lo;
  }
}

// The largest distance between `values` and their keys quantised at
// `bits` per component; fills codes.
template <typename T>
float QuantizeKeys(const std::vector<std::array<float, 3>>& stored, const std::vector<T>& values,
                   const std::vector<std::uint8_t>& largest, const int (&bits)[3],
                   EncodedTrack& out) {
  const CompressedTrack& h = out.header;
  out.codes.clear();
  float worst = 0.0f;
  for (std::size_t k = 0; k < stored.size(); ++k) {
    float decoded[3];
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t q = Quantize(stored[k][c], bits[c], h.range_min[c], h.range_extent[c]);
      out.codes.push_back(q);
      decoded[c] = Dequantize(q, bits[c], h.range_min[c], h.range_extent[c]);
    }
    if constexpr (std::is_same_v<T, glm::quat>) {
      float q[4];
      DecodeSmallestThree(decoded, largest[k], q);
      worst = std::max(worst, ValueDistance(glm::quat(q[3], q[0], q[1], q[2]), values[k]));
    } else {
      worst =
          std::max(worst, ValueDistance(glm::vec3(decoded[0], decoded[1], decoded[2]), values[k]));
    }
  }
  return worst;
}

// The fewest bits per component (or `fixed_bits` for all) whose decoded
// keys stay within `tolerance` of `values`: the fewest common rate first,
// then each component lowered on its own while that holds (a component
// whose range is a single value needs none); fills codes.
template <typename T>
void ChooseBits(const std::vector<std::array<float, 3>>& stored, const std::vector<T>& values,
                const std::vector<std::uint8_t>& largest, float tolerance, int fixed_bits,
                EncodedTrack& out) {
  int bits[3];
  auto set_all = [&](int b) {
    for (int c = 0; c < 3; ++c) bits[c] = out.header.range_extent[c] > 0.0f ? b : 0;
  };
  if (fixed_bits > 0) {
    set_all(fixed_bits);
  } else {
    for (int b = 1; b <= kMaxBits; ++b) {
      set_all(b);
      if (QuantizeKeys(stored, values, largest, bits, out) <= tolerance) break;
    }
    for (int c = 0; c < 3; ++c) {
      while (bits[c] > 1) {
        --bits[c];
        if (QuantizeKeys(stored, values, largest, bits, out) > tolerance) {
          ++bits[c];
          break;
        }
      }
    }
  }
  QuantizeKeys(stored, values, largest, bits, out);
  for (int c = 0; c < 3; ++c) out.header.bits[c] = static_cast<std::uint8_t>(bits[c]);
}

void EncodeVectors(const std::vector<float>& times, const std::vector<glm::vec3>& values,
                   float tolerance, int fixed_bits, EncodedTrack& out) {
  out.times = times;
  std::vector<std::array<float, 3>> stored;
  stored.reserve(values.size());
  for (const glm::vec3& v : values) stored.push_back({v.x, v.y, v.z});
  FitRange(stored, out.header);
  ChooseBits(stored, values, out.largest, tolerance, fixed_bits, out);
}

void EncodeRotations(const std::vector<float>& times, const std::vector<glm::quat>& values,
                     float tolerance, int fixed_bits, EncodedTrack& out) {
  out.times = times;
  auto component = [](const glm::quat& q, int i) { return i == 3 ? q.w : q[i]; };
  // The component that stays largest over the whole track, if it is large enough.
  int best = 0;
  float best_min = -1.0f;
  for (int i = 0; i < 4; ++i) {
    float smallest = 1.0f;
    for (const glm::quat& q : values) smallest = std::min(smallest, std::abs(component(q, i)));
    if (smallest > best_min) best = i, best_min = smallest;
  }
  out.header.largest =
      best_min >= kFixedLargestMin ? static_cast<std::uint8_t>(best) : kPerKeyLargest;
  std::vector<std::array<float, 3>> stored;
  stored.reserve(values.size());
  for (const glm::quat& q : values) {
    int largest = best;
    if (out.header.largest == kPerKeyLargest) {
      for (int i = 1; i < 4; ++i) {
        if (std::abs(component(q, i)) > std::abs(component(q, largest))) largest = i;
      }
    }
    const float sign = component(q, largest) < 0.0f ? -1.0f : 1.0f;
    std::array<float, 3> s{};
    for (int i = 0, slot = 0; i < 4; ++i) {
      if (i != largest) s[slot++] = sign * component(q, i);
    }
    stored.push_back(s);
    out.largest.push_back(static_cast<std::uint8_t>(largest));
  }
  FitRange(stored, out.header);
  ChooseBits(stored, values, out.largest, tolerance, fixed_bits, out);
}

// Appends `count` bits of `value` to a little-endian bit stream.
void PutBits(std::vector<std::uint8_t>& stream, std::uint64_t& bit, std::uint32_t value,
             int count) {
  for (int i = 0; i < count; ++i, ++bit) {
    if ((bit >> 3) >= stream.size()) stream.push_back(0);
    if ((value >> i) & 1u) stream[bit >> 3] |= static_cast<std::uint8_t>(1u << (bit & 7u));
  }
}

struct ChannelTolerances {
  float reduce;    // key reduction, in the channel's units
  float quantize;  // quantisation
};

ChannelTolerances TolerancesFor(const SourceChannel& c, const JointBudget& budget, float tolerance,
                                float factor) {
  const float share = tolerance * factor;
  const float units = c.channel == CompressedChannel::kTranslation ? share / budget.parent_scale
                                                                   : share / budget.reach;
  return {0.5f * units, 0.5f * units};
}

template <typename T>
bool IsConstant(const std::vector<T>& values, float tolerance) {
  for (const T& v : values) {
    if (ValueDistance(v, values.front()) > tolerance) return false;
  }
  return true;
}

// The rest pose's value of a channel.
glm::vec3 RestVector(const Transform& rest, CompressedChannel channel) {
  return channel == CompressedChannel::kTranslation ? rest.translation : rest.scale;
}

// The entries of `from` at `indices`, in order.
template <typename T>
std::vector<T> Pick(const std::vector<T>& from, const std::vector<int>& indices) {
  std::vector<T> out;
  out.reserve(indices.size());
  for (int i : indices) out.push_back(from[i]);
  return out;
}

// One pass: every channel at its joint's share scaled by factor[joint].
CompressedClip Assemble(const Clip& clip, const Skeleton& skeleton,
                        const std::vector<SourceChannel>& channels,
                        const std::vector<JointBudget>& budgets, const std::vector<float>& factor,
                        const CompressionSettings& settings, CompressionReport& report) {
  std::vector<EncodedTrack> encoded;
  std::vector<ConstantChannel> constants;
  report.animated_tracks = report.constant_channels = report.omitted_channels = 0;
  report.stored_keys = report.source_keys = 0;
  for (const SourceChannel& c : channels) {
    const Transform& rest = skeleton.RestPose().Local(c.joint);
    const ChannelTolerances tol =
        TolerancesFor(c, budgets[c.joint], settings.tolerance, factor[c.joint]);
    const bool rotation = c.channel == CompressedChannel::kRotation;
    report.source_keys += static_cast<int>(c.times.size());
    const float whole = tol.reduce + tol.quantize;
    const bool constant = rotation ? IsConstant(c.rotations, whole) : IsConstant(c.vectors, whole);
    if (c.times.size() == 1 || (settings.omit_channels && constant)) {
      const bool at_rest = rotation
                               ? ValueDistance(c.rotations[0], rest.rotation) <= whole
                               : ValueDistance(c.vectors[0], RestVector(rest, c.channel)) <= whole;
      if (settings.omit_channels && at_rest) {
        ++report.omitted_channels;
        continue;
      }
      ConstantChannel k{};
      k.joint = static_cast<std::uint16_t>(c.joint);
      k.channel = c.channel;
      if (rotation) {
        const glm::quat& q = c.rotations[0];
        k.value[0] = q.x, k.value[1] = q.y, k.value[2] = q.z, k.value[3] = q.w;
      } else {
        const glm::vec3& v = c.vectors[0];
        k.value[0] = v.x, k.value[1] = v.y, k.value[2] = v.z;
      }
      constants.push_back(k);
      ++report.constant_channels;
      continue;
    }
    EncodedTrack& track = encoded.emplace_back();
    track.header.joint = static_cast<std::uint16_t>(c.joint);
    track.header.channel = c.channel;
    std::vector<int> kept;
    if (settings.reduce_keys) {
      kept = rotation ? ReduceLinearKeys<glm::quat>(c.times, c.rotations, tol.reduce)
                      : ReduceLinearKeys<glm::vec3>(c.times, c.vectors, tol.reduce);
    } else {
      kept.resize(c.times.size());
      for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = static_cast<int>(i);
    }
    const std::vector<float> times = Pick(c.times, kept);
    if (rotation) {
      EncodeRotations(times, Pick(c.rotations, kept), tol.quantize, settings.bits, track);
    } else {
      const std::vector<glm::vec3> values = Pick(c.vectors, kept);
      track.largest.assign(values.size(), 0);
      EncodeVectors(times, values, tol.quantize, settings.bits, track);
    }
    track.header.key_count = static_cast<std::uint32_t>(times.size());
    report.stored_keys += static_cast<int>(times.size());
    ++report.animated_tracks;
  }
  // Rotations first: the sampler interpolates each kind as one run of lanes.
  std::stable_sort(encoded.begin(), encoded.end(),
                   [](const EncodedTrack& a, const EncodedTrack& b) {
                     return (a.header.channel == CompressedChannel::kRotation) >
                            (b.header.channel == CompressedChannel::kRotation);
                   });

  std::vector<float> table;
  for (const EncodedTrack& t : encoded) table.insert(table.end(), t.times.begin(), t.times.end());
  std::sort(table.begin(), table.end());
  table.erase(std::unique(table.begin(), table.end()), table.end());
  std::vector<std::uint8_t> stream;
  std::vector<CompressedTrack> headers;
  std::uint64_t bit = 0;
  std::vector<std::int64_t> offsets;
  for (const EncodedTrack& t : encoded) {
    CompressedTrack h = t.header;
    h.first_bit = static_cast<std::uint32_t>(bit);
    // Key k's table index less k: non-decreasing but for jumps (two keys at
    // one time), and nearly constant for a track that keeps most keys.
    offsets.clear();
    for (std::size_t k = 0; k < t.times.size(); ++k) {
      const auto index = std::lower_bound(table.begin(), table.end(), t.times[k]) - table.begin();
      offsets.push_back(static_cast<std::int64_t>(index) - static_cast<std::int64_t>(k));
    }
    const std::int64_t base = *std::min_element(offsets.begin(), offsets.end());
    const std::int64_t span = *std::max_element(offsets.begin(), offsets.end()) - base;
    int time_bits = 0;
    while ((std::int64_t{1} << time_bits) <= span) ++time_bits;
    h.time_base = static_cast<std::int32_t>(base);
    h.time_bits = static_cast<std::uint8_t>(time_bits);
    for (std::size_t k = 0; k < t.times.size(); ++k) {
      PutBits(stream, bit, static_cast<std::uint32_t>(offsets[k] - base), time_bits);
      if (h.largest == kPerKeyLargest) PutBits(stream, bit, t.largest[k], 2);
      for (int c = 0; c < 3; ++c) PutBits(stream, bit, t.codes[3 * k + c], h.bits[c]);
    }
    headers.push_back(h);
  }
  return CompressedClip(clip.Name(), clip.StartTime(), clip.EndTime(), skeleton.JointCount(),
                        std::move(table), std::move(headers), std::move(constants),
                        std::move(stream));
}

}  // namespace

std::size_t RawClipBytes(const Clip& clip) {
  std::size_t bytes = 0;
  for (const JointTracks& jt : clip.Tracks()) {
    bytes += jt.translation.Times().size() * sizeof(float) +
             jt.translation.Values().size() * sizeof(glm::vec3);
    bytes += jt.rotation.Times().size() * sizeof(float) +
             jt.rotation.Values().size() * sizeof(glm::quat);
    bytes += jt.scale.Times().size() * sizeof(float) + jt.scale.Values().size() * sizeof(glm::vec3);
  }
  return bytes;
}

CompressedClip BuildCompressedClip(const Clip& clip, const Skeleton& skeleton,
                                   const CompressionSettings& settings, CompressionReport* report) {
  CompressionReport local;
  CompressionReport& r = report != nullptr ? *report : local;
  r = CompressionReport{};
  const int joints = skeleton.JointCount();
  const std::vector<SourceChannel> channels =
      GatherChannels(clip, joints, std::max(1, settings.cubic_samples));
  const std::vector<JointBudget> budgets = JointBudgets(skeleton, settings.point_distance);
  CompressionSettings clamped = settings;
  clamped.bits = std::clamp(settings.bits, 0, kMaxBits);
  std::vector<float> factor(joints, 1.5f);
  CompressedClip result;
  for (r.passes = 1;; ++r.passes) {
    result = Assemble(clip, skeleton, channels, budgets, factor, clamped, r);
    r.error = MeasureClipError(clip, result, skeleton, settings.point_distance);
    if (r.error.max_error <= settings.tolerance || r.passes >= settings.max_passes) break;
    // Tighten every joint over the tolerance and the ancestors that move it.
    std::vector<bool> tighten(joints, false);
    for (int j = 0; j < joints; ++j) {
      if (r.error.joint_max[j] <= settings.tolerance) continue;
      for (int a = j; a >= 0 && !tighten[a]; a = skeleton.Parent(a)) tighten[a] = true;
    }
    for (int j = 0; j < joints; ++j) {
      if (tighten[j]) factor[j] *= 0.8f;
    }
  }
  r.raw_bytes = RawClipBytes(clip);
  r.compressed_bytes = result.ByteSize();
  return result;
}

}  // namespace anim
