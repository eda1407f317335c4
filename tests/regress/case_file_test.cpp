// Case files: fields, quoting, overrides, and a clear error naming the line
// for everything else.
#include "regress/case_file.h"

#include <gtest/gtest.h>

namespace {

using regress::Case;

TEST(CaseFile, ReadsNamesModelsArgumentsAndOverrides) {
  const std::string text =
      "# a comment\n"
      "\n"
      "walk_0_55 | models/hero.glb | --clip Walk --time 0.55 --size 320x240\n"
      "  quoted|a b.gltf|--set 'name=a b' --clip \"Run fast\" | image_budget=0.05 "
      "pose_tolerance=0.001 shift_tolerant=0\n";
  std::vector<Case> cases;
  std::string error;
  ASSERT_TRUE(regress::ParseCaseText(text, "my.cases", &cases, &error)) << error;
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "walk_0_55");
  EXPECT_EQ(cases[0].model, "models/hero.glb");
  EXPECT_EQ(cases[0].args,
            (std::vector<std::string>{"--clip", "Walk", "--time", "0.55", "--size", "320x240"}));
  EXPECT_EQ(cases[0].line, 3);
  EXPECT_DOUBLE_EQ(cases[0].tolerances.image_budget, 0.02);
  EXPECT_TRUE(cases[0].tolerances.shift_tolerant);
  EXPECT_EQ(cases[1].model, "a b.gltf");
  EXPECT_EQ(cases[1].args, (std::vector<std::string>{"--set", "name=a b", "--clip", "Run fast"}));
  EXPECT_DOUBLE_EQ(cases[1].tolerances.image_budget, 0.05);
  EXPECT_DOUBLE_EQ(cases[1].tolerances.pose_tolerance, 0.001);
  EXPECT_DOUBLE_EQ(cases[1].tolerances.axis_tolerance, 1e-4);
  EXPECT_FALSE(cases[1].tolerances.shift_tolerant);
}

TEST(CaseFile, EachMistakeNamesTheFileItsLineAndTheProblem) {
  const struct {
    const char* text;
    const char* expected;
  } bad[] = {
      {"ok | m.gltf | --time 1\nonly | two\n", "f.cases:2: expected 'name | model | arguments"},
      {"bad/name | m.gltf | x\n", "f.cases:1: case name 'bad/name' may hold only"},
      {"a | m.gltf | x\n# c\na | n.gltf | y\n", "f.cases:3: case 'a' is named twice"},
      {"a |  | x\n", "f.cases:1: case 'a' names no model"},
      {"a | m.gltf | --set 'x\n", "f.cases:1: case 'a': arguments: unclosed '"},
      {"a | m.gltf | x | budget=1\n", "f.cases:1: case 'a': unknown override 'budget=1'"},
      {"a | m.gltf | x | image_budget=-1\n", "f.cases:1: case 'a': override 'image_budget=-1'"},
      {"a | m.gltf | x | channel_threshold=300\n", "f.cases:1: case 'a': unknown override"},
      {"a | b | c | d | e\n",
       "f.cases:1: expected 'name | model | arguments [| overrides]', found 5"},
  };
  for (const auto& b : bad) {
    std::vector<Case> cases;
    std::string error;
    EXPECT_FALSE(regress::ParseCaseText(b.text, "f.cases", &cases, &error)) << b.text;
    EXPECT_EQ(error.rfind(b.expected, 0), 0u) << error;
  }
  std::vector<Case> cases;
  std::string error;
  EXPECT_FALSE(regress::ParseCaseFile("/no/such/file.cases", &cases, &error));
  EXPECT_EQ(error, "/no/such/file.cases: cannot read the case file");
}

// Names hold letters, digits, '_', '-' and '.', every one of them up to
// the ends of its range, and nothing else.
TEST(CaseFile, NamesTakeLettersDigitsAndThreeMarksOnly) {
  for (const char* name : {"az", "AZ", "09", "a_b-c.d", "walk9", "Z0"}) {
    std::vector<Case> cases;
    std::string error;
    EXPECT_TRUE(regress::ParseCaseText(std::string(name) + " | m.gltf | --time 1\n", "f.cases",
                                       &cases, &error))
        << name << ": " << error;
  }
  for (const char* name : {"a b", "a/b", "a@b", "a[b", "a`b", "a{b", "a:b", "a+b", "..", "."}) {
    std::vector<Case> cases;
    std::string error;
    EXPECT_FALSE(regress::ParseCaseText(std::string(name) + " | m.gltf | --time 1\n", "f.cases",
                                        &cases, &error))
        << name;
  }
}

TEST(CaseFile, NamesMatchShellPatterns) {
  EXPECT_TRUE(regress::NameMatches("walk_0_55", "walk_0_55"));
  EXPECT_FALSE(regress::NameMatches("walk", "walk_0_55"));
  EXPECT_TRUE(regress::NameMatches("walk_*", "walk_0_55"));
  EXPECT_TRUE(regress::NameMatches("*_55", "walk_0_55"));
  EXPECT_TRUE(regress::NameMatches("w?lk*5", "walk_0_55"));
  EXPECT_TRUE(regress::NameMatches("*", "anything"));
  EXPECT_FALSE(regress::NameMatches("run_*", "walk_0_55"));
  EXPECT_TRUE(regress::NameMatches("a*b*c", "axxbyyc"));
  EXPECT_FALSE(regress::NameMatches("a*b*c", "axxbyy"));
}

}  // namespace
