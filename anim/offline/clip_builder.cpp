#include "anim/offline/clip_builder.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <utility>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/parallel_for.h"
#include "anim/core/transform.h"
#include "anim/offline/bit_rate_search.h"
#include "anim/offline/key_reduction.h"

namespace anim {

namespace {

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

glm::quat Normalized(const glm::quat& q) { return NormalizedOrIdentity(q); }
glm::vec3 Normalized(const glm::vec3& v) { return v; }

// A CUBICSPLINE piece [t0, t1] as LINEAR keys (t0's is already out, t1's
// is not): halved until the chord's midpoint is within kCurvePrecision of
// the curve, so the reduction that follows starts from the curve itself.
constexpr float kCurvePrecision = 1e-5f;
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
// and more where the curve bends (SubdivideCurve), or with `cubic_rate` > 0
// at that many samples a second (at least one per key interval) and no more.
template <typename T>
void ToLinearKeys(const Track<T>& track, int cubic_samples, float cubic_rate,
                  std::vector<float>& times, std::vector<T>& values) {
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
        const float span = key_times[k + 1] - key_times[k];
        const int count = cubic_rate > 0.0f
                              ? std::max(1, static_cast<int>(std::ceil(span * cubic_rate - 1e-3f)))
                              : cubic_samples;
        for (int i = 0; i < count; ++i) {
          const float step = span / static_cast<float>(count);
          const float t0 = key_times[k] + step * static_cast<float>(i);
          const float t1 = i + 1 == count ? key_times[k + 1] : t0 + step;
          if (!times.empty() && !(t0 > times.back())) continue;
          times.push_back(t0);
          values.push_back(track.Sample(t0));
          if (cubic_rate > 0.0f) continue;
          SubdivideCurve(track, t0, t1, values.back(), track.Sample(t1), 0, times, values);
        }
      }
      times.push_back(key_times[n - 1]);
      values.push_back(track.Sample(key_times[n - 1]));
      break;
  }
}

std::vector<SourceChannel> GatherChannels(const Clip& clip, int joint_count, int cubic_samples,
                                          float cubic_rate) {
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
      ToLinearKeys(*rotation[j], cubic_samples, cubic_rate, c.times, c.rotations);
    }
    for (const VectorTrack* track : {translation[j], scale[j]}) {
      if (track == nullptr) continue;
      SourceChannel& c = channels.emplace_back();
      c.joint = j;
      c.channel =
          track == translation[j] ? CompressedChannel::kTranslation : CompressedChannel::kScale;
      ToLinearKeys(*track, cubic_samples, cubic_rate, c.times, c.vectors);
    }
  }
  return channels;
}

// How far a joint's channels move the virtual points: a rotation error of a
// radians moves a point d metres away by a * d; a translation error moves
// everything below by its size in the parent's space.
struct JointBudget {
  float reach = 0.0f;         // to the furthest virtual point at or below it
  float parent_scale = 1.0f;  // model-space size of a unit of its translation
  float bone = 0.0f;          // to its furthest virtual point or child joint
};

float MaxColumn(const glm::mat4& m) {
  return std::max(
      {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))});
}

// Above this many joint-to-ancestor links (the sum of all depths: about a
// chain of 2,900 joints), each joint's reach is bounded through its
// children instead of measured to every descendant, so the cost stays
// linear in joints.
constexpr std::size_t kExactReachLinks = std::size_t{1} << 22;

std::vector<JointBudget> JointBudgets(const Skeleton& skeleton, float point_distance) {
  const int n = skeleton.JointCount();
  std::vector<glm::mat4> model(n);
  ComputeModelMatrices(skeleton, skeleton.RestPose(), model);
  std::vector<JointBudget> budgets(n);
  std::vector<std::size_t> depth(n, 0);
  std::size_t links = 0;
  for (int j = 0; j < n; ++j) {
    const int p = skeleton.Parent(j);
    depth[j] = p < 0 ? 0 : depth[p] + 1;
    links += depth[j];
  }
  const bool exact = links <= kExactReachLinks;
  for (int j = 0; j < n; ++j) {
    const int p = skeleton.Parent(j);
    const glm::mat4 parent_space = (p < 0 ? glm::mat4(1.0f) : model[p]) * skeleton.Offsets()[j];
    budgets[j].parent_scale = std::max(MaxColumn(parent_space), 1e-6f);
    // Every joint's virtual points are reached from it and its ancestors.
    const glm::vec3 origin(model[j][3]);
    budgets[j].bone = std::max(budgets[j].bone, point_distance);
    if (p >= 0) {
      const float bone = glm::length(origin - glm::vec3(model[p][3])) + point_distance;
      budgets[p].bone = std::max(budgets[p].bone, bone);
    }
    if (!exact) {
      budgets[j].reach = std::max(budgets[j].reach, point_distance);
      continue;
    }
    for (int a = j; a >= 0; a = skeleton.Parent(a)) {
      const float d = glm::length(origin - glm::vec3(model[a][3])) + point_distance;
      budgets[a].reach = std::max(budgets[a].reach, d);
    }
  }
  if (!exact) {
    // The triangle inequality through each child: at least the exact reach
    // (so the tolerances derived from it only tighten), in one pass from
    // the leaves (children come after their parents).
    for (int j = n - 1; j >= 0; --j) {
      const int p = skeleton.Parent(j);
      if (p < 0) continue;
      const float bone = glm::length(glm::vec3(model[j][3]) - glm::vec3(model[p][3]));
      budgets[p].reach = std::max(budgets[p].reach, bone + budgets[j].reach);
    }
  }
  return budgets;
}

// A channel counts as constant when every value lies within this share of
// the tolerance (in its units: see JointBudget) of the first. What it
// leaves out is measured by the step search with everything else.
constexpr float kConstantShare = 0.2f;
// Each measure-and-tighten pass multiplies the error target of the segments
// found over the tolerance by this.
constexpr float kTightenFactor = 0.8f;
// The step search aims this far below the tolerance: it measures at the
// samples only; between them, and across segment boundaries, a little more
// error shows.
constexpr float kFirstTarget = 0.97f;
// Passes in a row without a smaller error after which the builder stops.
constexpr int kStalledPasses = 3;

float ConstantTolerance(const SourceChannel& c, const JointBudget& budget, float tolerance) {
  const float share = tolerance * kConstantShare;
  return c.channel == CompressedChannel::kTranslation ? share / budget.parent_scale
                                                      : share / budget.reach;
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

// The clip's sample times: every channel's key times, a time repeated as
// often as any channel repeats it (a jump).
std::vector<float> SampleTimes(const std::vector<SourceChannel>& channels) {
  std::vector<float> all;
  for (const SourceChannel& c : channels) all.insert(all.end(), c.times.begin(), c.times.end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  std::vector<float> times;
  times.reserve(all.size());
  for (float t : all) {
    std::ptrdiff_t repeat = 1;
    for (const SourceChannel& c : channels) {
      const auto [lo, hi] = std::equal_range(c.times.begin(), c.times.end(), t);
      repeat = std::max(repeat, hi - lo);
    }
    times.insert(times.end(), static_cast<std::size_t>(repeat), t);
  }
  return times;
}

// A channel's LINEAR keys at the sample times: the n-th of several samples
// at one time takes the channel's n-th key there (its last when it has
// fewer), as the sampler resolves a jump; between keys, interpolation;
// before the first and after the last, the end key's value.
template <typename T>
std::vector<T> Resample(const std::vector<float>& key_times, const std::vector<T>& values,
                        const std::vector<float>& times) {
  std::vector<T> out;
  out.reserve(times.size());
  for (std::size_t i = 0; i < times.size(); ++i) {
    const float t = times[i];
    std::size_t repeat = 0;
    while (repeat < i && times[i - repeat - 1] == t) ++repeat;
    const auto [lo, hi] = std::equal_range(key_times.begin(), key_times.end(), t);
    if (lo != hi) {
      const auto at = static_cast<std::size_t>(lo - key_times.begin()) +
                      std::min(repeat, static_cast<std::size_t>(hi - lo) - 1);
      out.push_back(values[at]);
    } else if (hi == key_times.begin()) {
      out.push_back(values.front());
    } else if (hi == key_times.end()) {
      out.push_back(values.back());
    } else {
      const auto k = static_cast<std::size_t>(hi - key_times.begin()) - 1;
      const float s = (t - key_times[k]) / (key_times[k + 1] - key_times[k]);
      out.push_back(InterpolateKeys(values[k], values[k + 1], s));
    }
  }
  return out;
}

// A channel at every sample time, as what a pose's joint takes.
struct SampledChannel {
  int joint = 0;
  CompressedChannel channel = CompressedChannel::kTranslation;
  std::vector<glm::vec3> vectors;
  std::vector<glm::quat> rotations;
};

void SetChannel(Transform& t, const SampledChannel& c, std::size_t sample) {
  switch (c.channel) {
    case CompressedChannel::kTranslation: t.translation = c.vectors[sample]; break;
    case CompressedChannel::kRotation: t.rotation = c.rotations[sample]; break;
    case CompressedChannel::kScale: t.scale = c.vectors[sample]; break;
  }
}

// Sets a track's clip range for component `c` to [lo, hi] or a little more
// (a rotation's minimum is what the clip can keep: RotationRangeMin).
void SetRange(CompressedTrack& header, int c, float lo, float hi) {
  if (header.channel == CompressedChannel::kRotation) lo = RotationRangeMin(lo);
  header.range_min[c] = lo;
  header.range_exponent[c] = ExtentExponent(hi - lo);
}

// Range of each of the three stored components over the samples.
void FitRange(TrackSamples& track) {
  for (int c = 0; c < 3; ++c) {
    float lo = track.stored[0][c], hi = track.stored[0][c];
    for (const auto& s : track.stored) lo = std::min(lo, s[c]), hi = std::max(hi, s[c]);
    SetRange(track.header, c, lo, hi);
  }
}

TrackSamples VectorTrackSamples(const SampledChannel& c) {
  TrackSamples out;
  out.header.joint = static_cast<std::uint16_t>(c.joint);
  out.header.channel = c.channel;
  for (const glm::vec3& v : c.vectors) out.stored.push_back({v.x, v.y, v.z});
  out.largest.assign(c.vectors.size(), 0);
  FitRange(out);
  return out;
}

// Smallest three: the component that stays largest over the whole track is
// dropped from every sample if it is large enough, else each sample drops
// its own largest.
TrackSamples RotationTrackSamples(const SampledChannel& c) {
  TrackSamples out;
  out.header.joint = static_cast<std::uint16_t>(c.joint);
  out.header.channel = c.channel;
  auto component = [](const glm::quat& q, int i) { return i == 3 ? q.w : q[i]; };
  int best = 0;
  float best_min = -1.0f;
  for (int i = 0; i < 4; ++i) {
    float smallest = 1.0f;
    for (const glm::quat& q : c.rotations) smallest = std::min(smallest, std::abs(component(q, i)));
    if (smallest > best_min) best = i, best_min = smallest;
  }
  out.header.largest =
      best_min >= kFixedLargestMin ? static_cast<std::uint8_t>(best) : kPerKeyLargest;
  for (const glm::quat& q : c.rotations) {
    std::array<float, 3> stored{};
    std::uint8_t largest = 0;
    EncodeSmallestThree(q, out.header.largest, stored.data(), &largest);
    out.stored.push_back(stored);
    out.largest.push_back(largest);
  }
  FitRange(out);
  return out;
}

// The Rice parameter with the fewest bits for `residuals` (kNoResiduals
// when they are all 0: a component whose codes all repeat), and those bits.
int ChooseRiceParameter(const std::vector<std::int32_t>& residuals, std::uint64_t* bits) {
  if (std::all_of(residuals.begin(), residuals.end(), [](std::int32_t r) { return r == 0; })) {
    *bits = 0;
    return kNoResiduals;
  }
  int best = 0;
  std::uint64_t best_bits = ~std::uint64_t{0};
  for (int k = 0; k <= kMaxRiceParameter; ++k) {
    std::uint64_t total = 0;
    for (const std::int32_t r : residuals) total += RiceBits(FoldSigned(r), k);
    if (total < best_bits) best = k, best_bits = total;
  }
  *bits = best_bits;
  return best;
}

// One track's keys in one segment as codes, and per component the
// residuals of the linear prediction (key_coding.h) and its Rice parameter.
struct CodedTrack {
  std::vector<std::array<std::uint32_t, 3>> codes;
  std::vector<std::uint8_t> largest;
  std::array<std::vector<std::int32_t>, 3> residuals;
  std::array<int, 3> rice{};
};

CodedTrack CodeTrack(const TrackSamples& track, const TrackSegment& choice, int first, int length,
                     bool last) {
  CodedTrack out;
  const int stride = 1 << choice.stride_code;
  for (int k = 0; k < SegmentKeyCount(length, last, stride); ++k) {
    const int i = first + std::min(k * stride, length - 1);
    std::array<std::uint32_t, 3> code{};
    for (int c = 0; c < 3; ++c) {
      const ComponentDecoding d =
          DecodingOf(choice.c[c].step, track.header.range_min[c], track.header.RangeExtent(c));
      code[c] = QuantizeComponent(track.stored[i][c], choice.c[c], d);
    }
    out.codes.push_back(code);
    out.largest.push_back(track.largest[i]);
  }
  for (int c = 0; c < 3; ++c) {
    std::int32_t slope = 0;
    for (std::size_t k = 1; k < out.codes.size(); ++k) {
      const auto previous = static_cast<std::int32_t>(out.codes[k - 1][c]);
      const auto code = static_cast<std::int32_t>(out.codes[k][c]);
      out.residuals[c].push_back(code - (previous + slope));
      slope = code - previous;
    }
    std::uint64_t bits = 0;
    // Step code 0 is one value, stored (kNoResiduals) unless the component
    // never changes over the clip (KeyLayoutOf).
    const bool fixed = !(track.header.RangeExtent(c) > 0.0f);
    out.rice[c] = choice.c[c].step != 0 ? ChooseRiceParameter(out.residuals[c], &bits)
                  : fixed               ? 0
                                        : kNoResiduals;
  }
  return out;
}

// The segments' bytes (CompressedClip's layout): per segment, each track's
// header, then each track's first key, then each track's residuals; each
// segment starts on a byte.
void WriteSegments(const std::vector<TrackSamples>& tracks,
                   const std::vector<std::vector<TrackSegment>>& choices, int segment_length,
                   int samples, std::vector<std::uint32_t>& offsets,
                   std::vector<std::uint8_t>& stream) {
  for (std::size_t s = 0; s < choices.size(); ++s) {
    offsets.push_back(static_cast<std::uint32_t>(stream.size()));
    const int first = static_cast<int>(s) * segment_length;
    const int length = std::min(samples, first + segment_length) - first;
    const bool last = s + 1 == choices.size();
    std::vector<CodedTrack> coded;
    for (std::size_t t = 0; t < tracks.size(); ++t) {
      coded.push_back(CodeTrack(tracks[t], choices[s][t], first, length, last));
    }
    BitWriter out(stream);
    std::vector<std::uint32_t> layouts;
    for (std::size_t t = 0; t < tracks.size(); ++t) {
      SegmentTrackHeader h{};
      h.stride_shift = static_cast<std::uint8_t>(choices[s][t].stride_code);
      out.Put(h.stride_shift, kStrideCodeBits);
      for (int c = 0; c < 3; ++c) {
        h.step[c] = choices[s][t].c[c].step;
        h.rice[c] = static_cast<std::uint8_t>(coded[t].rice[c]);
        out.Put(h.step[c], kStepCodeBits);
        out.Put(h.rice[c], kRiceParameterBits);
      }
      layouts.push_back(KeyLayoutOf(h, tracks[t].header.largest));
    }
    for (std::size_t t = 0; t < tracks.size(); ++t) {
      if (KeyLayout::PerKeyLargest(layouts[t])) out.Put(coded[t].largest[0], 2);
      for (int c = 0; c < 3; ++c)
        out.Put(coded[t].codes[0][c], KeyLayout::FirstBits(layouts[t], c));
    }
    for (std::size_t t = 0; t < tracks.size(); ++t) {
      for (std::size_t k = 1; k < coded[t].codes.size(); ++k) {
        if (KeyLayout::PerKeyLargest(layouts[t])) out.Put(coded[t].largest[k], 2);
        for (int c = 0; c < 3; ++c) {
          const int rice = KeyLayout::Rice(layouts[t], c);
          if (rice != kNoResiduals) out.PutRice(coded[t].residuals[c][k - 1], rice);
        }
      }
    }
  }
}

}  // namespace

std::size_t RawClipBytes(const Clip& clip) { return clip.KeyBytes(); }

std::size_t CompressionThreads(const CompressionSettings& settings) {
  return settings.threads > 0 ? static_cast<std::size_t>(settings.threads)
                              : std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Per track, the metres its error moves the virtual points per unit of a
// stored component (what the search's equal-share start divides its share
// of the tolerance by): a translation, by the size of its parent's units; a
// rotation, by the distance to what it turns (a component off by e turns it
// by 2e at most, less across three components; on Woman's clips factors of
// 0.7 to 2 on the distance differ by under 1 % in bytes): with compensation
// only its own bone and virtual points (the joints below undo its
// orientation error), else everything below it; a scale, by the reach.
std::vector<float> TrackSensitivities(const std::vector<TrackSamples>& tracks,
                                      const std::vector<JointBudget>& budgets, bool compensate) {
  std::vector<float> out;
  for (const TrackSamples& t : tracks) {
    const JointBudget& b = budgets[t.header.joint];
    switch (t.header.channel) {
      case CompressedChannel::kTranslation: out.push_back(b.parent_scale); break;
      case CompressedChannel::kRotation: out.push_back(compensate ? b.bone : b.reach); break;
      case CompressedChannel::kScale: out.push_back(b.reach); break;
    }
  }
  return out;
}

// Compensated rotation samples move off the raw ones by up to the orientation
// error of the parent as decoded: within the tolerance, at most
// tolerance / point_distance radians (its virtual points would be off by
// more), which moves a quaternion component by at most half of it. Each
// rotation track's clip range below the root is widened by twice that so
// they stay inside.
void WidenForCompensation(const CompressionSettings& settings, const Skeleton& skeleton,
                          std::vector<TrackSamples>& tracks) {
  const float margin = std::min(settings.tolerance / settings.point_distance, 0.5f);
  for (TrackSamples& t : tracks) {
    if (t.header.channel != CompressedChannel::kRotation || skeleton.Parent(t.header.joint) < 0) {
      continue;
    }
    for (int c = 0; c < 3; ++c) {
      const float lo = t.header.range_min[c], extent = t.header.RangeExtent(c);
      if (extent > 0.0f) SetRange(t.header, c, lo - margin, lo + extent + margin);
    }
  }
}

// Every channel at the sample times, sorted into those left out (at rest),
// the constants and the animated tracks; `reference` holds every sample of
// every joint, `base` the rest pose with the constants in place.
struct SortedChannels {
  std::vector<std::vector<Transform>> reference, base;
  std::vector<ConstantChannel> constants;
  std::vector<TrackSamples> tracks;
};

ConstantChannel ConstantOf(const SourceChannel& c, const SampledChannel& sampled) {
  ConstantChannel k{};
  k.joint = static_cast<std::uint16_t>(c.joint);
  k.channel = c.channel;
  if (c.channel == CompressedChannel::kRotation) {
    const glm::quat& q = sampled.rotations[0];
    k.value[0] = q.x, k.value[1] = q.y, k.value[2] = q.z, k.value[3] = q.w;
  } else {
    const glm::vec3& v = sampled.vectors[0];
    k.value[0] = v.x, k.value[1] = v.y, k.value[2] = v.z;
  }
  return k;
}

SortedChannels SortChannels(const std::vector<SourceChannel>& channels,
                            const std::vector<float>& times, const std::vector<Transform>& rest,
                            const std::vector<JointBudget>& budgets,
                            const CompressionSettings& settings, CompressionReport& r) {
  const int samples = static_cast<int>(times.size());
  SortedChannels out{std::vector<std::vector<Transform>>(samples, rest),
                     std::vector<std::vector<Transform>>(samples, rest),
                     {},
                     {}};
  for (const SourceChannel& c : channels) {
    r.source_keys += static_cast<int>(c.times.size());
    SampledChannel sampled{c.joint, c.channel, {}, {}};
    const bool rotation = c.channel == CompressedChannel::kRotation;
    if (rotation) {
      sampled.rotations = Resample(c.times, c.rotations, times);
    } else {
      sampled.vectors = Resample(c.times, c.vectors, times);
    }
    for (int i = 0; i < samples; ++i) SetChannel(out.reference[i][c.joint], sampled, i);
    const float whole = ConstantTolerance(c, budgets[c.joint], settings.tolerance);
    const bool constant =
        rotation ? IsConstant(sampled.rotations, whole) : IsConstant(sampled.vectors, whole);
    if (samples == 1 || (settings.omit_channels && constant)) {
      const Transform& at = rest[c.joint];
      const bool at_rest =
          rotation ? ValueDistance(sampled.rotations[0], at.rotation) <= whole
                   : ValueDistance(sampled.vectors[0], RestVector(at, c.channel)) <= whole;
      if (settings.omit_channels && at_rest) {
        ++r.omitted_channels;
        continue;
      }
      out.constants.push_back(ConstantOf(c, sampled));
      for (int i = 0; i < samples; ++i) SetChannel(out.base[i][c.joint], sampled, 0);
      ++r.constant_channels;
      continue;
    }
    out.tracks.push_back(rotation ? RotationTrackSamples(sampled) : VectorTrackSamples(sampled));
  }
  // Rotations first: the sampler interpolates each kind as one run of lanes.
  std::stable_sort(out.tracks.begin(), out.tracks.end(),
                   [](const TrackSamples& a, const TrackSamples& b) {
                     return (a.header.channel == CompressedChannel::kRotation) >
                            (b.header.channel == CompressedChannel::kRotation);
                   });
  r.animated_tracks = static_cast<int>(out.tracks.size());
  return out;
}

// Which segments the next pass searches again, tighter: those of the samples
// around every time whose error is over the tolerance.
void MarkSegmentsToTighten(const CompressedClip& result, const ClipError& error, float tolerance,
                           int samples, int segment_length, std::vector<bool>& redo) {
  std::fill(redo.begin(), redo.end(), false);
  for (std::size_t i = 0; i < error.times.size(); ++i) {
    if (error.time_max[i] <= tolerance) continue;
    const int k = result.SampleAtOrBefore(error.times[i]);
    for (int sample : {k, std::min(k + 1, samples - 1)}) redo[sample / segment_length] = true;
  }
}

// The keys stored and where the bytes go, into the report.
void ReportSizes(const CompressedClip& result, std::size_t track_count, int segments, int samples,
                 std::size_t time_count, CompressionReport& r) {
  r.segments = segments;
  r.samples = samples;
  for (int s = 0; s < segments; ++s) {
    for (int t = 0; t < r.animated_tracks; ++t) {
      r.stored_keys +=
          SegmentKeyCount(result.SegmentSamples(s), s + 1 == segments, result.SegmentStride(s, t));
    }
  }
  r.compressed_bytes = result.ByteSize();
  r.constant_bytes = result.ConstantBytes();
  r.time_bytes = result.UniformTimes() ? 0 : time_count * sizeof(float);
  r.track_bytes = result.TrackBytes();
  r.segment_header_bytes = static_cast<std::size_t>(segments) *
                           ((track_count * kTrackHeaderBits + 7) / 8 + sizeof(std::uint32_t));
}

// Runs `search(s)` for every segment s marked in `redo`, on the pool's
// threads, each taking the next segment not yet taken (segments differ in
// cost). Returns false when settings.cancelled said stop; an exception
// thrown by a search (std::bad_alloc) is thrown again here, on the caller.
template <typename Search>
bool SearchSegments(ParallelFor& pool, const std::vector<bool>& redo,
                    const CompressionSettings& settings, Search&& search) {
  std::vector<int> pending;
  for (std::size_t s = 0; s < redo.size(); ++s) {
    if (redo[s]) pending.push_back(static_cast<int>(s));
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false}, cancelled{false};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  pool.Run(pool.ThreadCount(), [&](int, int) {
    for (std::size_t k = next++; k < pending.size() && !stop; k = next++) {
      if (settings.cancelled && settings.cancelled()) {
        cancelled = stop = true;
        return;
      }
      try {
        search(pending[k]);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    }
  });
  if (failure) std::rethrow_exception(failure);
  return !cancelled;
}

bool Cancelled(const CompressionSettings& settings, CompressionReport& r) {
  r.cancelled = r.cancelled || (settings.cancelled && settings.cancelled());
  return r.cancelled;
}

// What the step search reads (and, compensating, rewrites: the tracks).
BitRateSearchInput SearchInput(const Skeleton& skeleton, const CompressionSettings& settings,
                               SortedChannels& sorted, const std::vector<float>& times,
                               const std::vector<float>& sensitivity) {
  BitRateSearchInput in;
  in.skeleton = &skeleton;
  in.point_distance = settings.point_distance;
  in.reference = &sorted.reference;
  in.base = &sorted.base;
  in.tracks = &sorted.tracks;
  in.strides = settings.key_strides;
  in.times = &times;
  in.compensate = settings.compensate;
  in.sensitivity = &sensitivity;
  return in;
}

// The clip compressed with exactly these settings (an empty clip when
// cancelled).
CompressedClip BuildWithSettings(const Clip& clip, const Skeleton& skeleton,
                                 const CompressionSettings& settings, CompressionReport& r) {
  r = CompressionReport{};
  r.cubic_rate = std::max(settings.cubic_rate, 0.0f);
  r.raw_bytes = RawClipBytes(clip);
  const int joints = skeleton.JointCount();
  const std::vector<SourceChannel> channels =
      GatherChannels(clip, joints, std::max(1, settings.cubic_samples), settings.cubic_rate);
  const std::vector<JointBudget> budgets = JointBudgets(skeleton, settings.point_distance);
  const std::vector<float> times = SampleTimes(channels);
  const int samples = static_cast<int>(times.size());
  std::vector<Transform> rest(static_cast<std::size_t>(joints));
  skeleton.RestPose().Store(rest);
  SortedChannels sorted = SortChannels(channels, times, rest, budgets, settings, r);
  std::vector<TrackSamples>& tracks = sorted.tracks;

  const int segment_length =
      settings.segment_length > 0 ? settings.segment_length : std::max(samples, 1);
  const int segments = tracks.empty() ? 0 : (samples + segment_length - 1) / segment_length;
  if (settings.compensate) WidenForCompensation(settings, skeleton, tracks);
  const std::vector<float> sensitivity = TrackSensitivities(tracks, budgets, settings.compensate);
  const BitRateSearchInput in = SearchInput(skeleton, settings, sorted, times, sensitivity);
  std::vector<std::vector<TrackSegment>> choices(segments);
  std::vector<float> target(segments, kFirstTarget * settings.tolerance);
  std::vector<bool> redo(segments, true);
  const int fixed_bits = std::min(settings.bits, kMaxComponentBits);
  std::vector<CompressedTrack> headers;
  for (const TrackSamples& t : tracks) headers.push_back(t.header);

  // Segments are independent: a search reads and (compensating) rewrites
  // only its own samples of `tracks`, and the reference beyond its end.
  ParallelFor pool(static_cast<int>(std::min<std::size_t>(
      CompressionThreads(settings), static_cast<std::size_t>(std::max(segments, 1)))));
  CompressedClip result;
  float least_error = std::numeric_limits<float>::infinity();
  int stalled = 0;
  for (r.passes = 1;; ++r.passes) {
    const bool searched = SearchSegments(pool, redo, settings, [&](int s) {
      const int first = s * segment_length, last = std::min(samples, first + segment_length);
      float error = 0.0f;
      choices[s] = fixed_bits > 0 ? FixedSegmentBits(in, first, last, fixed_bits)
                                  : SearchSegmentBits(in, first, last, target[s], &error);
    });
    if (!searched) {
      r.cancelled = true;
      return {};
    }
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint8_t> stream;
    WriteSegments(tracks, choices, segment_length, samples, offsets, stream);
    result =
        CompressedClip(clip.Name(), clip.StartTime(), clip.EndTime(), joints, times, segment_length,
                       headers, sorted.constants, std::move(offsets), std::move(stream));
    if (Cancelled(settings, r)) return {};
    r.error = MeasureClipError(clip, result, skeleton, settings.point_distance);
    // (Without tracks there is nothing to tighten: constants are as exact
    // as they are.)
    // kStalledPasses passes in a row that do not lower the smallest error
    // seen stop the passes: what is left no finer step removes (on chains
    // thousands of joints deep, the float arithmetic of their model
    // matrices), and each pass costs as much as the first.
    stalled = r.passes > 1 && r.error.max_error >= least_error ? stalled + 1 : 0;
    least_error = std::min(least_error, r.error.max_error);
    if (fixed_bits > 0 || segments == 0 || r.error.max_error <= settings.tolerance ||
        r.passes >= settings.max_passes || stalled >= kStalledPasses) {
      break;
    }
    MarkSegmentsToTighten(result, r.error, settings.tolerance, samples, segment_length, redo);
    for (int s = 0; s < segments; ++s) {
      if (redo[s]) target[s] *= kTightenFactor;
    }
  }
  ReportSizes(result, tracks.size(), segments, samples, times.size(), r);
  return result;
}

bool HasCubicSpline(const Clip& clip) {
  for (const JointTracks& jt : clip.Tracks()) {
    for (const Interpolation i : {jt.translation.GetInterpolation(), jt.rotation.GetInterpolation(),
                                  jt.scale.GetInterpolation()}) {
      if (i == Interpolation::kCubicSpline) return true;
    }
  }
  return false;
}

}  // namespace

std::size_t CompressionWorkingBytes(const Clip& clip, const Skeleton& skeleton,
                                    const CompressionSettings& settings) {
  const auto joints = static_cast<std::size_t>(skeleton.JointCount());
  // Each candidate CUBICSPLINE rate is built after the one before is freed:
  // the peak is the largest.
  std::vector<float> rates{settings.cubic_rate};
  if (settings.cubic_rate == 0.0f && HasCubicSpline(clip)) {
    rates.insert(rates.end(), std::begin(kCubicRates), std::end(kCubicRates));
  }
  std::size_t peak = 0;
  for (const float rate : rates) {
    const std::vector<SourceChannel> channels =
        GatherChannels(clip, skeleton.JointCount(), std::max(1, settings.cubic_samples), rate);
    std::size_t keys = 0;
    for (const SourceChannel& c : channels) keys += c.times.size();
    const std::size_t samples = SampleTimes(channels).size();
    const std::size_t segment = settings.segment_length > 0
                                    ? std::min<std::size_t>(settings.segment_length, samples)
                                    : samples;
    const std::size_t poses = 2 * samples * joints * sizeof(Transform);
    // The threads that search: no more than the segments (as BuildWithSettings' pool).
    const std::size_t searching = std::min(
        CompressionThreads(settings),
        std::max<std::size_t>(1, (samples + segment - 1) / std::max<std::size_t>(segment, 1)));
    // Per thread and segment sample: per joint the local transform, two
    // matrices, the reference's virtual points, the error and, with
    // compensation, the parent's reference rotation; and what a trial keeps
    // to undo it, per joint it touches (at most kSearchJointVisits) a
    // transform, two matrices, an error and a track's stored components.
    const std::size_t undo_joints = std::min(joints, kSearchJointVisits);
    const std::size_t search =
        searching * segment *
        (joints * (sizeof(Transform) + 2 * sizeof(glm::mat4) + sizeof(VirtualPoints) +
                   sizeof(float) + (settings.compensate ? sizeof(glm::quat) : 0)) +
         undo_joints *
             (sizeof(Transform) + 2 * sizeof(glm::mat4) + sizeof(float) + 3 * sizeof(float) + 1));
    // The channels' keys, each animated track's stored samples (three
    // components and the dropped one's index) and one channel resampled.
    const std::size_t channel_bytes = keys * (sizeof(float) + sizeof(glm::quat)) +
                                      channels.size() * samples * (3 * sizeof(float) + 1) +
                                      samples * sizeof(glm::quat);
    const std::size_t per_joint =
        joints * (sizeof(JointBudget) + 6 * sizeof(int) + 2 * sizeof(glm::mat4) + sizeof(float));
    peak = std::max(peak, poses + search + channel_bytes + per_joint);
  }
  return peak;
}

CompressedClip BuildCompressedClip(const Clip& clip, const Skeleton& skeleton,
                                   const CompressionSettings& settings, CompressionReport* report) {
  CompressionReport best_report;
  CompressedClip best = BuildWithSettings(clip, skeleton, settings, best_report);
  if (best_report.cancelled) {
    if (report != nullptr) *report = best_report;
    return {};
  }
  // Subdividing a CUBICSPLINE channel until its chords are within 1e-5 of
  // the curve puts hundreds of sample times into every track of the clip; a
  // fixed rate may do within the tolerance for far fewer bytes. The smallest
  // result within the tolerance is kept.
  if (settings.cubic_rate == 0.0f && HasCubicSpline(clip)) {
    for (const float rate : kCubicRates) {
      CompressionSettings s = settings;
      s.cubic_rate = rate;
      CompressionReport r;
      CompressedClip candidate = BuildWithSettings(clip, skeleton, s, r);
      if (r.cancelled) {
        if (report != nullptr) *report = r;
        return {};
      }
      const bool within = r.error.max_error <= settings.tolerance;
      const bool best_within = best_report.error.max_error <= settings.tolerance;
      if (within && (!best_within || r.compressed_bytes < best_report.compressed_bytes)) {
        best = std::move(candidate);
        best_report = r;
      }
    }
  }
  if (report != nullptr) *report = best_report;
  return best;
}

}  // namespace anim
