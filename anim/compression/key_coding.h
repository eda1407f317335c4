// How a track's keys are coded inside a segment of a CompressedClip
// (compressed_clip.h), shared by the builder, CompressedClip::DecodeKey and
// the sampler so that all three agree to the bit.
//
// Each component of a track is quantised in a segment on a grid of its clip
// range: code q stands for range_min + q * step, with step = range_extent *
// 2^(-s/4) for the segment's step code s (a quarter octave between codes),
// q in [0, levels(s)]. Step code 0 is one value for the whole segment, in
// 16 bits of the clip range. The segment's first key stores its codes as
// they are (the bits levels(s) needs); every later key stores per component
// the difference from a linear prediction (the previous code plus the
// previous step between codes; the previous code for the second key) as a
// Rice code with the segment's parameter k for the component: the
// difference folded to an unsigned z (0, -1, 1, -2... as 0, 1, 2, 3...),
// z >> k as that many 1 bits and a 0, then z's low k bits. Past
// kRiceEscape ones, z follows in kEscapeBits bits. The parameter
// kNoResiduals writes nothing: every key repeats the first.
// (Rice coding of prediction residuals is what lossless audio coders such
// as FLAC and Shorten do with their fixed linear predictors.)
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace anim {

inline constexpr int kMaxStepCode = 96;  // steps of range / 2^24
inline constexpr int kStepCodeBits = 7;
inline constexpr int kRiceParameterBits = 4;
inline constexpr int kMaxRiceParameter = 14;
inline constexpr int kNoResiduals = 15;  // the Rice parameter of a component whose keys all repeat
inline constexpr int kStrideCodeBits = 3;
// Bits of one track's header in a segment: its stride code, then per
// component its step code and Rice parameter.
inline constexpr int kTrackHeaderBits = kStrideCodeBits + 3 * (kStepCodeBits + kRiceParameterBits);
// Unary lengths from kRiceEscape on: the folded difference follows as it is.
inline constexpr int kRiceEscape = 24;
inline constexpr int kEscapeBits = 27;
// The bits of step code 0's one value.
inline constexpr int kValueBits = 16;

// One step code: the step as a fraction of the clip range, the largest code
// and the bits of a first key's code.
struct StepCoding {
  float fraction;
  std::uint32_t levels;
  int bits;
};

inline constexpr std::array<StepCoding, kMaxStepCode + 1> kStepCodings = [] {
  // 2^(-i/4) for i = 0..3 (to double precision), so 2^(-s/4) is one of them
  // over a power of two.
  constexpr double kQuarter[4] = {1.0, 0.840896415253714543, 0.707106781186547524,
                                  0.594603557501360533};
  std::array<StepCoding, kMaxStepCode + 1> out{};
  constexpr std::uint32_t kValueLevels = (1u << kValueBits) - 1u;
  out[0] = {static_cast<float>(1.0 / kValueLevels), kValueLevels, kValueBits};
  for (int s = 1; s <= kMaxStepCode; ++s) {
    const double fraction = kQuarter[s % 4] / static_cast<double>(std::uint64_t{1} << (s / 4));
    // The fewest levels whose steps cover the range.
    const double need = 1.0 / fraction - 1e-9;
    auto levels = static_cast<std::uint32_t>(need);
    if (static_cast<double>(levels) < need) ++levels;
    int bits = 0;
    while ((std::uint64_t{1} << bits) <= levels) ++bits;
    out[static_cast<std::size_t>(s)] = {static_cast<float>(fraction), levels, bits};
  }
  return out;
}();

// A track's coding in one segment in one word (what the sampler keeps per
// track): per component its first key's bits (5 bits each) and Rice
// parameter (4 bits each), the stride shift (3 bits) and whether each key
// stores its largest component's index (1 bit).
struct KeyLayout {
  static std::uint32_t Pack(const int first_bits[3], const int rice[3], int stride_shift,
                            bool per_key_largest) {
    std::uint32_t out = 0;
    for (int c = 0; c < 3; ++c) {
      out |= static_cast<std::uint32_t>(first_bits[c]) << (5 * c);
      out |= static_cast<std::uint32_t>(rice[c]) << (15 + 4 * c);
    }
    return out | static_cast<std::uint32_t>(stride_shift) << 27 |
           static_cast<std::uint32_t>(per_key_largest) << 30;
  }
  static int FirstBits(std::uint32_t layout, int c) {
    return static_cast<int>((layout >> (5 * c)) & 31u);
  }
  static int Rice(std::uint32_t layout, int c) {
    return static_cast<int>((layout >> (15 + 4 * c)) & 15u);
  }
  static constexpr std::uint32_t kStrideMask = 7u << 27;  // 0: a key every sample
  static int StrideShift(std::uint32_t layout) {
    return static_cast<int>((layout & kStrideMask) >> 27);
  }
  static bool PerKeyLargest(std::uint32_t layout) { return ((layout >> 30) & 1u) != 0; }
  // Bits of the first key: the largest index's 2 and the three codes.
  static int FirstKeyBits(std::uint32_t layout) {
    return (PerKeyLargest(layout) ? 2 : 0) + FirstBits(layout, 0) + FirstBits(layout, 1) +
           FirstBits(layout, 2);
  }
};

// Where a track's keys are decoded up to: the next residual's bit, the
// index of the key last decoded, its codes and largest index, and per
// component the step from the key before (the prediction's slope).
struct KeyCursor {
  std::uint32_t bit = 0;
  std::int32_t key = -1;  // -1: nothing decoded
  std::int32_t largest = 0;
  std::int32_t code[3] = {0, 0, 0};
  std::int32_t slope[3] = {0, 0, 0};
};

// 64 bits from bit `bit` of `data` on (at least 56 valid: the stream is
// padded by 8 bytes).
inline std::uint64_t PeekBits(const std::uint8_t* data, std::uint64_t bit) {
  std::uint64_t word;
  std::memcpy(&word, data + (bit >> 3), sizeof(word));
  return word >> (bit & 7u);
}
inline std::uint32_t LowBits(std::uint64_t word, int count) {
  return static_cast<std::uint32_t>(word & ((std::uint64_t{1} << count) - 1u));
}

inline std::uint32_t FoldSigned(std::int32_t v) {
  return v >= 0 ? static_cast<std::uint32_t>(v) << 1 : (static_cast<std::uint32_t>(-v) << 1) - 1u;
}
inline std::int32_t UnfoldSigned(std::uint32_t z) {
  return static_cast<std::int32_t>(z >> 1) ^ -static_cast<std::int32_t>(z & 1u);
}

// One Rice code at *bit with parameter k (0..kMaxRiceParameter), unfolded;
// *bit moves past it.
inline std::int32_t ReadRice(const std::uint8_t* data, std::uint32_t* bit, int k) {
  const std::uint64_t word = PeekBits(data, *bit);
  const int ones = std::min(std::countr_one(word), kRiceEscape);
  if (ones < kRiceEscape) {
    *bit += static_cast<std::uint32_t>(ones + 1 + k);
    return UnfoldSigned(static_cast<std::uint32_t>(ones) << k | LowBits(word >> (ones + 1), k));
  }
  *bit += kRiceEscape + kEscapeBits;
  return UnfoldSigned(LowBits(word >> kRiceEscape, kEscapeBits));
}

// Bits of folded value z as a Rice code with parameter k.
inline int RiceBits(std::uint32_t z, int k) {
  const std::uint32_t ones = z >> k;
  return ones < static_cast<std::uint32_t>(kRiceEscape) ? static_cast<int>(ones) + 1 + k
                                                        : kRiceEscape + kEscapeBits;
}

// Decodes a track's first key (at `first_bit`) into `cursor`, its residuals
// starting at `residual_bit`. `fixed_largest`: the track's largest index
// when its keys do not store one.
inline void ReadFirstKey(const std::uint8_t* data, std::uint32_t first_bit,
                         std::uint32_t residual_bit, std::uint32_t layout, int fixed_largest,
                         KeyCursor* cursor) {
  std::uint64_t word = PeekBits(data, first_bit);  // at most 2 + 3 * 17 bits: one load
  int largest = fixed_largest;
  if (KeyLayout::PerKeyLargest(layout)) {
    largest = static_cast<int>(word & 3u);
    word >>= 2;
  }
  // A first key wider than the load holds (components past 17 bits) reads
  // each code on its own.
  const bool one_load = KeyLayout::FirstKeyBits(layout) <= 56;
  std::uint32_t at = first_bit + (KeyLayout::PerKeyLargest(layout) ? 2u : 0u);
  for (int c = 0; c < 3; ++c) {
    const int bits = KeyLayout::FirstBits(layout, c);
    cursor->code[c] = static_cast<std::int32_t>(one_load ? LowBits(word, bits)
                                                         : LowBits(PeekBits(data, at), bits));
    word >>= bits;
    at += static_cast<std::uint32_t>(bits);
    cursor->slope[c] = 0;
  }
  cursor->largest = largest;
  cursor->key = 0;
  cursor->bit = residual_bit;
}

// Decodes the key after the cursor's from its residuals.
inline void ReadNextKey(const std::uint8_t* data, std::uint32_t layout, KeyCursor* cursor) {
  std::uint32_t bit = cursor->bit;
  if (KeyLayout::PerKeyLargest(layout)) {
    cursor->largest = static_cast<std::int32_t>(LowBits(PeekBits(data, bit), 2));
    bit += 2;
  }
  for (int c = 0; c < 3; ++c) {
    const int k = KeyLayout::Rice(layout, c);
    if (k == kNoResiduals) continue;
    const std::int32_t code = cursor->code[c] + cursor->slope[c] + ReadRice(data, &bit, k);
    cursor->slope[c] = code - cursor->code[c];
    cursor->code[c] = code;
  }
  cursor->bit = bit;
  ++cursor->key;
}

// The bit past `keys` keys' residuals starting at `bit`. Every code starts
// where the one before ends, so this is one chain through the segment, and
// reading each code with its own load (ReadRice) made the loads' latency
// the chain's: it takes codes from one 64-bit window while they fit in it
// (several codes a load), loading again only when the next one may not.
inline std::uint32_t SkipResiduals(const std::uint8_t* data, std::uint32_t bit,
                                   std::uint32_t layout, int keys) {
  const int largest_bits = KeyLayout::PerKeyLargest(layout) ? 2 : 0;
  int rice[3];
  int coded = 0;
  for (int c = 0; c < 3; ++c) {
    const int k = KeyLayout::Rice(layout, c);
    if (k != kNoResiduals) rice[coded++] = k;
  }
  if (coded == 0) return bit + static_cast<std::uint32_t>(keys * largest_bits);
  std::uint64_t word = PeekBits(data, bit);
  int valid = 64 - static_cast<int>(bit & 7u);  // bits of `word` that are the stream's
  // One field of `length` bits (at most kRiceEscape + kEscapeBits, 51) off
  // the window; the window loaded again at `bit` first when it holds fewer.
  auto refill = [&] {
    word = PeekBits(data, bit);
    valid = 64 - static_cast<int>(bit & 7u);
  };
  for (int i = 0; i < keys; ++i) {
    if (largest_bits != 0) {
      if (valid < largest_bits) refill();
      word >>= largest_bits;
      valid -= largest_bits;
      bit += static_cast<std::uint32_t>(largest_bits);
    }
    for (int c = 0; c < coded; ++c) {
      // Past the valid bits the window holds zeros, which end a run of
      // ones: a code that does not fit shows as longer than `valid`.
      int ones = std::min(std::countr_one(word), kRiceEscape);
      int length = ones < kRiceEscape ? ones + 1 + rice[c] : kRiceEscape + kEscapeBits;
      if (length > valid) {
        refill();
        ones = std::min(std::countr_one(word), kRiceEscape);
        length = ones < kRiceEscape ? ones + 1 + rice[c] : kRiceEscape + kEscapeBits;
      }
      word >>= length;
      valid -= length;
      bit += static_cast<std::uint32_t>(length);
    }
  }
  return bit;
}

// Appends to a little-endian bit stream (the builder's side).
class BitWriter {
 public:
  explicit BitWriter(std::vector<std::uint8_t>& stream)
      : stream_(stream), bit_(stream.size() * 8u) {}
  void Put(std::uint32_t value, int count) {
    for (int i = 0; i < count; ++i, ++bit_) {
      if ((bit_ >> 3) >= stream_.size()) stream_.push_back(0);
      if ((value >> i) & 1u) stream_[bit_ >> 3] |= static_cast<std::uint8_t>(1u << (bit_ & 7u));
    }
  }
  void PutRice(std::int32_t v, int k) {
    const std::uint32_t z = FoldSigned(v);
    const std::uint32_t ones = z >> k;
    if (ones >= static_cast<std::uint32_t>(kRiceEscape)) {
      Put((1u << kRiceEscape) - 1u, kRiceEscape);
      Put(z, kEscapeBits);
      return;
    }
    Put((1u << ones) - 1u, static_cast<int>(ones) + 1);  // ones 1 bits and a 0
    Put(z, k);
  }
  std::uint64_t Bit() const { return bit_; }

 private:
  std::vector<std::uint8_t>& stream_;
  std::uint64_t bit_;
};

}  // namespace anim
