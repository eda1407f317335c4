// External URIs must stay inside the model's folder. Each test lays out
//   <tmp>/model/       the model, and files it may use
//   <tmp>/outside/     a canary: bytes that would make the model load (or an
//                      image that would become its texture) if they were read
//   <tmp>/model_evil/  the same canary beside the model's folder, whose path
//                      starts with the folder's (a check by string prefix
//                      would let it through)
// and points a URI at the canary in every way a path can leave a folder:
// "..", percent-encoded dots and slashes, an absolute path, a file: URI, a
// symbolic link to the file or to its folder. No byte of the canary may reach
// the model, and the error names the URI but tells nothing about the canary
// (not its size).
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "draco_test_util.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_files.h"

namespace {

namespace fs = std::filesystem;
using gltf_test::EncodePng;
using gltf_test::WriteBytes;
using gltf_test::WriteText;

// A fresh <tmp>/model and <tmp>/outside pair, removed afterwards.
class Folders : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("anim_uri_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "model");
    fs::create_directories(root_ / "outside");
    fs::create_directories(root_ / "model_evil");
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path Model() const { return root_ / "model"; }
  fs::path Outside() const { return root_ / "outside"; }
  // The canary, in both folders outside the model's.
  void WriteCanary(const std::vector<std::uint8_t>& bytes) const {
    WriteBytes(Outside() / "canary.bin", bytes);
    WriteBytes(root_ / "model_evil" / "canary.bin", bytes);
  }

  fs::path root_;
};

// A skinned, animated two-joint quad whose one buffer is `uri`.
struct QuadFile {
  gltf_test::GltfBuilder builder;
  std::string rest;
  QuadFile() {
    const gltf_test::SkinnedQuad q = gltf_test::AddSkinnedQuad(builder);
    const int translations = builder.AddFloats({0, 1, 0, 0, 2, 0, 0, 3, 0}, "VEC3");
    const auto s = [](int i) { return std::to_string(i); };
    rest = R"("nodes":[{"name":"root","children":[1]},{"name":"tip"},{"mesh":0,"skin":0}],
      "skins":[{"joints":[0,1],"inverseBindMatrices":)" +
           s(q.inverse_bind) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           s(q.positions) + R"(,"JOINTS_0":)" + s(q.joints) + R"(,"WEIGHTS_0":)" + s(q.weights) +
           R"(},"indices":)" + s(q.indices) + R"(}]}],
      "animations":[{"samplers":[{"input":)" +
           s(q.times) + R"(,"output":)" + s(translations) +
           R"(}],"channels":[{"sampler":0,"target":{"node":1,"path":"translation"}}]}])";
  }
};

// Every way of naming <tmp>/outside/canary.bin from <tmp>/model/. The
// symbolic links are made by the caller (MakeLinks).
std::vector<std::string> EscapingUris(const fs::path& outside) {
  return {
      "../outside/canary.bin",
      "../model_evil/canary.bin",
      "sub/../../outside/canary.bin",
      "%2e%2e/outside/canary.bin",
      "..%2Foutside%2Fcanary.bin",
      "%2E%2E%2Foutside%2Fcanary.bin",
      (outside / "canary.bin").string(),
      "file://" + (outside / "canary.bin").string(),
      "link_to_canary.bin",
      "link_to_outside/canary.bin",
      "./link_to_outside/../link_to_outside/canary.bin",
  };
}

void MakeLinks(const fs::path& model, const fs::path& outside) {
  fs::create_symlink(outside / "canary.bin", model / "link_to_canary.bin");
  fs::create_directory_symlink(outside, model / "link_to_outside");
  fs::create_directories(model / "sub");
}

bool Load(const fs::path& gltf, anim::Model* model, std::string* error) {
  return anim::LoadGltfModel(gltf.string(), model, error);
}

TEST_F(Folders, BufferUrisLeavingTheFolderAreRefusedAndTellNothingAboutTheTarget) {
  const QuadFile file;
  MakeLinks(Model(), Outside());
  // First the canary holds exactly the model's buffer (read, it would
  // load), then it is padded to a size that appears nowhere else, 1,000,003
  // bytes (a message quoting the size would reveal it).
  for (const std::size_t padded_size : {std::size_t{0}, std::size_t{1000003}}) {
    std::vector<std::uint8_t> canary = file.builder.Data();
    if (padded_size != 0) canary.resize(padded_size, 0x5a);
    WriteCanary(canary);
    for (const std::string& uri : EscapingUris(Outside())) {
      SCOPED_TRACE(uri + " (canary of " + std::to_string(canary.size()) + " bytes)");
      WriteText(Model() / "quad.gltf", file.builder.Json(file.rest, uri));
      anim::Model model;
      std::string error;
      EXPECT_FALSE(Load(Model() / "quad.gltf", &model, &error));
      EXPECT_EQ(error.rfind((Model() / "quad.gltf").string() + ": ", 0), 0u) << error;
      EXPECT_NE(error.find("refused"), std::string::npos) << error;
      EXPECT_EQ(error.find("1000003"), std::string::npos) << error;
    }
  }
}

TEST_F(Folders, FilesInsideTheFolderStillLoadThroughLinksAndEncodedNames) {
  const QuadFile file;
  fs::create_directories(Model() / "data dir");
  WriteBytes(Model() / "data dir" / "quad.bin", file.builder.Data());
  fs::create_symlink(Model() / "data dir" / "quad.bin", Model() / "inner_link.bin");
  for (const std::string uri :
       {"data%20dir/quad.bin", "./data%20dir/../data%20dir/quad.bin", "inner_link.bin"}) {
    SCOPED_TRACE(uri);
    WriteText(Model() / "quad.gltf", file.builder.Json(file.rest, uri));
    anim::Model model;
    std::string error;
    ASSERT_TRUE(Load(Model() / "quad.gltf", &model, &error)) << error;
    ASSERT_EQ(model.clips.size(), 1u);
    EXPECT_EQ(model.primitives.size(), 1u);
  }
}

TEST_F(Folders, BuffersThatAreNotRegularFilesAreRefused) {
  const QuadFile file;
  fs::create_directories(Model() / "folder.bin");
  ASSERT_EQ(::mkfifo((Model() / "fifo.bin").c_str(), 0600), 0);
  for (const std::string uri : {"folder.bin", "fifo.bin"}) {
    SCOPED_TRACE(uri);
    WriteText(Model() / "quad.gltf", file.builder.Json(file.rest, uri));
    anim::Model model;
    std::string error;
    EXPECT_FALSE(Load(Model() / "quad.gltf", &model, &error));  // returns: a FIFO must not block
    EXPECT_NE(error.find(uri), std::string::npos) << error;
  }
}

TEST_F(Folders, ImageUrisLeavingTheFolderNeverBecomeTheTexture) {
  const QuadFile file;
  const std::vector<std::uint8_t> canary_pixels = {11, 22, 33, 255, 44, 55, 66, 255,
                                                   77, 88, 99, 255, 1,  2,  3,  255};
  const std::vector<std::uint8_t> png = EncodePng(2, 2, canary_pixels);
  ASSERT_FALSE(png.empty());
  WriteCanary(png);  // the same name as the buffer canary
  WriteBytes(Model() / "quad.bin", file.builder.Data());
  MakeLinks(Model(), Outside());
  std::vector<std::string> uris = EscapingUris(Outside());
  uris.push_back("inside.png");  // the control: must become the texture
  WriteBytes(Model() / "inside.png", png);
  for (const std::string& uri : uris) {
    SCOPED_TRACE(uri);
    const std::string rest =
        file.rest +
        R"(,"materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],
        "textures":[{"source":0}],"images":[{"uri":")" +
        uri + R"("}])";
    WriteText(Model() / "quad.gltf", file.builder.Json(rest, "quad.bin"));
    anim::Model model;
    std::string error;
    ASSERT_TRUE(Load(Model() / "quad.gltf", &model, &error)) << error;
    if (uri == "inside.png") {
      ASSERT_EQ(model.images.size(), 1u);
      EXPECT_EQ(model.images[0].rgba, canary_pixels);
      continue;
    }
    EXPECT_TRUE(model.images.empty());
    for (const anim::Material& m : model.materials) EXPECT_EQ(m.base_color.image, -1);
    bool warned = false;
    for (const std::string& w : model.warnings) {
      warned = warned || w.find("refused") != std::string::npos;
    }
    EXPECT_TRUE(warned) << "no warning says the image was refused";
  }
}

TEST_F(Folders, DracoBufferUrisLeavingTheFolderAreRefused) {
  const gltf_test::DracoTriangle triangle = gltf_test::EncodeDracoTriangle();
  ASSERT_FALSE(triangle.bytes.empty());
  gltf_test::GltfBuilder b;
  const int view = b.AddView(triangle.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  const std::string rest =
      gltf_test::DracoRest(view, gltf_test::Attribute("POSITION", positions),
                           gltf_test::Attribute("POSITION", triangle.position_id));
  WriteCanary(b.Data());
  WriteBytes(Model() / "inside.bin", b.Data());
  MakeLinks(Model(), Outside());
  // The control first: the same file with its buffer inside loads.
  WriteText(Model() / "tri.gltf", b.Json(rest, "inside.bin"));
  anim::Model model;
  std::string error;
  ASSERT_TRUE(Load(Model() / "tri.gltf", &model, &error)) << error;
  for (const std::string& uri : EscapingUris(Outside())) {
    SCOPED_TRACE(uri);
    WriteText(Model() / "tri.gltf", b.Json(rest, uri));
    EXPECT_FALSE(Load(Model() / "tri.gltf", &model, &error));
    EXPECT_NE(error.find("refused"), std::string::npos) << error;
  }
}

TEST_F(Folders, SpecialFilesAsTheModelFailWithAMessage) {
  for (const std::string& path : {std::string("/proc/self/mem"), Model().string(),
                                  std::string("/dev/null"), std::string("")}) {
    SCOPED_TRACE(path);
    anim::Model model;
    std::string error;
    EXPECT_FALSE(anim::LoadGltfModel(path, &model, &error));
    EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
  }
  ASSERT_EQ(::mkfifo((Model() / "model.gltf").c_str(), 0600), 0);
  anim::Model model;
  std::string error;
  EXPECT_FALSE(anim::LoadGltfModel((Model() / "model.gltf").string(), &model, &error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
}

}  // namespace
