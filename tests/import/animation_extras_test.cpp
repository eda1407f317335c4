// Animation extras: the ground speed, text-key events and role a glTF
// animation may carry in "extras" become Clip::Speed(), Clip::Events() and
// the clip's role; bad ones
// warn (naming the file and the animation) and leave the clip usable.
#include <gtest/gtest.h>

#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "model/clip_roles.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::HasWarningContaining;
using gltf_test::LoadOk;

// One joint, one animation "Walk" over [0, 1.1] s with the given extras
// JSON (empty: none).
std::string FileWithExtras(const std::string& extras) {
  GltfBuilder b;
  const gltf_test::SkinnedQuad q = gltf_test::AddSkinnedQuad(b);
  const int times = b.AddFloats({0.0f, 1.1f}, "SCALAR");
  const int values = b.AddFloats({0, 0, 0, 0, 0, 1}, "VEC3");
  const auto s = [](int i) { return std::to_string(i); };
  const std::string rest =
      R"("nodes":[{"name":"Hips","children":[1]},{"name":"Spine"},{"mesh":0,"skin":0}],
      "skins":[{"joints":[0,1],"inverseBindMatrices":)" +
      s(q.inverse_bind) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      s(q.positions) + R"(,"JOINTS_0":)" + s(q.joints) + R"(,"WEIGHTS_0":)" + s(q.weights) +
      R"(},"indices":)" + s(q.indices) + R"(}]}],
      "animations":[{"name":"Walk",)" +
      (extras.empty() ? std::string() : "\"extras\":" + extras + ",") + R"("samplers":[{"input":)" +
      s(times) + R"(,"output":)" + s(values) + R"(}],
        "channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}],
      "scenes":[{"nodes":[0,2]}],"scene":0)";
  return b.EmbeddedJson(rest);
}

TEST(AnimationExtras, SpeedAndEventsBecomeTheClips) {
  const anim::Model model = LoadOk(FileWithExtras(
      R"({"speed": 1.4, "events": [{"time": 0.55, "name": "footstep_right"},
                                  {"time": 0, "name": "footstep_left"}], "other": "kept quiet"})"));
  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Clip& clip = model.clips[0];
  EXPECT_FLOAT_EQ(clip.Speed(), 1.4f);
  ASSERT_EQ(clip.Events().size(), 2u);
  // Sorted by time.
  EXPECT_EQ(clip.Events()[0].name, "footstep_left");
  EXPECT_FLOAT_EQ(clip.Events()[0].time, 0.0f);
  EXPECT_EQ(clip.Events()[1].name, "footstep_right");
  EXPECT_FLOAT_EQ(clip.Events()[1].time, 0.55f);
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
}

TEST(AnimationExtras, NoExtrasMeansNoSpeedAndNoEvents) {
  const anim::Model model = LoadOk(FileWithExtras(""));
  EXPECT_EQ(model.clips[0].Speed(), 0.0f);
  EXPECT_TRUE(model.clips[0].Events().empty());
}

TEST(AnimationExtras, BadValuesWarnNamingTheFileAndAnimationAndAreLeftOut) {
  struct Case {
    const char* extras;
    const char* warning;
  };
  const Case cases[] = {
      {R"("fast")", "animation \"Walk\" (0): extras is not an object"},
      {R"({"speed": "fast"})", "animation \"Walk\" (0): extras.speed must be a number"},
      {R"({"speed": -2})", "extras.speed must be a number of metres per second, at least 0"},
      {R"({"role": "lean"})", "extras.role must be one of \"additive\", \"idle\""},
      {R"({"role": 3})", "extras.role must be one of"},
      {R"({"events": {"time": 0}})", "extras.events must be an array"},
      {R"({"events": [3]})", "extras.events[0] is not an object"},
      {R"({"events": [{"name": "x"}]})", "extras.events[0] has no numeric \"time\""},
      {R"({"events": [{"time": "0.5", "name": "x"}]})", "extras.events[0] has no numeric \"time\""},
      {R"({"events": [{"time": 0.5}]})", "extras.events[0] has no non-empty text \"name\""},
      {R"({"events": [{"time": 0.5, "name": ""}]})", "has no non-empty text \"name\""},
      {R"({"events": [{"time": 0.5, "name": "ok"}, {"time": 2.5, "name": "late"}]})",
       "extras.events[1] \"late\" at 2.500000 s lies outside the clip [0.000000, 1.100000]"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.extras);
    const anim::Model model = LoadOk(FileWithExtras(c.extras), "walker.gltf");
    ASSERT_EQ(model.clips.size(), 1u);
    EXPECT_TRUE(HasWarningContaining(model, std::string("walker.gltf: ")));
    EXPECT_TRUE(HasWarningContaining(model, c.warning));
    EXPECT_EQ(model.clips[0].Speed(), 0.0f);
    // Only the good event of the last case survives.
    for (const anim::ClipEvent& e : model.clips[0].Events()) EXPECT_EQ(e.name, "ok");
  }
}

// The file's word on a role is taken over the guess, and says so; without
// it the motion decides (a single joint turning in place: not additive).
TEST(AnimationExtras, TheFilesRoleIsTakenOverTheGuess) {
  for (const char* role : {"additive", "idle", "locomotion", "one-shot", "full body"}) {
    SCOPED_TRACE(role);
    const anim::Model model = LoadOk(FileWithExtras(std::string(R"({"role": ")") + role + "\"}"));
    ASSERT_EQ(model.clip_roles.size(), 1u);
    EXPECT_STREQ(anim::RoleName(model.clip_roles[0].role), role);
    EXPECT_FALSE(model.clip_roles[0].Overridden());
    EXPECT_TRUE(model.clip_roles[0].from_file);
    EXPECT_NE(model.clip_roles[0].reason.find("the file says so"), std::string::npos);
    EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  }
  const anim::Model guessed = LoadOk(FileWithExtras(""));
  EXPECT_EQ(guessed.clip_roles[0].reason.find("the file says so"), std::string::npos);
  EXPECT_FALSE(guessed.clip_roles[0].from_file);
}

}  // namespace
