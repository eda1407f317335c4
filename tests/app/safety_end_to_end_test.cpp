// animviewer on hostile input, run as a user would: every failure is a
// message and a non-zero exit (never an abort, a hang or a silent success),
// no byte of a file outside the model's folder reaches an output, and text
// from files is printed with its control characters escaped.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "render/file_output.h"
#include "run_viewer.h"
#include "tests/import/gltf_builder.h"
#include "tests/import/test_files.h"

namespace {

namespace fs = std::filesystem;
using app_test::RunViewer;
using app_test::TempPath;
using gltf_test::WriteBytes;
using gltf_test::WriteText;

// A skinned quad whose joint "tip" is translated to (0, 4242.5, 0) by its
// only animation key: the value is in the buffer, so a pose dump of a file
// that reads this buffer shows 4242.5. `tip_name` is the JSON string body
// of the joint's name.
struct CanaryQuad {
  gltf_test::GltfBuilder builder;
  std::string rest;
  explicit CanaryQuad(const std::string& tip_name = "tip") {
    const gltf_test::SkinnedQuad q = gltf_test::AddSkinnedQuad(builder);
    const int key_time = builder.AddFloats({0}, "SCALAR");
    const int translation = builder.AddFloats({0, 4242.5f, 0}, "VEC3");
    const auto s = [](int i) { return std::to_string(i); };
    rest = R"("nodes":[{"name":"root","children":[1]},{"name":")" + tip_name +
           R"("},{"mesh":0,"skin":0}],
      "skins":[{"joints":[0,1],"inverseBindMatrices":)" +
           s(q.inverse_bind) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           s(q.positions) + R"(,"JOINTS_0":)" + s(q.joints) + R"(,"WEIGHTS_0":)" + s(q.weights) +
           R"(},"indices":)" + s(q.indices) + R"(}]}],
      "animations":[{"name":"canary","samplers":[{"input":)" +
           s(key_time) + R"(,"output":)" + s(translation) +
           R"(}],"channels":[{"sampler":0,"target":{"node":1,"path":"translation"}}]}])";
  }
};

TEST(SafeViewer, PoseDumpNeverShowsBytesOfAFileOutsideTheModelsFolder) {
  const fs::path root = TempPath("canary_layout");
  fs::create_directories(root / "model");
  fs::create_directories(root / "outside");
  const CanaryQuad quad;
  // The canary is the model's own buffer, padded to a size that appears
  // nowhere else (31,337 bytes).
  std::vector<std::uint8_t> canary = quad.builder.Data();
  WriteBytes(root / "outside" / "exact.bin", canary);
  canary.resize(31337, 0);
  WriteBytes(root / "outside" / "padded.bin", canary);
  fs::create_symlink(root / "outside" / "exact.bin", root / "model" / "link.bin");
  // The control: inside the folder the same buffer loads and the value shows.
  WriteBytes(root / "model" / "inside.bin", quad.builder.Data());
  WriteText(root / "model" / "inside.gltf", quad.builder.Json(quad.rest, "inside.bin"));
  const std::string control = TempPath("control.json");
  const auto ok = RunViewer("'" + (root / "model" / "inside.gltf").string() + "' --dump-pose '" +
                            control + "'");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(app_test::ReadFile(control).find("4242.5"), std::string::npos);

  for (const std::string& uri : std::vector<std::string>{
           "../outside/exact.bin", "%2e%2e/outside/exact.bin", "link.bin", "../outside/padded.bin",
           (root / "outside" / "exact.bin").string()}) {
    SCOPED_TRACE(uri);
    WriteText(root / "model" / "escape.gltf", quad.builder.Json(quad.rest, uri));
    const std::string dump = TempPath("escape.json");
    const auto run =
        RunViewer("'" + (root / "model" / "escape.gltf").string() + "' --dump-pose '" + dump + "'");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("escape.gltf: "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("refused"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dump));
    for (const std::string& text : {run.out, run.err}) {
      EXPECT_EQ(text.find("4242.5"), std::string::npos) << text;
      EXPECT_EQ(text.find("31337"), std::string::npos) << text;
    }
  }
}

TEST(SafeViewer, SpecialFilesAsTheModelGiveAMessageNotAnAbort) {
  for (const std::string args : {"/proc/self/mem --info", "/proc/self/mem --dump-pose x.json",
                                 "/dev/zero --info", "/ --info"}) {
    SCOPED_TRACE(args);
    const auto run = RunViewer(args);
    EXPECT_EQ(run.exit_code, 1) << run.err;  // -1 when killed by SIGABRT
    EXPECT_EQ(run.err.find("terminate"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.rfind("animviewer: /", 0), 0u) << run.err;
  }
}

TEST(SafeViewer, GraphsMustBeRegularFilesAndNamed) {
  const auto empty = RunViewer("--graph ''");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("--graph needs a path"), std::string::npos) << empty.err;

  const std::string folder = TempPath("graph_folder");
  fs::create_directories(folder);
  const auto dir = RunViewer("--graph '" + folder + "'");
  EXPECT_EQ(dir.exit_code, 1);
  EXPECT_NE(dir.err.find(folder + ": is a folder"), std::string::npos) << dir.err;
  EXPECT_EQ(dir.err.find("9223372036854775807"), std::string::npos) << dir.err;

  // Opening a FIFO for reading waits for a writer: this returning at all is
  // half the test.
  const std::string fifo = TempPath("graph_fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto pipe = RunViewer("--graph '" + fifo + "'");
  EXPECT_EQ(pipe.exit_code, 1);
  EXPECT_NE(pipe.err.find(fifo + ": not a regular file"), std::string::npos) << pipe.err;
}

TEST(SafeViewer, WritesToAFullDiskFail) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  const auto pose = RunViewer("--dump-pose /dev/full");
  EXPECT_EQ(pose.exit_code, 1);
  EXPECT_NE(pose.err.find("cannot write '/dev/full'"), std::string::npos) << pose.err;
  EXPECT_NE(pose.err.find("No space left on device"), std::string::npos) << pose.err;

  const auto png = RunViewer("--headless --size 64x64 --screenshot /dev/full");
  EXPECT_EQ(png.exit_code, 1);
  EXPECT_NE(png.err.find("cannot write '/dev/full'"), std::string::npos) << png.err;

  // Ten bytes stay in stdio's buffer: only the flush (or the close) meets
  // the full disk, and that must count as a failure too.
  std::string error;
  const std::uint8_t ten[10] = {};
  EXPECT_FALSE(render::WriteFileBytes("/dev/full", ten, &error));
  EXPECT_NE(error.find("No space left on device"), std::string::npos) << error;
}

TEST(SafeViewer, ControlCharactersInNamesAreEscapedWhenPrinted) {
  // The joint's name holds ESC [ 2 J (clear the screen) and a BEL.
  const CanaryQuad quad("tip\\u001b[2J\\u0007");
  const std::string path = TempPath("escapes.gltf");
  WriteText(path, quad.builder.EmbeddedJson(quad.rest));
  const auto run = RunViewer("'" + path + "' --info");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(run.out.find('\x07'), std::string::npos);
  EXPECT_NE(run.out.find("tip\\x1b[2J\\x07"), std::string::npos) << run.out;
}

TEST(SafeViewer, AGraphThatDoesNotFitFailsTheHeadlessSample) {
  // The default model is the mannequin; the Woman's description names clips
  // it does not have. Files are sorted: 0 mannequin, 1 woman.
  const std::string dump = TempPath("graph_sample.json");
  const auto run = RunViewer("--sample 9 --set graph=1 --time 0.1 --dump-pose '" + dump + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("09 Graph file: "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("woman_locomotion.json"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dump));
  // The fitting one still runs.
  const auto fits = RunViewer("--sample 9 --set graph=0 --time 0.1 --dump-pose '" + dump + "'");
  EXPECT_EQ(fits.exit_code, 0) << fits.err;
}

TEST(SafeViewer, TheLoadMemoryLimitIsAnOption) {
  const auto bad = RunViewer("--max-load-memory 3 --info");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--max-load-memory needs MiB in 16.."), std::string::npos) << bad.err;
  // 200,000 empty animations: about 200 MiB once parsed and imported, so
  // refused under 64 MiB and loaded under the default 1 GiB.
  CanaryQuad quad;
  std::string animations = R"(,"animations":[)";
  for (int i = 0; i < 200000; ++i) animations += i ? ",{}" : "{}";
  const std::string rest = quad.rest.substr(0, quad.rest.find(R"(,
      "animations")")) + animations +
                           "]";
  const std::string path = TempPath("many_animations.gltf");
  WriteText(path, quad.builder.EmbeddedJson(rest));
  const auto small = RunViewer("'" + path + "' --info --max-load-memory 64");
  EXPECT_EQ(small.exit_code, 1);
  EXPECT_NE(small.err.find(path + ": "), std::string::npos) << small.err;
  EXPECT_NE(small.err.find("memory limit for one load (64.0 MiB)"), std::string::npos) << small.err;
  const auto fine = RunViewer("'" + path + "' --info");
  EXPECT_EQ(fine.exit_code, 0) << fine.err;
}

}  // namespace
