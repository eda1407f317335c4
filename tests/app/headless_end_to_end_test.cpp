// animviewer run as a user would, with no display: screenshots, --info and
// the error paths.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <thread>
#include <utility>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "run_viewer.h"

namespace {

using app_test::RunViewer;
using app_test::TempPath;

#define REQUIRE_WOMAN()                            \
  const std::string woman = app_test::WomanPath(); \
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgba;
};

Image LoadPng(const std::string& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  if (data != nullptr) {
    image.rgba.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 4);
    stbi_image_free(data);
  }
  return image;
}

TEST(HeadlessViewer, ScreenshotHasRequestedSizeAndShowsTheCharacter) {
  REQUIRE_WOMAN();
  const std::string png = TempPath("walking.png");
  const auto run = RunViewer("'" + woman +
                             "' --headless --clip Walking --time 0.5 --size 320x240 "
                             "--screenshot '" +
                             png + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Image image = LoadPng(png);
  ASSERT_EQ(image.width, 320);
  ASSERT_EQ(image.height, 240);
  // The corner is background; the character is the light grey figure in
  // the middle (its material is a rough metal, metallic 1 by default: lit
  // greyer than white). Count bright pixels in the central third: about
  // 2,700 with her at this size, about 460 (grid lines) without.
  const unsigned char* corner = &image.rgba[0];
  int bright_center = 0, bright_total = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const unsigned char* p = &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
      const bool bright = p[0] > 110 && p[1] > 110 && p[2] > 110;
      bright_total += bright;
      if (bright && x > image.width / 3 && x < 2 * image.width / 3) ++bright_center;
    }
  }
  EXPECT_LT(corner[0], 80) << "top-left pixel should be the dark background";
  EXPECT_GT(bright_total, image.width * image.height / 40) << "character too small or missing";
  EXPECT_GT(bright_center, bright_total * 8 / 10) << "character should be framed in the centre";
}

TEST(HeadlessViewer, SameArgumentsGiveIdenticalPng) {
  REQUIRE_WOMAN();
  const std::string a = TempPath("det_a.png"), b = TempPath("det_b.png");
  const std::string args = "'" + woman +
                           "' --headless --clip Running --time 0.42 --size 200x150 "
                           "--skeleton --screenshot ";
  ASSERT_EQ(RunViewer(args + "'" + a + "'").exit_code, 0);
  ASSERT_EQ(RunViewer(args + "'" + b + "'").exit_code, 0);
  const std::string bytes_a = app_test::ReadFile(a);
  EXPECT_FALSE(bytes_a.empty());
  EXPECT_EQ(bytes_a, app_test::ReadFile(b));
}

TEST(HeadlessViewer, DifferentTimesGiveDifferentPictures) {
  REQUIRE_WOMAN();
  const std::string a = TempPath("t0.png"), b = TempPath("t1.png");
  const std::string args = "'" + woman + "' --headless --clip Running --size 160x120 ";
  ASSERT_EQ(RunViewer(args + "--time 0 --screenshot '" + a + "'").exit_code, 0);
  ASSERT_EQ(RunViewer(args + "--time 0.35 --screenshot '" + b + "'").exit_code, 0);
  EXPECT_NE(LoadPng(a).rgba, LoadPng(b).rgba);
}

TEST(HeadlessViewer, UnknownClipListsTheAvailableOnes) {
  REQUIRE_WOMAN();
  const auto run = RunViewer("'" + woman + "' --headless --clip Dancing --screenshot '" +
                             TempPath("never.png") + "'");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("unknown clip 'Dancing'"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Walking"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Lean_Left"), std::string::npos) << run.err;
}

TEST(HeadlessViewer, MissingFileIsNamed) {
  const auto run =
      RunViewer("/no/such/model.gltf --headless --screenshot '" + TempPath("never.png") + "'");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("/no/such/model.gltf"), std::string::npos) << run.err;
}

TEST(HeadlessViewer, MalformedFileIsNamedAndDoesNotCrash) {
  const std::string bad = TempPath("broken.gltf");
  std::ofstream(bad) << "{ \"asset\": { \"version\": \"2.0\" }, \"nodes\": [ {";
  const auto run =
      RunViewer("'" + bad + "' --headless --screenshot '" + TempPath("never.png") + "'");
  EXPECT_EQ(run.exit_code, 1) << run.err;  // an error, not a signal
  EXPECT_NE(run.err.find("broken.gltf"), std::string::npos) << run.err;
}

TEST(HeadlessViewer, BadSizeAndBadOptionsFailWithUsageHint) {
  const auto size = RunViewer("--headless --size 12 --screenshot x.png");
  EXPECT_NE(size.exit_code, 0);
  EXPECT_NE(size.err.find("--size"), std::string::npos) << size.err;
  const auto unknown = RunViewer("--fly");
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("--help"), std::string::npos) << unknown.err;
}

TEST(HeadlessViewer, HeadlessWithoutOutputIsABadArgument) {
  const auto run = RunViewer("--headless");
  // A bad command line, as docs/viewer-and-command-line.md's exit codes say.
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--screenshot"), std::string::npos) << run.err;
  // --info is an output of its own.
  const auto info = RunViewer("--headless --info");
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("joints"), std::string::npos) << info.out;
}

TEST(HeadlessViewer, UnwritableScreenshotPathIsNamed) {
  REQUIRE_WOMAN();
  const auto run = RunViewer("'" + woman + "' --headless --screenshot /no/such/dir/x.png");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("/no/such/dir/x.png"), std::string::npos) << run.err;
}

TEST(HeadlessViewer, InfoPrintsSkeletonTreeAndClips) {
  REQUIRE_WOMAN();
  const auto run = RunViewer("'" + woman + "' --info");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("41 joints"), std::string::npos) << run.out;
  // Children are indented one level deeper than their parent.
  EXPECT_NE(run.out.find("\n    0 0 Hips\n    1   1 Spine\n"), std::string::npos) << run.out;
  for (const char* clip : {"Running", "Jump2", "PickUp", "SitIdle", "Idle", "Punch", "Sitting",
                           "Walking", "Jump", "Lean_Left"}) {
    EXPECT_NE(run.out.find(clip), std::string::npos) << clip;
  }
  // Each clip's compression line says how long its build took; the total
  // line, how long building them all took (clips built at once: no longer
  // than their sum), the threads used, and the sum (each rounded to a
  // millisecond).
  const std::regex clip_line(R"(\n  (\S+) +raw [^\n]* built in (\d+) ms(?=\n))");
  const std::regex total_line(
      R"(\n  total +raw .* built in (\d+) ms on (\d+) threads \((\d+) ms of builds, clips at once\)\n)");
  int clips = 0, sum = 0;
  for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), clip_line);
       it != std::sregex_iterator(); ++it) {
    ++clips;
    sum += std::stoi((*it)[2]);
  }
  EXPECT_EQ(clips, 10) << run.out;
  std::smatch total;
  ASSERT_TRUE(std::regex_search(run.out, total, total_line)) << run.out;
  EXPECT_NEAR(std::stoi(total[3]), sum, 10);
  EXPECT_LE(std::stoi(total[1]), sum + 10);
  EXPECT_GT(std::stoi(total[1]), 0);
  EXPECT_EQ(std::stoi(total[2]),
            static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(HeadlessViewer, GraphPrintsTheDescriptionOrItsError) {
  const std::string example =
      std::string(ANIM_SOURCE_DIR) + "/assets/graphs/mannequin_locomotion.json";
  auto run = RunViewer("--graph '" + example + "'");  // on the default character
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* line :
       {"grounded: bool = true\n", "locomotion: blend_space_1d <- idle, walk, run\n",
        "state machine body (default locomotion):\n",
        "upper_body: node arms, weight punch_weight, priority 1, masked\n"}) {
    EXPECT_NE(run.out.find(line), std::string::npos) << line << " not in:\n" << run.out;
  }
  const std::string bad = TempPath("bad_graph.json");
  std::ofstream(bad) << R"({"nodes": {"a": {"type": "clip", "clip": "Wlak"}}, "root": "a"})";
  run = RunViewer("--graph '" + bad + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find(bad + ": node 'a': clip: unknown clip 'Wlak'"), std::string::npos)
      << run.err;
}

TEST(HeadlessViewer, WithoutDisplayRendersFramesIntoOutDir) {
  REQUIRE_WOMAN();
  const std::string dir = TempPath("fallback");
  const auto run = RunViewer("'" + woman + "' --size 64x48 --out-dir '" + dir + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find(dir), std::string::npos) << "should say where it wrote: " << run.out;
  const Image first = LoadPng(dir + "/Running_0.000s.png");
  EXPECT_EQ(first.width, 64);
  EXPECT_EQ(first.height, 48);
}

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";

// Multisampling only smooths edges: with --msaa 0 and 4 the pictures differ,
// and only in a thin band (silhouette and mesh edges), never in the flat
// interior or the background. Counted above the horizon (the top 40 %: the
// character's upper body against the background), where no grid line is
// thinner than a pixel.
TEST(HeadlessViewer, MsaaChangesOnlyEdgePixels) {
  const std::string off = TempPath("msaa0.png"), on = TempPath("msaa4.png");
  const std::string args = "'" + kMannequin + "' --headless --time 0.3 --size 200x150 ";
  ASSERT_EQ(RunViewer(args + "--msaa 0 --screenshot '" + off + "'").exit_code, 0);
  ASSERT_EQ(RunViewer(args + "--msaa 4 --screenshot '" + on + "'").exit_code, 0);
  const Image a = LoadPng(off), b = LoadPng(on);
  ASSERT_EQ(a.rgba.size(), b.rgba.size());
  ASSERT_FALSE(a.rgba.empty());
  // A pixel is on an edge when a 4-neighbour in the unsmoothed picture
  // differs from it by more than a few levels in some channel.
  const auto at = [&](int x, int y, int c) {
    return static_cast<int>(a.rgba[(static_cast<std::size_t>(y) * a.width + x) * 4 + c]);
  };
  int differing = 0, differing_off_edges = 0;
  const int rows = a.height * 4 / 10;
  for (int y = 1; y < rows; ++y) {
    for (int x = 1; x + 1 < a.width; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * a.width + x) * 4;
      bool differs = false, edge = false;
      for (int c = 0; c < 3; ++c) {
        differs = differs || std::abs(a.rgba[i + c] - b.rgba[i + c]) > 2;
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
          edge = edge || std::abs(at(x, y, c) - at(x + dx, y + dy, c)) > 6;
        }
      }
      differing += differs;
      differing_off_edges += differs && !edge;
    }
  }
  EXPECT_GT(differing, 20) << "--msaa 0 and 4 gave the same picture";
  EXPECT_LT(differing, a.width * rows / 20) << "more than edges changed";
  EXPECT_LT(differing_off_edges, differing / 10) << "pixels away from any edge changed";
}

TEST(HeadlessViewer, WithoutDisplayRunsTheSampleAsked) {
  const std::string dir = TempPath("fallback_sample");
  const auto run = RunViewer("'" + kMannequin +
                             "' --sample 5 --set speed=3 --size 64x48 --out-dir '" + dir + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("sample 5"), std::string::npos) << run.out;
  // 05 Locomotion at 0, 0.5, 1 and 1.5 s: the character moves, so the
  // frames differ (the clip-list fallback would show the first clip instead).
  const Image start = LoadPng(dir + "/sample_05_0.000s.png");
  const Image later = LoadPng(dir + "/sample_05_1.500s.png");
  ASSERT_EQ(start.width, 64);
  ASSERT_EQ(later.height, 48);
  EXPECT_NE(start.rgba, later.rgba);
  // And the same images as --headless --time gives.
  const std::string direct = TempPath("sample_05_direct.png");
  ASSERT_EQ(RunViewer("'" + kMannequin +
                      "' --headless --sample 5 --set speed=3 --time 1.5 --size "
                      "64x48 --screenshot '" +
                      direct + "'")
                .exit_code,
            0);
  EXPECT_EQ(LoadPng(direct).rgba, later.rgba);
  // A parameter the sample does not have fails here too.
  const auto bad =
      RunViewer("'" + kMannequin + "' --sample 5 --set sped=3 --out-dir '" + dir + "'");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("sped"), std::string::npos) << bad.err;
}

TEST(HeadlessViewer, ScreenshotAndPoseDumpPrintImportWarnings) {
  // The mannequin with an extension the importer does not know: it loads,
  // with a warning that must reach the user of a headless run too.
  std::string text = app_test::ReadFile(kMannequin);
  ASSERT_EQ(text.front(), '{');
  text.insert(1, "\"extensionsUsed\": [\"EXT_unknown_to_the_importer\"],");
  const std::string path = TempPath("mannequin_with_extension.gltf");
  { std::ofstream(path) << text; }
  for (const std::string& output : {"--screenshot '" + TempPath("w.png") + "' --size 32x32",
                                    "--dump-pose '" + TempPath("w.json") + "'"}) {
    const auto run = RunViewer("'" + path + "' --headless " + output);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find(path + ": warning: "), std::string::npos) << output << ": " << run.err;
    EXPECT_NE(run.err.find("EXT_unknown_to_the_importer"), std::string::npos) << run.err;
  }
}

}  // namespace

namespace {

// --ground: a ground file is checked before anything renders; a missing or
// unusable file and a sample without a ground fail naming the problem.
TEST(HeadlessGround, GroundFileErrorsNameTheFileAndAGoodOneRenders) {
  using app_test::RunViewer;
  const std::string png = app_test::TempPath("ground.png");
  const auto missing =
      RunViewer("--headless --sample 12 --ground /nonexistent/terrain.gltf --screenshot " + png);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/terrain.gltf"), std::string::npos) << missing.err;
  const std::string graph =
      std::string(ANIM_SOURCE_DIR) + "/assets/graphs/mannequin_locomotion.json";
  const auto not_gltf =
      RunViewer("--headless --sample 12 --ground '" + graph + "' --screenshot " + png);
  EXPECT_EQ(not_gltf.exit_code, 1);
  EXPECT_NE(not_gltf.err.find("mannequin_locomotion.json"), std::string::npos) << not_gltf.err;
  const std::string ramp = std::string(ANIM_SOURCE_DIR) + "/assets/grounds/ramp.gltf";
  const auto other = RunViewer("--headless --sample 5 --ground '" + ramp + "' --screenshot " + png);
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.err.find("has no ground"), std::string::npos) << other.err;
  const auto good = RunViewer("--headless --sample 12 --ground '" + ramp +
                              "' --time 0.5 --size 160x90 --screenshot " + png);
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_FALSE(app_test::ReadFile(png).empty());
}

}  // namespace
