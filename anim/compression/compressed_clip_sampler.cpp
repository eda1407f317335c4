#include "anim/compression/compressed_clip_sampler.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "anim/core/interpolation.h"
#include "anim/core/soa_dispatch.h"
#include "anim/core/soa_quaternion.h"
#include "anim/core/soa_vector.h"

namespace anim {

namespace {

constexpr int Pad4(int n) { return (n + 3) / 4 * 4; }

// Four lanes' smallest three (the stored components s0, s1, s2 and the
// dropped one's index, 0..3, as a float) back to unit quaternions x, y, z, w:
// DecodeSmallestThree without branches.
ANIM_SOA_ALWAYS_INLINE void SmallestThreeToQuaternions(const soa::F32x4 s[3],
                                                       const soa::F32x4& largest, soa::F32x4 q[4]) {
  using namespace soa;
  const F32x4 sum = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
  const I32x4 inside = sum < 1.0f;
  const F32x4 w = Select(inside, Sqrt4(1.0f - Select(inside, sum, Splat4(0.0f))), Splat4(0.0f));
  // Rounding can put the three just outside the unit sphere: scaled back
  // onto it there. Rare, so tested first: a square root and a division
  // less in the common case (times 1 elsewhere, so the same results).
  F32x4 a = s[0], b = s[1], c = s[2];
  if (Any(~inside)) {
    const F32x4 k = Select(inside, Splat4(1.0f), 1.0f / Sqrt4(Select(inside, Splat4(1.0f), sum)));
    a = a * k;
    b = b * k;
    c = c * k;
  }
  const I32x4 is_x = largest<0.5f, is_w = largest> 2.5f;
  const I32x4 is_y = ~is_x & (largest < 1.5f), is_z = ~is_w & (largest > 1.5f);
  q[0] = Select(is_x, w, a);
  q[1] = Select(is_y, w, Select(is_x, a, b));
  q[2] = Select(is_z, w, Select(is_w, c, b));
  q[3] = Select(is_w, w, c);
}

// The codes of key `index` of a track coded as `coding` in `data`, as
// floats into q[0], q[4], q[8] (four lanes apart), decoded on from where
// `cursor` is (from the segment's first key when it is past `index`);
// returns its largest component's index (rotations; `fixed_largest` when
// its keys store none).
ANIM_SOA_ALWAYS_INLINE int KeyCodes(const std::uint8_t* data, const TrackCoding& coding,
                                    int fixed_largest, int index, KeyCursor& cursor, float* q) {
  if (cursor.key < 0 || cursor.key > index) {
    ReadFirstKey(data, coding.first_bit, coding.residual_bit, coding.layout, fixed_largest,
                 &cursor);
  }
  while (cursor.key < index) ReadNextKey(data, coding.layout, &cursor);
  for (int c = 0; c < 3; ++c) q[4 * c] = static_cast<float>(cursor.code[c]);
  return cursor.largest;
}

// V's lanes' fraction of their key intervals [t0, t1] at `time`, clamped
// to [0, 1]; an interval of no length (two keys at one time: a jump) gives
// 1 from its time on, else 0.
template <typename V>
ANIM_SOA_ALWAYS_INLINE V Fraction(const float* t0, const float* t1, float time) {
  using namespace soa;
  const V a = Load<V>(t0), b = Load<V>(t1), t = Splat<V>(time);
  const V span = b - a;
  const auto has_span = span > 0.0f;
  V s = (t - a) / Select(has_span, span, Splat<V>(1.0f));
  s = Select(s < 0.0f, Splat<V>(0.0f), s);
  s = Select(s > 1.0f, Splat<V>(1.0f), s);
  return Select(has_span, s,
                Select(t > b, Splat<V>(1.0f), Select(t < b, Splat<V>(0.0f), Splat<V>(1.0f))));
}

}  // namespace

// Inline, in the caller's width: a call between code built for AVX and
// code that is not costs a transition of the vector registers' state
// (measured: most of the time of the call).
template <typename V>
ANIM_SOA_ALWAYS_INLINE V CompressedClipContext::KeyFractions(int lane, int count,
                                                             float time) const {
  using namespace soa;
  constexpr int kLanes = kLanesOf<V>;
  if (clip_->UniformTimes()) {
    // SampleTime's sums, all lanes at once (the same operations, so the
    // same times); padding lanes hold kNoKeys, samples -128 and -1, an
    // interval whose fraction is defined (and unused).
    alignas(32) float a[kLanes], b[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      const std::int32_t keys = ints_.data()[lane + l];
      b[l] = static_cast<float>(KeyBOf(keys));
      a[l] = static_cast<float>(KeyBOf(keys) - KeyGapOf(keys));
    }
    const V first = Splat<V>(clip_->FirstTime()), step = Splat<V>(clip_->TimeStep());
    alignas(32) float t0[kLanes], t1[kLanes];
    Store(t0, first + Load<V>(a) * step);
    Store(t1, first + Load<V>(b) * step);
    return Fraction<V>(t0, t1, time);
  }
  // Padding lanes span [0, 1] so their fraction is defined.
  alignas(32) float t0[kLanes], t1[kLanes];
  for (int l = 0; l < kLanes; ++l) t0[l] = 0.0f, t1[l] = 1.0f;
  for (int l = 0; l < count; ++l) {
    const std::int32_t keys = ints_.data()[lane + l];
    t0[l] = clip_->SampleTime(KeyBOf(keys) - KeyGapOf(keys));
    t1[l] = clip_->SampleTime(KeyBOf(keys));
  }
  return Fraction<V>(t0, t1, time);
}

std::string CompressedClipContext::Bind(const CompressedClip& clip,
                                        const CompressedClipDecodings* shared) {
  if (shared != nullptr && !shared->For(clip)) {
    clip_ = nullptr;  // unbound: CompressedSamplingJob refuses it
    return "the shared decodings of clip '" + std::string(shared->clip_->Name()) +
           "' given for clip '" + std::string(clip.Name()) + "'";
  }
  clip_ = &clip;
  shared_ = shared;
  tracks_ = clip.TrackCount();
  const int rotations = clip.RotationTrackCount();
  rotation_lanes_ = Pad4(rotations);
  vector_lanes_ = Pad4(tracks_ - rotations);
  key_ = -1;
  interval_t0_ = interval_t1_ = 0.0f;
  segment_ = -1;
  const int own = shared == nullptr ? 1 : 0;  // the context keeps its own decodings
  // Bound to sampled keys, a context keeps no keys (they are rows of the
  // table) and never reads a Rice code (no cursors): a crowd reads every
  // character's context.
  sampled_ = shared != nullptr && shared->HasSampledKeys();
  const int int_count = (sampled_ ? 0 : Lanes()) + own * (rotation_lanes_ / 4 + 3 * Lanes());
  ints_.assign(static_cast<std::size_t>(int_count), 0);
  cursors_.assign(sampled_ ? 0u : static_cast<std::size_t>(tracks_), KeyCursor{});
  if (!sampled_) std::fill_n(Keys(), Lanes(), kNoKeys);
  if (own == 1) FindConsecutiveJoints(clip, ints_.data() + Lanes());
  // Padding lanes hold the identity rotation so their (unused) results stay
  // finite.
  floats_.assign(sampled_ ? 0u : static_cast<std::size_t>(2 * KeyFloats() + own * 6 * Lanes()),
                 0.0f);
  for (int l = 0; !sampled_ && l < rotation_lanes_; ++l) {
    A()[3 * rotation_lanes_ + l] = 1.0f;
    B()[3 * rotation_lanes_ + l] = 1.0f;
  }
  decoded_keys_ = 0;
  return "";
}

void CompressedClipContext::FindConsecutiveJoints(const CompressedClip& clip, std::int32_t* flags) {
  const int rotations = clip.RotationTrackCount();
  for (int j = 0; j < rotations; j += 4) {
    const int first = clip.TrackJoint(j);
    bool consecutive = j + 4 <= rotations && first + 4 <= SoaPadded(clip.JointCount());
    for (int l = 1; consecutive && l < 4; ++l) {
      consecutive = clip.TrackJoint(j + l) == first + l;
    }
    flags[j / 4] = consecutive ? 1 : 0;
  }
}

std::size_t CompressedClipContext::ByteSize() const {
  return sizeof(*this) + ints_.capacity() * sizeof(std::int32_t) +
         floats_.capacity() * sizeof(float) + cursors_.capacity() * sizeof(KeyCursor);
}

CompressedClipContext::TrackDecoding CompressedClipContext::DecodingIn(const CompressedClip& clip,
                                                                       int segment, int track,
                                                                       const TrackCoding& coding) {
  const SegmentTrackHeader h = clip.TrackHeader(segment, track);
  const CompressedTrack t = clip.Track(track);
  TrackDecoding d;
  for (int c = 0; c < 3; ++c) {
    const ComponentDecoding cd = DecodingOf(h.step[c], t.range_min[c], t.RangeExtent(c));
    d.offset[c] = cd.offset;
    d.scale[c] = cd.scale;
  }
  d.coding = coding;
  return d;
}

void CompressedClipContext::DecodeSegment(const CompressedClip& clip, int segment,
                                          int rotation_lanes, int vector_lanes,
                                          std::int32_t* codings, float* offsets, float* scales) {
  const int rotations = clip.RotationTrackCount();
  const int lanes_total = rotation_lanes + vector_lanes;
  clip.ForEachTrackCoding(segment, [&](int i, const TrackCoding& coding) {
    const bool rotation = i < rotations;
    const int lanes = rotation ? rotation_lanes : vector_lanes;
    const int lane = rotation ? i : rotation_lanes + i - rotations;
    const int column = rotation ? i : 3 * rotation_lanes + i - rotations;
    const TrackDecoding d = DecodingIn(clip, segment, i, coding);
    for (int c = 0; c < 3; ++c) {
      offsets[column + c * lanes] = d.offset[c];
      scales[column + c * lanes] = d.scale[c];
    }
    codings[lane] = static_cast<std::int32_t>(coding.first_bit);
    codings[lanes_total + lane] = static_cast<std::int32_t>(coding.residual_bit);
    codings[2 * lanes_total + lane] = static_cast<std::int32_t>(coding.layout);
  });
}

void CompressedClipContext::EnterSegment(int segment) {
  if (shared_ == nullptr) {
    DecodeSegment(*clip_, segment, rotation_lanes_, vector_lanes_, OwnCodings(), OwnOffsets(),
                  OwnScales());
  }
  segment_ = segment;
  // The cursors were in another segment's keys.
  for (KeyCursor& cursor : cursors_) cursor.key = -1;
}

CompressedClipContext::Decodings CompressedClipContext::SegmentDecodings() const {
  const int lanes = Lanes();
  const std::int32_t* ints = shared_ != nullptr
                                 ? shared_->ints_.data() + std::size_t{3} * lanes * segment_
                                 : ints_.data() + lanes + rotation_lanes_ / 4;
  const float* floats = shared_ != nullptr
                            ? shared_->floats_.data() + std::size_t{6} * lanes * segment_
                            : floats_.data() + 2 * KeyFloats();
  return {ints, ints + lanes, ints + 2 * lanes, floats, floats + 3 * lanes};
}

CompressedClipDecodings::CompressedClipDecodings(const CompressedClip& clip, CompressedKeys keys)
    : clip_(&clip) {
  const int rotations = clip.RotationTrackCount();
  const int rotation_lanes = Pad4(rotations);
  const int vector_lanes = Pad4(clip.TrackCount() - rotations);
  const auto segments = static_cast<std::size_t>(clip.SegmentCount());
  const int lane_count = rotation_lanes + vector_lanes;
  const auto lanes = static_cast<std::size_t>(lane_count);
  ints_.assign(segments * 3 * lanes, 0);
  floats_.assign(segments * 6 * lanes, 0.0f);  // padding lanes: offsets and scales 0
  consecutive_joints_.assign(static_cast<std::size_t>(rotation_lanes / 4), 0);
  CompressedClipContext::FindConsecutiveJoints(clip, consecutive_joints_.data());
  for (std::size_t s = 0; s < segments; ++s) {
    std::int32_t* const ints = ints_.data() + s * 3 * lanes;
    float* const floats = floats_.data() + s * 6 * lanes;
    CompressedClipContext::DecodeSegment(clip, static_cast<int>(s), rotation_lanes, vector_lanes,
                                         ints, floats, floats + 3 * lanes);
  }
  if (keys == CompressedKeys::kSampled) SampleKeys();
}

std::size_t CompressedClipDecodings::ByteSize() const {
  return sizeof(*this) +
         (ints_.capacity() + consecutive_joints_.capacity()) * sizeof(std::int32_t) +
         floats_.capacity() * sizeof(float) + samples_.capacity() * sizeof(float);
}

// What MoveTracks works on: the clip's sample interval's place in its
// segment, and where the next segment's first keys start for the tracks
// summed so far (a track whose second key is the next segment's sample 0
// reads it there).
struct CompressedClipContext::Move {
  int k;       // the clip's sample interval [k, k + 1]
  int first;   // the first sample of the segment k is in
  int length;  // its samples
  bool last;   // the clip's last segment
  std::uint32_t next_bit = 0;
  int next_summed = 0;
};

// Every track whose two keys no longer surround the clip's sample interval
// [k, k + 1] moves to the keys that do: when play moves forward the new pair
// starts at the old pair's second key, so only one key is decoded then.
void CompressedClipContext::MoveTracks(int k) {
  const CompressedClip& clip = *clip_;
  const int segment = k / clip.SegmentLength();
  if (segment != segment_) EnterSegment(segment);
  Move move;
  move.k = k;
  move.first = segment * clip.SegmentLength();
  move.length = clip.SegmentSamples(segment);
  move.last = segment + 1 == clip.SegmentCount();
  move.next_bit = static_cast<std::uint32_t>(tracks_) * kTrackHeaderBits;
  MoveLanes<true>(move);
  MoveLanes<false>(move);
}

namespace {

// Key values from codes, four lanes at once: offset + code * scale per
// component (codes [component][lane]; offsets and scales `stride` floats
// apart per component), and for rotations the quaternions of those smallest
// three components.
template <bool kRotation>
ANIM_SOA_ALWAYS_INLINE void KeyValues(const float* q, const float* offsets, const float* scales,
                                      int stride, const float* largest,
                                      soa::F32x4 out[kRotation ? 4 : 3]) {
  using namespace soa;
  F32x4 v[3];
  for (int c = 0; c < 3; ++c) {
    v[c] = Load4(offsets + c * stride) + Load4(q + 4 * c) * Load4(scales + c * stride);
  }
  if constexpr (kRotation) {
    SmallestThreeToQuaternions(v, Load4(largest), out);
  } else {
    for (int c = 0; c < 3; ++c) out[c] = v[c];
  }
}

ANIM_SOA_ALWAYS_INLINE soa::I32x4 LaneMask(int bits) {
  return soa::I32x4{-(bits & 1), -((bits >> 1) & 1), -((bits >> 2) & 1), -((bits >> 3) & 1)};
}

}  // namespace

// One group of four lanes of one kind (rotations or vectors) in MoveLanes:
// where its lanes, tracks, keys and decodings are.
struct CompressedClipContext::LaneGroup {
  int j;        // its first lane among its kind's
  int end;      // how many of its lanes are tracks (the others padding)
  int lanes;    // lanes of its kind
  int lane0;    // its kind's first lane in the per-lane arrays
  int track0;   // the track of lane lane0
  int key0;     // its kind's first float in the key blocks
  int column0;  // its kind's first column in the decodings
  std::int32_t* keys;
  const std::uint8_t* data;  // the segment's
  Decodings decodings;

  TrackCoding CodingOf(int l) const {
    const int lane = lane0 + j + l;
    return TrackCoding{static_cast<std::uint32_t>(decodings.first_bit[lane]),
                       static_cast<std::uint32_t>(decodings.residual_bit[lane]),
                       static_cast<std::uint32_t>(decodings.layout[lane])};
  }
  const float* Offsets() const { return decodings.offsets + column0 + j; }
  const float* Scales() const { return decodings.scales + column0 + j; }
};

// What DecodeMovedLanes found for a group: which lanes move and how, and
// their new keys' codes ([component][lane]) with their largest components;
// for lanes whose second key is the next segment's first, that segment's
// offsets and scales (4 floats apart per component).
struct CompressedClipContext::MovedCodes {
  int moved = 0, advanced = 0, decoded_a = 0, next_segment = 0;
  float qa[12] = {}, qb[12] = {};
  float largest_a[4] = {0, 0, 0, 0}, largest_b[4] = {0, 0, 0, 0};
  float next_offset[12], next_scale[12];
};

// Four lanes at a time: each lane that moves finds its keys and decodes
// their codes (scalar: each has its own parameters, stride and cursor); the
// codes become values (and rotations quaternions) four lanes at once,
// written into the lanes that moved, the others kept.
template <bool kRotation>
void CompressedClipContext::MoveLanes(Move& move) {
  const CompressedClip& clip = *clip_;
  const int rotations = clip.RotationTrackCount();
  const int count = kRotation ? rotations : tracks_ - rotations;
  LaneGroup g;
  g.lanes = kRotation ? rotation_lanes_ : vector_lanes_;
  g.lane0 = kRotation ? 0 : rotation_lanes_;
  g.track0 = kRotation ? 0 : rotations;
  g.key0 = kRotation ? 0 : 4 * rotation_lanes_;
  g.column0 = kRotation ? 0 : 3 * rotation_lanes_;
  g.data = clip.SegmentData(segment_);
  g.decodings = SegmentDecodings();
  for (g.j = 0; g.j < count; g.j += 4) {
    g.end = std::min(4, count - g.j);
    g.keys = Keys() + g.lane0 + g.j;
    if (StepGroup<kRotation>(move, g)) continue;
    MovedCodes codes;
    DecodeMovedLanes(move, g, codes);
    if (codes.moved != 0) StoreMovedLanes<kRotation>(g, codes);
  }
}

// Forward play where a group's tracks all keep a key every sample and held
// the previous interval: each decodes one key, the next sample's (the key
// after its cursor's), and its old second key becomes its first. False,
// changing nothing, for any other group.
template <bool kRotation>
ANIM_SOA_ALWAYS_INLINE bool CompressedClipContext::StepGroup(const Move& move, const LaneGroup& g) {
  using namespace soa;
  const int k = move.k, local = k - move.first;
  if (local + 1 >= move.length) return false;
  const std::int32_t stepped_from = PackKeys(k - 1, k);
  const std::int32_t* const layouts = g.decodings.layout + g.lane0 + g.j;
  for (int l = 0; l < g.end; ++l) {
    if (g.keys[l] != stepped_from ||
        (static_cast<std::uint32_t>(layouts[l]) & KeyLayout::kStrideMask) != 0) {
      return false;
    }
  }
  const CompressedClip& clip = *clip_;
  KeyCursor* const cursors = cursors_.data() + g.track0 + g.j;
  // Padding lanes (no track; offsets and scales 0) come out as the
  // identity rotation or zero.
  float q[12] = {}, largest[4] = {3.0f, 3.0f, 3.0f, 3.0f};
  for (int l = 0; l < g.end; ++l) {
    largest[l] =
        static_cast<float>(KeyCodes(g.data, g.CodingOf(l), clip.TrackLargest(g.track0 + g.j + l),
                                    local + 1, cursors[l], q + l));
  }
  constexpr int kComponents = kRotation ? 4 : 3;
  F32x4 out[kComponents];
  KeyValues<kRotation>(q, g.Offsets(), g.Scales(), g.lanes, largest, out);
  float* const a_out = A() + g.key0 + g.j;
  float* const b_out = B() + g.key0 + g.j;
  for (int c = 0; c < kComponents; ++c) {
    Store4(a_out + c * g.lanes, Load4(b_out + c * g.lanes));
    Store4(b_out + c * g.lanes, out[c]);
  }
  for (int l = 0; l < g.end; ++l) g.keys[l] = PackKeys(k, k + 1);
  decoded_keys_ += g.end;
  return true;
}

// Each lane of the group whose keys no longer surround sample k: its new
// keys' samples (a stride apart), and the codes of those not already held
// (moving forward, the old second key is the new first).
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::DecodeMovedLanes(Move& move, const LaneGroup& g,
                                                                    MovedCodes& codes) {
  const CompressedClip& clip = *clip_;
  const int k = move.k, local = k - move.first, length = move.length;
  KeyCursor* const cursors = cursors_.data() + g.track0 + g.j;
  for (int l = 0; l < g.end; ++l) {
    const std::int32_t held = g.keys[l];
    const int held_b = KeyBOf(held);
    if (held_b - KeyGapOf(held) <= k && k < held_b) continue;
    codes.moved |= 1 << l;
    const TrackCoding coding = g.CodingOf(l);
    const int largest = clip.TrackLargest(g.track0 + g.j + l);
    const int stride = 1 << KeyLayout::StrideShift(coding.layout);
    int a, b;
    SegmentKeyInterval(local, length, move.last, stride, &a, &b);
    const int ga = move.first + a, gb = move.first + b;
    if (ga == held_b) {  // forward: the old second key is the new first
      codes.advanced |= 1 << l;
    } else {
      codes.largest_a[l] = static_cast<float>(
          KeyCodes(g.data, coding, largest, SegmentKeyIndex(a, length, move.last, stride),
                   cursors[l], codes.qa + l));
      codes.decoded_a |= 1 << l;
      ++decoded_keys_;
    }
    if (b < length) {
      codes.largest_b[l] = static_cast<float>(
          KeyCodes(g.data, coding, largest, SegmentKeyIndex(b, length, move.last, stride),
                   cursors[l], codes.qb + l));
    } else {
      DecodeNextSegmentKey(move, g.track0 + g.j + l, l, largest, g.Offsets(), g.Scales(), g.lanes,
                           codes);
    }
    ++decoded_keys_;
    g.keys[l] = PackKeys(ga, gb);
  }
}

// Lane l's second key is the next segment's sample 0: its first key,
// decoded by that segment's header (the cursor stays in this segment), with
// that segment's offset and scale for the lane (the other lanes keep this
// segment's `offsets` and `scales`, `lanes` apart per component). Rare, so
// out of line, taking plain values that keep the group in registers.
void CompressedClipContext::DecodeNextSegmentKey(Move& move, int track, int l, int largest,
                                                 const float* offsets, const float* scales,
                                                 int lanes, MovedCodes& codes) {
  using namespace soa;
  const CompressedClip& clip = *clip_;
  const int segment = segment_ + 1;
  for (; move.next_summed < track; ++move.next_summed) {
    move.next_bit += static_cast<std::uint32_t>(KeyLayout::FirstKeyBits(KeyLayoutOf(
        clip.TrackHeader(segment, move.next_summed), clip.TrackLargest(move.next_summed))));
  }
  const TrackCoding next_coding{
      move.next_bit, 0,
      KeyLayoutOf(clip.TrackHeader(segment, track), static_cast<std::uint8_t>(largest))};
  const TrackDecoding d = DecodingIn(clip, segment, track, next_coding);
  KeyCursor first;
  codes.largest_b[l] = static_cast<float>(
      KeyCodes(clip.SegmentData(segment), next_coding, largest, 0, first, codes.qb + l));
  if (codes.next_segment == 0) {
    for (int c = 0; c < 3; ++c) {
      Store4(codes.next_offset + 4 * c, Load4(offsets + c * lanes));
      Store4(codes.next_scale + 4 * c, Load4(scales + c * lanes));
    }
  }
  codes.next_segment |= 1 << l;
  for (int c = 0; c < 3; ++c) {
    codes.next_offset[4 * c + l] = d.offset[c];
    codes.next_scale[4 * c + l] = d.scale[c];
  }
}

// The moved lanes' new keys as values, four lanes at once: the first key
// decoded, or the old second key where play moved forward, or kept; the
// second key decoded; the lanes that did not move keep both.
template <bool kRotation>
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::StoreMovedLanes(const LaneGroup& g,
                                                                   const MovedCodes& codes) {
  using namespace soa;
  constexpr int kComponents = kRotation ? 4 : 3;
  const int lanes = g.lanes;
  float* const a_out = A() + g.key0 + g.j;
  float* const b_out = B() + g.key0 + g.j;
  F32x4 old_b[kComponents];
  for (int c = 0; c < kComponents; ++c) old_b[c] = Load4(b_out + c * lanes);
  const I32x4 moved_mask = LaneMask(codes.moved);
  const I32x4 advanced_mask = LaneMask(codes.advanced);
  if (codes.decoded_a != 0) {
    F32x4 new_a[kComponents];
    KeyValues<kRotation>(codes.qa, g.Offsets(), g.Scales(), lanes, codes.largest_a, new_a);
    const I32x4 decoded_mask = LaneMask(codes.decoded_a);
    for (int c = 0; c < kComponents; ++c) {
      Store4(a_out + c * lanes, Select(decoded_mask, new_a[c],
                                       Select(advanced_mask, old_b[c], Load4(a_out + c * lanes))));
    }
  } else {
    for (int c = 0; c < kComponents; ++c) {
      Store4(a_out + c * lanes, Select(advanced_mask, old_b[c], Load4(a_out + c * lanes)));
    }
  }
  F32x4 new_b[kComponents];
  if (codes.next_segment != 0) {
    KeyValues<kRotation>(codes.qb, codes.next_offset, codes.next_scale, 4, codes.largest_b, new_b);
  } else {
    KeyValues<kRotation>(codes.qb, g.Offsets(), g.Scales(), lanes, codes.largest_b, new_b);
  }
  for (int c = 0; c < kComponents; ++c) {
    Store4(b_out + c * lanes, Select(moved_mask, new_b[c], old_b[c]));
  }
}

// Every sample's row: a context on the coded keys (samples_ is still empty,
// so it decodes them) walks every sample interval k; row k is each track's
// value at sample k (its key there, or its two keys interpolated at that
// sample's time, as the sampler would), and row k + 1 too after the last
// interval.
void CompressedClipDecodings::SampleKeys() {
  const CompressedClip& clip = *clip_;
  const int samples = clip.SampleCount();
  if (clip.TrackCount() == 0 || samples < 2) return;  // nothing to interpolate
  CompressedClipContext context(clip, this);
  const int rotations = clip.RotationTrackCount();
  const int vectors = clip.TrackCount() - rotations;
  const int rl = context.rotation_lanes_;
  const int vl = context.vector_lanes_;
  const auto floats = static_cast<std::size_t>(context.KeyFloats());
  samples_.assign(static_cast<std::size_t>(samples) * floats, 0.0f);
  // The fraction of the way from key ka to key kb that sample n lies at,
  // in time (a track keyed every few samples is a line or arc in time).
  auto fraction = [&](int n, int ka, int kb) {
    const float t0 = clip.SampleTime(ka), t1 = clip.SampleTime(kb);
    return t1 > t0 ? (clip.SampleTime(n) - t0) / (t1 - t0) : (n >= kb ? 1.0f : 0.0f);
  };
  auto fill = [&](int n) {
    float* const row = samples_.data() + static_cast<std::size_t>(n) * floats;
    const float* const a = context.A();
    const float* const b = context.B();
    for (int l = 0; l < rl; ++l) {
      if (l >= rotations) {
        row[3 * rl + l] = 1.0f;  // the identity
        continue;
      }
      const std::int32_t keys = context.Keys()[l];
      const int kb = CompressedClipContext::KeyBOf(keys);
      const int ka = kb - CompressedClipContext::KeyGapOf(keys);
      const glm::quat qa(a[3 * rl + l], a[l], a[rl + l], a[2 * rl + l]);
      const glm::quat qb(b[3 * rl + l], b[l], b[rl + l], b[2 * rl + l]);
      const glm::quat q = n == ka   ? qa
                          : n == kb ? qb
                                    : interpolation::SlerpKeys(qa, qb, fraction(n, ka, kb));
      row[l] = q.x, row[rl + l] = q.y, row[2 * rl + l] = q.z, row[3 * rl + l] = q.w;
    }
    for (int l = 0; l < vectors; ++l) {
      const std::int32_t keys = context.Keys()[rl + l];
      const int kb = CompressedClipContext::KeyBOf(keys);
      const int ka = kb - CompressedClipContext::KeyGapOf(keys);
      const float s = n == ka ? 0.0f : n == kb ? 1.0f : fraction(n, ka, kb);
      for (int c = 0; c < 3; ++c) {
        const int at = 4 * rl + c * vl + l;
        row[at] = n == ka ? a[at] : n == kb ? b[at] : a[at] * (1.0f - s) + b[at] * s;
      }
    }
  };
  for (int k = 0; k + 1 < samples; ++k) {
    context.MoveTracks(k);
    fill(k);
    if (k + 2 == samples) fill(k + 1);
  }
}

// The two keys of V's lanes (four, or eight in code built for AVX), lanes
// per component (a rotation's four, or a translation's or scale's three and
// a fourth to ignore), from float `key_at` of the two key blocks, their
// kind's `kind_lanes` lanes per component: the context's own blocks, or,
// bound to sampled keys, the rows of the clip's sample interval.
template <typename V>
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::GroupKeys(int kind_lanes, int key_at,
                                                             int components, V (&a)[4], V (&b)[4]) {
  const float* const keys_a =
      (sampled_ ? shared_->samples_.data() + static_cast<std::size_t>(key_) * KeyFloats() : A()) +
      key_at;
  const float* const keys_b = keys_a + KeyFloats();
  for (int c = 0; c < components; ++c) {
    a[c] = soa::Load<V>(keys_a + c * kind_lanes);
    b[c] = soa::Load<V>(keys_b + c * kind_lanes);
  }
}

namespace {

// The constant channels, as stored: rotations first, their four floats
// copied as they are.
void WriteConstants(const CompressedClip& clip, SoaPose& pose) {
  const int rotations = clip.RotationConstantCount();
  float* const q[4] = {pose.Channel(kQx), pose.Channel(kQy), pose.Channel(kQz), pose.Channel(kQw)};
  for (int i = 0; i < rotations; ++i) {
    const ConstantChannel constant = clip.Constant(i);
    for (int c = 0; c < 4; ++c) q[c][constant.joint] = constant.value[c];
  }
  for (int i = rotations; i < clip.ConstantCount(); ++i) {
    const ConstantChannel constant = clip.Constant(i);
    const int first = constant.channel == CompressedChannel::kTranslation ? kTx : kSx;
    for (int c = 0; c < 3; ++c) pose.Channel(first + c)[constant.joint] = constant.value[c];
  }
}

}  // namespace

// The clip's sample interval: unchanged most frames; when it changes, the
// tracks whose keys no longer surround it move.
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::Seek(float time) {
  const CompressedClip& clip = *clip_;
  const int last = clip.SampleCount() - 2;
  const int key = key_;
  if (key < 0 || (time < interval_t0_ && key > 0) || (time >= interval_t1_ && key < last)) {
    const int k = key >= 0 && time >= interval_t1_ && time < clip.SampleTime(key + 2)
                      ? key + 1
                      : std::min(clip.SampleAtOrBefore(time), last);
    if (!sampled_) MoveTracks(k);
    key_ = k;
    interval_t0_ = clip.SampleTime(k);
    interval_t1_ = clip.SampleTime(k + 1);
  }
}

ANIM_SOA_ALWAYS_INLINE float CompressedClipContext::IntervalFraction(float time) const {
  const float t0 = interval_t0_, t1 = interval_t1_;
  return t1 > t0 ? std::clamp((time - t0) / (t1 - t0), 0.0f, 1.0f) : (time >= t1 ? 1.0f : 0.0f);
}

// Rotation lanes [begin, end), as many at a time as V holds (soa::F32x4; or
// F32x8, in code built for AVX):
// interpolation::SlerpKeys without branches (shorter arc, series weights,
// normalise); lanes whose keys are too far apart for the series are redone
// by the scalar SlerpKeys.
template <typename V>
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::InterpolateRotations(float time, float fraction,
                                                                        int begin, int end,
                                                                        SoaPose& pose) {
  using namespace soa;
  constexpr int kLanes = kLanesOf<V>;
  const CompressedClip& clip = *clip_;
  const int rotations = clip.RotationTrackCount();
  const int rl = rotation_lanes_;
  const std::int32_t* const consecutive_joints = ConsecutiveJoints();
  V shared_s = Splat<V>(fraction), shared_ca[6], shared_cb[6];
  interpolation::SlerpSeriesCoefficients(Splat<V>(1.0f - fraction), shared_ca);
  interpolation::SlerpSeriesCoefficients(shared_s, shared_cb);
  // Lanes whose keys are the clip's own sample interval (a key every
  // sample) share its fraction and series coefficients, worked out once;
  // padding lanes keep kNoKeys (only the last group has them).
  std::int32_t interval_group[kLanes];
  std::fill_n(interval_group, kLanes, PackKeys(key_, key_ + 1));
  for (int j = begin; j < end; j += kLanes) {
    const int lanes = std::min(kLanes, rotations - j);
    V s = shared_s;
    const V(*ca)[6] = &shared_ca;
    const V(*cb)[6] = &shared_cb;
    V own_ca[6], own_cb[6];
    if (!sampled_) {
      for (int l = lanes; l < kLanes; ++l) interval_group[l] = kNoKeys;
      if (std::memcmp(Keys() + j, interval_group, sizeof(interval_group)) != 0) {
        s = KeyFractions<V>(j, lanes, time);
        interpolation::SlerpSeriesCoefficients(1.0f - s, own_ca);
        interpolation::SlerpSeriesCoefficients(s, own_cb);
        ca = &own_ca;
        cb = &own_cb;
      }
    }
    V ka[4], kb[4];
    GroupKeys(rl, j, 4, ka, kb);
    V q[4];
    const MaskOf<V> far = SlerpSeriesLanes(ka, kb, *ca, *cb, q);
    // (Padding lanes hold the identity in both keys: never far.)
    if (Any(far)) RedoFarLanes(ka, kb, s, far, q);
    // Tracks of joints in a row: one store each (eight lanes: two such
    // groups of four, the second after the first).
    bool consecutive = consecutive_joints[j / 4] != 0;
    if constexpr (kLanes == 8) {
      consecutive = consecutive && consecutive_joints[j / 4 + 1] != 0 &&
                    clip.TrackJoint(j + 4) == clip.TrackJoint(j) + 4;
    }
    if (consecutive) {
      for (int c = 0; c < 4; ++c) Store(pose.Channel(kQx + c) + clip.TrackJoint(j), q[c]);
      continue;
    }
    for (int l = 0; l < lanes; ++l) {
      const int joint = clip.TrackJoint(j + l);
      for (int c = 0; c < 4; ++c) pose.Channel(kQx + c)[joint] = q[c][l];
    }
  }
}

// Translation and scale lanes [begin, end), as many at a time as V holds
// (as above): lerp, x * (1 - s) + y * s as glm::mix.
template <typename V>
ANIM_SOA_ALWAYS_INLINE void CompressedClipContext::InterpolateVectors(float time, float fraction,
                                                                      int begin, int end,
                                                                      SoaPose& pose) {
  using namespace soa;
  constexpr int kLanes = kLanesOf<V>;
  const CompressedClip& clip = *clip_;
  const int rotations = clip.RotationTrackCount();
  const int rl = rotation_lanes_;
  const int vl = vector_lanes_;
  const int vectors = clip.TrackCount() - rotations;
  for (int j = begin; j < end; j += kLanes) {
    const int lanes = std::min(kLanes, vectors - j);
    const V s = sampled_ ? Splat<V>(fraction) : KeyFractions<V>(rl + j, lanes, time);
    const V u = 1.0f - s;
    V ka[4], kb[4];
    GroupKeys(vl, 4 * rl + j, 3, ka, kb);
    V v[3];
    for (int c = 0; c < 3; ++c) v[c] = ka[c] * u + kb[c] * s;
    for (int l = 0; l < lanes; ++l) {
      const int track = rotations + j + l;
      const int first = clip.TrackChannel(track) == CompressedChannel::kTranslation ? kTx : kSx;
      const int joint = clip.TrackJoint(track);
      for (int c = 0; c < 3; ++c) pose.Channel(first + c)[joint] = v[c][l];
    }
  }
}

#if ANIM_SOA_WIDE
// Where soa::WideKernels() says so: eight lanes at a time, the last four
// (the lanes are padded to four) four at a time.
ANIM_SOA_WIDE_TARGET void CompressedClipContext::InterpolateWide(float time, float fraction,
                                                                 SoaPose& pose) {
  const int rotations_wide = rotation_lanes_ / 8 * 8;
  InterpolateRotations<soa::F32x8>(time, fraction, 0, rotations_wide, pose);
  InterpolateRotations<soa::F32x4>(time, fraction, rotations_wide, rotation_lanes_, pose);
  const int vectors_wide = vector_lanes_ / 8 * 8;
  InterpolateVectors<soa::F32x8>(time, fraction, 0, vectors_wide, pose);
  InterpolateVectors<soa::F32x4>(time, fraction, vectors_wide, vector_lanes_, pose);
}
#endif

void kernels::SampleCompressedClip(const CompressedClip& clip, float time,
                                   CompressedClipContext& context, SoaPose& pose) {
  WriteConstants(clip, pose);
  if (context.tracks_ == 0) return;
  context.Seek(time);
  const float fraction = context.IntervalFraction(time);
#if ANIM_SOA_WIDE
  if (soa::WideKernels()) {
    context.InterpolateWide(time, fraction, pose);
    return;
  }
#endif
  context.InterpolateRotations<soa::F32x4>(time, fraction, 0, context.rotation_lanes_, pose);
  context.InterpolateVectors<soa::F32x4>(time, fraction, 0, context.vector_lanes_, pose);
}

}  // namespace anim
