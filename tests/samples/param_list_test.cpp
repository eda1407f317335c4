#include "samples/param_list.h"
#include "samples/counted.h"

#include <gtest/gtest.h>

namespace {

struct Values {
  float f = 0.5f;
  int i = 2;
  bool b = false;
  int c = 0;
};

samples::ParamList Make(Values& v) {
  samples::ParamList p;
  p.AddFloat("weight", &v.f, 0.0f, 1.0f, "w");
  p.AddInt("falloff", &v.i, 0, 5, "f");
  p.AddBool("synced", &v.b, "s");
  p.AddChoice("clip", &v.c, {"Walk", "Run"}, "c");
  return p;
}

TEST(ParamList, SetsEveryKindFromText) {
  Values v;
  samples::ParamList p = Make(v);
  std::string error;
  ASSERT_TRUE(p.SetAssignment("weight=0.25", &error)) << error;
  ASSERT_TRUE(p.SetAssignment("falloff=4", &error)) << error;
  ASSERT_TRUE(p.SetAssignment("synced=true", &error)) << error;
  ASSERT_TRUE(p.SetAssignment("clip=Run", &error)) << error;
  EXPECT_EQ(v.f, 0.25f);
  EXPECT_EQ(v.i, 4);
  EXPECT_TRUE(v.b);
  EXPECT_EQ(v.c, 1);
  ASSERT_TRUE(p.SetAssignment("clip=0", &error)) << error;
  EXPECT_EQ(v.c, 0);
}

TEST(ParamList, RejectsBadValuesWithAReasonAndKeepsTheOldValue) {
  Values v;
  samples::ParamList p = Make(v);
  std::string error;
  EXPECT_FALSE(p.SetAssignment("weight=1.5", &error));
  EXPECT_NE(error.find("outside [0, 1]"), std::string::npos) << error;
  EXPECT_FALSE(p.SetAssignment("weight=abc", &error));
  EXPECT_NE(error.find("not a number"), std::string::npos) << error;
  EXPECT_FALSE(p.SetAssignment("weight=nan", &error));
  EXPECT_FALSE(p.SetAssignment("clip=Jump", &error));
  EXPECT_NE(error.find("Walk, Run"), std::string::npos) << error;
  EXPECT_FALSE(p.SetAssignment("nosuch=1", &error));
  EXPECT_NE(error.find("this sample has: weight, falloff, synced, clip"), std::string::npos)
      << error;
  EXPECT_FALSE(p.SetAssignment("weight", &error));
  EXPECT_EQ(v.f, 0.5f);
  EXPECT_EQ(v.c, 0);
}

TEST(ParamList, DescribeListsRangesAndChoices) {
  Values v;
  const std::string text = Make(v).Describe();
  EXPECT_NE(text.find("weight = 0.5  (float [0, 1])"), std::string::npos) << text;
  EXPECT_NE(text.find("clip = Walk  (one of: Walk Run)"), std::string::npos) << text;
}

TEST(ParamList, SetChoicesClampsTheIndex) {
  Values v;
  v.c = 1;
  samples::ParamList p = Make(v);
  p.SetChoices("clip", {"Only"});
  EXPECT_EQ(v.c, 0);
}

TEST(ParamList, TriggersAndKeysActLikeTheirWidgets) {
  Values v;
  samples::ParamList p = Make(v);
  bool jumped = false;
  p.AddTrigger("jump", &jumped, 'J', "j");
  p.BindKeys("synced", 'Y');
  p.BindKeys("weight", 0, 'S', 'W');
  std::string error;
  EXPECT_FALSE(p.SetAssignment("jump=0", &error));
  EXPECT_NE(error.find("a trigger is fired with 1"), std::string::npos) << error;
  ASSERT_TRUE(p.SetAssignment("jump=1", &error)) << error;
  EXPECT_TRUE(jumped);
  jumped = false;
  EXPECT_TRUE(p.PressKey('J'));
  EXPECT_TRUE(jumped);
  EXPECT_TRUE(p.PressKey('Y'));  // toggles the bool
  EXPECT_TRUE(v.b);
  EXPECT_TRUE(p.PressKey('Y'));
  EXPECT_FALSE(v.b);
  // W and S step the float by a tenth of its [0, 1] range, clamped.
  EXPECT_TRUE(p.PressKey('W'));
  EXPECT_FLOAT_EQ(v.f, 0.6f);
  for (int i = 0; i < 10; ++i) p.PressKey('S');
  EXPECT_FLOAT_EQ(v.f, 0.0f);
  EXPECT_FALSE(p.PressKey('Q'));
  EXPECT_FALSE(p.PressKey(0));
  EXPECT_NE(p.Describe().find("key J"), std::string::npos);
}

TEST(Counted, TheNounTakesTheNumberOfItsCount) {
  EXPECT_EQ(samples::Counted(1, "clip"), "1 clip");
  EXPECT_EQ(samples::Counted(0, "clip"), "0 clips");
  EXPECT_EQ(samples::Counted(14, "clip"), "14 clips");
  EXPECT_EQ(samples::Counted(-1, "joint"), "-1 joints");
  EXPECT_EQ(samples::Counted(1, "vertex", "vertices"), "1 vertex");
  EXPECT_EQ(samples::Counted(3, "vertex", "vertices"), "3 vertices");
}

}  // namespace
