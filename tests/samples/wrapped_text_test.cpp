// WrapLines with one width unit per byte: lines break at spaces only, so
// numbers with decimals, units and names stay whole (ImGui 1.86 breaks
// after '.'); over-long paths break after a '/', other long words between
// characters, never inside a UTF-8 character.
#include "samples/wrapped_text.h"

#include <gtest/gtest.h>

namespace {

std::vector<std::string> Wrap(std::string_view text, float width) {
  return samples::WrapLines(text, width,
                            [](std::string_view s) { return static_cast<float>(s.size()); });
}

using Lines = std::vector<std::string>;

TEST(WrapLines, BreaksAtSpacesOnlySoNumbersStayWhole) {
  // ImGui would put "the error is 69." on the first line.
  EXPECT_EQ(Wrap("the error is 69.1 mm here", 16), (Lines{"the error is", "69.1 mm here"}));
  EXPECT_EQ(Wrap("1,234.5 ms, 0.25x", 8), (Lines{"1,234.5", "ms,", "0.25x"}));
  EXPECT_EQ(Wrap("fits on one line", 16), (Lines{"fits on one line"}));
}

TEST(WrapLines, KeepsNewlinesAndDropsSpacesAtBreaks) {
  EXPECT_EQ(Wrap("a b\n\nc  d ", 10), (Lines{"a b", "", "c d"}));
  EXPECT_EQ(Wrap("", 10), (Lines{""}));
}

TEST(WrapLines, AnOverLongPathBreaksAfterASlash) {
  EXPECT_EQ(Wrap("Opened /work/assets/robot/Robot.glb", 16),
            (Lines{"Opened", "/work/assets/", "robot/Robot.glb"}));
}

TEST(WrapLines, AnOverLongWordBreaksBetweenCharactersNeverInsideOne) {
  EXPECT_EQ(Wrap("abcdefgh", 3), (Lines{"abc", "def", "gh"}));
  // "\xc3\xa9" (e acute) is two bytes: with "a" three, over a width of 2.
  EXPECT_EQ(Wrap("a\xc3\xa9\xc3\xa9", 2), (Lines{"a", "\xc3\xa9", "\xc3\xa9"}));
  // Narrower than one character: one character a line anyway.
  EXPECT_EQ(Wrap("ab", 0.5f), (Lines{"a", "b"}));
}

}  // namespace
