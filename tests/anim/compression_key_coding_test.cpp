// The key coding of compressed clips (anim/compression/key_coding.h):
//   - Rice codes of hand-picked differences written and read back as the
//     bit patterns worked out here by hand, the long escape included;
//   - a clip whose one segment is built here bit by bit from the format's
//     description (two tracks, one strided, a key every sample and every
//     second, linear-prediction differences) decoded by DecodeKey and by
//     the sampler, forward, backward and by seeks, to the values worked out
//     by hand; another whose differences take the escape; a rotation whose
//     stored components lie past the unit sphere (scaled back onto it);
//   - SkipResiduals over random streams of every key layout against where
//     BitWriter ended each key.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/compression/compressed_clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/key_coding.h"
#include "anim/core/soa_pose.h"
#include "compression_fixture.h"

namespace {

// Bits least significant first (the stream's order) into bytes, with the
// stream's 8 bytes of padding after.
std::vector<std::uint8_t> Pack(const std::vector<int>& bits) {
  std::vector<std::uint8_t> bytes((bits.size() + 7) / 8 + 8, 0);
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (bits[i] != 0) bytes[i / 8] |= static_cast<std::uint8_t>(1u << (i % 8));
  }
  return bytes;
}

// `value` as `count` bits, least significant first.
void Append(std::vector<int>& bits, std::uint32_t value, int count) {
  for (int i = 0; i < count; ++i) bits.push_back(static_cast<int>((value >> i) & 1u));
}

TEST(KeyCodingTest, RiceCodesAreTheHandWorkedBitPatterns) {
  // -3 with k = 1: folded 5 = 0b101; 5 >> 1 = 2 ones, a zero, then the low
  // bit 1: 1 1 0 1. 7 with k = 2: folded 14 = 0b1110; 3 ones, a zero, low
  // bits 10 (least significant first: 0 1). 0 with k = 0: one zero.
  std::vector<std::uint8_t> stream;
  anim::BitWriter writer(stream);
  writer.PutRice(-3, 1);
  writer.PutRice(7, 2);
  writer.PutRice(0, 0);
  EXPECT_EQ(writer.Bit(), 4u + 6u + 1u);
  std::vector<int> expected = {1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0};
  std::vector<std::uint8_t> hand = Pack(expected);
  hand.resize(stream.size());
  EXPECT_EQ(stream, hand);
  stream.resize(stream.size() + 8, 0);
  std::uint32_t bit = 0;
  EXPECT_EQ(anim::ReadRice(stream.data(), &bit, 1), -3);
  EXPECT_EQ(bit, 4u);
  EXPECT_EQ(anim::ReadRice(stream.data(), &bit, 2), 7);
  EXPECT_EQ(bit, 10u);
  EXPECT_EQ(anim::ReadRice(stream.data(), &bit, 0), 0);
  EXPECT_EQ(bit, 11u);
}

TEST(KeyCodingTest, LargeDifferencesTakeTheEscape) {
  // 1000 with k = 0 would be 2000 ones: 24 ones, then 2000 in 27 bits.
  std::vector<std::uint8_t> stream;
  anim::BitWriter writer(stream);
  writer.PutRice(1000, 0);
  writer.PutRice(-70000, 3);  // folded 139999 >> 3 = 17499 ones: the escape too
  EXPECT_EQ(writer.Bit(), 2u * (anim::kRiceEscape + anim::kEscapeBits));
  std::vector<int> expected(24, 1);
  Append(expected, 2000, 27);
  std::vector<std::uint8_t> hand = Pack(expected);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(stream[i], hand[i]) << i;
  stream.resize(stream.size() + 8, 0);
  std::uint32_t bit = 0;
  EXPECT_EQ(anim::ReadRice(stream.data(), &bit, 0), 1000);
  EXPECT_EQ(anim::ReadRice(stream.data(), &bit, 3), -70000);
  EXPECT_EQ(bit, 2u * (anim::kRiceEscape + anim::kEscapeBits));
}

// SkipResiduals takes codes from a 64-bit window and loads it again only
// when the next code may not fit: streams of random keys (every key layout:
// per-key largest bits or not, components without residuals, parameters 0
// to 14, differences long enough to take the escape, so codes straddle
// windows) written by BitWriter, which says where each key ends; skipping
// any number of keys from any starting bit must land there.
TEST(KeyCodingTest, SkippingKeysLandsWhereTheWriterEndedThem) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 400; ++trial) {
    const bool per_key_largest = trial % 2 == 1;
    int rice[3], first_bits[3] = {0, 0, 0};
    for (int& k : rice) {
      k = static_cast<int>(random() % 17);
      if (k > anim::kMaxRiceParameter) k = anim::kNoResiduals;
    }
    const std::uint32_t layout = anim::KeyLayout::Pack(first_bits, rice, 0, per_key_largest);
    // Mostly small differences, some of them huge (the escape).
    std::uniform_int_distribution<int> small(-40, 40), huge(-5000000, 5000000);
    const int start = static_cast<int>(random() % 13);
    std::vector<std::uint8_t> stream;
    anim::BitWriter writer(stream);
    writer.Put(0, start);
    std::vector<std::uint32_t> ends = {static_cast<std::uint32_t>(start)};
    const int keys = 1 + static_cast<int>(random() % 60);
    for (int i = 0; i < keys; ++i) {
      if (per_key_largest) writer.Put(static_cast<std::uint32_t>(random() % 4), 2);
      for (int k : rice) {
        if (k == anim::kNoResiduals) continue;
        writer.PutRice(random() % 8 == 0 ? huge(random) : small(random) << (k / 2), k);
      }
      ends.push_back(static_cast<std::uint32_t>(writer.Bit()));
    }
    writer.Put(0xffffffffu, 32);  // ones after the end, not zeros, must not matter
    stream.resize(stream.size() + 8, 0xff);
    for (int n = 0; n <= keys; ++n) {
      ASSERT_EQ(anim::SkipResiduals(stream.data(), ends[0], layout, n), ends[n])
          << "trial " << trial << ", " << n << " keys";
    }
    // From a key boundary on, the rest.
    const int from = keys / 2;
    ASSERT_EQ(anim::SkipResiduals(stream.data(), ends[from], layout, keys - from), ends[keys])
        << "trial " << trial;
  }
}

// Two translation tracks over 5 samples (one segment, the clip's last):
//   track 0 (joint 0), x in [1, 3] at step code 8 (steps of a quarter of
//     the range, 0.5; codes 0..4, 3 bits), a key every sample, codes
//     1 3 4 4 2: x = 1.5 2.5 3 3 2. Differences from the prediction
//     (previous code + previous difference between codes; the second key:
//     the first): 3 - 1 = 2, 4 - (3 + 2) = -1, 4 - (4 + 1) = -1,
//     2 - (4 + 0) = -2; folded 4 1 1 3; Rice k = 1:
//     110 0, 0 1, 0 1, 10 1.
//   track 1 (joint 1), x in [0, 1] at step code 4 (0.5; codes 0..2, 2
//     bits), a key every 2 samples (samples 0, 2, 4), codes 0 2 1: x = 0,
//     1, 0.5 (0.5 and 0.75 between). Differences 2 and 1 - (2 + 2) = -3;
//     folded 4 and 5; Rice k = 0: 11110, 111110.
// y and z never change (clip extent 0): step code 0, Rice field 0, no bits.
anim::CompressedClip HandBuiltClip() {
  std::vector<int> bits;
  const auto header = [&](int stride_code, int step, int rice) {
    Append(bits, static_cast<std::uint32_t>(stride_code), 3);
    Append(bits, static_cast<std::uint32_t>(step), 7);
    Append(bits, static_cast<std::uint32_t>(rice), 4);
    Append(bits, 0, 22);  // y and z
  };
  header(0, 8, 1);
  header(1, 4, 0);
  Append(bits, 1, 3);  // track 0's first key
  Append(bits, 0, 2);  // track 1's
  for (int b : {1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1}) bits.push_back(b);
  for (int b : {1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0}) bits.push_back(b);
  std::vector<std::uint8_t> stream = Pack(bits);
  stream.resize((bits.size() + 7) / 8);  // the clip adds its own padding
  std::vector<anim::CompressedTrack> tracks(2);
  for (int t = 0; t < 2; ++t) {
    // Extents 2^(4/4) = 2 and 2^(0/4) = 1.
    tracks[t] = {{t == 0 ? 1.0f : 0.0f, 0.0f, 0.0f},
                 {static_cast<std::int8_t>(t == 0 ? 4 : 0), anim::kNoExtent, anim::kNoExtent},
                 static_cast<std::uint16_t>(t),
                 anim::CompressedChannel::kTranslation,
                 0};
  }
  std::vector<float> times;
  for (int i = 0; i < 5; ++i) times.push_back(static_cast<float>(i) / 30.0f);
  return anim::CompressedClip("hand", 0.0f, 4.0f / 30.0f, 2, times, 8, tracks, {}, {0u},
                              std::move(stream));
}

constexpr float kTrack0[5] = {1.5f, 2.5f, 3.0f, 3.0f, 2.0f};
constexpr float kTrack1[5] = {0.0f, 0.5f, 1.0f, 0.75f, 0.5f};  // keys at 0, 2, 4

// x of both joints at `time`, worked out by hand from the keys above.
void ExpectHandValuesAt(const anim::CompressedClip& clip, anim::CompressedClipContext& context,
                        float time) {
  anim::SoaPose pose(compression_test::ChainSkeleton(2).RestPose());
  ASSERT_TRUE(anim::SampleCompressedClip(clip, time, context, pose));
  const float at = std::clamp(time * 30.0f, 0.0f, 4.0f);
  const int i = std::min(static_cast<int>(at), 3);
  const float s = at - static_cast<float>(i);
  EXPECT_NEAR(pose.Channel(anim::kTx)[0], kTrack0[i] + (kTrack0[i + 1] - kTrack0[i]) * s, 1e-5f)
      << time;
  EXPECT_NEAR(pose.Channel(anim::kTx)[1], kTrack1[i] + (kTrack1[i + 1] - kTrack1[i]) * s, 1e-5f)
      << time;
}

TEST(KeyCodingTest, HandBuiltSegmentDecodesToTheHandWorkedKeys) {
  const anim::CompressedClip clip = HandBuiltClip();
  ASSERT_EQ(clip.SegmentCount(), 1);
  EXPECT_EQ(clip.SegmentStride(0, 0), 1);
  EXPECT_EQ(clip.SegmentStride(0, 1), 2);
  EXPECT_EQ(clip.StepCode(0, 0, 0), 8);
  EXPECT_EQ(clip.StepCode(0, 1, 0), 4);
  for (int i = 0; i < 5; ++i) {
    float key[4];
    clip.DecodeKey(0, i, key);
    EXPECT_FLOAT_EQ(key[0], kTrack0[i]) << i;
    EXPECT_FLOAT_EQ(key[1], 0.0f);
    EXPECT_FLOAT_EQ(key[2], 0.0f);
    if (i % 2 != 0) continue;
    clip.DecodeKey(1, i, key);
    EXPECT_FLOAT_EQ(key[0], kTrack1[i]) << i;
  }
}

TEST(KeyCodingTest, SamplerGivesTheHandWorkedValuesForwardBackwardAndBySeeks) {
  const anim::CompressedClip clip = HandBuiltClip();
  const anim::CompressedClipDecodings decodings(clip);
  for (const anim::CompressedClipDecodings* shared :
       {&decodings, static_cast<const anim::CompressedClipDecodings*>(nullptr)}) {
    anim::CompressedClipContext context(clip, shared);
    for (int f = 0; f <= 16; ++f) ExpectHandValuesAt(clip, context, static_cast<float>(f) / 120.0f);
    for (int f = 16; f >= 0; --f) ExpectHandValuesAt(clip, context, static_cast<float>(f) / 120.0f);
    std::mt19937 random(5);
    std::uniform_real_distribution<float> any(-0.01f, 0.15f);
    for (int i = 0; i < 200; ++i) ExpectHandValuesAt(clip, context, any(random));
  }
}

// One translation track over 3 samples whose differences take the escape:
// x in [0, 1] at step code 40 (steps of 2^-10; codes 0..1024, 11 bits),
// codes 0 1000 1000: differences 1000 and 1000 - (1000 + 1000) = -1000,
// folded 2000 and 1999, with k = 0 far past 24 ones: 24 ones and 27 bits
// each.
TEST(KeyCodingTest, EscapedDifferencesDecodeThroughTheSampler) {
  std::vector<int> bits;
  Append(bits, 0, 3);   // stride code
  Append(bits, 40, 7);  // x: step code 40, Rice parameter 0
  Append(bits, 0, 4);
  Append(bits, 0, 22);  // y, z
  Append(bits, 0, 11);  // the first key
  for (std::uint32_t z : {2000u, 1999u}) {
    Append(bits, (1u << 24) - 1u, 24);
    Append(bits, z, 27);
  }
  std::vector<std::uint8_t> stream = Pack(bits);
  stream.resize((bits.size() + 7) / 8);
  const anim::CompressedTrack track{{0.0f, 0.0f, 0.0f},
                                    {0, anim::kNoExtent, anim::kNoExtent},
                                    0,
                                    anim::CompressedChannel::kTranslation,
                                    0};
  const anim::CompressedClip clip("escape", 0.0f, 2.0f / 30.0f, 1,
                                  {0.0f, 1.0f / 30.0f, 2.0f / 30.0f}, 8, {track}, {}, {0u},
                                  std::move(stream));
  const float expected[3] = {0.0f, 1000.0f / 1024.0f, 1000.0f / 1024.0f};
  anim::CompressedClipContext context(clip);
  anim::SoaPose pose(compression_test::ChainSkeleton(1).RestPose());
  for (int i : {0, 1, 2, 1, 0, 2}) {
    float key[4];
    clip.DecodeKey(0, i, key);
    EXPECT_FLOAT_EQ(key[0], expected[i]) << i;
    ASSERT_TRUE(anim::SampleCompressedClip(clip, static_cast<float>(i) / 30.0f, context, pose));
    EXPECT_NEAR(pose.Channel(anim::kTx)[0], expected[i], 1e-6f) << i;
  }
}

// One rotation track (w dropped) over 2 samples whose first key's stored
// components lie outside the unit sphere, as rounding can leave them:
// x and y in [0, 1] at step code 4 (steps of 0.5; codes 0..2, 2 bits),
// z never changes (0). Key 0: codes 2 and 1, x = 1, y = 0.5: the sum of
// squares 1.25 is past 1, so w = 0 and x, y are scaled by 1 / sqrt(1.25).
// Key 1: codes 0 0 (the identity): differences -2 and -1, folded 3 and 1,
// k = 0: 1110 and 10. Between them (90 degrees apart) the sampler's exact
// slerp: a * sin(45) / sin(90) + b * sin(45) / sin(90).
TEST(KeyCodingTest, StoredComponentsPastTheUnitSphereAreScaledOntoIt) {
  std::vector<int> bits;
  Append(bits, 0, 3);  // stride code
  for (int c = 0; c < 2; ++c) {
    Append(bits, 4, 7);  // step code 4, Rice parameter 0
    Append(bits, 0, 4);
  }
  Append(bits, 0, 11);  // z
  Append(bits, 2, 2);   // the first key: x, y
  Append(bits, 1, 2);
  for (int b : {1, 1, 1, 0, 1, 0}) bits.push_back(b);
  std::vector<std::uint8_t> stream = Pack(bits);
  stream.resize((bits.size() + 7) / 8);
  const anim::CompressedTrack track{
      {0.0f, 0.0f, 0.0f}, {0, 0, anim::kNoExtent}, 0, anim::CompressedChannel::kRotation, 3};
  const anim::CompressedClip clip("outside", 0.0f, 1.0f / 30.0f, 1, {0.0f, 1.0f / 30.0f}, 8,
                                  {track}, {}, {0u}, std::move(stream));
  const float n = 1.0f / std::sqrt(1.25f);
  const float h = std::sqrt(0.5f);
  const float expected[3][4] = {
      {n, 0.5f * n, 0.0f, 0.0f}, {h * n, h * 0.5f * n, 0.0f, h}, {0.0f, 0.0f, 0.0f, 1.0f}};
  for (int i : {0, 1}) {
    float key[4];
    clip.DecodeKey(0, i, key);
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(key[c], expected[2 * i][c], 1e-6f) << i << " " << c;
  }
  const anim::CompressedClipDecodings decodings(clip);
  for (const anim::CompressedClipDecodings* shared :
       {&decodings, static_cast<const anim::CompressedClipDecodings*>(nullptr)}) {
    anim::CompressedClipContext context(clip, shared);
    anim::SoaPose pose(compression_test::ChainSkeleton(1).RestPose());
    for (int f : {0, 1, 2, 1, 0}) {
      ASSERT_TRUE(anim::SampleCompressedClip(clip, static_cast<float>(f) / 60.0f, context, pose));
      for (int c = 0; c < 4; ++c) {
        EXPECT_NEAR(pose.Channel(anim::kQx + c)[0], expected[f][c], 1e-5f) << f << " " << c;
      }
    }
  }
}

}  // namespace
