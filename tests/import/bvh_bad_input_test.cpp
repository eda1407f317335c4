// Hostile and broken BVH files: each is refused with "<file>:<line>: <the
// problem>", in bounded memory and time. The files are the hand-written take
// (bvh_test_util.h, kWalk) with one line replaced, or built here; the line
// numbers in the expectations are kWalk's (HIERARCHY is line 1).
#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "bvh_test_util.h"

namespace {

using bvh_test::BvhError;
using bvh_test::kWalk;

// kWalk with its line `line` (1-based) replaced by `text`.
std::string WalkWithLine(int line, const std::string& text) {
  std::string walk = kWalk;
  std::size_t begin = 0;
  for (int i = 1; i < line; ++i) begin = walk.find('\n', begin) + 1;
  const std::size_t end = walk.find('\n', begin);
  return walk.replace(begin, end - begin, text);
}

void ExpectError(const std::string& error, const std::string& where, const std::string& problem) {
  EXPECT_EQ(error.rfind(where, 0), 0u) << error;
  EXPECT_NE(error.find(problem), std::string::npos) << error;
}

// kWalk with one line replaced, and what its refusal must say.
struct BrokenLine {
  const char* why;   // what the case is about, for the failure message
  int line;          // kWalk's line replaced
  const char* text;  // by this
  int error_line;    // the line the message names
  const char* problem;
};

const BrokenLine kBrokenLines[] = {
    {"CHANNELS over six", 9, "CHANNELS 7 Zrotation Xrotation Yrotation", 9,
     "CHANNELS count 7 is more than 6"},
    {"unknown channel", 9, "CHANNELS 3 Zrotation Wrotation Yrotation", 9,
     "'Wrotation' is not a channel"},
    {"repeated channel", 9, "CHANNELS 3 Zrotation Xrotation Zrotation", 9,
     "joint 'Chest' lists Zrotation twice"},
    {"no OFFSET: named at the joint's '}'", 8, "", 14, "joint 'Chest' has no OFFSET"},
    {"no '{'", 7, "", 8, "expected {, found 'OFFSET'"},
    {"root never closed", 15, "", 16, "unexpected 'MOTION' in joint 'Hips'"},
    {"NaN offset", 8, "OFFSET 0 nan 0", 8, "OFFSET: 'nan' is not a finite number"},
    {"infinite offset", 8, "OFFSET 0 inf 0", 8, "OFFSET: 'inf' is not a finite number"},
    {"offset past float", 8, "OFFSET 0 1e39 0", 8, "'1e39' is out of single-precision range"},
    {"word for a number", 8, "OFFSET 0 ten 0", 8, "OFFSET: 'ten' is not a number"},
    {"zero Frame Time", 18, "Frame Time: 0", 18,
     "Frame Time 0 is not above 0 and at most 10 seconds"},
    {"negative Frame Time", 18, "Frame Time: -0.033", 18, "Frame Time -0.033 is not above 0"},
    {"NaN Frame Time", 18, "Frame Time: nan", 18, "Frame Time: 'nan' is not a finite number"},
    {"Frame Time over ten seconds", 18, "Frame Time: 11", 18, "Frame Time 11 is not above 0"},
    {"row too short", 20, "4 5 6 90 0 0 90 90", 20,
     "frame 2 has only 8 numbers; the CHANNELS declare 9"},
    {"row too long", 21, "7 8 9 0 0 0 0 90 90 1", 21,
     "frame 3 has more than 9 numbers; the CHANNELS declare 9"},
    {"infinite value", 19, "1 2 3 0 0 inf 0 0 0", 19, "frame 1: 'inf' is not a finite number"},
    {"fewer rows than Frames", 17, "Frames: 4", 22, "the file ends after 3 of 4 frames"},
    {"more rows than Frames", 17, "Frames: 2", 21, "text after the last of the 2 frames"},
    {"no frames", 17, "Frames: 0", 17, "Frames: 0, a take without frames"},
    {"negative frames", 17, "Frames: -3", 17, "Frames: '-3' is not a whole number"},
    // Refused from the file's size, before anything is allocated.
    {"a billion frames", 17, "Frames: 1000000000", 17,
     "Frames: 1000000000 with 9 channels claims more numbers than the file's"},
    {"frames past 64 bits", 17, "Frames: 99999999999999999999999", 17,
     "Frames 99999999999999999999999 is more than"},
};

TEST(BvhBadInput, EachBrokenLineIsRefusedNamingItsLine) {
  for (const BrokenLine& c : kBrokenLines) {
    SCOPED_TRACE(c.why);
    ExpectError(BvhError(WalkWithLine(c.line, c.text)),
                "bad.bvh:" + std::to_string(c.error_line) + ": ", c.problem);
  }
}

// frames x channels x 48 bytes must fit the load memory limit: three frames
// of nine channels need 1,296 bytes, over a 1,000-byte limit.
TEST(BvhBadInput, TakeOverTheLoadMemoryLimitIsRefused) {
  anim::ImportOptions options;
  options.max_load_bytes = 1000 + sizeof(kWalk) - 1;  // the file's bytes count too
  anim::Model model;
  std::string error;
  const std::string walk = kWalk;
  EXPECT_FALSE(anim::LoadBvhModelFromMemory("big.bvh",
                                            reinterpret_cast<const unsigned char*>(walk.data()),
                                            walk.size(), &model, &error, options));
  ExpectError(error, "big.bvh:17: ", "over the memory limit for one load");
  options.max_load_bytes = 1296 + walk.size();  // exactly enough
  EXPECT_TRUE(anim::LoadBvhModelFromMemory("big.bvh",
                                           reinterpret_cast<const unsigned char*>(walk.data()),
                                           walk.size(), &model, &error, options))
      << error;
}

// 100,000 JOINTs nested in each other: refused at the joint limit, from a
// loop with its own stack (a recursive reader would overflow the stack),
// within a second.
TEST(BvhBadInput, DeepNestingIsRefusedWithoutRecursion) {
  std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n";
  for (int i = 0; i < 100000; ++i) text += "JOINT j\n{\nOFFSET 0 1 0\n";
  const auto start = std::chrono::steady_clock::now();
  // ROOT is joint 1 on line 2; JOINT k (k = 1, 2, ...) stands on line 3k + 3,
  // so joint 4097, JOINT 4096, is on line 12291.
  ExpectError(BvhError(text), "bad.bvh:12291: ", "more than 4096 joints");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(BvhBadInput, TooManySiblingJoints) {
  std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n";
  for (int i = 0; i < 5000; ++i) text += "JOINT j\n{\nOFFSET 0 1 0\n}\n";
  ExpectError(BvhError(text), "bad.bvh:", "more than 4096 joints");
}

TEST(BvhBadInput, EmptyTruncatedOrNotBvh) {
  ExpectError(BvhError(""), "bad.bvh: ", "the file is empty");
  ExpectError(BvhError("{\"asset\":{}}"),
              "bad.bvh:1: ", "expected HIERARCHY, found '{\"asset\":{}}'");
  ExpectError(BvhError("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0"),
              "bad.bvh:4: ", "the file ends where an OFFSET number should be");
  ExpectError(BvhError("HIERARCHY\nMOTION\n"), "bad.bvh:2: ", "MOTION before any ROOT");
}

TEST(BvhBadInput, TakeWithoutChannelsIsRefused) {
  ExpectError(BvhError("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n}\nMOTION\nFrames: 1\n"
                       "Frame Time: 0.1\n\n"),
              "bad.bvh:6: ", "no joint has CHANNELS");
}

TEST(BvhBadInput, MissingFileIsNamed) {
  anim::Model model;
  std::string error;
  EXPECT_FALSE(anim::LoadBvhModel("/nonexistent/take.bvh", &model, &error));
  EXPECT_EQ(error, "/nonexistent/take.bvh: no such file");
}

}  // namespace
