// The viewer's argument parser: any order, both "--x v" and "--x=v", and a
// clear message for every mistake.
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "app/command_line.h"
#include "app/headless_commands.h"

namespace {

using animviewer::ParseCommandLine;

TEST(CommandLine, NoArgumentsMeansDefaultModelInAWindow) {
  const auto r = ParseCommandLine({});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.file.empty());
  EXPECT_FALSE(r.options.headless);
  EXPECT_FALSE(r.options.clip.has_value());
  EXPECT_EQ(r.options.width, 1280);
  EXPECT_EQ(r.options.height, 720);
  EXPECT_EQ(r.options.loop, anim::LoopMode::kLoop);
  EXPECT_EQ(r.options.speed, 1.0f);
}

TEST(CommandLine, HeadlessOptionsInAnyOrder) {
  const auto a = ParseCommandLine({"--headless", "--clip", "Walking", "--time", "1.25", "--size",
                                   "640x480", "--screenshot", "out.png", "model.glb"});
  const auto b = ParseCommandLine({"model.glb", "--screenshot=out.png", "--size=640x480",
                                   "--time=1.25", "--clip=Walking", "--headless"});
  for (const auto* r : {&a, &b}) {
    ASSERT_TRUE(r->ok()) << r->error;
    EXPECT_TRUE(r->options.headless);
    EXPECT_EQ(r->options.file, "model.glb");
    EXPECT_EQ(r->options.clip.value_or(""), "Walking");
    EXPECT_DOUBLE_EQ(r->options.time, 1.25);
    EXPECT_EQ(r->options.width, 640);
    EXPECT_EQ(r->options.height, 480);
    EXPECT_EQ(r->options.screenshot, "out.png");
  }
}

TEST(CommandLine, LoopSpeedAndToggles) {
  const auto r = ParseCommandLine({"--loop", "ping-pong", "--speed", "-0.5", "--skeleton",
                                   "--wireframe", "--dump-pose", "p.json", "--info"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.options.loop, anim::LoopMode::kPingPong);
  EXPECT_FLOAT_EQ(r.options.speed, -0.5f);  // negative speed plays backwards
  EXPECT_TRUE(r.options.skeleton);
  EXPECT_TRUE(r.options.wireframe);
  EXPECT_TRUE(r.options.info);
  EXPECT_EQ(r.options.dump_pose, "p.json");
  EXPECT_EQ(ParseCommandLine({"--loop=clamp"}).options.loop, anim::LoopMode::kClamp);
}

TEST(CommandLine, ApplySceneTurnReachesEveryLoad) {
  EXPECT_FALSE(animviewer::LoadOptionsFor(ParseCommandLine({}).options).import.apply_scene_turn);
  const auto r = ParseCommandLine({"model.glb", "--apply-scene-turn"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.apply_scene_turn);
  EXPECT_TRUE(animviewer::LoadOptionsFor(r.options).import.apply_scene_turn);
}

TEST(CommandLine, SkinningMethod) {
  EXPECT_EQ(ParseCommandLine({}).options.skinning, anim::SkinningMethod::kLinearBlend);
  EXPECT_EQ(ParseCommandLine({"--skinning", "dqs"}).options.skinning,
            anim::SkinningMethod::kDualQuaternion);
  EXPECT_EQ(ParseCommandLine({"--skinning=dqs", "--skinning=lbs"}).options.skinning,
            anim::SkinningMethod::kLinearBlend);
  const auto bad = ParseCommandLine({"--skinning", "dq"});
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.error.find("--skinning needs lbs"), std::string::npos) << bad.error;
  EXPECT_NE(bad.error.find("'dq'"), std::string::npos) << bad.error;
}

TEST(CommandLine, ToneMapExposureAndCamera) {
  const animviewer::Options defaults = ParseCommandLine({}).options;
  EXPECT_EQ(defaults.tone_map.curve, render::ToneMapping::kNone);
  EXPECT_EQ(defaults.tone_map.exposure, 1.0f);
  EXPECT_TRUE(defaults.camera.empty());
  const animviewer::Options set =
      ParseCommandLine({"--tone-mapping", "neutral", "--exposure", "2.5", "--camera", "Head cam"})
          .options;
  EXPECT_EQ(set.tone_map.curve, render::ToneMapping::kPbrNeutral);
  EXPECT_EQ(set.tone_map.exposure, 2.5f);
  EXPECT_EQ(set.camera, "Head cam");
  EXPECT_EQ(ParseCommandLine({"--tone-mapping=aces"}).options.tone_map.curve,
            render::ToneMapping::kAces);
  const auto bad_curve = ParseCommandLine({"--tone-mapping", "filmic"});
  EXPECT_NE(bad_curve.error.find("--tone-mapping needs none, neutral or aces, got 'filmic'"),
            std::string::npos)
      << bad_curve.error;
  for (const char* exposure : {"0", "-1", "65", "nan", "x"}) {
    const auto bad = ParseCommandLine({"--exposure", exposure});
    EXPECT_FALSE(bad.ok()) << exposure;
    EXPECT_NE(bad.error.find("--exposure needs a factor above 0"), std::string::npos) << bad.error;
  }
}

TEST(CommandLine, EnvironmentAndBackground) {
  const animviewer::Options defaults = ParseCommandLine({}).options;
  EXPECT_EQ(defaults.environment, render::Environment::kStudio);
  EXPECT_EQ(defaults.background, render::Background::kColor);
  const animviewer::Options set =
      ParseCommandLine({"--environment", "hemisphere", "--background=blurred"}).options;
  EXPECT_EQ(set.environment, render::Environment::kHemisphere);
  EXPECT_EQ(set.background, render::Background::kBlurred);
  EXPECT_EQ(ParseCommandLine({"--background", "environment"}).options.background,
            render::Background::kEnvironment);
  EXPECT_EQ(ParseCommandLine({"--environment=studio", "--background", "color"}).options.environment,
            render::Environment::kStudio);
  const auto bad_light = ParseCommandLine({"--environment", "sunset"});
  EXPECT_NE(bad_light.error.find("--environment needs hemisphere or studio, got 'sunset'"),
            std::string::npos)
      << bad_light.error;
  const auto bad_background = ParseCommandLine({"--background", "sky"});
  EXPECT_NE(
      bad_background.error.find("--background needs color, environment or blurred, got 'sky'"),
      std::string::npos)
      << bad_background.error;
}

TEST(CommandLine, MsaaSamples) {
  EXPECT_EQ(ParseCommandLine({}).options.msaa_samples, 4);
  EXPECT_EQ(ParseCommandLine({"--msaa", "0"}).options.msaa_samples, 0);
  EXPECT_EQ(ParseCommandLine({"--msaa=8"}).options.msaa_samples, 8);
  for (const char* bad : {"17", "-1", "four", ""}) {
    const auto r = ParseCommandLine({"--msaa", bad});
    EXPECT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error.find("--msaa needs samples per pixel in 0..16"), std::string::npos)
        << r.error;
  }
}

TEST(CommandLine, UiScale) {
  EXPECT_EQ(ParseCommandLine({}).options.ui_scale, 0.0f);  // the monitor's
  EXPECT_FLOAT_EQ(ParseCommandLine({"--ui-scale", "1.5"}).options.ui_scale, 1.5f);
  EXPECT_FLOAT_EQ(ParseCommandLine({"--ui-scale=0.75"}).options.ui_scale, 0.75f);
  EXPECT_FLOAT_EQ(ParseCommandLine({"--ui-scale=3"}).options.ui_scale, 3.0f);
  for (const char* bad : {"0.74", "3.01", "0", "big", "nan", ""}) {
    const auto r = ParseCommandLine({"--ui-scale", bad});
    EXPECT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error.find("--ui-scale needs a scale from 0.75 to 3"), std::string::npos)
        << r.error;
  }
}

TEST(CommandLine, HiddenWindowTestOptions) {
  const auto r = ParseCommandLine({"--quit-after-frames", "30", "--window-screenshot", "w.png",
                                   "--simulate-drop", "other.glb"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.options.simulate_drop, "other.glb");
  EXPECT_EQ(r.options.quit_after_frames, 30);
  EXPECT_EQ(r.options.window_screenshot, "w.png");
}

// Each mistake gives an error that names the option and the bad value.
TEST(CommandLine, ErrorsNameTheProblem) {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const Case cases[] = {
      {{"--size", "640"}, "--size"},
      {{"--size", "0x480"}, "0x480"},
      {{"--size", "640x480x3"}, "640x480x3"},
      {{"--size", "99999x10"}, "99999x10"},
      {{"--size", "8192x8192"}, "8192x8192"},
      {{"--time", "-1"}, "--time"},
      {{"--time", "1e9"}, "1e9"},
      {{"--speed", "1e30"}, "1e30"},
      {{"--time", "abc"}, "abc"},
      {{"--time", "nan"}, "nan"},
      {{"--speed", "fast"}, "fast"},
      {{"--loop", "forever"}, "forever"},
      {{"--clip"}, "--clip needs a value"},
      {{"--quit-after-frames", "0"}, "--quit-after-frames"},
      {{"--bogus"}, "unknown option '--bogus'"},
      {{"--headless=yes"}, "--headless takes no value"},
      {{"a.gltf", "b.gltf"}, "only one model file"},
  };
  for (const Case& c : cases) {
    const auto r = ParseCommandLine(c.args);
    EXPECT_FALSE(r.ok()) << c.args[0];
    EXPECT_NE(r.error.find(c.expected), std::string::npos)
        << "error '" << r.error << "' should mention '" << c.expected << "'";
  }
}

TEST(CommandLine, ParseSizeBounds) {
  int w = 0, h = 0;
  EXPECT_TRUE(animviewer::ParseSize("1x1", &w, &h));
  EXPECT_EQ(w, 1);
  EXPECT_TRUE(animviewer::ParseSize("8192x2", &w, &h));
  EXPECT_EQ(w, 8192);
  EXPECT_EQ(h, 2);
  EXPECT_TRUE(animviewer::ParseSize("4096x4096", &w, &h));
  EXPECT_FALSE(animviewer::ParseSize("8193x2", &w, &h));
  EXPECT_FALSE(animviewer::ParseSize("4097x4096", &w, &h));
  EXPECT_FALSE(animviewer::ParseSize("-5x2", &w, &h));
  EXPECT_FALSE(animviewer::ParseSize("x", &w, &h));
}

TEST(CommandLine, UsageMentionsEveryPublicOption) {
  const std::string usage = animviewer::UsageText();
  for (const char* option : {"--headless",
                             "--clip",
                             "--time",
                             "--size",
                             "--screenshot",
                             "--dump-pose",
                             "--loop",
                             "--speed",
                             "--skeleton",
                             "--wireframe",
                             "--skinning",
                             "--info",
                             "--graph",
                             "--ground",
                             "--out-dir",
                             "--help",
                             "--sample",
                             "--set",
                             "--at",
                             "--list-samples",
                             "--list-params",
                             "--quit-after-frames",
                             "--window-screenshot"}) {
    EXPECT_NE(usage.find(option), std::string::npos) << option;
  }
}

// The option table of docs/viewer-and-command-line.md lists every option
// --help lists (read from the usage text, so a new option missing from the
// documentation fails here).
TEST(CommandLine, DocsListEveryOptionOfTheUsage) {
  std::ifstream file(std::string(ANIM_SOURCE_DIR) + "/docs/viewer-and-command-line.md");
  const std::string readme((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
  ASSERT_FALSE(readme.empty());
  const std::string usage = animviewer::UsageText();
  int options = 0;
  for (std::size_t at = usage.find("\n  --"); at != std::string::npos;
       at = usage.find("\n  --", at + 1)) {
    const std::size_t end = usage.find_first_of(" \n", at + 3);
    const std::string option = usage.substr(at + 3, end - at - 3);
    ++options;
    EXPECT_NE(readme.find("| `" + option), std::string::npos)
        << option << " is not in docs/viewer-and-command-line.md's table";
  }
  EXPECT_GE(options, 20);
}

TEST(CommandLine, HeadlessNeedsAnOutput) {
  const auto bare = ParseCommandLine({"--headless"});
  EXPECT_NE(bare.error.find("--screenshot"), std::string::npos) << bare.error;
  EXPECT_TRUE(ParseCommandLine({"--headless", "--dump-pose", "p.json"}).ok());
  EXPECT_TRUE(ParseCommandLine({"--headless", "--info"}).ok());
}

}  // namespace

namespace {

TEST(CommandLine, SampleWithRepeatedSets) {
  const auto r =
      animviewer::ParseCommandLine({"--sample", "3", "--set", "lean=0.5", "--set=lean_weight=1"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.options.sample, 3);
  EXPECT_EQ(r.options.sets, (std::vector<std::string>{"lean=0.5", "lean_weight=1"}));
}

TEST(CommandLine, SampleOptionMistakesAreExplained) {
  EXPECT_EQ(animviewer::ParseCommandLine({"--set", "a=1"}).error, "--set needs --sample N");
  EXPECT_EQ(animviewer::ParseCommandLine({"--list-params"}).error,
            "--list-params needs --sample N");
  EXPECT_NE(
      animviewer::ParseCommandLine({"--sample", "x"}).error.find("--sample needs a sample number"),
      std::string::npos);
  EXPECT_NE(animviewer::ParseCommandLine({"--sample", "1", "--set", "novalue"})
                .error.find("--set needs name=value"),
            std::string::npos);
}

TEST(CommandLine, TimedSetsAreScriptedInputs) {
  const auto r =
      animviewer::ParseCommandLine({"--sample", "7", "--at", "1.5:jump=1", "--at=0:speed=2.5"});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.options.timed_sets.size(), 2u);
  EXPECT_DOUBLE_EQ(r.options.timed_sets[0].time, 1.5);
  EXPECT_EQ(r.options.timed_sets[0].assignment, "jump=1");
  EXPECT_DOUBLE_EQ(r.options.timed_sets[1].time, 0.0);
  EXPECT_EQ(r.options.timed_sets[1].assignment, "speed=2.5");
  EXPECT_EQ(animviewer::ParseCommandLine({"--at", "1:jump=1"}).error, "--at needs --sample N");
  EXPECT_EQ(animviewer::ParseCommandLine({"--ground", "terrain.gltf"}).error,
            "--ground needs --sample N");
  EXPECT_EQ(animviewer::ParseCommandLine({"--sample", "12", "--ground", ""}).error,
            "--ground needs a path, got an empty one");
  EXPECT_EQ(
      animviewer::ParseCommandLine({"--sample", "12", "--ground=terrain.gltf"}).options.ground,
      "terrain.gltf");
  for (const char* bad : {"jump=1", "x:jump=1", "-1:jump=1", "1:jump", "1:=1", "4000:jump=1"}) {
    EXPECT_NE(animviewer::ParseCommandLine({"--sample", "1", "--at", bad})
                  .error.find("--at needs SECONDS:NAME=VALUE"),
              std::string::npos)
        << bad;
  }
}

}  // namespace
